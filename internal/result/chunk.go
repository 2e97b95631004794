package result

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// The lint's text rules were written for descriptions, a few hundred bytes each; some cost more
// than the length of the string they read. A result's text can be a megabyte, so it is read in
// pieces of about chunkBytes cut at line breaks, which keeps the check linear in the result's
// size. A sentence is never longer than a piece, so no phrase is cut but at a line break.
const chunkBytes = 4 << 10

// A longString is a string of a result too long to give the text rules whole.
type longString struct {
	pointer string
	text    string
}

// splitLong sorts the pointers of what the model reads into those the text rules read whole
// and the long strings under them, read in pieces ([scanLong]).
func splitLong(doc *jsondoc.Document, reads []string) (whole []string, long []longString) {
	var visit func(v any, at string)
	visit = func(v any, at string) {
		if textSize(v, chunkBytes) <= chunkBytes {
			whole = append(whole, at)
			return
		}
		switch x := v.(type) {
		case string:
			long = append(long, longString{at, x})
		case []any:
			for i, e := range x {
				visit(e, at+"/"+strconv.Itoa(i))
			}
		case map[string]any:
			for _, k := range sortedKeys(x) {
				visit(x[k], jsondoc.JoinPointer(at, k))
			}
		}
	}
	for _, ptr := range reads {
		visit(jsondoc.Lookup(doc.Value, ptr), ptr)
	}
	return whole, long
}

// textSize is the bytes of the strings and member names under v, counted up to past limit.
func textSize(v any, limit int) int {
	switch x := v.(type) {
	case string:
		return len(x)
	case []any:
		n := 0
		for _, e := range x {
			if n += textSize(e, limit); n > limit {
				return n
			}
		}
		return n
	case map[string]any:
		n := 0
		for k, e := range x {
			if n += len(k) + textSize(e, limit); n > limit {
				return n
			}
		}
		return n
	}
	return 0
}

// chunks cuts s into pieces of about chunkBytes, each ending at a line break where there is
// one, and returns where each starts.
func chunks(s string) (pieces []string, starts []int) {
	for start := 0; start < len(s); {
		end := min(len(s), start+chunkBytes)
		if end < len(s) {
			if nl := strings.LastIndexByte(s[start:end], '\n'); nl > chunkBytes/4 {
				end = start + nl + 1
			}
			for end > start && !utf8.RuneStart(s[end]) {
				end--
			}
		}
		pieces, starts = append(pieces, s[start:end]), append(starts, start)
		start = end
	}
	return pieces, starts
}

// scanLong runs the text rules over each long string in pieces, and places every finding back
// in the result's text at the evidence's own place.
func scanLong(pl *placer, long []longString, tool string) []lint.Finding {
	var out []lint.Finding
	for _, ls := range long {
		pieces, starts := chunks(ls.text)
		// One document holds the pieces, one per line, so a finding's line names its piece.
		var b strings.Builder
		b.WriteString("[\n")
		lineStarts := make([]int, len(pieces))
		pointers := make([]string, len(pieces))
		for i, p := range pieces {
			lineStarts[i] = b.Len()
			lit, _ := json.Marshal(p)
			b.Write(lit)
			if i < len(pieces)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
			pointers[i] = "/" + strconv.Itoa(i)
		}
		b.WriteString("]")
		text := b.String()
		pdoc, probs := jsondoc.ParseString(problem.SourceResult, text)
		if len(probs) > 0 {
			continue
		}
		for _, f := range lint.ScanText(pdoc, pointers, tool, lint.ProfileResult) {
			i, err := strconv.Atoi(strings.TrimPrefix(f.Pointer, "/"))
			if err != nil || i < 0 || i >= len(pieces) {
				continue
			}
			at := starts[i]
			if f.Line == i+2 && f.Column > 0 {
				at += decodedOffset(text[lineStarts[i]:], f.Column-1)
			}
			f.Pointer = ls.pointer
			f.Line, f.Column = 0, 0
			pl.place(&f, ls.pointer, at)
			out = append(out, f)
		}
	}
	return out
}

// decodedOffset maps a column (in code points, from 0) of a line that starts with a JSON string
// literal to the byte offset in the decoded string.
func decodedOffset(line string, column int) int {
	raw := 0
	for n := 0; n < column && raw < len(line); n++ {
		_, size := utf8.DecodeRuneInString(line[raw:])
		raw += size
	}
	if raw <= 1 {
		return 0
	}
	var s string
	if err := json.Unmarshal([]byte(line[:raw]+`"`), &s); err != nil {
		return 0
	}
	return len(s)
}
