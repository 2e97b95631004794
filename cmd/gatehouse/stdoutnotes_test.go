package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// bannerServer is a stdio MCP server that prints what many npm servers print on stdout besides
// their messages — a banner, a bracketed log line, a blank line, a line while it initializes —
// and otherwise answers the handshake and tools/list by hand. With BROKEN set, its answer to
// initialize is cut JSON instead.
const bannerServer = `
process.stdout.write("Server started\n[INFO] listening on stdio\r\n\n");
const broken = process.env.BROKEN === "1";
require("readline").createInterface({ input: process.stdin }).on("line", (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  const send = (o) => process.stdout.write(JSON.stringify(Object.assign({ jsonrpc: "2.0", id: m.id }, o)) + "\n");
  if (m.method === "initialize") {
    console.log("initializing for " + m.params.clientInfo.name);
    if (broken) { process.stdout.write('{"jsonrpc":"2.0","id":' + JSON.stringify(m.id) + ',"result":{x}}\n'); return; }
    send({ result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "banner", version: "1" } } });
  } else if (m.method === "tools/list") {
    send({ result: { tools: [{ name: "hello", inputSchema: { type: "object" } }] } });
  } else {
    send({ error: { code: -32601, message: "no " + m.method } });
  }
});
`

func bannerCommand(t *testing.T) []string {
	t.Helper()
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
	return []string{node, script}
}

// TestCatalogSkipsStdoutBanners: a server that prints lines that are not MCP on stdout is
// listed, and each skipped line is noted on stderr, in the locale's language.
func TestCatalogSkipsStdoutBanners(t *testing.T) {
	server := bannerCommand(t)
	code, catalog, stderr := runIn(t, "", append([]string{"catalog", "--"}, server...)...)
	if code != exitOK {
		t.Fatalf("catalog: exit %d\n%s", code, stderr)
	}
	if names := toolNamesOf(t, catalog); !slices.Equal(names, []string{"hello"}) {
		t.Errorf("catalog: tools %v, want [hello]", names)
	}
	for _, skipped := range []string{`"Server started"`, `"[INFO] listening on stdio"`, `"initializing for gatehouse"`} {
		if !strings.Contains(stderr, "wrote a line that is not MCP on stdout; skipped: "+skipped+"\n") {
			t.Errorf("stderr does not note %s:\n%s", skipped, stderr)
		}
	}
	if n := strings.Count(stderr, "gatehouse catalog: server "); n != 3 {
		t.Errorf("stderr holds %d notes, want 3:\n%s", n, stderr)
	}

	// The same in French.
	var out, errOut bytes.Buffer
	french := func(name string) string {
		if name == "LANG" {
			return "fr_FR.UTF-8"
		}
		return ""
	}
	if code := run(append([]string{"catalog", "--"}, server...), french, strings.NewReader(""), &out, &errOut); code != exitOK {
		t.Fatalf("catalog in French: exit %d\n%s", code, errOut.String())
	}
	if !strings.Contains(errOut.String(), `ligne qui n'est pas du MCP ; ignorée : "Server started"`) {
		t.Errorf("the French note:\n%s", errOut.String())
	}
	if strings.Contains(errOut.String(), "is not MCP") {
		t.Errorf("the note is in English under a French locale:\n%s", errOut.String())
	}
}

// TestCatalogUnreadableAnswer: an answer that is not JSON is not reported as a server that
// closed the connection.
func TestCatalogUnreadableAnswer(t *testing.T) {
	server := bannerCommand(t)
	cmd := exec.Command(binary, append([]string{"catalog", "--timeout", "20s", "--"}, server...)...)
	cmd.Env = append(os.Environ(), "BROKEN=1", "LANG=C", "LC_ALL=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if err == nil {
		t.Fatal("catalog of a server whose answer is cut JSON succeeded")
	}
	if msg := stderr.String(); strings.Contains(msg, "closed the connection") || !strings.Contains(msg, "sent what gatehouse cannot read") {
		t.Errorf("the error:\n%s", msg)
	}
}
