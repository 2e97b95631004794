package core

import (
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
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
	// Lang is the language of the answer's messages: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// ValidateResult is the answer of [Validate].
type ValidateResult struct {
	Valid    bool     `json:"valid"`
	Problems Problems `json:"problems"`
	// Unmatched lists the values that match none of the alternatives of a oneOf or anyOf, each
	// with the indexes of its alternatives' problems in Problems, so that a view can show one
	// line per value and the closest alternative's problems under it (the problems stay listed
	// in full, each with its alternative).
	Unmatched []Unmatched `json:"unmatched,omitempty"`
}

// Validate checks an instance text against a schema text. Problems in either text (parse errors,
// a schema that does not compile, a $ref to a document that was not pasted) and every way the
// instance fails the schema come back as problems placed at their line and column. Valid is true
// only when both texts parse, the schema compiles and the instance satisfies it. A schema whose
// texts were compiled before is not compiled again.
func Validate(req ValidateRequest) ValidateResult {
	tr, langProbs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	res := validate(req)
	res.Problems = translateProblems(tr, withLanguage(langProbs, res.Problems))
	res.Unmatched = translated(unmatchedOf(res.Problems), func(u Unmatched) Unmatched { u.Message = tr.Text(u.Message); return u })
	return res
}

func validate(req ValidateRequest) ValidateResult {
	sch, probs := session.schemas.CompileTexts(req.Schema, req.Draft, req.Resources)
	instance, instanceProbs := jsondoc.ParseString(SourceInstance, req.Instance)
	probs = append(probs, instanceProbs...)
	if len(probs) > 0 {
		return ValidateResult{Problems: probs}
	}
	probs = sch.Check(instance, "")
	return ValidateResult{Valid: len(probs) == 0, Problems: orEmpty(probs)}
}
