package core

import (
	"github.com/gatehouse-dev/gatehouse/core/schemaapi"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

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

// Source names the text a [Problem] is about, as the JavaScript API spells it; [Sources] lists
// them.
type Source = problem.Source

// Sources are the texts a [Problem] can be about, by name, each spelled as its field's name in
// lower case (Sources.Catalog is "catalog"), as the JavaScript API writes it. A view finds the
// text a problem is in by its Source (the CLI, the file it read). Read it, never assign to it:
// the checks use their own constants.
var Sources = struct {
	Schema     Source // a schema ([Validate], [CheckDecision]), or an extra schema document (then Problem.Document is its URL)
	Instance   Source // the value [Validate] checks, and the text [Format] formats
	Call       Source // the tool call text ([Gate], [CheckResult])
	Catalog    Source // a tools/list answer or a catalog file
	Policy     Source // the policy text
	Decision   Source // the decision [CheckDecision] checks
	Left       Source // the left, approved text of [Diff]
	Right      Source // the right text of [Diff], the one in front of the reviewer now
	Lock       Source // a lock file ([PinCatalog], a gatekeeper's lock)
	Ignore     Source // the lint configuration: the rules a team ignores for named tools
	Result     Source // a tool's result ([CheckResult])
	Transcript Source // a session's transcript ([Replay])
	Fragment   Source // a share link's fragment ([DecodeState], [EncodeState])
	Request    Source // the request itself, when it is not the JSON object a function takes
}{
	Schema: problem.SourceSchema, Instance: problem.SourceInstance, Call: problem.SourceCall,
	Catalog: problem.SourceCatalog, Policy: problem.SourcePolicy, Decision: problem.SourceDecision,
	Left: problem.SourceLeft, Right: problem.SourceRight, Lock: problem.SourceLock,
	Ignore: problem.SourceIgnore, Result: problem.SourceResult, Transcript: problem.SourceTranscript,
	Fragment: problem.SourceFragment, Request: problem.SourceRequest,
}

// Kind says what sort of trouble a [Problem] reports; [Kinds] lists them.
type Kind = problem.Kind

// Kinds are the sorts of trouble a [Problem] can report, by name, each spelled as its field's
// name in lower case (Kinds.Parse is "parse"). Read it, never assign to it.
var Kinds = struct {
	Parse      Kind // not strict JSON: syntax, duplicate key, bad UTF-8
	Schema     Kind // a schema that does not compile
	Validation Kind // a value that does not satisfy a schema
	Rule       Kind // a rule beyond the schema that does not hold (policy, app rule, catalog shape)
	Limit      Kind // beyond a size, depth or time cap
	Internal   Kind // a bug in gatehouse, never the input's fault
}{
	Parse: problem.KindParse, Schema: problem.KindSchema, Validation: problem.KindValidation,
	Rule: problem.KindRule, Limit: problem.KindLimit, Internal: problem.KindInternal,
}

// orEmpty makes a nil list of problems an empty one, which the API writes as [].
func orEmpty(ps Problems) Problems { return schemaapi.OrEmpty(ps) }

// An Unmatched is a value that matches none of the alternatives of a oneOf or anyOf, as a view
// shows it: one line (its Message, at its Line and Column), the closest alternative's problems
// under it (Problems holds their indexes in the answer's problems, Best says which alternative
// is closest), the other alternatives' problems folded. Its other fields: Source, the text;
// InstanceLocation, the value's pointer; KeywordLocation, the oneOf's or anyOf's; Alternatives,
// how many there are.
type Unmatched = problem.Unmatched
