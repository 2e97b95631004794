package lint

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestQuietTextHidesNothing holds the eight-bytes-at-a-time first pass of the hidden-characters
// rule to the byte-by-byte one: a text it calls quiet is one mayHide leaves alone, on texts of
// letters, blanks, tabs, line breaks, controls, DEL and other scripts' letters, with runs of
// blanks of every length at every offset.
func TestQuietTextHidesNothing(t *testing.T) {
	pieces := []string{"a", "Z", " ", "\t", "\n", "\r", "!", "(", ")", "\x1b", "\x7f", "\x00", "é", "\u200b", "~", "word "}
	r := rand.New(rand.NewPCG(16, 2026))
	quiet := 0
	check := func(s string) {
		if quietText(s) {
			quiet++
			if mayHide(s) {
				t.Errorf("quietText(%q) is true, but the text may hide or pad", s)
			}
		}
	}
	for range 20000 {
		var b strings.Builder
		for range r.IntN(120) {
			if r.IntN(4) == 0 {
				b.WriteString(pieces[r.IntN(len(pieces))])
			} else {
				b.WriteByte(byte('a' + r.IntN(26)))
			}
		}
		check(b.String())
	}
	for run := paddingRun - 2; run <= paddingRun+9; run++ {
		for at := 0; at < 10; at++ {
			for _, blank := range []string{" ", "\t"} {
				check(strings.Repeat("x", at) + strings.Repeat(blank, run) + "text")
				check(strings.Repeat("x", at) + strings.Repeat(blank, run))
			}
		}
	}
	if quiet == 0 {
		t.Fatal("no text was quiet")
	}
	for _, s := range []string{"", "Look up record 12 in the inventory.", "two\nlines\tand tabs"} {
		if !quietText(s) {
			t.Errorf("quietText(%q) is false", s)
		}
	}
}
