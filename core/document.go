package core

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"
)

// Limits caps what a strict parse accepts, so that a pasted text cannot exhaust the page.
type Limits struct {
	MaxBytes int // the text's size in bytes
	MaxDepth int // nesting of arrays and objects
}

// DefaultLimits are generous for real documents (a catalog of 10,000 tools is about 10 MB) and
// small enough that one text cannot take the page down.
var DefaultLimits = Limits{MaxBytes: 32 << 20, MaxDepth: 256}

// A Document is a JSON text accepted by the strict parse, with its decoded value.
//
// The value uses the types the schema validator walks: map[string]any, []any, string, bool, nil,
// and [json.Number] for every number, so 12345678901234567890 keeps all its digits. The text is
// kept so that any later problem found at a JSON Pointer can be shown at its line and column.
type Document struct {
	Source Source
	Text   []byte
	Value  any

	bom        int   // length of a leading byte order mark, skipped by the parse
	lineStarts []int // byte offset of each line's start, computed on first use
}

// ParseDocument parses text strictly with [DefaultLimits]. See [ParseDocumentLimits].
func ParseDocument(src Source, text []byte) (*Document, Problems) {
	return ParseDocumentLimits(src, text, DefaultLimits)
}

// ParseText is [ParseDocument] for a text held as a string, as the API's requests hold them; it
// saves copying the text twice.
func ParseText(src Source, text string) (*Document, Problems) {
	return parse(src, []byte(text), text, DefaultLimits)
}

// ParseDocumentLimits parses text as exactly one JSON value: duplicate object keys, invalid UTF-8,
// trailing content, and anything beyond the limits are problems, each placed at its line and
// column. A leading UTF-8 byte order mark is skipped. On problems the returned document is nil.
func ParseDocumentLimits(src Source, text []byte, lim Limits) (*Document, Problems) {
	if lim.MaxBytes > 0 && len(text) > lim.MaxBytes {
		return parse(src, text, "", lim) // refused before any copy
	}
	return parse(src, text, string(text), lim)
}

// parse does the work of the Parse functions; str holds the same text as text.
func parse(src Source, text []byte, str string, lim Limits) (*Document, Problems) {
	d := &Document{Source: src, Text: text}
	if lim.MaxBytes > 0 && len(text) > lim.MaxBytes {
		return nil, Problems{{Source: src, Kind: KindLimit, Offset: -1,
			Message: fmt.Sprintf("the text is %s; the limit is %s", byteSize(len(text)), byteSize(lim.MaxBytes))}}
	}
	if bytes.HasPrefix(text, []byte("\xef\xbb\xbf")) {
		d.bom = 3
	}
	body := text[d.bom:]
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, Problems{d.problemAt(KindParse, "the text is empty: expected a JSON value", len(text))}
	}
	// A bytes.Buffer lets jsontext parse in place, without copying the text into its own buffer.
	dec := jsontext.NewDecoder(bytes.NewBuffer(body), jsontext.AllowDuplicateNames(false), jsontext.AllowInvalidUTF8(false))
	p := valueParser{dec: dec, text: str[d.bom:], maxDepth: lim.MaxDepth}
	if p.maxDepth <= 0 {
		p.maxDepth = 10000
	}
	v, err := p.value(0)
	if err == errTooDeep {
		return nil, Problems{d.problemAt(KindLimit, fmt.Sprintf("nesting is deeper than the limit of %d", p.maxDepth), d.bom+p.deepAt)}
	}
	if err == nil {
		// Exactly one value: anything but white space after it is an error.
		off := int(dec.InputOffset())
		if _, err2 := dec.ReadToken(); err2 != io.EOF {
			off += skipSpace(body[off:])
			return nil, Problems{d.problemAt(KindParse, "unexpected text after the JSON value", d.bom+off)}
		}
		d.Value = v
		return d, nil
	}
	return nil, Problems{d.syntaxProblem(err)}
}

var errTooDeep = errors.New("too deep")

// valueParser builds the decoded value from jsontext, counting depth itself. Strings without
// escapes and numbers are cut from one copy of the text rather than allocated one by one: most
// strings in real documents have no escapes, and this halves the parse's allocations.
type valueParser struct {
	dec      *jsontext.Decoder
	text     string // the parsed text, as one string
	maxDepth int
	deepAt   int // offset of the opening bracket that went too deep
}

// scalar reads a string (or object name) or a number.
func (p *valueParser) scalar() (string, error) {
	raw, err := p.dec.ReadValue()
	if err != nil {
		return "", err
	}
	end := int(p.dec.InputOffset())
	start := end - len(raw)
	if raw[0] != '"' {
		return p.text[start:end], nil
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		return p.text[start+1 : end-1], nil
	}
	b, err := jsontext.AppendUnquote(nil, raw)
	return string(b), err
}

func (p *valueParser) value(depth int) (any, error) {
	dec := p.dec
	switch dec.PeekKind() {
	case '"':
		return p.scalar()
	case '0':
		s, err := p.scalar()
		return json.Number(s), err
	}
	tok, err := dec.ReadToken()
	if err != nil {
		return nil, err
	}
	if k := tok.Kind(); (k == '{' || k == '[') && depth >= p.maxDepth {
		p.deepAt = int(dec.InputOffset()) - 1
		return nil, errTooDeep
	}
	switch tok.Kind() {
	case 'n':
		return nil, nil
	case 't':
		return true, nil
	case 'f':
		return false, nil
	case '{':
		obj := map[string]any{}
		for dec.PeekKind() != '}' {
			key, err := p.scalar()
			if err != nil {
				return nil, err
			}
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			obj[key] = v
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		return obj, nil
	case '[':
		arr := []any{}
		for dec.PeekKind() != ']' {
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		return arr, nil
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

// syntaxProblem turns a jsontext error into a Problem in the user's words.
func (d *Document) syntaxProblem(err error) Problem {
	var se *jsontext.SyntacticError
	if !errors.As(err, &se) {
		if err == io.ErrUnexpectedEOF || err == io.EOF {
			return d.problemAt(KindParse, "the text ends before the JSON value is complete", len(d.Text))
		}
		return d.problemAt(KindParse, err.Error(), -1)
	}
	off := d.bom + int(se.ByteOffset)
	msg := strings.TrimPrefix(se.Err.Error(), "jsontext: ")
	switch {
	case errors.Is(se.Err, jsontext.ErrDuplicateName):
		name := se.JSONPointer.LastToken()
		msg = fmt.Sprintf("duplicate key %q", name)
		if first, ok := d.locate(string(se.JSONPointer), true); ok {
			l, c := d.Position(first)
			msg += fmt.Sprintf(" (first at line %d, column %d): parsers disagree on which one counts", l, c)
		}
		p := d.problemAt(KindParse, msg, off)
		p.InstanceLocation = string(se.JSONPointer)
		return p
	case errors.Is(se.Err, io.ErrUnexpectedEOF):
		msg = "the text ends before the JSON value is complete"
		off = len(d.Text)
	case strings.Contains(msg, "invalid UTF-8"):
		msg = "invalid UTF-8 in a string"
	}
	p := d.problemAt(KindParse, msg, off)
	if se.JSONPointer != "" {
		p.InstanceLocation = string(se.JSONPointer)
	}
	return p
}

func (d *Document) problemAt(kind Kind, msg string, off int) Problem {
	p := Problem{Source: d.Source, Kind: kind, Message: msg, Offset: off}
	if off >= 0 {
		p.Line, p.Column = d.Position(off)
	}
	return p
}

// Problem builds a problem about the value at pointer, placed at its line and column when the
// pointer is found in the text.
func (d *Document) Problem(kind Kind, pointer, msg string) Problem {
	p := Problem{Source: d.Source, Kind: kind, Message: msg, InstanceLocation: pointer, Offset: -1}
	if off, ok := d.Locate(pointer); ok {
		p.Offset = off
		p.Line, p.Column = d.Position(off)
	}
	return p
}

// Position converts a byte offset in the text to a 1-based line and a 1-based column counted in
// Unicode code points.
func (d *Document) Position(off int) (line, column int) {
	return positionIn(d.Text, &d.lineStarts, off)
}

// TextPosition is [Document.Position] for a text that did not parse.
func TextPosition(text []byte, off int) (line, column int) {
	var starts []int
	return positionIn(text, &starts, off)
}

func positionIn(text []byte, starts *[]int, off int) (int, int) {
	if off < 0 {
		off = 0
	}
	if off > len(text) {
		off = len(text)
	}
	if *starts == nil {
		s := []int{0}
		for i, b := range text {
			if b == '\n' {
				s = append(s, i+1)
			}
		}
		*starts = s
	}
	s := *starts
	i := sort.Search(len(s), func(i int) bool { return s[i] > off }) - 1
	return i + 1, utf8.RuneCount(text[s[i]:off]) + 1
}

func skipSpace(b []byte) int {
	n := 0
	for n < len(b) && (b[n] == ' ' || b[n] == '\t' || b[n] == '\n' || b[n] == '\r') {
		n++
	}
	return n
}

func byteSize(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
