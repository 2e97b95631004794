package i18n

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var syncCatalogs = flag.Bool("sync", false, "rewrite fr.json and de.json in source order: keep their translations, add the source's new keys empty, drop keys the source no longer has")

// A sourceMessage is one format or sentence the source words, and where.
type sourceMessage struct {
	key  string
	at   string   // file:line of its first occurrence, for the test's messages
	dirs []string // the directory of every occurrence, relative to the module's root
}

// repoRoot is the module's root, two levels up.
func repoRoot(t *testing.T) string {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// sourceMessages reads every message the source words: the formats of i18n.Sprintf and
// i18n.Errorf, the sentences of i18n.T, the formats of a language's Sprintf and Text (the CLI's
// words: a receiver named lang), the formats given to a function that passes its format on to
// one of these (a printf wrapper), and the JSON Schema library's formats (its printer's Sprintf
// and LocalizableError).
func sourceMessages(t *testing.T) []sourceMessage {
	t.Helper()
	root := repoRoot(t)
	fset := token.NewFileSet()
	type file struct {
		path string
		ast  *ast.File
		lib  bool // the JSON Schema library's
	}
	var files []file
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			switch {
			case strings.HasPrefix(d.Name(), ".") && path != root, d.Name() == "node_modules", d.Name() == "testdata",
				rel == filepath.Join("third_party", "jsonschema-upstream"), rel == "site", rel == "test":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files = append(files, file{rel, f, strings.HasPrefix(rel, filepath.Join("third_party", "jsonschema"))})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].path < files[j].path })

	// Printf wrappers: functions with a (format string, args ...any) tail that hand both on to a
	// function that words a message. Found until no more are. A declared function is known in
	// its package (directory), a function literal given a name (one := func(…)) in its file.
	type scope struct{ dir, file string }
	type function struct {
		scope scope // file is "" for a declared function
		name  string
		typ   *ast.FuncType
		body  *ast.BlockStmt
	}
	wrappers := map[scope]map[string]int{} // function name → index of its format parameter
	wrapperAt := func(f file, name string) (int, bool) {
		if i, ok := wrappers[scope{filepath.Dir(f.path), f.path}][name]; ok {
			return i, true
		}
		i, ok := wrappers[scope{filepath.Dir(f.path), ""}][name]
		return i, ok
	}
	isMessageCall := func(f file, call *ast.CallExpr) (formatArg int, constant, ok bool) {
		switch fun := call.Fun.(type) {
		case *ast.SelectorExpr:
			name := fun.Sel.Name
			if x, isIdent := fun.X.(*ast.Ident); isIdent && x.Name == "i18n" {
				switch name {
				case "Sprintf", "Errorf", "T":
					return 0, true, true
				}
				return 0, false, false
			}
			if (name == "Sprintf" || name == "Text") && endsWithLang(fun.X) {
				return 0, name == "Sprintf", true
			}
			if f.lib && name == "Sprintf" {
				if x, isIdent := fun.X.(*ast.Ident); isIdent && x.Name == "p" {
					return 0, true, true
				}
			}
			if i, isWrapper := wrapperAt(f, name); isWrapper {
				return i, true, true // a method: c.refuse(…)
			}
		case *ast.Ident:
			if f.lib && fun.Name == "LocalizableError" {
				return 0, true, true
			}
			if i, isWrapper := wrapperAt(f, fun.Name); isWrapper {
				return i, true, true
			}
		}
		return 0, false, false
	}
	var functions []function
	fileOf := map[*ast.BlockStmt]file{}
	for _, f := range files {
		if f.lib {
			continue
		}
		ast.Inspect(f.ast, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil {
					functions = append(functions, function{scope{filepath.Dir(f.path), ""}, n.Name.Name, n.Type, n.Body})
					fileOf[n.Body] = f
				}
			case *ast.AssignStmt:
				if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
					id, isIdent := n.Lhs[0].(*ast.Ident)
					lit, isLit := n.Rhs[0].(*ast.FuncLit)
					if isIdent && isLit {
						functions = append(functions, function{scope{filepath.Dir(f.path), f.path}, id.Name, lit.Type, lit.Body})
						fileOf[lit.Body] = f
					}
				}
			}
			return true
		})
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range functions {
			if _, known := wrappers[fn.scope][fn.name]; known {
				continue
			}
			formatAt, name := formatParam(fn.typ)
			if formatAt < 0 {
				continue
			}
			ast.Inspect(fn.body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if i, _, ok := isMessageCall(fileOf[fn.body], call); ok && i < len(call.Args) {
					if id, ok := call.Args[i].(*ast.Ident); ok && id.Name == name {
						if wrappers[fn.scope] == nil {
							wrappers[fn.scope] = map[string]int{}
						}
						if _, known := wrappers[fn.scope][fn.name]; !known {
							wrappers[fn.scope][fn.name] = formatAt
							changed = true
						}
					}
				}
				return true
			})
		}
	}

	// The string constants of each package (directory), for messages held in one.
	constsOf := map[string]map[string]ast.Expr{}
	for _, f := range files {
		dir := filepath.Dir(f.path)
		if constsOf[dir] == nil {
			constsOf[dir] = map[string]ast.Expr{}
		}
		for name, v := range fileConstants(f.ast) {
			constsOf[dir][name] = v
		}
	}
	var out []sourceMessage
	seen := map[string]int{} // key → its index in out
	for _, f := range files {
		consts := constsOf[filepath.Dir(f.path)]
		ast.Inspect(f.ast, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			i, mustBeConstant, ok := isMessageCall(f, call)
			if !ok || i >= len(call.Args) {
				return true
			}
			pos := fset.Position(call.Pos())
			at := fmt.Sprintf("%s:%d", f.path, pos.Line)
			key, ok := constantString(call.Args[i], consts)
			if !ok {
				// A format held in a variable named format (or a table named formats) is one of
				// several marked with T where they are written; a wrapper hands its own format on,
				// and its callers are read.
				switch x := call.Args[i].(type) {
				case *ast.Ident:
					if x.Name == "format" || x.Name == "sentence" {
						return true
					}
				case *ast.IndexExpr:
					if id, isIdent := x.X.(*ast.Ident); isIdent && id.Name == "formats" {
						return true
					}
				}
				if call, isCall := call.Args[i].(*ast.CallExpr); isCall {
					if sel, isSel := call.Fun.(*ast.SelectorExpr); isSel && sel.Sel.Name == "T" {
						return true // a sentence marked where it is written
					}
				}
				if !f.lib && mustBeConstant {
					t.Errorf("%s: the message is not a constant, so no catalog can hold it", at)
				}
				return true
			}
			dir := filepath.Dir(f.path)
			if j, ok := seen[key]; ok {
				if !slices.Contains(out[j].dirs, dir) {
					out[j].dirs = append(out[j].dirs, dir)
				}
				return true
			}
			seen[key] = len(out)
			out = append(out, sourceMessage{key, at, []string{dir}})
			return true
		})
	}
	return out
}

// endsWithLang reports an expression naming a language: lang, s.lang, c.lang.
func endsWithLang(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name == "lang"
	case *ast.SelectorExpr:
		return x.Sel.Name == "lang"
	}
	return false
}

// formatParam finds a (format string, args ...any) tail: the format's index and name.
func formatParam(ft *ast.FuncType) (int, string) {
	var names []string
	var types []ast.Expr
	for _, field := range ft.Params.List {
		for _, n := range field.Names {
			names = append(names, n.Name)
			types = append(types, field.Type)
		}
	}
	n := len(names)
	if n < 2 {
		return -1, ""
	}
	if id, ok := types[n-2].(*ast.Ident); !ok || id.Name != "string" {
		return -1, ""
	}
	if _, ok := types[n-1].(*ast.Ellipsis); !ok {
		return -1, ""
	}
	return n - 2, names[n-2]
}

// fileConstants maps a file's string constants to their values.
func fileConstants(f *ast.File) map[string]ast.Expr {
	consts := map[string]ast.Expr{}
	ast.Inspect(f, func(n ast.Node) bool {
		gd, ok := n.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			return true
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if i < len(vs.Values) {
					consts[name.Name] = vs.Values[i]
				}
			}
		}
		return true
	})
	return consts
}

// constantString evaluates a string literal, a constant, or a sum of them.
func constantString(e ast.Expr, consts map[string]ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		a, ok := constantString(e.X, consts)
		if !ok {
			return "", false
		}
		b, ok := constantString(e.Y, consts)
		return a + b, ok
	case *ast.ParenExpr:
		return constantString(e.X, consts)
	case *ast.Ident:
		if v, ok := consts[e.Name]; ok {
			delete(consts, e.Name) // no cycles
			s, ok := constantString(v, consts)
			consts[e.Name] = v
			return s, ok
		}
	}
	return "", false
}

// TestCatalogs holds each catalog to the source: a translation for every message, with the
// English verbs, and no key the source no longer words.
func TestCatalogs(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("SKIPPED under wasm: the catalogs are checked against the source natively; the same embedded files are tested there")
	}
	msgs := sourceMessages(t)
	if len(msgs) < 100 {
		t.Fatalf("found only %d messages in the source: the scan is broken", len(msgs))
	}
	for _, l := range []Lang{French, German} {
		path := string(l) + ".json"
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var cat map[string]string
		if err := json.Unmarshal(raw, &cat); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if *syncCatalogs {
			writeCatalog(t, path, msgs, cat)
			continue
		}
		inSource := map[string]bool{}
		for _, m := range msgs {
			inSource[m.key] = true
			tr, ok := cat[m.key]
			if !ok || tr == "" {
				t.Errorf("%s: no translation of %q (%s)", path, m.key, m.at)
				continue
			}
			if err := sameVerbs(m.key, tr); err != nil {
				t.Errorf("%s: the translation of %q: %v", path, m.key, err)
			}
		}
		for k := range cat {
			if !inSource[k] {
				t.Errorf("%s: %q is not a message of the source any more (go test ./internal/i18n -run Catalogs -sync drops it)", path, k)
			}
		}
	}
}

// writeCatalog rewrites a catalog in the source's order.
func writeCatalog(t *testing.T, path string, msgs []sourceMessage, cat map[string]string) {
	if err := os.WriteFile(path, catalogText(msgs, cat), 0o644); err != nil {
		t.Fatal(err)
	}
}

// catalogText writes a catalog of msgs, in their order, with cat's translations.
func catalogText(msgs []sourceMessage, cat map[string]string) []byte {
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, m := range msgs {
		k, _ := marshalString(m.key)
		v, _ := marshalString(cat[m.key])
		fmt.Fprintf(&b, "  %s: %s", k, v)
		if i < len(msgs)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	return b.Bytes()
}

func marshalString(s string) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// A verb is one formatting directive: its argument (1-based) and its flags, width, precision
// and letter, as written.
type verb struct {
	arg  int
	spec string
}

// verbsOf reads the directives of a format as fmt does, with explicit argument indexes.
func verbsOf(format string) ([]verb, error) {
	var verbs []verb
	arg := 1
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		var spec strings.Builder
		for ; i < len(format) && strings.IndexByte("+-# 0", format[i]) >= 0; i++ {
			spec.WriteByte(format[i])
		}
		if i < len(format) && format[i] == '[' {
			end := strings.IndexByte(format[i:], ']')
			if end < 0 {
				return nil, fmt.Errorf("an unclosed argument index")
			}
			n, err := strconv.Atoi(format[i+1 : i+end])
			if err != nil || n < 1 {
				return nil, fmt.Errorf("a bad argument index %q", format[i:i+end+1])
			}
			arg = n
			i += end + 1
		}
		for ; i < len(format) && (format[i] >= '0' && format[i] <= '9' || format[i] == '.' || format[i] == '*'); i++ {
			if format[i] == '*' {
				return nil, fmt.Errorf("a * width, which this check does not follow")
			}
			spec.WriteByte(format[i])
		}
		if i >= len(format) {
			return nil, fmt.Errorf("a %% at the end")
		}
		if format[i] == '%' {
			continue
		}
		spec.WriteByte(format[i])
		verbs = append(verbs, verb{arg, spec.String()})
		arg++
	}
	return verbs, nil
}

// sameVerbs reports whether a translation formats the same arguments the same way as the
// English: each argument with the same directive, in any order, each at least once.
func sameVerbs(english, translation string) error {
	want, err := verbsOf(english)
	if err != nil {
		return fmt.Errorf("the English: %v", err)
	}
	got, err := verbsOf(translation)
	if err != nil {
		return err
	}
	specOf := map[int]string{}
	for _, v := range want {
		specOf[v.arg] = v.spec
	}
	used := map[int]bool{}
	for _, v := range got {
		spec, ok := specOf[v.arg]
		if !ok {
			return fmt.Errorf("%%%s uses argument %d, which the English does not have", v.spec, v.arg)
		}
		if spec != v.spec {
			return fmt.Errorf("argument %d is %%%s in English, %%%s here", v.arg, spec, v.spec)
		}
		used[v.arg] = true
	}
	var unused []int
	for arg := range specOf {
		if !used[arg] {
			unused = append(unused, arg)
		}
	}
	if len(unused) > 0 {
		slices.Sort(unused)
		return fmt.Errorf("argument(s) %v of the English are not used", unused)
	}
	return nil
}

func TestSameVerbs(t *testing.T) {
	for _, c := range []struct {
		english, translation string
		ok                   bool
	}{
		{"got %d, want %d", "%[2]d attendus, %[1]d trouvés", true},             // explicit indexes reorder
		{"got %d, want %d", "%d attendus, %d trouvés", true},                   // same order
		{"got %d, want %d", "%d attendus", false},                              // an argument left out
		{"tool %q is %s", "l'outil %s est %s", false},                          // %q is not %s
		{"%s: %s", "%s : %s", true},                                            // French spacing
		{"100%% sure: %s", "sûr à 100 %% : %s", true},                          // %% is no verb
		{"%s", "%[2]s", false},                                                 // no second argument
		{"the %s at %d", "le %[1]s en %[2]d, %[1]s encore", true},              // an argument used twice
		{"%-8s|", "%8s|", false},                                               // flags are part of the directive
		{"the text is %s; the limit is %s", "%[2]s ; %[1]s", true},             // reordered
		{"no verbs here", "pas de verbe", true},                                // a sentence
		{"no verbs here", "pas de %s", false},                                  // a verb from nowhere
		{"%.1f MiB", "%.1f Mio", true},                                         // precision kept
		{"%.1f MiB", "%.2f Mio", false},                                        // precision changed
		{"U+%04X %s", "U+%04X %s", true},                                       // width kept
		{"%[2]s then %[1]s", "%[1]s puis %[2]s", true},                         // both indexed
		{"%d%%", "%d %%", true},                                                // a percentage
		{"%s and %d more", "%s et %d de plus", true},                           // plain
		{"%s and %d more", "%[2]d de plus après %[1]s", true},                  // reordered
		{"ends with %", "finit par %", false},                                  // a broken English
		{"%[x]s", "%s", false},                                                 // a broken index
		{"%s", "%*s", false},                                                   // a star width
		{"%v", "%v", true},                                                     // %v
		{"%q and %q", "%[2]q et %[1]q", true},                                  // %q reordered
		{"%s (%s, line %d, column %d)", "%s (%s, ligne %d, colonne %d)", true}, // a where
	} {
		err := sameVerbs(c.english, c.translation)
		if (err == nil) != c.ok {
			t.Errorf("sameVerbs(%q, %q) = %v, want ok %v", c.english, c.translation, err, c.ok)
		}
	}
}
