package schemaapi

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/schema"
)

// ValidateRequest is the input of [Validate]: texts exactly as pasted.
type ValidateRequest struct {
	Schema   string `json:"schema"`
	Instance string `json:"instance"`
	// Draft is used when the schema names none: "4", "6", "7", "2019-09" or "2020-12" (the
	// default, as MCP says).
	Draft string `json:"draft,omitempty"`
	// Resources are further schema documents by URL, so a $ref across files resolves with no fetch.
	Resources map[string]string `json:"resources,omitempty"`
	// AssertFormats makes "format" an assertion: a string that is not the format it names (an
	// "email" that is not an address) fails. Off by default, as 2020-12 says: "format" is an
	// annotation, and the answer's UnassertedFormats says what asserting it would report.
	AssertFormats bool `json:"assertFormats,omitempty"`
	// Lang is the language of the answer's messages: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// ValidateResult is the answer of [Validate].
type ValidateResult struct {
	Valid    bool             `json:"valid"`
	Problems problem.Problems `json:"problems"`
	// UnassertedFormats are the "format" failures the instance would have with formats asserted,
	// when they were not (AssertFormats false): they do not make it invalid, but a reader should
	// know that "not-an-email" passed an "email" format only because formats are annotations.
	UnassertedFormats problem.Problems `json:"unassertedFormats,omitempty"`
	// Unmatched lists the values that match none of the alternatives of a oneOf or anyOf, each
	// with the indexes of its alternatives' problems in Problems, so that a view can show one
	// line per value and the closest alternative's problems under it (the problems stay listed
	// in full, each with its alternative).
	Unmatched []problem.Unmatched `json:"unmatched,omitempty"`
}

// MarshalJSON writes the answer byte for byte as encoding/json writes its fields, in one
// buffer: a flood of problems is most of the answer, and encoding/json would check and copy
// again the list's own encoding. The API and the wasm binding write it with this method directly.
func (r ValidateResult) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 64+200*(len(r.Problems)+len(r.UnassertedFormats)))
	b = strconv.AppendBool(append(b, `{"valid":`...), r.Valid)
	b = r.Problems.AppendJSON(append(b, `,"problems":`...))
	if len(r.UnassertedFormats) > 0 {
		b = r.UnassertedFormats.AppendJSON(append(b, `,"unassertedFormats":`...))
	}
	if len(r.Unmatched) > 0 {
		unmatched, err := json.Marshal(r.Unmatched)
		if err != nil {
			return nil, err
		}
		b = append(append(b, `,"unmatched":`...), unmatched...)
	}
	return append(b, '}'), nil
}

// Validate checks an instance text against a schema text. Problems in either text (parse errors,
// a schema that does not compile, a $ref to a document that was not pasted) and every way the
// instance fails the schema come back as problems placed at their line and column. Valid is true
// only when both texts parse, the schema compiles and the instance satisfies it. A schema whose
// texts were compiled before is not compiled again.
func Validate(req ValidateRequest) ValidateResult {
	tr, langProbs := OpenTranslation(req.Lang)
	defer CloseTranslation(tr)
	res, checked := validate(req)
	if checked && len(langProbs) == 0 {
		// The check's own list, made for this answer: translated where it is, not copied (a
		// flood is 20,000 problems).
		for i := range res.Problems {
			res.Problems[i].Message = tr.Text(res.Problems[i].Message)
		}
	} else {
		res.Problems = TranslateProblems(tr, WithLanguage(langProbs, res.Problems))
	}
	if res.UnassertedFormats != nil {
		res.UnassertedFormats = TranslateProblems(tr, res.UnassertedFormats)
	}
	if len(res.Problems) > 0 { // else there is none to list, and listing them made a map (a valid tool call's)
		res.Unmatched = Translated(problem.ListUnmatched(res.Problems), func(u problem.Unmatched) problem.Unmatched { u.Message = tr.Text(u.Message); return u })
	}
	return res
}

// validate answers req in English; checked says whether its problems are the instance check's
// own list, shared with nothing kept between calls.
func validate(req ValidateRequest) (res ValidateResult, checked bool) {
	sch, probs := schemas.CompileTextsFormats(req.Schema, req.Draft, req.Resources, req.AssertFormats)
	instance, instanceProbs := jsondoc.ParseString(problem.SourceInstance, req.Instance)
	probs = append(probs, instanceProbs...)
	if len(probs) > 0 {
		return ValidateResult{Problems: probs}, false
	}
	if req.AssertFormats || !sch.NamesFormat() || !formatShortcuts {
		if !req.AssertFormats && !formatShortcuts && mentionsFormat(req) {
			return checkTwice(req, sch, instance, nil), true
		}
		probs = sch.Check(instance, "")
		return ValidateResult{Valid: len(probs) == 0, Problems: OrEmpty(probs)}, true
	}
	// Formats are annotations here, and the answer also says what asserting them would report:
	// the schema is checked with formats asserted too (compiled once and cached like the other).
	asserted, _ := schemas.CompileTextsFormats(req.Schema, req.Draft, req.Resources, true)
	switch {
	case asserted == nil:
		probs = sch.Check(instance, "")
		return ValidateResult{Valid: len(probs) == 0, Problems: OrEmpty(probs)}, true
	case asserted.Formats() == schema.NoFormats:
		// No format is asserted even then: both compilations check alike, and one check answers
		// for both.
		probs = sch.Check(instance, "")
		return ValidateResult{Valid: len(probs) == 0, Problems: OrEmpty(probs), UnassertedFormats: formatFailures(probs)}, true
	case asserted.Formats() == schema.DecisiveFormats:
		// A pass with formats asserted is a pass without them, with no format failure (the
		// common case, answered by one check); a failure needs the check without them too.
		assertedProbs := asserted.Check(instance, "")
		if len(assertedProbs) == 0 {
			return ValidateResult{Valid: true, Problems: OrEmpty(nil)}, true
		}
		return checkTwice(req, sch, instance, assertedProbs), true
	}
	return checkTwice(req, sch, instance, nil), true
}

// formatShortcuts lets validate answer for formats asserted and not from one check where the
// compiled schema shows that it can (see [schema.FormatUse]); tests turn it off to hold the
// shortcut to the two checks.
var formatShortcuts = true

// SetFormatShortcuts turns validate's one-check answers for formats on or off, for tests that
// hold the shortcut to the two checks; it returns what puts the setting back.
func SetFormatShortcuts(on bool) (restore func()) {
	was := formatShortcuts
	formatShortcuts = on
	return func() { formatShortcuts = was }
}

// checkTwice checks the instance without formats asserted, then with them (unless assertedProbs
// already holds that check's problems): only the failures of "format" itself are news.
func checkTwice(req ValidateRequest, sch *schema.Schema, instance *jsondoc.Document, assertedProbs problem.Problems) ValidateResult {
	probs := sch.Check(instance, "")
	res := ValidateResult{Valid: len(probs) == 0, Problems: OrEmpty(probs)}
	if assertedProbs == nil {
		asserted, _ := schemas.CompileTextsFormats(req.Schema, req.Draft, req.Resources, true)
		if asserted == nil {
			return res
		}
		assertedProbs = asserted.Check(instance, "")
	}
	res.UnassertedFormats = formatFailures(assertedProbs)
	return res
}

// formatFailures are the failures of "format" among probs.
func formatFailures(probs problem.Problems) problem.Problems {
	var out problem.Problems
	for _, p := range probs {
		if p.KeywordLocation == "format" || strings.HasSuffix(p.KeywordLocation, "/format") {
			out = append(out, p)
		}
	}
	return out
}

// mentionsFormat reports whether any schema text holds the "format" keyword (or a property of
// that name): only then can asserting formats change anything, and the second check is skipped.
func mentionsFormat(req ValidateRequest) bool {
	if strings.Contains(req.Schema, `"format"`) {
		return true
	}
	for _, text := range req.Resources {
		if strings.Contains(text, `"format"`) {
			return true
		}
	}
	return false
}
