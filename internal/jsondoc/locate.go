package jsondoc

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// Finding a JSON Pointer in a document's text: every problem, finding and change is reported at
// a pointer, and the user wants the line and column where it is. This is the one way anything
// is placed.
//
// The text has passed the strict parse, so a value is found by reading the text, without
// building anything: a container is read from its opening bracket, each child's value skipped
// over as bytes (scanChildren). A first few lookups read each container on the path only as far
// as the child they want. A report that places thousands of entries (a flood of schema errors, a
// 10,000-tool catalog's findings, a message of 10,000 calls) would make that quadratic, so from
// then on each container a lookup passes through is indexed once, and every later lookup is a
// walk through those indexes: the work is the text plus the lookups, whatever their number or
// order.

// directLookups is how many lookups a document answers by reading the containers on the path
// before it indexes the containers it passes through.
const directLookups = 4

// A container is an indexed array or object: where each child's value starts and, for an
// object, where each member name starts (the first of duplicates, as every reader here takes).
// An object's members are a list, searched in order while it is short (most objects are: a
// flood of problems in records indexes thousands of them, and a map each would be most of the
// cost), with a map beside it once it is long.
type container struct {
	object   bool
	elements []int    // array: the offset of each element
	members  []member // object: its members, in text order
	byName   map[string]int
	inline   [4]member // the members of a small object, with no allocation of their own
}

// A member is an object's member: its name, and where the name and the value start.
type member struct {
	key         string
	name, value int
}

// shortObject is how many members an object has at most to be searched without a map.
const shortObject = 16

// add adds an object's member, read in text order, unless its name was read before.
func (c *container) add(m member) {
	if _, seen := c.member(m.key); seen {
		return
	}
	c.members = append(c.members, m)
	if c.byName != nil {
		c.byName[m.key] = len(c.members) - 1
	} else if len(c.members) > shortObject {
		c.byName = make(map[string]int, 2*len(c.members))
		for i, m := range c.members {
			c.byName[m.key] = i
		}
	}
}

// member finds the member named key.
func (c *container) member(key string) (member, bool) {
	if c.byName != nil {
		i, ok := c.byName[key]
		if !ok {
			return member{}, false
		}
		return c.members[i], true
	}
	for _, m := range c.members {
		if m.key == key {
			return m, true
		}
	}
	return member{}, false
}

// Locate returns the byte offset where the value at pointer starts, or false when no such value
// is in the text.
func (d *Document) Locate(pointer string) (int, bool) {
	return d.find(pointer, false)
}

// LocateName returns the byte offset of the member name that the last token of pointer names
// (where "additionalProperties" or a duplicate key points), or false.
func (d *Document) LocateName(pointer string) (int, bool) {
	return d.find(pointer, true)
}

func (d *Document) find(pointer string, name bool) (int, bool) {
	if (pointer != "" && pointer[0] != '/') || (name && pointer == "") {
		return 0, false
	}
	if d.unparsed {
		return d.locate(pointer, name)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.lookups++
	direct := !name && d.lookups <= directLookups
	off := d.bom + tokenStart(d.str[d.bom:], 0)
	// The tokens are read one by one, as SplitPointer reads them, without a list of them per
	// lookup.
	for rest := pointer; rest != ""; {
		var tok string
		if i := strings.IndexByte(rest[1:], '/'); i >= 0 {
			tok, rest = rest[1:1+i], rest[1+i:]
		} else {
			tok, rest = rest[1:], ""
		}
		if strings.Contains(tok, "~") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		}
		last := rest == ""
		if _, indexed := d.containers[off]; direct && !indexed {
			var ok bool
			if off, ok = childAt(d.str, off, tok); !ok {
				return 0, false
			}
			continue
		}
		if last && !name {
			if at, found, answered := d.memberOfSmall(off, tok); answered {
				return at, found
			}
		}
		c := d.container(off)
		if c == nil {
			return 0, false
		}
		switch {
		case !c.object:
			idx, ok := arrayIndex(tok)
			if !ok || idx >= len(c.elements) || (name && last) {
				return 0, false
			}
			off = c.elements[idx]
		default:
			m, ok := c.member(tok)
			if !ok {
				return 0, false
			}
			if name && last {
				return m.name, true
			}
			off = m.value
		}
	}
	return off, true
}

// arrayIndex reads a reference token as an array index, as RFC 6901 writes one: digits, with no
// leading zero but in "0" (no sign, no "+1"), without an allocation per lookup.
func arrayIndex(tok string) (int, bool) {
	if tok == "" || len(tok) > 9 || (len(tok) > 1 && tok[0] == '0') {
		return 0, false
	}
	idx := 0
	for i := 0; i < len(tok); i++ {
		if tok[i] < '0' || tok[i] > '9' {
			return 0, false
		}
		idx = idx*10 + int(tok[i]-'0')
	}
	return idx, true
}

// childAt returns where the value of the child tok names starts, in the array or object whose
// opening bracket is at off in s, reading the container only as far as that child; false when
// the value at off is neither or has no such child.
func childAt(s string, off int, tok string) (int, bool) {
	if off >= len(s) {
		return 0, false
	}
	at, found := 0, false
	switch s[off] {
	case '{':
		scanChildren(s, off, func(key string, _, value, _ int) bool {
			if key == tok {
				at, found = value, true
			}
			return !found
		})
	case '[':
		idx, ok := arrayIndex(tok)
		if !ok {
			return 0, false
		}
		n := 0
		scanChildren(s, off, func(_ string, _, value, _ int) bool {
			if n == idx {
				at, found = value, true
			}
			n++
			return !found
		})
	}
	return at, found
}

// smallObjectBytes is the size up to which an object's last member on a path is found by
// reading the object, not by indexing it.
const smallObjectBytes = 512

// memberOfSmall finds the member tok of the small object at off without indexing it: a flood of
// problems in records asks for one member of each of thousands of small objects, and an index
// of each would be most of the cost, while reading one is no more than its bytes. answered is
// false when the value there is not an object of at most smallObjectBytes not yet indexed (the
// walk then indexes it, so that many lookups in one large object stay linear). d.mu is held.
func (d *Document) memberOfSmall(off int, tok string) (at int, found, answered bool) {
	if off >= len(d.str) || d.str[off] != '{' {
		return 0, false, false
	}
	if _, indexed := d.containers[off]; indexed {
		return 0, false, false
	}
	limit := min(len(d.str), off+smallObjectBytes)
	end := valueEnd(d.str[:limit], off)
	if end == limit && limit < len(d.str) {
		return 0, false, false
	}
	at, found = childAt(d.str[:end], off, tok)
	return at, found, true
}

// container indexes the array or object starting at off, once; nil when the value there is
// neither. d.mu is held.
func (d *Document) container(off int) *container {
	if c, ok := d.containers[off]; ok {
		return c
	}
	if off >= len(d.str) || (d.str[off] != '[' && d.str[off] != '{') {
		return nil
	}
	c := &container{object: d.str[off] == '{'}
	c.members = c.inline[:0]
	scanChildren(d.str, off, func(key string, name, value, _ int) bool {
		if !c.object {
			c.elements = append(c.elements, value)
			return true
		}
		c.add(member{key: key, name: name, value: value})
		return true
	})
	if d.containers == nil {
		d.containers = map[int]*container{}
	}
	d.containers[off] = c
	return c
}

// scanChildren calls f for each child of the array or object whose opening bracket is at off in
// s, a text that passed the strict parse, in text order, until f returns false: for a member of
// an object, its decoded name as key and where the name's opening quote is; for every child,
// where its value starts and ends. Each child's value is skipped over as bytes, so reading a
// container costs its text and nothing is built but the names that have escapes.
func scanChildren(s string, off int, f func(key string, name, value, end int) bool) {
	object := s[off] == '{'
	i := spaceEnd(s, off+1)
	if i >= len(s) || s[i] == ']' || s[i] == '}' {
		return
	}
	for i < len(s) {
		key, name := "", -1
		if object {
			name = i
			i = valueEnd(s, i)
			key = s[name+1 : i-1]
			if strings.IndexByte(key, '\\') >= 0 {
				// The strict parse took the name, so it unquotes; the parse's own fast path
				// leaves surrogate pairs to jsontext, and so does this.
				b, _ := jsontext.AppendUnquote(nil, s[name:i])
				key = string(b)
			}
			i = spaceEnd(s, i) // the colon
			i = spaceEnd(s, i+1)
		}
		end := valueEnd(s, i)
		if !f(key, name, i, end) {
			return
		}
		i = spaceEnd(s, end)
		if i >= len(s) || s[i] != ',' {
			return
		}
		i = spaceEnd(s, i+1)
	}
}

// spaceEnd returns where the white space from i on in s ends.
func spaceEnd(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// valueEnd returns where the value starting at off ends, in a text that passed the strict parse;
// the text's end when it is cut short.
func valueEnd(s string, off int) int {
	depth := 0
	for i := off; i < len(s); i++ {
		switch s[i] {
		case '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
			if depth == 0 {
				return min(i+1, len(s))
			}
		case '[', '{':
			depth++
		case ']', '}':
			if depth == 0 {
				return i // a number or literal, the last in its container
			}
			depth--
			if depth == 0 {
				return i + 1
			}
		case ',', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i
			}
		}
	}
	return len(s)
}

// locate is Locate and LocateName by decoding tokens, duplicates allowed. It serves a text that
// did not pass the strict parse (where the first of two duplicate keys is), which the byte scan,
// made for valid JSON, must not be given.
func (d *Document) locate(pointer string, name bool) (int, bool) {
	tokens, ok := SplitPointer(pointer)
	if !ok || (name && len(tokens) == 0) {
		return 0, false
	}
	body := d.Text[d.bom:]
	// Duplicates allowed: Locate also serves to find the first of two duplicate keys.
	dec := jsontext.NewDecoder(bytes.NewReader(body), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	next := func() int { // offset where the next token starts
		return d.bom + tokenStart(body, int(dec.InputOffset()))
	}
	for depth := 0; ; depth++ {
		if depth == len(tokens) {
			return next(), true
		}
		tok, err := dec.ReadToken()
		if err != nil {
			return 0, false
		}
		want := tokens[depth]
		switch tok.Kind() {
		case '{':
			found := false
			for dec.PeekKind() == '"' {
				at := next()
				n, err := dec.ReadToken()
				if err != nil {
					return 0, false
				}
				if n.String() == want {
					if name && depth == len(tokens)-1 {
						return at, true
					}
					found = true
					break
				}
				if dec.SkipValue() != nil {
					return 0, false
				}
			}
			if !found {
				return 0, false
			}
		case '[':
			idx, err := strconv.Atoi(want)
			if err != nil || idx < 0 || strconv.Itoa(idx) != want || (name && depth == len(tokens)-1) {
				return 0, false
			}
			for i := 0; i < idx; i++ {
				if dec.PeekKind() == ']' || dec.SkipValue() != nil {
					return 0, false
				}
			}
			if dec.PeekKind() == ']' {
				return 0, false
			}
		default:
			return 0, false
		}
	}
}

// A Place is where a report entry is in a text: its JSON Pointer, and the line and column where
// the value the pointer leads to starts (zero when unknown).
type Place struct {
	Pointer string `json:"pointer"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
}

// Fill sets a place's line and column from its pointer, when the pointer is found in d's text;
// a nil document places nothing.
func (d *Document) Fill(p *Place) {
	if d == nil {
		return
	}
	if off, ok := d.Locate(p.Pointer); ok {
		p.Line, p.Column = d.Position(off)
	}
}

// tokenStart skips from off over white space and the separators a decoder has not yet consumed,
// to where the next token starts.
func tokenStart[T ~string | ~[]byte](body T, off int) int {
	for off < len(body) {
		switch body[off] {
		case ' ', '\t', '\n', '\r', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

// Raw returns the text of the value at pointer, exactly as written, or false when no such value
// is in the text.
func (d *Document) Raw(pointer string) ([]byte, bool) {
	start, ok := d.Locate(pointer)
	if !ok {
		return nil, false
	}
	dec := jsontext.NewDecoder(bytes.NewBuffer(d.Text[start:]), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if err := dec.SkipValue(); err != nil {
		return nil, false
	}
	return d.Text[start : start+int(dec.InputOffset())], true
}
