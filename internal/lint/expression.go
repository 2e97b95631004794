package lint

import (
	"regexp/syntax"
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
//
//go:noinline
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
	return ef.findAll(e.re, s, canon, placed, sc.found, sc.hits, n, &sc.runs)
}

// An expressionScan is the storage an Expression's scan of a text uses, reused from text to text:
// a rule asks an expression about many short sentences.
type expressionScan struct {
	found foundWords
	hits  []wordHit
	buf   []byte
	runs  blankRuns
}

var expressionScans = sync.Pool{New: func() any { return &expressionScan{} }}

// An ExpressionSet is expressions asked of the same texts, many short ones (the sentences of a
// result): one pass of a word filter over a text tells which of them can match in it, where each
// expression asked on its own reads the text once with its own filter. Most sentences can match
// none, and are read once.
type ExpressionSet struct {
	exprs  []*Expression
	once   sync.Once
	filter *wordFilter
	needs  []*requirement // by expression, their literals' ids in filter
}

// NewExpressionSet returns the set of exprs; its filter is built on first use.
func NewExpressionSet(exprs ...*Expression) *ExpressionSet {
	return &ExpressionSet{exprs: exprs}
}

func (es *ExpressionSet) build() {
	var lits []string
	es.needs = make([]*requirement, len(es.exprs))
	for i, e := range es.exprs {
		// The requirement is derived as [filterOf] derives an expression's own, in an analysis
		// of its own, so that its literals take their ids in the set's filter.
		es.needs[i] = anything
		if parsed, err := syntax.Parse(withoutUnicodeClasses(e.re.String()), syntax.Perl); err == nil {
			a := newAnalysis()
			a.blanks = true
			es.needs[i] = a.info(parsed).requirement()
			lits = literalsOf(es.needs[i], lits)
		}
	}
	es.filter = newWordFilter(lits)
	for _, need := range es.needs {
		resolveRequirement(need, es.filter)
	}
}

// A SetReading is what one pass over a text found of a set's literals ([ExpressionSet.Read]);
// its buffers are reused from one text to the next.
type SetReading struct {
	set   *ExpressionSet
	all   bool // every expression may match: the filter was not run
	found foundWords
	buf   []byte
}

// Read reads text once for every expression of the set, into r.
func (es *ExpressionSet) Read(text string, r *SetReading) {
	es.once.Do(es.build)
	r.set, r.all = es, prefilterOff
	if r.all {
		return
	}
	if untrusted.IsASCII(text) {
		r.found, _ = scanRequired(es.filter, nil, text, r.found, nil)
		return
	}
	if strings.ContainsRune(text, marker) {
		r.all = true
		return
	}
	r.buf, _ = canonicalText(text, r.buf)
	r.found, _ = scanRequired(es.filter, nil, r.buf, r.found, nil)
}

// MayMatch reports whether e, one of the set's expressions, may match in the text read or in
// any part of it: false only when it cannot, for the text lacks what e requires.
func (r *SetReading) MayMatch(e *Expression) bool {
	if r.all || r.set == nil {
		return true
	}
	for i, x := range r.set.exprs {
		if x == e {
			return r.set.needs[i].met(r.found)
		}
	}
	return true
}

// Planned reports whether the expression is matched only at the places its matches can start
// (its leading literals, branch by branch) rather than searched through the whole text once its
// literals are found: what keeps a rule run over a whole result linear in the text's words.
func (e *Expression) Planned() bool { return filterOf(e.re).plan != nil }
