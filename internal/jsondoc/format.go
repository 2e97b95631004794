package jsondoc

import (
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
	"github.com/go-json-experiment/json/jsontext"
)

// Format pretty-prints text with indent (up to 16 spaces or tabs), or minifies it when indent is
// empty, without changing any value: numbers keep their exact text (JSON.parse would round
// 12345678901234567890), strings their escapes' meaning. The text must pass the strict parse
// first, so a duplicate key is reported, not hidden; on problems the text is returned as it was.
func Format(src problem.Source, text, indent string) (string, problem.Problems) {
	if strings.Trim(indent, " \t") != "" || len(indent) > 16 {
		return text, problem.Problems{{Source: src, Kind: problem.KindParse, Offset: -1,
			Message: i18n.Sprintf("the indent must be up to 16 spaces or tabs, not %q", untrusted.Shorten(indent, 20))}}
	}
	if _, probs := ParseString(src, text); probs != nil {
		return text, probs
	}
	v := jsontext.Value(text)
	if len(v) >= 3 && string(v[:3]) == "\xef\xbb\xbf" {
		v = v[3:]
	}
	v = append(jsontext.Value(nil), v...)
	var err error
	if indent == "" {
		err = v.Compact()
	} else {
		err = v.Indent(jsontext.WithIndent(indent))
	}
	if err != nil {
		return text, problem.Problems{{Source: src, Kind: problem.KindParse, Message: err.Error(), Offset: -1}}
	}
	if indent != "" {
		return string(v) + "\n", nil
	}
	return string(v), nil
}
