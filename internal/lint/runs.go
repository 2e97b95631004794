package lint

import (
	"slices"

	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
)

// Some of the rules' expressions may start at any word ("the X tool must": X is any name), so
// that neither their literals nor their leading ones tell where to look, and they are searched
// over the whole text. Every match of such an expression is written in a few kinds of bytes
// (letters, digits, blanks, a few marks), and holds one of a few words: it lies within one run of
// those bytes that holds one of the words. Those runs, a few in a long text, are the only places
// to search.

// findAllInRuns is re.FindAllStringSubmatchIndex(text, n) for an expression each of whose
// matches lies in one run of bytes that in accepts and holds one of pivots (ASCII words in lower
// case, matched in any case) as written. For the search of a run to read as the search of the
// whole text does, the expression reads no text's start or end (^, $, \A, \z), every byte of
// 0x80 and above is in a run (so that a run is whole characters, whatever they fold to), and a
// byte in does not accept is not a word byte (so that \b reads the same at a run's edges).
func findAllInRuns(re *lazyregexp.Regexp, text string, in func(byte) bool, pivots []string, n int) [][]int {
	if prefilterOff {
		return re.FindAllStringSubmatchIndex(text, n) // what TestPrefilterFindsTheSame compares with
	}
	var at []int
	for _, p := range pivots {
		for i := indexFold(text, p, 0); i >= 0; i = indexFold(text, p, i+1) {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return nil
	}
	slices.Sort(at)
	var out [][]int
	done := 0 // text[:done] is searched
	for _, i := range at {
		if i < done {
			continue
		}
		lo, hi := i, i
		for lo > 0 && (in(text[lo-1]) || text[lo-1] >= 0x80) {
			lo--
		}
		for hi < len(text) && (in(text[hi]) || text[hi] >= 0x80) {
			hi++
		}
		done = hi
		for _, m := range re.FindAllStringSubmatchIndex(text[lo:hi], n-len(out)) {
			for k := range m {
				if m[k] >= 0 {
					m[k] += lo
				}
			}
			out = append(out, m)
		}
		if n >= 0 && len(out) >= n {
			break
		}
	}
	return out
}

// indexFold is the first index from from of word (ASCII letters in lower case) in s, in any
// case, or -1.
func indexFold(s, word string, from int) int {
	for i := from; i+len(word) <= len(s); i++ {
		if s[i]|0x20 != word[0] {
			continue
		}
		j := 1
		for j < len(word) && s[i+j]|0x20 == word[j] {
			j++
		}
		if j == len(word) {
			return i
		}
	}
	return -1
}

// exprMayMatch reports whether re may match in the view's text, as [linter.findAll] tells before it
// searches: false when the text lacks the literals re requires.
func (l *linter) exprMayMatch(re *lazyregexp.Regexp, v *textView) bool {
	if prefilterOff {
		return true
	}
	ef := filterOf(re)
	s := l.reading(v)
	if s.all {
		return true
	}
	s.exprFound, _ = scanRequired(ef.filter, nil, s.canon, s.exprFound, nil)
	return ef.need.met(s.exprFound)
}
