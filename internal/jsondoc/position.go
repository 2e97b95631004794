package jsondoc

import (
	"sort"
	"unicode/utf8"
)

// Position converts a byte offset in the text to a 1-based line and a 1-based column counted in
// Unicode code points.
func (d *Document) Position(off int) (line, column int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.lines.position(d.Text, off)
}

// markEvery is how many bytes apart the rune-count marks are.
const markEvery = 4096

// lines finds positions in a text. Counting the code points from a line's start to an offset is
// linear in the line's length, and a catalog pasted as one line of several megabytes would make
// every position cost the whole line: marks of the code points counted so far, every 4 KiB, bound
// that count, so placing n problems costs O(n log lines + n × 4 KiB) after one pass over the text.
type lines struct {
	starts []int  // byte offset of each line's start
	marks  []mark // every markEvery bytes, at a rune boundary; only for texts with a long line
	long   bool   // some line is longer than markEvery
}

// A mark is a byte offset at a rune boundary and the code points before it.
type mark struct{ offset, runes int }

func (l *lines) position(text []byte, off int) (int, int) {
	off = min(max(off, 0), len(text))
	if l.starts == nil {
		l.index(text)
	}
	i := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off }) - 1
	start := l.starts[i]
	if !l.long || off-start <= markEvery {
		return i + 1, utf8.RuneCount(text[start:off]) + 1
	}
	return i + 1, l.runesBefore(text, off) - l.runesBefore(text, start) + 1
}

func (l *lines) index(text []byte) {
	l.starts = []int{0}
	for i, b := range text {
		if b == '\n' {
			if i+1-l.starts[len(l.starts)-1] > markEvery {
				l.long = true
			}
			l.starts = append(l.starts, i+1)
		}
	}
	if len(text)-l.starts[len(l.starts)-1] > markEvery {
		l.long = true
	}
	if !l.long {
		return
	}
	l.marks = []mark{{0, 0}}
	runes, next := 0, markEvery
	for i := 0; i < len(text); {
		if i >= next {
			l.marks = append(l.marks, mark{i, runes})
			next = i + markEvery
		}
		_, size := utf8.DecodeRune(text[i:])
		i += size
		runes++
	}
}

// runesBefore counts the code points in text[:off], as utf8.RuneCount would, from the nearest mark.
func (l *lines) runesBefore(text []byte, off int) int {
	k := sort.Search(len(l.marks), func(k int) bool { return l.marks[k].offset > off }) - 1
	m := l.marks[k]
	return m.runes + utf8.RuneCount(text[m.offset:off])
}
