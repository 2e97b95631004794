package flow

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

var labelWords = []*wordList{privateWords, untrustedWords, sinkWords}

// wordSeeds are texts at the edges of \b and case folding: the long s and the Kelvin sign fold
// to s and k but are no word characters, an underscore or digit is one, an invalid byte is a
// rune of its own, and an expression prefers its first word where two start at one place.
var wordSeeds = []string{"", "Reads files.", "web pages", "webpages and web page", "E-MAILS", "e-mail", "emails_x", "x_email email",
	"ſecrets", "xſecret", "ſecretſ", "toKens", "\u212Aey tokens", "search results", "search resultsx", "repositories",
	"repositor", "\xffsend\xff", "send\u00e9", "é\u00e9post", "1post", "post1 post", "publishes", "Messages.", "message_", "SQL;", "fact-check"}

// The word lists find what their expressions find, on texts built from their own words, cut,
// joined and re-cased, and on the seeds.
func TestWordListsFindWhatTheExpressionsFind(t *testing.T) {
	pieces := []string{" ", "-", "_", "1", ".", "ſ", "\u212A", "é", "\xff", "s", "x", "ies", "y", "pages", "page", "results"}
	for _, w := range labelWords {
		if w.FindString("") != "" || w.words == nil {
			t.Fatalf("%s: not spelt out", w.rx)
		}
		for _, sp := range w.words.spellings {
			var word []rune
			for _, class := range sp {
				word = append(word, class[0])
			}
			pieces = append(pieces, string(word))
		}
	}
	r := rand.New(rand.NewPCG(22, 2026))
	texts := append([]string{}, wordSeeds...)
	for range 20000 {
		var sb strings.Builder
		for range 1 + r.IntN(6) {
			p := pieces[r.IntN(len(pieces))]
			switch r.IntN(4) {
			case 0:
				p = strings.ToUpper(p)
			case 1:
				p = p[:r.IntN(len(p)+1)]
			}
			sb.WriteString(p)
		}
		texts = append(texts, sb.String())
	}
	for _, w := range labelWords {
		rx := regexp.MustCompile(w.rx.String())
		for _, text := range texts {
			if got, want := w.FindString(text), rx.FindString(text); got != want {
				t.Errorf("%s on %q: %q, the expression %q", w.rx, text, got, want)
			}
		}
	}
}

// An expression outside the form a word list spells out is run by regexp.
func TestWordListLeavesOtherExpressionsToRegexp(t *testing.T) {
	for _, expr := range []string{`(?i)\b(files?|x+)\b`, `(?i)(files?)\b`, `\b(|a)\b`, `(?i)\bfile\B`} {
		w := newWordList(expr)
		if got, want := w.FindString("a file xx"), regexp.MustCompile(expr).FindString("a file xx"); got != want || w.words != nil {
			t.Errorf("%s: %q (spelt out %v), want %q", expr, got, w.words != nil, want)
		}
	}
}

// FuzzWordLists: a word list finds what its expression finds, in any text.
func FuzzWordLists(f *testing.F) {
	for _, s := range wordSeeds {
		f.Add(s)
	}
	rxs := make([]*regexp.Regexp, len(labelWords))
	for i, w := range labelWords {
		rxs[i] = regexp.MustCompile(w.rx.String())
	}
	f.Fuzz(func(t *testing.T, text string) {
		for i, w := range labelWords {
			if got, want := w.FindString(text), rxs[i].FindString(text); got != want {
				t.Errorf("%s on %q: %q, the expression %q", w.rx, text, got, want)
			}
		}
	})
}
