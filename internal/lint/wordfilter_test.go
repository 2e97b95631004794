package lint

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// wordPieces are pieces to write random texts of, from words: each word, its upper-case
// spelling, its first half (a word begun and left), and blanks, runs of blanks and other bytes
// between them, so that the texts hold the words, near-misses of them and words run across
// blanks.
func wordPieces(words []string) []string {
	pieces := []string{" ", "  ", "\t", "\n", " \r\n ", "x", "É", "é", "-", "'", "\"", ".", "用户"}
	for _, w := range words {
		pieces = append(pieces, w, strings.ToUpper(w), w[:len(w)/2])
	}
	return pieces
}

// TestWordSetHoldsAsContains holds WordSet.HoldsAny to asking strings.Contains of each word,
// on random texts of the words, their upper-case spellings, halves and blanks, with words the
// scan cannot find as written (upper case, a tab, two spaces) in the set too.
func TestWordSetHoldsAsContains(t *testing.T) {
	words := []string{"developer", "overr", "made", " les ", "mode", "tal\u0130mat", "görev", "hướng dẫn", "yok say", "用户", "Admin", "a\tb", "two  spaces"}
	ws := NewWordSet(words)
	r := rand.New(rand.NewPCG(16, 17))
	texts := appendPiecedTexts(nil, r, wordPieces(words), 12, 5000)
	held := 0
	for _, text := range texts {
		want := false
		for _, w := range words {
			want = want || strings.Contains(text, w)
		}
		if got := ws.HoldsAny(text); got != want {
			t.Fatalf("%q: HoldsAny %v, strings.Contains %v", text, got, want)
		}
		if want {
			held++
		}
	}
	if held == 0 || held == len(texts) {
		t.Fatalf("%d of %d texts hold a word: the texts test nothing", held, len(texts))
	}
}
