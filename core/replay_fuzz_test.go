package core_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
)

// FuzzReplay: whatever the transcript, the replay answers without panicking, every call has a
// decision, a decision of reason flow names the rule that decided it, and a transcript with a
// problem denies its last call unless the problem comes after it.
func FuzzReplay(f *testing.F) {
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "testdata", "flow", name))
		if err != nil {
			f.Fatal(err)
		}
		return string(b)
	}
	catalog, policy := read("catalog.json"), read("policy.json")
	for _, s := range []string{"github-private-repo", "support-ticket-tokens", "whatsapp-history"} {
		for _, sh := range flowShapes {
			f.Add(read(filepath.Join(s, sh.file)))
		}
	}
	f.Fuzz(func(t *testing.T, transcript string) {
		res := core.Replay(core.ReplayRequest{Transcript: transcript, Catalog: catalog, Policy: policy})
		for i, c := range res.Calls {
			if c.Index != i {
				t.Fatalf("call %d has index %d", i, c.Index)
			}
			switch c.Decision.Decision {
			case core.DecisionAllow, core.DecisionAsk, core.DecisionDeny:
			default:
				t.Fatalf("call %d: decision %q", i, c.Decision.Decision)
			}
			if c.Decision.Reason == core.Reason("flow") {
				decided := false
				for _, fl := range c.Decision.Flow {
					decided = decided || fl.Decided
				}
				if !decided {
					t.Fatalf("call %d: reason flow and no rule that decided", i)
				}
			}
		}
		for _, r := range res.Results {
			if r.Index < 0 || r.Index >= len(res.Calls) {
				t.Fatalf("a result answers call %d of %d", r.Index, len(res.Calls))
			}
		}
	})
}
