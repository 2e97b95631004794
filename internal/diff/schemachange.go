package diff

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// A SchemaClass says what a change does to the set of values a schema accepts: the class of
// one [SchemaChange] (loosened, tightened or neutral), or the verdict on all of a tool's schema
// changes ([ToolChange.Schema]: any of these, mixed, or unchanged).
type SchemaClass string

// The classes and verdicts.
const (
	ClassLoosened  SchemaClass = "loosened"  // it accepts more
	ClassTightened SchemaClass = "tightened" // it accepts less
	ClassNeutral   SchemaClass = "neutral"   // it accepts the same
	ClassMixed     SchemaClass = "mixed"     // a verdict only: some changes loosen, some tighten
	ClassUnchanged SchemaClass = "unchanged" // a verdict only: the schemas are the same
)

// A SchemaChange is one difference between a tool's old and new inputSchema or outputSchema,
// classed by what it does to the set of values the schema accepts.
//
// Pointer, Line and Column place the change in the right text: at the changed keyword, or at
// the schema that lost it. LeftPointer, LeftLine and LeftColumn place it in the left text.
type SchemaChange struct {
	Schema        string      `json:"schema"`        // inputSchema | outputSchema
	SchemaPointer string      `json:"schemaPointer"` // where in the schema, relative to its root
	Change        string      `json:"change"`        // a short code, e.g. "additionalProperties-removed"
	Class         SchemaClass `json:"class"`         // loosened | tightened | neutral
	Message       string      `json:"message"`
	jsondoc.Place
	LeftPlace
}

// CompareSchemas lists the changes from the left schema to the right one. which names the
// schema ("inputSchema" or "outputSchema"); leftAt and rightAt are the schemas' pointers in
// their documents. A missing schema is nil. The comparison is structural and conservative: a
// change it cannot prove harmless (a rewritten pattern, a different $ref) is classed loosened.
func CompareSchemas(which string, left, right any, leftAt, rightAt string) []SchemaChange {
	sc := &schemaComparer{which: which, leftAt: leftAt, rightAt: rightAt}
	sc.compare(left, right, "", left != nil, right != nil)
	return sc.changes
}

type schemaComparer struct {
	which, leftAt, rightAt string
	changes                []SchemaChange
}

// emit records a change at rel; inLeft and inRight say whether rel exists on each side, else
// the change is placed at the nearest schema above it.
func (sc *schemaComparer) emit(rel string, inLeft, inRight bool, change string, class SchemaClass, msg string) {
	lrel, rrel := rel, rel
	if !inLeft {
		lrel = jsondoc.ParentPointer(rel)
	}
	if !inRight {
		rrel = jsondoc.ParentPointer(rel)
	}
	sc.changes = append(sc.changes, SchemaChange{Schema: sc.which, SchemaPointer: rel, Change: change, Class: class,
		Message: i18n.Sprintf("%s at %s: %s", sc.which, jsondoc.ShowPointer(rel), msg), Place: jsondoc.Place{Pointer: sc.rightAt + rrel}, LeftPlace: LeftPlace{LeftPointer: sc.leftAt + lrel}})
}

func acceptsAll(s any) bool {
	if s == true {
		return true
	}
	m, ok := s.(map[string]any)
	return ok && len(m) == 0
}

func (sc *schemaComparer) compare(l, r any, rel string, inLeft, inRight bool) {
	if jsondoc.Equal(l, r) {
		return
	}
	lm, lok := l.(map[string]any)
	rm, rok := r.(map[string]any)
	if !lok || !rok {
		switch {
		case !inRight:
			sc.emit(rel, true, false, "schema-removed", ClassLoosened, i18n.T("the schema was removed: anything is accepted"))
		case !inLeft:
			sc.emit(rel, false, true, "schema-added", ClassTightened, i18n.T("a schema was added"))
		case acceptsAll(r):
			sc.emit(rel, true, true, "accepts-anything", ClassLoosened, i18n.T("the schema now accepts anything"))
		case r == false:
			sc.emit(rel, true, true, "rejects-everything", ClassTightened, i18n.T("the schema now rejects everything"))
		case acceptsAll(l):
			sc.emit(rel, true, true, "constrained", ClassTightened, i18n.T("a schema that accepted anything now has constraints"))
		case l == false:
			sc.emit(rel, true, true, "opened", ClassLoosened, i18n.T("a schema that rejected everything now accepts values"))
		default:
			sc.emit(rel, true, true, "schema-replaced", ClassLoosened, i18n.T("the schema was replaced by a value of another kind: review it"))
		}
		return
	}
	keys := map[string]bool{}
	for k := range lm {
		keys[k] = true
	}
	for k := range rm {
		keys[k] = true
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		lv, inL := lm[k]
		rv, inR := rm[k]
		if inL && inR && jsondoc.Equal(lv, rv) {
			continue
		}
		at := jsondoc.JoinPointer(rel, k)
		switch k {
		case "type":
			sc.types(at, lv, rv, inL, inR)
		case "additionalProperties", "unevaluatedProperties", "additionalItems", "unevaluatedItems":
			sc.additional(k, at, lv, rv, inL, inR)
		case "properties", "patternProperties":
			sc.properties(k, at, lm, rm)
		case "required":
			sc.required(at, lv, rv, inL, inR)
		case "enum":
			sc.enum(at, lv, rv, inL, inR)
		case "const":
			sc.constant(at, lv, rv, inL, inR)
		case "pattern", "format", "contentMediaType", "contentEncoding":
			sc.constraint(k, at, lv, rv, inL, inR)
		case "maxLength", "maxItems", "maxProperties", "maximum", "maxContains":
			sc.bound(k, at, lv, rv, inL, inR, true)
		case "minLength", "minItems", "minProperties", "minimum", "minContains":
			sc.bound(k, at, lv, rv, inL, inR, false)
		case "exclusiveMaximum", "exclusiveMinimum":
			if _, isBool := lv.(bool); isBool || isBoolValue(rv) {
				sc.flag(k, at, lv == true, rv == true, inL, inR)
			} else {
				sc.bound(k, at, lv, rv, inL, inR, k == "exclusiveMaximum")
			}
		case "uniqueItems":
			sc.flag(k, at, lv == true, rv == true, inL, inR)
		case "items", "contains", "propertyNames":
			sc.subschema(k, at, lv, rv, inL, inR)
		case "prefixItems":
			sc.branches(k, at, lv, rv, ClassTightened)
		case "anyOf", "oneOf":
			sc.branches(k, at, lv, rv, ClassLoosened)
		case "allOf":
			sc.branches(k, at, lv, rv, ClassTightened)
		case "$defs", "definitions", "dependentSchemas":
			sc.definitions(k, at, lv, rv)
		case "multipleOf", "dependentRequired", "dependencies", "not", "if", "then", "else":
			switch {
			case !inR:
				sc.emit(at, true, false, k+"-removed", ClassLoosened, i18n.Sprintf("%q was removed: a constraint is gone", k))
			case !inL:
				sc.emit(at, false, true, k+"-added", ClassTightened, i18n.Sprintf("%q was added", k))
			default:
				sc.emit(at, true, true, k+"-changed", ClassLoosened, i18n.Sprintf("%q changed: gatehouse cannot prove the new one accepts no more than the old; review it", k))
			}
		case "$ref", "$dynamicRef":
			switch {
			case !inR:
				sc.emit(at, true, false, "ref-removed", ClassLoosened, i18n.Sprintf("the reference %s was removed: its constraints are gone", quoteValue(lv)))
			case !inL:
				sc.emit(at, false, true, "ref-added", ClassTightened, i18n.Sprintf("now refers to %s", quoteValue(rv)))
			default:
				sc.emit(at, true, true, "ref-changed", ClassLoosened, i18n.Sprintf("now refers to %s instead of %s: review the new definition", quoteValue(rv), quoteValue(lv)))
			}
		case "description", "title", "$comment", "examples", "default", "deprecated", "readOnly", "writeOnly", "$schema", "$id", "$anchor", "x-order":
			msg := i18n.Sprintf("%q changed", k)
			switch k {
			case "description":
				msg = i18n.T("the description changed: the model reads it")
			case "title":
				msg = i18n.T("the title changed: the model reads it")
			}
			sc.emit(at, inL, inR, k+"-changed", ClassNeutral, msg)
		default:
			sc.emit(at, inL, inR, "keyword-changed", ClassNeutral, i18n.Sprintf("keyword %q changed (not one gatehouse classifies)", k))
		}
	}
}

func isBoolValue(v any) bool { _, ok := v.(bool); return ok }

// quoteValue shows a schema value in a message, short.
func quoteValue(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", untrusted.Shorten(s, 80))
	}
	return untrusted.Shorten(jsondoc.Compact(v), 80)
}

// typeSet reads "type" as a set; nil means any type.
func typeSet(v any, present bool) map[string]bool {
	if !present {
		return nil
	}
	set := map[string]bool{}
	switch t := v.(type) {
	case string:
		set[t] = true
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				set[s] = true
			}
		}
	}
	return set
}

func coversType(set map[string]bool, t string) bool {
	return set == nil || set[t] || (t == "integer" && set["number"])
}

func (sc *schemaComparer) types(at string, lv, rv any, inL, inR bool) {
	ls, rs := typeSet(lv, inL), typeSet(rv, inR)
	if rs == nil {
		sc.emit(at, true, false, "type-removed", ClassLoosened, i18n.Sprintf("the type constraint %s was removed: any type is accepted", quoteValue(lv)))
		return
	}
	if ls == nil {
		sc.emit(at, false, true, "type-added", ClassTightened, i18n.Sprintf("now restricted to type %s", quoteValue(rv)))
		return
	}
	var added, removed []string
	for _, t := range slices.Sorted(maps.Keys(rs)) {
		if !coversType(ls, t) {
			added = append(added, t)
		}
	}
	for _, t := range slices.Sorted(maps.Keys(ls)) {
		if !coversType(rs, t) {
			removed = append(removed, t)
		}
	}
	if len(added) > 0 {
		sc.emit(at, true, true, "type-widened", ClassLoosened, i18n.Sprintf("type widened from %s to %s: now also accepts %s", quoteValue(lv), quoteValue(rv), strings.Join(added, ", ")))
	}
	if len(removed) > 0 {
		sc.emit(at, true, true, "type-narrowed", ClassTightened, i18n.Sprintf("type narrowed from %s to %s: no longer accepts %s", quoteValue(lv), quoteValue(rv), strings.Join(removed, ", ")))
	}
	if len(added) == 0 && len(removed) == 0 {
		sc.emit(at, true, true, "type-rewritten", ClassNeutral, i18n.Sprintf("type rewritten from %s to %s, accepting the same", quoteValue(lv), quoteValue(rv)))
	}
}

func (sc *schemaComparer) additional(k, at string, lv, rv any, inL, inR bool) {
	what := i18n.T("arguments")
	if strings.HasSuffix(k, "Items") {
		what = i18n.T("array items")
	}
	lFalse, rFalse := inL && lv == false, inR && rv == false
	_, lSchema := lv.(map[string]any)
	_, rSchema := rv.(map[string]any)
	switch {
	case lFalse && !rFalse:
		msg := i18n.Sprintf("lost %q: false: undeclared %s are now accepted", k, what)
		if rSchema {
			msg = i18n.Sprintf("lost %q: false: undeclared %s are now accepted when they match a schema", k, what)
		}
		sc.emit(at, true, inR, k+"-removed", ClassLoosened, msg)
	case rFalse && !lFalse:
		sc.emit(at, inL, true, k+"-false", ClassTightened, i18n.Sprintf("%q: false added: undeclared %s are now rejected", k, what))
	case lSchema && rSchema:
		sc.compare(lv, rv, at, true, true)
	case lSchema && (!inR || rv == true):
		sc.emit(at, true, inR, k+"-opened", ClassLoosened, i18n.Sprintf("%q no longer constrains undeclared %s", k, what))
	case rSchema && (!inL || lv == true):
		sc.emit(at, inL, true, k+"-constrained", ClassTightened, i18n.Sprintf("%q now constrains undeclared %s", k, what))
	default:
		sc.emit(at, inL, inR, k+"-changed", ClassNeutral, i18n.Sprintf("%q changed from %s to %s", k, quoteValue(lv), quoteValue(rv)))
	}
}

// closed reports a schema that rejects undeclared members.
func closed(m map[string]any) bool {
	return m["additionalProperties"] == false || m["unevaluatedProperties"] == false
}

func (sc *schemaComparer) properties(k, at string, lm, rm map[string]any) {
	lp, _ := lm[k].(map[string]any)
	rp, _ := rm[k].(map[string]any)
	names := map[string]bool{}
	for n := range lp {
		names[n] = true
	}
	for n := range rp {
		names[n] = true
	}
	// The words differ with the noun, as a parameter (French: un paramètre) and a pattern (un
	// motif) may not agree alike in every language.
	formats := parameterChanges
	if k == "patternProperties" {
		formats = patternChanges
	}
	for _, n := range slices.Sorted(maps.Keys(names)) {
		lv, inL := lp[n]
		rv, inR := rp[n]
		p := jsondoc.JoinPointer(at, n)
		switch {
		case inL && inR:
			sc.compare(lv, rv, p, true, true)
		case inR && closed(lm):
			sc.emit(p, false, true, "property-added", ClassLoosened, i18n.Sprintf(formats[0], n))
		case inR:
			sc.emit(p, false, true, "property-added", ClassLoosened, i18n.Sprintf(formats[1], n))
		case closed(rm):
			sc.emit(p, true, false, "property-removed", ClassTightened, i18n.Sprintf(formats[2], n))
		default:
			sc.emit(p, true, false, "property-removed", ClassLoosened, i18n.Sprintf(formats[3], n))
		}
	}
}

func stringSet(v any) map[string]bool {
	set := map[string]bool{}
	if a, ok := v.([]any); ok {
		for _, x := range a {
			if s, ok := x.(string); ok {
				set[s] = true
			}
		}
	}
	return set
}

func (sc *schemaComparer) required(at string, lv, rv any, inL, inR bool) {
	ls, rs := stringSet(lv), stringSet(rv)
	var dropped, added []string
	for _, n := range slices.Sorted(maps.Keys(ls)) {
		if !rs[n] {
			dropped = append(dropped, n)
		}
	}
	for _, n := range slices.Sorted(maps.Keys(rs)) {
		if !ls[n] {
			added = append(added, n)
		}
	}
	if len(dropped) > 0 {
		sc.emit(at, true, inR, "required-shrank", ClassLoosened, i18n.Sprintf("no longer required: %s", quotedNames(dropped)))
	}
	if len(added) > 0 {
		sc.emit(at, inL, true, "required-grew", ClassTightened, i18n.Sprintf("now required: %s", quotedNames(added)))
	}
	if len(dropped) == 0 && len(added) == 0 {
		sc.emit(at, inL, inR, "required-reordered", ClassNeutral, i18n.T("the required list was reordered"))
	}
}

func quotedNames(names []string) string {
	const show = 6
	q := make([]string, 0, show+1)
	for i, n := range names {
		if i == show {
			q = append(q, i18n.Sprintf("and %d more", len(names)-show))
			break
		}
		q = append(q, fmt.Sprintf("%q", untrusted.Shorten(n, 60)))
	}
	return i18n.Join(q, ", ")
}

// valueKey is a value's identity in an enum: its compact JSON, numbers by their text.
func valueKey(v any) string {
	if n, ok := v.(json.Number); ok {
		if number, ok := jsondoc.ParseNumber(string(n)); ok {
			return "n:" + number.Key()
		}
	}
	return jsondoc.Compact(v)
}

func (sc *schemaComparer) enum(at string, lv, rv any, inL, inR bool) {
	if !inR {
		sc.emit(at, true, false, "enum-removed", ClassLoosened, i18n.Sprintf("the enum %s was dropped: any value of the type is accepted", quoteValue(lv)))
		return
	}
	if !inL {
		sc.emit(at, false, true, "enum-added", ClassTightened, i18n.Sprintf("now limited to %s", quoteValue(rv)))
		return
	}
	la, _ := lv.([]any)
	ra, _ := rv.([]any)
	lk := make(map[string]bool, len(la))
	for _, v := range la {
		lk[valueKey(v)] = true
	}
	rk := make(map[string]bool, len(ra))
	for _, v := range ra {
		rk[valueKey(v)] = true
	}
	var added, removed []string
	for _, v := range ra {
		if !lk[valueKey(v)] {
			added = append(added, jsondoc.Compact(v))
		}
	}
	for _, v := range la {
		if !rk[valueKey(v)] {
			removed = append(removed, jsondoc.Compact(v))
		}
	}
	if len(added) > 0 {
		sc.emit(at, true, true, "enum-widened", ClassLoosened, i18n.Sprintf("enum widened: now also allows %s", listValues(added)))
	}
	if len(removed) > 0 {
		sc.emit(at, true, true, "enum-narrowed", ClassTightened, i18n.Sprintf("enum narrowed: no longer allows %s", listValues(removed)))
	}
	if len(added) == 0 && len(removed) == 0 {
		sc.emit(at, true, true, "enum-reordered", ClassNeutral, i18n.T("the enum was reordered"))
	}
}

func listValues(vs []string) string {
	const show = 6
	out := make([]string, 0, show+1)
	for i, v := range vs {
		if i == show {
			out = append(out, i18n.Sprintf("and %d more", len(vs)-show))
			break
		}
		out = append(out, untrusted.Shorten(v, 60))
	}
	return i18n.Join(out, ", ")
}

func (sc *schemaComparer) constant(at string, lv, rv any, inL, inR bool) {
	switch {
	case !inR:
		sc.emit(at, true, false, "const-removed", ClassLoosened, i18n.Sprintf("the const %s was dropped: other values are accepted", quoteValue(lv)))
	case !inL:
		sc.emit(at, false, true, "const-added", ClassTightened, i18n.Sprintf("now fixed to %s", quoteValue(rv)))
	default:
		sc.emit(at, true, true, "const-changed", ClassLoosened, i18n.Sprintf("the const changed from %s to %s: a value rejected before is accepted now", quoteValue(lv), quoteValue(rv)))
	}
}

var matchAnything = map[string]bool{"": true, ".*": true, "^.*$": true, ".+": true, "^.+$": true, "^.*": true, ".*$": true, "[\\s\\S]*": true, "^[\\s\\S]*$": true}

func (sc *schemaComparer) constraint(k, at string, lv, rv any, inL, inR bool) {
	switch {
	case !inR:
		sc.emit(at, true, false, k+"-removed", ClassLoosened, i18n.Sprintf("%q %s was dropped: the value is no longer checked", k, quoteValue(lv)))
	case !inL:
		sc.emit(at, false, true, k+"-added", ClassTightened, i18n.Sprintf("%q %s added", k, quoteValue(rv)))
	default:
		ls, _ := lv.(string)
		rs, _ := rv.(string)
		switch {
		case k == "pattern" && matchAnything[rs]:
			sc.emit(at, true, true, "pattern-relaxed", ClassLoosened, i18n.Sprintf("the pattern was relaxed from %s to %s, which matches anything", quoteValue(lv), quoteValue(rv)))
		case k == "pattern" && anchored(ls) && !anchored(rs):
			sc.emit(at, true, true, "pattern-relaxed", ClassLoosened, i18n.Sprintf("the pattern lost its anchors (%s → %s): it now matches anywhere in the value", quoteValue(lv), quoteValue(rv)))
		default:
			sc.emit(at, true, true, k+"-changed", ClassLoosened, i18n.Sprintf("%q changed from %s to %s: gatehouse cannot prove the new one accepts no more than the old; review it", k, quoteValue(lv), quoteValue(rv)))
		}
	}
}

func anchored(p string) bool { return strings.HasPrefix(p, "^") && strings.HasSuffix(p, "$") }

// bound compares a numeric limit; upper says a larger value accepts more (maxLength).
func (sc *schemaComparer) bound(k, at string, lv, rv any, inL, inR, upper bool) {
	switch {
	case !inR:
		sc.emit(at, true, false, k+"-removed", ClassLoosened, i18n.Sprintf("%q %s was dropped: no limit now", k, quoteValue(lv)))
		return
	case !inL:
		sc.emit(at, false, true, k+"-added", ClassTightened, i18n.Sprintf("%q %s added", k, quoteValue(rv)))
		return
	}
	ln, lok := lv.(json.Number)
	rn, rok := rv.(json.Number)
	if !lok || !rok {
		sc.emit(at, true, true, k+"-changed", ClassNeutral, i18n.Sprintf("%q changed from %s to %s", k, quoteValue(lv), quoteValue(rv)))
		return
	}
	c := jsondoc.CompareNumbers(string(ln), string(rn))
	switch {
	case c == 0:
		return // the same number written differently (10 and 1e1)
	case (c < 0) == upper:
		sc.emit(at, true, true, k+"-relaxed", ClassLoosened, i18n.Sprintf("%q relaxed from %s to %s", k, ln, rn))
	default:
		sc.emit(at, true, true, k+"-tightened", ClassTightened, i18n.Sprintf("%q tightened from %s to %s", k, ln, rn))
	}
}

// flag compares a boolean constraint such as uniqueItems, true meaning stricter.
func (sc *schemaComparer) flag(k, at string, l, r, inL, inR bool) {
	switch {
	case l && !r:
		sc.emit(at, true, inR, k+"-dropped", ClassLoosened, i18n.Sprintf("%q is no longer true", k))
	case r && !l:
		sc.emit(at, inL, true, k+"-set", ClassTightened, i18n.Sprintf("%q is now true", k))
	default:
		sc.emit(at, inL, inR, k+"-changed", ClassNeutral, i18n.Sprintf("%q changed", k))
	}
}

func (sc *schemaComparer) subschema(k, at string, lv, rv any, inL, inR bool) {
	switch {
	case !inR:
		sc.emit(at, true, false, k+"-removed", ClassLoosened, i18n.Sprintf("%q was removed: its constraints are gone", k))
	case !inL:
		sc.emit(at, false, true, k+"-added", ClassTightened, i18n.Sprintf("%q was added", k))
	default:
		la, lArr := lv.([]any)
		ra, rArr := rv.([]any)
		if lArr && rArr { // draft-4 tuple items
			sc.branches(k, at, la, ra, ClassTightened)
			return
		}
		sc.compare(lv, rv, at, true, true)
	}
}

// branches compares schema arrays index by index; a branch added to anyOf accepts more
// (added = loosened), one added to allOf or prefixItems accepts less (added = tightened).
func (sc *schemaComparer) branches(k, at string, lv, rv any, added SchemaClass) {
	la, _ := lv.([]any)
	ra, _ := rv.([]any)
	removed := ClassLoosened
	if added == ClassLoosened {
		removed = ClassTightened
	}
	if lv == nil {
		sc.emit(at, false, true, k+"-added", ClassTightened, i18n.Sprintf("%q was added", k))
		return
	}
	if rv == nil {
		sc.emit(at, true, false, k+"-removed", ClassLoosened, i18n.Sprintf("%q was removed: its constraints are gone", k))
		return
	}
	n := min(len(la), len(ra))
	for i := 0; i < n; i++ {
		sc.compare(la[i], ra[i], jsondoc.JoinPointer(at, strconv.Itoa(i)), true, true)
	}
	for i := n; i < len(ra); i++ {
		sc.emit(jsondoc.JoinPointer(at, strconv.Itoa(i)), false, true, k+"-branch-added", added, i18n.Sprintf("a branch was added to %q", k))
	}
	for i := n; i < len(la); i++ {
		sc.emit(jsondoc.JoinPointer(at, strconv.Itoa(i)), true, false, k+"-branch-removed", removed, i18n.Sprintf("a branch was removed from %q", k))
	}
}

func (sc *schemaComparer) definitions(k, at string, lv, rv any) {
	lm, _ := lv.(map[string]any)
	rm, _ := rv.(map[string]any)
	names := map[string]bool{}
	for n := range lm {
		names[n] = true
	}
	for n := range rm {
		names[n] = true
	}
	for _, n := range slices.Sorted(maps.Keys(names)) {
		l, inL := lm[n]
		r, inR := rm[n]
		p := jsondoc.JoinPointer(at, n)
		switch {
		case inL && inR:
			sc.compare(l, r, p, true, true)
		case inR:
			sc.emit(p, false, true, "definition-added", ClassNeutral, i18n.Sprintf("definition %q added", n))
		default:
			sc.emit(p, true, false, "definition-removed", ClassNeutral, i18n.Sprintf("definition %q removed", n))
		}
	}
}

// schemaVerdict sums up a list of changes: loosened, tightened, mixed, neutral or unchanged.
func schemaVerdict(changes []SchemaChange) SchemaClass {
	if len(changes) == 0 {
		return ClassUnchanged
	}
	loose, tight := false, false
	for _, c := range changes {
		switch c.Class {
		case ClassLoosened:
			loose = true
		case ClassTightened:
			tight = true
		}
	}
	switch {
	case loose && tight:
		return ClassMixed
	case loose:
		return ClassLoosened
	case tight:
		return ClassTightened
	}
	return ClassNeutral
}

// sortChanges orders changes by where they are in the schema, for stable output.
func sortChanges(changes []SchemaChange) {
	sort.SliceStable(changes, func(i, j int) bool {
		if changes[i].Schema != changes[j].Schema {
			return changes[i].Schema < changes[j].Schema
		}
		return changes[i].SchemaPointer < changes[j].SchemaPointer
	})
}

// The formats of a parameter or pattern added or removed, under a closed or open schema.
var (
	parameterChanges = [4]string{
		i18n.T("new parameter %q: the schema was closed, so this was rejected before and is accepted now"),
		i18n.T("new parameter %q under an open schema (no additionalProperties: false): the model is now invited to send it"),
		i18n.T("parameter %q was removed and the schema is closed: it is now rejected"),
		i18n.T("parameter %q is no longer described; the open schema still accepts it, now with no constraint"),
	}
	patternChanges = [4]string{
		i18n.T("new pattern %q: the schema was closed, so this was rejected before and is accepted now"),
		i18n.T("new pattern %q under an open schema (no additionalProperties: false): the model is now invited to send it"),
		i18n.T("pattern %q was removed and the schema is closed: it is now rejected"),
		i18n.T("pattern %q is no longer described; the open schema still accepts it, now with no constraint"),
	}
)
