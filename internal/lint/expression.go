package lint

import (
	"strings"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// An Expression is a regular expression for long untrusted texts, compiled on first use, with
// the phrases' prefilter ([requirementOf]): it is not run on a text that lacks the literals it
// requires, and where every match starts at one of its leading literals it is matched only
// there. It finds what the expression finds, for the result check's own rules.
type Expression struct {
	re *lazyregexp.Regexp
}

// NewExpression returns an Expression for pattern, which must compile with [regexp.Compile]
// (it is compiled, and a bad pattern panics, on first use).
func NewExpression(pattern string) *Expression {
	return &Expression{re: lazyregexp.New(pattern)}
}

// String returns the pattern.
func (e *Expression) String() string { return e.re.String() }

// FindStringIndex is [regexp.Regexp.FindStringIndex].
func (e *Expression) FindStringIndex(s string) []int {
	if m := e.findAll(s, 1); len(m) > 0 {
		return m[0][:2]
	}
	return nil
}

// FindAllStringIndex is [regexp.Regexp.FindAllStringIndex].
func (e *Expression) FindAllStringIndex(s string, n int) [][]int {
	all := e.findAll(s, n)
	for i, m := range all {
		all[i] = m[:2]
	}
	return all
}

// FindAllStringSubmatchIndex is [regexp.Regexp.FindAllStringSubmatchIndex].
func (e *Expression) FindAllStringSubmatchIndex(s string, n int) [][]int { return e.findAll(s, n) }

// MatchString is [regexp.Regexp.MatchString].
func (e *Expression) MatchString(s string) bool { return len(e.findAll(s, 1)) > 0 }

func (e *Expression) findAll(s string, n int) [][]int {
	if prefilterOff {
		return e.re.FindAllStringSubmatchIndex(s, n)
	}
	ef := filterOf(e.re)
	sc := expressionScans.Get().(*expressionScan)
	defer expressionScans.Put(sc)
	canon, placed := s, true
	if !untrusted.IsASCII(s) {
		if strings.ContainsRune(s, marker) {
			return e.re.FindAllStringSubmatchIndex(s, n)
		}
		sc.buf, placed = canonicalText(s, sc.buf)
		canon = string(sc.buf)
	}
	sc.found, sc.hits = scanRequired(ef.filter, ef.leadWord, canon, sc.found, sc.hits)
	return ef.findAll(e.re, s, placed, sc.found, sc.hits, n)
}

// An expressionScan is the storage an Expression's scan of a text uses, reused from text to text:
// a rule asks an expression about many short sentences.
type expressionScan struct {
	found foundWords
	hits  []wordHit
	buf   []byte
}

var expressionScans = sync.Pool{New: func() any { return &expressionScan{} }}
