// Package schema compiles JSON Schemas (drafts 4, 6, 7, 2019-09 and 2020-12, with
// santhosh-tekuri/jsonschema) and places every way an instance fails one at its line and column.
//
// Nothing is ever fetched: metaschemas are built in, further documents are given as resources,
// and a $ref to anything else is a problem. Patterns run on RE2, in linear time. A [Cache] keeps
// compiled schemas by their texts, so a schema compiled once is not compiled again on the next
// keystroke; it belongs to whoever keeps it (the API keeps one for the page's session).
package schema

import (
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"

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
	// formats and namesFormat are found once, when the schema is compiled (see [Schema.Formats]).
	formats     FormatUse
	namesFormat bool
}

// A Failure is one way an instance fails a schema, before it is placed in a text.
type Failure struct {
	InstanceLocation string // JSON Pointer into the instance
	KeywordLocation  string // JSON Pointer into the schema, through any $ref
	Message          string
	// Property is set when the error is about a member name rather than a value (an
	// additional property that is not allowed), so it can be shown at the name.
	Property string
	// Alternative says which alternative of a failed oneOf or anyOf the failure is in.
	Alternative *problem.Alternative
}

// Compile compiles a parsed schema, with further schema documents by URL (resources) so
// that a $ref across documents resolves without any fetch. draft applies when the schema has no
// $schema ("" means [DefaultDraft]). Problems are placed in the schema's text.
func Compile(schema *jsondoc.Document, draft string, resources map[string]*jsondoc.Document) (*Schema, problem.Problems) {
	return compile(schema, draft, resources, false)
}

// CompileAssertingFormats is [Compile] with "format" asserted: a string that is not the
// format it names fails, where by default (as 2020-12 says) the keyword is an annotation.
func CompileAssertingFormats(schema *jsondoc.Document, draft string, resources map[string]*jsondoc.Document) (*Schema, problem.Problems) {
	return compile(schema, draft, resources, true)
}

func compile(schema *jsondoc.Document, draft string, resources map[string]*jsondoc.Document, assertFormats bool) (*Schema, problem.Problems) {
	if draft == "" {
		draft = DefaultDraft
	}
	d, ok := draftsByName[draft]
	if !ok {
		return nil, problem.Problems{{Source: problem.SourceSchema, Kind: problem.KindSchema, Offset: -1,
			Message: i18n.Sprintf("unknown draft %q: use one of %s", draft, strings.Join(Drafts, ", "))}}
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(d)
	c.UseLoader(noFetch{})
	c.UseRegexpEngine(compilePattern)
	if assertFormats {
		c.AssertFormat()
	}
	docsByURL := map[string]*jsondoc.Document{rootURL: schema}
	if err := c.AddResource(rootURL, schema.Value); err != nil {
		return nil, problem.Problems{schema.Problem(problem.KindSchema, "", libraryErrorWords(err, false))}
	}
	for _, u := range slices.Sorted(maps.Keys(resources)) {
		parsed, err := url.Parse(u)
		if err != nil || !parsed.IsAbs() {
			return nil, problem.Problems{{Source: problem.SourceSchema, Kind: problem.KindSchema, Offset: -1,
				Message: i18n.Sprintf("resource %q: its URL must be absolute (like https://example.com/defs.json)", u)}}
		}
		if err := c.AddResource(u, resources[u].Value); err != nil {
			return nil, problem.Problems{{Source: problem.SourceSchema, Kind: problem.KindSchema, Offset: -1, Message: i18n.Sprintf("resource %q: %v", u, libraryErrorWords(err, false))}}
		}
		docsByURL[strings.TrimSuffix(u, "#")] = resources[u]
	}
	compiled, err := compileGuarded(c)
	if err != nil {
		return nil, compileProblems(err, schema, docsByURL)
	}
	names := textNamesFormat(schema.Text)
	for _, doc := range resources {
		names = names || textNamesFormat(doc.Text)
	}
	return &Schema{compiled: compiled, formats: formatUse(compiled), namesFormat: names}, nil
}

// compileGuarded turns a panic inside the compiler into an error: a hostile schema must never
// take down the page's runtime.
func compileGuarded(c *jsonschema.Compiler) (s *jsonschema.Schema, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = i18n.Errorf("the schema could not be compiled: %v", r)
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
// value as [jsondoc.Document.Value] holds it.
func (s *Schema) Validate(v any) []Failure {
	errs := s.failures(v)
	// The validator walks a schema's properties in map order; sort, so the same input always
	// gives the same answer.
	slices.SortFunc(errs, func(a, b Failure) int { return compareFailures(&a, &b) })
	return errs
}

// compareFailures orders failures by instance location, then keyword location, then message
// and property: an order that does not depend on the validator's map order.
func compareFailures(a, b *Failure) int {
	if c := strings.Compare(a.InstanceLocation, b.InstanceLocation); c != 0 {
		return c
	}
	if c := strings.Compare(a.KeywordLocation, b.KeywordLocation); c != 0 {
		return c
	}
	if c := strings.Compare(a.Message, b.Message); c != 0 {
		return c
	}
	return strings.Compare(a.Property, b.Property)
}

// failures are the ways v fails the schema, in the validator's order.
func (s *Schema) failures(v any) (errs []Failure) {
	defer func() {
		if r := recover(); r != nil {
			errs = []Failure{{Message: i18n.Sprintf("validation stopped: %v", r)}}
		}
	}()
	if valid, decided := s.compiled.Decide(v); decided && valid {
		return nil // the common case, told without building the validator's output
	}
	err := s.compiled.Validate(v)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []Failure{{Message: err.Error()}}
	}
	out := ve.DetailedOutput()
	errs = make([]Failure, 0, countLeaves(out)) // a flood of failures is one list, not a list grown
	collectLeaves(out, v, nil, &errs)
	if len(errs) == 0 {
		errs = append(errs, Failure{Message: i18n.Custom(ve.Error(), func(lang i18n.Lang) string { return ve.PrintMessage(i18n.LibraryPrinter(lang)) })})
	}
	return errs
}

// countLeaves is how many units under u have no units of their own: at most what collectLeaves
// keeps.
func countLeaves(u *jsonschema.OutputUnit) int {
	if len(u.Errors) == 0 {
		return 1
	}
	n := 0
	for i := range u.Errors {
		n += countLeaves(&u.Errors[i])
	}
	return n
}

// collectLeaves keeps the most specific errors: the leaves of the detailed output, where a
// message says what is wrong rather than "allOf failed".
// instance is the validated value, to word some failures with its numbers as written; nil when
// the failures are a schema's against its metaschema.
// alt is the outermost failed oneOf or anyOf alternative the unit is in, if any.
func collectLeaves(u *jsonschema.OutputUnit, instance any, alt *problem.Alternative, out *[]Failure) {
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
		if ap, ok := u.Error.Kind.(*kind.AdditionalProperties); ok {
			// The library lists them in map order: the same value would get another message
			// each time.
			slices.Sort(ap.Properties)
		}
		e := Failure{InstanceLocation: u.InstanceLocation, KeywordLocation: kw, Message: i18n.Library(englishWords(u.Error), u.Error.Kind), Alternative: alt}
		if instance != nil {
			// The value is looked up only for a bound's message: a flood of other problems
			// would pay a lookup each.
			if msg, ok := numberMessage(u.Error.Kind, func() any { return jsondoc.Lookup(instance, u.InstanceLocation) }); ok {
				e.Message = msg
			}
		}
		if ap, ok := u.Error.Kind.(*kind.AdditionalProperties); ok && len(ap.Properties) > 0 {
			e.Property = ap.Properties[0]
		}
		if _, ok := u.Error.Kind.(*kind.FalseSchema); ok {
			e.Message = falseSchemaMessage(kw, u.InstanceLocation)
		}
		*out = append(*out, e)
		return
	}
	if alt == nil && isAlternatives(u) {
		best := bestAlternative(u)
		of, _ := url.PathUnescape(u.KeywordLocation)
		unmatched := &problem.Unmatched{InstanceLocation: u.InstanceLocation, KeywordLocation: of, Alternatives: len(u.Errors),
			Best: branchIndex(u.KeywordLocation, u.Errors[best].KeywordLocation), Message: unmatchedMessage(u)}
		for i := range u.Errors {
			branch := branchIndex(u.KeywordLocation, u.Errors[i].KeywordLocation)
			collectLeaves(&u.Errors[i], instance, &problem.Alternative{Of: of, Branch: branch, Best: i == best, Unmatched: unmatched}, out)
		}
		return
	}
	for i := range u.Errors {
		collectLeaves(&u.Errors[i], instance, alt, out)
	}
}

// Check validates a parsed instance and places each failure in its text. prefix is the pointer
// of the validated value inside doc ("" for the whole document), so that a value nested in a
// larger text (a tool call's "input") is still shown at the right line; the problems' instance
// locations are relative to the validated value.
func (s *Schema) Check(doc *jsondoc.Document, prefix string) problem.Problems {
	errs := s.failures(jsondoc.Lookup(doc.Value, prefix))
	// Each failure is located first and the problems are made once, in the order of the text
	// (as a reader goes through it; those that cannot be placed last, and at one place in
	// [Schema.Validate]'s order): sorting small pairs of offset and index, not a flood of
	// problems, which in WebAssembly moved every problem through write barriers many times.
	order := make([]placedFailure, len(errs))
	for i := range errs {
		e := &errs[i]
		off, ok := -1, false
		if e.Property != "" {
			off, ok = doc.LocateName(jsondoc.JoinPointer(prefix+e.InstanceLocation, e.Property))
		}
		if !ok {
			off, ok = doc.Locate(prefix + e.InstanceLocation)
		}
		if !ok {
			off = -1
		}
		order[i] = placedFailure{offset: off, index: i}
	}
	slices.SortFunc(order, func(a, b placedFailure) int {
		switch {
		case a.offset == b.offset || (a.offset < 0 && b.offset < 0):
			return compareFailures(&errs[a.index], &errs[b.index])
		case a.offset < 0:
			return 1
		case b.offset < 0:
			return -1
		}
		return a.offset - b.offset
	})
	probs := make(problem.Problems, len(errs))
	for k, o := range order {
		e := &errs[o.index]
		p := &probs[k]
		*p = problem.Problem{Source: doc.Source, Kind: problem.KindValidation, Message: e.Message, Offset: o.offset,
			InstanceLocation: e.InstanceLocation, KeywordLocation: e.KeywordLocation, Alternative: e.Alternative}
		if o.offset >= 0 {
			p.Line, p.Column = doc.Position(o.offset)
		}
		// A value that matches no alternative is placed once, where the value is.
		if u := p.Alternative.UnmatchedOf(); u != nil && u.Line == 0 {
			u.Source = doc.Source
			if off, ok := doc.Locate(prefix + u.InstanceLocation); ok {
				u.Line, u.Column = doc.Position(off)
			}
		}
	}
	return probs
}

// A placedFailure is a failure's offset in the text (-1 when it cannot be placed) and its index
// among the failures.
type placedFailure struct{ offset, index int }

// compileProblems explains why a schema did not compile, placed in the text it is about.
func compileProblems(err error, schema *jsondoc.Document, docs map[string]*jsondoc.Document) problem.Problems {
	// docFor finds the pasted document a schema URL (with a #/pointer fragment) points into.
	docFor := func(u string) (*jsondoc.Document, string) {
		base, frag, _ := strings.Cut(u, "#")
		doc := docs[base]
		if doc == nil {
			doc = schema
		}
		ptr, _ := url.PathUnescape(frag)
		return doc, ptr
	}
	// named starts a message about a resource with its URL.
	named := func(doc *jsondoc.Document, u, msg string) string {
		if doc == schema || doc == nil {
			return msg
		}
		base, _, _ := strings.Cut(u, "#")
		return i18n.Sprintf("in %s: %s", base, msg)
	}
	// urlOf names the resource a document is, for Problem.Document; "" for the main schema.
	urlOf := func(doc *jsondoc.Document) string {
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
		msg := named(doc, rxe.URL, i18n.Sprintf("pattern %q is not a regular expression gatehouse can run (RE2, linear time): %v", rxe.Regex, rxe.Err))
		p := doc.Problem(problem.KindSchema, ptr, msg)
		p.Source = problem.SourceSchema
		p.Document = urlOf(doc)
		return problem.Problems{p}
	case errors.As(err, &sve):
		var ve *jsonschema.ValidationError
		doc, _ := docFor(sve.URL)
		if !errors.As(sve.Err, &ve) {
			return problem.Problems{schemaProblem(doc, "", named(doc, sve.URL, i18n.Sprintf("the schema is not valid against its metaschema: %s", sve.Err.Error())))}
		}
		var leaves []Failure
		collectLeaves(ve.DetailedOutput(), nil, nil, &leaves)
		sort.Slice(leaves, func(i, j int) bool {
			if leaves[i].InstanceLocation != leaves[j].InstanceLocation {
				return leaves[i].InstanceLocation < leaves[j].InstanceLocation
			}
			return leaves[i].KeywordLocation < leaves[j].KeywordLocation
		})
		probs := problem.Problems{}
		for i, l := range leaves {
			if i > 0 && l.InstanceLocation == leaves[i-1].InstanceLocation && strings.HasSuffix(l.InstanceLocation, "/type") {
				continue // one problem per unknown type, below
			}
			msg := i18n.Sprintf("not a valid schema: %s", l.Message)
			if strings.HasSuffix(l.InstanceLocation, "/type") || strings.Contains(l.InstanceLocation, "/type/") {
				typeAt := l.InstanceLocation[:strings.LastIndex(l.InstanceLocation, "/type")+len("/type")]
				if explained, ok := unknownTypeMessage(jsondoc.Lookup(doc.Value, typeAt)); ok {
					if i > 0 && strings.HasPrefix(leaves[i-1].InstanceLocation, typeAt) {
						continue
					}
					msg, l.InstanceLocation = i18n.Sprintf("not a valid schema: %s", explained), typeAt
				}
			}
			if strings.HasSuffix(l.KeywordLocation, "/format") && strings.Contains(l.Message, "regex") {
				msg = i18n.Sprintf("not a valid schema: %s (gatehouse runs patterns with RE2, in linear time, so lookaround and backreferences are not available)", l.Message)
			}
			msg = named(doc, sve.URL, msg)
			p := schemaProblem(doc, l.InstanceLocation, msg)
			p.Document = urlOf(doc)
			probs = append(probs, p)
		}
		return probs
	case errors.As(err, &lue):
		missing, _, _ := strings.Cut(lue.URL, "#")
		if meta, _ := schema.Value.(map[string]any)["$schema"].(string); errors.Is(lue.Err, errNotPasted) && meta != "" && strings.TrimSuffix(meta, "#") == strings.TrimSuffix(missing, "#") {
			return problem.Problems{schemaProblem(schema, "/$schema", i18n.Sprintf("unknown metaschema %s: gatehouse knows drafts 4, 6, 7, 2019-09 and 2020-12 (%s); it never fetches, so another metaschema must be pasted as a resource with that URL",
				untrusted.Quote(meta), strings.Join(knownMetaschemas, ", ")))}
		}
		if errors.Is(lue.Err, errNotPasted) {
			ptr := findRef(schema.Value, "", missing)
			missing = strings.TrimPrefix(missing, strings.TrimSuffix(rootURL, "schema.json"))
			return problem.Problems{schemaProblem(schema, ptr, i18n.Sprintf("$ref to %s: that document was not pasted, and gatehouse never fetches; add it as a resource with that URL", missing))}
		}
		return problem.Problems{schemaProblem(schema, "", i18n.Sprintf("loading %s: %v", missing, lue.Err))}
	}
	msg := libraryErrorWords(err, true)
	// Most compiler errors name the offending place as rootURL#/pointer.
	ptr := ""
	if i := strings.Index(err.Error(), rootURL+"#"); i >= 0 {
		rest := err.Error()[i+len(rootURL)+1:]
		if j := strings.IndexAny(rest, "\" "); j >= 0 {
			rest = rest[:j]
		}
		ptr, _ = url.PathUnescape(rest)
	}
	return problem.Problems{schemaProblem(schema, ptr, msg)}
}

func schemaProblem(doc *jsondoc.Document, ptr, msg string) problem.Problem {
	p := doc.Problem(problem.KindSchema, ptr, msg)
	p.Source = problem.SourceSchema
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
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if p := findRef(x[k], jsondoc.JoinPointer(at, k), target); p != "" {
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
