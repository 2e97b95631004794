package untrusted

import (
	"strings"
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

// TestInEmoji: the characters that are hidden alone but draw as part of an emoji, and the same
// characters where they draw nothing and can carry text.
func TestInEmoji(t *testing.T) {
	const (
		scotland = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"
		family   = "\U0001F469\u200d\U0001F469\u200d\U0001F467"
		fire     = "\u2764\ufe0f\u200d\U0001F525" // a heart on fire: a selector, then a joiner
		pirate   = "\U0001F3F4\u200d\u2620\ufe0f"
	)
	tests := []struct {
		name, text string
		inEmoji    bool // for every hidden character of text
	}{
		{"Scotland's flag", "Made in " + scotland + "!", true},
		{"England's and Wales's flags side by side", "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F\U0001F3F4\U000E0067\U000E0062\U000E0077\U000E006C\U000E0073\U000E007F", true},
		{"a flag, a joiner, a flag", scotland + "\u200d" + "\U0001F308", true},
		{"a family joined", family, true},
		{"a selector then a joiner", fire, true},
		{"the pirate flag", pirate, true},
		{"one presentation selector after a symbol", "Warning \u26a0\ufe0f read this", true},
		{"a keycap", "1\ufe0f\u20e3", true},
		// Tag text that is no flag: no base, a base too far, a code too long, no cancel tag.
		{"tags alone", "Adds numbers.\U000E0068\U000E0069", false},
		{"tags after a letter", "a\U000E0067\U000E0062\U000E0073\U000E007F", false},
		{"a code too long to be a subdivision", "\U0001F3F4" + tagged("ignorerules") + "\U000E007F", false},
		{"a flag's tags never cancelled", "\U0001F3F4" + tagged("gbsct") + " more", false},
		{"a code too short", "\U0001F3F4" + tagged("gb") + "\U000E007F", false},
		// Joiners and selectors between letters, or in a run.
		{"a joiner between letters", "pass\u200dword", false},
		{"a joiner after an emoji, before a letter", "\U0001F469\u200dx", false},
		{"a selector at the start", "\ufe0fhello", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hidden := 0
			for i, r := range tt.text {
				if !IsHidden(r) {
					continue
				}
				hidden++
				if got := InEmoji(tt.text, i); got != tt.inEmoji {
					t.Errorf("InEmoji at %d (%U) = %v, want %v", i, r, got, tt.inEmoji)
				}
			}
			if hidden == 0 {
				t.Fatal("the case holds no hidden character")
			}
			visible := Visible(tt.text, 200)
			if marked := strings.Contains(visible, "[U+"); marked == tt.inEmoji {
				t.Errorf("Visible(%q) = %q: an emoji's characters are written as they are, others marked", tt.text, visible)
			}
		})
	}
	// A run of selectors after an emoji: the first is the emoji's, the rest hide bytes.
	run := "\u2764\ufe0f\ufe0f\ufe01"
	if !InEmoji(run, 3) || InEmoji(run, 6) || InEmoji(run, 9) {
		t.Errorf("a run of selectors: %v %v %v, want true false false", InEmoji(run, 3), InEmoji(run, 6), InEmoji(run, 9))
	}
}

// tagged writes ASCII text in Unicode tag characters.
func tagged(s string) string {
	var b strings.Builder
	for _, c := range s {
		b.WriteRune(0xe0000 + c)
	}
	return b.String()
}

// TestIsASCII: a byte of 0x80 or more anywhere, in the words read eight at a time or in the
// bytes after them, makes a text not ASCII.
func TestIsASCII(t *testing.T) {
	for n := 0; n <= 20; n++ {
		if s := strings.Repeat("a\x7f", n)[:n]; !IsASCII(s) {
			t.Errorf("%q: not ASCII", s)
		}
		for at := 0; at < n; at++ {
			for _, c := range []byte{0x80, 0xc3, 0xff} {
				b := []byte(strings.Repeat("a", n))
				b[at] = c
				if IsASCII(string(b)) {
					t.Errorf("%q: ASCII", b)
				}
			}
		}
	}
}
