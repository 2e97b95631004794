package gate

import (
	"slices"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

const lockCatalog = `{"tools":[
 {"name":"read","inputSchema":{"type":"object"}},
 {"name":"send","inputSchema":{"type":"object"}},
 {"name":"fresh","inputSchema":{"type":"object"}}
]}`

// pinsOf pins every tool of a catalog text, as 'gatehouse pin' writes a lock.
func pinsOf(t *testing.T, text string) map[string]string {
	t.Helper()
	pins, probs := catalog.PinText(text)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return pins
}

func mcpCall(name string) string {
	return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + name + `","arguments":{}}}`
}

// TestPreparedLock: with a lock, a tool changed since it was pinned and a tool the lock never saw
// are denied at gate 2 and not offered; a tool the lock holds as it is runs.
func TestPreparedLock(t *testing.T) {
	pins := pinsOf(t, `{"tools":[{"name":"read","inputSchema":{"type":"object"}},{"name":"send","description":"was","inputSchema":{"type":"object"}}]}`)
	lock := `{"read":"` + pins["read"] + `","send":"` + pins["send"] + `"}`
	g := Prepare(lockCatalog, `{"allow_tools":["read","send","fresh"]}`, lock, nil)
	if probs := g.Problems(); len(probs) != 0 {
		t.Fatalf("problems: %v", probs)
	}
	if got := g.Offered(); !slices.Equal(got, []string{"read"}) {
		t.Errorf("offered %v, want [read]", got)
	}
	for _, c := range []struct {
		tool    string
		outcome Outcome
		reason  Reason
		says    string
	}{
		{"read", DecisionAllow, ReasonOK, "allow"},
		{"send", DecisionDeny, ReasonDefinitionChanged, "no longer matches the lock"},
		{"fresh", DecisionDeny, ReasonDefinitionChanged, "not in the lock"},
	} {
		d := g.Gate(mcpCall(c.tool)).Decision
		if d.Decision != c.outcome || d.Reason != c.reason || !strings.Contains(strings.Join(d.Explanation, "\n"), c.says) {
			t.Errorf("%s: %s %s %q; want %s %s saying %q", c.tool, d.Decision, d.Reason, d.Explanation, c.outcome, c.reason, c.says)
		}
		if d.Decision == DecisionDeny && !d.ToolAllowed {
			t.Errorf("%s: the lock's deny comes after gate 1, which the tool passed: toolAllowed is false", c.tool)
		}
	}
}

// TestPreparedBrokenLock: a lock that does not parse is a problem of source lock, and no tool
// matches it.
func TestPreparedBrokenLock(t *testing.T) {
	g := Prepare(lockCatalog, `{"allow_tools":["read"]}`, `{"read":"sha256:nothex"}`, nil)
	probs := g.Problems()
	if len(probs) == 0 || probs[0].Source != problem.SourceLock || probs[0].Line == 0 {
		t.Fatalf("problems %v, want one of source lock placed at a line", probs)
	}
	if got := g.Offered(); len(got) != 0 {
		t.Errorf("offered %v under a broken lock", got)
	}
	if d := g.Gate(mcpCall("read")).Decision; d.Decision != DecisionDeny || d.Reason != ReasonDefinitionChanged {
		t.Errorf("read under a broken lock: %s %s", d.Decision, d.Reason)
	}
}

// TestPreparedOffered: only what allow_tools admits under one definition is offered, and a
// policy with problems offers nothing.
func TestPreparedOffered(t *testing.T) {
	twice := `{"tools":[{"name":"read","inputSchema":{"type":"object"}},{"name":"read","inputSchema":{"type":"object"}},{"name":"send","inputSchema":{"type":"object"}}]}`
	if got := Prepare(twice, `{"allow_tools":["read","send"]}`, "", nil).Offered(); !slices.Equal(got, []string{"send"}) {
		t.Errorf("offered %v, want [send] (read is listed twice)", got)
	}
	if got := Prepare(lockCatalog, `{"allow_tools":["read"]}`, "", nil).Offered(); !slices.Equal(got, []string{"read"}) {
		t.Errorf("offered %v, want [read]", got)
	}
	g := Prepare(lockCatalog, `{"allow_tool":["read"]}`, "", nil)
	if got := g.Offered(); len(got) != 0 {
		t.Errorf("a policy with problems offers %v", got)
	}
	if len(g.Problems()) == 0 || g.Problems()[0].Source != problem.SourcePolicy {
		t.Errorf("problems %v, want the policy's", g.Problems())
	}
}

// TestPreparedGateOne: a text holding two calls is one deny, whatever each call would get.
func TestPreparedGateOne(t *testing.T) {
	g := Prepare(lockCatalog, `{"allow_tools":["read"]}`, "", nil)
	res := g.GateOne("[" + mcpCall("read") + "," + mcpCall("read") + "]")
	if len(res.Decisions) != 1 || res.Decision.Decision != DecisionDeny || res.Decision.Detail != DetailUnreadableCall {
		t.Fatalf("got %d decisions, %v", len(res.Decisions), res.Decision)
	}
	if d := g.GateOne(mcpCall("read")).Decision; d.Decision != DecisionAllow {
		t.Errorf("one allowed call: %s %s", d.Decision, d.Reason)
	}
}

// TestUnmatchedArguments: argument values that match no alternative of a oneOf are listed once
// each in the decision, placed where they are in the call, with the indexes of their
// alternatives' problems in the evidence; the explanation names the values, not every branch's
// field, and a key that looks like a secret is cut from the value's pointer too.
func TestUnmatchedArguments(t *testing.T) {
	const kinds = `{"oneOf":[{"properties":{"kind":{"const":"a"}},"required":["kind"]},{"properties":{"kind":{"const":"b"}},"required":["kind"]}]}`
	cat := `{"tools":[{"name":"send","inputSchema":{"type":"object","properties":{"list":{"type":"array","items":` + kinds + `}},` +
		`"additionalProperties":` + kinds + `}}]}`
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"send","arguments":` +
		`{"list":[{"kind":"x"},{"kind":"a"},{"kind":"z"}],"sk_live_4eC39HqLyjWDarjtT1zdp7dc":{"kind":"q"}}}}`
	d := Prepare(cat, `{"allow_tools":["send"]}`, "", nil).Gate(call).Decision
	if d.Detail != DetailSchemaRejected {
		t.Fatalf("decision %s %s %s", d.Decision, d.Reason, d.Detail)
	}
	var at []string
	for _, u := range d.Unmatched {
		at = append(at, u.InstanceLocation)
		if u.Source != problem.SourceCall || u.Line != 1 || u.Column == 0 || u.Alternatives != 2 || len(u.Problems) != 2 {
			t.Errorf("%s: source %q at %d:%d, %d alternatives, problems %v", u.InstanceLocation, u.Source, u.Line, u.Column, u.Alternatives, u.Problems)
		}
		for _, i := range u.Problems {
			if a := d.Evidence[i].Alternative; a == nil || a.UnmatchedOf() == nil || a.UnmatchedOf().KeywordLocation != u.KeywordLocation {
				t.Errorf("%s: evidence %d is not in its alternatives: %+v", u.InstanceLocation, i, d.Evidence[i])
			}
		}
	}
	// The value under the secret-looking key is placed at the object that holds it.
	if !slices.Equal(at, []string{"/list/0", "/list/2", ""}) {
		t.Errorf("unmatched values at %q", at)
	}
	if e := d.Explanation[0]; !strings.Contains(e, "/list/0, /list/2") || strings.Contains(e, "/kind") || strings.Contains(e, "sk_live") {
		t.Errorf("explanation %q", e)
	}
}
