package main

// The live commands against real MCP servers from npm (test/mcp's lockfile): catalog, pin,
// verify and lint start them, and the proxy stands in front of them with a client driven by the
// official Go SDK. make test requires them (GATEHOUSE_REQUIRE_MCP=1).

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func toolNamesOf(t *testing.T, catalog string) []string {
	t.Helper()
	var c struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	if err := json.Unmarshal([]byte(catalog), &c); err != nil {
		t.Fatalf("the catalog is not JSON: %v\n%s", err, catalog)
	}
	var names []string
	for _, tl := range c.Tools {
		names = append(names, tl.Name)
	}
	return names
}

// TestLiveCatalogPinVerify: catalog, pin and verify against server-everything over stdio; the
// catalog is one core reads (lint, pin) and the lock holds on a second start.
func TestLiveCatalogPinVerify(t *testing.T) {
	everything := testenv.MCPServer(t, "mcp-server-everything")
	code, catalog, stderr := runIn(t, "", append([]string{"catalog", "--"}, everything...)...)
	if code != exitOK {
		t.Fatalf("catalog: exit %d\n%s", code, stderr)
	}
	var head struct {
		ProtocolVersion string `json:"protocolVersion"`
		ServerInfo      struct {
			Name string `json:"name"`
		} `json:"serverInfo"`
	}
	json.Unmarshal([]byte(catalog), &head)
	names := toolNamesOf(t, catalog)
	if head.ProtocolVersion == "" || head.ServerInfo.Name == "" || !slices.Contains(names, "echo") || !slices.Contains(names, "get-sum") {
		t.Fatalf("catalog: protocol %q, server %q, tools %v", head.ProtocolVersion, head.ServerInfo.Name, names)
	}
	// The elicitation tool is there: the handshake claimed what a full client claims.
	if !slices.Contains(names, "trigger-elicitation-request") {
		t.Errorf("catalog: no trigger-elicitation-request among %v", names)
	}
	if res := core.PinCatalog(core.PinRequest{Catalog: catalog}); len(res.Problems) > 0 || len(res.Pins) != len(names) {
		t.Fatalf("core does not pin the catalog: %v", res.Problems)
	}

	dir := t.TempDir()
	lockPath := filepath.Join(dir, "tools.lock.json")
	code, lock, stderr := runIn(t, "", append([]string{"pin", "--"}, everything...)...)
	if code != exitOK {
		t.Fatalf("pin: exit %d\n%s", code, stderr)
	}
	os.WriteFile(lockPath, []byte(lock), 0o644)
	code, out, stderr := runIn(t, "", append([]string{"verify", "--lock", lockPath, "--"}, everything...)...)
	if code != exitOK || !strings.Contains(out, "no drift") {
		t.Fatalf("verify against its own lock: exit %d\n%s%s", code, out, stderr)
	}
	// A lock whose pin of echo is another's: drift, exit 1, named.
	var pins map[string]string
	json.Unmarshal([]byte(lock), &pins)
	pins["echo"] = pins["get-sum"]
	tampered, _ := json.Marshal(pins)
	os.WriteFile(lockPath, tampered, 0o644)
	code, out, _ = runIn(t, "", append([]string{"verify", "--lock", lockPath, "--"}, everything...)...)
	if code != exitFindings || !strings.Contains(out, `"echo" changed since it was pinned`) {
		t.Errorf("verify against a tampered lock: exit %d\n%s", code, out)
	}
	// A server and a file at once is a usage error.
	if code, _, _ := runIn(t, "", "lint", "x.json", "--", "true"); code != exitUsage {
		t.Errorf("lint with a file and a server: exit %d, want %d", code, exitUsage)
	}
}

// TestLiveConfig: a Claude Code .mcp.json with server-everything over stdio, server-filesystem,
// and a server that fails: one multi-server catalog with the two that came, the failure named
// with its stderr and exit status, exit 3.
func TestLiveConfig(t *testing.T) {
	everything := testenv.MCPServer(t, "mcp-server-everything")
	filesystem := testenv.MCPServer(t, "mcp-server-filesystem")
	dir := t.TempDir()
	config := map[string]any{"mcpServers": map[string]any{
		"everything": map[string]any{"command": everything[0], "args": everything[1:]},
		"files":      map[string]any{"type": "stdio", "command": filesystem[0], "args": append(filesystem[1:], dir)},
		"broken":     map[string]any{"command": everything[0], "args": []string{"-e", `console.error("missing API_KEY"); process.exit(7)`}},
	}}
	b, _ := json.Marshal(config)
	path := filepath.Join(dir, ".mcp.json")
	os.WriteFile(path, b, 0o644)
	code, out, stderr := runIn(t, "", "catalog", "--config", path)
	if code != exitUsage {
		t.Errorf("exit %d, want %d (one server did not come)", code, exitUsage)
	}
	if !strings.Contains(stderr, "server broken") || !strings.Contains(stderr, "missing API_KEY") || !strings.Contains(stderr, "exit status 7") {
		t.Errorf("the failure is not reported with its stderr and exit status:\n%s", stderr)
	}
	var multi struct {
		Servers map[string]json.RawMessage `json:"servers"`
	}
	if err := json.Unmarshal([]byte(out), &multi); err != nil || len(multi.Servers) != 2 {
		t.Fatalf("want the two servers that came: %v\n%s", err, out)
	}
	if !slices.Contains(toolNamesOf(t, string(multi.Servers["files"])), "read_text_file") {
		t.Errorf("the filesystem server's tools are missing")
	}
	lint := core.Lint(core.LintRequest{Catalog: out})
	for _, p := range lint.Problems {
		if p.Kind == core.Kinds.Parse {
			t.Errorf("core cannot read the multi-server catalog: %v", p)
		}
	}
}

// TestLiveCatalogHTTP: the same over Streamable HTTP, server-everything listening on a port of
// this machine.
func TestLiveCatalogHTTP(t *testing.T) {
	everything := testenv.MCPServer(t, "mcp-server-everything")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := commandContext(ctx, append(everything, "streamableHttp"), fmt.Sprintf("PORT=%d", port))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cancel(); cmd.Wait() }()
	url := fmt.Sprintf("http://127.0.0.1:%d/mcp", port)
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("server-everything did not listen on %d", port)
		}
		time.Sleep(100 * time.Millisecond)
	}
	code, out, stderr := runIn(t, "", "catalog", "--url", url, "--header", "Authorization: Bearer not-a-real-token-7f3a")
	if code != exitOK || !slices.Contains(toolNamesOf(t, out), "echo") {
		t.Fatalf("catalog --url: exit %d\n%s", code, stderr)
	}
	if strings.Contains(out+stderr, "not-a-real-token-7f3a") {
		t.Errorf("a --header value was printed")
	}
}

// proxied runs `gatehouse proxy` in this process on pipes, with an SDK client on the other end.
func proxied(t *testing.T, opts *mcp.ClientOptions, args ...string) (*mcp.ClientSession, func() (int, string)) {
	t.Helper()
	toProxyR, toProxyW := io.Pipe()
	fromProxyR, fromProxyW := io.Pipe()
	var stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		code := run(append([]string{"proxy"}, args...), noEnv, toProxyR, fromProxyW, &stderr)
		fromProxyW.Close()
		done <- code
	}()
	client := mcp.NewClient(&mcp.Implementation{Name: "sdk-client", Version: "1"}, opts)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: fromProxyR, Writer: toProxyW}, nil)
	if err != nil {
		toProxyW.Close()
		t.Fatalf("connecting through the proxy: %v\n%s", err, stderr.String())
	}
	stop := func() (int, string) {
		cs.Close()
		select {
		case code := <-done:
			return code, stderr.String()
		case <-time.After(30 * time.Second):
			t.Fatal("the proxy did not stop when the client closed")
			return 0, ""
		}
	}
	return cs, stop
}

// TestLiveProxyFilesystem: the proxy in front of server-filesystem: only the allowed tools are
// listed, a read inside the workspace runs for real, a read outside and a write are denied and
// never happen (the file is not written), and the log holds one decision per call.
func TestLiveProxyFilesystem(t *testing.T) {
	filesystem := testenv.MCPServer(t, "mcp-server-filesystem")
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("hello from the workspace"), 0o644)
	policy := filepath.Join(t.TempDir(), "policy.json")
	os.WriteFile(policy, []byte(fmt.Sprintf(`{"allow_tools":["read_text_file","list_directory"],
  "arguments":{"read_text_file":{"path":{"workspace":%q}}}}`, dir)), 0o644)
	logPath := filepath.Join(t.TempDir(), "decisions.jsonl")
	cs, stop := proxied(t, nil, append([]string{"--policy", policy, "--log", logPath, "--"}, append(filesystem, dir)...)...)
	ctx := context.Background()
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range list.Tools {
		names = append(names, tl.Name)
	}
	slices.Sort(names)
	if !slices.Equal(names, []string{"list_directory", "read_text_file"}) {
		t.Errorf("tools/list through the proxy: %v", names)
	}
	text := func(r *mcp.CallToolResult) string {
		var b strings.Builder
		for _, c := range r.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				b.WriteString(tc.Text)
			}
		}
		return b.String()
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "read_text_file", Arguments: map[string]any{"path": filepath.Join(dir, "notes.txt")}})
	if err != nil || res.IsError || !strings.Contains(text(res), "hello from the workspace") {
		t.Errorf("an allowed read: %v %q", err, text(res))
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "read_text_file", Arguments: map[string]any{"path": "/etc/hostname"}})
	if err != nil || !res.IsError || !strings.Contains(text(res), "gatehouse denied this call") || !strings.Contains(text(res), "workspace") {
		t.Errorf("a read outside the workspace: %v %q", err, text(res))
	}
	target := filepath.Join(dir, "planted.txt")
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "write_file", Arguments: map[string]any{"path": target, "content": "x"}})
	if err != nil || !res.IsError {
		t.Errorf("a write: %v %q", err, text(res))
	}
	if _, err := os.Stat(target); err == nil {
		t.Errorf("a denied write_file ran: %s exists", target)
	}
	// Resources and other requests pass through: server-filesystem answers ping.
	if err := cs.Ping(ctx, nil); err != nil {
		t.Errorf("ping through the proxy: %v", err)
	}
	if code, stderr := stop(); code != exitOK {
		t.Errorf("proxy exit %d\n%s", code, stderr)
	}
	log, _ := os.ReadFile(logPath)
	lines := strings.Split(strings.TrimSpace(string(log)), "\n")
	if len(lines) != 3 {
		t.Fatalf("the log has %d lines, want 3:\n%s", len(lines), log)
	}
	// A line is a decision the page and link --decision open.
	if code, _, stderr := runIn(t, lines[1], "link", "--decision", "-"); code != exitOK {
		t.Errorf("link --decision on a log line: exit %d\n%s", code, stderr)
	}
}

// TestLiveProxyEverything: in front of server-everything: a confirmed call runs (the person
// accepts through the SDK client's elicitation), and the server's own elicitation request to
// the client passes through the proxy both ways.
func TestLiveProxyEverything(t *testing.T) {
	everything := testenv.MCPServer(t, "mcp-server-everything")
	policy := filepath.Join(t.TempDir(), "policy.json")
	os.WriteFile(policy, []byte(`{"allow_tools":["echo","trigger-elicitation-request"],"needs_confirm":["echo"]}`), 0o644)
	var asked []string
	opts := &mcp.ClientOptions{ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		asked = append(asked, req.Params.Message)
		if strings.HasPrefix(req.Params.Message, "gatehouse:") {
			return &mcp.ElicitResult{Action: "accept"}, nil
		}
		return &mcp.ElicitResult{Action: "decline"}, nil
	}}
	cs, stop := proxied(t, opts, append([]string{"--policy", policy, "--"}, everything...)...)
	ctx := context.Background()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"message": "through the gate"}})
	if err != nil || res.IsError || len(res.Content) == 0 || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "through the gate") {
		t.Errorf("a confirmed echo: %v %+v", err, res)
	}
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "trigger-elicitation-request", Arguments: map[string]any{}}); err != nil {
		t.Errorf("the server's elicitation through the proxy: %v", err)
	}
	if len(asked) != 2 || !strings.Contains(asked[0], "echo") || strings.HasPrefix(asked[1], "gatehouse:") {
		t.Errorf("the person was asked %q; want gatehouse's confirmation, then the server's own question", asked)
	}
	if code, stderr := stop(); code != exitOK {
		t.Errorf("proxy exit %d\n%s", code, stderr)
	}
}

// commandContext starts a helper server for a test, with extra environment.
func commandContext(ctx context.Context, argv []string, env ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	return cmd
}

// TestLiveProxyConfig: one gateway for every server of a configuration: the tools of both
// working servers under one policy of server/tool keys, each call to its server, and the server
// that fails reported while the others work.
func TestLiveProxyConfig(t *testing.T) {
	everything := testenv.MCPServer(t, "mcp-server-everything")
	filesystem := testenv.MCPServer(t, "mcp-server-filesystem")
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("hello from the workspace"), 0o644)
	config := map[string]any{"mcpServers": map[string]any{
		"everything": map[string]any{"command": everything[0], "args": everything[1:]},
		"files":      map[string]any{"command": filesystem[0], "args": append(filesystem[1:], dir)},
		"broken":     map[string]any{"command": everything[0], "args": []string{"-e", `console.error("missing API_KEY"); process.exit(7)`}},
	}}
	b, _ := json.Marshal(config)
	path := filepath.Join(t.TempDir(), ".mcp.json")
	os.WriteFile(path, b, 0o644)
	policy := filepath.Join(t.TempDir(), "policy.json")
	os.WriteFile(policy, []byte(`{"allow_tools":["everything/echo","files/read_text_file"]}`), 0o644)
	cs, stop := proxied(t, nil, "--policy", policy, "--config", path)
	ctx := context.Background()
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range list.Tools {
		names = append(names, tl.Name)
	}
	if !slices.Equal(names, []string{"echo", "read_text_file"}) {
		t.Errorf("tools/list through the gateway: %v", names)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"message": "one gate"}})
	if err != nil || res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "one gate") {
		t.Errorf("echo: %v %+v", err, res)
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "read_text_file", Arguments: map[string]any{"path": filepath.Join(dir, "notes.txt")}})
	if err != nil || res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "hello from the workspace") {
		t.Errorf("read_text_file: %v %+v", err, res)
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "write_file", Arguments: map[string]any{"path": filepath.Join(dir, "x"), "content": "x"}})
	if err != nil || !res.IsError {
		t.Errorf("write_file, not allowed: %v %+v", err, res)
	}
	if code, stderr := stop(); code != exitOK || !strings.Contains(stderr, "broken") || !strings.Contains(stderr, "missing API_KEY") {
		t.Errorf("exit %d; the failing server is not reported:\n%s", code, stderr)
	}
}
