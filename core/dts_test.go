package core

import (
	"encoding"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestDeclarationsMatchGo holds site/gatehouse.d.ts, the API's declarations for JavaScript, to
// the Go types of every function of the API: each function is declared in interface Gatehouse
// with its request and answer, and each type has the fields the Go type marshals, no others,
// optional ("?") exactly where Go leaves the field out when empty (omitempty), each of the same
// kind (string, number, boolean, array, object). A field added in Go fails here with the line to
// add to the declarations.
func TestDeclarationsMatchGo(t *testing.T) {
	src, err := os.ReadFile("../site/gatehouse.d.ts")
	if err != nil {
		t.Fatal(err)
	}
	d := parseDeclarations(t.Fatalf, string(src))
	api, ok := d.interfaces["Gatehouse"]
	if !ok {
		t.Fatal("site/gatehouse.d.ts has no interface Gatehouse")
	}
	c := &declarationCheck{errorf: t.Errorf, d: d, seen: map[string]bool{}}
	for _, name := range FullAPI().Functions() {
		var f struct{ request, answer reflect.Type }
		f.request, f.answer = FullAPI().Types(name)
		method, ok := api.fields[name]
		if !ok {
			t.Errorf("interface Gatehouse lacks the function %s: add\n  %s(request: JSONText<%s>): JSONText<%s>;", name, name, tsName(f.request), tsName(f.answer))
			continue
		}
		m := regexp.MustCompile(`^\(request: JSONText<(\w+)>\) => JSONText<(\w+)>$`).FindStringSubmatch(method.typ)
		if m == nil {
			t.Errorf("interface Gatehouse: %s is declared %q, want (request: JSONText<Request>): JSONText<Answer>", name, method.typ)
			continue
		}
		c.compare(f.request, m[1], "gatehouse."+name+" request")
		c.compare(f.answer, m[2], "gatehouse."+name+" answer")
	}
}

// tsName is the name the declarations give a Go type: its own, with Result read as Response.
func tsName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if name, ok := strings.CutSuffix(t.Name(), "Result"); ok {
		return name + "Response"
	}
	return t.Name()
}

// A declarations is what gatehouse.d.ts declares: interfaces (with what they extend folded in)
// and type aliases.
type declarations struct {
	interfaces map[string]tsObject
	aliases    map[string]string
}

// A tsObject is an interface or an inline object type: its members by name.
type tsObject struct {
	fields map[string]tsField
	order  []string
}

type tsField struct {
	typ      string
	optional bool
}

var (
	blockComment  = regexp.MustCompile(`(?s)/\*.*?\*/`)
	lineComment   = regexp.MustCompile(`(?m)//.*$`)
	interfaceDecl = regexp.MustCompile(`export interface (\w+)(?: extends ([\w, ]+))? \{`)
	aliasDecl     = regexp.MustCompile(`export type (\w+)(?:<\w+>)? =`)
)

// parseDeclarations reads the subset of TypeScript gatehouse.d.ts is written in.
func parseDeclarations(fail func(string, ...any), src string) *declarations {
	src = lineComment.ReplaceAllString(blockComment.ReplaceAllString(src, ""), "")
	d := &declarations{interfaces: map[string]tsObject{}, aliases: map[string]string{}}
	extends := map[string][]string{}
	for _, m := range interfaceDecl.FindAllStringSubmatchIndex(src, -1) {
		name := src[m[2]:m[3]]
		open := m[1] - 1
		end := matching(src, open)
		d.interfaces[name] = parseObject(fail, src[open+1:end])
		if m[4] >= 0 {
			for _, base := range strings.Split(src[m[4]:m[5]], ",") {
				extends[name] = append(extends[name], strings.TrimSpace(base))
			}
		}
	}
	for _, m := range aliasDecl.FindAllStringSubmatchIndex(src, -1) {
		rest := src[m[1]:]
		end := 0
		for depth := 0; end < len(rest); end++ {
			switch rest[end] {
			case '{', '(', '<', '[':
				depth++
			case '}', ')', '>', ']':
				depth--
			}
			if rest[end] == ';' && depth == 0 {
				break
			}
		}
		d.aliases[src[m[2]:m[3]]] = strings.TrimSpace(rest[:end])
	}
	var fold func(name string) tsObject
	fold = func(name string) tsObject {
		obj := d.interfaces[name]
		for _, base := range extends[name] {
			for _, k := range fold(base).order {
				if _, own := obj.fields[k]; !own {
					obj.fields[k] = fold(base).fields[k]
					obj.order = append(obj.order, k)
				}
			}
		}
		return obj
	}
	for name := range d.interfaces {
		d.interfaces[name] = fold(name)
	}
	return d
}

// matching is the index of the bracket that closes the one at open.
func matching(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '{', '(', '<', '[':
			depth++
		case '}', ')', '>', ']':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(s)
}

// parseObject reads the members of an object type's body: "name?: type;" or, for a method,
// "name(params): type;" (kept as "(params) => type").
func parseObject(fail func(string, ...any), body string) tsObject {
	obj := tsObject{fields: map[string]tsField{}}
	for _, member := range splitTop(body, ';', ',') {
		member = strings.TrimSpace(member)
		if member == "" {
			continue
		}
		member = strings.TrimPrefix(member, "readonly ")
		if i := strings.IndexAny(member, "(:"); i > 0 && member[i] == '(' {
			close := matching(member, i)
			name := strings.TrimSpace(member[:i])
			ret := strings.TrimSpace(strings.TrimPrefix(member[close+1:], ":"))
			obj.fields[name] = tsField{typ: member[i:close+1] + " => " + ret}
			obj.order = append(obj.order, name)
			continue
		}
		name, typ, ok := strings.Cut(member, ":")
		if !ok {
			fail("site/gatehouse.d.ts: cannot read the member %q", member)
			continue
		}
		name = strings.TrimSpace(name)
		f := tsField{typ: strings.TrimSpace(typ)}
		if n, opt := strings.CutSuffix(name, "?"); opt {
			name, f.optional = n, true
		}
		obj.fields[name] = f
		obj.order = append(obj.order, name)
	}
	return obj
}

// splitTop splits s at any of seps outside brackets.
func splitTop(s string, seps ...byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '{' || c == '(' || c == '<' || c == '[':
			depth++
		case c == '}' || c == ')' || c == '>' || c == ']':
			depth--
		case depth == 0 && slices.Contains(seps, c):
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// declarationCheck compares Go types with declared ones, each pair once.
type declarationCheck struct {
	errorf func(format string, args ...any)
	d      *declarations
	seen   map[string]bool
}

var (
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
	jsonNumber    = reflect.TypeFor[json.Number]()
	rawMessage    = reflect.TypeFor[json.RawMessage]()
)

// compare holds the Go type g to the declared type ts, at a place named where.
func (c *declarationCheck) compare(g reflect.Type, ts, where string) {
	key := g.String() + "\x00" + ts
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	nullable := false
	for g.Kind() == reflect.Pointer {
		g, nullable = g.Elem(), true
	}
	alternatives := c.resolve(ts)
	if nullable || g.Kind() == reflect.Slice || g.Kind() == reflect.Map {
		alternatives = slices.DeleteFunc(alternatives, func(a string) bool { return a == "null" })
	}
	if slices.Contains(alternatives, "unknown") {
		return // any value: Go's any, or what the declarations leave open
	}
	if len(alternatives) != 1 && kindOf(g) != "string" && kindOf(g) != "number" {
		c.errorf("%s: Go %s is one %s, declared %q", where, g, kindOf(g), ts)
		return
	}
	want := kindOf(g)
	for _, a := range alternatives {
		if got := declaredKind(a); got != want {
			c.errorf("%s: Go %s is a %s, declared %q (a %s)", where, g, want, ts, got)
			return
		}
	}
	a := alternatives[0]
	switch want {
	case "array":
		c.compare(g.Elem(), elementType(a), where+"[]")
	case "record":
		c.compare(g.Elem(), recordValue(a), where+"{}")
	case "object":
		c.fields(g, a, where)
	}
}

// resolve follows type aliases and splits unions into their alternatives.
func (c *declarationCheck) resolve(ts string) []string {
	var out []string
	for _, alt := range splitTop(ts, '|') {
		alt = strings.TrimSpace(alt)
		if strings.HasPrefix(alt, "(") && matching(alt, 0) == len(alt)-1 {
			out = append(out, c.resolve(alt[1:len(alt)-1])...)
		} else if target, ok := c.d.aliases[alt]; ok {
			out = append(out, c.resolve(target)...)
		} else if alt != "" {
			out = append(out, alt)
		}
	}
	return out
}

// kindOf says what JSON a Go type marshals to.
func kindOf(g reflect.Type) string {
	switch {
	case g == jsonNumber:
		return "number"
	case g == rawMessage || g.Kind() == reflect.Interface:
		return "unknown"
	case g.Kind() != reflect.Struct && g.Implements(textMarshaler):
		return "string"
	}
	switch g.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8,
		reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		return "array"
	case reflect.Map:
		return "record"
	case reflect.Struct:
		return "object"
	}
	return g.Kind().String()
}

var stringLiteral = regexp.MustCompile(`^'[^']*'$|^"[^"]*"$`)

// declaredKind says what JSON a declared type (one alternative, aliases resolved) stands for.
func declaredKind(ts string) string {
	switch {
	case ts == "string" || stringLiteral.MatchString(ts) || ts == "Text" || strings.HasPrefix(ts, "JSONText<"):
		return "string"
	case ts == "number" || regexp.MustCompile(`^-?\d`).MatchString(ts):
		return "number"
	case ts == "boolean" || ts == "true" || ts == "false":
		return "boolean"
	case strings.HasSuffix(ts, "[]") || strings.HasPrefix(ts, "Array<") || strings.HasPrefix(ts, "["):
		return "array"
	case strings.HasPrefix(ts, "Record<"):
		return "record"
	case ts == "null":
		return "null"
	}
	return "object"
}

func elementType(ts string) string {
	switch {
	case strings.HasSuffix(ts, "[]"):
		return strings.TrimSuffix(ts, "[]")
	case strings.HasPrefix(ts, "Array<"):
		return ts[len("Array<") : len(ts)-1]
	}
	// A tuple: its elements, as one union.
	return strings.Join(splitTop(ts[1:len(ts)-1], ','), " | ")
}

func recordValue(ts string) string {
	parts := splitTop(ts[len("Record<"):len(ts)-1], ',')
	return strings.TrimSpace(parts[len(parts)-1])
}

// A goField is one member of a Go struct's JSON.
type goField struct {
	name      string
	typ       reflect.Type
	omitEmpty bool
	path      string // where it is declared, for messages
}

// jsonFields lists the members of a struct's JSON, embedded structs' folded in.
func jsonFields(g reflect.Type) []goField {
	var out []goField
	for i := range g.NumField() {
		f := g.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			embedded := f.Type
			if embedded.Kind() == reflect.Pointer {
				embedded = embedded.Elem()
			}
			if embedded.Kind() == reflect.Struct {
				out = append(out, jsonFields(embedded)...)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, goField{name: name, typ: f.Type, omitEmpty: slices.Contains(strings.Split(opts, ","), "omitempty") || slices.Contains(strings.Split(opts, ","), "omitzero"), path: g.String() + "." + f.Name})
	}
	return out
}

// fields holds a Go struct to an interface or an inline object type.
func (c *declarationCheck) fields(g reflect.Type, ts, where string) {
	var obj tsObject
	name := ts
	if strings.HasPrefix(ts, "{") {
		obj = parseObject(c.errorf, ts[1:len(ts)-1])
		name = "the object type at " + where
	} else if o, ok := c.d.interfaces[ts]; ok {
		obj, name = o, "interface "+ts
	} else {
		c.errorf("%s: site/gatehouse.d.ts declares no interface %s (for Go %s): add\n%s", where, ts, g, suggestInterface(ts, g))
		return
	}
	goNames := map[string]bool{}
	for _, f := range jsonFields(g) {
		goNames[f.name] = true
		decl, ok := obj.fields[f.name]
		if !ok {
			opt := ""
			if f.omitEmpty {
				opt = "?"
			}
			c.errorf("%s lacks %q (Go %s): add\n  %s%s: %s;", name, f.name, f.path, f.name, opt, suggest(f.typ))
			continue
		}
		if decl.optional != f.omitEmpty {
			if f.omitEmpty {
				c.errorf("%s: %q may be absent (Go %s has omitempty): declare it %s?: %s", name, f.name, f.path, f.name, decl.typ)
			} else {
				c.errorf("%s: %q is always present (Go %s): declare it %s: %s, without ?", name, f.name, f.path, f.name, decl.typ)
			}
		}
		c.compare(f.typ, decl.typ, strings.TrimPrefix(name, "interface ")+"."+f.name)
	}
	for _, k := range obj.order {
		if !goNames[k] {
			c.errorf("%s declares %q, which Go %s does not have: remove it, or add it in Go", name, k, g)
		}
	}
}

// suggestInterface writes the declaration of a Go struct, for the message that asks for it.
func suggestInterface(name string, g reflect.Type) string {
	var b strings.Builder
	fmt.Fprintf(&b, "export interface %s {\n", name)
	for _, f := range jsonFields(g) {
		opt := ""
		if f.omitEmpty {
			opt = "?"
		}
		fmt.Fprintf(&b, "  %s%s: %s;\n", f.name, opt, suggest(f.typ))
	}
	return b.String() + "}"
}

// suggest writes a declaration for a Go type, for the message that asks for it.
func suggest(g reflect.Type) string {
	for g.Kind() == reflect.Pointer {
		g = g.Elem()
	}
	switch kindOf(g) {
	case "array":
		return suggest(g.Elem()) + "[]"
	case "record":
		return "Record<string, " + suggest(g.Elem()) + ">"
	case "object":
		return tsName(g)
	case "unknown":
		return "unknown"
	}
	return kindOf(g)
}

// TestDeclarationsCheckFails: the check finds what it is for: a missing field (with the line to
// add), one declared optional by mistake, one of another kind, one Go does not have.
func TestDeclarationsCheckFails(t *testing.T) {
	type inner struct {
		N int `json:"n"`
	}
	type answer struct {
		Name  string   `json:"name"`
		Count int      `json:"count,omitempty"`
		Items []inner  `json:"items"`
		Tags  []string `json:"tags"`
	}
	src := `export interface Answer { name?: string; items: Array<{ n: string }>; extra: boolean; tags: string }`
	var said []string
	record := func(format string, args ...any) { said = append(said, fmt.Sprintf(format, args...)) }
	c := &declarationCheck{errorf: record, d: parseDeclarations(record, src), seen: map[string]bool{}}
	c.compare(reflect.TypeFor[answer](), "Answer", "test")
	got := strings.Join(said, "\n")
	for _, want := range []string{
		`lacks "count"`, `count?: number;`, // a missing field, with the line to add
		`"name" is always present`,              // declared optional, never omitted
		`Go int is a number, declared "string"`, // items[].n
		`declares "extra"`,                      // Go has no such field
		`Go []string is a array, declared "string"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the check did not say %q:\n%s", want, got)
		}
	}
}
