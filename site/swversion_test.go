package site

import (
	"regexp"
	"strings"
	"testing"
)

// The service worker answers a reload from its copy without asking the server, so the sw.js the
// server sends must change whenever any other file does, and only then.
func TestServiceWorkerIsVersionedByContent(t *testing.T) {
	sw, ok := theServer().assets[swName]
	if !ok {
		t.Fatal("sw.js is not served")
	}
	if strings.Contains(string(sw.body), swVersion) {
		t.Fatal("the served sw.js is not versioned")
	}
	if !regexp.MustCompile(`const version = '[0-9a-f]{32}';`).Match(sw.body) {
		t.Fatalf("the served sw.js has no content version")
	}

	source := []byte("const a = 1;\n" + swVersion + "\nconst b = 2;\n")
	versionOf := func(files map[string]string) string {
		assets := map[string]*asset{swName: {body: source, contentType: "text/javascript", hash: "source"}}
		for name, hash := range files {
			assets[name] = &asset{body: []byte(hash), hash: hash}
		}
		versionSW(assets)
		return string(assets[swName].body)
	}
	base := versionOf(map[string]string{"app.js": "1", "gatehouse.wasm": "2"})
	if base == string(source) || !strings.HasPrefix(base, "const a = 1;\nconst version = '") || !strings.HasSuffix(base, "';\nconst b = 2;\n") {
		t.Fatalf("versioned sw.js:\n%s", base)
	}
	if again := versionOf(map[string]string{"gatehouse.wasm": "2", "app.js": "1"}); again != base {
		t.Error("the same files gave another version")
	}
	for what, files := range map[string]map[string]string{
		"a changed file": {"app.js": "1", "gatehouse.wasm": "3"},
		"a new file":     {"app.js": "1", "gatehouse.wasm": "2", "gatehouse-schema.wasm": "4"},
		"a renamed file": {"main.js": "1", "gatehouse.wasm": "2"},
	} {
		if versionOf(files) == base {
			t.Errorf("%s kept the version", what)
		}
	}
}
