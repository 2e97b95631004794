// Package testenv finds the test data that gatehouse's tests share: the suites and seed articles
// in ../shared beside the repository, and the repository's own testdata/. Tests only.
package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// root is the repository's root: two directories above this file.
var root = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}()

// SharedDir finds sub in ../shared (or $GATEHOUSE_SHARED), or skips the test loudly;
// GATEHOUSE_REQUIRE_SHARED=1 (set by make test and CI) turns the skip into a failure.
func SharedDir(t testing.TB, sub string) string {
	t.Helper()
	base := os.Getenv("GATEHOUSE_SHARED")
	if base == "" {
		base = filepath.Join(root, "..", "shared")
	}
	dir := filepath.Join(base, sub)
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("GATEHOUSE_REQUIRE_SHARED") == "1" {
			t.Fatalf("%s is required (GATEHOUSE_REQUIRE_SHARED=1) but missing: %v", dir, err)
		}
		t.Skipf("SKIPPED: %s not found (the shared test data lives beside the repository; set GATEHOUSE_SHARED to point at it)", dir)
	}
	return dir
}

// SeedText returns one of seed 000's texts from testdata/seed000 (the article's own blocks,
// checked against it by core's tests), without its final newline.
func SeedText(name string) string {
	b, err := os.ReadFile(filepath.Join(root, "testdata", "seed000", name))
	if err != nil {
		panic(err) // testdata is part of the repository
	}
	return strings.TrimSuffix(string(b), "\n")
}

// FakeCredential builds a credential-shaped string at run time (so that no token-shaped literal sits in
// the source for scanners to flag): prefix then n characters mixing digits and letters.
func FakeCredential(prefix string, n int) string {
	const alphabet = "A7K2Q9X4M3Z8B5N6"
	var b strings.Builder
	b.WriteString(prefix)
	for i := 0; i < n; i++ {
		b.WriteByte(alphabet[(i*7+3)%len(alphabet)])
	}
	return b.String()
}

// QuoteJSON writes s as a JSON string literal, escaping only what JSON requires (unlike
// encoding/json, which also escapes <, > and &), so a test can build texts by hand.
func QuoteJSON(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20:
			b.WriteString(`\u00` + string("0123456789abcdef"[r>>4]) + string("0123456789abcdef"[r&15]))
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// MCPServer returns the command that starts one of the real MCP servers installed from
// test/mcp's lockfile (make mcp-deps), by its bin name, or skips the test loudly;
// GATEHOUSE_REQUIRE_MCP=1 (set by make test and CI) turns the skip into a failure.
func MCPServer(t testing.TB, bin string) []string {
	t.Helper()
	path := filepath.Join(root, "test", "mcp", "node_modules", ".bin", bin)
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(path)
	}
	if err != nil {
		if os.Getenv("GATEHOUSE_REQUIRE_MCP") == "1" {
			t.Fatalf("the MCP server %s is required (GATEHOUSE_REQUIRE_MCP=1) but cannot run: %v (run make mcp-deps)", bin, err)
		}
		t.Skipf("SKIPPED: the MCP server %s is not installed: %v (run make mcp-deps)", bin, err)
	}
	return []string{node, path}
}
