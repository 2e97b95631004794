package lint

import (
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"
)

// TestReachBoundsEveryMatch holds reachOf to the matches themselves: on random texts of the
// expressions' words, blanks in runs and letters that fold out of ASCII, no match of a bounded
// expression spans more bytes than its reach in that text.
func TestReachBoundsEveryMatch(t *testing.T) {
	patterns := []string{
		`\b(?:call|use|rufen\s+sie)[^.\n。]{0,48}?(?:fetch|browse)['"]?[^.\n。]{0,40}?(?:https?://|localhost)`,
		`(?i)\b(?:kelvin|ask|sky)\s+(?:the\s+)?keys?\b`,
		`(?i)(?:\s*\n\s*){1,3}[#>*-]?\s*(?:system|ﬁle)\s*:`,
		`(?:[ \t]+x){0,3}y\s*\n\s*z`,
		`(?i)é{2,4}ß|ǅ{1,3}`,
		`a(?:\s|\t)*b`,
		`\bid_(?:rsa|dsa)\b[\s"']{0,2}`,
		`(?i)kks`,
	}
	pieces := []string{"call", "use", "rufen", "sie", "fetch", "browse", "https://", "localhost", "kelvin", "KELVIN", "\u212a",
		"ask", "sky", "the", "key", "keys", "system", "ﬁle", "FILE", ":", "#", ">", "x", "y", "z", "é", "É", "ß", "ǅ", "ǆ", "a", "b",
		"id_rsa", "\"", "'", ".", "\n", "。", "ſ", "Ж", "elvin", "ey", "k", "s"}
	r := rand.New(rand.NewPCG(5, 6))
	for _, pattern := range patterns {
		parsed, err := syntax.Parse(pattern, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		re := regexp.MustCompile(pattern)
		rc := reachOf(parsed)
		if !rc.bounded {
			t.Fatalf("%s: not bounded", pattern)
		}
		for range 20000 {
			var b strings.Builder
			for n := r.IntN(30); n > 0; n-- {
				b.WriteString(pieces[r.IntN(len(pieces))])
				b.WriteString(strings.Repeat(" \t\n"[r.IntN(3):][:1], r.IntN(4)))
			}
			text := b.String()
			limit := rc.in(longestBlankRun(text))
			for _, m := range re.FindAllStringIndex(text, -1) {
				if m[1]-m[0] > limit {
					t.Fatalf("%s: a match of %d bytes in %q, where the reach is %d", pattern, m[1]-m[0], text, limit)
				}
			}
		}
	}
	for _, unbounded := range []string{`a+`, `\w*x`, `[\s-]+`, `(?:\s+x)+`, `.*`} {
		parsed, _ := syntax.Parse(unbounded, syntax.Perl)
		if reachOf(parsed).bounded {
			t.Errorf("%s: bounded", unbounded)
		}
	}
}
