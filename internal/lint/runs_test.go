package lint

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestFindAllInRunsAsRegexp holds shadowMust, searched only in the runs that may hold a match,
// to its search of the whole text, on texts written from the words and marks it turns on (and
// the marks that end a run, the letters that fold to ASCII ones, another script), at random and
// by hand.
func TestFindAllInRunsAsRegexp(t *testing.T) {
	texts := []string{
		"", "The search tool must be used first.", "the fetch_url tool should, then", "The 'x' TOOL MUST now",
		"the github server's (gh) `create_issue` function needs to run; the a tool has to", "x tool must\nthe y function shall go",
		"toolbox tool must", "the ſearch tool muſt", "the \u212aey tool must", "a,b tool must", "é tool must é", "the tool tool must",
		strings.Repeat("word, ", 30) + "the read_file tool is required to " + strings.Repeat("x", 10),
	}
	alphabet := []string{"the ", "x", "fetch_url", " ", "\n", " tool", " function", " TOOL", " must", " should", " needs to", " has to",
		" will now", " shall", " is required to", " is expected to", "'", "`", "\"", "(", ")", ".", "-", ",", ";", "é", "ſ", "server's ", "s", "k", "\u212a"}
	texts = appendPiecedTexts(texts, rand.New(rand.NewPCG(3, 4)), alphabet, 16, 20000)
	matched := 0
	for _, s := range texts {
		for _, n := range []int{-1, 1, 8} {
			got, want := findAllInRuns(shadowMust, s, isToolRefByte, shadowMustPivots, n), shadowMust.FindAllStringSubmatchIndex(s, n)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%q, %d: %v, want %v", s, n, got, want)
			}
			if n < 0 && len(want) > 0 {
				matched++
			}
		}
	}
	if matched < 100 {
		t.Errorf("only %d texts hold a match: the test reads too few", matched)
	}
}

// appendPiecedTexts appends n texts of fewer than most pieces each, drawn from pieces by r: the
// random half of a test holding a byte loop to the expression it stands for.
func appendPiecedTexts(texts []string, r *rand.Rand, pieces []string, most, n int) []string {
	for range n {
		var b strings.Builder
		for range r.IntN(most) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	return texts
}
