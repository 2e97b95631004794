package jsondoc

import (
	"encoding/json"
	"slices"
	"sync"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// fastParse reads a text that is most likely strict JSON — as nearly every pasted text is — in
// one pass over the string, cutting unescaped strings and numbers out of it rather than copying
// them. It is the fast path of [Parse]: it answers only for texts it is sure of. Anything it does
// not take in its stride (an error of any kind, a repeated key, a nesting deeper than the limit,
// and escapes it leaves to the reference decoder, such as surrogate pairs) makes it give up,
// and the jsontext decoder, the reference, reads the text and says what is wrong where. So the
// fast path never changes an answer: FuzzFastParse holds it to the reference, value for value.
//
// It also returns the index of each large array and object (see indexedChildren), by where it
// starts (base added to the offsets in text), as [Document.container] would build it on a
// lookup: the parse knows where each child starts for nothing, where a lookup would read the
// container's text again — several times, for the first lookups, which read without indexing.
// A 10,000-tool catalog's /tools is such an array, and placing a diff's entries read each
// catalog's text several times more (most of the time of placing them).
func fastParse(text string, maxDepth, base int) (any, map[int]*container, bool) {
	stacks := fastStacks.Get().(*fastParserStacks)
	p := fastParser{s: text, maxDepth: maxDepth, base: base, members: stacks.members[:0], elems: stacks.elems[:0], starts: stacks.starts[:0]}
	defer func() {
		// Kept for the next parse, emptied (a failed parse leaves values on them), unless a
		// huge document grew them. Only what is still on them needs clearing: each container
		// clears its own part of the stacks as it closes, so past their length they hold nothing
		// (clearing their whole capacity was a twentieth of a tool call in WebAssembly).
		if cap(p.members) <= 1<<12 && cap(p.elems) <= 1<<14 && cap(p.starts) <= 1<<14 {
			clear(p.members)
			clear(p.elems)
			stacks.members, stacks.elems, stacks.starts = p.members[:0], p.elems[:0], p.starts[:0]
			fastStacks.Put(stacks)
		}
	}()
	p.space()
	v, ok := p.value(0)
	if !ok {
		return nil, nil, false
	}
	p.space()
	if p.i != len(p.s) {
		return nil, nil, false
	}
	return v, p.indexed, true
}

// indexedChildren and indexedBytes are the size from which the fast parse indexes an array or
// object: that many children, or that many bytes of text (the object that holds a catalog's
// 10 MB /tools has one member, and finding it by reading meant reading all of it). Below them,
// reading the container's text on a lookup costs little, and most containers are small.
const (
	indexedChildren = 64
	indexedBytes    = 64 << 10
)

type fastParserStacks struct {
	members []fastMember
	elems   []any
	starts  []int
}

var fastStacks = sync.Pool{New: func() any { return &fastParserStacks{} }}

type fastParser struct {
	s        string
	i        int
	maxDepth int
	buf      []byte // reused to decode strings with escapes

	// The members and elements read so far of the objects and arrays still open, innermost
	// last: each container is made once, at its exact size, when it closes. Growing a slice by
	// appending and a map by inserting was most of a parse's allocations, and a map filled as it
	// is read pays a second lookup per name to catch a repeat; here a repeat shows as a map
	// smaller than its members.
	members []fastMember
	elems   []any
	// starts holds where each element on elems starts in the text, and for each member on
	// members where its name and its value start; indexed the containers indexed (see
	// fastParse); both with base added.
	starts  []int
	base    int
	indexed map[int]*container
}

type fastMember struct {
	name  string
	value any
}

func (p *fastParser) space() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *fastParser) value(depth int) (any, bool) {
	if p.i >= len(p.s) {
		return nil, false
	}
	switch c := p.s[p.i]; {
	case c == '{':
		if depth >= p.maxDepth {
			return nil, false
		}
		return p.object(depth)
	case c == '[':
		if depth >= p.maxDepth {
			return nil, false
		}
		return p.array(depth)
	case c == '"':
		return p.str()
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return true, p.literal("true")
	case c == 'f':
		return false, p.literal("false")
	case c == 'n':
		return nil, p.literal("null")
	}
	return nil, false
}

func (p *fastParser) literal(word string) bool {
	if len(p.s)-p.i < len(word) || p.s[p.i:p.i+len(word)] != word {
		return false
	}
	p.i += len(word)
	return true
}

func (p *fastParser) object(depth int) (any, bool) {
	open := p.i
	p.i++ // {
	p.space()
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return map[string]any{}, true
	}
	base, startsBase := len(p.members), len(p.starts)
	for {
		if p.i >= len(p.s) || p.s[p.i] != '"' {
			return nil, false
		}
		nameAt := p.i
		key, ok := p.str()
		if !ok {
			return nil, false
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return nil, false
		}
		p.i++
		p.space()
		p.starts = append(p.starts, p.base+nameAt, p.base+p.i)
		v, ok := p.value(depth + 1)
		if !ok {
			return nil, false
		}
		p.members = append(p.members, fastMember{key, v})
		if more, ok := p.separator('}'); !ok {
			return nil, false
		} else if !more {
			break
		}
	}
	members := p.members[base:]
	obj := make(map[string]any, len(members))
	for _, m := range members {
		obj[m.name] = m.value
	}
	if len(obj) != len(members) {
		return nil, false // a repeated name: the reference says where
	}
	if len(members) >= indexedChildren || p.i-open >= indexedBytes {
		c := &container{object: true}
		c.members = c.inline[:0]
		for k, m := range members {
			c.add(member{key: m.name, name: p.starts[startsBase+2*k], value: p.starts[startsBase+2*k+1]})
		}
		p.index(open, c)
	}
	clear(members) // the stack holds no value of a finished object
	p.members = p.members[:base]
	p.starts = p.starts[:startsBase]
	return obj, true
}

// index keeps c as the index of the container whose opening bracket is at open.
func (p *fastParser) index(open int, c *container) {
	if p.indexed == nil {
		p.indexed = map[int]*container{}
	}
	p.indexed[p.base+open] = c
}

func (p *fastParser) array(depth int) (any, bool) {
	open := p.i
	p.i++ // [
	p.space()
	if p.i < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return []any{}, true
	}
	base, startsBase := len(p.elems), len(p.starts)
	for {
		p.starts = append(p.starts, p.base+p.i)
		v, ok := p.value(depth + 1)
		if !ok {
			return nil, false
		}
		p.elems = append(p.elems, v)
		if more, ok := p.separator(']'); !ok {
			return nil, false
		} else if !more {
			break
		}
	}
	arr := make([]any, len(p.elems)-base)
	copy(arr, p.elems[base:])
	clear(p.elems[base:])
	p.elems = p.elems[:base]
	if len(arr) >= indexedChildren || p.i-open >= indexedBytes {
		p.index(open, &container{elements: slices.Clone(p.starts[startsBase:])})
	}
	p.starts = p.starts[:startsBase]
	return arr, true
}

// separator reads what follows a member or an element: a comma, after which more follows, or
// the container's closing byte.
func (p *fastParser) separator(closing byte) (more, ok bool) {
	p.space()
	if p.i >= len(p.s) {
		return false, false
	}
	switch p.s[p.i] {
	case ',':
		p.i++
		p.space()
		return true, true
	case closing:
		p.i++
		return false, true
	}
	return false, false
}

// str reads a string: cut from the text when it has no escapes, decoded into a new string when
// it has the common ones. A \u escape of a surrogate is left to the reference decoder.
func (p *fastParser) str() (string, bool) {
	start := p.i + 1
	i := start
	for i < len(p.s) {
		c := p.s[i]
		switch {
		case c == '"':
			p.i = i + 1
			return p.s[start:i], true
		case c == '\\':
			return p.escaped(start, i)
		case c < 0x20:
			return "", false
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRuneInString(p.s[i:])
			if r == utf8.RuneError && size == 1 {
				return "", false
			}
			i += size
		}
	}
	return "", false
}

// escaped decodes a string from its first escape at i on; start is where the string's text
// begins.
func (p *fastParser) escaped(start, i int) (string, bool) {
	b := append(p.buf[:0], p.s[start:i]...)
	for i < len(p.s) {
		c := p.s[i]
		switch {
		case c == '"':
			p.i = i + 1
			p.buf = b
			return string(b), true
		case c == '\\':
			if i+1 >= len(p.s) {
				return "", false
			}
			switch p.s[i+1] {
			case '"', '\\', '/':
				b = append(b, p.s[i+1])
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				if i+6 > len(p.s) {
					return "", false
				}
				r := rune(0)
				for _, h := range []byte(p.s[i+2 : i+6]) {
					if !untrusted.IsHex(h) {
						return "", false
					}
					r = r<<4 | rune(untrusted.Unhex(h))
				}
				if r >= 0xd800 && r < 0xe000 {
					return "", false // a surrogate: the reference decoder pairs or refuses it
				}
				b = utf8.AppendRune(b, r)
				i += 6
				continue
			default:
				return "", false
			}
			i += 2
		case c < 0x20:
			return "", false
		case c < utf8.RuneSelf:
			b = append(b, c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(p.s[i:])
			if r == utf8.RuneError && size == 1 {
				return "", false
			}
			b = append(b, p.s[i:i+size]...)
			i += size
		}
	}
	return "", false
}

// number reads JSON number syntax exactly: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?.
func (p *fastParser) number() (any, bool) {
	start, i := p.i, p.i
	if i < len(p.s) && p.s[i] == '-' {
		i++
	}
	switch {
	case i < len(p.s) && p.s[i] == '0':
		i++
	case i < len(p.s) && p.s[i] >= '1' && p.s[i] <= '9':
		for i < len(p.s) && p.s[i] >= '0' && p.s[i] <= '9' {
			i++
		}
	default:
		return nil, false
	}
	if i < len(p.s) && p.s[i] == '.' {
		i++
		digits := i
		for i < len(p.s) && p.s[i] >= '0' && p.s[i] <= '9' {
			i++
		}
		if i == digits {
			return nil, false
		}
	}
	if i < len(p.s) && (p.s[i] == 'e' || p.s[i] == 'E') {
		i++
		if i < len(p.s) && (p.s[i] == '+' || p.s[i] == '-') {
			i++
		}
		digits := i
		for i < len(p.s) && p.s[i] >= '0' && p.s[i] <= '9' {
			i++
		}
		if i == digits {
			return nil, false
		}
	}
	// A number runs up to a delimiter; "01" or "1x" is an error the reference words.
	if i < len(p.s) {
		switch p.s[i] {
		case ' ', '\t', '\n', '\r', ',', ']', '}':
		default:
			return nil, false
		}
	}
	p.i = i
	return json.Number(p.s[start:i]), true
}
