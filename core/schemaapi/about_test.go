package schemaapi_test

import (
	"encoding/json"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core/schemaapi"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// AboutResult's MarshalJSON is written by hand; it must be what encoding/json writes of the same
// fields, for every answer About gives and for values it never gives (nil lists, strings that
// encoding/json escapes).
func TestAboutMarshalsAsEncodingJSON(t *testing.T) {
	// plain has AboutResult's fields and tags but not its MarshalJSON.
	type plain schemaapi.AboutResult
	values := []schemaapi.AboutResult{{}}
	for _, lang := range []string{"", "en", "fr", "de", "xx"} {
		values = append(values, schemaapi.About(schemaapi.AboutRequest{Lang: lang}))
	}
	odd := schemaapi.About(schemaapi.AboutRequest{Lang: "<&>\u2028\xff"})
	odd.Version, odd.DefaultDraft = "a\"b\\c\u2029", "<script>"
	odd.Severities, odd.CallFormats, odd.Reasons = []string{"é", ""}, nil, []string{"\x00\x1f"}
	odd.LintRules = make([]struct{}, 3)
	odd.Hidden = append(odd.Hidden, [2]rune{-1, 0x10FFFF})
	odd.Problems = append(odd.Problems, problem.Problem{Source: problem.SourceRequest, Kind: problem.KindRule, Message: "m", Line: 1, Column: 2, Offset: 3})
	values = append(values, odd)
	for _, v := range values {
		want, err := json.Marshal(plain(v))
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("MarshalJSON writes\n%s\nencoding/json writes\n%s", got, want)
		}
		direct, _ := v.MarshalJSON()
		if string(direct) != string(want) {
			t.Errorf("MarshalJSON, called directly, writes\n%s\nencoding/json writes\n%s", direct, want)
		}
	}
}
