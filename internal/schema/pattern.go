package schema

import (
	"regexp"
	"regexp/syntax"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// compilePattern is the compiler's regexp engine: Go's regexp (RE2, linear time), as the
// library's own engine, with a plain loop in front of it for the most common pattern of all, a
// run of characters from one class after another anchored at both ends ("^[A-Za-z0-9-]{1,39}$",
// "^[0-9]{5}$", "^[^@\s]+@[^@\s]+$"). Such a pattern's match is a walk over the string, one rune
// at a time, where the regexp package's one-pass matcher took a tenth of a valid tool call in
// WebAssembly. The compiled regexp stays the pattern's String and its errors, and answers every
// other pattern; TestRunsPatternMatchesRegexp and FuzzRunsPattern hold the loop to it.
func compilePattern(s string) (jsonschema.Regexp, error) {
	re, err := regexp.Compile(s)
	if err != nil {
		return nil, err
	}
	if runs, ok := runsOf(s); ok {
		return &runsPattern{Regexp: re, runs: runs}, nil
	}
	return re, nil
}

// A runsPattern is a pattern that is a sequence of runs, anchored at both ends: its regexp,
// for its String, and the runs MatchString walks.
type runsPattern struct {
	*regexp.Regexp
	runs []run
}

// A run is from min to max runes (max -1: no bound) of one class.
type run struct {
	class    runeClass
	min, max int
}

// A runeClass is a set of runes: a bitmap for ASCII, sorted inclusive ranges for the rest.
type runeClass struct {
	ascii  [2]uint64
	ranges []rune // pairs lo, hi of the class's runes from utf8.RuneSelf on
}

func (c *runeClass) has(r rune) bool {
	if r < utf8.RuneSelf {
		return c.ascii[r>>6]&(1<<(r&63)) != 0
	}
	for i := 0; i+1 < len(c.ranges); i += 2 {
		if r < c.ranges[i] {
			return false
		}
		if r <= c.ranges[i+1] {
			return true
		}
	}
	return false
}

// newRuneClass makes the class of sorted inclusive pairs (syntax.Regexp.Rune's form).
func newRuneClass(pairs []rune) runeClass {
	var c runeClass
	for i := 0; i+1 < len(pairs); i += 2 {
		lo, hi := pairs[i], pairs[i+1]
		for r := lo; r <= hi && r < utf8.RuneSelf; r++ {
			c.ascii[r>>6] |= 1 << (r & 63)
		}
		if hi >= utf8.RuneSelf {
			c.ranges = append(c.ranges, max(lo, utf8.RuneSelf), hi)
		}
	}
	return c
}

// disjoint reports whether no rune is in both classes.
func (c *runeClass) disjoint(d *runeClass) bool {
	if c.ascii[0]&d.ascii[0] != 0 || c.ascii[1]&d.ascii[1] != 0 {
		return false
	}
	for i := 0; i+1 < len(c.ranges); i += 2 {
		for j := 0; j+1 < len(d.ranges); j += 2 {
			if c.ranges[i] <= d.ranges[j+1] && d.ranges[j] <= c.ranges[i+1] {
				return false
			}
		}
	}
	return true
}

// MatchString reports whether s is the runes of the runs, one after the other. Every run of a
// varying length is followed by a run that needs a rune its own class does not hold (see
// runsOf), so each run takes as many runes of its class as it may, and no other split of s
// could match where that one does not.
func (p *runsPattern) MatchString(s string) bool {
	i := 0
	for k := range p.runs {
		r := &p.runs[k]
		n := 0
		for i < len(s) && (r.max < 0 || n < r.max) {
			c, size := rune(s[i]), 1
			if c >= utf8.RuneSelf {
				c, size = utf8.DecodeRuneInString(s[i:]) // an invalid byte is U+FFFD, as regexp reads it
			}
			if !r.class.has(c) {
				break
			}
			i += size
			n++
		}
		if n < r.min {
			return false
		}
	}
	return i == len(s)
}

// runsOf reads a pattern as runs anchored at both ends, when it is one: "^", then literals,
// classes, "." or any of them repeated (*, +, ?, {m,n}, greedy or not), then "$". A run whose
// length may vary must be the last or be followed by a run of at least one rune from a class
// disjoint from its own, so that taking the longest run is the only way to match (a*a$ is left
// to regexp). Anything else, case folding of a literal among it, is not a runs pattern.
func runsOf(pattern string) ([]run, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl) // as regexp.Compile parses it
	if err != nil || re.Op != syntax.OpConcat || len(re.Sub) < 2 {
		return nil, false
	}
	first, last := re.Sub[0], re.Sub[len(re.Sub)-1]
	if first.Op != syntax.OpBeginText || last.Op != syntax.OpEndText {
		return nil, false
	}
	var runs []run
	for _, sub := range re.Sub[1 : len(re.Sub)-1] {
		lo, hi := 1, 1
		switch sub.Op {
		case syntax.OpStar:
			lo, hi, sub = 0, -1, sub.Sub[0]
		case syntax.OpPlus:
			lo, hi, sub = 1, -1, sub.Sub[0]
		case syntax.OpQuest:
			lo, hi, sub = 0, 1, sub.Sub[0]
		case syntax.OpRepeat:
			lo, hi, sub = sub.Min, sub.Max, sub.Sub[0]
		}
		switch sub.Op {
		case syntax.OpLiteral:
			if sub.Flags&syntax.FoldCase != 0 || (len(sub.Rune) != 1 && (lo != 1 || hi != 1)) {
				return nil, false
			}
			for _, r := range sub.Rune {
				runs = append(runs, run{class: newRuneClass([]rune{r, r}), min: lo, max: hi})
			}
		case syntax.OpCharClass:
			runs = append(runs, run{class: newRuneClass(sub.Rune), min: lo, max: hi})
		case syntax.OpAnyCharNotNL:
			runs = append(runs, run{class: newRuneClass([]rune{0, '\n' - 1, '\n' + 1, utf8.MaxRune}), min: lo, max: hi})
		case syntax.OpAnyChar:
			runs = append(runs, run{class: newRuneClass([]rune{0, utf8.MaxRune}), min: lo, max: hi})
		default:
			return nil, false
		}
	}
	for k := 0; k+1 < len(runs); k++ {
		r, next := &runs[k], &runs[k+1]
		if r.min != r.max && (next.min == 0 || !r.class.disjoint(&next.class)) {
			return nil, false
		}
	}
	return runs, true
}
