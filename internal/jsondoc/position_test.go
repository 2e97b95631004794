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
