package lint

import (
	"fmt"
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

// TestScanHalvesFindsTheSame holds the scan that reads a text's two halves at once to the
// scan that reads it from start to end: the same words, on random texts of the phrases' words
// long enough to be read in halves, the second half's start falling anywhere in them.
//
// The second set of words is larger than the scan's own storage for a set found, and holds a word
// longer than the second reading's start before its half, so that the readings are not in step
// where the word is read across the half, and the first one reads on.
func TestScanHalvesFindsTheSame(t *testing.T) {
	buildPhraseTables()
	many := []string{strings.Repeat("abcdefghij", 12)}
	for i := range 1100 {
		many = append(many, fmt.Sprintf("w%dq", i))
	}
	t.Run("phrases", func(t *testing.T) { scanHalvesFindsTheSame(t, phraseFilter, 120) })
	t.Run("long word", func(t *testing.T) { scanHalvesFindsTheSame(t, newWordFilter(many), 200) })
}

func scanHalvesFindsTheSame(t *testing.T, f *wordFilter, most int) {
	r := rand.New(rand.NewPCG(16, 17))
	texts := appendPiecedTexts(nil, r, wordPieces(f.words), most, 3000)
	oneReading := make([]bool, len(f.ids)) // a lead word table asks for the scan of one reading
	halves := 0
	for _, text := range texts {
		want, _ := scanRequired(f, oneReading, text, nil, nil)
		got, _ := scanRequired(f, nil, text, nil, nil)
		if len(text) >= 4*halvesWarmUp {
			halves++
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%q: words %x read in halves, %x from start to end", text, got, want)
			}
		}
	}
	if halves < len(texts)/2 {
		t.Fatalf("only %d of %d texts are read in halves", halves, len(texts))
	}
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
