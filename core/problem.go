package core

import "github.com/gatehouse-dev/gatehouse/internal/problem"

// A Problem is one thing wrong with one of the user's texts, located as precisely as is known.
// Its fields, as JSON names them: source (the [Source]: which text), kind (its [Kind]), message
// (in plain words, in the request's language), line and column (1-based, the column in Unicode
// code points; absent when unknown), instanceLocation and keywordLocation (JSON Pointers into the
// instance and the schema; a validation problem always has both), document (the URL of the extra
// schema document a schema problem is in), offset (the byte offset, -1 when unknown), and
// alternative (for a problem inside a oneOf or anyOf that no alternative matched: of, the
// keyword's location, branch, the alternative's index, and best, whether it is the closest).
type Problem = problem.Problem

// Problems is a list of problems; it is an error when non-empty.
type Problems = problem.Problems

// Source names the text a [Problem] is about, as the JavaScript API spells it.
type Source = problem.Source

// The texts a problem can be about.
const (
	SourceSchema   = problem.SourceSchema
	SourceInstance = problem.SourceInstance
	SourceCall     = problem.SourceCall
	SourceCatalog  = problem.SourceCatalog
	SourcePolicy   = problem.SourcePolicy
	SourceDecision = problem.SourceDecision
	SourceLeft     = problem.SourceLeft
	SourceRight    = problem.SourceRight
	SourceFragment = problem.SourceFragment
	SourceLock     = problem.SourceLock
	SourceIgnore   = problem.SourceIgnore // the lint configuration
	SourceResult   = problem.SourceResult // a tool's result (check-result)
	// SourceRequest is the request itself, when it is not the JSON object a function takes.
	SourceRequest = problem.SourceRequest
)

// Kind says what sort of trouble a [Problem] reports.
type Kind = problem.Kind

// The kinds of problem.
const (
	KindParse      = problem.KindParse      // not strict JSON: syntax, duplicate key, bad UTF-8
	KindSchema     = problem.KindSchema     // a schema that does not compile
	KindValidation = problem.KindValidation // a value that does not satisfy a schema
	KindRule       = problem.KindRule       // a rule beyond the schema that does not hold
	KindLimit      = problem.KindLimit      // beyond a size, depth or time cap
	KindInternal   = problem.KindInternal   // a bug in gatehouse, never the input's fault
)

// orEmpty makes a nil list of problems an empty one, which the API writes as [].
func orEmpty(ps Problems) Problems {
	if ps == nil {
		return Problems{}
	}
	return ps
}

// An Unmatched is a value that matches none of the alternatives of a oneOf or anyOf, as a view
// shows it: one line (its Message, at its Line and Column), the closest alternative's problems
// under it (Problems holds their indexes in the answer's problems, Best says which alternative
// is closest), the other alternatives' problems folded. Its other fields: Source, the text;
// InstanceLocation, the value's pointer; KeywordLocation, the oneOf's or anyOf's; Alternatives,
// how many there are.
type Unmatched = problem.Unmatched
