package live_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/live"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A proxyMode starts one of the four ways the proxy runs in front of servers and connects a
// client speaking version through it: the single-server modes stand in front of the first
// server, the multi-server modes in front of them all.
type proxyMode struct {
	name  string
	multi bool
	open  func(t *testing.T, servers []live.Server, policy string, opts *mcp.ClientOptions, version string) (*mcp.ClientSession, *syncBuffer)
}

// statelessServed serves a recorder over Streamable HTTP as the SDK serves 2026-07-28 (and,
// request by request, the initialize protocol too).
func statelessServed(t *testing.T, name string, rec *recorder) live.Server {
	t.Helper()
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return rec.server },
		&mcp.StreamableHTTPOptions{Stateless: true}))
	t.Cleanup(srv.Close)
	return live.Server{Name: name, URL: srv.URL}
}

// connectThrough connects a client speaking version over transport.
func connectThrough(t *testing.T, transport mcp.Transport, opts *mcp.ClientOptions, version string) *mcp.ClientSession {
	t.Helper()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "1"}, opts).Connect(context.Background(), transport,
		&mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("connecting: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// overHTTP serves an HTTP gateway on loopback and connects a client with its token.
func overHTTP(t *testing.T, g *live.HTTPGateway, token string, opts *mcp.ClientOptions, version string) *mcp.ClientSession {
	t.Helper()
	front := httptest.NewServer(g)
	t.Cleanup(func() { front.Close(); g.Close(context.Background()) })
	return connectThrough(t, &mcp.StreamableClientTransport{Endpoint: front.URL,
		HTTPClient: &http.Client{Transport: bearer{token, http.DefaultTransport}}}, opts, version)
}

func oneToken(t *testing.T) ([]live.ClientToken, string) {
	t.Helper()
	const token = "mode-client-0123456789abcdef"
	path := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(path, []byte(token+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	toks, _, err := live.LoadTokens(path)
	if err != nil {
		t.Fatal(err)
	}
	return toks, token
}

var proxyModes = []proxyMode{
	{name: "stdio", open: func(t *testing.T, servers []live.Server, policy string, opts *mcp.ClientOptions, version string) (*mcp.ClientSession, *syncBuffer) {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		log := &syncBuffer{}
		p, err := live.NewProxy(live.ProxyConfig{Server: servers[0], Policy: policy, Log: log, Limits: live.Limits{AskTimeout: 2 * time.Second}})
		if err != nil {
			t.Fatal(err)
		}
		proxySide, clientSide := mcp.NewInMemoryTransports()
		go p.Serve(ctx, proxySide)
		return connectThrough(t, clientSide, opts, version), log
	}},
	{name: "stdio-multi", multi: true, open: func(t *testing.T, servers []live.Server, policy string, opts *mcp.ClientOptions, version string) (*mcp.ClientSession, *syncBuffer) {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		log := &syncBuffer{}
		p, err := live.NewMultiProxy(live.MultiProxyConfig{Servers: servers, Policy: policy, Log: log, Limits: live.Limits{AskTimeout: 2 * time.Second}})
		if err != nil {
			t.Fatal(err)
		}
		proxySide, clientSide := mcp.NewInMemoryTransports()
		go p.Serve(ctx, proxySide)
		return connectThrough(t, clientSide, opts, version), log
	}},
	{name: "listen", open: func(t *testing.T, servers []live.Server, policy string, opts *mcp.ClientOptions, version string) (*mcp.ClientSession, *syncBuffer) {
		toks, token := oneToken(t)
		log := &syncBuffer{}
		g, err := live.NewHTTPGateway(live.ProxyConfig{Server: servers[0], Policy: policy, Log: log,
			Limits: live.Limits{AskTimeout: 2 * time.Second}}, toks)
		if err != nil {
			t.Fatal(err)
		}
		return overHTTP(t, g, token, opts, version), log
	}},
	{name: "listen-multi", multi: true, open: func(t *testing.T, servers []live.Server, policy string, opts *mcp.ClientOptions, version string) (*mcp.ClientSession, *syncBuffer) {
		toks, token := oneToken(t)
		log := &syncBuffer{}
		g, err := live.NewHTTPGateway(live.MultiProxyConfig{Servers: servers, Policy: policy, Log: log,
			Limits: live.Limits{AskTimeout: 2 * time.Second}}, toks)
		if err != nil {
			t.Fatal(err)
		}
		return overHTTP(t, g, token, opts, version), log
	}},
}

// In [TestProxyModesSpeakCurrentMCP] the first server, "recorder", speaks 2026-07-28 (the
// SDK's stateless Streamable HTTP) and offers send, confirmed, and read; the multi-server modes
// add "legacy", of the initialize protocol only (the SDK's stateful Streamable HTTP), offering
// list.

// modePolicy allows read, stats, send and post (both after a person's confirmation), and the legacy
// server's list.
const modePolicy = `{"allow_tools":["read","send","post","list","stats"],"needs_confirm":["send","post"]}`

// TestProxyModesSpeakCurrentMCP: in every mode, a client that opens with 2026-07-28 speaks
// 2026-07-28, and older clients negotiate down to 2025-11-25 and 2025-06-18; a call the gate
// asks about is put to the person through an input-required result (2026-07-28), an
// elicitation request (2025-11-25), or denied with needs_confirm (a client that cannot ask);
// and what reaches the server is exactly what the gate allowed or a person accepted.
func TestProxyModesSpeakCurrentMCP(t *testing.T) {
	for _, mode := range proxyModes {
		t.Run(mode.name, func(t *testing.T) {
			// 2026-07-28, the client's own retry loop: the person accepts, the call runs once.
			t.Run("2026-07-28 retry", func(t *testing.T) {
				rec, legacy := newRecorder(t, tool("send", "Send."), tool("read", "Read.")), newRecorder(t, tool("list", "List."))
				rec.server.AddTool(&mcp.Tool{Name: "stats", InputSchema: map[string]any{"type": "object"}},
					func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
						return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "[1,2,3]"}}, StructuredContent: []any{1, 2, 3}}, nil
					})
				cs, log := mode.open(t, []live.Server{statelessServed(t, "recorder", rec), served(t, "legacy", legacy)}, modePolicy, &mcp.ClientOptions{ElicitationHandler: answer("accept")}, modern)
				speaks(t, cs, modern)
				if res := callTool(t, cs, "send", "a"); res.IsError || resultText(res) != "ran send" {
					t.Fatalf("a confirmed call: %q", resultText(res))
				}
				if got := rec.received(); !slices.Equal(got, []string{`send {"path":"a"}`}) {
					t.Fatalf("the server received %q", got)
				}
				if lines := log.lines(t); len(lines) != 1 || lines[0]["confirmation"] != "accept" || lines[0]["forwarded"] != true {
					t.Errorf("the log: %s", log.String())
				}
				// Under 2026-07-28 structuredContent may be any JSON value: an array passes as sent.
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "stats", Arguments: map[string]any{}})
				if err != nil || res.IsError {
					t.Fatalf("a result whose structuredContent is an array: %v %q", err, resultText(res))
				}
				if got, _ := json.Marshal(res.StructuredContent); string(got) != "[1,2,3]" {
					t.Errorf("structuredContent arrived as %s", got)
				}
				if mode.multi {
					// A call of a 2026-07-28 client to a server of the initialize protocol.
					if res := callTool(t, cs, "list", "x"); res.IsError || resultText(res) != "ran list" {
						t.Errorf("a call to the older server: %q", resultText(res))
					}
				}
			})
			// 2026-07-28, the retry by hand: the answer is bound to the call and used once.
			t.Run("2026-07-28 token", func(t *testing.T) {
				rec, legacy := newRecorder(t, tool("send", "Send."), tool("post", "Post.")), newRecorder(t, tool("list", "List."))
				cs, _ := mode.open(t, []live.Server{statelessServed(t, "recorder", rec), served(t, "legacy", legacy)}, modePolicy,
					&mcp.ClientOptions{MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true}, ElicitationHandler: answer("accept")}, modern)
				speaks(t, cs, modern)
				retryBindsTheCall(t, cs, rec)
			})
			// 2025-11-25: an elicitation request; the person declines, then accepts.
			t.Run("2025-11-25 elicitation", func(t *testing.T) {
				rec, legacy := newRecorder(t, tool("send", "Send.")), newRecorder(t, tool("list", "List."))
				next := make(chan string, 2)
				next <- "decline"
				next <- "accept"
				cs, log := mode.open(t, []live.Server{statelessServed(t, "recorder", rec), served(t, "legacy", legacy)}, modePolicy, &mcp.ClientOptions{ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
					return &mcp.ElicitResult{Action: <-next}, nil
				}}, legacy2511)
				speaks(t, cs, legacy2511)
				if res := callTool(t, cs, "send", "a"); !res.IsError || !strings.Contains(resultText(res), "decline") {
					t.Fatalf("a declined call: %q", resultText(res))
				}
				if res := callTool(t, cs, "send", "b"); res.IsError {
					t.Fatalf("an accepted call: %q", resultText(res))
				}
				if got := rec.received(); !slices.Equal(got, []string{`send {"path":"b"}`}) {
					t.Fatalf("the server received %q", got)
				}
				if lines := log.lines(t); len(lines) != 2 || lines[0]["confirmation"] != "decline" || lines[1]["confirmation"] != "accept" {
					t.Errorf("the log: %s", log.String())
				}
			})
			// 2025-06-18 without elicitation: nobody can be asked, so the call is denied.
			t.Run("2025-06-18 cannot ask", func(t *testing.T) {
				rec, legacy := newRecorder(t, tool("send", "Send."), tool("read", "Read.")), newRecorder(t, tool("list", "List."))
				cs, log := mode.open(t, []live.Server{statelessServed(t, "recorder", rec), served(t, "legacy", legacy)}, modePolicy, nil, "2025-06-18")
				speaks(t, cs, "2025-06-18")
				if res := callTool(t, cs, "send", "a"); !res.IsError || !strings.Contains(resultText(res), "cannot ask") {
					t.Fatalf("a call nobody can confirm: %q", resultText(res))
				}
				if res := callTool(t, cs, "read", "a"); res.IsError {
					t.Fatalf("an allowed call: %q", resultText(res))
				}
				if got := rec.received(); !slices.Equal(got, []string{`read {"path":"a"}`}) {
					t.Fatalf("the server received %q", got)
				}
				if lines := log.lines(t); len(lines) != 2 || lines[0]["confirmation"] != "unsupported" {
					t.Errorf("the log: %s", log.String())
				}
			})
		})
	}
}

// legacy2511 is the last version of the initialize protocol.
const legacy2511 = legacy

func speaks(t *testing.T, cs *mcp.ClientSession, version string) {
	t.Helper()
	if got := cs.InitializeResult().ProtocolVersion; got != version {
		t.Fatalf("the session speaks %s, want %s", got, version)
	}
}

func callTool(t *testing.T, cs *mcp.ClientSession, name, path string) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: map[string]any{"path": path}})
	if err != nil {
		t.Fatalf("tools/call %s: %v", name, err)
	}
	return res
}

// retryBindsTheCall asks about send and answers by hand: an answer counts for the very call it
// was asked about (tool and arguments), once; a retry that changes the tool or the arguments, or
// reuses a requestState, is not confirmed, and only the call confirmed for itself runs, without
// the proxy's members.
func retryBindsTheCall(t *testing.T, cs *mcp.ClientSession, rec *recorder) {
	t.Helper()
	ctx := context.Background()
	ask := func() string {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "send", Arguments: map[string]any{"path": "a"}})
		if err != nil {
			t.Fatal(err)
		}
		q, ok := res.InputRequests["gatehouse/confirm"].(*mcp.ElicitParams)
		if !res.NeedsInput() || !ok || res.RequestState == "" || !strings.Contains(q.Message, "send") {
			t.Fatalf("the answer is not an input-required result asking about send: %+v", res)
		}
		return res.RequestState
	}
	accept := mcp.InputResponseMap{"gatehouse/confirm": &mcp.ElicitResult{Action: "accept"}}
	retry := func(name, path, state string) *mcp.CallToolResult {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{"path": path}, InputResponses: accept, RequestState: state})
		if err != nil {
			t.Fatalf("retrying %s: %v", name, err)
		}
		return res
	}
	// Another tool (confirmed too) with send's state: not confirmed, never run.
	first := ask()
	if res := retry("post", "a", first); !res.IsError || !strings.Contains(resultText(res), "no_answer") {
		t.Fatalf("a retry of another tool: %q", resultText(res))
	}
	// The state was used up by that attempt: the right call with it is not confirmed either.
	if res := retry("send", "a", first); !res.IsError {
		t.Fatalf("a reused requestState: %q", resultText(res))
	}
	// Other arguments: not confirmed.
	if res := retry("send", "b", ask()); !res.IsError || !strings.Contains(resultText(res), "no_answer") {
		t.Fatalf("a retry with other arguments: %q", resultText(res))
	}
	if got := rec.received(); len(got) != 0 {
		t.Fatalf("an unconfirmed call reached the server: %q", got)
	}
	// A fresh ask, answered for its own call: runs once; the same answer again does not.
	state := ask()
	if res := retry("send", "a", state); res.IsError || resultText(res) != "ran send" {
		t.Fatalf("a confirmed retry: %q", resultText(res))
	}
	if res := retry("send", "a", state); !res.IsError {
		t.Fatalf("a replayed confirmation: %q", resultText(res))
	}
	if got := rec.received(); !slices.Equal(got, []string{`send {"path":"a"}`}) {
		t.Fatalf("the server received %q, want the one confirmed call, without the proxy's members", got)
	}
}
