package schema

import (
	"errors"
	"math/big"
	"slices"
	"strings"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// The library's messages are right for most keywords. Where they are not clear enough for a
// person, gatehouse says it in its own words.

// numberMessage words a failed numeric bound with the numbers as they are: the instance's as
// written, the schema's exactly (the library shows both as doubles, so 12345678901234567891 and
// …890 print alike, and draft 4's "exclusiveMaximum": true reads "got 10, want 10"). ok is false
// for other kinds.
func numberMessage(k jsonschema.ErrorKind, value func() any) (string, bool) {
	var format string
	var want *big.Rat
	switch k := k.(type) {
	case *kind.Minimum:
		format, want = i18n.T("must be at least %s; it is %s"), k.Want
	case *kind.Maximum:
		format, want = i18n.T("must be at most %s; it is %s"), k.Want
	case *kind.ExclusiveMinimum:
		format, want = i18n.T("must be greater than %s; it is %s"), k.Want
	case *kind.ExclusiveMaximum:
		format, want = i18n.T("must be less than %s; it is %s"), k.Want
	case *kind.MultipleOf:
		format, want = i18n.T("must be a multiple of %s; it is %s"), k.Want
	default:
		return "", false
	}
	got, ok := jsondoc.NumberText(value())
	if !ok || want == nil {
		return "", false
	}
	return i18n.Sprintf(format, exactDecimal(want), untrusted.Shorten(got, 80)), true
}

// exactDecimal writes a rational read from a decimal literal exactly: its denominator is a
// product of 2s and 5s, so as many fraction digits as the larger count of either suffice.
func exactDecimal(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	d := new(big.Int).Set(r.Denom())
	twos, fives := 0, 0
	two, five, zero := big.NewInt(2), big.NewInt(5), new(big.Int)
	var m big.Int
	for m.Mod(d, two).Cmp(zero) == 0 {
		d.Quo(d, two)
		twos++
	}
	for m.Mod(d, five).Cmp(zero) == 0 {
		d.Quo(d, five)
		fives++
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return r.FloatString(20) // not from a decimal literal; cannot happen for JSON
	}
	return strings.TrimRight(strings.TrimRight(r.FloatString(max(twos, fives)), "0"), ".")
}

// jsonTypes are the type names JSON Schema knows.
var jsonTypes = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

// unknownTypeMessage words a "type" whose value names a type JSON Schema does not know, with the
// closest known name: the metaschema's answer is two failures, of the string form and of the
// array form, neither of which says which name is wrong.
func unknownTypeMessage(value any) (string, bool) {
	var names []string
	switch v := value.(type) {
	case string:
		names = []string{v}
	case []any:
		for _, x := range v {
			if s, ok := x.(string); ok {
				names = append(names, s)
			}
		}
	}
	for _, name := range names {
		if slices.Contains(jsonTypes, name) {
			continue
		}
		if near := closest(name, jsonTypes); near != "" {
			return i18n.Sprintf("unknown type %s: the types are %s (did you mean %q?)", untrusted.Quote(name), strings.Join(jsonTypes, ", "), near), true
		}
		return i18n.Sprintf("unknown type %s: the types are %s", untrusted.Quote(name), strings.Join(jsonTypes, ", ")), true
	}
	return "", false
}

// closest returns the word of words nearest to s by edit distance, if it is near enough to be
// a typo (at most a third of its letters differ).
func closest(s string, words []string) string {
	best, bestDist := "", len(s)/3+1
	lower := strings.ToLower(s)
	for _, w := range words {
		if d := editDistance(lower, w); d < bestDist {
			best, bestDist = w, d
		}
	}
	return best
}

// editDistance is the Damerau–Levenshtein distance (with adjacent transpositions), for short words.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return max(len(a), len(b))
	}
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// knownMetaschemas are the $schema URLs of the drafts gatehouse knows, for a message about one
// it does not.
var knownMetaschemas = []string{
	"http://json-schema.org/draft-04/schema#",
	"http://json-schema.org/draft-06/schema#",
	"http://json-schema.org/draft-07/schema#",
	"https://json-schema.org/draft/2019-09/schema",
	"https://json-schema.org/draft/2020-12/schema",
}

// isAlternatives reports a failed oneOf or anyOf whose alternatives each failed: in the
// detailed output its unit carries no error of its own, and its children are the alternatives.
func isAlternatives(u *jsonschema.OutputUnit) bool {
	if len(u.Errors) < 2 {
		return false
	}
	tokens, ok := jsondoc.SplitPointer(u.KeywordLocation)
	n := len(tokens)
	if !ok || n == 0 || (tokens[n-1] != "oneOf" && tokens[n-1] != "anyOf") {
		return false
	}
	// A property named oneOf is not the keyword.
	return n == 1 || !slices.Contains([]string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"}, tokens[n-2])
}

// branchIndex reads the alternative's index from its keyword location, below the oneOf's.
func branchIndex(of, branch string) int {
	rest := strings.TrimPrefix(strings.TrimPrefix(branch, of), "/")
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		rest = rest[:i]
	}
	n := 0
	for _, c := range rest {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// bestAlternative picks the alternative that fits the value best: one where no property failed
// a const or enum (a discriminator that matches) when others did, then the one with the fewest
// failures, then the first.
func bestAlternative(u *jsonschema.OutputUnit) int {
	type fit struct {
		discriminated bool // a const or enum failed below it
		failures      int
	}
	fits := make([]fit, len(u.Errors))
	anyDiscriminated := false
	for i := range u.Errors {
		walkLeaves(&u.Errors[i], func(leaf *jsonschema.OutputUnit) {
			fits[i].failures++
			switch leaf.Error.Kind.(type) {
			case *kind.Const, *kind.Enum:
				if leaf.InstanceLocation != u.InstanceLocation {
					fits[i].discriminated = true
				}
			}
		})
		anyDiscriminated = anyDiscriminated || fits[i].discriminated
	}
	best := -1
	for i, f := range fits {
		if anyDiscriminated && f.discriminated {
			continue
		}
		if best < 0 || f.failures < fits[best].failures {
			best = i
		}
	}
	if best < 0 {
		best = 0
	}
	return best
}

// walkLeaves calls f on every leaf failure under u.
func walkLeaves(u *jsonschema.OutputUnit, f func(*jsonschema.OutputUnit)) {
	if len(u.Errors) == 0 {
		if u.Error != nil {
			f(u)
		}
		return
	}
	for i := range u.Errors {
		walkLeaves(&u.Errors[i], f)
	}
}

// libraryErrorWords words an error of the JSON Schema compiler in gatehouse's catalog, in the
// library's own English, so that it translates; with root, the pasted schema's made-up URL is
// written "schema". An error it does not know keeps the library's words.
func libraryErrorWords(err error, root bool) string {
	english := err.Error()
	u := func(s string) string { return s }
	if root {
		english = strings.ReplaceAll(english, rootURL, "schema")
		u = func(s string) string { return strings.ReplaceAll(s, rootURL, "schema") }
	}
	var (
		parseID      *jsonschema.ParseIDError
		parseAnchor  *jsonschema.ParseAnchorError
		dupID        *jsonschema.DuplicateIDError
		dupAnchor    *jsonschema.DuplicateAnchorError
		scheme       *jsonschema.UnsupportedURLSchemeError
		exists       *jsonschema.ResourceExistsError
		vocabulary   *jsonschema.UnsupportedVocabularyError
		anchor       *jsonschema.AnchorNotFoundError
		metaURL      *jsonschema.InvalidMetaSchemaURLError
		draft        *jsonschema.UnsupportedDraftError
		metaCycle    *jsonschema.MetaSchemaCycleError
		metaMismatch *jsonschema.MetaSchemaMismatchError
		parseURL     *jsonschema.ParseURLError
		badPointer   *jsonschema.InvalidJsonPointerError
		noPointer    *jsonschema.JSONPointerNotFoundError
	)
	var msg string
	switch {
	case errors.As(err, &parseID):
		msg = i18n.Sprintf("error in parsing id at %q", u(parseID.URL))
	case errors.As(err, &parseAnchor):
		msg = i18n.Sprintf("error in parsing anchor at %q", u(parseAnchor.URL))
	case errors.As(err, &dupID):
		msg = i18n.Sprintf("duplicate id %q in %q at %q and %q", dupID.ID, u(dupID.URL), dupID.Ptr1, dupID.Ptr2)
	case errors.As(err, &dupAnchor):
		msg = i18n.Sprintf("duplicate anchor %q in %q at %q and %q", dupAnchor.Anchor, u(dupAnchor.URL), dupAnchor.Ptr1, dupAnchor.Ptr2)
	case errors.As(err, &vocabulary):
		msg = i18n.Sprintf("unsupported vocabulary %q in %q", vocabulary.Vocabulary, u(vocabulary.URL))
	case errors.As(err, &anchor):
		msg = i18n.Sprintf("anchor in %q not found in schema %q", u(anchor.Reference), u(anchor.URL))
	case errors.As(err, &metaURL):
		msg = i18n.Sprintf("invalid $schema in %q: %v", u(metaURL.URL), metaURL.Err)
	case errors.As(err, &draft):
		msg = i18n.Sprintf("draft %q is not supported", u(draft.URL))
	case errors.As(err, &metaCycle):
		msg = i18n.Sprintf("cycle in resolving $schema in %q", u(metaCycle.URL))
	case errors.As(err, &metaMismatch):
		msg = i18n.Sprintf("$schema in %q does not match with $schema in root", u(metaMismatch.URL))
	case errors.As(err, &parseURL):
		msg = i18n.Sprintf("error in parsing %q: %v", u(parseURL.URL), parseURL.Err)
	case errors.As(err, &badPointer):
		msg = i18n.Sprintf("invalid json-pointer %q", u(badPointer.URL))
	case errors.As(err, &noPointer):
		msg = i18n.Sprintf("json-pointer in %q not found", u(noPointer.URL))
	case errors.As(err, &scheme), errors.As(err, &exists):
		return english // gatehouse registers every URL itself: neither reaches a user
	default:
		return english
	}
	if msg != english {
		return english // wrapped, or worded otherwise than this function knows
	}
	return msg
}

// falseSchemaMessage words a failed false schema by where it stands: the library says only
// "false schema", which tells a reader neither what was refused nor which keyword refused it.
// kw is the keyword location (a plain pointer), at the instance location where it failed;
// property and item name what the false schema refused, and the keyword in brackets says how.
func falseSchemaMessage(kw, at string) string {
	tokens, _ := jsondoc.SplitPointer(kw)
	instance, _ := jsondoc.SplitPointer(at)
	last := func(list []string, back int) string {
		if len(list) < back {
			return ""
		}
		return list[len(list)-back]
	}
	name := untrusted.Quote(last(instance, 1))
	keyword, parent := last(tokens, 1), last(tokens, 2)
	switch {
	case len(tokens) == 0:
		return i18n.T("the schema is false: no value is allowed")
	case keyword == "unevaluatedProperties" || keyword == "additionalProperties":
		return i18n.Sprintf("property %s is not allowed here (%s: false)", name, keyword)
	case parent == "properties":
		return i18n.Sprintf("property %s is not allowed here (its schema in properties is false)", name)
	case parent == "patternProperties":
		return i18n.Sprintf("property %s is not allowed here (patternProperties %s: false)", name, untrusted.Quote(keyword))
	case parent == "dependentSchemas" || parent == "dependencies":
		return i18n.Sprintf("property %s is not allowed here (%s %s: false)", untrusted.Quote(keyword), parent, untrusted.Quote(keyword))
	case keyword == "unevaluatedItems" || keyword == "items" || keyword == "additionalItems":
		return i18n.Sprintf("item %s is not allowed here (%s: false)", last(instance, 1), keyword)
	case parent == "prefixItems" || parent == "items":
		return i18n.Sprintf("item %s is not allowed here (%s/%s: false)", last(instance, 1), parent, keyword)
	case keyword == "propertyNames":
		return i18n.T("no property is allowed here (propertyNames: false)")
	case keyword == "contains":
		return i18n.T("the array must contain a matching item, and none can match (contains: false)")
	default:
		return i18n.Sprintf("no value is allowed here (the schema at %s is false)", kw)
	}
}

// unmatchedMessage words a oneOf or anyOf that no alternative matched, in one line. When every
// alternative fails a const or enum on the same property of the value (a discriminator, such as
// "kind"), the line says which values it may take: matches none of the 2 alternatives of oneOf
// ("kind" must be "a" or "b").
func unmatchedMessage(u *jsonschema.OutputUnit) string {
	tokens, _ := jsondoc.SplitPointer(u.KeywordLocation)
	keyword := tokens[len(tokens)-1]
	at, _ := jsondoc.SplitPointer(u.InstanceLocation)
	property, values := "", []string{}
	discriminated := true
	for i := range u.Errors {
		found := false
		walkLeaves(&u.Errors[i], func(leaf *jsonschema.OutputUnit) {
			tokens, ok := jsondoc.SplitPointer(leaf.InstanceLocation)
			if found || !ok || len(tokens) != len(at)+1 || (property != "" && tokens[len(at)] != property) {
				return
			}
			name := tokens[len(at)]
			var allowed []any
			switch k := leaf.Error.Kind.(type) {
			case *kind.Const:
				allowed = []any{k.Want}
			case *kind.Enum:
				allowed = k.Want
			default:
				return
			}
			found, property = true, name
			for _, v := range allowed {
				if text := quoteAllowed(v); !slices.Contains(values, text) {
					values = append(values, text)
				}
			}
		})
		discriminated = discriminated && found
	}
	n := len(u.Errors)
	if !discriminated || property == "" || len(values) == 0 {
		return i18n.Sprintf("matches none of the %d alternatives of %s", n, keyword)
	}
	list := values[len(values)-1]
	if len(values) > 1 {
		list = i18n.Sprintf("%s or %s", strings.Join(values[:len(values)-1], ", "), list)
	}
	return i18n.Sprintf("matches none of the %d alternatives of %s (%s must be %s)", n, keyword, untrusted.Quote(property), list)
}

// quoteAllowed writes a value a const or enum allows, as JSON, shortened.
func quoteAllowed(v any) string {
	if s, ok := v.(string); ok {
		return untrusted.Quote(s)
	}
	return untrusted.Shorten(jsondoc.Compact(v), untrusted.MaxQuoted)
}

// typeWords keeps the library's English words for each type mismatch it has written: a flood
// of problems is mostly one mismatch again and again ("got number, want string"), and the
// library writes each through a message printer, several allocations apiece. The keys are a
// type name and the wanted types, so the map stays small.
var typeWords sync.Map // typeMismatch → string

type typeMismatch struct{ got, want string }

// englishWords is the library's English message for an error.
func englishWords(e *jsonschema.OutputError) string {
	k, ok := e.Kind.(*kind.Type)
	if !ok {
		return e.String()
	}
	key := typeMismatch{k.Got, strings.Join(k.Want, "\x00")}
	if words, ok := typeWords.Load(key); ok {
		return words.(string)
	}
	words := e.String()
	typeWords.Store(key, words)
	return words
}
