package i18n

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestSchemaModuleCatalogs holds the Schema module's catalogs (schemamodule/, embedded when
// built with the schemamodule tag) to what they must be: every message worded in a package
// ./wasm/schema links, with the whole catalog's translation, in the same order, and nothing else.
// A message the module can word is written in a package it links, so its answers in every
// language are the whole module's (test/js/schema-module.test.mjs checks them answer by answer).
// `go test ./internal/i18n -run Catalogs -sync` rewrites them with the whole catalogs.
func TestSchemaModuleCatalogs(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("SKIPPED under wasm: the catalogs are checked against the source natively; the same embedded files are tested there")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("SKIPPED: no go command to list what ./wasm/schema links: " + err.Error())
	}
	root := repoRoot(t)
	list := exec.Command(goTool, "list", "-deps", "-tags", "schemamodule", "-f", "{{.Dir}}", "./wasm/schema")
	list.Dir = root
	list.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := list.Output()
	if err != nil {
		t.Fatalf("go list -deps ./wasm/schema: %v", err)
	}
	linked := map[string]bool{}
	for _, dir := range strings.Fields(string(out)) {
		if rel, err := filepath.Rel(root, dir); err == nil && !strings.HasPrefix(rel, "..") {
			linked[rel] = true
		}
	}
	if !linked[filepath.Join("internal", "i18n")] || !linked[filepath.Join("third_party", "jsonschema")] {
		t.Fatalf("go list -deps ./wasm/schema names neither internal/i18n nor the JSON Schema library: the listing is broken:\n%s", out)
	}
	var msgs []sourceMessage
	for _, m := range sourceMessages(t) {
		if slices.ContainsFunc(m.dirs, func(d string) bool { return linked[d] }) {
			msgs = append(msgs, m)
		}
	}
	if len(msgs) < 50 {
		t.Fatalf("only %d messages are worded in the packages ./wasm/schema links: the scan is broken", len(msgs))
	}
	for _, l := range []Lang{French, German} {
		raw, err := os.ReadFile(string(l) + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var whole map[string]string
		if err := json.Unmarshal(raw, &whole); err != nil {
			t.Fatalf("%s.json: %v", l, err)
		}
		want := catalogText(msgs, whole)
		path := filepath.Join("schemamodule", string(l)+".json")
		if *syncCatalogs {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test ./internal/i18n -run Catalogs -sync writes it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not the %d messages of %s.json that ./wasm/schema's packages word (go test ./internal/i18n -run Catalogs -sync rewrites it)", path, len(msgs), l)
		}
	}
}
