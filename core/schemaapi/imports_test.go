//go:build !js

// The walk asks the go command for each package (go/build), which a js/wasm test cannot run.

package schemaapi_test

import (
	"go/build"
	"strings"
	"testing"
)

// The Schema pane's module is small only while this package imports none of the other checks: a Go
// program runs the initialisation of every package it imports (the package's doc says why).
func TestImportsNoOtherCheck(t *testing.T) {
	const module = "github.com/gatehouse-dev/gatehouse/"
	forbidden := []string{"core", "internal/lint", "internal/result", "internal/gate", "internal/flow", "internal/policy", "internal/diff", "internal/catalog", "internal/call"}
	seen := map[string]bool{}
	var walk func(path, from string)
	walk = func(path, from string) {
		if seen[path] || !strings.HasPrefix(path, module) {
			return
		}
		seen[path] = true
		for _, f := range forbidden {
			if path == module+f {
				t.Errorf("%s imports %s, which the Schema pane's module must not run", from, path)
			}
		}
		pkg, err := build.Import(path, ".", 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range pkg.Imports {
			walk(imp, path)
		}
	}
	walk(module+"core/schemaapi", "")
}
