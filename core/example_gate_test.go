package core_test

import (
	"fmt"

	"github.com/gatehouse-dev/gatehouse/core"
)

// Seed 000's session: send_email needs the capability send, and the grant holds read_inbox only.
func ExampleGate() {
	res := core.Gate(core.GateRequest{
		Call: `{"id": "call_1", "type": "function", "function": {"name": "send_email",
		        "arguments": "{\"to\": \"ops@example.com\", \"subject\": \"status\", \"body\": \"ok\"}"}}`,
		Catalog: `{"tools": [{"name": "send_email", "inputSchema": {"type": "object",
		            "properties": {"to": {"type": "string"}, "subject": {"type": "string"}, "body": {"type": "string"}},
		            "required": ["to", "subject", "body"]}}]}`,
		Policy: `{"allow_tools": ["send_email"], "grant": ["read_inbox"], "requires": {"send_email": ["send"]}}`,
	})
	d := res.Decision
	fmt.Println(d.Decision, d.Reason, d.Missing)
	for _, line := range d.Explanation {
		fmt.Println(line)
	}
	// Output:
	// deny grant_missing [send]
	// deny (grant_missing): the grant ["read_inbox"] lacks ["send"], which "send_email" requires
	// "send_email" requires capability "send", which the grant ["read_inbox"] does not hold (policy, line 1, column 86)
}

// Seed 000's "success you refuse": the decision passes the seed's schema, and the rule refuses it.
func ExampleCheckDecision() {
	res := core.CheckDecision(core.CheckDecisionRequest{
		Decision: `{"tool": "send_email", "argumentsValid": true, "toolAllowed": true,
		            "grant": ["read_inbox"], "decision": "allow", "reason": "ok"}`,
		Policy: `{"allow_tools": ["send_email"], "grant": ["read_inbox"], "requires": {"send_email": ["send"]}}`,
	})
	fmt.Println(res.Verdict, "→ should be", res.Should)
	fmt.Println(res.Problems[0].Error())
	// Output:
	// rule_refused → should be deny
	// decision:2:24: allow needs capability "send" in grant (the policy requires it for "send_email"), and grant holds ["read_inbox"]: "send" is missing
}
