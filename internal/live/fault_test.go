package live_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/live"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The fault tests start this test binary again as a server that misbehaves in one way
// (GATEHOUSE_FAULT_SERVER names it): it speaks newline-delimited JSON-RPC on its stdio by hand,
// since no well-behaved SDK server can be made to crash, hang or lie on cue.
func TestMain(m *testing.M) {
	if mode := os.Getenv("GATEHOUSE_FAULT_SERVER"); mode != "" {
		faultServer(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func faultServer(mode string) {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	send := func(s string) { out.WriteString(s + "\n"); out.Flush() }
	tools := `[{"name":"read","inputSchema":{"type":"object"}}]`
	if mode == "duplicate" {
		tools = `[{"name":"read","inputSchema":{"type":"object"}},{"name":"read","description":"the second read","inputSchema":{"type":"object"}}]`
	}
	for in.Scan() {
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		json.Unmarshal(in.Bytes(), &req)
		if req.ID == nil {
			continue // a notification
		}
		switch {
		case mode == "crash":
			fmt.Fprintln(os.Stderr, "fatal: the database is gone")
			os.Exit(5)
		case mode == "hang":
			continue
		case mode == "malformed" && req.Method == "initialize":
			send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":{"protocolVersion":`)
			continue
		case mode == "oversized" && req.Method == "initialize":
			send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":{"protocolVersion":"2025-11-25","serverInfo":{"name":"` + strings.Repeat("x", 2<<20) + `"}}}`)
			continue
		case req.Method == "initialize":
			send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"fault-` + mode + `","version":"1"}}}`)
		case req.Method == "tools/list" && mode == "cursor-loop":
			send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":{"tools":[],"nextCursor":"again"}}`)
		case req.Method == "tools/list":
			send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":{"tools":` + tools + `}}`)
		case req.Method == "tools/call" && mode == "hang-on-call":
			// Never answers the call.
		case req.Method == "tools/call" && mode == "garbage-on-call":
			send("this is not JSON-RPC {{{")
		case req.Method == "tools/call" && mode == "huge-on-call":
			send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":{"content":[{"type":"text","text":"` + strings.Repeat("x", 100<<20) + `"}]}}`)
		case req.Method == "tools/call" && mode == "crash-on-call":
			fmt.Fprintln(os.Stderr, "segfault in read")
			os.Exit(139 - 128)
		case req.Method == "tools/call":
			send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":{"content":[{"type":"text","text":"ran"}]}}`)
		default:
			send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"error":{"code":-32601,"message":"no"}}`)
		}
	}
}

func faultCommand(t *testing.T, mode string) live.Server {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return live.Server{Command: []string{exe, "-test.run=^$"}, Env: map[string]string{"GATEHOUSE_FAULT_SERVER": mode}}
}

// TestFetchCatalogFaults: each way a server can fail gives a clear error naming the step, the exit status and the server's last words where there are any.
func TestFetchCatalogFaults(t *testing.T) {
	lim := live.Limits{StartTimeout: 2 * time.Second, MaxMessageBytes: 1 << 20, StopTimeout: 500 * time.Millisecond}
	cases := []struct {
		mode string
		want []string
	}{
		{"crash", []string{"handshake", "exit status 5", "the database is gone"}},
		// A wait without a time-out would never say this (the test binary's -timeout ends it).
		{"hang", []string{"handshake", "no answer from the server"}},
		{"malformed", []string{"handshake"}},
		{"oversized", []string{"handshake", "larger than 1048576 bytes"}},
		{"cursor-loop", []string{"listing tools", `cursor "again" twice`}},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			_, err := live.FetchCatalog(context.Background(), faultCommand(t, c.mode), lim, nil)
			if err == nil {
				t.Fatal("no error")
			}
			var se *live.ServerError
			if !errors.As(err, &se) {
				t.Errorf("%T is not a *ServerError: %v", err, err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("the error does not say %q:\n%v", w, err)
				}
			}
		})
	}
	// A tool listed twice comes through as sent, and is named.
	cat, err := live.FetchCatalog(context.Background(), faultCommand(t, "duplicate"), lim, nil)
	if err != nil || len(cat.Tools) != 2 || strings.Join(cat.Repeated(), ",") != "read" {
		t.Errorf("duplicate: %v, %d tools, repeated %v", err, len(cat.Tools), cat.Repeated())
	}
	// A command that does not exist.
	if _, err := live.FetchCatalog(context.Background(), live.Server{Command: []string{"/nonexistent/mcp-server"}}, lim, nil); err == nil || !strings.Contains(err.Error(), "start") {
		t.Errorf("a missing command: %v", err)
	}
}

// proxyTo starts a proxy in front of a fault server, with an SDK client.
func proxyTo(t *testing.T, mode, policy string) (*mcp.ClientSession, chan error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	p, err := live.NewProxy(live.ProxyConfig{Server: faultCommand(t, mode), Policy: policy,
		Limits: live.Limits{StartTimeout: 2 * time.Second, StopTimeout: 500 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	proxySide, clientSide := mcp.NewInMemoryTransports()
	served := make(chan error, 1)
	go func() { served <- p.Serve(ctx, proxySide) }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, clientSide, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, served
}

// TestProxyFaults: a tool listed twice is hidden and its calls denied; a server that dies
// mid-call gives the client an error for the call and the proxy stops saying why.
func TestProxyFaults(t *testing.T) {
	t.Run("duplicate", func(t *testing.T) {
		cs, _ := proxyTo(t, "duplicate", `{"allow_tools":["read"]}`)
		list, err := cs.ListTools(context.Background(), nil)
		if err != nil || len(list.Tools) != 0 {
			t.Errorf("a tool listed twice is offered: %v %v", err, list)
		}
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "read", Arguments: map[string]any{}})
		if err != nil || !res.IsError || !strings.Contains(resultText(res), "listed twice") {
			t.Errorf("a call to a tool listed twice: %v %q", err, resultText(res))
		}
	})
	t.Run("crash on call", func(t *testing.T) {
		cs, served := proxyTo(t, "crash-on-call", `{"allow_tools":["read"]}`)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "read", Arguments: map[string]any{}})
		if err == nil || ctx.Err() != nil {
			t.Errorf("the call to a server that died: err %v, ctx %v", err, ctx.Err())
		}
		select {
		case err := <-served:
			if err == nil || !strings.Contains(err.Error(), "segfault in read") {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("the proxy did not stop when the server died")
		}
	})
}

// TestProxyClientGarbage: a client that sends what is not JSON gets a parse error and the proxy
// stops, without sending anything to the server.
func TestProxyClientGarbage(t *testing.T) {
	rec := newRecorder(t, tool("read", "Read."))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	serverSide, upstream := mcp.NewInMemoryTransports()
	rec.server.Connect(ctx, serverSide, nil)
	p, err := live.NewProxy(live.ProxyConfig{Upstream: upstream, Policy: `{"allow_tools":["read"]}`})
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	served := make(chan error, 1)
	go func() { served <- p.Serve(ctx, &mcp.IOTransport{Reader: inR, Writer: outW}) }()
	go inW.Write([]byte("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"read\"\n}} garbage\n"))
	line, err := bufio.NewReader(outR).ReadString('\n')
	if err != nil || !strings.Contains(line, "-32700") {
		t.Errorf("the client got %q (%v), want a parse error", line, err)
	}
	select {
	case err := <-served:
		if err == nil {
			t.Error("Serve returned nil for a client that sent garbage")
		}
	case <-time.After(5 * time.Second):
		t.Error("the proxy did not stop")
	}
	if got := rec.received(); len(got) != 0 {
		t.Errorf("the server received %q", got)
	}
}

// TestProxyCancelWhileAsking: the client withdraws a call while the person is being asked: the
// call never reaches the server, and the log says cancelled.
func TestProxyCancelWhileAsking(t *testing.T) {
	rec := newRecorder(t, tool("send", "Send."))
	asking := make(chan struct{}, 1)
	opts := &mcp.ClientOptions{ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		asking <- struct{}{}
		<-ctx.Done()
		return nil, ctx.Err()
	}}
	// The proxy asks (and so sees a withdrawal) only under the initialize protocol; under
	// 2026-07-28 the client asks the person itself.
	s := connectSpeaking(t, rec, live.ProxyConfig{Policy: `{"allow_tools":["send"],"needs_confirm":["send"]}`, Limits: live.Limits{AskTimeout: 10 * time.Second}}, opts, legacy)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-asking; cancel() }()
	if _, err := s.client.CallTool(ctx, &mcp.CallToolParams{Name: "send", Arguments: map[string]any{}}); err == nil {
		t.Error("a cancelled call returned a result")
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(s.log.String(), `"confirmation":"cancelled"`) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(s.log.String(), `"confirmation":"cancelled"`) || strings.Contains(s.log.String(), `"forwarded":true`) {
		t.Errorf("log: %s", s.log.String())
	}
	if got := rec.received(); len(got) != 0 {
		t.Errorf("a withdrawn call reached the server: %q", got)
	}
}

// TestHTTPGatewayFaults: behind proxy --listen, a server that hangs on a call, answers it with
// garbage or with 100 MB, or dies during it: the client gets an error in bounded time, nothing
// is forwarded by mistake, and the gateway stays up: a new session (a new server process, the
// server restarted) lists and works.
func TestHTTPGatewayFaults(t *testing.T) {
	for _, mode := range []string{"hang-on-call", "garbage-on-call", "huge-on-call", "crash-on-call"} {
		t.Run(mode, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "tokens")
			os.WriteFile(path, []byte("fault-client-0123456789abcdef\n"), 0o600)
			toks, _, err := live.LoadTokens(path)
			if err != nil {
				t.Fatal(err)
			}
			g, err := live.NewHTTPGateway(live.ProxyConfig{Server: faultCommand(t, mode), Policy: `{"allow_tools":["read"]}`, Stderr: &syncBuffer{},
				Limits: live.Limits{StartTimeout: 10 * time.Second, CallTimeout: 2 * time.Second, StopTimeout: 500 * time.Millisecond}}, toks)
			if err != nil {
				t.Fatal(err)
			}
			front := httptest.NewServer(g)
			// The gateway first: its sessions end, and with them the clients' open streams.
			defer func() { g.Close(context.Background()); front.Close() }()
			cs := httpClient(t, front.URL, "fault-client-0123456789abcdef")
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "read", Arguments: map[string]any{}})
			if ctx.Err() != nil {
				t.Fatalf("the client waited past its deadline")
			}
			if err == nil && !res.IsError {
				t.Fatalf("the faulty call gave a result: %q", resultText(res))
			}
			if err == nil && strings.Contains(resultText(res), "xxxxxxxx") {
				t.Errorf("the 100 MB answer reached the client")
			}
			again := httpClient(t, front.URL, "fault-client-0123456789abcdef")
			list, err := again.ListTools(ctx, nil)
			if err != nil || len(list.Tools) != 1 {
				t.Errorf("after the fault, a new session cannot list: %v %v", list, err)
			}
		})
	}
}

// TestMultiProxyServerDies: in a gateway of two servers, one dies during a call: the client gets
// an error in bounded time, that server's tools are withdrawn, and the other server keeps
// working.
func TestMultiProxyServerDies(t *testing.T) {
	files := newRecorder(t, tool("list", "List files."))
	broken := faultCommand(t, "crash-on-call")
	broken.Name = "broken"
	p, err := live.NewMultiProxy(live.MultiProxyConfig{
		Servers: []live.Server{served(t, "files", files), broken},
		Policy:  `{"allow_tools":["files/list","broken/read"]}`, Stderr: &syncBuffer{},
		Limits: live.Limits{StartTimeout: 10 * time.Second, CallTimeout: 5 * time.Second, StopTimeout: 500 * time.Millisecond},
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	proxySide, clientSide := mcp.NewInMemoryTransports()
	go p.Serve(ctx, proxySide)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, clientSide, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	callCtx, callCancel := context.WithTimeout(ctx, 20*time.Second)
	defer callCancel()
	res, err := cs.CallTool(callCtx, &mcp.CallToolParams{Name: "read", Arguments: map[string]any{}})
	if callCtx.Err() != nil || (err == nil && !res.IsError) {
		t.Fatalf("the call to the server that died: %v %v (deadline: %v)", res, err, callCtx.Err())
	}
	var names []string
	for range 50 { // the withdrawal follows the server's end; bounded wait
		list, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		names = names[:0]
		for _, tl := range list.Tools {
			names = append(names, tl.Name)
		}
		if len(names) == 1 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(names) != 1 || names[0] != "list" {
		t.Errorf("after the server died, tools/list shows %v, want [list]", names)
	}
	if res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "list", Arguments: map[string]any{}}); err != nil || res.IsError {
		t.Errorf("the other server stopped working: %v %v", res, err)
	}
	if res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "read", Arguments: map[string]any{}}); err != nil || !res.IsError {
		t.Errorf("a call to the dead server's tool is not denied: %v %v", res, err)
	}
}
