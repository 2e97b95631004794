package jsondoc

import "github.com/gatehouse-dev/gatehouse/internal/problem"

// LocateByTokens is [Document.Locate] by decoding tokens, the slow and plain way: the reference
// the tests hold the byte scan and the container indexes to.
func (d *Document) LocateByTokens(pointer string) (int, bool) { return d.locate(pointer, false) }

// LocateNameByTokens is [Document.LocateName] by decoding tokens.
func (d *Document) LocateNameByTokens(pointer string) (int, bool) { return d.locate(pointer, true) }

// ParseReference is [ParseString] by the reference decoder alone, without the fast path.
func ParseReference(src problem.Source, text string) (*Document, problem.Problems) {
	d, probs, _ := parseWith(src, []byte(text), text, DefaultLimits, false, true)
	return d, probs
}
