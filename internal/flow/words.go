package flow

import (
	"regexp/syntax"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
)

// A wordList is an expression of the form \b(one|of|these|words)\b, the words built of literals,
// optional parts and alternatives only, found in a text exactly as regexp's FindString finds it
// but without trying the whole expression at every position: the words are spelt out once, in
// the order the expression prefers them, and indexed by their first letter. Reading a catalog's
// descriptions for the trifecta's labels with regexp was most of the trifecta of a large catalog
// (6 µs a description and an expression); the list reads one in well under a microsecond.
//
// The list is derived from the expression itself (regexp/syntax), so the two cannot drift; an
// expression outside that form is run by regexp.
type wordList struct {
	rx    *lazyregexp.Regexp
	once  sync.Once
	words *spelledWords // nil when the expression is not of the form
}

func newWordList(expr string) *wordList { return &wordList{rx: lazyregexp.New(expr)} }

// FindString is regexp.Regexp.FindString's answer.
func (w *wordList) FindString(s string) string {
	w.once.Do(func() { w.words = spell(w.rx.String()) })
	if w.words == nil {
		return w.rx.FindString(s)
	}
	return w.words.find(s)
}

// A spelledWords is every way an expression's words can be spelt, in its order of preference.
type spelledWords struct {
	spellings []spelling
	// byFirst lists, for each ASCII rune a spelling can start with, those spellings' indices in
	// order of preference; other lists those that can start with any other rune.
	byFirst [utf8.RuneSelf][]int
	other   []int
}

// A spelling is one way of spelling a word: one set of runes (pairs of inclusive bounds, as
// regexp/syntax keeps a class) for each rune of the word.
type spelling [][]rune

// maxSpellings bounds the list an expression is spelt out into; beyond it, regexp runs it.
const maxSpellings = 4096

// spell spells out expr, or returns nil when it is not \b(…)\b over literals, optional parts,
// alternatives and classes.
func spell(expr string) *spelledWords {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	re = re.Simplify()
	if re.Op != syntax.OpConcat || len(re.Sub) != 3 || re.Sub[0].Op != syntax.OpWordBoundary || re.Sub[2].Op != syntax.OpWordBoundary {
		return nil
	}
	spellings, ok := spellOut(re.Sub[1])
	if !ok {
		return nil
	}
	w := &spelledWords{spellings: spellings}
	for i, sp := range spellings {
		if len(sp) == 0 {
			return nil // an empty word would match at every boundary: leave that to regexp
		}
		for r := rune(0); r < utf8.RuneSelf; r++ {
			if inClass(sp[0], r) {
				w.byFirst[r] = append(w.byFirst[r], i)
			}
		}
		if classBeyondASCII(sp[0]) {
			w.other = append(w.other, i)
		}
	}
	return w
}

// spellOut lists the spellings of re in the order a backtracking search tries them, which is the
// order in which regexp's leftmost-first match prefers them.
func spellOut(re *syntax.Regexp) ([]spelling, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		sp := make(spelling, len(re.Rune))
		for i, r := range re.Rune {
			sp[i] = literalClass(r, re.Flags&syntax.FoldCase != 0)
		}
		return []spelling{sp}, true
	case syntax.OpCharClass:
		return []spelling{{re.Rune}}, true
	case syntax.OpEmptyMatch:
		return []spelling{{}}, true
	case syntax.OpCapture:
		return spellOut(re.Sub[0])
	case syntax.OpQuest:
		sub, ok := spellOut(re.Sub[0])
		if !ok {
			return nil, false
		}
		if re.Flags&syntax.NonGreedy != 0 {
			return append([]spelling{{}}, sub...), true
		}
		return append(sub, spelling{}), true
	case syntax.OpAlternate:
		var all []spelling
		for _, s := range re.Sub {
			sub, ok := spellOut(s)
			if !ok || len(all)+len(sub) > maxSpellings {
				return nil, false
			}
			all = append(all, sub...)
		}
		return all, true
	case syntax.OpConcat:
		all := []spelling{{}}
		for _, s := range re.Sub {
			sub, ok := spellOut(s)
			if !ok || len(all)*len(sub) > maxSpellings {
				return nil, false
			}
			next := make([]spelling, 0, len(all)*len(sub))
			for _, a := range all {
				for _, b := range sub {
					next = append(next, append(append(spelling{}, a...), b...))
				}
			}
			all = next
		}
		return all, true
	}
	return nil, false
}

// literalClass is the runes a literal rune matches: itself, and its case-folding orbit when the
// expression folds case (regexp/syntax's MatchRunePos walks unicode.SimpleFold the same way).
func literalClass(r rune, fold bool) []rune {
	class := []rune{r, r}
	if fold {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			class = append(class, f, f)
		}
	}
	return class
}

func inClass(class []rune, r rune) bool {
	for i := 0; i+1 < len(class); i += 2 {
		if class[i] <= r && r <= class[i+1] {
			return true
		}
	}
	return false
}

func classBeyondASCII(class []rune) bool {
	for i := 1; i < len(class); i += 2 {
		if class[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// find is the leftmost match, and at that position the spelling preferred, as FindString gives.
// Positions advance rune by rune, an invalid byte counting as one rune, as regexp's do.
func (w *spelledWords) find(s string) string {
	prevWord := false // whether the rune before position i is a word character (\b's ASCII sense)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		curWord := r < utf8.RuneSelf && syntax.IsWordChar(r)
		if prevWord != curWord {
			candidates := w.other
			if r < utf8.RuneSelf {
				candidates = w.byFirst[r]
			}
			for _, k := range candidates {
				if end, ok := w.spellings[k].matchAt(s, i); ok && wordBoundaryAt(s, end) {
					return s[i:end]
				}
			}
		}
		prevWord = curWord
		i += size
	}
	return ""
}

// matchAt reports whether the spelling matches s from i on, and where it ends.
func (sp spelling) matchAt(s string, i int) (int, bool) {
	for _, class := range sp {
		if i >= len(s) {
			return 0, false
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !inClass(class, r) {
			return 0, false
		}
		i += size
	}
	return i, true
}

// wordBoundaryAt is \b at position i of s: a word character on one side and not the other.
func wordBoundaryAt(s string, i int) bool {
	before, after := false, false
	if i > 0 {
		r, _ := utf8.DecodeLastRuneInString(s[:i])
		before = syntax.IsWordChar(r)
	}
	if i < len(s) {
		r, _ := utf8.DecodeRuneInString(s[i:])
		after = syntax.IsWordChar(r)
	}
	return before != after
}
