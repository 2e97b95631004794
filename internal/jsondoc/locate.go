package jsondoc

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/tidwall/gjson"
)

// Finding a JSON Pointer in a document's text: every problem, finding and change is reported at
// a pointer, and the user wants the line and column where it is.

// Locate returns the byte offset where the value at pointer starts, or false when no such value
// is in the text.
//
// The text has passed the strict parse, so gjson can find the value without building anything:
// its Result.Index is the offset, and it is several times faster than decoding tokens. Pointers
// gjson cannot express (an empty key, an index with a leading zero) take the token scan.
func (d *Document) Locate(pointer string) (int, bool) {
	if path, ok := gjsonPath(pointer); ok {
		r := gjson.GetBytes(d.Text[d.bom:], path)
		if !r.Exists() {
			return 0, false
		}
		return d.bom + r.Index, true
	}
	return d.locate(pointer, false)
}

// gjsonPath turns a JSON Pointer into a gjson path, escaping gjson's special characters.
func gjsonPath(pointer string) (string, bool) {
	tokens, ok := SplitPointer(pointer)
	if !ok || len(tokens) == 0 {
		return "", false
	}
	var b strings.Builder
	for i, t := range tokens {
		if t == "" || (len(t) > 1 && t[0] == '0' && strings.Trim(t, "0123456789") == "") {
			return "", false
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(gjson.Escape(t))
	}
	return b.String(), true
}

// LocateName returns the byte offset of the member name that the last token of pointer names
// (where "additionalProperties" or a duplicate key points), or false.
func (d *Document) LocateName(pointer string) (int, bool) { return d.locate(pointer, true) }

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
			if err != nil || idx < 0 || (len(want) > 1 && want[0] == '0') || (name && depth == len(tokens)-1) {
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

// An Index finds where many JSON Pointers start in one pass over a document's text.
// [Document.Locate] scans from the start for each pointer, which is quadratic when a report on
// a 10,000-tool catalog places thousands of items; this walks the text once, descending only
// into members and elements that some wanted pointer passes through.
type Index struct {
	doc     *Document
	want    *pointerTrie
	offsets map[string]int // where wanted values start
	names   map[string]int // where wanted member names start
	done    bool
}

type pointerTrie struct {
	children map[string]*pointerTrie
	pointer  string // the wanted pointer ending here, or ""
	wanted   bool   // the value at pointer is wanted
	name     bool   // the member name pointer ends at is wanted
}

// NewIndex returns an index over doc's text; a nil doc locates nothing.
func NewIndex(doc *Document) *Index {
	return &Index{doc: doc, want: &pointerTrie{}}
}

// Want registers a pointer to be located by the next [Index.Offset] call.
func (ix *Index) Want(pointer string) {
	if node := ix.node(pointer); node != nil && !node.wanted {
		node.wanted, node.pointer = true, pointer
		ix.done = false
	}
}

// WantName registers a pointer whose last member name is to be located by [Index.NameOffset].
func (ix *Index) WantName(pointer string) {
	if node := ix.node(pointer); node != nil && !node.name {
		node.name, node.pointer = true, pointer
		ix.done = false
	}
}

// node returns the trie node of pointer, making the path to it.
func (ix *Index) node(pointer string) *pointerTrie {
	if ix == nil || ix.doc == nil {
		return nil
	}
	tokens, ok := SplitPointer(pointer)
	if !ok {
		return nil
	}
	node := ix.want
	for _, t := range tokens {
		if node.children == nil {
			node.children = map[string]*pointerTrie{}
		}
		next := node.children[t]
		if next == nil {
			next = &pointerTrie{}
			node.children[t] = next
		}
		node = next
	}
	return node
}

// NameOffset returns where the member name pointer ends at starts in the text; the pointer
// should have been registered with WantName.
func (ix *Index) NameOffset(pointer string) (int, bool) {
	if ix == nil || ix.doc == nil {
		return 0, false
	}
	if !ix.done {
		ix.scan()
	}
	if off, ok := ix.names[pointer]; ok {
		return off, true
	}
	return ix.doc.LocateName(pointer)
}

// Offset returns where the value at pointer starts in the text; the pointer should have been
// registered with Want (one that was not costs a scan of its own).
func (ix *Index) Offset(pointer string) (int, bool) {
	if ix == nil || ix.doc == nil {
		return 0, false
	}
	if !ix.done {
		ix.scan()
	}
	if off, ok := ix.offsets[pointer]; ok {
		return off, true
	}
	return ix.doc.Locate(pointer)
}

// Position returns the 1-based line and column of the value at pointer, or zeros.
func (ix *Index) Position(pointer string) (line, column int) {
	if off, ok := ix.Offset(pointer); ok {
		return ix.doc.Position(off)
	}
	return 0, 0
}

func (ix *Index) scan() {
	ix.done = true
	ix.offsets, ix.names = map[string]int{}, map[string]int{}
	d := ix.doc
	body := d.Text[d.bom:]
	dec := jsontext.NewDecoder(bytes.NewReader(body), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	next := func() int {
		return d.bom + tokenStart(body, int(dec.InputOffset()))
	}
	var walk func(node *pointerTrie) bool
	walk = func(node *pointerTrie) bool {
		if node.wanted {
			ix.offsets[node.pointer] = next()
		}
		if len(node.children) == 0 {
			return dec.SkipValue() == nil
		}
		tok, err := dec.ReadToken()
		if err != nil {
			return false
		}
		switch tok.Kind() {
		case '{':
			for dec.PeekKind() == '"' {
				at := next()
				name, err := dec.ReadToken()
				if err != nil {
					return false
				}
				child := node.children[name.String()]
				if child == nil {
					if dec.SkipValue() != nil {
						return false
					}
					continue
				}
				if child.name {
					ix.names[child.pointer] = at
				}
				if !walk(child) {
					return false
				}
			}
		case '[':
			for i := 0; dec.PeekKind() != ']'; i++ {
				if dec.PeekKind() == 0 {
					return false
				}
				child := node.children[strconv.Itoa(i)]
				if child == nil {
					if dec.SkipValue() != nil {
						return false
					}
					continue
				}
				if !walk(child) {
					return false
				}
			}
		default:
			return true
		}
		_, err = dec.ReadToken()
		return err == nil
	}
	walk(ix.want)
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

// A Place is where a report entry is in a text: its JSON Pointer, and the line and column where
// the value the pointer leads to starts (zero when unknown).
type Place struct {
	Pointer string `json:"pointer"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
}

// Fill sets a place's line and column from its pointer; the pointer should have been
// registered with Want.
func (ix *Index) Fill(p *Place) { p.Line, p.Column = ix.Position(p.Pointer) }
