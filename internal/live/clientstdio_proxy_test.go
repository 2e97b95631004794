package live_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/live"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestProxyAnswersBadClientLines: a client on stdio sends a line that is not JSON, then
// initialize, tools/list and a call, with a cut call in between; the bad lines get JSON-RPC
// errors with id null, the rest works, and nothing of a bad line reaches the server.
func TestProxyAnswersBadClientLines(t *testing.T) {
	rec := newRecorder(t, tool("read", "Read."))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	serverSide, upstream := mcp.NewInMemoryTransports()
	if _, err := rec.server.Connect(ctx, serverSide, nil); err != nil {
		t.Fatal(err)
	}
	stderr := &lockedBuffer{}
	p, err := live.NewProxy(live.ProxyConfig{Upstream: upstream, Policy: `{"allow_tools":["read"]}`, Stderr: stderr,
		Limits: live.Limits{AskTimeout: 2 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	clientIn, toProxy := io.Pipe()
	fromProxy, clientOut := io.Pipe()
	var notes lockedBuffer
	served := make(chan error, 1)
	go func() {
		served <- p.Serve(ctx, live.ClientStdio(clientIn, clientOut, live.DefaultLimits.MaxMessageBytes, "en", func(s string) { notes.Write([]byte(s + "\n")) }))
	}()
	answers := bufio.NewScanner(fromProxy)
	answers.Buffer(nil, 1<<20)
	send := func(line string) {
		t.Helper()
		if _, err := io.WriteString(toProxy, line+"\n"); err != nil {
			t.Fatalf("writing %s: %v", line, err)
		}
	}
	// answer reads the proxy's lines up to the answer whose id is id ("null" for none).
	answer := func(id string) map[string]any {
		t.Helper()
		for answers.Scan() {
			var m map[string]any
			if err := json.Unmarshal(answers.Bytes(), &m); err != nil {
				t.Fatalf("the proxy wrote what is not JSON: %v: %s", err, answers.Text())
			}
			if raw, _ := json.Marshal(m["id"]); string(raw) == id && (m["result"] != nil || m["error"] != nil) {
				return m
			}
		}
		t.Fatalf("the proxy's output ended before the answer to %s: %v\n%s", id, answers.Err(), stderr.String())
		return nil
	}

	send("this is not json")
	bad := answer("null")
	e, _ := bad["error"].(map[string]any)
	want := `gatehouse: line 1 of the client's stream is not JSON: keys and strings need double quotes: "this" is written without them (write "this") at column 1`
	if e["code"] != float64(-32700) || e["message"] != want {
		t.Errorf("the answer to the bad line: %v", bad)
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"by-hand","version":"1"}}}`)
	if init := answer("1"); init["result"] == nil {
		t.Fatalf("initialize: %v", init)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	list, _ := answer("2")["result"].(map[string]any)
	if tools, _ := list["tools"].([]any); len(tools) != 1 || tools[0].(map[string]any)["name"] != "read" {
		t.Errorf("tools/list: %v", list)
	}
	// A call cut short, and a call in JSON that is not a JSON-RPC message: neither runs.
	send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read","arguments":{"path":"cut"}`)
	if e, _ := answer("null")["error"].(map[string]any); e["code"] != float64(-32700) || !strings.HasPrefix(e["message"].(string), "gatehouse: line 5 of the client's stream is not JSON: ") {
		t.Errorf("the answer to the cut call: %v", e)
	}
	send(`{"id":4,"method":"tools/call","params":{"name":"read","arguments":{"path":"no-version"}}}`)
	if e, _ := answer("null")["error"].(map[string]any); e["code"] != float64(-32600) || e["message"] != `gatehouse: line 6 of the client's stream is not a JSON-RPC message: it lacks "jsonrpc": "2.0"` {
		t.Errorf("the answer to the call without a version: %v", e)
	}
	send(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"read","arguments":{"path":"notes.txt"}}}`)
	res, _ := answer("5")["result"].(map[string]any)
	if content, _ := res["content"].([]any); len(content) != 1 || content[0].(map[string]any)["text"] != "ran read" {
		t.Errorf("tools/call: %v", res)
	}
	if got := rec.received(); !slices.Equal(got, []string{`read {"path":"notes.txt"}`}) {
		t.Errorf("the server received %q", got)
	}
	if n := strings.Count(notes.String(), "of the client's stream is not"); n != 3 {
		t.Errorf("%d notes, want 3:\n%s", n, notes.String())
	}
	toProxy.Close()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("the proxy ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("the proxy did not end when the client closed its stream")
	}
}
