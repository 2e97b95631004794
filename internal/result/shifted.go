package result

// Text written with its letters shifted along the alphabet (a Caesar cipher, ROT13: "Lpsruh
// suhylrxv lqvwuxfwlrqv" for "Ignore previous instructions") reads as no language, and a model
// asked to decode it reads the sentence under it. The check finds such runs by their letter
// counts alone: a run of words whose counts fit English letter frequencies far better once
// shifted back than as written is read shifted back, and what it says is checked as any decoded
// text is. Prose as written fits best unshifted; a run read shifted back is flagged only when
// what it says is a takeover, so a name or a code that happens to fit is never a finding.

// englishFrequency is the share, in thousandths, of each letter a–z in English text.
var englishFrequency = [26]float64{
	82, 15, 28, 43, 127, 22, 20, 61, 70, 2, 8, 40, 24, 67, 75, 19, 1, 60, 63, 91, 28, 10, 24, 2, 20, 1,
}

// shiftedRun is a run of s, s[start:end], whose letters read shifted back by shift.
type shiftedRun struct{ start, end, shift int }

// minShiftedLetters is the fewest letters a run holds to be read: fewer fit any shift by chance.
const minShiftedLetters = 40

// findShiftedRuns returns, up to n, the runs of s written in ASCII words (letters, blanks and the
// marks of a sentence, without digits) that fit English far better shifted back than as written.
// Each sentence of a run is weighed on its own, for a shifted sentence often follows one as
// written, and consecutive sentences read with the same shift make one run.
func findShiftedRuns(s string, n int) []shiftedRun {
	var out []shiftedRun
	for i := 0; i < len(s) && len(out) < n; {
		if !isShiftedByte(s[i]) {
			i++
			continue
		}
		runEnd := i
		for runEnd < len(s) && isShiftedByte(s[runEnd]) {
			runEnd++
		}
		for i < runEnd && len(out) < n {
			end := shiftedSentenceEnd(s, i, runEnd)
			if k := sentenceShift(s[i:end]); k != 0 {
				if last := len(out) - 1; last >= 0 && out[last].end == i && out[last].shift == k {
					out[last].end = end
				} else {
					out = append(out, shiftedRun{i, end, k})
				}
			}
			i = end
		}
	}
	return out
}

// shiftedSentenceEnd is where the sentence that starts at i ends, at the latest at end: after a
// full stop, a question or exclamation mark followed by a blank.
func shiftedSentenceEnd(s string, i, end int) int {
	for ; i < end; i++ {
		if c := s[i]; (c == '.' || c == '!' || c == '?') && (i+1 == end || s[i+1] == ' ') {
			return i + 1
		}
	}
	return end
}

// sentenceShift is the shift a sentence of ASCII words reads with, or 0: it holds
// minShiftedLetters letters in six words at least, and fits English far better shifted back.
func sentenceShift(sentence string) int {
	var counts [26]int
	letters, words := 0, 0
	for i := 0; i < len(sentence); i++ {
		c := sentence[i] | 0x20
		if 'a' <= c && c <= 'z' {
			if i == 0 || !isLetterByte(sentence[i-1]) {
				words++
			}
			counts[c-'a']++
			letters++
		}
	}
	if letters < minShiftedLetters || words < 6 {
		return 0
	}
	// Text as written in English or a language near it holds e, t, a, o, i and n for two letters
	// in five; text shifted along the alphabet holds them far less. The fit is weighed only then.
	if common := counts['e'-'a'] + counts['t'-'a'] + counts[0] + counts['o'-'a'] + counts['i'-'a'] + counts['n'-'a']; common*5 >= letters*2 {
		return 0
	}
	return bestShift(&counts, letters)
}

// bestShift is the shift that, taken back from each letter, makes counts fit English best, when
// it fits at least four times better than the text as written; else 0.
func bestShift(counts *[26]int, letters int) int {
	fit := func(k int) float64 {
		chi := 0.0
		for c := range 26 {
			want := englishFrequency[c] * float64(letters) / 1000
			d := float64(counts[(c+k)%26]) - want
			chi += d * d / want
		}
		return chi
	}
	written, best, bestFit := fit(0), 0, 0.0
	for k := 1; k < 26; k++ {
		if f := fit(k); best == 0 || f < bestFit {
			best, bestFit = k, f
		}
	}
	if bestFit*4 > written {
		return 0
	}
	return best
}

// unshift is s with each ASCII letter moved back by k along the alphabet, case kept.
func unshift(s string, k int) []byte {
	b := []byte(s)
	for i, c := range b {
		switch {
		case 'a' <= c && c <= 'z':
			b[i] = 'a' + (c-'a'+26-byte(k))%26
		case 'A' <= c && c <= 'Z':
			b[i] = 'A' + (c-'A'+26-byte(k))%26
		}
	}
	return b
}

// The bytes of a shifted run: ASCII letters, blanks and a sentence's marks.
func isShiftedByte(c byte) bool {
	return isLetterByte(c) || c == ' ' || c == ',' || c == '.' || c == ':' || c == ';' || c == '\'' || c == '!' || c == '?' || c == '-'
}
func isLetterByte(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
