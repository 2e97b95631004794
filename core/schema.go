package core

import (
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// Drafts lists the JSON Schema drafts gatehouse validates with, as the API names them.
var Drafts = []string{"4", "6", "7", "2019-09", "2020-12"}

// DefaultDraft is used when a schema has no $schema, as MCP says for inputSchema.
const DefaultDraft = "2020-12"

var draftsByName = map[string]*jsonschema.Draft{
	"4": jsonschema.Draft4, "6": jsonschema.Draft6, "7": jsonschema.Draft7,
	"2019-09": jsonschema.Draft2019, "2020-12": jsonschema.Draft2020,
}

// rootURL is where the pasted schema lives for the compiler: relative $refs resolve against it
// unless the schema sets its own $id. It is never fetched.
const rootURL = "https://gatehouse.invalid/schema.json"

// A Schema is a compiled JSON Schema, ready to validate many instances. It is safe for
// concurrent use.
type Schema struct {
	compiled *jsonschema.Schema
}

// A SchemaError is one way an instance fails a schema, before it is placed in a text.
type SchemaError struct {
	InstanceLocation string // JSON Pointer into the instance
	KeywordLocation  string // JSON Pointer into the schema, through any $ref
	Message          string
	// Property is set when the error is about a member name rather than a value (an
	// additional property that is not allowed), so it can be shown at the name.
	Property string
}

// ValidateRequest is the input of [Validate]: texts exactly as pasted.
type ValidateRequest struct {
	Schema    string            `json:"schema"`
	Instance  string            `json:"instance"`
	Draft     string            `json:"draft,omitempty"`
	Resources map[string]string `json:"resources,omitempty"`
}

// ValidateResult is the answer of [Validate].
type ValidateResult struct {
	Valid    bool     `json:"valid"`
	Problems Problems `json:"problems"`
}

// Validate checks an instance text against a schema text. Problems in either text (parse errors,
// a schema that does not compile, a $ref to a document that was not pasted) and every way the
// instance fails the schema come back as problems placed at their line and column. Valid is
// true only when both texts parse, the schema compiles and the instance satisfies it.
func Validate(req ValidateRequest) ValidateResult {
	res := ValidateResult{Problems: Problems{}}
	// Most keystrokes change the instance, not the schema: a schema whose texts were compiled
	// before is not even parsed again.
	sch := cachedSchema(keyFor(req.Draft, req.Schema, req.Resources, nil))
	if sch == nil {
		schemaDoc, ps := ParseText(SourceSchema, req.Schema)
		res.Problems = append(res.Problems, ps...)
		resources := map[string]*Document{}
		for _, u := range sortedKeys(req.Resources) {
			doc, ps := ParseText(SourceSchema, req.Resources[u])
			for i := range ps {
				ps[i].Message = fmt.Sprintf("resource %s: %s", u, ps[i].Message)
				ps[i].Document = u
			}
			res.Problems = append(res.Problems, ps...)
			resources[u] = doc
		}
		if len(res.Problems) == 0 {
			sch, ps = CompileSchema(schemaDoc, req.Draft, resources)
			res.Problems = append(res.Problems, ps...)
		}
	}
	instDoc, ps := ParseText(SourceInstance, req.Instance)
	res.Problems = append(res.Problems, ps...)
	if len(res.Problems) > 0 {
		return res
	}
	res.Problems = append(res.Problems, sch.Check(instDoc, "")...)
	res.Valid = len(res.Problems) == 0
	return res
}

// compiled schemas are cached by their texts: the page re-validates on every keystroke, and
// most keystrokes change the instance, not the schema.
var schemaCache = struct {
	sync.Mutex
	order []schemaKey
	byKey map[schemaKey]*Schema
}{byKey: map[schemaKey]*Schema{}}

const (
	schemaCacheSize = 32
	// Larger schema texts are compiled each time rather than kept alive as cache keys.
	schemaCacheMaxKey = 4 << 20
)

// schemaKey is the cache key of a compilation: the draft and every text. A struct of strings
// hashes the texts in place; only resources, rare, are joined into one string.
type schemaKey struct {
	draft, schema, resources string
}

// keyFor builds the key, or reports that the texts are too large to keep alive as a key.
// Give resources as texts or as documents.
func keyFor(draft, schema string, texts map[string]string, docs map[string]*Document) (schemaKey, bool) {
	if draft == "" {
		draft = DefaultDraft
	}
	size := len(schema)
	for u, t := range texts {
		size += len(u) + len(t)
	}
	for u, d := range docs {
		size += len(u) + len(d.Text)
	}
	if size > schemaCacheMaxKey {
		return schemaKey{}, false
	}
	var b strings.Builder
	for _, u := range sortedKeys(texts) {
		fmt.Fprintf(&b, "%d:%s%d:%s", len(u), u, len(texts[u]), texts[u])
	}
	for _, u := range sortedKeys(docs) {
		fmt.Fprintf(&b, "%d:%s%d:%s", len(u), u, len(docs[u].Text), docs[u].Text)
	}
	return schemaKey{draft, schema, b.String()}, true
}

func cachedSchema(key schemaKey, ok bool) *Schema {
	if !ok {
		return nil
	}
	schemaCache.Lock()
	defer schemaCache.Unlock()
	return schemaCache.byKey[key]
}

func cacheSchema(key schemaKey, ok bool, s *Schema) {
	if !ok {
		return
	}
	schemaCache.Lock()
	defer schemaCache.Unlock()
	if _, ok := schemaCache.byKey[key]; ok {
		return
	}
	schemaCache.byKey[key] = s
	schemaCache.order = append(schemaCache.order, key)
	if len(schemaCache.order) > schemaCacheSize {
		delete(schemaCache.byKey, schemaCache.order[0])
		schemaCache.order = schemaCache.order[1:]
	}
}

// CompileSchema compiles a parsed schema, with further schema documents by URL (resources) so
// that a $ref across documents resolves without any fetch. draft applies when the schema has no
// $schema ("" means [DefaultDraft]). Problems are placed in the schema's text.
func CompileSchema(schema *Document, draft string, resources map[string]*Document) (*Schema, Problems) {
	if draft == "" {
		draft = DefaultDraft
	}
	d, ok := draftsByName[draft]
	if !ok {
		return nil, Problems{{Source: SourceSchema, Kind: KindSchema, Offset: -1,
			Message: fmt.Sprintf("unknown draft %q: use one of %s", draft, strings.Join(Drafts, ", "))}}
	}
	key, keyOK := keyFor(draft, string(schema.Text), nil, resources)
	if cached := cachedSchema(key, keyOK); cached != nil {
		return cached, nil
	}

	c := jsonschema.NewCompiler()
	c.DefaultDraft(d)
	c.UseLoader(noFetch{})
	docsByURL := map[string]*Document{rootURL: schema}
	if err := c.AddResource(rootURL, schema.Value); err != nil {
		return nil, Problems{schema.Problem(KindSchema, "", err.Error())}
	}
	for _, u := range sortedKeys(resources) {
		parsed, err := url.Parse(u)
		if err != nil || !parsed.IsAbs() {
			return nil, Problems{{Source: SourceSchema, Kind: KindSchema, Offset: -1,
				Message: fmt.Sprintf("resource %q: its URL must be absolute (like https://example.com/defs.json)", u)}}
		}
		if err := c.AddResource(u, resources[u].Value); err != nil {
			return nil, Problems{{Source: SourceSchema, Kind: KindSchema, Offset: -1, Message: fmt.Sprintf("resource %q: %v", u, err)}}
		}
		docsByURL[strings.TrimSuffix(u, "#")] = resources[u]
	}
	compiled, err := compileGuarded(c)
	if err != nil {
		return nil, compileProblems(err, schema, docsByURL)
	}
	s := &Schema{compiled: compiled}
	cacheSchema(key, keyOK, s)
	return s, nil
}

// compileGuarded turns a panic inside the compiler into an error: a hostile schema must never
// take down the page's runtime.
func compileGuarded(c *jsonschema.Compiler) (s *jsonschema.Schema, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the schema could not be compiled: %v", r)
		}
	}()
	return c.Compile(rootURL)
}

// noFetch answers every load: gatehouse never reaches the network, and a schema document that
// was not pasted is a problem to report, not a request to make.
type noFetch struct{}

func (noFetch) Load(u string) (any, error) {
	return nil, errNotPasted
}

var errNotPasted = errors.New("not pasted")

// Validate returns every way v fails the schema; none means v is valid. v is a decoded JSON
// value as [Document.Value] holds it.
func (s *Schema) Validate(v any) (errs []SchemaError) {
	defer func() {
		if r := recover(); r != nil {
			errs = []SchemaError{{Message: fmt.Sprintf("validation stopped: %v", r)}}
		}
	}()
	err := s.compiled.Validate(v)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []SchemaError{{Message: err.Error()}}
	}
	collectLeaves(ve.DetailedOutput(), ve, &errs)
	if len(errs) == 0 {
		errs = append(errs, SchemaError{Message: ve.Error()})
	}
	// The validator walks a schema's properties in map order; sort, so the same input always
	// gives the same answer.
	sort.Slice(errs, func(i, j int) bool {
		a, b := errs[i], errs[j]
		if a.InstanceLocation != b.InstanceLocation {
			return a.InstanceLocation < b.InstanceLocation
		}
		if a.KeywordLocation != b.KeywordLocation {
			return a.KeywordLocation < b.KeywordLocation
		}
		return a.Message < b.Message
	})
	return errs
}

// collectLeaves keeps the most specific errors: the leaves of the detailed output, where a
// message says what is wrong rather than "allOf failed".
func collectLeaves(u *jsonschema.OutputUnit, _ *jsonschema.ValidationError, out *[]SchemaError) {
	if len(u.Errors) == 0 {
		if u.Error == nil {
			return
		}
		// The library writes keyword locations URI-escaped ("/properties/%C3%A9"); the API
		// speaks plain JSON Pointers, like instance locations.
		kw, err := url.PathUnescape(u.KeywordLocation)
		if err != nil {
			kw = u.KeywordLocation
		}
		e := SchemaError{InstanceLocation: u.InstanceLocation, KeywordLocation: kw, Message: u.Error.String()}
		if ap, ok := u.Error.Kind.(*kind.AdditionalProperties); ok && len(ap.Properties) > 0 {
			e.Property = ap.Properties[0]
		}
		*out = append(*out, e)
		return
	}
	for i := range u.Errors {
		collectLeaves(&u.Errors[i], nil, out)
	}
}

// Check validates a parsed instance and places each failure in its text. prefix is the pointer
// of the validated value inside doc ("" for the whole document), so that a value nested in a
// larger text (a tool call's "input") is still shown at the right line; the problems' instance
// locations are relative to the validated value.
func (s *Schema) Check(doc *Document, prefix string) Problems {
	errs := s.Validate(lookupPointer(doc.Value, prefix))
	probs := make(Problems, 0, len(errs))
	for _, e := range errs {
		p := Problem{Source: doc.Source, Kind: KindValidation, Message: e.Message, Offset: -1,
			InstanceLocation: e.InstanceLocation, KeywordLocation: e.KeywordLocation}
		off, ok := -1, false
		if e.Property != "" {
			off, ok = doc.LocateName(JoinPointer(prefix+e.InstanceLocation, e.Property))
		}
		if !ok {
			off, ok = doc.Locate(prefix + e.InstanceLocation)
		}
		if ok {
			p.Offset = off
			p.Line, p.Column = doc.Position(off)
		}
		probs = append(probs, p)
	}
	// In the order of the text, as a reader goes through it.
	sort.SliceStable(probs, func(i, j int) bool {
		a, b := probs[i].Offset, probs[j].Offset
		return a >= 0 && (b < 0 || a < b)
	})
	return probs
}

// compileProblems explains why a schema did not compile, placed in the text it is about.
func compileProblems(err error, schema *Document, docs map[string]*Document) Problems {
	// docFor finds the pasted document a schema URL (with a #/pointer fragment) points into.
	docFor := func(u string) (*Document, string) {
		base, frag, _ := strings.Cut(u, "#")
		doc := docs[base]
		if doc == nil {
			doc = schema
		}
		ptr, _ := url.PathUnescape(frag)
		return doc, ptr
	}
	named := func(doc *Document, u string) string {
		if doc == schema || doc == nil {
			return ""
		}
		base, _, _ := strings.Cut(u, "#")
		return "in " + base + ": "
	}
	// urlOf names the resource a document is, for Problem.Document; "" for the main schema.
	urlOf := func(doc *Document) string {
		for u, d := range docs {
			if d == doc && doc != schema {
				return u
			}
		}
		return ""
	}
	var sve *jsonschema.SchemaValidationError
	var lue *jsonschema.LoadURLError
	var rxe *jsonschema.InvalidRegexError
	switch {
	case errors.As(err, &rxe):
		doc, ptr := docFor(rxe.URL)
		msg := fmt.Sprintf("%spattern %q is not a regular expression gatehouse can run (RE2, linear time): %v", named(doc, rxe.URL), rxe.Regex, rxe.Err)
		p := doc.Problem(KindSchema, ptr, msg)
		p.Source = SourceSchema
		p.Document = urlOf(doc)
		return Problems{p}
	case errors.As(err, &sve):
		var ve *jsonschema.ValidationError
		doc, _ := docFor(sve.URL)
		if !errors.As(sve.Err, &ve) {
			return Problems{schemaProblem(doc, "", named(doc, sve.URL)+"the schema is not valid against its metaschema: "+sve.Err.Error())}
		}
		var leaves []SchemaError
		collectLeaves(ve.DetailedOutput(), ve, &leaves)
		sort.Slice(leaves, func(i, j int) bool {
			if leaves[i].InstanceLocation != leaves[j].InstanceLocation {
				return leaves[i].InstanceLocation < leaves[j].InstanceLocation
			}
			return leaves[i].KeywordLocation < leaves[j].KeywordLocation
		})
		probs := Problems{}
		for _, l := range leaves {
			msg := named(doc, sve.URL) + "not a valid schema: " + l.Message
			if strings.HasSuffix(l.KeywordLocation, "/format") && strings.Contains(l.Message, "regex") {
				msg += " (gatehouse runs patterns with RE2, in linear time, so lookaround and backreferences are not available)"
			}
			p := schemaProblem(doc, l.InstanceLocation, msg)
			p.Document = urlOf(doc)
			probs = append(probs, p)
		}
		return probs
	case errors.As(err, &lue):
		missing, _, _ := strings.Cut(lue.URL, "#")
		if errors.Is(lue.Err, errNotPasted) {
			ptr := findRef(schema.Value, "", missing)
			missing = strings.TrimPrefix(missing, strings.TrimSuffix(rootURL, "schema.json"))
			return Problems{schemaProblem(schema, ptr, fmt.Sprintf("$ref to %s: that document was not pasted, and gatehouse never fetches; add it as a resource with that URL", missing))}
		}
		return Problems{schemaProblem(schema, "", fmt.Sprintf("loading %s: %v", missing, lue.Err))}
	}
	msg := strings.ReplaceAll(err.Error(), rootURL, "schema")
	// Most compiler errors name the offending place as rootURL#/pointer.
	ptr := ""
	if i := strings.Index(err.Error(), rootURL+"#"); i >= 0 {
		rest := err.Error()[i+len(rootURL)+1:]
		if j := strings.IndexAny(rest, "\" "); j >= 0 {
			rest = rest[:j]
		}
		ptr, _ = url.PathUnescape(rest)
	}
	return Problems{schemaProblem(schema, ptr, msg)}
}

func schemaProblem(doc *Document, ptr, msg string) Problem {
	p := doc.Problem(KindSchema, ptr, msg)
	p.Source = SourceSchema
	p.InstanceLocation = ""
	p.KeywordLocation = ptr
	return p
}

// findRef returns the pointer of the first "$ref" whose document part could resolve to target.
func findRef(v any, at, target string) string {
	switch x := v.(type) {
	case map[string]any:
		if ref, ok := x["$ref"].(string); ok {
			doc, _, _ := strings.Cut(ref, "#")
			if doc != "" && strings.HasSuffix(target, doc) {
				return at + "/$ref"
			}
		}
		for _, k := range sortedKeys(x) {
			if p := findRef(x[k], JoinPointer(at, k), target); p != "" {
				return p
			}
		}
	case []any:
		for i, it := range x {
			if p := findRef(it, fmt.Sprintf("%s/%d", at, i), target); p != "" {
				return p
			}
		}
	}
	return ""
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
