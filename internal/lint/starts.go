package lint

import (
	"fmt"
	"math/bits"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
)

// This file holds where a match of an expression can start, branch by branch of its top-level
// choice. An expression of many alternatives (the result check's role marker: fake system tags,
// chat turn markers, claimed modes, claimed authority in ten languages) has no literal that all
// its matches start with, and running it over a whole text costs every alternative at every
// byte. Each alternative on its own does say where its matches start: at one of its leading
// literals, a few runes before one, or at a rare mark ("<", "[", a line break). Those places,
// for the alternatives whose literals the text holds, are the only ones where the expression
// can match; the expression is tried anchored at each, in order, which finds exactly the
// matches a search of the whole text finds.

// A startPlan is where the matches of each branch of an expression's top-level choice start.
type startPlan struct {
	branches []branchStarts
	// branch is each branch's expression, written out on first use (writing thousands of them
	// costs more than parsing them); choices the branches of a set (a bit per branch), in
	// their order, anchored, compiled on first use.
	branch  []*syntax.Regexp
	choices sync.Map // uint64 → *anchoredExpr
	// whole, when set, is the one branch's expression as written: a plan of the whole
	// expression, for one whose Unicode classes are not parsed to be written out again.
	whole string
	// written, when set, is each branch as written (a phrase's branches, [phraseBranches]), for
	// the same reason.
	written []string
}

// A branchStarts is one branch's: it matches only in a text that meets need, and then only
// where one of its leading literals starts, or up to slack runes before; or, for a branch with
// no leading literals, only at the bytes marks holds (and at the text's start when atStart).
type branchStarts struct {
	need    *requirement
	lead    []string // the leading literals; their ids in the filter are leadIDs
	leadIDs foundWords
	slack   int
	marks   *[256]bool
	atStart bool
	// follow, for a branch that starts with a mark of one byte, is the bytes that can come
	// right after it: a start whose next byte is none of them is not tried (nil: any byte).
	// Line starts and "[" are common in prose, the branches that start there rarely go on.
	follow *[256]bool
	// after, for such a branch, is what its mark and the run of blanks after it are followed
	// by ([markRuns]); nil when that cannot be told.
	after *markRun
	// searched, for a branch of a phrase with neither, is the branch searched for in the text,
	// and after the rune before where a search resumes ([startPlan.findAllWith]); such a branch
	// needs a literal, so that it never matches the empty string.
	searched, searchedAfter *lazyregexp.Regexp
	// reach bounds the bytes a match of the branch spans ([reachOf]): a branch of bounded
	// reach and some requirement is tried at a start only when the text around it, that far,
	// meets the requirement ([startPlan.near]).
	reach reach
}

// startMarks are the bytes a branch with no leading literals may start with for its starts to
// be few: marks rare in prose, and the line break; punctuation, which is less rare, is taken too
// (a text with too many starts is searched whole).
const startMarks = markBytes + "\n"

// maxBranches bounds the branches of a plan: a set of them is a bit each in a uint64.
const maxBranches = 64

// planShare is the candidate starts per byte of text past which the expression is searched in
// full instead: a start costs a few of its branches anchored there, far less than the bytes a
// search of the whole text reads per start.
const planShare = 4

// newStartPlan derives the plan of an expression, parsed as written (so that each branch
// compiles on its own); nil when some branch starts where it cannot tell (a letter, any
// character).
func newStartPlan(a *analysis, re *syntax.Regexp) *startPlan {
	subs := []*syntax.Regexp{re}
	if re.Op == syntax.OpAlternate && len(re.Sub) <= maxBranches {
		subs = re.Sub
	}
	p := &startPlan{}
	for _, b := range subs {
		bs := branchStarts{need: a.info(b).requirement()}
		if lits, slack, ok := a.leadingOf([]*syntax.Regexp{b}, 0, 2); ok && len(lits) <= maxLeading {
			bs.lead, bs.slack = lits, slack
		} else if lits, ok := a.spacedLeading(b); ok {
			bs.lead = lits
		} else {
			var marks [256]bool
			atStart, ok := firstMarks(b, &marks)
			if !ok {
				return nil
			}
			bs.marks, bs.atStart = &marks, atStart
			bs.follow = followAfterMark(b)
			bs.after = markRuns(b)
		}
		bs.reach = reachOf(b)
		p.branches = append(p.branches, bs)
		p.branch = append(p.branch, b)
	}
	return p
}

// A reach bounds the bytes a match of an expression spans in a text: base bytes, and blanks
// times the longest run of blanks in the text ([longestBlankRun]), one for each unbounded
// repetition of blanks ("\s+") on the way; bounded is false when some other repetition is
// unbounded.
type reach struct {
	base, blanks int
	bounded      bool
}

// in is the reach in a text whose longest run of blanks is run bytes.
func (r reach) in(run int) int { return r.base + r.blanks*run }

// maxReach bounds a reach's parts: past it, reading the words around a start costs about what
// trying the start does.
const maxReach = 1 << 12

// reachOf is the reach of re as the matcher reads a text: a class holding any rune from 0x80
// counts four bytes, a case-folded literal its runes' longest folds ('k' folds to the Kelvin
// sign's three bytes).
func reachOf(re *syntax.Regexp) reach {
	var walk func(re *syntax.Regexp) (base, blanks int, ok bool)
	walk = func(re *syntax.Regexp) (int, int, bool) {
		switch re.Op {
		case syntax.OpNoMatch, syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
			syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
			return 0, 0, true
		case syntax.OpLiteral:
			n := 0
			for _, r := range re.Rune {
				most := utf8.RuneLen(r)
				if re.Flags&syntax.FoldCase != 0 {
					for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
						most = max(most, utf8.RuneLen(f))
					}
				}
				if most < 0 {
					most = utf8.UTFMax
				}
				n += most
			}
			return n, 0, true
		case syntax.OpCharClass:
			if len(re.Rune) > 0 && re.Rune[len(re.Rune)-1] >= utf8.RuneSelf {
				return utf8.UTFMax, 0, true
			}
			return 1, 0, true
		case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
			return utf8.UTFMax, 0, true
		case syntax.OpCapture, syntax.OpQuest:
			return walk(re.Sub[0])
		case syntax.OpStar, syntax.OpPlus, syntax.OpRepeat:
			if re.Op == syntax.OpRepeat && re.Max >= 0 {
				b, w, ok := walk(re.Sub[0])
				if !ok || b > maxReach || w > maxReach || re.Max > maxReach {
					return 0, 0, false
				}
				return b * re.Max, w * re.Max, b*re.Max <= maxReach && w*re.Max <= maxReach
			}
			if blankOnly(re.Sub[0]) {
				// Every match of the repetition is within one run of blanks of the text.
				return 0, 1, true
			}
			return 0, 0, false
		case syntax.OpConcat, syntax.OpAlternate:
			base, blanks := 0, 0
			for _, sub := range re.Sub {
				b, w, ok := walk(sub)
				if !ok {
					return 0, 0, false
				}
				if re.Op == syntax.OpConcat {
					base, blanks = base+b, blanks+w
				} else {
					base, blanks = max(base, b), max(blanks, w)
				}
				if base > maxReach || blanks > maxReach {
					return 0, 0, false
				}
			}
			return base, blanks, true
		}
		return 0, 0, false
	}
	base, blanks, ok := walk(re)
	return reach{base: base, blanks: blanks, bounded: ok}
}

// blankOnly reports whether every match of re is made of blanks ([isBlankByte]) alone.
func blankOnly(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			if re.Rune[i+1] >= utf8.RuneSelf {
				return false
			}
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if !isBlankByte(byte(r)) {
					return false
				}
			}
		}
		return len(re.Rune) > 0
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if r >= utf8.RuneSelf || !isBlankByte(byte(r)) {
				return false
			}
		}
		return len(re.Rune) > 0
	case syntax.OpCapture, syntax.OpQuest, syntax.OpStar, syntax.OpPlus, syntax.OpRepeat:
		return blankOnly(re.Sub[0])
	case syntax.OpConcat, syntax.OpAlternate:
		for _, sub := range re.Sub {
			if !blankOnly(sub) {
				return false
			}
		}
		return len(re.Sub) > 0
	}
	return false
}

// isBlankByte reports the bytes of Go's \s, and the vertical tab.
func isBlankByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// longestBlankRun is the longest run of blanks ([isBlankByte]) in text.
func longestBlankRun(text string) int {
	longest, run := 0, 0
	for i := 0; i < len(text); i++ {
		if isBlankByte(text[i]) {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	return longest
}

// blankRuns keeps the longest run of blanks of the last text asked: the result's rules ask
// many expressions of the same whole text.
type blankRuns struct {
	text string
	run  int
}

// of is [longestBlankRun] of text.
func (b *blankRuns) of(text string) int {
	if b == nil {
		return longestBlankRun(text)
	}
	if len(b.text) != len(text) || b.text != text {
		b.text, b.run = text, longestBlankRun(text)
	}
	return b.run
}

// A nearText is the text a plan's starts were found in, for [startPlan.near]: the filter that
// read it, the text and its canonical reading (at the text's offsets), the longest run of
// blanks in the text, where the expression runs (-1 until asked), and storage for a window's
// answer.
type nearText struct {
	f           *wordFilter
	text, canon string
	run         int
	runs        *blankRuns // the last text's run, kept by the caller from call to call
	found       foundWords
	// read is the bytes the windows have read: past nearBudget times the text, the starts
	// left are tried as they are.
	read int
}

// nearWindow bounds a window, and nearBudget the windows' reading, as a share of the text: a
// window costs its bytes where a try that fails costs the bytes its branches read before they
// fail, and a long text with long runs of blanks (a page's indentation) makes every reach long.
const (
	nearWindow = 1 << 10
	nearBudget = 2
)

// nearMargin is the bytes read on either side of where a match can lie: its literals lie in
// it, one perhaps beginning with the blank a boundary stands for.
const nearMargin = 8

// near is set without the branches of bounded reach whose requirement the text around at, as far
// as a match of theirs reaches, does not meet: no match of theirs starts at at. A README's
// "use" and the address of a link three lines down are not a fetch order's verb and address.
func (p *startPlan) near(nt *nearText, at int, set uint64) uint64 {
	// One window, as far as the farthest of the set's branches reaches, is read for all of them:
	// what it holds, a nearer one's holds too or more, so a branch it drops cannot match.
	most, any := 0, false
	for rest := set; rest != 0; rest &= rest - 1 {
		if span, ok := p.branches[bits.TrailingZeros64(rest)].span(nt); ok {
			most, any = max(most, span), true
		}
	}
	if !any || nt.read > nearBudget*len(nt.canon) {
		return set
	}
	from, to := max(0, at-utf8.UTFMax-nearMargin), min(len(nt.canon), at+most+nearMargin)
	nt.read += to - from
	nt.found, _ = scanRequired(nt.f, nil, nt.canon[from:to], nt.found, nil)
	for rest := set; rest != 0; rest &= rest - 1 {
		i := bits.TrailingZeros64(rest)
		if b := &p.branches[i]; !b.need.met(nt.found) {
			if _, ok := b.span(nt); ok {
				set &^= 1 << i
			}
		}
	}
	return set
}

// span is how far after its start a match of the branch can reach in nt's text; ok is false
// when that is not bounded, the window would pass nearWindow, or the branch needs nothing.
func (b *branchStarts) span(nt *nearText) (span int, ok bool) {
	if !b.reach.bounded || b.need.kind == reqAnything {
		return 0, false
	}
	span = b.reach.base
	if b.reach.blanks > 0 {
		if nt.run < 0 {
			nt.run = nt.runs.of(nt.text)
		}
		span = b.reach.in(nt.run)
	}
	return span, span+utf8.UTFMax+2*nearMargin <= nearWindow
}

// choice is the branches of set, in their order, anchored where a match starts.
func (p *startPlan) choice(set uint64) *anchoredExpr {
	if ae, ok := p.choices.Load(set); ok {
		return ae.(*anchoredExpr)
	}
	parts := []string{p.whole}
	if p.whole == "" {
		parts = parts[:0]
		for i := range p.branches {
			switch {
			case p.written == nil && set&(1<<i) != 0:
				parts = append(parts, p.branch[i].String())
			case p.written != nil && set&(1<<i) != 0:
				parts = append(parts, p.written[i])
			case p.written != nil:
				// A branch left out is kept, behind a class that matches nothing, so that the
				// groups of those after it keep their numbers.
				parts = append(parts, `(?:[^\x00-\x{10FFFF}]`+p.written[i]+`)`)
			}
		}
	}
	ae, _ := p.choices.LoadOrStore(set, &anchoredExpr{src: strings.Join(parts, "|")})
	return ae.(*anchoredExpr)
}

// spacedLeading is the leading literals of a branch whose first word is too short to be one
// alone ("I" of "I am your developer"): the exact strings its first expressions match, each cut
// after its first space, when all then hold at least two bytes and none starts with a space. A
// word filter finds "i " where the letter is followed by white space, and the match starts there.
func (a *analysis) spacedLeading(b *syntax.Regexp) ([]string, bool) {
	subs := []*syntax.Regexp{b}
	if b.Op == syntax.OpConcat {
		subs = b.Sub
	}
	acc := []string{""}
	for _, s := range subs {
		info := a.info(s)
		if info.exact == nil || len(acc)*len(info.exact) > maxExact {
			break
		}
		acc = joined(acc, info.exact)
	}
	var out []string
	for _, s := range acc {
		if i := strings.IndexByte(s, ' '); i == 0 {
			return nil, false
		} else if i > 0 {
			s = s[:i+1]
		}
		if len(s) < 2 {
			return nil, false
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return slices.Compact(out), true
}

// literals appends every literal the plan's branches need or lead with.
func (p *startPlan) literals(out []string) []string {
	for _, b := range p.branches {
		out = append(literalsOf(b.need, out), b.lead...)
	}
	return out
}

// resolve gives the plan's literals their ids in f, and marks its leading ones in leadWord.
func (p *startPlan) resolve(f *wordFilter, leadWord []bool) {
	for i := range p.branches {
		b := &p.branches[i]
		resolveRequirement(b.need, f)
		if b.lead == nil {
			continue
		}
		b.leadIDs = make(foundWords, (len(f.ids)+63)/64)
		for _, w := range b.lead {
			id := f.ids[w]
			leadWord[id] = true
			b.leadIDs[id/64] |= 1 << (id % 64)
		}
	}
}

// A start is a place in a text where a match may start, and the branches that may match there.
type start struct {
	at       int
	branches uint64
}

// starts lists, in order, every place in text where a match may start, given the words of f
// found there and where its leading ones end (hits); ok is false when they are so many that
// searching the whole text costs less.
func (p *startPlan) starts(f *wordFilter, found foundWords, hits []wordHit, text string) (starts []start, ok bool) {
	limit := len(text)/planShare + 1
	var marks [256]uint64
	anyMarks := false
	var leads []int // the met branches with leading literals
	for i := range p.branches {
		b := &p.branches[i]
		if !b.need.met(found) {
			continue
		}
		if b.lead != nil {
			leads = append(leads, i)
			continue
		}
		if b.searched != nil {
			continue // searched for by findAllWith
		}
		if b.atStart {
			starts = append(starts, start{0, 1 << i})
		}
		for c, on := range b.marks {
			if on {
				marks[c] |= 1 << i
				anyMarks = true
			}
		}
	}
	if len(leads) > 0 {
		for _, h := range hits {
			var set uint64
			most := -1
			for _, i := range leads {
				if b := &p.branches[i]; b.leadIDs[h.id/64]&(1<<(h.id%64)) != 0 {
					set |= 1 << i
					most = max(most, b.slack)
				}
			}
			if set == 0 {
				continue
			}
			at := h.end - len(f.words[h.id])
			starts = append(starts, start{at, set})
			for range most {
				if at == 0 {
					break
				}
				_, size := utf8.DecodeLastRuneInString(text[:at])
				at -= size
				starts = append(starts, start{at, set})
			}
			if len(starts) > limit {
				return nil, false
			}
		}
	}
	if anyMarks {
		for i := 0; i < len(text); i++ {
			if set := marks[text[i]]; set != 0 {
				if set = p.followed(set, text, i); set == 0 {
					continue
				}
				if starts = append(starts, start{i, set}); len(starts) > limit {
					return nil, false
				}
			}
		}
	}
	slices.SortFunc(starts, func(a, b start) int { return a.at - b.at })
	out := starts[:0]
	for _, s := range starts {
		if n := len(out); n > 0 && out[n-1].at == s.at {
			out[n-1].branches |= s.branches
			continue
		}
		out = append(out, s)
	}
	return out, true
}

// followed is the branches of set that may match from text[i], a mark: those whose next byte
// after it can come there. At the text's start a branch may start otherwise (before its mark, at
// the start it also allows), and is kept.
func (p *startPlan) followed(set uint64, text string, i int) uint64 {
	if i == 0 {
		return set
	}
	for b := set; b != 0; b &= b - 1 {
		j := bits.TrailingZeros64(b)
		f := p.branches[j].follow
		if f != nil && (i+1 >= len(text) || !f[text[i+1]]) {
			set &^= 1 << j
			continue
		}
		if a := p.branches[j].after; a != nil && !a.allows(text, i) {
			set &^= 1 << j
		}
	}
	return set
}

// A markRun is how a branch that starts with a mark goes on: one of its marks (each exactly, a
// rune or a literal such as "<!--"), then runs and single bytes of ASCII classes (the "\s*" after
// a sentence's end, the "\s*/?\s*" inside a tag), then a byte of next. A mark is read at a line
// break, a full stop, a bracket, most of them in prose followed by a space and a word that the
// branch does not go on with ("(?:^|[\n.!?>*#]\s*|<!--\s*)(?:ai\s+)?agents?\s+…"): the byte
// after the runs, not the one after the mark, tells them apart.
type markRun struct {
	alts  []markAlt
	steps []runStep // after the mark's own
	next  [256]bool
}

// A markAlt is one mark of a [markRun] and the steps of its own after it ("[.!?]\s*").
type markAlt struct {
	mark  string
	steps []runStep
}

// A runStep is min to max bytes of class (max -1: any number).
type runStep struct {
	class    [256]bool
	min, max int
}

// maxRunPlaces bounds the places a [markRun]'s steps may have reached before the run allows the
// start without reading on: a long run of blanks reaches as many places as it holds bytes.
const maxRunPlaces = 64

// allows reports whether the branch may match from text[i], a mark past the text's start: some
// mark of its stands there, and some place its steps can reach from there is followed by a byte of
// next. Each step matches only bytes of ASCII, so every place a match can have reached lies
// between the first and the last place the steps reach, whatever their greed; the places between
// are all tried, which may allow a start that cannot match, never refuse one that can.
func (m *markRun) allows(text string, i int) bool {
	for _, a := range m.alts {
		if a.mark[0] != text[i] || !strings.HasPrefix(text[i:], a.mark) {
			continue
		}
		at := i + len(a.mark)
		lo, hi, ok := walkSteps(text, at, at, a.steps)
		if ok {
			lo, hi, ok = walkSteps(text, lo, hi, m.steps)
		}
		switch {
		case !ok:
			continue // no place is reached
		case hi-lo > maxRunPlaces:
			return true
		}
		for p := lo; p <= hi && p < len(text); p++ {
			if m.next[text[p]] {
				return true
			}
		}
	}
	return false
}

// walkSteps is the first and the last place the steps reach from the places lo to hi; ok is
// false when they reach none. Past maxRunPlaces places it stops reading, with hi past lo by more.
func walkSteps(text string, lo, hi int, steps []runStep) (int, int, bool) {
	for k := range steps {
		if hi-lo > maxRunPlaces {
			return lo, hi, true
		}
		st := &steps[k]
		nlo, nhi := -1, -1
		for p := lo; p <= hi; p++ {
			run := 0
			for p+run < len(text) && (st.max < 0 || run < st.max) && st.class[text[p+run]] {
				run++
			}
			if run < st.min {
				continue
			}
			if nlo < 0 {
				nlo = p + st.min
			}
			nhi = max(nhi, p+run)
		}
		if nlo < 0 {
			return 0, 0, false
		}
		lo, hi = nlo, nhi
	}
	return lo, hi, true
}

// maxMarkRunes bounds the marks of a [markRun] written out from a class.
const maxMarkRunes = 32

// markRuns is the markRun of a branch that is a sequence whose first part is a mark or a choice
// of marks ("\n", "(?:^|\n)", "(?:^|[\n.!?]\s*|<!--\s*)"), each exactly one rune or literal,
// with or without steps of ASCII classes after it, and whose rest, after the steps that start it,
// cannot match the empty string; nil otherwise. The text's start is a start of its own
// ([startPlan.followed] keeps it).
func markRuns(b *syntax.Regexp) *markRun {
	for b.Op == syntax.OpCapture {
		b = b.Sub[0]
	}
	if b.Op != syntax.OpConcat || len(b.Sub) < 2 {
		return nil
	}
	first := b.Sub[0]
	alts := []*syntax.Regexp{first}
	if first.Op == syntax.OpAlternate {
		alts = first.Sub
	}
	m := &markRun{}
	for _, a := range alts {
		parts := []*syntax.Regexp{a}
		if a.Op == syntax.OpConcat {
			parts = a.Sub
		}
		mark := parts[0]
		steps, n := stepsOf(parts[1:])
		if n != len(parts)-1 {
			return nil
		}
		switch mark.Op {
		case syntax.OpBeginText:
			if len(parts) > 1 {
				return nil
			}
		case syntax.OpLiteral:
			if mark.Flags&syntax.FoldCase != 0 && strings.ToLower(string(mark.Rune)) != strings.ToUpper(string(mark.Rune)) {
				return nil // a letter of either case: not written out
			}
			m.alts = append(m.alts, markAlt{string(mark.Rune), steps})
		case syntax.OpCharClass:
			for k := 0; k+1 < len(mark.Rune); k += 2 {
				for r := mark.Rune[k]; r <= mark.Rune[k+1]; r++ {
					if len(m.alts) >= maxMarkRunes {
						return nil
					}
					m.alts = append(m.alts, markAlt{string(r), steps})
				}
			}
		default:
			return nil
		}
	}
	steps, n := stepsOf(b.Sub[1:])
	rest := b.Sub[1+n:]
	if len(rest) == 0 || len(m.alts) == 0 {
		return nil
	}
	m.steps = steps
	nullable, ok := firstBytes(&syntax.Regexp{Op: syntax.OpConcat, Sub: rest}, &m.next)
	if !ok || nullable {
		return nil
	}
	return m
}

// stepsOf reads the parts of a sequence as steps while each is an ASCII class, one rune of ASCII
// or a repetition of a class, and returns how many it read.
func stepsOf(parts []*syntax.Regexp) ([]runStep, int) {
	var steps []runStep
	for n, e := range parts {
		var st runStep
		switch e.Op {
		case syntax.OpLiteral:
			// One mark ("/", "("); a word is what the rest starts with, and tells it best.
			st.min, st.max = 1, 1
			if len(e.Rune) != 1 || !asciiClassInto(e, &st.class) {
				return steps, n
			}
		case syntax.OpCharClass:
			st.min, st.max = 1, 1
			if !asciiClassInto(e, &st.class) {
				return steps, n
			}
		case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
			if !asciiClassInto(e.Sub[0], &st.class) {
				return steps, n
			}
			switch e.Op {
			case syntax.OpStar:
				st.min, st.max = 0, -1
			case syntax.OpPlus:
				st.min, st.max = 1, -1
			case syntax.OpQuest:
				st.min, st.max = 0, 1
			default:
				st.min, st.max = e.Min, e.Max
			}
		default:
			return steps, n
		}
		steps = append(steps, st)
	}
	return steps, len(parts)
}

// asciiClassInto adds the bytes of e, a class or a single rune of ASCII only, to set; false when e
// is no such thing.
func asciiClassInto(e *syntax.Regexp, set *[256]bool) bool {
	switch e.Op {
	case syntax.OpCharClass:
		if len(e.Rune) == 0 {
			return false
		}
		for k := 0; k+1 < len(e.Rune); k += 2 {
			if e.Rune[k+1] >= utf8.RuneSelf {
				return false
			}
		}
		for k := 0; k+1 < len(e.Rune); k += 2 {
			for r := e.Rune[k]; r <= e.Rune[k+1]; r++ {
				set[r] = true
			}
		}
		return true
	case syntax.OpLiteral:
		if len(e.Rune) != 1 || !oneASCIIByte(e) {
			return false
		}
		set[e.Rune[0]] = true
		if e.Flags&syntax.FoldCase != 0 {
			for f := unicode.SimpleFold(e.Rune[0]); f != e.Rune[0]; f = unicode.SimpleFold(f) {
				set[f] = true
			}
		}
		return true
	}
	return false
}

// followAfterMark is the bytes that can come right after the mark a branch starts with, when
// its first part matches exactly one byte of ASCII ("<", "[", or the line break of
// "(?:^|\n)") and what follows cannot match the empty string; nil when that cannot be told.
// It may hold bytes that cannot follow, never miss one that can.
func followAfterMark(b *syntax.Regexp) *[256]bool {
	for b.Op == syntax.OpCapture {
		b = b.Sub[0]
	}
	if b.Op != syntax.OpConcat || len(b.Sub) < 2 {
		return nil
	}
	first, rest := b.Sub[0], b.Sub[1:]
	var after []*syntax.Regexp
	switch {
	case oneASCIIByte(first):
	case first.Op == syntax.OpLiteral && len(first.Rune) > 1 && oneASCIIByte(&syntax.Regexp{Op: syntax.OpLiteral, Rune: first.Rune[:1], Flags: first.Flags}):
		// The literal's other runes come first.
		after = []*syntax.Regexp{{Op: syntax.OpLiteral, Rune: first.Rune[1:], Flags: first.Flags}}
	case first.Op == syntax.OpAlternate && len(first.Sub) == 2 && first.Sub[0].Op == syntax.OpBeginText && oneASCIIByte(first.Sub[1]):
		// "(?:^|\n)": past the text's start, the line break.
	default:
		return nil
	}
	var follow [256]bool
	nullable, ok := firstBytes(&syntax.Regexp{Op: syntax.OpConcat, Sub: append(after, rest...)}, &follow)
	if !ok || nullable {
		return nil
	}
	return &follow
}

// oneASCIIByte reports whether e matches exactly one byte, of ASCII.
func oneASCIIByte(e *syntax.Regexp) bool {
	switch e.Op {
	case syntax.OpLiteral:
		if len(e.Rune) != 1 || e.Rune[0] >= utf8.RuneSelf {
			return false
		}
		return e.Flags&syntax.FoldCase == 0 || allASCIIFolds(e.Rune[0])
	case syntax.OpCharClass:
		for i := 1; i < len(e.Rune); i += 2 {
			if e.Rune[i] >= utf8.RuneSelf {
				return false
			}
		}
		return len(e.Rune) > 0
	}
	return false
}

// allASCIIFolds reports whether every rune r folds to is ASCII.
func allASCIIFolds(r rune) bool {
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// firstBytes adds to set every byte a match of e may start with, and reports whether e may match
// the empty string; ok is false for an expression it cannot read. A rune outside ASCII, or one
// folding to such a rune, adds every byte from 0x80: its first byte, or an invalid byte read as
// U+FFFD.
func firstBytes(e *syntax.Regexp, set *[256]bool) (nullable, ok bool) {
	addRune := func(r rune) {
		if r < utf8.RuneSelf {
			set[r] = true
			return
		}
		for c := 0x80; c < 256; c++ {
			set[c] = true
		}
	}
	switch e.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return true, true
	case syntax.OpLiteral:
		if len(e.Rune) == 0 {
			return true, true
		}
		r := e.Rune[0]
		addRune(r)
		if e.Flags&syntax.FoldCase != 0 {
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				addRune(f)
			}
		}
		return false, true
	case syntax.OpCharClass:
		for i := 0; i+1 < len(e.Rune); i += 2 {
			lo, hi := e.Rune[i], e.Rune[i+1]
			for r := lo; r <= hi && r < utf8.RuneSelf; r++ {
				set[r] = true
			}
			if hi >= utf8.RuneSelf {
				addRune(hi)
			}
		}
		return false, true
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		for c := range set {
			set[c] = true
		}
		return false, true
	case syntax.OpCapture:
		return firstBytes(e.Sub[0], set)
	case syntax.OpStar, syntax.OpQuest:
		_, ok := firstBytes(e.Sub[0], set)
		return true, ok
	case syntax.OpPlus:
		return firstBytes(e.Sub[0], set)
	case syntax.OpRepeat:
		n, ok := firstBytes(e.Sub[0], set)
		return n || e.Min == 0, ok
	case syntax.OpConcat:
		for _, s := range e.Sub {
			n, ok := firstBytes(s, set)
			if !ok {
				return false, false
			}
			if !n {
				return false, true
			}
		}
		return true, true
	case syntax.OpAlternate:
		nullable := false
		for _, s := range e.Sub {
			n, ok := firstBytes(s, set)
			if !ok {
				return false, false
			}
			nullable = nullable || n
		}
		return nullable, true
	}
	return false, false
}

// firstMarks adds to marks the bytes a match of e may start with, and reports whether it may
// start only at the text's start instead; ok is false unless every such byte is one of
// [startMarks] and e cannot match the empty string.
func firstMarks(e *syntax.Regexp, marks *[256]bool) (atStart, ok bool) {
	atStart, nullable, ok := firstOf(e, marks)
	return atStart, ok && !nullable
}

// firstOf is [firstMarks] for one expression, and whether it may match the empty string
// without a mark (a match of what follows it then starts where it does).
func firstOf(e *syntax.Regexp, marks *[256]bool) (atStart, nullable, ok bool) {
	mark := func(r rune) bool {
		switch {
		case r < utf8.RuneSelf && containsByte(startMarks, byte(r)):
			marks[r] = true
		case r < utf8.RuneSelf && unicode.IsPunct(r) || r >= utf8.RuneSelf && (unicode.IsPunct(r) || unicode.IsSymbol(r)):
			// A full stop or a question mark starts a sentence a branch may start with; a mark
			// of another script is read by its first byte, which its neighbours share.
			var b [utf8.UTFMax]byte
			utf8.EncodeRune(b[:], r)
			marks[b[0]] = true
		default:
			return false
		}
		return true
	}
	switch e.Op {
	case syntax.OpBeginText:
		// A match that starts here starts at the text's start, whatever follows.
		return true, false, true
	case syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpEmptyMatch:
		return false, true, true
	case syntax.OpLiteral:
		if len(e.Rune) == 0 {
			return false, true, true
		}
		// A mark folds to no other rune, so a case-insensitive one is the same mark.
		return false, false, mark(e.Rune[0])
	case syntax.OpCharClass:
		for i := 0; i+1 < len(e.Rune); i += 2 {
			if e.Rune[i+1]-e.Rune[i] > 16 {
				return false, false, false
			}
			for r := e.Rune[i]; r <= e.Rune[i+1]; r++ {
				if !mark(r) {
					return false, false, false
				}
			}
		}
		return false, false, len(e.Rune) > 0
	case syntax.OpCapture:
		return firstOf(e.Sub[0], marks)
	case syntax.OpStar, syntax.OpQuest:
		atStart, _, ok := firstOf(e.Sub[0], marks)
		return atStart, true, ok
	case syntax.OpPlus:
		return firstOf(e.Sub[0], marks)
	case syntax.OpRepeat:
		atStart, nullable, ok := firstOf(e.Sub[0], marks)
		return atStart, nullable || e.Min == 0, ok
	case syntax.OpConcat:
		for _, s := range e.Sub {
			a, nullable, ok := firstOf(s, marks)
			if !ok {
				return false, false, false
			}
			atStart = atStart || a
			if !nullable {
				return atStart, false, true
			}
		}
		return atStart, true, true
	case syntax.OpAlternate:
		for _, s := range e.Sub {
			a, n, ok := firstOf(s, marks)
			if !ok {
				return false, false, false
			}
			atStart, nullable = atStart || a, nullable || n
		}
		return atStart, nullable, true
	}
	return false, false, false
}

func containsByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}

// findAll is re.FindAllStringSubmatchIndex(text, n) when every match starts at one of starts
// (in order), by one of the branches the start names: the leftmost match is the one at the first
// start where those branches, anchored there, match (a branch that cannot start there does not
// change which of them matches first), and the next is looked for from its end, as the whole
// text's search does.
func (p *startPlan) findAll(text string, starts []start, n int) [][]int {
	return p.findAllNear(nil, text, starts, n)
}

// findAllNear is [startPlan.findAll], each start tried only with the branches that may match
// near it ([startPlan.near]) when nt is given.
func (p *startPlan) findAllNear(nt *nearText, text string, starts []start, n int) [][]int {
	var out [][]int
	pos := 0
	for _, st := range starts {
		if st.at < pos {
			continue
		}
		if n >= 0 && len(out) >= n {
			break
		}
		set := st.branches
		if nt != nil {
			if set = p.near(nt, st.at, set); set == 0 {
				continue
			}
		}
		m := p.matchAt(text, st.at, set)
		if m == nil {
			continue
		}
		out = append(out, m)
		pos = m[1]
		if m[1] == m[0] {
			pos++
		}
	}
	return out
}

// matchAt is the match of the branches of set, anchored at text[at:], or nil.
func (p *startPlan) matchAt(text string, at int, set uint64) []int {
	ae := p.choice(set)
	if at == 0 {
		return ae.atStart().FindStringSubmatchIndex(text)
	}
	// From the rune before, so that a boundary at the start reads it.
	_, size := utf8.DecodeLastRuneInString(text[:at])
	from := at - size
	m := ae.after().FindStringSubmatchIndex(text[from:])
	if m == nil {
		return nil
	}
	m[0] = at - from
	for i := range m {
		if m[i] >= 0 {
			m[i] += from
		}
	}
	return m
}

// searchedIn is the set of the plan's searched branches whose requirement found meets.
func (p *startPlan) searchedIn(found foundWords) uint64 {
	var set uint64
	for i := range p.branches {
		if b := &p.branches[i]; b.searched != nil && b.need.met(found) {
			set |= 1 << i
		}
	}
	return set
}

// findAllWith is [startPlan.findAll] for a plan some of whose branches (searched, met in the
// text) have no starts to tell: each of those is searched for from where the last match ended.
// The leftmost match starts at the first start where its branches match, unless a searched
// branch matches before it; where a searched branch's leftmost match starts, every branch that
// can start there is tried at once, in their order, as the whole expression tries them.
//
// ok is false when a match is empty, which no branch that leads with or needs a literal has: the
// whole text is searched instead.
func (p *startPlan) findAllWith(text string, starts []start, searched uint64, n int) (matches [][]int, ok bool) {
	if searched == 0 {
		return p.findAll(text, starts, n), true
	}
	var out [][]int
	next := make([]int, len(p.branches)) // a searched branch's leftmost start from pos, -1 for none
	for i := range next {
		next[i] = -2 // not searched yet
	}
	pos, i := 0, 0
	for n < 0 || len(out) < n {
		first, firstSet := -1, uint64(0)
		for b := range p.branches {
			if searched&(1<<b) == 0 {
				continue
			}
			if next[b] == -2 || next[b] >= 0 && next[b] < pos {
				next[b] = p.branches[b].searchFrom(text, pos)
			}
			switch at := next[b]; {
			case at < 0:
			case first < 0 || at < first:
				first, firstSet = at, 1<<b
			case at == first:
				firstSet |= 1 << b
			}
		}
		var m []int
		for ; m == nil && i < len(starts) && (first < 0 || starts[i].at < first); i++ {
			if starts[i].at >= pos {
				m = p.matchAt(text, starts[i].at, starts[i].branches)
			}
		}
		if m == nil {
			if first < 0 {
				break
			}
			set := firstSet
			if i < len(starts) && starts[i].at == first {
				set |= starts[i].branches
				i++
			}
			if m = p.matchAt(text, first, set); m == nil {
				break
			}
		}
		if m[1] == m[0] {
			return nil, false
		}
		out = append(out, m)
		pos = m[1]
	}
	return out, true
}

// searchFrom is where the leftmost match of a searched branch at or after pos starts, its
// boundaries read in the whole text, or -1.
func (b *branchStarts) searchFrom(text string, pos int) int {
	if pos == 0 {
		if loc := b.searched.FindStringIndex(text); loc != nil {
			return loc[0]
		}
		return -1
	}
	if pos >= len(text)+1 {
		return -1
	}
	_, size := utf8.DecodeLastRuneInString(text[:pos])
	from := pos - size
	loc := b.searchedAfter.FindStringIndex(text[from:])
	if loc == nil {
		return -1
	}
	_, w := utf8.DecodeRuneInString(text[from+loc[0]:])
	return from + loc[0] + w
}

// An anchoredExpr is an expression anchored where a match starts: at the text's start, and
// after the one rune before it (so that a boundary at the start reads that rune), for
// [anchoredFindAll].
type anchoredExpr struct {
	src              string
	once             sync.Once
	start, afterRune *lazyregexp.Regexp
}

func (ae *anchoredExpr) atStart() *lazyregexp.Regexp {
	ae.once.Do(ae.anchor)
	return ae.start
}

func (ae *anchoredExpr) after() *lazyregexp.Regexp {
	ae.once.Do(ae.anchor)
	return ae.afterRune
}

func (ae *anchoredExpr) anchor() {
	ae.start = lazyregexp.New(`^(?:` + ae.src + `)`)
	ae.afterRune = lazyregexp.New(`^(?s:.)(?:` + ae.src + `)`)
}

// A phraseBranch is one branch of a phrase's top-level choice, as written, with its own
// prefilter: a phrase whose branches start with Unicode classes or letters has no plan, but each
// branch on its own needs its literals and mostly starts at leading ones, and a phrase may match
// only where one of its branches may.
type phraseBranch struct {
	need *requirement
	lead *leadingLiterals
	re   *lazyregexp.Regexp
}

// phraseBranches are the branches of a phrase's expression and their word filter, derived on
// the first text that meets the phrase's requirement: parsing them costs about what parsing the
// phrase did, which a text that never needs them should not pay.
type phraseBranches struct {
	once     sync.Once
	pattern  string
	branches []*phraseBranch // nil when the expression is no choice of branches
	filter   *wordFilter
	leadWord []bool
	// plan is the branches' leading literals as the starts of the expression, which finds its
	// matches ([linter.phraseMatches]); nil unless every branch has leading literals.
	plan *startPlan
}

func (pb *phraseBranches) get() *phraseBranches {
	pb.once.Do(pb.build)
	return pb
}

func (pb *phraseBranches) build() {
	branches, literals, leads := newPhraseBranches(newAnalysis(), pb.pattern, nil)
	if branches == nil {
		return
	}
	pb.filter = newWordFilter(literals)
	pb.leadWord = make([]bool, len(pb.filter.ids))
	resolvePhraseBranches(branches, leads, pb.filter, pb.leadWord)
	pb.branches = branches
	if len(branches) > maxBranches {
		return
	}
	plan := &startPlan{}
	for i, b := range branches {
		switch {
		case b.lead != nil:
			plan.branches = append(plan.branches, branchStarts{need: b.need, lead: leads[i], leadIDs: b.lead.ids, slack: b.lead.slack})
		case b.need.kind != reqAnything:
			// A branch that needs a literal is searched for, in a text that holds it.
			plan.branches = append(plan.branches, branchStarts{need: b.need, searched: b.re, searchedAfter: lazyregexp.New(`(?s:.)(?:` + b.re.String() + `)`)})
		default:
			return
		}
		plan.written = append(plan.written, b.re.String())
	}
	pb.plan = plan
}

// mayMatch reports whether one of the branches may match in text, read in canonical case as
// canon (at the same offsets): false only when none can.
func (pb *phraseBranches) mayMatch(text, canon string) bool {
	found, hits := scanRequired(pb.filter, pb.leadWord, canon, nil, nil)
	return branchesMayMatch(pb.branches, pb.filter, text, found, hits)
}

// newPhraseBranches derives the branches of a phrase's expression, with their literals appended
// to literals and their leading ones to leads (by branch); nil when the expression is not a
// choice of branches written side by side.
func newPhraseBranches(a *analysis, pattern string, literals []string) ([]*phraseBranch, []string, [][]string) {
	parts, ok := topBranches(pattern)
	if !ok {
		return nil, literals, nil
	}
	var out []*phraseBranch
	var leads [][]string
	for _, part := range parts {
		re, err := syntax.Parse(withoutUnicodeClasses(part), syntax.Perl)
		if err != nil {
			return nil, literals, nil
		}
		b := &phraseBranch{need: a.info(re).requirement(), re: lazyregexp.New(part)}
		literals = literalsOf(b.need, literals)
		lits, slack, ok := a.leadingOf([]*syntax.Regexp{re}, 0, 2)
		if ok && len(lits) <= maxLeading {
			literals = append(literals, lits...)
			b.lead = &leadingLiterals{slack: slack, anchored: lazyregexp.New(fmt.Sprintf(`^(?s:.){0,%d}(?:%s)`, slack+1, part))}
		} else {
			lits = nil
		}
		out = append(out, b)
		leads = append(leads, lits)
	}
	return out, literals, leads
}

// resolvePhraseBranches gives the branches' literals their ids in f, and marks their leading ones
// in leadWord.
func resolvePhraseBranches(branches []*phraseBranch, leads [][]string, f *wordFilter, leadWord []bool) {
	for i, b := range branches {
		resolveRequirement(b.need, f)
		if b.lead == nil {
			continue
		}
		b.lead.ids = make(foundWords, (len(f.ids)+63)/64)
		for _, w := range leads[i] {
			id := f.ids[w]
			leadWord[id] = true
			b.lead.ids[id/64] |= 1 << (id % 64)
		}
	}
}

// branchesMayMatch reports whether one of the branches may match in text, whose words of f are
// found and whose leading ones end at hits: false only when none can.
func branchesMayMatch(branches []*phraseBranch, f *wordFilter, text string, found foundWords, hits []wordHit) bool {
	for _, b := range branches {
		if !b.need.met(found) {
			continue
		}
		if b.lead != nil {
			if b.lead.matches(b.re, f, text, hits, nil, nil) {
				return true
			}
			continue
		}
		if b.re.MatchString(text) {
			return true
		}
	}
	return false
}

// topBranches splits a pattern at its top-level choice, looking inside a group that holds the
// whole pattern ("(?i)(?:a|b|c)"): each branch is written with the flags the pattern starts with,
// so that it matches on its own what it matches in the choice. ok is false when the pattern is no
// such choice, or sets flags where they would reach the branches after.
func topBranches(pattern string) (branches []string, ok bool) {
	flags, rest := "", pattern
	if end, bare := flagGroup(rest); bare {
		flags, rest = rest[:end], rest[end:]
	}
	for {
		parts, ok := splitChoice(rest)
		if !ok {
			return nil, false
		}
		if len(parts) > 1 {
			for i, p := range parts {
				parts[i] = flags + "(?:" + p + ")"
			}
			return parts, true
		}
		// One part: a group around the whole pattern is looked into.
		if !strings.HasPrefix(rest, "(?:") || groupEnd(rest) != len(rest) {
			return nil, false
		}
		rest = rest[3 : len(rest)-1]
	}
}

// flagGroup reports whether s starts with a group that only sets flags ("(?i)", "(?s-m)"), and
// where it ends.
func flagGroup(s string) (end int, ok bool) {
	if !strings.HasPrefix(s, "(?") {
		return 0, false
	}
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == ')':
			return i + 1, i > 2
		case c == '-' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		default:
			return 0, false
		}
	}
	return 0, false
}

// splitChoice splits s at each '|' outside groups and classes; ok is false where s sets flags
// outside a group, past its start, or writes \Q…\E.
func splitChoice(s string) (parts []string, ok bool) {
	depth, from := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) && s[i+1] == 'Q' {
				return nil, false
			}
			i++
		case '[':
			end := classEnd(s, i)
			if end < 0 {
				return nil, false
			}
			i = end - 1
		case '(':
			if _, bare := flagGroup(s[i:]); bare && depth == 0 {
				return nil, false
			}
			depth++
		case ')':
			depth--
		case '|':
			if depth == 0 {
				parts = append(parts, s[from:i])
				from = i + 1
			}
		}
	}
	return append(parts, s[from:]), depth == 0
}

// classEnd is the offset past the bracketed class starting at s[i], or -1.
func classEnd(s string, i int) int {
	j := i + 1
	if j < len(s) && s[j] == '^' {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++ // a ']' first in a class is a literal one
	}
	for ; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '[':
			if j+1 < len(s) && s[j+1] == ':' {
				if close := strings.Index(s[j:], ":]"); close >= 0 {
					j += close + 1
				}
			}
		case ']':
			return j + 1
		}
	}
	return -1
}

// groupEnd is the offset past the group that starts s, or -1.
func groupEnd(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			end := classEnd(s, i)
			if end < 0 {
				return -1
			}
			i = end - 1
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}
