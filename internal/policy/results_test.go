package policy_test

import (
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/policy"
)

// TestResultsSection: a policy holding only "results" is valid; a tool's entry overrides "*"
// member by member over the defaults; a wrong value is a problem at its line and column.
func TestResultsSection(t *testing.T) {
	pol, probs := policy.Compile(`{"results": {
  "*": {"max_bytes": 4096, "mime_types": ["text/*", "application/json"]},
  "read_file": {"on_injection": "block", "max_blocks": 2}
}}`)
	if len(probs) > 0 {
		t.Fatalf("a policy with only results: %v", probs)
	}
	l := pol.ResultsFor("read_file")
	if l.MaxBytes != 4096 || l.MaxBlocks != 2 || l.OnInjection != policy.ActionBlock || l.OnSchema != policy.ActionBlock || l.Entry != "/results/read_file" {
		t.Errorf("read_file: %+v", l)
	}
	if d := pol.ResultsFor("other"); d.MaxBlocks != policy.DefaultResultMaxBlocks || d.OnInjection != policy.ActionFlag || d.Entry != "/results/*" {
		t.Errorf("other: %+v", d)
	}
	if got := pol.MaxResultBytes(); got != policy.DefaultResultMaxBytes {
		t.Errorf("MaxResultBytes %d: the default cap is larger than any entry's", got)
	}
	for mime, want := range map[string]bool{"text/plain": true, "TEXT/HTML; charset=utf-8": true, "application/json": true, "image/png": false, "": false} {
		if got := l.AllowsMIME(mime); got != want {
			t.Errorf("AllowsMIME(%q) = %v", mime, got)
		}
	}
	var none *policy.Policy
	if d := none.ResultsFor("x"); d.MaxBytes != policy.DefaultResultMaxBytes || !d.AllowsMIME("image/png") {
		t.Errorf("no policy: %+v", d)
	}

	_, probs = policy.Compile(`{"results": {"*": {
  "on_injection": "quarantine"}}}`)
	if len(probs) == 0 || probs[0].Line != 2 || !strings.Contains(probs[0].Error(), "on_injection") && !strings.Contains(probs[0].InstanceLocation, "on_injection") {
		t.Errorf("a bad on_injection: %v", probs)
	}
}
