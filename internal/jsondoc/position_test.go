package jsondoc

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestPositionAgreesWithCounting: a position from the line index and its marks is the line and
// code-point column a plain count gives, on texts with long lines, multi-byte and invalid UTF-8.
func TestPositionAgreesWithCounting(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "é", "😀", "\n", "\xff", "\x80", "xyz", `"k":1,`}
	for range 30 {
		var b bytes.Buffer
		for b.Len() < 3*markEvery+r.IntN(4*markEvery) {
			p := pieces[r.IntN(len(pieces))]
			if p == "\n" && r.IntN(8) != 0 {
				continue // long lines
			}
			b.WriteString(p)
		}
		text := b.Bytes()
		var l lines
		for range 200 {
			off := r.IntN(len(text) + 1)
			line := 1 + bytes.Count(text[:off], []byte("\n"))
			start := bytes.LastIndexByte(text[:off], '\n') + 1
			column := utf8.RuneCount(text[start:off]) + 1
			if gotLine, gotColumn := l.position(text, off); gotLine != line || gotColumn != column {
				t.Fatalf("offset %d: %d:%d, want %d:%d", off, gotLine, gotColumn, line, column)
			}
		}
	}
}

// TestRuneCountAgrees: the count eight bytes at a time is utf8.RuneCount's, wherever the first
// byte that is not ASCII falls, for every length around the eight bytes read at once.
func TestRuneCountAgrees(t *testing.T) {
	for n := 0; n <= 20; n++ {
		for at := -1; at < n; at++ {
			for _, c := range []string{"é", "😀", "\xff", "\x80"} {
				p := bytes.Repeat([]byte("a"), n)
				if at >= 0 {
					p = append(p[:at:at], append([]byte(c), p[at:]...)...)
				}
				if got, want := runeCount(p), utf8.RuneCount(p); got != want {
					t.Fatalf("%q: %d, want %d", p, got, want)
				}
			}
		}
	}
}
