package result

import (
	"bytes"
	"slices"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// jsonLines reads an MCP log written as JSON lines (a request line, then its response line, as
// replay and the proxy write them) as one list, so that a response finds its request by id. It
// reports false when text is not such a log: fewer than two non-blank lines, a line that does
// not start an object, or a first line that is not a whole JSON value on its own.
//
// The list is the same text with "[" before it, "," after each line but the last, and "]" at
// its end: every line keeps its number and, past the first, its columns. shift undoes the rest
// (the first line's column, and offsets) on what is placed in the list.
func jsonLines(text []byte) (list []byte, shift func(line, column, offset int) (int, int), unlist func(offset int) int, ok bool) {
	lines := bytes.SplitAfter(text, []byte("\n"))
	var nonBlank []int
	for i, l := range lines {
		t := bytes.TrimSpace(l)
		if len(t) == 0 {
			continue
		}
		if t[0] != '{' {
			return nil, nil, nil, false
		}
		nonBlank = append(nonBlank, i)
	}
	if len(nonBlank) < 2 {
		return nil, nil, nil, false
	}
	if _, probs := jsondoc.Parse(problem.SourceResult, lines[nonBlank[0]]); len(probs) > 0 {
		return nil, nil, nil, false
	}
	// added[i] is how many bytes the list holds before line i that the text does not.
	added := make([]int, len(lines)+1)
	starts := make([]int, len(lines)) // where each line starts in the list
	out := make([]byte, 0, len(text)+len(nonBlank)+2)
	out = append(out, '[')
	n := 1
	last := nonBlank[len(nonBlank)-1]
	for i, l := range lines {
		added[i] = n
		starts[i] = len(out)
		body, nl := l, []byte(nil)
		if bytes.HasSuffix(l, []byte("\n")) {
			body, nl = l[:len(l)-1], []byte("\n")
		}
		out = append(out, body...)
		if len(bytes.TrimSpace(l)) > 0 && i < last {
			out = append(out, ',')
			n++
		}
		if i == last {
			out = append(out, ']')
			n++
		}
		out = append(out, nl...)
	}
	shift = func(line, column, offset int) (int, int) {
		if line == 1 && column > 1 {
			column--
		}
		if line >= 1 && line <= len(lines) && offset >= added[line-1] {
			offset -= added[line-1]
		}
		return column, offset
	}
	// unlist is where an offset of the list (not inside the brackets and commas it adds) is in
	// the text.
	unlist = func(offset int) int {
		i, _ := slices.BinarySearch(starts, offset+1)
		if i > 0 {
			i--
		}
		return offset - added[i]
	}
	return out, shift, unlist, true
}
