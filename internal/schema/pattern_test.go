package schema

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// runsCases are patterns with whether each is read as runs: the ones tool schemas write, and the
// ones the loop must leave to regexp.
var runsCases = []struct {
	pattern string
	runs    bool
}{
	{`^[A-Za-z0-9-]{1,39}$`, true},
	{`^[A-Za-z0-9._-]{1,100}$`, true},
	{`^[0-9]{5}$`, true},
	{`^[^@\s]+@[^@\s]+$`, true},
	{`^\d{4}-\d{2}-\d{2}$`, true},
	{`^[a-z]+$`, true},
	{`^$`, true},
	{`^abc$`, true},
	{`\Aabc\z`, true},
	{`^a.c$`, true},
	{`(?s)^a.c$`, true},
	{`^[a-z_][a-z0-9_]*$`, true},
	{`^[a-z]*?$`, true},           // not greedy: the same strings match
	{`^v?[0-9]+$`, true},          // v and digits are disjoint
	{`^\p{L}+ \p{Lu}{2,}$`, true}, // Unicode classes, beyond ASCII
	{`^[^a]{3}a$`, true},
	{`^é+ü{2}$`, true},
	{`^(?i)[a-z]+$`, true}, // the class is folded by the parser
	{`^\S+$`, true},
	{`^a*a$`, false},          // the longest run is not the only split
	{`^[a-z]*[0-9]?$`, false}, // the next run may be empty
	{`^[a-z]+[a-f]$`, false},
	{`^(?i)abc$`, false}, // a folded literal
	{`^(abc)$`, false},
	{`^(?:ab)+$`, false},
	{`^a|b$`, false},
	{`abc`, false},
	{`^abc`, false},
	{`abc$`, false},
	{`(?m)^abc$`, false},
	{`^\bab$`, false},
	{`^ab\B$`, false},
}

// runsTexts are strings to try each pattern on: the ones that match some pattern, and their
// neighbours by one rune.
func runsTexts(r *rand.Rand) []string {
	texts := []string{"", "a", "aa", "aaa", "abc", "ABC", "aXc", "a\nc", "a\xffc", "\xff", "12345", "1234", "123456",
		"me@example.com", "me@@example.com", "@x", "x@", "a b", "acme-corp", "gatehouse", "v1", "v", "12",
		"2026-12-15", "2026-1-15", "bbba", "bbbba", "éé", "éüü", "éüüü", "Élan ÉT", "élan É", "x_1", "_", "1x", "\u212a"}
	alphabet := []string{"a", "b", "c", "z", "A", "Z", "0", "5", "9", "-", "_", ".", "@", " ", "\n", "\t", "é", "ü", "É", "\u212a", "\xff", "ſ"}
	for range 400 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		texts = append(texts, b.String())
	}
	return texts
}

// TestRunsPatternMatchesRegexp holds the runs loop to regexp's answer on every text, for every
// pattern it reads as runs, and checks which patterns it reads.
func TestRunsPatternMatchesRegexp(t *testing.T) {
	texts := runsTexts(rand.New(rand.NewPCG(1, 2)))
	for _, c := range runsCases {
		got, err := compilePattern(c.pattern)
		if err != nil {
			t.Fatalf("%s: %v", c.pattern, err)
		}
		_, isRuns := got.(*runsPattern)
		if isRuns != c.runs {
			t.Errorf("%s: read as runs %v, want %v", c.pattern, isRuns, c.runs)
		}
		re := regexp.MustCompile(c.pattern)
		if got.String() != re.String() {
			t.Errorf("%s: String %q, want %q", c.pattern, got.String(), re.String())
		}
		for _, s := range texts {
			if g, w := got.MatchString(s), re.MatchString(s); g != w {
				t.Errorf("%s on %q: %v, regexp %v", c.pattern, s, g, w)
			}
		}
	}
	// An invalid pattern's error is regexp's own.
	if _, err := compilePattern(`^(a$`); err == nil || !strings.Contains(err.Error(), "missing closing )") {
		t.Errorf("invalid pattern: %v", err)
	}
}

// FuzzRunsPattern holds the runs loop to regexp on any pattern and text.
func FuzzRunsPattern(f *testing.F) {
	for _, c := range runsCases {
		f.Add(c.pattern, "abc")
	}
	f.Add(`^[^@\s]+@[^@\s]+$`, "me@example.com")
	f.Add(`^[0-9]{5}$`, "12345")
	f.Fuzz(func(t *testing.T, pattern, s string) {
		re, err := regexp.Compile(pattern)
		if err != nil {
			return
		}
		got, err := compilePattern(pattern)
		if err != nil {
			t.Fatalf("%q: %v where regexp compiles it", pattern, err)
		}
		if g, w := got.MatchString(s), re.MatchString(s); g != w {
			t.Errorf("%q on %q: %v, regexp %v", pattern, s, g, w)
		}
	})
}
