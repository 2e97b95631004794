package jsondoc

import (
	"bytes"
	"encoding/binary"
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

// markEvery is how many bytes apart the rune-count marks are: a position counts at most that
// many bytes' code points, and a flood of 20,000 problems on one long line counts 20,000 times.
const markEvery = 1024

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
	for i := 0; ; {
		nl := bytes.IndexByte(text[i:], '\n')
		if nl < 0 {
			break
		}
		i += nl + 1
		if i-l.starts[len(l.starts)-1] > markEvery {
			l.long = true
		}
		l.starts = append(l.starts, i)
	}
	if len(text)-l.starts[len(l.starts)-1] > markEvery {
		l.long = true
	}
	if !l.long {
		return
	}
	l.marks = make([]mark, 1, len(text)/markEvery+1)
	runes := 0
	for i := 0; i < len(text); {
		end := min(i+markEvery, len(text))
		for end < len(text) && !utf8.RuneStart(text[end]) {
			end++
		}
		runes += runeCount(text[i:end])
		i = end
		if i < len(text) {
			l.marks = append(l.marks, mark{i, runes})
		}
	}
}

// runesBefore counts the code points in text[:off], as utf8.RuneCount would, from the nearest mark.
func (l *lines) runesBefore(text []byte, off int) int {
	k := sort.Search(len(l.marks), func(k int) bool { return l.marks[k].offset > off }) - 1
	m := l.marks[k]
	return m.runes + utf8.RuneCount(text[m.offset:off])
}

// runeCount is utf8.RuneCount, eight bytes at a time while they are ASCII: the marks count
// every byte of a text of megabytes, most of it ASCII.
func runeCount(p []byte) int {
	i := 0
	for ; i+8 <= len(p); i += 8 {
		if binary.LittleEndian.Uint64(p[i:])&0x8080808080808080 != 0 {
			break
		}
	}
	return i + utf8.RuneCount(p[i:])
}
