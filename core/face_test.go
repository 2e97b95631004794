package core_test

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
)

// maxExportedNames is issue 20's bound on core's face: the top-level names go/doc lists
// (constants, variables, types and functions, a type's constructors included; methods are not
// names of their own). A new name is welcome when a binding or an embedder needs it; past the
// bound, one that none needs should go first.
const maxExportedNames = 90

// TestFaceIsSmallAndDocumented holds core's public face to its bound and to a doc comment on
// every exported name, as `go doc ./core` shows it: a reader of the contract must find what
// each name is without opening the source.
func TestFaceIsSmallAndDocumented(t *testing.T) {
	fset := token.NewFileSet()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	d, err := doc.NewFromFiles(fset, files, "github.com/gatehouse-dev/gatehouse/core")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	add := func(name, docText string) {
		if !ast.IsExported(name) {
			return
		}
		names = append(names, name)
		if strings.TrimSpace(docText) == "" {
			t.Errorf("%s has no doc comment", name)
		}
	}
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			for _, spec := range v.Decl.Specs {
				vspec := spec.(*ast.ValueSpec)
				for _, n := range vspec.Names {
					add(n.Name, v.Doc+vspec.Doc.Text()+vspec.Comment.Text())
				}
			}
		}
	}
	values(d.Consts)
	values(d.Vars)
	for _, f := range d.Funcs {
		add(f.Name, f.Doc)
	}
	for _, typ := range d.Types {
		add(typ.Name, typ.Doc)
		values(typ.Consts)
		values(typ.Vars)
		for _, f := range typ.Funcs {
			add(f.Name, f.Doc)
		}
		for _, m := range typ.Methods {
			if ast.IsExported(m.Name) && strings.TrimSpace(m.Doc) == "" {
				t.Errorf("%s.%s has no doc comment", typ.Name, m.Name)
			}
		}
	}
	if len(names) > maxExportedNames {
		t.Errorf("core exports %d top-level names, more than %d: %s", len(names), maxExportedNames, strings.Join(names, ", "))
	}
}

// TestTablesSpellTheirNames holds the tables of names to what their doc comments promise: each
// value is its field's name in lower case, and no two fields share a value.
func TestTablesSpellTheirNames(t *testing.T) {
	for name, table := range map[string]any{"Sources": core.Sources, "Kinds": core.Kinds, "DiffModes": core.DiffModes, "Severities": core.Severities} {
		v := reflect.ValueOf(table)
		seen := map[string]string{}
		for i := range v.NumField() {
			field, value := v.Type().Field(i).Name, v.Field(i).String()
			if value != strings.ToLower(field) {
				t.Errorf("%s.%s is %q, want %q", name, field, value, strings.ToLower(field))
			}
			if other, dup := seen[value]; dup {
				t.Errorf("%s.%s and %s.%s are both %q", name, other, name, field, value)
			}
			seen[value] = field
		}
	}
	if got := core.About(core.AboutRequest{}).Severities; !slices.Equal(got, []core.Severity{core.Severities.High, core.Severities.Medium, core.Severities.Low}) {
		t.Errorf("About().Severities = %v, want the table's order (high, medium, low)", got)
	}
}
