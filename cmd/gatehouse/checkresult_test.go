package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// The check-result cases join the CLI's table: exit 0 pass, 1 flag or block, --fail-on block, 3
// unreadable; the three formats; a policy holding only results.
func init() {
	cliCases = append(cliCases,
		cliCase{name: "check-result-pass", args: []string{"check-result", "in/result-readme.json"}},                                                                                     // an honest README: exit 0
		cliCase{name: "check-result-flag", args: []string{"check-result", "--call", "in/result-email-call.json", "in/result-email.json"}},                                               // an e-mail addressed to the assistant: flag, exit 1
		cliCase{name: "check-result-fail-on-block", args: []string{"check-result", "--fail-on", "block", "--call", "in/result-email-call.json", "in/result-email.json"}},                // a flag under --fail-on block: exit 0
		cliCase{name: "check-result-policy-block", args: []string{"check-result", "--policy", "in/result-policy.json", "--tool", "read_email", "in/result-email.json"}},                 // on_injection block: exit 1
		cliCase{name: "check-result-schema", args: []string{"check-result", "--catalog", "in/result-catalog.json", "--tool", "get_weather", "in/result-schema.json"}},                   // the outputSchema rejects structuredContent: block at its line
		cliCase{name: "check-result-json", args: []string{"check-result", "--format", "json", "--catalog", "in/result-catalog.json", "--tool", "get_weather", "in/result-schema.json"}}, // the API's answer
		cliCase{name: "check-result-sarif", args: []string{"check-result", "--format", "sarif", "--call", "in/result-email-call.json", "in/result-email.json"}},
		cliCase{name: "check-result-unreadable", args: []string{"check-result", "in/truncated.json"}},                                              // not strict JSON: exit 3
		cliCase{name: "check-result-too-deep", args: []string{"check-result", "in/result-deep.json"}},                                              // nested past the limit: a parse problem, exit 3
		cliCase{name: "check-result-bad-policy", args: []string{"check-result", "--policy", "in/result-bad-policy.json", "in/result-readme.json"}}, // a policy failing its schema: exit 3
		cliCase{name: "check-result-strip", args: []string{"check-result", "--policy", "in/result-strip-policy.json", "in/result-strip.json"}},     // strip: the summary says what it removed once
		cliCase{name: "check-result-stdin", args: []string{"check-result"}, stdin: "in/result-readme.json"},                                        // standard input
		cliCase{name: "check-result-jsonrpc-error", args: []string{"check-result", "in/result-jsonrpc-error.json"}},                                // a JSON-RPC error: scanned, passes, said to be an error
		cliCase{name: "check-result-bad-fail-on", args: []string{"check-result", "--fail-on", "high", "in/result-readme.json"}},
	)
}

// TestUnreadableResultSaysItsVerdict: for a result that cannot be checked (not strict JSON, no
// tool result in it, a policy with problems), the text output says the verdict and the reason
// the JSON answer gives, so that the two never disagree on whether it is let through.
func TestUnreadableResultSaysItsVerdict(t *testing.T) {
	t.Chdir("testdata")
	for _, args := range [][]string{
		{"in/truncated.json"},
		{"in/result-deep.json"},
		{"--policy", "in/result-bad-policy.json", "in/result-readme.json"},
		{"in/result-catalog.json"},
	} {
		code, text, _ := runIn(t, "", append([]string{"check-result"}, args...)...)
		jsonCode, out, _ := runIn(t, "", append([]string{"check-result", "--format", "json"}, args...)...)
		var answer struct {
			Verdict string   `json:"verdict"`
			Reasons []string `json:"reasons"`
		}
		if err := json.Unmarshal([]byte(out), &answer); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		if code != exitUsage || jsonCode != exitUsage || answer.Verdict != "block" || len(answer.Reasons) == 0 {
			t.Fatalf("%v: exit %d and %d, verdict %q %q: want 3, block", args, code, jsonCode, answer.Verdict, answer.Reasons)
		}
		lines := strings.Split(strings.TrimSpace(text), "\n")
		summary := lines[len(lines)-1]
		if !strings.Contains(summary, ": block, not checked: "+answer.Reasons[0]) {
			t.Errorf("%v: the text says %q; the JSON says %s: %s", args, summary, answer.Verdict, answer.Reasons[0])
		}
	}
}
