package core_test

import (
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// Seed 000's texts, exactly as the article prints them (TestSeed000TextsMatchArticle checks
// testdata/seed000 against the article).
var (
	seedDecision = testenv.SeedText("decision.json")
	seedSchema   = testenv.SeedText("schema.json")
)

const (
	// The session of the seed: send_email is allowlisted and requires send; the grant is read_inbox.
	seedPolicy = `{
  "allow_tools": ["send_email"],
  "grant": ["read_inbox"],
  "requires": {"send_email": ["send"]}
}`
)

func TestCheckDecisionSeed(t *testing.T) {
	tests := []struct {
		name     string
		decision string
		policy   string
		schema   string
		verdict  core.Verdict
		should   core.Outcome
		pointer  string // instance location of the first problem
		line     int    // and its line in the decision
		contains string
	}{
		// The seed's deny/grant_missing passes its schema and the rule.
		{"seed original", seedDecision, "", seedSchema, "ok", core.DecisionDeny, "", 0, ""},
		// The same with the policy: still ok, deny needs nothing.
		{"seed original with policy", seedDecision, seedPolicy, seedSchema, "ok", core.DecisionDeny, "", 0, ""},
		// The same held to the project's own schema.
		{"seed original, project schema", seedDecision, seedPolicy, "", "ok", core.DecisionDeny, "", 0, ""},
		// Seed's invalid document 1: decision "yes".
		{"decision yes", strings.Replace(seedDecision, `"decision": "deny"`, `"decision": "yes"`, 1), "", seedSchema,
			"schema_rejected", core.DecisionDeny, "/decision", 6, "value must be one of"},
		// Seed's invalid document 2: argumentsValid the string "true".
		{"argumentsValid string", strings.Replace(seedDecision, `"argumentsValid": true`, `"argumentsValid": "true"`, 1), "", seedSchema,
			"schema_rejected", core.DecisionDeny, "/argumentsValid", 3, "want boolean"},
		// Seed's invalid document 3: decision removed.
		{"decision removed", strings.Replace(seedDecision, `  "decision": "deny",`+"\n", "", 1), "", seedSchema,
			"schema_rejected", core.DecisionDeny, "", 1, "missing property 'decision'"},
		// Seed's invalid document 4: grant ["send_all"].
		{"grant send_all", strings.Replace(seedDecision, `"read_inbox"`, `"send_all"`, 1), "", seedSchema,
			"schema_rejected", core.DecisionDeny, "/grant/0", 5, "value must be one of"},
		// The success to refuse: allow, ok, grant read_inbox passes the seed's schema, and the
		// rule refuses it, naming send.
		{"success you refuse", allowReadInbox, seedPolicy, seedSchema, "rule_refused", core.DecisionDeny, "/grant", 5, `"send" is missing`},
		// The same without a policy: the decision's own "required" says what is needed.
		{"success you refuse, own required", strings.Replace(allowReadInbox, `"reason": "ok"`, `"reason": "ok", "required": ["send"]`, 1), "", "",
			"rule_refused", core.DecisionDeny, "/grant", 5, `"send" is missing`},
		// With on_grant_missing ask, a missing grant is mended by asking.
		{"success you refuse, ask", allowReadInbox, strings.Replace(seedPolicy, `"grant"`, `"on_grant_missing": "ask", "grant"`, 1), seedSchema,
			"rule_refused", core.DecisionAsk, "/grant", 5, `"send" is missing`},
		// Without a policy or "required", nothing says send is needed: the rule has nothing to refuse.
		{"allow with nothing required", allowReadInbox, "", seedSchema, "ok", core.DecisionAllow, "", 0, ""},
		// The decision claims grant [send], which the session does not hold: the claim is refused.
		{"allow claiming send", strings.Replace(allowReadInbox, `"read_inbox"`, `"send"`, 1), seedPolicy, seedSchema, "rule_refused", core.DecisionDeny, "/grant/0", 5, "which the policy does not grant"},
		// Where the session does hold send, allow is deserved.
		{"allow with send granted", strings.Replace(allowReadInbox, `"read_inbox"`, `"send"`, 1), strings.Replace(seedPolicy, `"read_inbox"`, `"send"`, 1), seedSchema, "ok", core.DecisionAllow, "", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := core.CheckDecision(core.CheckDecisionRequest{Decision: tt.decision, Policy: tt.policy, Schema: tt.schema})
			if res.Verdict != tt.verdict || res.Should != tt.should {
				t.Fatalf("got %s/%s, want %s/%s: %v", res.Verdict, res.Should, tt.verdict, tt.should, res.Problems)
			}
			if tt.verdict == "ok" {
				if len(res.Problems) != 0 {
					t.Errorf("ok with problems: %v", res.Problems)
				}
				return
			}
			if len(res.Problems) == 0 {
				t.Fatal("no problem says why")
			}
			p := res.Problems[0]
			if p.Source != core.Sources.Decision || p.InstanceLocation != tt.pointer || p.Line != tt.line || !strings.Contains(p.Message, tt.contains) {
				t.Errorf("got %s at %q (%s), want %q at line %d containing %q", p.Error(), p.InstanceLocation, p.Source, tt.pointer, tt.line, tt.contains)
			}
		})
	}
}

// allowReadInbox is the seed's "success you refuse": decision allow, reason ok, grant read_inbox.
var allowReadInbox = strings.NewReplacer(`"decision": "deny"`, `"decision": "allow"`, `"reason": "grant_missing"`, `"reason": "ok"`).Replace(seedDecision)

func TestCheckDecisionRule(t *testing.T) {
	policy := `{"allow_tools": ["send_email", "delete_file"], "grant": ["send"], "requires": {"send_email": ["send"]}, "needs_confirm": ["delete_file"]}`
	tests := []struct {
		name     string
		decision string
		policy   string
		verdict  core.Verdict
		should   core.Outcome
		contains string
	}{
		// Everything holds.
		{"allow deserved", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"allow","reason":"ok"}`, policy, "ok", core.DecisionAllow, ""},
		// allow needs reason ok.
		{"allow with another reason", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"allow","reason":"grant_missing"}`, policy, "rule_refused", core.DecisionDeny, `goes only with reason "ok"`},
		// ok goes only with allow.
		{"deny with ok", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"decision":"deny","reason":"ok"}`, "", "rule_refused", core.DecisionDeny, "goes only with allow"},
		// ask with ok: the gate asks only for needs_confirm or grant_missing, so it should deny.
		{"ask with ok", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"decision":"ask","reason":"ok"}`, "", "rule_refused", core.DecisionDeny, `ask goes only with reason "needs_confirm" or "grant_missing"`},
		// allow with arguments not valid.
		{"allow, arguments invalid", `{"tool":"send_email","argumentsValid":false,"toolAllowed":true,"grant":["send"],"decision":"allow","reason":"ok"}`, policy, "rule_refused", core.DecisionDeny, "argumentsValid true"},
		// allow with the tool not allowlisted.
		{"allow, tool not allowed", `{"tool":"send_email","argumentsValid":true,"toolAllowed":false,"grant":["send"],"decision":"allow","reason":"ok"}`, policy, "rule_refused", core.DecisionDeny, "toolAllowed true"},
		// The decision says toolAllowed, the policy does not list the tool.
		{"allow, tool not in policy", `{"tool":"exec","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"allow","reason":"ok"}`, policy, "rule_refused", core.DecisionDeny, "not in the policy's allow_tools"},
		// A tool that needs confirmation: allow should be ask.
		{"allow, needs confirmation", `{"tool":"delete_file","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"allow","reason":"ok"}`, policy, "rule_refused", core.DecisionAsk, "confirmation"},
		// allow that lists violations contradicts itself.
		{"allow with violations", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"allow","reason":"ok","violations":[{"argument":"/to","rule":"secret","message":"x"}]}`, policy, "rule_refused", core.DecisionDeny, `non-empty "violations"`},
		// A server-qualified tool is found in the policy by its own name, as the gate finds a
		// tool no other server offers (without the catalog, shadowing cannot be seen).
		{"server-qualified tool", `{"tool":"mail/send_email","server":"mail","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"allow","reason":"ok"}`, policy, "ok", core.DecisionAllow, ""},
		// A duplicate key in the decision: two parsers would disagree, so it is rejected.
		{"duplicate decision key", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"decision":"deny","reason":"grant_missing","decision":"allow"}`, "", "schema_rejected", core.DecisionDeny, "duplicate key"},
		// A policy with problems vouches for nothing.
		{"broken policy", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"allow","reason":"ok"}`, `{"allow_tool": []}`, "rule_refused", core.DecisionDeny, "allow_tool"},
		// Review 1.4a: the policy requires send for send_email; a decision for "srv/send_email"
		// (no server field) is held to it too, as the gate would hold the tool.
		{"qualified tool, bare requires", `{"tool":"srv/send_email","argumentsValid":true,"toolAllowed":true,"grant":["read_inbox"],"decision":"allow","reason":"ok"}`,
			`{"allow_tools":["srv/send_email"],"grant":["read_inbox"],"requires":{"send_email":["send"]}}`, "rule_refused", core.DecisionDeny, `"send" is missing`},
		// Review 1.4b: with a policy, the decision's own "required" still counts.
		{"own required with a policy", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"grant":["read_inbox"],"required":["send"],"decision":"allow","reason":"ok"}`,
			`{"allow_tools":["send_email"],"grant":["read_inbox"]}`, "rule_refused", core.DecisionDeny, `the decision's own "required" requires it`},
		// Review 1.4c: an ask for a tool that is not allowlisted, with invalid arguments and a
		// grant the policy does not give, is not one the gate would make.
		{"ask for anything", `{"tool":"drop_database","argumentsValid":false,"toolAllowed":false,"grant":["admin"],"decision":"ask","reason":"needs_confirm"}`,
			`{"allow_tools":["read_file"],"grant":["read"]}`, "rule_refused", core.DecisionDeny, "not in the policy's allow_tools"},
		// Review 1.4d: an allow that carries a detail says a gate failed.
		{"allow with detail", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"allow","reason":"ok","detail":"policy_invalid"}`, policy, "rule_refused", core.DecisionDeny, `detail "policy_invalid"`},
		// Review 1.4d: so does an allow that lists changed fields.
		{"allow with changedFields", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"allow","reason":"ok","changedFields":["description"]}`, policy, "rule_refused", core.DecisionDeny, `non-empty "changedFields"`},
		// An allow with evidence lists what stops the call.
		{"allow with evidence", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"allow","reason":"ok","evidence":[{"source":"call","kind":"rule","message":"x","offset":-1}]}`, policy, "rule_refused", core.DecisionDeny, `non-empty "evidence"`},
		// An ask for confirmation of a tool that needs it is what the gate gives.
		{"ask, needs confirmation", `{"tool":"delete_file","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"ask","reason":"needs_confirm"}`, policy, "ok", core.DecisionAsk, ""},
		// ...but not for a tool the policy does not list in needs_confirm.
		{"ask, confirmation not needed", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"ask","reason":"needs_confirm"}`, policy, "rule_refused", core.DecisionDeny, "does not list the tool"},
		// ...nor once the policy says confirmed.
		{"ask, already confirmed", `{"tool":"delete_file","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"ask","reason":"needs_confirm"}`, strings.Replace(policy, `"needs_confirm"`, `"confirmed": true, "needs_confirm"`, 1), "rule_refused", core.DecisionDeny, "confirmed is true"},
		// ...nor when the grant lacks a capability: the grant gate answers first.
		{"ask for confirmation, grant missing", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"grant":[],"decision":"ask","reason":"needs_confirm"}`, strings.Replace(policy, `"needs_confirm": ["delete_file"]`, `"needs_confirm": ["send_email"]`, 1), "rule_refused", core.DecisionDeny, "the grant is checked first"},
		// An ask for a missing grant needs on_grant_missing ask...
		{"ask for grant, policy denies", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"grant":[],"decision":"ask","reason":"grant_missing"}`, policy, "rule_refused", core.DecisionDeny, "on_grant_missing"},
		// ...and then it is what the gate gives.
		{"ask for grant, policy asks", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"grant":[],"decision":"ask","reason":"grant_missing"}`, strings.Replace(policy, `"grant"`, `"on_grant_missing": "ask", "grant"`, 1), "ok", core.DecisionAsk, ""},
		// An ask for a grant that holds everything required has nothing to ask.
		{"ask for grant, nothing missing", `{"tool":"send_email","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"ask","reason":"grant_missing"}`, strings.Replace(policy, `"grant"`, `"on_grant_missing": "ask", "grant"`, 1), "rule_refused", core.DecisionDeny, "holds every capability"},
		// Without a policy, an ask still needs the gates before the grant to have passed.
		{"ask without policy, tool not allowed", `{"tool":"x","argumentsValid":true,"toolAllowed":false,"decision":"ask","reason":"needs_confirm"}`, "", "rule_refused", core.DecisionDeny, "toolAllowed true"},
		// A server that is not the tool's key prefix: the gate never writes that.
		{"server mismatch", `{"tool":"send_email","server":"mail","argumentsValid":true,"toolAllowed":true,"grant":["send"],"decision":"allow","reason":"ok"}`, policy, "rule_refused", core.DecisionDeny, "does not match tool"},
		// Held to a permissive schema, a decision that is not an object is still refused.
		{"not an object", `[]`, "", "schema_rejected", core.DecisionDeny, "want object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := core.CheckDecision(core.CheckDecisionRequest{Decision: tt.decision, Policy: tt.policy})
			if res.Verdict != tt.verdict || res.Should != tt.should {
				t.Fatalf("got %s/%s, want %s/%s: %v", res.Verdict, res.Should, tt.verdict, tt.should, res.Problems)
			}
			if tt.contains == "" {
				return
			}
			found := false
			for _, p := range res.Problems {
				found = found || strings.Contains(p.Message, tt.contains)
			}
			if !found {
				t.Errorf("no problem contains %q: %v", tt.contains, res.Problems)
			}
		})
	}
}

// TestCheckDecisionCustomSchema: a permissive schema lets anything through to the rule, which
// still refuses what it must.
func TestCheckDecisionCustomSchema(t *testing.T) {
	res := core.CheckDecision(core.CheckDecisionRequest{Decision: `{"decision":"maybe"}`, Schema: `{}`})
	if res.Verdict != "rule_refused" || res.Should != core.DecisionDeny {
		t.Errorf("got %+v", res)
	}
	res = core.CheckDecision(core.CheckDecisionRequest{Decision: `[1]`, Schema: `true`})
	if res.Verdict != "rule_refused" {
		t.Errorf("got %+v", res)
	}
	// A schema that does not compile is reported as such.
	res = core.CheckDecision(core.CheckDecisionRequest{Decision: seedDecision, Schema: `{"type": 12}`})
	if res.Verdict != "schema_rejected" || len(res.Problems) == 0 || res.Problems[0].Source != core.Sources.Schema {
		t.Errorf("got %+v", res)
	}
}
