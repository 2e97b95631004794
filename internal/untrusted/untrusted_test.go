package untrusted

import (
	"testing"
	"unicode"
)

// TestIsHidden: which characters are hidden, including format characters outside the table
// (any Unicode Cf), and the three whitespace controls that are not.
func TestIsHidden(t *testing.T) {
	tests := []struct {
		r      rune
		hidden bool
	}{
		{'a', false}, {' ', false}, {'é', false},
		// Line breaks and tabs are shown as they are.
		{'\n', false}, {'\r', false}, {'\t', false},
		// Other C0 and C1 controls are hidden.
		{0x00, true}, {0x1b, true}, {0x7f, true}, {0x85, true}, {0x9f, true}, {0xa0, false},
		// Zero-width, bidi, tags, variation selectors, fillers.
		{0x200b, true}, {0x202e, true}, {0x2066, true}, {0xfeff, true}, {0xe0041, true}, {0xfe0f, true}, {0xe0100, true}, {0x3164, true},
		// Format characters outside the table: ARABIC NUMBER SIGN, an interlinear annotation's
		// neighbour in Cf, SHORTHAND FORMAT LETTER OVERLAP.
		{0x0600, true}, {0x110bd, true}, {0x1bca0, true},
	}
	for _, tt := range tests {
		if got := IsHidden(tt.r); got != tt.hidden {
			t.Errorf("IsHidden(%U) = %v, want %v", tt.r, got, tt.hidden)
		}
	}
	// Every Cf character is hidden.
	for _, rg := range unicode.Cf.R16 {
		for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
			if !IsHidden(r) {
				t.Errorf("%U is in Cf but not hidden", r)
			}
		}
	}
}

// TestRanges: the pairs another language builds its pattern from are exactly what IsHidden
// reports, over all of Unicode, sorted and apart; and a caller cannot change them.
func TestRanges(t *testing.T) {
	ranges := Ranges()
	in := func(r rune) bool {
		for _, p := range ranges {
			if p[0] <= r && r <= p[1] {
				return true
			}
		}
		return false
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if in(r) != IsHidden(r) {
			t.Fatalf("%U: in ranges %v, IsHidden %v", r, in(r), IsHidden(r))
		}
	}
	for i := 1; i < len(ranges); i++ {
		if ranges[i][0] <= ranges[i-1][1]+1 {
			t.Errorf("ranges %v and %v touch, overlap or are out of order", ranges[i-1], ranges[i])
		}
	}
	ranges[0][0] = 'a'
	if Ranges()[0][0] == 'a' {
		t.Error("Ranges hands out its own table")
	}
}

// TestVisible: hidden characters become marks, line breaks escapes, and the text is cut.
func TestVisible(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want string
	}{
		{"plain", 60, "plain"},
		{"a\u200bb", 60, "a[U+200B]b"},
		{"evil\u202etxt.exe", 60, "evil[U+202E]txt.exe"},
		{"line\r\nnext\tcol", 60, `line\r\nnext\tcol`},
		{"tag\U000E0041", 60, "tag[U+E0041]"},
		{"bad\xffbyte", 60, "bad[U+FFFD]byte"},
		{"abcdef", 3, "abc…"},
	}
	for _, tt := range tests {
		if got := Visible(tt.in, tt.max); got != tt.want {
			t.Errorf("Visible(%q, %d) = %q, want %q", tt.in, tt.max, got, tt.want)
		}
	}
}

// TestLabel names hidden characters for a finding.
func TestLabel(t *testing.T) {
	tests := map[rune]string{
		0x200b:  "U+200B ZERO WIDTH SPACE",
		0x202e:  "U+202E RIGHT-TO-LEFT OVERRIDE",
		0xe0041: "U+E0041 TAG CHARACTER",
		0x0001:  "U+0001 CONTROL CHARACTER",
		0xfe0f:  "U+FE0F VARIATION SELECTOR",
		0x0600:  "U+0600 FORMAT CHARACTER",
	}
	for r, want := range tests {
		if got := Label(r); got != want {
			t.Errorf("Label(%U) = %q, want %q", r, got, want)
		}
	}
}

// TestSnippet: evidence is cut around the match, never across a line break, with its hidden
// characters made visible.
func TestSnippet(t *testing.T) {
	s := "first line\nsay hello\u200b to the world\nlast"
	start := len("first line\nsay hello")
	got := Snippet(s, start, start+3, 5)
	if want := "…hello[U+200B] to t…"; got != want {
		t.Errorf("Snippet = %q, want %q", got, want)
	}
	// The line before is left out, and the cut is marked.
	if got := Snippet("a\nb", 2, 3, 10); got != "…b" {
		t.Errorf("Snippet across a line break = %q, want %q", got, "…b")
	}
}

// TestQuoteAndShorten: quoted values are Go-escaped and cut.
func TestQuoteAndShorten(t *testing.T) {
	if got := Quote("a\u202eb"); got != `"a\u202eb"` {
		t.Errorf("Quote = %s", got)
	}
	if got := Shorten("héllo", 2); got != "hé…" {
		t.Errorf("Shorten = %q", got)
	}
	if got := ASCIILower("K\u212aA"); got != "k\u212aa" {
		t.Errorf("ASCIILower folded a non-ASCII letter: %q", got)
	}
	if got := PercentDecode("a%2Fb%zz+c", true); got != "a/b%zz c" {
		t.Errorf("PercentDecode = %q", got)
	}
}
