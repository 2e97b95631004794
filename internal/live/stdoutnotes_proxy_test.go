package live_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/live"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// bannerServer prints a banner on stdout before it speaks MCP, by hand, as many npm servers do.
const bannerServer = `
process.stdout.write("Server started\n");
require("readline").createInterface({ input: process.stdin }).on("line", (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  const send = (o) => process.stdout.write(JSON.stringify(Object.assign({ jsonrpc: "2.0", id: m.id }, o)) + "\n");
  if (m.method === "initialize") send({ result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "banner", version: "1" } } });
  else if (m.method === "tools/list") send({ result: { tools: [{ name: "hello", inputSchema: { type: "object" } }] } });
  else send({ error: { code: -32601, message: "no " + m.method } });
});
`

// lockedBuffer is a buffer the proxy writes to while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *lockedBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *lockedBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// TestProxySkipsUpstreamBanner: the proxy's upstream side skips a banner on the server's stdout
// and notes it on the proxy's stderr; the client gets the server's tools.
func TestProxySkipsUpstreamBanner(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("GATEHOUSE_REQUIRE_MCP") == "1" {
			t.Fatalf("node is required (GATEHOUSE_REQUIRE_MCP=1): %v", err)
		}
		t.Skipf("SKIPPED: node is not installed: %v", err)
	}
	script := filepath.Join(t.TempDir(), "banner.js")
	if err := os.WriteFile(script, []byte(bannerServer), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := &lockedBuffer{}
	p, err := live.NewProxy(live.ProxyConfig{Server: live.Server{Name: "banner", Command: []string{node, script}}, Policy: `{"allow_tools":["hello"]}`,
		Stderr: stderr, Limits: live.Limits{StartTimeout: 20 * time.Second, StopTimeout: 500 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	proxySide, clientSide := mcp.NewInMemoryTransports()
	go p.Serve(ctx, proxySide)
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, clientSide, nil)
	if err != nil {
		t.Fatalf("connecting through the proxy: %v\n%s", err, stderr.String())
	}
	defer cs.Close()
	list, err := cs.ListTools(ctx, nil)
	if err != nil || len(list.Tools) != 1 || list.Tools[0].Name != "hello" {
		t.Fatalf("the tools through the proxy: %v %v\n%s", err, list, stderr.String())
	}
	if want := `gatehouse: server banner wrote a line that is not MCP on stdout; skipped: "Server started"` + "\n"; !strings.Contains(stderr.String(), want) {
		t.Errorf("the proxy's stderr does not hold %q:\n%s", want, stderr.String())
	}
}
