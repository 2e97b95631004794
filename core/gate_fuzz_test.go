package core_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
)

// FuzzGate feeds arbitrary call, catalog and policy texts to Gate. Properties: it never panics,
// always answers with at least one decision that validates against the decision schema, picks
// the most restrictive one, and never allows a call unless each gate, re-checked here from the
// texts by another path, passes.
func FuzzGate(f *testing.F) {
	catalog := `{"tools":[{"name":"send_email","inputSchema":{"type":"object","additionalProperties":false,"properties":{"to":{"type":"string"},"body":{"type":"string"}},"required":["to"]}},{"name":"fetch_url","inputSchema":{"type":"object","properties":{"url":{"type":"string"}}}}]}`
	policy := `{"allow_tools":["send_email","fetch_url"],"grant":["send"],"requires":{"send_email":["send"]},"arguments":{"fetch_url":{"url":{"hosts":["api.example.com"]}}}}`
	f.Add(`{"type":"function","function":{"name":"send_email","arguments":"{\"to\":\"a\"}"}}`, catalog, policy)
	f.Add(`{"type":"function_call","call_id":"c","name":"send_email","arguments":"{\"to\":\"a\",\"to\":\"b\"}"}`, catalog, policy)
	f.Add(`{"type":"tool_use","id":"1","name":"fetch_url","input":{"url":"https://api.example.com/"}}`, catalog, policy)
	f.Add(`{"functionCall":{"name":"fetch_url","args":{"url":"https://evil.test/"}}}`, catalog, policy)
	f.Add(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"send_email","arguments":{"to":"a","body":"AKIAIOSFODNN7EXAMPLE"}}}`, catalog, policy)
	f.Add(`{"tool_calls":[{"type":"function","function":{"name":"send_email","arguments":"{}"}},{"function":{"name":"x"}}]}`, catalog, `{"allow_tools":["send_email"],"needs_confirm":["send_email"],"confirmed":true}`)
	f.Add(`{"candidates":[{"content":{"parts":[{"functionCall":{"name":"send_email","args":{"to":"\u00e9"}}}]}}]}`, `{"servers":{"a":`+catalog+`,"b":[{"name":"send_email","inputSchema":{"type":"object"}}]}}`, `{"allow_tools":["a/send_email","send_email"]}`)
	f.Add(`[]`, `[]`, `{}`)
	f.Add(`{"type":"function","function":{"name":"send_email","arguments":"{\"to\":\"\\ud83d\\ude00\"}"}}`, catalog, `{"allow_tools":["send_email"],"pins":{"send_email":"sha256:0000000000000000000000000000000000000000000000000000000000000000"}}`)
	f.Fuzz(func(t *testing.T, call, catalog, policy string) {
		res := core.Gate(core.GateRequest{Call: call, Catalog: catalog, Policy: policy})
		if len(res.Decisions) == 0 || res.Decision == nil {
			t.Fatal("no decision")
		}
		most := res.Decisions[0].Decision
		for _, d := range res.Decisions {
			if rank(d.Decision) > rank(most) {
				most = d.Decision
			}
		}
		if res.Decision.Decision != most {
			t.Fatalf("decision %s, but the most restrictive is %s", res.Decision.Decision, most)
		}
		for i, d := range res.Decisions {
			text, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			if v := core.Validate(core.ValidateRequest{Schema: string(core.DecisionSchema()), Instance: string(text)}); !v.Valid {
				t.Fatalf("the decision fails the decision schema: %v\n%s", v.Problems, text)
			}
			if d.Decision == core.DecisionAllow {
				checkAllowDeserved(t, i, d, call, catalog, policy)
			}
		}
	})
}

func rank(decision string) int {
	return map[string]int{core.DecisionAllow: 0, core.DecisionAsk: 1, core.DecisionDeny: 2}[decision]
}

// checkAllowDeserved re-checks an allow (the i-th decision) from the texts, through other paths
// than the gate's.
func checkAllowDeserved(t *testing.T, i int, d core.Decision, callText, catalogText, policyText string) {
	t.Helper()
	fail := func(why string) { t.Fatalf("allow, but %s\ndecision: %+v", why, d) }
	if d.Reason != core.ReasonOK || !d.ArgumentsValid || !d.ToolAllowed || len(d.Missing) > 0 || len(d.Violations) > 0 || len(d.Errors) > 0 {
		fail("its own fields say a gate failed")
	}
	// The policy parses without a problem.
	polDoc, probs := core.ParseDocument(core.SourcePolicy, []byte(policyText))
	if len(probs) > 0 {
		fail("the policy does not parse")
	}
	pol, probs := core.ParsePolicy(polDoc)
	if len(probs) > 0 {
		fail("the policy has problems")
	}
	// The tool is in the catalog and the policy lists it.
	catDoc, probs := core.ParseDocument(core.SourceCatalog, []byte(catalogText))
	if len(probs) > 0 {
		fail("the catalog does not parse")
	}
	cat, _ := core.ParseCatalog(catDoc)
	if cat == nil {
		fail("no catalog")
		return
	}
	tool, _ := cat.Lookup(d.Tool)
	if tool == nil {
		fail("the tool is not in the catalog")
		return
	}
	keys := []string{tool.Name, tool.ToolName()}
	if !slices.Contains(pol.AllowTools, keys[0]) && !slices.Contains(pol.AllowTools, keys[1]) {
		fail("the tool is not in allow_tools")
	}
	// The pin, where one is given (or computed from the pinned definition), matches.
	got, _ := core.Pin(tool.Def)
	for _, k := range keys {
		if want, ok := pol.Pins[k]; ok {
			if got != want {
				fail("the pin does not match")
			}
			break
		}
		if def, ok := pol.PinnedTools[k]; ok {
			if want, _ := core.Pin(def); got != want {
				fail("the pinned definition does not match")
			}
			break
		}
	}
	// The call is read, and its arguments pass the inputSchema through Validate.
	callDoc, probs := core.ParseDocument(core.SourceCall, []byte(callText))
	if len(probs) > 0 {
		fail("the call text does not parse")
	}
	calls, probs := core.ParseCalls(callDoc)
	if len(probs) > 0 {
		fail("the call text has an unreadable call")
	}
	if i >= len(calls) {
		fail("there are fewer calls than decisions")
	}
	call := calls[i]
	if found, _ := cat.Lookup(call.Name); found != tool || call.Arguments == nil {
		fail("its call does not name this tool or has no readable arguments")
	}
	schemaText, _ := json.Marshal(tool.InputSchema())
	argsText, _ := json.Marshal(call.Arguments)
	if v := core.Validate(core.ValidateRequest{Schema: string(schemaText), Instance: string(argsText)}); !v.Valid {
		fail("the arguments fail the inputSchema: " + v.Problems.Error())
	}
	// The grant holds every required capability.
	for _, k := range keys {
		if req, ok := pol.Requires[k]; ok {
			for _, c := range req {
				if !slices.Contains(pol.Grant, c) {
					fail("the grant lacks " + c)
				}
			}
			break
		}
	}
	// No secret, unless skipped; confirmation where needed.
	if !slices.Contains(pol.Secrets.Skip, keys[0]) && !slices.Contains(pol.Secrets.Skip, keys[1]) && len(core.FindSecrets(call.Arguments)) > 0 {
		fail("an argument carries a secret")
	}
	if (slices.Contains(pol.NeedsConfirm, keys[0]) || slices.Contains(pol.NeedsConfirm, keys[1])) && !pol.Confirmed {
		fail("the tool needs confirmation")
	}
	// The rule of seed 000 agrees.
	text, _ := json.Marshal(d)
	if c := core.CheckDecision(core.CheckDecisionRequest{Decision: string(text), Policy: policyText}); c.Verdict != core.VerdictOK {
		fail("CheckDecision refuses it: " + c.Problems.Error())
	}
}
