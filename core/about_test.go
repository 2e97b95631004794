package core_test

import (
	"slices"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
)

// TestAboutReturnsCopies: About hands out copies of its tables, so a caller that changes an
// answer changes no later answer.
func TestAboutReturnsCopies(t *testing.T) {
	want := core.About(core.AboutRequest{})
	spoilt := core.About(core.AboutRequest{})
	spoilt.Severities[0] = "spoilt"
	spoilt.LintRules[0].Name = "spoilt"
	withFamilies := -1
	for i, r := range want.LintRules {
		if len(r.Families) > 0 && withFamilies < 0 {
			withFamilies = i
		}
	}
	spoilt.LintRules[withFamilies].Families[0] = "spoilt"
	spoilt.Drafts[0] = "spoilt"
	spoilt.CallFormats[0] = "spoilt"
	spoilt.Reasons[0] = "spoilt"
	spoilt.Languages[0] = "spoilt"
	spoilt.Hidden[0][0] = 'a'
	got := core.About(core.AboutRequest{})
	if got.Severities[0] != want.Severities[0] || got.LintRules[0].Name != want.LintRules[0].Name ||
		!slices.Equal(got.LintRules[withFamilies].Families, want.LintRules[withFamilies].Families) || got.Drafts[0] != want.Drafts[0] ||
		got.CallFormats[0] != want.CallFormats[0] || got.Reasons[0] != want.Reasons[0] ||
		got.Languages[0] != want.Languages[0] || got.Hidden[0] != want.Hidden[0] {
		t.Errorf("a caller's change to one answer reached the next:\nwant %+v\ngot  %+v", want, got)
	}
	// The hidden characters are the API's: line breaks and tabs are not among them.
	for _, p := range got.Hidden {
		for _, r := range []rune{'\t', '\n', '\r'} {
			if p[0] <= r && r <= p[1] {
				t.Errorf("%q is in the hidden range %v", r, p)
			}
		}
	}
}
