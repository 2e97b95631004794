package schemaapi

import (
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// FormatRequest asks for a text to be pretty-printed (Indent non-empty) or minified.
type FormatRequest struct {
	Text   string `json:"text"`
	Indent string `json:"indent"`
	// Source names the text in problems ("instance", "catalog", …); default "instance".
	Source problem.Source `json:"source,omitempty"`
	// Lang is the language of the answer's messages: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// FormatResult holds the reformatted text, or the problems that stopped it.
type FormatResult struct {
	Text     string           `json:"text"`
	Problems problem.Problems `json:"problems"`
}

// Format pretty-prints or minifies a JSON text without changing any value: numbers keep their
// exact text (JSON.parse would round 12345678901234567890), strings their escapes' meaning.
// The text must pass the strict parse first, so a duplicate key is reported, not hidden.
func Format(req FormatRequest) FormatResult {
	src := req.Source
	if src == "" {
		src = problem.SourceInstance
	}
	tr, langProbs := OpenTranslation(req.Lang)
	defer CloseTranslation(tr)
	text, probs := jsondoc.Format(src, req.Text, req.Indent)
	return FormatResult{Text: text, Problems: TranslateProblems(tr, OrEmpty(WithLanguage(langProbs, probs)))}
}
