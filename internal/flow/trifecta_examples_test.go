package flow

import (
	"strings"
	"testing"
)

// FuzzProse: cutting the examples only from descriptions that may hold one cuts what the
// expression cuts from every description.
func FuzzProse(f *testing.F) {
	for _, s := range []string{"", "Reads files.", `Search "how do I reset my password".`, "Send mail, e.g. to a colleague; then stop.",
		"FOR INſTANCE a file", "EXAMPLEſ: one", "Use 'quoted' words", "Eg. this", "“curly” quotes", "for `code`"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, desc string) {
		if got, want := prose(desc), examples.ReplaceAllString(desc, " "); got != want {
			t.Errorf("%q: prose %q, the expression %q", desc, got, want)
		}
	})
}

func TestProseSkipsOnlyWhatHoldsNoExample(t *testing.T) {
	for _, desc := range []string{"FOR INſTANCE a file", "EXAMPLEſ: one", "For Example, a list."} {
		if prose(desc) == desc {
			t.Errorf("%q: nothing cut", desc)
		}
	}
	if desc := strings.Repeat("Lists the files of a repository. ", 3); prose(desc) != desc {
		t.Errorf("%q changed", desc)
	}
}
