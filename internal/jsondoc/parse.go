// Package jsondoc is the one strict reading of a pasted JSON text, and everything that ties a
// decoded value back to the text it came from.
//
// A text is parsed once, strictly ([Parse]): a duplicate object key is an error (two parsers that
// disagree on which "decision" counts are an attack), numbers keep every digit, size and depth are
// capped, and every error is placed at its line and column. The [Document] keeps the text, so any
// later problem found at a JSON Pointer — a schema error at /to, a lint finding in a description —
// is placed there too ([Document.Locate], [Index] for many pointers in one pass, [RawOffset] for a
// place inside a string). [Number] compares numbers exactly, whatever their spelling or exponent.
package jsondoc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/problem"

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
	Source problem.Source
	Text   []byte
	Value  any

	str      string // the text as a string, which lookups read without copying it
	bom      int    // length of a leading byte order mark, skipped by the parse
	unparsed bool   // the text did not pass the strict parse: lookups decode tokens

	// What is found in the text is kept for later lookups, so that placing many problems costs
	// the text plus the problems; a document may be read by several goroutines at once.
	mu         sync.Mutex
	lines      lines              // where lines start, computed on first use
	lookups    int                // pointers located so far
	containers map[int]*container // arrays and objects indexed so far, by where they start
}

// Parse parses text strictly with [DefaultLimits]. See [ParseLimits].
func Parse(src problem.Source, text []byte) (*Document, problem.Problems) {
	return ParseLimits(src, text, DefaultLimits)
}

// ParseString is [Parse] for a text held as a string, as the API's requests hold them; it saves
// copying the text twice.
func ParseString(src problem.Source, text string) (*Document, problem.Problems) {
	return parse(src, []byte(text), text, DefaultLimits)
}

// ParseLimits parses text as exactly one JSON value: duplicate object keys, invalid UTF-8,
// trailing content, and anything beyond the limits are problems, each placed at its line and
// column. A leading UTF-8 byte order mark is skipped. On problems the returned document is nil.
func ParseLimits(src problem.Source, text []byte, lim Limits) (*Document, problem.Problems) {
	if lim.MaxBytes > 0 && len(text) > lim.MaxBytes {
		return parse(src, text, "", lim) // refused before any copy
	}
	return parse(src, text, string(text), lim)
}

// A Repeat is a member name an object repeats, as [ParseKeepingRepeats] finds it.
type Repeat struct {
	Pointer string // the repeated member
	Offset  int    // where the repeat's name starts in the text
	First   int    // where the first occurrence's name starts
}

// NewDocument wraps a text already known to be strict JSON — a part of a parsed document, say —
// and its decoded value.
func NewDocument(src problem.Source, text []byte, value any) *Document {
	return &Document{Source: src, Text: text, str: string(text), Value: value}
}

// Unparsed wraps a text that did not pass the strict parse, so that its problems can still be
// placed: lookups decode tokens, duplicate keys allowed (the first counts).
func Unparsed(src problem.Source, text string) *Document {
	return &Document{Source: src, Text: []byte(text), str: text, unparsed: true}
}

// ParseKeepingRepeats parses text as [ParseString] does, except that a member name an object
// repeats is recorded rather than refused, and the first occurrence's value is kept. Nothing may
// decide on the value it returns: it serves only to tell where the repeats are (the gate denies
// the calls whose arguments repeat a key, by name, and gates the others). ok is false when the
// text has any other problem.
func ParseKeepingRepeats(src problem.Source, text string) (doc *Document, repeats []Repeat, ok bool) {
	d, probs, p := parseWith(src, []byte(text), text, DefaultLimits, true, false)
	if len(probs) > 0 {
		return nil, nil, false
	}
	return d, p.repeats, true
}

// parse does the work of the Parse functions; str holds the same text as text.
func parse(src problem.Source, text []byte, str string, lim Limits) (*Document, problem.Problems) {
	d, probs, _ := parseWith(src, text, str, lim, false, false)
	return d, probs
}

func parseWith(src problem.Source, text []byte, str string, lim Limits, keepRepeats, referenceOnly bool) (*Document, problem.Problems, *valueParser) {
	d := &Document{Source: src, Text: text, str: str}
	fail := func(p problem.Problem) (*Document, problem.Problems, *valueParser) {
		return nil, problem.Problems{p}, nil
	}
	if lim.MaxBytes > 0 && len(text) > lim.MaxBytes {
		return fail(problem.Problem{Source: src, Kind: problem.KindLimit, Offset: -1,
			Message: i18n.Sprintf("the text is %s; the limit is %s", ByteSize(len(text)), ByteSize(lim.MaxBytes))})
	}
	if bytes.HasPrefix(text, []byte("\xef\xbb\xbf")) {
		d.bom = 3
	}
	body := text[d.bom:]
	if len(bytes.TrimSpace(body)) == 0 {
		return fail(d.problemAt(problem.KindParse, i18n.T("the text is empty: expected a JSON value"), len(text)))
	}
	if !keepRepeats && !referenceOnly && str != "" {
		if v, indexed, ok := fastParse(str[d.bom:], maxDepthOf(lim), d.bom); ok {
			d.Value, d.containers = v, indexed
			return d, nil, nil
		}
	}
	// The reference reading, for what the fast path gave up on: it says what is wrong and where.
	// A bytes.Buffer lets jsontext parse in place, without copying the text into its own buffer.
	dec := jsontext.NewDecoder(bytes.NewBuffer(body), jsontext.AllowDuplicateNames(keepRepeats), jsontext.AllowInvalidUTF8(false))
	p := &valueParser{dec: dec, text: str[d.bom:], maxDepth: maxDepthOf(lim), keepRepeats: keepRepeats, base: d.bom}
	v, err := p.value(0)
	if err == errTooDeep {
		return fail(d.problemAt(problem.KindLimit, i18n.Sprintf("nesting is deeper than the limit of %d", p.maxDepth), d.bom+p.deepAt))
	}
	if err != nil {
		return fail(d.syntaxProblem(err))
	}
	// Exactly one value: anything but white space after it is an error.
	off := int(dec.InputOffset())
	if _, err := dec.ReadToken(); err != io.EOF {
		off += skipSpace(body[off:])
		return fail(d.problemAt(problem.KindParse, i18n.T("unexpected text after the JSON value"), d.bom+off))
	}
	d.Value = v
	return d, nil, p
}

var errTooDeep = errors.New("too deep")

// maxDepthOf is the nesting a parse allows: the limit's, or 10,000 when it sets none.
func maxDepthOf(lim Limits) int {
	if lim.MaxDepth <= 0 {
		return 10000
	}
	return lim.MaxDepth
}

// valueParser builds the decoded value from jsontext, counting depth itself. Strings without
// escapes and numbers are cut from one copy of the text rather than allocated one by one: most
// strings in real documents have no escapes, and this halves the parse's allocations.
type valueParser struct {
	dec      *jsontext.Decoder
	text     string // the parsed text, as one string
	maxDepth int
	deepAt   int // offset of the opening bracket that went too deep

	// keepRepeats records a repeated member name in repeats instead of failing
	// ([ParseKeepingRepeats]); path is then the pointer's tokens down to the current value, and
	// base the offset of text in the document.
	keepRepeats bool
	base        int
	path        []string
	repeats     []Repeat
}

// push and pop follow the path down to the current value, when keeping repeats.
func (p *valueParser) push(token string) {
	if p.keepRepeats {
		p.path = append(p.path, token)
	}
}

func (p *valueParser) pop() {
	if p.keepRepeats {
		p.path = p.path[:len(p.path)-1]
	}
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
		var firstAt map[string]int // where each name first appears, when keeping repeats
		for dec.PeekKind() != '}' {
			nameAt := 0
			if p.keepRepeats {
				nameAt = p.base + tokenStart(p.text, int(dec.InputOffset()))
			}
			key, err := p.scalar()
			if err != nil {
				return nil, err
			}
			p.push(key)
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			if p.keepRepeats {
				if first, repeated := firstAt[key]; repeated {
					p.repeats = append(p.repeats, Repeat{Pointer: JoinPointer("", p.path...), Offset: nameAt, First: first})
					p.pop()
					continue
				}
				if firstAt == nil {
					firstAt = map[string]int{}
				}
				firstAt[key] = nameAt
			}
			p.pop()
			obj[key] = v
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		return obj, nil
	case '[':
		arr := []any{}
		for dec.PeekKind() != ']' {
			if p.keepRepeats {
				p.push(strconv.Itoa(len(arr)))
			}
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			p.pop()
			arr = append(arr, v)
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		return arr, nil
	}
	return nil, i18n.Errorf("unexpected token %v", tok)
}

// syntaxProblem turns a jsontext error into a Problem in the user's words.
func (d *Document) syntaxProblem(err error) problem.Problem {
	var se *jsontext.SyntacticError
	if !errors.As(err, &se) {
		if err == io.ErrUnexpectedEOF || err == io.EOF {
			return d.problemAt(problem.KindParse, i18n.T("the text ends before the JSON value is complete"), len(d.Text))
		}
		return d.problemAt(problem.KindParse, err.Error(), -1)
	}
	off := d.bom + int(se.ByteOffset)
	msg := strings.TrimPrefix(se.Err.Error(), "jsontext: ")
	switch {
	case errors.Is(se.Err, jsontext.ErrDuplicateName):
		name := se.JSONPointer.LastToken()
		msg = i18n.Sprintf("duplicate key %q", name)
		if first, ok := d.locate(string(se.JSONPointer), true); ok {
			l, c := d.Position(first)
			msg = i18n.Sprintf("duplicate key %q (first at line %d, column %d): parsers disagree on which one counts", name, l, c)
		}
		p := d.problemAt(problem.KindParse, msg, off)
		p.InstanceLocation = string(se.JSONPointer)
		return p
	case errors.Is(se.Err, io.ErrUnexpectedEOF):
		msg = i18n.T("the text ends before the JSON value is complete")
		off = len(d.Text)
	case strings.Contains(msg, "invalid UTF-8"):
		msg = i18n.T("invalid UTF-8 in a string")
	case isUTF16(d.Text):
		msg, off = i18n.T("the text is UTF-16, not UTF-8 as JSON is exchanged: save it as UTF-8"), 0
	default:
		if explained, at, ok := explainSyntax(d.Text, off, msg); ok {
			msg, off = explained, at
		} else {
			msg = decoderWords(msg)
		}
	}
	p := d.problemAt(problem.KindParse, msg, off)
	if se.JSONPointer != "" {
		p.InstanceLocation = string(se.JSONPointer)
	}
	return p
}

// isUTF16 reports a text written in UTF-16, as Windows tools often save it: a UTF-16 byte order
// mark, or a zero byte beside each of the first characters (JSON starts with ASCII, which
// UTF-16 writes with a zero byte).
func isUTF16(text []byte) bool {
	if len(text) < 2 {
		return false
	}
	if text[0] == 0xff && text[1] == 0xfe || text[0] == 0xfe && text[1] == 0xff {
		return true
	}
	return (text[0] == 0) != (text[1] == 0) && text[0] < utf8.RuneSelf && text[1] < utf8.RuneSelf
}

func (d *Document) problemAt(kind problem.Kind, msg string, off int) problem.Problem {
	p := problem.Problem{Source: d.Source, Kind: kind, Message: msg, Offset: off}
	if off >= 0 {
		p.Line, p.Column = d.Position(off)
	}
	return p
}

// Problem builds a problem about the value at pointer, placed at its line and column when the
// pointer is found in the text.
func (d *Document) Problem(kind problem.Kind, pointer, msg string) problem.Problem {
	p := problem.Problem{Source: d.Source, Kind: kind, Message: msg, InstanceLocation: pointer, Offset: -1}
	if off, ok := d.Locate(pointer); ok {
		p.Offset = off
		p.Line, p.Column = d.Position(off)
	}
	return p
}

func skipSpace(b []byte) int {
	n := 0
	for n < len(b) && (b[n] == ' ' || b[n] == '\t' || b[n] == '\n' || b[n] == '\r') {
		n++
	}
	return n
}

// ByteSize writes a size for a message: "512 bytes", "3.4 KiB", "32.0 MiB" (in French
// "3,4 Kio").
func ByteSize(n int) string {
	return i18n.Custom(byteSize(i18n.English, n), func(lang i18n.Lang) string { return byteSize(lang, n) })
}

func byteSize(lang i18n.Lang, n int) string {
	switch {
	case n >= 1<<20:
		return lang.Sprintf("%s MiB", lang.Decimal(fmt.Sprintf("%.1f", float64(n)/(1<<20))))
	case n >= 1<<10:
		return lang.Sprintf("%s KiB", lang.Decimal(fmt.Sprintf("%.1f", float64(n)/(1<<10))))
	}
	return lang.Sprintf("%d bytes", n)
}
