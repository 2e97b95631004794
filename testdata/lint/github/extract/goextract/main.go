// Command goextract reads the tools a Go MCP server declares, statically, from its source: every
// mcp-go call mcp.NewTool("name", mcp.WithDescription(…), mcp.WithString("p", mcp.Description(…),
// mcp.Required()), …), with the tool annotations its With…HintAnnotation options give, and every
// go-sdk mcp.AddTool(server, &mcp.Tool{Name: …, Description: …}, handler), its schema inferred
// from the handler's argument struct as the SDK does (json names, jsonschema descriptions). Strings
// are followed through literals, + joins, the package's constants and translation helpers whose
// last argument is the default text (t("KEY", "text")). Nothing is built or run: the source is only
// parsed.
//
//	go run ./testdata/lint/github/extract/goextract DIR > tools.json
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

type tool struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	InputSchema map[string]any `json:"inputSchema"`
	Annotations map[string]any `json:"annotations,omitempty"`
}

// structs and funcs are the scanned files' struct types and functions (methods by their name), for
// the go-sdk's tools, whose input schema the SDK infers from the handler's argument type.
var (
	structs = map[string]*ast.StructType{}
	funcs   = map[string]*ast.FuncType{}
)

// consts holds every string constant or variable of the scanned files, by name (the first wins:
// packages of one server rarely reuse a name for different texts).
var consts = map[string]ast.Expr{}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: goextract DIR")
		os.Exit(2)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	_ = filepath.WalkDir(os.Args[1], func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			switch strings.ToLower(d.Name()) {
			case "vendor", "testdata", "examples", "example", "e2e", ".git", "node_modules":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err == nil {
			files = append(files, f)
		}
		return nil
	})
	for _, f := range files {
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok {
				if _, dup := funcs[fd.Name.Name]; !dup {
					funcs[fd.Name.Name] = fd.Type
				}
				continue
			}
			g, ok := decl.(*ast.GenDecl)
			if ok && g.Tok == token.TYPE {
				for _, spec := range g.Specs {
					if ts, ok := spec.(*ast.TypeSpec); ok {
						if st, ok := ts.Type.(*ast.StructType); ok {
							if _, dup := structs[ts.Name.Name]; !dup {
								structs[ts.Name.Name] = st
							}
						}
					}
				}
				continue
			}
			if !ok || (g.Tok != token.CONST && g.Tok != token.VAR) {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				// A //go:embed variable's text is its file's (descriptions kept as Markdown).
				if len(vs.Values) == 0 && len(vs.Names) == 1 {
					for _, doc := range []*ast.CommentGroup{vs.Doc, g.Doc} {
						if doc == nil {
							continue
						}
						for _, c := range doc.List {
							if rest, ok := strings.CutPrefix(c.Text, "//go:embed "); ok {
								dir := filepath.Dir(fset.Position(f.Pos()).Filename)
								if b, err := os.ReadFile(filepath.Join(dir, strings.TrimSpace(rest))); err == nil {
									consts[vs.Names[0].Name] = &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(string(b))}
								}
							}
						}
					}
				}
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						if _, dup := consts[n.Name]; !dup {
							consts[n.Name] = vs.Values[i]
						}
					}
				}
			}
		}
	}
	var tools []tool
	seen := map[string]bool{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			var t *tool
			switch x := n.(type) {
			case *ast.CallExpr:
				if selName(x.Fun) == "NewTool" && len(x.Args) > 0 {
					t = newTool(x)
				} else if selName(x.Fun) == "AddTool" && len(x.Args) == 3 {
					t = sdkTool(x)
				}
			case *ast.CompositeLit:
				if selName(x.Type) == "Tool" {
					t = toolLiteral(x)
				}
			}
			if t != nil && t.Name != "" && !seen[t.Name] {
				seen[t.Name] = true
				tools = append(tools, *t)
			}
			return true
		})
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if tools == nil {
		tools = []tool{}
	}
	_ = enc.Encode(tools)
}

func selName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.Ident:
		return x.Name
	}
	return ""
}

// str is the text of an expression made of string literals, + joins, constants and calls whose
// last argument is such a text (translation helpers give their default that way).
func str(e ast.Expr, depth int) (string, bool) {
	if depth > 8 || e == nil {
		return "", false
	}
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			s, err := strconv.Unquote(x.Value)
			return s, err == nil
		}
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			a, ok1 := str(x.X, depth+1)
			b, ok2 := str(x.Y, depth+1)
			return a + b, ok1 && ok2
		}
	case *ast.ParenExpr:
		return str(x.X, depth+1)
	case *ast.Ident:
		if v, ok := consts[x.Name]; ok {
			return str(v, depth+1)
		}
	case *ast.SelectorExpr:
		if v, ok := consts[x.Sel.Name]; ok {
			return str(v, depth+1)
		}
	case *ast.CallExpr:
		name := selName(x.Fun)
		if name == "Sprintf" || name == "Errorf" || len(x.Args) == 0 {
			return "", false
		}
		if name == "TrimSpace" || name == "Dedent" {
			s, ok := str(x.Args[0], depth+1)
			return strings.TrimSpace(s), ok
		}
		return str(x.Args[len(x.Args)-1], depth+1)
	}
	return "", false
}

func boolean(e ast.Expr) (bool, bool) {
	if id, ok := e.(*ast.Ident); ok && (id.Name == "true" || id.Name == "false") {
		return id.Name == "true", true
	}
	if c, ok := e.(*ast.CallExpr); ok && len(c.Args) == 1 && selName(c.Fun) == "ToBoolPtr" {
		return boolean(c.Args[0])
	}
	return false, false
}

var propTypes = map[string]string{
	"WithString": "string", "WithNumber": "number", "WithInteger": "integer", "WithBoolean": "boolean",
	"WithArray": "array", "WithObject": "object", "WithAny": "",
}

var hints = map[string]string{
	"WithReadOnlyHintAnnotation": "readOnlyHint", "WithDestructiveHintAnnotation": "destructiveHint",
	"WithIdempotentHintAnnotation": "idempotentHint", "WithOpenWorldHintAnnotation": "openWorldHint",
}

func newTool(c *ast.CallExpr) *tool {
	name, ok := str(c.Args[0], 0)
	if !ok {
		return nil
	}
	t := &tool{Name: name, InputSchema: map[string]any{"type": "object", "properties": map[string]any{}}}
	props := t.InputSchema["properties"].(map[string]any)
	var required []string
	for _, a := range c.Args[1:] {
		opt, ok := a.(*ast.CallExpr)
		if !ok {
			continue
		}
		fn := selName(opt.Fun)
		switch {
		case fn == "WithDescription" && len(opt.Args) == 1:
			t.Description, _ = str(opt.Args[0], 0)
		case fn == "WithTitleAnnotation" && len(opt.Args) == 1:
			if s, ok := str(opt.Args[0], 0); ok {
				annot(t)["title"] = s
			}
		case hints[fn] != "" && len(opt.Args) == 1:
			if b, ok := boolean(opt.Args[0]); ok {
				annot(t)[hints[fn]] = b
			}
		default:
			typ, isProp := propTypes[fn]
			if !isProp || len(opt.Args) == 0 {
				continue
			}
			pname, ok := str(opt.Args[0], 0)
			if !ok {
				continue
			}
			p := map[string]any{}
			if typ != "" {
				p["type"] = typ
			}
			if property(p, opt.Args[1:]) {
				required = append(required, pname)
			}
			props[pname] = p
		}
	}
	if len(required) > 0 {
		t.InputSchema["required"] = required
	}
	return t
}

// property fills a parameter's schema from its options and says whether it is required.
func property(p map[string]any, opts []ast.Expr) bool {
	required := false
	for _, a := range opts {
		opt, ok := a.(*ast.CallExpr)
		if !ok {
			continue
		}
		switch selName(opt.Fun) {
		case "Required":
			required = true
		case "Description":
			if len(opt.Args) == 1 {
				if s, ok := str(opt.Args[0], 0); ok {
					p["description"] = s
				}
			}
		case "Enum":
			var vals []string
			for _, v := range opt.Args {
				if s, ok := str(v, 0); ok {
					vals = append(vals, s)
				}
			}
			if len(vals) > 0 {
				p["enum"] = vals
			}
		case "DefaultString":
			if len(opt.Args) == 1 {
				if s, ok := str(opt.Args[0], 0); ok {
					p["default"] = s
				}
			}
		case "DefaultBool":
			if len(opt.Args) == 1 {
				if b, ok := boolean(opt.Args[0]); ok {
					p["default"] = b
				}
			}
		case "Items", "WithStringItems", "WithNumberItems", "WithBooleanItems":
			switch selName(opt.Fun) {
			case "WithStringItems":
				p["items"] = map[string]any{"type": "string"}
			case "WithNumberItems":
				p["items"] = map[string]any{"type": "number"}
			case "WithBooleanItems":
				p["items"] = map[string]any{"type": "boolean"}
			}
		}
	}
	return required
}

func annot(t *tool) map[string]any {
	if t.Annotations == nil {
		t.Annotations = map[string]any{}
	}
	return t.Annotations
}

// toolLiteral reads a go-sdk &mcp.Tool{Name: …, Description: …}; its schema is inferred by the SDK
// from the handler's argument type at run time, which is not followed here: an open object.
func toolLiteral(c *ast.CompositeLit) *tool {
	t := &tool{InputSchema: map[string]any{"type": "object"}}
	for _, e := range c.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		switch selName(kv.Key) {
		case "Name":
			t.Name, _ = str(kv.Value, 0)
		case "Description":
			t.Description, _ = str(kv.Value, 0)
		}
	}
	if t.Name == "" {
		return nil
	}
	return t
}

// sdkTool reads the go-sdk's mcp.AddTool(server, &mcp.Tool{…}, handler): the literal's name and
// description, and, when it gives no InputSchema, the schema the SDK infers from the handler's
// argument type (its third parameter): a struct's fields by their json names, described by their
// jsonschema tags, required unless omitempty.
func sdkTool(c *ast.CallExpr) *tool {
	lit, ok := c.Args[1].(*ast.CompositeLit)
	if u, isRef := c.Args[1].(*ast.UnaryExpr); isRef {
		lit, ok = u.X.(*ast.CompositeLit)
	}
	if !ok || selName(lit.Type) != "Tool" {
		return nil
	}
	t := toolLiteral(lit)
	if t == nil {
		return nil
	}
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok && selName(kv.Key) == "InputSchema" {
			return t
		}
	}
	var ft *ast.FuncType
	switch h := c.Args[2].(type) {
	case *ast.FuncLit:
		ft = h.Type
	case *ast.Ident:
		ft = funcs[h.Name]
	case *ast.SelectorExpr:
		ft = funcs[h.Sel.Name]
	}
	if ft == nil || ft.Params == nil {
		return t
	}
	var types []ast.Expr
	for _, p := range ft.Params.List {
		for range max(1, len(p.Names)) {
			types = append(types, p.Type)
		}
	}
	if len(types) < 3 {
		return t
	}
	if schema := typeSchema(types[2], 0); schema["type"] == "object" {
		t.InputSchema = schema
	}
	return t
}

func typeSchema(e ast.Expr, depth int) map[string]any {
	switch x := e.(type) {
	case *ast.StarExpr:
		return typeSchema(x.X, depth)
	case *ast.ArrayType:
		s := map[string]any{"type": "array"}
		if item := typeSchema(x.Elt, depth+1); len(item) > 0 {
			s["items"] = item
		}
		return s
	case *ast.MapType:
		return map[string]any{"type": "object"}
	case *ast.StructType:
		if depth > 3 {
			return map[string]any{"type": "object"}
		}
		return structSchema(x, depth)
	case *ast.Ident:
		switch x.Name {
		case "string":
			return map[string]any{"type": "string"}
		case "bool":
			return map[string]any{"type": "boolean"}
		case "float32", "float64":
			return map[string]any{"type": "number"}
		case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
			return map[string]any{"type": "integer"}
		case "any":
			return map[string]any{}
		}
		if st, ok := structs[x.Name]; ok && depth <= 3 {
			return structSchema(st, depth)
		}
	case *ast.SelectorExpr:
		if x.Sel.Name == "Time" {
			return map[string]any{"type": "string"}
		}
	case *ast.InterfaceType:
		return map[string]any{}
	}
	return map[string]any{}
}

func structSchema(st *ast.StructType, depth int) map[string]any {
	props := map[string]any{}
	var required []string
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 {
			continue // embedded: not followed
		}
		tag := ""
		if f.Tag != nil {
			tag, _ = strconv.Unquote(f.Tag.Value)
		}
		tags := reflect.StructTag(tag)
		for _, n := range f.Names {
			if !n.IsExported() {
				continue
			}
			name, omit := n.Name, false
			if j, ok := tags.Lookup("json"); ok {
				parts := strings.Split(j, ",")
				if parts[0] == "-" {
					continue
				}
				if parts[0] != "" {
					name = parts[0]
				}
				omit = slices.Contains(parts[1:], "omitempty") || slices.Contains(parts[1:], "omitzero")
			}
			p := typeSchema(f.Type, depth+1)
			if d, ok := tags.Lookup("jsonschema"); ok && d != "" {
				if rest, ok := strings.CutPrefix(d, "description="); ok {
					d = rest
				}
				p["description"] = d
			}
			props[name] = p
			if !omit {
				required = append(required, name)
			}
		}
	}
	s := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}
