package result

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestMarkdownShortcutsAnswerTheSame holds findPlaceholder to placeholder.FindString and
// holdsLowered to strings.Contains over strings.ToLower, on random strings of the bytes and runes
// that decide them (the placeholders' first bytes, capitals, 'İ' that lowers to 'i', the Kelvin
// sign, broken UTF-8).
func TestMarkdownShortcutsAnswerTheSame(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"<", "i", "I", "İ", "m", "M", "g", "G", "K", "K", "\xff", "\xc4", "$", "{", "}", "%7B", "%7d", "[", "]", "A", "_",
		"x", " ", "/", "?q=", "%5B", "%5D", "%3C", "%3e", ">", "<img", "<IMG", "<Img", "<İmg", "${DATA}", "[USER_NAME]", "é"}
	for range 200000 {
		var b strings.Builder
		for n := r.IntN(12); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		if got, want := findPlaceholder(s), placeholder.FindString(s); got != want {
			t.Fatalf("findPlaceholder(%q) = %q, the expression finds %q", s, got, want)
		}
		if got, want := holdsLowered(s, "<img"), strings.Contains(strings.ToLower(s), "<img"); got != want {
			t.Fatalf("holdsLowered(%q) = %v, lowered it holds it: %v", s, got, want)
		}
	}
}
