package live_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/live"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// served puts a recorder behind Streamable HTTP on loopback, as a configured server.
func served(t *testing.T, name string, rec *recorder) live.Server {
	t.Helper()
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return rec.server }, nil))
	t.Cleanup(srv.Close)
	return live.Server{Name: name, URL: srv.URL}
}

// TestMultiProxy: one gateway in front of two servers and a third that does not start. The
// tools of both working servers are listed under the collision rule, each call goes to its
// server, the policy names tools server/tool, resources and prompts reach their server, and the
// broken server is reported while the others work.
func TestMultiProxy(t *testing.T) {
	files := newRecorder(t, tool("read", "Read a file."), tool("delete", "Delete a file."))
	files.server.AddResource(&mcp.Resource{URI: "file:///notes.txt", Name: "notes"},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "from files"}}}, nil
		})
	mail := newRecorder(t, tool("read", "Read a mail."), tool("send", "Send a mail."))
	mail.server.AddPrompt(&mcp.Prompt{Name: "greet"}, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "hi from mail"}}}}, nil
	})
	stderr, log := &syncBuffer{}, &syncBuffer{}
	p, err := live.NewMultiProxy(live.MultiProxyConfig{
		Servers: []live.Server{served(t, "files", files), served(t, "mail", mail), {Name: "broken", Command: []string{"/nonexistent/mcp-server"}}},
		Policy:  `{"allow_tools":["files/read","mail/read","send"]}`,
		Log:     log, Stderr: stderr, Limits: live.Limits{StartTimeout: 10 * time.Second},
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
		t.Fatalf("connecting: %v", err)
	}
	defer cs.Close()
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range list.Tools {
		names = append(names, tl.Name)
	}
	if want := []string{"files__read", "mail__read", "send"}; !slices.Equal(names, want) {
		t.Errorf("tools/list shows %v, want %v", names, want)
	}
	for _, c := range []struct {
		call string
		rec  *recorder
		ran  string
	}{{"files__read", files, "ran read"}, {"mail__read", mail, "ran read"}, {"send", mail, "ran send"}} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.call, Arguments: map[string]any{"path": "x"}})
		if err != nil || res.IsError || resultText(res) != c.ran {
			t.Errorf("%s: %v %q", c.call, err, resultText(res))
		}
	}
	if res, _ := cs.CallTool(ctx, &mcp.CallToolParams{Name: "delete", Arguments: map[string]any{}}); res == nil || !res.IsError {
		t.Errorf("delete, not allowed, was not denied")
	}
	if got := files.received(); !slices.Equal(got, []string{`read {"path":"x"}`}) {
		t.Errorf("files received %q", got)
	}
	if got := mail.received(); len(got) != 2 {
		t.Errorf("mail received %q", got)
	}
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "file:///notes.txt"})
	if err != nil || rr.Contents[0].Text != "from files" {
		t.Errorf("resources/read: %v %v", rr, err)
	}
	pr, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "greet"})
	if err != nil || len(pr.Messages) != 1 {
		t.Errorf("prompts/get: %v %v", pr, err)
	}
	if !strings.Contains(stderr.String(), "broken") {
		t.Errorf("the server that did not start is not reported: %s", stderr.String())
	}
	lines := log.lines(t)
	if len(lines) != 4 || lines[0]["server"] != "files" || lines[0]["tool"] != "files/read" || lines[2]["server"] != "mail" {
		t.Errorf("the log: %s", log.String())
	}
}
