package core_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gatehouse-dev/gatehouse/core"
)

var updateFlow = flag.Bool("update-flow", false, "rewrite testdata/flow's transcripts and golden decisions")

// A flowScenario is a session modelled on a public incident (or a benign one), written once in
// testdata/flow/scenarios.json and rendered in every transcript shape.
type flowScenario struct {
	Name     string     `json:"name"`
	Incident string     `json:"incident"`
	Task     string     `json:"task"`
	Steps    []flowStep `json:"steps"`
}

type flowStep struct {
	Tool      string         `json:"tool"`
	Arguments map[string]any `json:"arguments"`
	Result    string         `json:"result"`
}

func readFlowScenarios(t testing.TB) (scenarios []flowScenario, catalog, policy string) {
	t.Helper()
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "testdata", "flow", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if err := json.Unmarshal([]byte(read("scenarios.json")), &scenarios); err != nil {
		t.Fatal(err)
	}
	return scenarios, read("catalog.json"), read("policy.json")
}

func mustJSON(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

// renderTranscript writes a scenario in one transcript shape, as that API would have carried
// the session.
func renderTranscript(s flowScenario, shape string) string {
	var items []any
	user := func(role string) { items = append(items, map[string]any{"role": role, "content": s.Task}) }
	switch shape {
	case "openai-chat":
		user("user")
		for i, st := range s.Steps {
			id := fmt.Sprintf("call_%d", i)
			items = append(items,
				map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{"id": id, "type": "function",
					"function": map[string]any{"name": st.Tool, "arguments": mustJSON(st.Arguments)}}}},
				map[string]any{"role": "tool", "tool_call_id": id, "content": st.Result})
		}
		return mustJSON(map[string]any{"model": "gpt-test", "messages": items})
	case "openai-responses":
		items = append(items, map[string]any{"type": "message", "role": "user", "content": s.Task})
		for i, st := range s.Steps {
			id := fmt.Sprintf("fc_%d", i)
			items = append(items,
				map[string]any{"type": "function_call", "call_id": id, "name": st.Tool, "arguments": mustJSON(st.Arguments)},
				map[string]any{"type": "function_call_output", "call_id": id, "output": st.Result})
		}
		return mustJSON(items)
	case "anthropic":
		user("user")
		for i, st := range s.Steps {
			id := fmt.Sprintf("toolu_%02d", i)
			items = append(items,
				map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": id, "name": st.Tool, "input": st.Arguments}}},
				map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": id, "content": st.Result}}})
		}
		return mustJSON(map[string]any{"messages": items})
	case "gemini":
		items = append(items, map[string]any{"role": "user", "parts": []any{map[string]any{"text": s.Task}}})
		for _, st := range s.Steps {
			items = append(items,
				map[string]any{"role": "model", "parts": []any{map[string]any{"functionCall": map[string]any{"name": st.Tool, "args": st.Arguments}}}},
				map[string]any{"role": "user", "parts": []any{map[string]any{"functionResponse": map[string]any{"name": st.Tool, "response": map[string]any{"content": st.Result}}}}})
		}
		return mustJSON(map[string]any{"contents": items})
	case "mcp-log":
		lines := []string{
			`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2026-07-28","capabilities":{},"clientInfo":{"name":"agent","version":"1"}}}`,
			`{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2026-07-28","capabilities":{"tools":{}},"serverInfo":{"name":"hub","version":"1"}}}`,
			`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
			`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
			`{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`,
		}
		for i, st := range s.Steps {
			lines = append(lines,
				mustJSON(map[string]any{"jsonrpc": "2.0", "id": i + 2, "method": "tools/call", "params": map[string]any{"name": st.Tool, "arguments": st.Arguments}}),
				mustJSON(map[string]any{"jsonrpc": "2.0", "id": i + 2, "result": map[string]any{"content": []any{map[string]any{"type": "text", "text": st.Result}}, "isError": false}}))
		}
		return strings.Join(lines, "\n") + "\n"
	}
	panic(shape)
}

// proxyLog runs a scenario through a proxy's flow session, as the gateway does (gate, forward
// what is not denied, check the result, record it), and writes the decision log it would: one
// line per call, the decision with the time, the request id, whether it was forwarded and the
// result check's verdict. A person accepts every ask.
func proxyLog(t testing.TB, s flowScenario, catalog, policy string) (log string, decisions []core.Decision) {
	t.Helper()
	gk := core.NewGatekeeper(core.GatekeeperRequest{Catalog: catalog, Policy: policy})
	rc := core.NewResultChecker(catalog, policy)
	fs := gk.FlowSessions(0)
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	var lines []string
	for i, st := range s.Steps {
		sess := fs.Session("stdio", now.Add(time.Duration(i)*time.Second))
		callText := mustJSON(map[string]any{"jsonrpc": "2.0", "id": i + 2, "method": "tools/call", "params": map[string]any{"name": st.Tool, "arguments": st.Arguments}})
		d := sess.Gate(callText).Decisions[0]
		decisions = append(decisions, d)
		forwarded := d.Decision != core.DecisionDeny
		line := map[string]any{}
		if err := json.Unmarshal([]byte(mustJSON(d.Redacted())), &line); err != nil {
			t.Fatal(err)
		}
		line["time"] = now.Add(time.Duration(i) * time.Second).Format(time.RFC3339Nano)
		line["requestId"] = i + 2
		line["forwarded"] = forwarded
		if d.Decision == core.DecisionAsk {
			line["confirmation"] = "accept"
		}
		if forwarded {
			response := mustJSON(map[string]any{"jsonrpc": "2.0", "id": i + 2, "result": map[string]any{"content": []any{map[string]any{"type": "text", "text": st.Result}}, "isError": false}})
			chk := rc.Check([]byte(response), d.Tool)
			line["result"] = chk.Redacted()
			sess.Result(i, d, []byte(response), chk.Verdict != core.ResultPass)
		}
		lines = append(lines, mustJSON(line))
	}
	return strings.Join(lines, "\n") + "\n", decisions
}

// flowShapes are the transcript shapes, with the file each is kept in.
var flowShapes = []struct{ shape, file string }{
	{"openai-chat", "openai-chat.json"}, {"openai-responses", "openai-responses.json"}, {"anthropic", "anthropic.json"},
	{"gemini", "gemini.json"}, {"mcp-log", "mcp-log.jsonl"}, {"decision-log", "decision-log.jsonl"},
}

// goldenCall is what a golden file holds of each call: its decision and the flow rules that
// decided it.
type goldenCall struct {
	Index    int          `json:"index"`
	Tool     string       `json:"tool"`
	Decision core.Outcome `json:"decision"`
	Reason   core.Reason  `json:"reason"`
	Detail   core.Detail  `json:"detail,omitempty"`
	Flow     []string     `json:"flow,omitempty"`
	Labels   []string     `json:"labels"`
}

func golden(res core.ReplayResult) []goldenCall {
	out := make([]goldenCall, len(res.Calls))
	for i, c := range res.Calls {
		g := goldenCall{Index: c.Index, Tool: c.Tool, Decision: c.Decision.Decision, Reason: c.Decision.Reason, Detail: c.Decision.Detail, Labels: []string{}}
		for _, f := range c.Decision.Flow {
			if f.Decided {
				g.Flow = append(g.Flow, fmt.Sprintf("%s %s -> %s (from #%d %s)", f.Kind, f.Label, f.Then, f.Result.Index, f.Result.Tool))
			}
		}
		out[i] = g
	}
	for _, r := range res.Results {
		if r.Index < len(out) {
			out[r.Index].Labels = r.Labels
		}
	}
	return out
}

// TestReplayScenarios replays every scenario in every transcript shape: each shape gives the
// golden decisions of the scenario (the same in every shape), the benign scenarios stay allowed
// throughout, and the replay of the proxy's decision log gives the proxy's own decisions.
func TestReplayScenarios(t *testing.T) {
	scenarios, catalog, policy := readFlowScenarios(t)
	for _, s := range scenarios {
		dir := filepath.Join("..", "testdata", "flow", s.Name)
		goldenPath := filepath.Join(dir, "golden.json")
		var want []goldenCall
		if !*updateFlow {
			b, err := os.ReadFile(goldenPath)
			if err != nil {
				t.Fatalf("%s: %v (run with -update-flow)", s.Name, err)
			}
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
		}
		for _, sh := range flowShapes {
			t.Run(s.Name+"/"+sh.shape, func(t *testing.T) {
				var text string
				var proxied []core.Decision
				if sh.shape == "decision-log" {
					text, proxied = proxyLog(t, s, catalog, policy)
				} else {
					text = renderTranscript(s, sh.shape)
				}
				path := filepath.Join(dir, sh.file)
				if *updateFlow {
					if err := os.MkdirAll(dir, 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
						t.Fatal(err)
					}
				} else if stored, err := os.ReadFile(path); err != nil || string(stored) != text {
					t.Fatalf("%s is not the rendering of scenarios.json (run with -update-flow): %v", path, err)
				}
				res := core.Replay(core.ReplayRequest{Transcript: text, Catalog: catalog, Policy: policy})
				if len(res.Problems) > 0 {
					t.Fatalf("problems: %v", res.Problems)
				}
				if res.Shape != sh.shape {
					t.Errorf("shape %q, want %q", res.Shape, sh.shape)
				}
				// Every decision, flow and all, holds to the published decision schema.
				for _, c := range res.Calls {
					if chk := core.CheckDecision(core.CheckDecisionRequest{Decision: mustJSON(c.Decision)}); chk.Verdict == "schema_rejected" {
						t.Errorf("call %d: the decision fails the decision schema: %v", c.Index, chk.Problems)
					}
				}
				got := golden(res)
				if sh.shape == "decision-log" {
					for i, d := range proxied {
						if got[i].Decision != d.Decision || got[i].Reason != d.Reason {
							t.Errorf("call %d: the replay of the proxy's log gives %s (%s), the proxy gave %s (%s)", i, got[i].Decision, got[i].Reason, d.Decision, d.Reason)
						}
					}
					// A call the proxy denied never ran, so the log holds no result for it.
					for i := range got {
						if got[i].Decision == core.DecisionDeny && i < len(want) && len(got[i].Labels) == 0 {
							got[i].Labels = want[i].Labels
						}
					}
				}
				if strings.HasPrefix(s.Name, "benign-") {
					for _, c := range got {
						if c.Decision != core.DecisionAllow {
							t.Errorf("benign call %d (%s): %s (%s) %v", c.Index, c.Tool, c.Decision, c.Reason, c.Flow)
						}
					}
				}
				if *updateFlow {
					if sh.shape == "openai-chat" {
						var b bytes.Buffer
						enc := json.NewEncoder(&b)
						enc.SetEscapeHTML(false)
						enc.SetIndent("", "  ")
						if err := enc.Encode(got); err != nil {
							t.Fatal(err)
						}
						if err := os.WriteFile(goldenPath, b.Bytes(), 0o644); err != nil {
							t.Fatal(err)
						}
					}
					return
				}
				if g, w := mustJSON(got), mustJSON(want); g != w {
					t.Errorf("decisions differ from %s\n got: %s\nwant: %s", goldenPath, g, w)
				}
			})
		}
	}
}
