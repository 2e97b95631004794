package lint

import (
	"fmt"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
)

// This file holds the phrases' prefilter. From each phrase's expression come the literals a text
// must hold for it to match anywhere ("ignor" and one of "instruction", "consigne"… for the
// French override phrase), and, where every match starts with one, the literals it starts with
// (the verbs of "\b(?:ignore|disregard)\s+…"). One pass of a word filter finds them all in a
// text: an expression whose literals the text lacks cannot match, so it is not run, and one that
// can is tried only where a match can start, not over the whole text. Most strings, and most
// pieces of a long result, hold the words of a language's markers but none of its phrases, and
// the languages' expressions are slow to run over a whole text. Both are derived from the
// expression itself, so they follow the vocabularies as they change, and a phrase finds exactly
// what it found without them (TestPrefilterFindsTheSame holds the two to the same findings on
// every corpus). Rules matching their own expressions use the same through [linter.findAll].

// A requirement is what a text must hold for an expression to match in it: anything, one
// literal, all of its parts or one of them. Literals are read as the word filter reads text:
// canonical case ([canonicalRune]), a run of white space as one space.
type requirement struct {
	kind reqKind
	lit  string
	id   int // the literal's id in its phrase group's or expression's word filter
	subs []*requirement
	// Once the ids are given ([resolveRequirement]), a choice or sequence holds its literal
	// parts as the words of a scan's answer they set (litWords), and its other parts as rest:
	// a language's choice of verbs is tens of literals, asked of every sentence.
	packed   bool
	litWords []maskWord
	rest     []*requirement
}

// A maskWord is the bits of one word of a [foundWords].
type maskWord struct {
	at   int
	bits uint64
}

type reqKind uint8

const (
	reqAnything reqKind = iota
	reqLiteral
	reqAll
	reqAny
)

var anything = &requirement{kind: reqAnything}

// met reports whether a text whose literals are found meets the requirement.
func (r *requirement) met(found foundWords) bool {
	if r.packed {
		if r.kind == reqAny {
			for _, w := range r.litWords {
				if found[w.at]&w.bits != 0 {
					return true
				}
			}
			for _, s := range r.rest {
				if s.met(found) {
					return true
				}
			}
			return false
		}
		for _, w := range r.litWords {
			if found[w.at]&w.bits != w.bits {
				return false
			}
		}
		for _, s := range r.rest {
			if !s.met(found) {
				return false
			}
		}
		return true
	}
	switch r.kind {
	case reqLiteral:
		return found[r.id/64]&(1<<(r.id%64)) != 0
	case reqAll:
		for _, s := range r.subs {
			if !s.met(found) {
				return false
			}
		}
		return true
	case reqAny:
		for _, s := range r.subs {
			if s.met(found) {
				return true
			}
		}
		return false
	}
	return true
}

// metAfter reports whether r may be met by words that end after from: last holds where each
// word last ends ([lastEnds]). A match starting at from or later holds what r needs, so each of
// its literals ends past from; a word folded from a run of blanks or another case ends where it
// does in the text, whatever it starts at.
func (r *requirement) metAfter(last []int32, from int) bool {
	switch r.kind {
	case reqLiteral:
		return int(last[r.id]) > from
	case reqAll:
		for _, s := range r.subs {
			if !s.metAfter(last, from) {
				return false
			}
		}
		return true
	case reqAny:
		for _, s := range r.subs {
			if s.metAfter(last, from) {
				return true
			}
		}
		return false
	}
	return true
}

// lastEnds finds, for each word of f, where its last place in text ends (0 when text does not
// hold it), reusing last's storage.
func lastEnds(f *wordFilter, text string, last []int32) []int32 {
	if cap(last) >= len(f.ids) {
		last = last[:len(f.ids)]
		clear(last)
	} else {
		last = make([]int32, len(f.ids))
	}
	moves, class, width, ends := f.moves, &f.class, f.width, f.ends
	st := moves[class[' ']] >> 1
	for i := 0; i < len(text); i++ {
		v := moves[st+int32(class[text[i]])]
		st = v >> 1
		if v&1 != 0 {
			k := moves[st+width-1]
			for _, id := range ends[k+1 : k+1+ends[k]] {
				last[id] = int32(i + 1)
			}
		}
	}
	return last
}

func allOf(a, b *requirement) *requirement {
	switch {
	case a.kind == reqAnything:
		return b
	case b.kind == reqAnything:
		return a
	}
	var subs []*requirement
	for _, r := range []*requirement{a, b} {
		if r.kind == reqAll {
			subs = append(subs, r.subs...)
		} else {
			subs = append(subs, r)
		}
	}
	return &requirement{kind: reqAll, subs: subs}
}

func anyOf(rs []*requirement) *requirement {
	var subs []*requirement
	for _, r := range rs {
		switch r.kind {
		case reqAnything:
			return anything
		case reqAny:
			subs = append(subs, r.subs...)
		default:
			subs = append(subs, r)
		}
	}
	switch len(subs) {
	case 0:
		return anything // an expression that matches nothing: never filtered
	case 1:
		return subs[0]
	}
	return &requirement{kind: reqAny, subs: subs}
}

// minLiteral is the shortest literal worth filtering on, in bytes: shorter ones are in most
// texts, and are read as anything.
const minLiteral = 3

// literalOf is the requirement that a text hold s.
func literalOf(s string) *requirement {
	if len(s) < minLiteral {
		return anything
	}
	return &requirement{kind: reqLiteral, lit: s}
}

// anyString is the requirement that a text hold one of the strings.
func anyString(set []string) *requirement {
	rs := make([]*requirement, len(set))
	for i, s := range set {
		rs[i] = literalOf(s)
	}
	return anyOf(rs)
}

// maxExact bounds the sets of exact strings followed through an expression (the cross product
// of a concatenation grows fast).
const maxExact = 16

// A reqInfo is what an expression says about the texts it matches: the exact strings it
// matches, when they are few (exact is non-nil), or else a requirement.
type reqInfo struct {
	exact []string
	req   *requirement
}

func (i reqInfo) requirement() *requirement {
	if i.exact != nil {
		return anyString(i.exact)
	}
	return i.req
}

func exactly(set ...string) reqInfo {
	if len(set) == 0 {
		return reqInfo{req: anything}
	}
	slices.Sort(set)
	return reqInfo{exact: slices.Compact(set)}
}

// marker stands, in the expression the requirement is derived from, for a Unicode class
// (\p{L}): parsing the classes themselves costs most of the parse, and a class is never a
// literal. Any class holding the marker is read as anything; a text that holds it is never
// filtered.
const (
	marker      = '\U0010FFFD'
	markerRange = `\x{10FFFC}-\x{10FFFD}`
)

// requirementOf derives the requirement of a pattern written for [regexp.Compile]. A pattern
// that does not parse requires nothing (regexp reports it where it is compiled).
func requirementOf(pattern string) *requirement {
	re, err := syntax.Parse(withoutUnicodeClasses(pattern), syntax.Perl)
	if err != nil {
		return anything
	}
	return newAnalysis().info(re).requirement()
}

// withoutUnicodeClasses writes each Unicode class escape (\pL, \p{Greek}, \PN) of a pattern
// as a range holding the marker: in a bracketed class as the range, elsewhere as a class of it.
func withoutUnicodeClasses(pattern string) string {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		switch {
		case c == '\\' && i+1 < len(pattern):
			if p := pattern[i+1]; p == 'p' || p == 'P' {
				end := i + 2
				if end < len(pattern) && pattern[end] == '{' {
					if close := strings.IndexByte(pattern[end:], '}'); close >= 0 {
						end += close + 1
					}
				} else if end < len(pattern) {
					end++
				}
				if inClass {
					b.WriteString(markerRange)
				} else {
					b.WriteString("[" + markerRange + "]")
				}
				i = end - 1
				continue
			}
			b.WriteString(pattern[i : i+2])
			i++
		case c == '[' && !inClass:
			inClass = true
			b.WriteByte(c)
			// A ']' first in a class (after '^') is a literal one.
			if i+1 < len(pattern) && pattern[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
			if i+1 < len(pattern) && pattern[i+1] == ']' {
				b.WriteByte(']')
				i++
			}
		case c == '[' && inClass && i+1 < len(pattern) && pattern[i+1] == ':':
			// A POSIX class ([:alpha:]) inside a bracketed one.
			if close := strings.Index(pattern[i:], ":]"); close >= 0 {
				b.WriteString(pattern[i : i+close+2])
				i += close + 1
				continue
			}
			b.WriteByte(c)
		case c == ']' && inClass:
			inClass = false
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// infoOf derives what a parsed expression says about the texts it matches.
// An analysis derives requirements and leading literals from parsed expressions, remembering
// what it derived for each node: the leading literals of a sequence ask again about its parts.
type analysis struct {
	infos map[*syntax.Regexp]reqInfo
	// blanks reads white space as exactly one space ([analysis.blank]): literals then run on
	// through "\s+" ("i am god", not "god"), which tells an expression's branches apart but
	// grows a word filter of thousands of words by half, so the phrase groups go without.
	blanks bool
}

func newAnalysis() *analysis { return &analysis{infos: map[*syntax.Regexp]reqInfo{}} }

// info is [analysis.infoOf], remembered.
func (a *analysis) info(re *syntax.Regexp) reqInfo {
	if i, ok := a.infos[re]; ok {
		return i
	}
	i := a.infoOf(re)
	a.infos[re] = i
	return i
}

func (a *analysis) infoOf(re *syntax.Regexp) reqInfo {
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return exactly("")
	case syntax.OpLiteral:
		return exactly(canonicalString(re.Rune))
	case syntax.OpCharClass:
		n := 0
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			if lo <= marker && marker <= hi {
				return reqInfo{req: anything}
			}
			if n += int(hi-lo) + 1; n > maxExact {
				return reqInfo{req: anything}
			}
		}
		var set []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				set = append(set, canonicalString([]rune{r}))
			}
		}
		if len(set) == 0 {
			return reqInfo{req: anything}
		}
		return exactly(set...)
	case syntax.OpCapture:
		return a.info(re.Sub[0])
	case syntax.OpQuest:
		sub := a.info(re.Sub[0])
		if sub.exact != nil && len(sub.exact) < maxExact {
			return exactly(append([]string{""}, sub.exact...)...)
		}
		return reqInfo{req: anything}
	case syntax.OpStar:
		if a.blank(re.Sub[0]) {
			return exactly("", " ")
		}
		return reqInfo{req: anything}
	case syntax.OpPlus:
		if a.blank(re.Sub[0]) {
			return exactly(" ")
		}
		return reqInfo{req: a.info(re.Sub[0]).requirement()}
	case syntax.OpRepeat:
		if a.blank(re.Sub[0]) {
			if re.Min == 0 {
				return exactly("", " ")
			}
			return exactly(" ")
		}
		if re.Min == 0 {
			return reqInfo{req: anything}
		}
		return reqInfo{req: a.info(re.Sub[0]).requirement()}
	case syntax.OpConcat:
		// cur is the exact strings of the expressions since the last one that has none; acc
		// what the expressions before require.
		acc := anything
		cur := []string{""}
		exact := true
		for _, s := range re.Sub {
			sub := a.info(s)
			if sub.exact == nil {
				acc = allOf(allOf(acc, anyString(cur)), sub.req)
				cur, exact = []string{""}, false
				continue
			}
			if len(cur)*len(sub.exact) > maxExact {
				acc = allOf(acc, anyString(cur))
				cur, exact = sub.exact, false
				continue
			}
			next := make([]string, 0, len(cur)*len(sub.exact))
			for _, a := range cur {
				for _, b := range sub.exact {
					next = append(next, oneSpace(a+b))
				}
			}
			cur = next
		}
		if exact {
			return exactly(cur...)
		}
		return reqInfo{req: allOf(acc, anyString(cur))}
	case syntax.OpAlternate:
		var set []string
		exact := true
		for _, s := range re.Sub {
			sub := a.info(s)
			if sub.exact == nil || len(set)+len(sub.exact) > maxExact {
				exact = false
				break
			}
			set = append(set, sub.exact...)
		}
		if exact {
			return exactly(set...)
		}
		rs := make([]*requirement, len(re.Sub))
		for i, s := range re.Sub {
			rs[i] = a.info(s).requirement()
		}
		return reqInfo{req: anyOf(rs)}
	}
	// Any character, a star, no match: nothing is required.
	return reqInfo{req: anything}
}

// blank reports an expression that matches white space only (\s, [ \t]): a run of it reads as
// one space, as the word filter reads text, so "\s+" is exactly a space and "\s*" a space or
// nothing.
func (a *analysis) blank(re *syntax.Regexp) bool {
	if !a.blanks {
		return false
	}
	info := a.info(re)
	return len(info.exact) == 1 && info.exact[0] == " "
}

// canonicalRune is the one rune a case-insensitive match reads for r and every rune that
// folds to it (k, K and the Kelvin sign read k): the lowest of its fold orbit, ASCII letters
// in lower case, as the word filter reads them.
func canonicalRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		return r
	}
	low := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		low = min(low, f)
	}
	if 'A' <= low && low <= 'Z' {
		low += 'a' - 'A'
	}
	return low
}

// canonicalString writes runes in canonical case, a run of white space as one space.
func canonicalString(runes []rune) string {
	var b strings.Builder
	space := false
	for _, r := range runes {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v' {
			if !space {
				b.WriteByte(' ')
			}
			space = true
			continue
		}
		space = false
		b.WriteRune(canonicalRune(r))
	}
	return b.String()
}

// oneSpace writes a run of spaces in s as one, as the word filter reads text: two strings
// joined may each end and start with one.
func oneSpace(s string) string {
	if !strings.Contains(s, "  ") {
		return s
	}
	for strings.Contains(s, "  ") {
		s = strings.ReplaceAll(s, "  ", " ")
	}
	return s
}

// canonicalText is text in canonical case for the word filter, which folds ASCII itself: only
// text with other letters is written anew. same reports that every rune kept its length, so
// that offsets into the result are offsets into text.
func canonicalText(text string, buf []byte) (out []byte, same bool) {
	buf, same = buf[:0], true
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			buf = append(buf, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		n := len(buf)
		buf = utf8.AppendRune(buf, canonicalRune(r))
		same = same && len(buf)-n == size
		i += size
	}
	return buf, same
}

// A phraseGroup is phrases whose prefilter is built together, on the first check of one of
// them, and whose literals are found in a text by one pass: the lint's own phrases, and each
// language's. Parsing a language's expressions takes tens of milliseconds, which a text never
// read as that language should not pay.
type phraseGroup struct {
	index   int // in phraseGroups
	phrases []*phrase
	once    sync.Once
	filter  *wordFilter
	lead    []bool // the filter's ids that some phrase leads with
}

var (
	// phraseGroups are the registry's phrases, then each language's.
	phraseGroups []*phraseGroup
	// groupPhrases gives each phrase its group, once, on the first check of any.
	groupPhrases func()
	// prefilterOff runs every phrase's expression on every text, for the differential test.
	prefilterOff bool
)

// registryWords is [phraseWords], set in init: the registry refers to the phrases' check.
var registryWords func() []string

// The registry and the languages refer to the phrases' check; the groups are made from them, so
// the function that makes them is set here rather than in an initialiser.
func init() {
	registryWords = phraseWords
	groupPhrases = sync.OnceFunc(func() {
		registry := &phraseGroup{}
		registryPhrases()
		for _, r := range lintRegistry {
			for i := range r.phrases {
				registry.phrases = append(registry.phrases, &r.phrases[i])
			}
		}
		phraseGroups = append(phraseGroups, registry)
		languagePhrases()
		for _, lang := range languages {
			g := &phraseGroup{index: len(phraseGroups)}
			for i := range lang.phrases {
				g.phrases = append(g.phrases, &lang.phrases[i].phrase)
			}
			phraseGroups = append(phraseGroups, g)
		}
		for _, g := range phraseGroups {
			for _, p := range g.phrases {
				p.group = g
			}
		}
	})
}

// build derives each phrase's requirement and leading literals, and the group's word filter.
func (g *phraseGroup) build() {
	var literals []string
	var leads [][]string
	a := newAnalysis()
	for _, p := range g.phrases {
		p.need = anything
		re, err := syntax.Parse(withoutUnicodeClasses(p.re.String()), syntax.Perl)
		if err != nil {
			leads = append(leads, nil)
			continue
		}
		p.need = a.info(re).requirement()
		literals = literalsOf(p.need, literals)
		lits, slack, ok := a.leadingOf([]*syntax.Regexp{re}, 0, 2)
		if !ok || len(lits) > maxLeading {
			leads = append(leads, nil)
			// A plan's branches compile on their own, so they are the expression as written:
			// one with Unicode classes, whose parse costs tens of milliseconds, has none.
			if written := p.re.String(); written == withoutUnicodeClasses(written) {
				if p.plan = newStartPlan(a, re); p.plan != nil {
					literals = p.plan.literals(literals)
				}
			}
			if p.plan == nil {
				p.branches = &phraseBranches{pattern: p.re.String()}
			}
			continue
		}
		literals = append(literals, lits...)
		leads = append(leads, lits)
		p.lead = &leadingLiterals{slack: slack, anchored: lazyregexp.New(fmt.Sprintf(`^(?s:.){0,%d}(?:%s)`, slack+1, p.re.String())),
			// The same starts, as a plan of the whole expression, find its matches exactly.
			plan: &startPlan{branches: []branchStarts{{need: anything, lead: lits, slack: slack}}, whole: p.re.String()}}
	}
	if g.index == 0 {
		// The registry's group is the phrase filter too ([buildPhraseTables]).
		literals = append(literals, registryWords()...)
	}
	g.filter = newWordFilter(literals)
	g.lead = make([]bool, len(g.filter.ids))
	for i, p := range g.phrases {
		resolveRequirement(p.need, g.filter)
		if p.plan != nil {
			p.plan.resolve(g.filter, g.lead)
		}
		if p.lead == nil {
			continue
		}
		p.lead.plan.resolve(g.filter, g.lead)
		p.lead.ids = make(foundWords, (len(g.filter.ids)+63)/64)
		for _, w := range leads[i] {
			id := g.filter.ids[w]
			g.lead[id] = true
			p.lead.ids[id/64] |= 1 << (id % 64)
		}
	}
}

// A requiredScan is the canonical reading of one text and each phrase group's literals found
// in it, kept for the phrases and expressions checked after the first on the same text.
type requiredScan struct {
	text  string
	done  bool
	all   bool   // the text holds the marker: every expression is run
	canon string // the text in canonical case ([canonicalText])
	// placed is false when the canonical reading moved offsets, so that offsets into it are not
	// offsets into the text.
	placed bool
	groups []groupScan // by phrase group
	buf    []byte
	// exprFound and exprHits are an expression's own, reused from one to the next.
	exprFound foundWords
	exprHits  []wordHit
	runs      blankRuns
}

// placeAtOnce is the length from which a text's leading literals are placed in the pass that
// finds its literals, not in one of their own when a phrase first needs them.
const placeAtOnce = 2 << 10

// A groupScan is one phrase group's literals found in the text.
type groupScan struct {
	scanned bool
	found   foundWords
	placed  bool      // hits holds the text's leading literals
	hits    []wordHit // where the leading literals end in canon, in order
	// ended says last holds, by word of the filter, where its last place in canon ends (0: not
	// found); read on first need, by a phrase tried at its leading literals.
	ended bool
	last  []int32
}

// A wordHit is where a word of a filter ends in a text (the offset past its last byte).
type wordHit struct {
	end int
	id  int
}

// reading returns the canonical reading of the view's text, read once per text.
func (l *linter) reading(v *textView) *requiredScan {
	s := &l.required
	if s.done && s.text == v.folded {
		return s
	}
	s.text, s.done, s.all, s.placed, s.canon = v.folded, true, false, true, v.folded
	for i := range s.groups {
		s.groups[i].scanned, s.groups[i].ended = false, false
	}
	if !v.ascii {
		if strings.ContainsRune(v.folded, marker) {
			s.all = true
		} else {
			s.buf, s.placed = canonicalText(v.folded, s.buf)
			s.canon = string(s.buf)
		}
	}
	return s
}

// mayMatch reports whether the phrase's expression may match in the view's text: false only
// when it cannot. A text that lacks what the expression requires is not matched at all; one
// that holds it is matched where a match can start, at the expression's leading literals, when
// they are few, and else in full.
func (l *linter) mayMatch(p *phrase, v *textView) bool {
	if prefilterOff {
		return p.re.MatchString(v.folded)
	}
	groupPhrases()
	g := p.group
	if g == nil {
		return p.re.MatchString(v.folded) // a phrase of neither the registry nor a language
	}
	g.once.Do(g.build)
	s := l.reading(v)
	if s.all {
		return p.re.MatchString(v.folded)
	}
	for len(s.groups) <= g.index {
		s.groups = append(s.groups, groupScan{})
	}
	gs := &s.groups[g.index]
	if !gs.scanned && g.index == 0 && v.ascii {
		// The registry's group filter is the phrase filter, and an ASCII text is its canonical
		// reading: the view's words are the group's, and a long view's leading literals too.
		gs.found = append(gs.found[:0], v.words...)
		gs.scanned, gs.placed = true, v.placed
		if v.placed {
			gs.hits = append(gs.hits[:0], v.hits...)
		}
	}
	if !gs.scanned {
		// Where the leading literals end is asked only once a phrase's requirement is met (297
		// of the 17,965 texts the registry's group reads in the 10,000-tool benchmark catalog),
		// and the leading literals are short and frequent ("th", "or", "in"): in a short text
		// they are placed in a pass of their own, on first need. A long one (a piece of a
		// tool's result) meets some requirement more often than not, and is read once.
		if len(s.canon) >= placeAtOnce {
			gs.found, gs.hits = scanRequired(g.filter, g.lead, s.canon, gs.found, gs.hits)
			gs.scanned, gs.placed = true, true
		} else {
			gs.found, _ = scanRequired(g.filter, nil, s.canon, gs.found, nil)
			gs.scanned, gs.placed = true, false
		}
	}
	if !p.need.met(gs.found) {
		return false
	}
	if !s.placed {
		return p.re.MatchString(v.folded)
	}
	if !gs.placed {
		gs.found, gs.hits = scanRequired(g.filter, g.lead, s.canon, gs.found, gs.hits) // the same words, now placed
		gs.placed = true
	}
	if p.lead == nil {
		if p.plan != nil {
			if starts, ok := p.plan.starts(g.filter, gs.found, gs.hits, v.folded); ok {
				return len(p.plan.findAll(v.folded, starts, 1)) > 0
			}
		}
		if p.branches != nil {
			if pb := p.branches.get(); pb.branches != nil {
				return pb.mayMatch(v.folded, s.canon)
			}
		}
		return p.re.MatchString(v.folded)
	}
	if !gs.ended {
		gs.last = lastEnds(g.filter, s.canon, gs.last)
		gs.ended = true
	}
	return p.lead.matches(p.re, g.filter, v.folded, gs.hits, p.need, gs.last)
}

// phraseMatches is p.re.FindAllStringSubmatchIndex(v.folded, n) for a phrase that [linter.mayMatch]
// found may match in v, tried only where its plan says a match can start; ok is false when it
// cannot tell (no plan, the text's reading moved offsets, or so many starts that the whole text
// is searched for less). A search of a whole 4 KB piece with a phrase of many Unicode classes
// costs milliseconds, its tries at a few starts microseconds.
func (l *linter) phraseMatches(p *phrase, v *textView, n int) (matches [][]int, ok bool) {
	if prefilterOff || p.group == nil {
		return nil, false
	}
	s := l.reading(v)
	if s.all || !s.placed || p.group.index >= len(s.groups) {
		return nil, false
	}
	gs := &s.groups[p.group.index]
	if !gs.scanned || !gs.placed {
		return nil, false
	}
	plan, f, found, hits, searched := p.plan, p.group.filter, gs.found, gs.hits, uint64(0)
	switch {
	case p.lead != nil:
		plan = p.lead.plan
	case plan == nil && p.branches != nil:
		// The branches' literals are their own filter's, read again: only a text some branch
		// may match in gets here.
		pb := p.branches.get()
		if pb.plan == nil {
			return nil, false
		}
		plan, f = pb.plan, pb.filter
		found, hits = scanRequired(f, pb.leadWord, s.canon, nil, nil)
		searched = plan.searchedIn(found)
	}
	if plan == nil {
		return nil, false
	}
	starts, ok := plan.starts(f, found, hits, v.folded)
	if !ok {
		return nil, false
	}
	if matches, ok = plan.findAllWith(v.folded, starts, searched, n); !ok {
		return nil, false
	}
	// A choice of some branches numbers its groups from its first: its matches are the
	// expression's only when the branches left out have none.
	groups := 2 * (p.re.NumSubexp() + 1)
	for _, m := range matches {
		if len(m) != groups {
			return nil, false
		}
	}
	return matches, true
}

// An exprFilter is the prefilter of an expression a rule matches itself, not as a phrase: its
// requirement and leading literals, over a word filter of its own.
type exprFilter struct {
	need     *requirement
	filter   *wordFilter
	leadWord []bool
	// plan says where a match may start, branch by branch ([startPlan]); nil when the
	// expression is searched in full wherever its literals are found.
	plan *startPlan
}

// exprFilters holds each expression's filter, built on its first use.
var exprFilters sync.Map // *lazyregexp.Regexp → *exprFilter

func filterOf(re *lazyregexp.Regexp) *exprFilter {
	if ef, ok := exprFilters.Load(re); ok {
		return ef.(*exprFilter)
	}
	ef := &exprFilter{need: anything}
	var lits []string
	pattern := withoutUnicodeClasses(re.String())
	if parsed, err := syntax.Parse(pattern, syntax.Perl); err == nil {
		a := newAnalysis()
		a.blanks = true
		ef.need = a.info(parsed).requirement()
		lits = literalsOf(ef.need, nil)
		// A plan's branches compile on their own, so they are the expression as written: one
		// with Unicode classes, whose parse costs tens of milliseconds, is planned whole, where
		// every match starts at one of its leading literals.
		if pattern == re.String() {
			ef.plan = newStartPlan(a, parsed)
		} else if l, slack, ok := a.leadingOf([]*syntax.Regexp{parsed}, 0, 2); ok && len(l) <= maxLeading {
			ef.plan = &startPlan{branches: []branchStarts{{need: anything, lead: l, slack: slack}}, whole: re.String()}
		}
		if ef.plan != nil {
			lits = ef.plan.literals(lits)
		}
	}
	ef.filter = newWordFilter(lits)
	resolveRequirement(ef.need, ef.filter)
	ef.leadWord = make([]bool, len(ef.filter.ids))
	if ef.plan != nil {
		ef.plan.resolve(ef.filter, ef.leadWord)
	}
	got, _ := exprFilters.LoadOrStore(re, ef)
	return got.(*exprFilter)
}

// findAll is re.FindAllStringSubmatchIndex(v.folded, n), for a rule's own expression: it is not
// run on a text that cannot hold a match, and where the places a match can start are few it is
// matched only there.
func (l *linter) findAll(re *lazyregexp.Regexp, v *textView, n int) [][]int {
	if prefilterOff {
		return re.FindAllStringSubmatchIndex(v.folded, n)
	}
	ef := filterOf(re)
	s := l.reading(v)
	if s.all {
		return re.FindAllStringSubmatchIndex(v.folded, n)
	}
	s.exprFound, s.exprHits = scanRequired(ef.filter, ef.leadWord, s.canon, s.exprFound, s.exprHits)
	return ef.findAll(re, v.folded, s.canon, s.placed, s.exprFound, s.exprHits, n, &s.runs)
}

// findAll is re.FindAllStringSubmatchIndex(text, n) once the filter's words are found in text
// (placed: at the offsets they have in text): nothing when the text lacks what the expression
// needs, the matches at the places a match can start when those are few, else a search of the
// whole text.
//
// canon is the canonical text the words were found in, at text's offsets when placed; runs, when
// given, keeps the longest run of blanks of the last text from call to call.
func (ef *exprFilter) findAll(re *lazyregexp.Regexp, text, canon string, placed bool, found foundWords, hits []wordHit, n int, runs *blankRuns) [][]int {
	if !ef.need.met(found) {
		return nil
	}
	if ef.plan == nil || !placed {
		return re.FindAllStringSubmatchIndex(text, n)
	}
	starts, ok := ef.plan.starts(ef.filter, found, hits, text)
	if !ok {
		return re.FindAllStringSubmatchIndex(text, n)
	}
	return ef.plan.findAllNear(&nearText{f: ef.filter, text: text, canon: canon, run: -1, runs: runs}, text, starts, n)
}

// findAllIndex is re.FindAllStringIndex(v.folded, n), as [linter.findAll] is.
func (l *linter) findAllIndex(re *lazyregexp.Regexp, v *textView, n int) [][]int {
	all := l.findAll(re, v, n)
	for i, m := range all {
		all[i] = m[:2]
	}
	return all
}

// matchString is re.MatchString(v.folded), as [linter.findAll] is.
func (l *linter) matchString(re *lazyregexp.Regexp, v *textView) bool {
	return len(l.findAll(re, v, 1)) > 0
}

// literalsOf appends the literals of a requirement.
func literalsOf(r *requirement, out []string) []string {
	if r.kind == reqLiteral {
		out = append(out, r.lit)
	}
	for _, s := range r.subs {
		out = literalsOf(s, out)
	}
	return out
}

// resolveRequirement gives a requirement's literals their ids in f.
func resolveRequirement(r *requirement, f *wordFilter) {
	if r.kind == reqLiteral {
		r.id = f.ids[r.lit]
	}
	for _, s := range r.subs {
		resolveRequirement(s, f)
	}
	if r.kind != reqAny && r.kind != reqAll {
		return
	}
	r.litWords, r.rest = r.litWords[:0], r.rest[:0]
	for _, s := range r.subs {
		if s.kind != reqLiteral {
			r.rest = append(r.rest, s)
			continue
		}
		i := slices.IndexFunc(r.litWords, func(w maskWord) bool { return w.at == s.id/64 })
		if i < 0 {
			i = len(r.litWords)
			r.litWords = append(r.litWords, maskWord{at: s.id / 64})
		}
		r.litWords[i].bits |= 1 << (s.id % 64)
	}
	r.packed = true
}

// A phrase's leadingLiterals are literals one of which every match of its expression starts
// with, at most slack runes after the match's start ("\b(?:ignore|disregard)…" starts with one
// of its verbs; a vocabulary's word may follow the one character that ends the word before it).
type leadingLiterals struct {
	ids   foundWords // the literals' ids in their filter
	slack int
	// anchored is the expression matched from the start of a text, after at most slack+1 runes:
	// from one rune before a possible start, so that a boundary there reads the rune before it.
	anchored *lazyregexp.Regexp
	// plan is the literals as the starts of the whole expression, which finds its matches
	// ([linter.phraseMatches]) once [leadingLiterals.matches] says there may be one.
	plan *startPlan
}

// maxLeading bounds the leading literals of an expression, and leadingShare the candidate starts
// per byte of text past which the expression is matched in full instead (a start is tried in
// far less than the bytes a full match reads for it).
const (
	maxLeading   = 256
	leadingShare = 32
)

// matches reports whether re may match in text, trying it at each place one of its leading
// literals is found (hits, of filter f). A match found there may be one the whole text does not
// have (the anchored expression reads its text's start as a start), never the other way round.
//
// With last (where each word of f last ends in text, by [lastEnds]; nil: not known), a place is
// not tried when need, what every match holds, cannot be met by words ending after the place: a
// phrase that leads with a common verb ("reads", "sends") and needs a secret's name after it is
// tried at the verbs before the last such name only, each try costing tens of microseconds.
func (ll *leadingLiterals) matches(re *lazyregexp.Regexp, f *wordFilter, text string, hits []wordHit, need *requirement, last []int32) bool {
	var starts []int
	for _, h := range hits {
		if ll.ids[h.id/64]&(1<<(h.id%64)) == 0 {
			continue
		}
		start := h.end - len(f.words[h.id])
		if n := len(starts); n > 0 && starts[n-1] == start {
			continue
		}
		starts = append(starts, start)
		if len(starts)*leadingShare > len(text)+leadingShare {
			return re.MatchString(text)
		}
	}
	for _, start := range starts {
		from := start
		for range ll.slack + 1 {
			if from == 0 {
				break
			}
			_, size := utf8.DecodeLastRuneInString(text[:from])
			from -= size
		}
		if last != nil && !need.metAfter(last, from) {
			continue
		}
		if ll.anchored.MatchString(text[from:]) {
			return true
		}
	}
	return false
}

// scanRequired finds the filter's words in text, and, for the ids leadWord marks (nil: none),
// where each of those leading literals ends.
//
// A text from splitScan bytes on is read as two halves at once: the scan's chain of loads
// through the table is one per byte, and two chains that do not wait on each other keep the
// processor busy where one leaves it waiting. The second half's reading starts splitOverlap
// bytes early, from the root; its state at the half is then the first reading's (a word ending
// there is at most that long) unless a longer word spans it, which is checked: where they
// differ, the first reading reads on alone. Every word the second one finds is in the text, so
// what it found stands either way.
func scanRequired[T string | []byte](f *wordFilter, leadWord []bool, text T, found foundWords, hits []wordHit) (foundWords, []wordHit) {
	// found's storage is reused when it is large enough, whatever filter it last answered for.
	if size := (len(f.ids) + 63) / 64; cap(found) >= size {
		found = found[:size]
		clear(found)
	} else {
		found = make(foundWords, size)
	}
	hits = hits[:0]
	// The text is read as if a space came before it, so that a word written with a space in
	// front (" les ") is found at the start too.
	st := f.moves[f.class[' ']] >> 1
	if len(text) < splitScan {
		_, hits = scanSpan(f, leadWord, text, 0, len(text), st, found, hits)
		return found, hits
	}
	moves, class := f.moves, &f.class
	mid := len(text) / 2
	second := int32(0)
	for i := mid - splitOverlap; i < mid; i++ {
		second = moves[second+int32(class[text[i]])] >> 1
	}
	atMid := second
	// The leading literals the second half's reading finds, written after the first's (with no
	// leadWord, neither reading finds any).
	var tail []wordHit
	if leadWord != nil {
		kept := secondHits.Get().(*[]wordHit)
		tail = (*kept)[:0]
		defer func() { *kept = tail[:0]; secondHits.Put(kept) }()
	}
	var firstEnds, secondEnds [scanBlock]endAt
	for from := 0; from < mid; from += scanBlock {
		to := min(from+scanBlock, mid)
		n1, n2 := 0, 0
		for i := from; i < to; i++ {
			v1 := moves[st+int32(class[text[i]])]
			v2 := moves[second+int32(class[text[mid+i]])]
			st, second = v1>>1, v2>>1
			// Written at every byte and kept where a word ends: no branch to mispredict,
			// where words end every few bytes of prose.
			firstEnds[n1&(scanBlock-1)] = endAt{st, int32(i + 1)}
			n1 += int(v1 & 1)
			secondEnds[n2&(scanBlock-1)] = endAt{second, int32(mid + i + 1)}
			n2 += int(v2 & 1)
		}
		hits = f.record(firstEnds[:n1], leadWord, found, hits)
		tail = f.record(secondEnds[:n2], leadWord, found, tail)
	}
	if st != atMid {
		_, hits = scanSpan(f, leadWord, text, mid, len(text), st, found, hits)
		return found, hits
	}
	_, tail = scanSpan(f, leadWord, text, 2*mid, len(text), second, found, tail)
	return found, append(hits, tail...)
}

const (
	// scanBlock is how many bytes a scan reads before it reads the words ended in them.
	scanBlock = 64
	// splitScan is the length from which a scan reads a text's two halves at once.
	splitScan = 256
	// splitOverlap is how many bytes before the half the second half's reading starts.
	splitOverlap = 32
)

// An endAt is a place where a scan's state had words ending: the state's row in moves, and the
// offset past the byte that entered it.
type endAt struct{ row, end int32 }

// secondHits holds the leading literals the second half's reading finds, until the first's
// are all written.
var secondHits = sync.Pool{New: func() any { return new([]wordHit) }}

// scanSpan reads text[from:to] from state st, setting the words found and appending the
// places of leading ones; it returns the state it ends in.
func scanSpan[T string | []byte](f *wordFilter, leadWord []bool, text T, from, to int, st int32, found foundWords, hits []wordHit) (int32, []wordHit) {
	moves, class := f.moves, &f.class
	var ends [scanBlock]endAt
	for from < to {
		end := min(from+scanBlock, to)
		n := 0
		for i := from; i < end; i++ {
			v := moves[st+int32(class[text[i]])]
			st = v >> 1
			ends[n&(scanBlock-1)] = endAt{st, int32(i + 1)}
			n += int(v & 1)
		}
		hits = f.record(ends[:n], leadWord, found, hits)
		from = end
	}
	return st, hits
}

// record sets the words that end at each of ends in found, and appends the places of those
// leadWord marks to hits.
func (f *wordFilter) record(ends []endAt, leadWord []bool, found foundWords, hits []wordHit) []wordHit {
	for _, e := range ends {
		k := f.moves[e.row+f.width-1]
		for _, id := range f.ends[k+1 : k+1+f.ends[k]] {
			found[id/64] |= 1 << (id % 64)
			if leadWord != nil && leadWord[id] {
				hits = append(hits, wordHit{end: int(e.end), id: int(id)})
			}
		}
	}
	return hits
}

// leadingOf finds literals one of which every match of the expressions subs, in sequence,
// starts with, at most slack runes (plus those it adds) after the match's start; ok is false when
// there are none to tell (the expressions may match the empty string, or start with a class).
//
// A literal is at least minLen bytes long (a single mark, such as "<", is long enough at 2):
// shorter ones start too many places to try, but a literal may be short where it is joined to
// the ones before it.
func (a *analysis) leadingOf(subs []*syntax.Regexp, slack, minLen int) (lits []string, atMost int, ok bool) {
	for i, e := range subs {
		if zeroWidth(e) {
			continue
		}
		if lits, ok := a.exactLeading(subs[i:], minLen); ok {
			return lits, slack, true
		}
		if oneRuneOrNone(e) {
			if slack++; slack > maxSlack {
				return nil, 0, false
			}
			continue
		}
		lits, atMost, ok := a.leading(e, slack, minLen)
		if !ok {
			return nil, 0, false
		}
		if mayBeEmpty(e) {
			rest, restMost, ok := a.leadingOf(subs[i+1:], slack, minLen)
			if !ok {
				return nil, 0, false
			}
			return union(lits, rest), max(atMost, restMost), true
		}
		return lits, atMost, true
	}
	return nil, 0, false
}

// markBytes are the marks a leading literal may be alone: rare in prose, unlike a letter.
const markBytes = "<>[]{}|#=$`\\@"

// maxSlack bounds the runes a match may start before its leading literal.
const maxSlack = 2

// leading is [leadingOf] for one expression that is not matched by exact strings.
func (a *analysis) leading(e *syntax.Regexp, slack, minLen int) ([]string, int, bool) {
	switch e.Op {
	case syntax.OpCapture, syntax.OpPlus, syntax.OpQuest, syntax.OpStar:
		// A repetition that matches something starts as its first; one that may match nothing
		// is joined to what follows by the caller.
		return a.leadingOf(e.Sub[:1], slack, minLen)
	case syntax.OpRepeat:
		return a.leadingOf(e.Sub[:1], slack, minLen)
	case syntax.OpConcat:
		return a.leadingOf(e.Sub, slack, minLen)
	case syntax.OpAlternate:
		var all []string
		most := slack
		for _, b := range e.Sub {
			lits, m, ok := a.leadingOf([]*syntax.Regexp{b}, slack, minLen)
			if !ok {
				return nil, 0, false
			}
			all, most = union(all, lits), max(most, m)
		}
		return all, most, true
	}
	return nil, 0, false
}

// exactLeading joins the exact strings of the first expressions of subs while they are few, then
// the leading literals of the rest when those start a match (no slack), and returns each cut at
// its first space when all are then at least two bytes long.
func (a *analysis) exactLeading(subs []*syntax.Regexp, minLen int) ([]string, bool) {
	acc := []string{""}
	stop := len(subs)
	for i, s := range subs {
		info := a.info(s)
		if info.exact == nil || len(acc)*len(info.exact) > maxExact {
			stop = i
			break
		}
		acc = joined(acc, info.exact)
	}
	if lits, ok := cutLeading(acc, minLen); ok {
		return lits, true
	}
	if stop == 0 || stop == len(subs) || slices.ContainsFunc(acc, func(s string) bool { return strings.Contains(s, " ") }) {
		return nil, false
	}
	rest, slack, ok := a.leadingOf(subs[stop:], 0, 1)
	if !ok || slack != 0 || len(acc)*len(rest) > maxLeading {
		return nil, false
	}
	return cutLeading(joined(acc, rest), minLen)
}

// joined is every string of a followed by one of b.
func joined(a, b []string) []string {
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, oneSpace(x+y))
		}
	}
	return out
}

// cutLeading cuts each string at its first space, when all are then at least minLen bytes long
// (or, at 2, a mark).
func cutLeading(set []string, minLen int) ([]string, bool) {
	var out []string
	for _, s := range set {
		if i := strings.IndexByte(s, ' '); i >= 0 {
			s = s[:i]
		}
		if len(s) < minLen && !(minLen == 2 && len(s) == 1 && strings.ContainsAny(s, markBytes)) || s == "" {
			return nil, false
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return slices.Compact(out), true
}

// zeroWidth reports an expression that matches only the empty string.
func zeroWidth(e *syntax.Regexp) bool {
	switch e.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return true
	case syntax.OpCapture:
		return zeroWidth(e.Sub[0])
	}
	return false
}

// oneRuneOrNone reports an expression that matches one rune or the empty string: a class, or a
// choice of classes and empty matches ("(?:^|[^\p{L}]|\b)").
func oneRuneOrNone(e *syntax.Regexp) bool {
	switch e.Op {
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return true
	case syntax.OpLiteral:
		return len(e.Rune) == 1
	case syntax.OpCapture, syntax.OpQuest:
		return oneRuneOrNone(e.Sub[0]) || zeroWidth(e.Sub[0])
	case syntax.OpAlternate:
		for _, b := range e.Sub {
			if !oneRuneOrNone(b) && !zeroWidth(b) {
				return false
			}
		}
		return true
	}
	return false
}

// mayBeEmpty reports an expression that may match the empty string (true when unsure).
func mayBeEmpty(e *syntax.Regexp) bool {
	switch e.Op {
	case syntax.OpLiteral, syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return false
	case syntax.OpPlus, syntax.OpCapture:
		return mayBeEmpty(e.Sub[0])
	case syntax.OpRepeat:
		return e.Min == 0 || mayBeEmpty(e.Sub[0])
	case syntax.OpConcat:
		for _, s := range e.Sub {
			if !mayBeEmpty(s) {
				return false
			}
		}
		return true
	case syntax.OpAlternate:
		for _, s := range e.Sub {
			if mayBeEmpty(s) {
				return true
			}
		}
		return false
	}
	return true
}

func union(a, b []string) []string {
	out := append(append([]string(nil), a...), b...)
	slices.Sort(out)
	return slices.Compact(out)
}
