package gate

import (
	"slices"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// orderCatalog offers three tools: send (requires the "send" capability, strict schema), wipe
// (needs confirmation) and fetch (a host rule on url).
const orderCatalog = `{"tools":[
 {"name":"send","inputSchema":{"type":"object","properties":{"to":{"type":"string"}},"required":["to"],"additionalProperties":false}},
 {"name":"wipe","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}},
 {"name":"fetch","inputSchema":{"type":"object","properties":{"url":{"type":"string"}}}}
]}`

func orderPolicy(extra string) string {
	return `{"allow_tools":["send","wipe","fetch","ghost"],"grant":[],"requires":{"send":["send"]},
 "needs_confirm":["wipe"],"confirmed":false,"on_grant_missing":"ask",
 "arguments":{"fetch":{"url":{"hosts":["api.example.com"]}}}` + extra + `}`
}

func orderCall(name, args string) string {
	return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + name + `","arguments":` + args + `}}`
}

// TestGateOrder: the gates run in their documented order and the first deny decides, whatever
// else is wrong with the call; an ask lets the later gates run, so a later deny still wins.
func TestGateOrder(t *testing.T) {
	wipeDef := `{"name":"wipe","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}`
	doc, _ := jsondoc.ParseString(problem.SourceCatalog, wipeDef)
	wipePin, err := catalog.Pin(doc.Value.(map[string]any))
	if err != nil {
		t.Fatal(err)
	}
	stalePin := "sha256:" + strings.Repeat("0", 64)
	tests := []struct {
		name, call, extraPolicy string
		decision                Outcome
		reason                  Reason
		detail                  Detail
	}{
		// Gate 1 before everything: a tool neither allowed nor offered, with bad arguments, is
		// denied as not allowed; one allowed but not offered is not in the catalog.
		{"unknown tool first", orderCall("nope", `"not an object"`), "", DecisionDeny, ReasonToolNotAllowlisted, DetailNotInAllowTools},
		{"allowed, not offered", orderCall("ghost", `"not an object"`), "", DecisionDeny, ReasonToolNotAllowlisted, DetailNotInCatalog},
		// Gate 2 before gate 3: a changed definition is reported, its arguments not checked.
		{"pin before arguments", orderCall("wipe", `{"path":1}`), `,"pins":{"wipe":"` + stalePin + `"}`, DecisionDeny, ReasonDefinitionChanged, ""},
		// The right pin passes gate 2, and the wrong argument type then fails gate 3.
		{"arguments after pin", orderCall("wipe", `{"path":1}`), `,"pins":{"wipe":"` + wipePin + `"}`, DecisionDeny, ReasonArgumentsInvalid, DetailSchemaRejected},
		// Gate 3 before gate 4: invalid arguments deny although the grant would only ask.
		{"arguments before grant", orderCall("send", `{}`), "", DecisionDeny, ReasonArgumentsInvalid, DetailSchemaRejected},
		// A repeated key is its own detail.
		{"duplicate key", orderCall("send", `{"to":"a","to":"b"}`), "", DecisionDeny, ReasonArgumentsInvalid, DetailDuplicateKey},
		// Gate 4 asks (on_grant_missing is ask) when nothing later objects.
		{"grant asks", orderCall("send", `{"to":"a@example.com"}`), "", DecisionAsk, ReasonGrantMissing, ""},
		// Gate 5: a broken argument rule denies.
		{"rule denies", orderCall("fetch", `{"url":"https://evil.example.net/x"}`), "", DecisionDeny, ReasonPolicyViolation, ""},
		// Gate 6 asks for a tool that needs confirmation.
		{"confirm asks", orderCall("wipe", `{"path":"/tmp/x"}`), "", DecisionAsk, ReasonNeedsConfirm, ""},
		// Every gate passes.
		{"allow", orderCall("fetch", `{"url":"https://api.example.com/x"}`), "", DecisionAllow, ReasonOK, ""},
		// A policy with problems allows nothing.
		{"policy invalid", orderCall("fetch", `{"url":"https://api.example.com/x"}`), `,"no_such_key":1`, DecisionDeny, ReasonToolNotAllowlisted, DetailPolicyInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Prepare(orderCatalog, orderPolicy(tt.extraPolicy), "", nil).Gate(tt.call)
			d := res.Decision
			if d.Decision != tt.decision || d.Reason != tt.reason || d.Detail != tt.detail {
				t.Fatalf("got %s/%s/%s, want %s/%s/%s\n%s", d.Decision, d.Reason, d.Detail, tt.decision, tt.reason, tt.detail, strings.Join(d.Explanation, "\n"))
			}
			if d.Reason == ReasonDefinitionChanged && d.ArgumentsChecked {
				t.Error("the arguments of a changed definition were checked")
			}
			if !slices.Contains(Reasons, d.Reason) {
				t.Errorf("reason %q is not in Reasons", d.Reason)
			}
		})
	}
}

// TestGateMostRestrictive: with several calls in one text, the answer's decision is the most
// restrictive one (deny > ask > allow), and every call has its own decision in text order.
func TestGateMostRestrictive(t *testing.T) {
	text := `[` + orderCall("fetch", `{"url":"https://api.example.com/x"}`) + `,` + orderCall("wipe", `{"path":"/tmp"}`) + `,` + orderCall("nope", `{}`) + `]`
	res := Prepare(orderCatalog, orderPolicy(""), "", nil).Gate(text)
	var got []Outcome
	for _, d := range res.Decisions {
		got = append(got, d.Decision)
	}
	if !slices.Equal(got, []Outcome{DecisionAllow, DecisionAsk, DecisionDeny}) || res.Decision != &res.Decisions[2] {
		t.Fatalf("decisions %v, most restrictive %+v", got, res.Decision.Decision)
	}
}
