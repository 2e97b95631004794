package core_test

import (
	"encoding/json"
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

// TestSchemaModuleAboutIsAboutsPart: the Schema pane's module, which the page loads first, answers
// about() with core's own members byte for byte (version, limits, drafts, the default draft,
// languages, hidden characters, a language's problem) and empty lists for what it does not link.
func TestSchemaModuleAboutIsAboutsPart(t *testing.T) {
	for _, lang := range []string{"", "en", "fr", "de", "xx"} {
		request := `{"lang":"` + lang + `"}`
		whole, ok := core.Call("about", request)
		if !ok {
			t.Fatal("core has no about")
		}
		part, ok := core.SchemaAPI().Call("about", request)
		if !ok {
			t.Fatal("the Schema API has no about")
		}
		var full map[string]json.RawMessage
		if err := json.Unmarshal(whole, &full); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"severities", "lintRules", "callFormats", "reasons"} {
			if string(full[name]) == "[]" {
				t.Errorf("lang %q: core's about has no %s: the comparison would hold nothing", lang, name)
			}
			full[name] = json.RawMessage("[]")
		}
		// Members are written in the order of the Go struct; the expected answer is core's in
		// that order, its four lists emptied.
		order := []string{"version", "severities", "limits", "lintRules", "drafts", "defaultDraft", "callFormats", "reasons", "languages", "hidden", "problems"}
		if len(order) != len(full) {
			t.Fatalf("core's about has %d members, the test knows %d", len(full), len(order))
		}
		want := []byte("{")
		for i, name := range order {
			if i > 0 {
				want = append(want, ',')
			}
			want = append(append(append(want, '"'), name...), `":`...)
			want = append(want, full[name]...)
		}
		want = append(want, '}')
		if string(part) != string(want) {
			t.Errorf("lang %q: the Schema module's about\n%s\nwant core's part\n%s", lang, part, want)
		}
	}
}
