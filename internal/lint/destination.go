package lint

import (
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
)

// destinationRE is reDestination, which [findDestinations] reads by a byte loop.
var destinationRE = lazyregexp.New(reDestination)

// findDestinations finds the places outside in a text: destinationRE.FindAllStringIndex(s, n),
// read by a byte loop. Two of the expression's branches, the e-mail address and the IP address,
// may start at any letter or digit, so that the expression costs every byte of a long text; the
// loop reads each run of the bytes an address is written in once. TestFindDestinationsAsRegexp
// holds the two to the same matches, and TestPrefilterFindsTheSame the findings with the loop to
// those with the expression, on every corpus.
func findDestinations(s string, n int) [][]int {
	if prefilterOff {
		return destinationRE.FindAllStringIndex(s, n) // what TestPrefilterFindsTheSame compares with
	}
	var out [][]int
	runEnd, mailEnd := 0, -1 // the run of mail bytes holding i ends at runEnd; its address at mailEnd
	for i := 0; i < len(s) && (n < 0 || len(out) < n); {
		if !isMailByte(s[i]) {
			i++
			continue
		}
		if i >= runEnd {
			runEnd = i
			for runEnd < len(s) && isMailByte(s[runEnd]) {
				runEnd++
			}
			mailEnd = mailDomainEnd(s, runEnd)
		}
		end := URLEnd(s, i)
		if end < 0 {
			end = mailEnd
		}
		if end < 0 && s[i] == '+' {
			end = phoneEnd(s, i)
		}
		if end < 0 && isDigit(s[i]) && (i == 0 || !isWordByte(s[i-1])) {
			end = ipEnd(s, i)
		}
		if end < 0 {
			i++
			continue
		}
		out = append(out, []int{i, end})
		i = end
	}
	return out
}

// URLEnd is where `https?://[^\s'"\x60)<>]+` matching at s[i] ends, or -1.
func URLEnd(s string, i int) int {
	rest := s[i:]
	if !strings.HasPrefix(rest, "http") {
		return -1
	}
	j := i + 4
	if j < len(s) && s[j] == 's' {
		j++
	}
	if !strings.HasPrefix(s[j:], "://") {
		return -1
	}
	j += 3
	start := j
	for j < len(s) && !strings.ContainsRune(" \t\n\f\r'\"`)<>", rune(s[j])) {
		j++
	}
	if j == start {
		return -1
	}
	return j
}

// mailDomainEnd is where `@[\w-]+(?:\.[\w-]+)+` matching at s[at] ends, or -1: the rest of an
// e-mail address whose name ends at at.
func mailDomainEnd(s string, at int) int {
	if at >= len(s) || s[at] != '@' {
		return -1
	}
	j := wordDashRun(s, at+1)
	if j == at+1 {
		return -1
	}
	end := -1
	for j < len(s) && s[j] == '.' {
		k := wordDashRun(s, j+1)
		if k == j+1 {
			break
		}
		j, end = k, k
	}
	return end
}

// phoneEnd is where `\+\d[\d\s().-]{6,}\d` matching at s[i] ends, or -1: at the last digit of
// the run that is at least seven bytes past the first.
func phoneEnd(s string, i int) int {
	if i+1 >= len(s) || !isDigit(s[i+1]) {
		return -1
	}
	end := -1
	for j := i + 2; j < len(s) && (isDigit(s[j]) || strings.IndexByte(" \t\n\f\r().-", s[j]) >= 0); j++ {
		if isDigit(s[j]) && j-(i+2) >= 6 {
			end = j + 1
		}
	}
	return end
}

// ipEnd is where `\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b` matching at s[i] ends, or -1. Each group
// of digits must be a whole run: one cut short is followed by a digit, where the expression
// needs a dot, a colon or a word's end.
func ipEnd(s string, i int) int {
	j := i
	for g := 0; g < 4; g++ {
		if g > 0 {
			if j >= len(s) || s[j] != '.' {
				return -1
			}
			j++
		}
		k := digitRun(s, j)
		if k == j || k-j > 3 {
			return -1
		}
		j = k
	}
	if j < len(s) && s[j] == ':' {
		if k := digitRun(s, j+1); k > j+1 && (k == len(s) || !isWordByte(s[k])) {
			return k
		}
	}
	if j < len(s) && isWordByte(s[j]) {
		return -1
	}
	return j
}

func digitRun(s string, j int) int {
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	return j
}

func wordDashRun(s string, j int) int {
	for j < len(s) && (isWordByte(s[j]) || s[j] == '-') {
		j++
	}
	return j
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isMailByte is [\w.+-], the bytes of an e-mail address's name, which every match starts with.
func isMailByte(c byte) bool { return isWordByte(c) || c == '.' || c == '+' || c == '-' }
