// Package problem holds the one shape in which gatehouse reports anything wrong with a text: a
// [Problem] names the text (its [Source]), the sort of trouble (its [Kind]), what is wrong in plain
// words, and where: line and column, byte offset, JSON Pointer. Every check reports through it, so
// the page, the CLI and the JavaScript API show every problem the same way.
package problem

import (
	"encoding/json"
	"fmt"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

// Source names the text a [Problem] is about, as the JavaScript API spells it.
type Source string

// The texts a user can paste.
const (
	SourceSchema   Source = "schema"
	SourceInstance Source = "instance"
	SourceCall     Source = "call"
	SourceCatalog  Source = "catalog"
	SourcePolicy   Source = "policy"
	SourceDecision Source = "decision"
	SourceLeft     Source = "left"
	SourceRight    Source = "right"
	SourceFragment Source = "fragment"
	SourceLock     Source = "lock"
	// SourceTranscript is a session's transcript, as the replay reads it.
	SourceTranscript Source = "transcript"
	// SourceIgnore is the lint configuration: the rules a team ignores for named tools.
	SourceIgnore Source = "ignore"
	// SourceResult is a tool's result, as check-result reads it.
	SourceResult Source = "result"
	// SourceRequest is the request itself: not the JSON object an API function takes.
	SourceRequest Source = "request"
)

// Kind says what sort of trouble a [Problem] reports.
type Kind string

const (
	// KindParse: the text is not strict JSON (syntax, duplicate key, bad UTF-8).
	KindParse Kind = "parse"
	// KindSchema: a schema could not be compiled (bad keyword value, unknown $ref, bad pattern).
	KindSchema Kind = "schema"
	// KindValidation: a value does not satisfy a schema.
	KindValidation Kind = "validation"
	// KindRule: a rule beyond the schema does not hold (policy, app rule, catalog shape).
	KindRule Kind = "rule"
	// KindLimit: an input is beyond a size, depth or time cap.
	KindLimit Kind = "limit"
	// KindInternal: a bug in gatehouse rather than in the input (a recovered panic); it should
	// never be seen.
	KindInternal Kind = "internal"
)

// A Problem is one thing wrong with one of the user's texts, located as precisely as is known.
// Line and Column are 1-based; Column counts Unicode code points, so an editor can put the cursor
// there whatever the encoding. Zero means unknown.
type Problem struct {
	Source           Source `json:"source"`
	Kind             Kind   `json:"kind"`
	Message          string `json:"message"`
	Line             int    `json:"line,omitempty"`
	Column           int    `json:"column,omitempty"`
	InstanceLocation string `json:"instanceLocation,omitempty"`
	KeywordLocation  string `json:"keywordLocation,omitempty"`
	// Document names the schema document a "schema" problem is in, by its URL, when it is one of
	// the resources rather than the main schema; line and column are then in that text.
	Document string `json:"document,omitempty"`
	// Offset is the byte offset in the text, for tools that prefer it; -1 when unknown.
	Offset int `json:"offset"`
	// Alternative is set on a validation problem found inside one alternative of a oneOf or
	// anyOf that no alternative satisfied: which one, and whether it is the one that fits best.
	// A view shows the best alternative's problems and folds the others.
	Alternative *Alternative `json:"alternative,omitempty"`
}

// An Alternative places a problem in a oneOf or anyOf: the keyword's location in the schema, the
// alternative's index, and whether it is the alternative that fits the value best (a property
// with a const or enum that matches it, else the fewest problems).
type Alternative struct {
	Of     string `json:"of"`
	Branch int    `json:"branch"`
	Best   bool   `json:"best"`
	// Unmatched is the failed oneOf or anyOf itself, shared by the problems of all its
	// alternatives. It is not in the problem's JSON: an answer lists it once ([Unmatched]).
	Unmatched *Unmatched `json:"-"`
}

// UnmatchedOf is the failed oneOf or anyOf a problem's alternative belongs to; nil for none.
func (a *Alternative) UnmatchedOf() *Unmatched {
	if a == nil {
		return nil
	}
	return a.Unmatched
}

// ListUnmatched lists, in the order of the problems, each oneOf or anyOf whose alternatives the
// problems are in, once, with the indexes of those problems in ps: what an answer carries beside
// its flat list so that a view can show one line per value. Validate's problems and a
// decision's evidence are grouped by it alike.
func ListUnmatched(ps Problems) []Unmatched {
	var out []Unmatched
	index := map[*Unmatched]int{}
	for i, p := range ps {
		u := p.Alternative.UnmatchedOf()
		if u == nil {
			continue
		}
		at, seen := index[u]
		if !seen {
			at = len(out)
			index[u] = at
			out = append(out, *u)
			out[at].Problems = nil
		}
		out[at].Problems = append(out[at].Problems, i)
	}
	return out
}

// An Unmatched is a value that matches none of the alternatives of a oneOf or anyOf: what a view
// shows on one line, with the closest alternative's problems under it, instead of every
// alternative's problems at the top level.
type Unmatched struct {
	Source Source `json:"source"`
	// InstanceLocation is the value's pointer; KeywordLocation the oneOf's or anyOf's.
	InstanceLocation string `json:"instanceLocation"`
	KeywordLocation  string `json:"keywordLocation"`
	// Alternatives is how many alternatives there are; Best the index of the closest one.
	Alternatives int `json:"alternatives"`
	Best         int `json:"best"`
	// Message says it in one line, naming the alternatives' discriminator when they have one:
	// matches none of the 2 alternatives of oneOf ("kind" must be "a" or "b").
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	// Problems are the indexes, in the answer's problems, of the problems found in its
	// alternatives; a view shows those of the best alternative under the message.
	Problems []int `json:"problems"`
}

// MarshalJSON writes the problem as the JavaScript API spells it. Fields that are unknown are
// left out, but a validation problem always has both locations: "" (the root) is a location.
func (p Problem) MarshalJSON() ([]byte, error) {
	type plain Problem // without this method
	if p.Kind != KindValidation {
		return json.Marshal(plain(p))
	}
	return json.Marshal(struct {
		plain
		InstanceLocation string `json:"instanceLocation"`
		KeywordLocation  string `json:"keywordLocation"`
	}{plain(p), p.InstanceLocation, p.KeywordLocation})
}

// Error makes a Problem usable as an error: "source:line:column: message".
func (p Problem) Error() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", p.Source, p.Line, p.Column, p.Message)
	}
	return fmt.Sprintf("%s: %s", p.Source, p.Message)
}

// Problems is a list of problems; it is an error when non-empty.
type Problems []Problem

func (ps Problems) Error() string {
	switch len(ps) {
	case 0:
		return "no problems"
	case 1:
		return ps[0].Error()
	}
	return fmt.Sprintf("%s (and %d more)", ps[0].Error(), len(ps)-1)
}

// Words names the text for a sentence ("call, line 3, column 5"), in the language an answer is
// translated to.
func (s Source) Words() string {
	switch s {
	case SourceSchema:
		return i18n.T("schema")
	case SourceInstance:
		return i18n.T("instance")
	case SourceCall:
		return i18n.T("call")
	case SourceCatalog:
		return i18n.T("catalog")
	case SourcePolicy:
		return i18n.T("policy")
	case SourceDecision:
		return i18n.T("decision")
	case SourceLeft:
		return i18n.T("left")
	case SourceRight:
		return i18n.T("right")
	case SourceFragment:
		return i18n.T("fragment")
	case SourceLock:
		return i18n.T("lock")
	case SourceTranscript:
		return i18n.T("transcript")
	case SourceIgnore:
		return i18n.T("ignore")
	case SourceRequest:
		return i18n.T("request")
	case SourceResult:
		return i18n.T("result")
	}
	return string(s)
}
