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
