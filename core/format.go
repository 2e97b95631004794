package core

import (
	"fmt"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// FormatRequest asks for a text to be pretty-printed (Indent non-empty) or minified.
type FormatRequest struct {
	Text   string `json:"text"`
	Indent string `json:"indent"`
	// Source names the text in problems ("instance", "catalog", …); default "instance".
	Source Source `json:"source,omitempty"`
}

// FormatResult holds the reformatted text, or the problems that stopped it.
type FormatResult struct {
	Text     string   `json:"text"`
	Problems Problems `json:"problems"`
}

// Format pretty-prints or minifies a JSON text without changing any value: numbers keep their
// exact text (JSON.parse would round 12345678901234567890), strings their escapes' meaning.
// The text must pass the strict parse first, so a duplicate key is reported, not hidden.
func Format(req FormatRequest) FormatResult {
	src := req.Source
	if src == "" {
		src = SourceInstance
	}
	if strings.Trim(req.Indent, " \t") != "" || len(req.Indent) > 16 {
		return FormatResult{Text: req.Text, Problems: Problems{{Source: src, Kind: KindParse, Offset: -1,
			Message: fmt.Sprintf("the indent must be up to 16 spaces or tabs, not %q", shorten(req.Indent, 20))}}}
	}
	if _, probs := ParseText(src, req.Text); probs != nil {
		return FormatResult{Text: req.Text, Problems: probs}
	}
	v := jsontext.Value(req.Text)
	if len(v) >= 3 && string(v[:3]) == "\xef\xbb\xbf" {
		v = v[3:]
	}
	v = append(jsontext.Value(nil), v...)
	var err error
	if req.Indent == "" {
		err = v.Compact()
	} else {
		err = v.Indent(jsontext.WithIndent(req.Indent))
	}
	if err != nil {
		return FormatResult{Text: req.Text, Problems: Problems{{Source: src, Kind: KindParse, Message: err.Error(), Offset: -1}}}
	}
	out := string(v)
	if req.Indent != "" {
		out += "\n"
	}
	return FormatResult{Text: out, Problems: Problems{}}
}
