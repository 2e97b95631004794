package lint

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

var ruleHiddenCharacters = lintRule{
	Rule: Rule{
		Name:     RuleHiddenCharacters,
		Severity: SeverityHigh,
		Summary:  i18n.T("zero-width, bidi, tag, terminal-escape or other characters a reader cannot see but the model reads (tag text is decoded)"),
		Why:      i18n.T("What a reviewer approves is what is drawn on the screen; text the screen does not draw reaches the model unreviewed."),
		Help: i18n.T("High for zero-width characters between visible ones, bidirectional controls, Unicode tag characters (their text is " +
			"decoded and linted too), ANSI escape sequences and runs of variation selectors; medium for other controls, a soft " +
			"hyphen, a byte-order mark at the start, or a long run of blanks that pushes text off screen. Zero-width joiners inside " +
			"emoji and the joiners scripts such as Arabic or Devanagari write with are not reported. Rewrite the text without them."),
		Families: []string{FamilyHiddenText},
	},
	raw: func(l *linter, tf *toolFindings, s *textSite) { checkHidden(tf, s) },
}

// tagKind and selectorKind stand for the whole tag block and the variation selectors
// supplement in evidence: listing each character would only spell the hidden text badly.
const (
	tagKind      rune = -1
	selectorKind rune = -2
)

func runeLabel(r rune) string {
	switch r {
	case tagKind:
		return "U+E0000–U+E007F TAG CHARACTERS"
	case selectorKind:
		return "U+E0100–U+E01EF VARIATION SELECTORS"
	}
	return untrusted.Label(r)
}

// isZeroWidth reports the characters that take no room at all between visible ones.
func isZeroWidth(r rune) bool {
	return r == 0x200b || r == 0x200c || r == 0x200d || (r >= 0x2060 && r <= 0x2064) || r == 0xfeff || r == 0x180e || r == 0x034f
}

// isPictograph reports emoji and symbols a ZERO WIDTH JOINER or a variation selector may follow.
func isPictograph(r rune) bool {
	return r >= 0x2190 && (unicode.Is(unicode.So, r) || r == 0xfe0f || (r >= 0x1f000 && r <= 0x1faff))
}

// honestJoiner reports a ZERO WIDTH JOINER or NON-JOINER where writing needs one: inside an
// emoji sequence (👩‍💻), or between letters of a script that joins them (Arabic, Persian,
// Devanagari…), which is how those scripts are spelled, not a hiding place.
func honestJoiner(s string, i int, r rune) bool {
	if r != 0x200d && r != 0x200c {
		return false
	}
	prev, _ := utf8.DecodeLastRuneInString(s[:i])
	next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
	if r == 0x200d && isPictograph(prev) && isPictograph(next) {
		return true
	}
	joining := func(r rune) bool {
		return unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r)
	}
	script := scriptOf(prev)
	return joining(prev) && joining(next) && script != "" && script != "Latin" && script != "Cyrillic" && script != "Greek"
}

// plainByte sorts the bytes for checkHidden's first pass: the byte of a character that may hide
// (not ASCII, a control, DEL), a blank, a tab, or any other.
var plainByte = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c >= 0x80 || (c < 0x20 && c != '\n' && c != '\t' && c != '\r') || c == 0x7f:
			t[c] = plainHiding
		case c == ' ':
			t[c] = plainSpace
		case c == '\t':
			t[c] = plainTab
		default:
			t[c] = plainLetter
		}
	}
	return t
}()

const (
	plainLetter = iota
	plainSpace
	plainTab
	plainHiding
)

// paddingRun is how many blanks in a row push text out of a reader's view.
const paddingRun = 40

// mayHide reports whether text may hide or pad anything: printable ASCII with line breaks and
// tabs hides nothing, and can only pad, with a run of paddingRun blanks and a blank early enough
// in the text to start one.
func mayHide(text string) bool {
	run, longRun, earlyBlank := 0, false, false
	for i := 0; i < len(text); i++ {
		switch plainByte[text[i]] {
		case plainLetter:
			run = 0
			continue
		case plainSpace:
			earlyBlank = earlyBlank || i+paddingRun <= len(text)
		case plainTab:
		default:
			run, longRun, earlyBlank = 0, true, true
		}
		if longRun && earlyBlank {
			break
		}
		run++
		longRun = longRun || run >= paddingRun
	}
	return longRun && earlyBlank
}

// quietText reports, eight bytes at a time, text that [mayHide] leaves alone: printable ASCII,
// line breaks and tabs, with no eight bytes in a row at a multiple of eight all blanks, tabs or
// the marks that share their bits ("!", "(", ")"). A run of paddingRun blanks holds four such
// eights. False says nothing: the text is read byte by byte.
func quietText(text string) bool {
	const ones, highs, blankBits = 0x0101010101010101, 0x8080808080808080, 0x2929292929292929 // ' ' and '\t' are within 0x29's bits
	i := 0
	for ; i+8 <= len(text); i += 8 {
		w := uint64(text[i]) | uint64(text[i+1])<<8 | uint64(text[i+2])<<16 | uint64(text[i+3])<<24 |
			uint64(text[i+4])<<32 | uint64(text[i+5])<<40 | uint64(text[i+6])<<48 | uint64(text[i+7])<<56
		if w|blankBits == blankBits {
			return false
		}
		// Some byte is DEL or above, or below a blank: its eight are read one by one.
		if ((w+ones)|w)&highs != 0 || (w-0x20*ones)&^w&highs != 0 {
			for _, c := range []byte(text[i : i+8]) {
				if plainByte[c] == plainHiding {
					return false
				}
			}
		}
	}
	for ; i < len(text); i++ {
		if plainByte[text[i]] == plainHiding {
			return false
		}
	}
	return true
}

func checkHidden(tf *toolFindings, s *textSite) {
	// Most strings are text that hides nothing, and are left here without the walk below.
	if quietText(s.text) || !mayHide(s.text) {
		return
	}
	first := -1
	counts := map[rune]int{}
	var order []rune
	var tagText strings.Builder
	high := ""
	blanks, padAt := 0, -1
	var prev rune
	selectors := 0
	for i, r := range s.text {
		if r == ' ' || r == '\t' || r == 0xa0 || r == 0x3000 {
			blanks++
			if blanks >= paddingRun && padAt < 0 && strings.TrimSpace(s.text[i:]) != "" {
				padAt = i
			}
		} else {
			blanks = 0
		}
		if isVariationSelector(r) {
			selectors++
			if selectors == 1 && (r == 0xfe0f || r == 0xfe0e) && prev > ' ' && !unicode.IsSpace(prev) {
				prev = r
				continue // one presentation selector after a visible character: ⚠️, ℹ️, ©️, 1️⃣ as emoji or text
			}
		} else {
			selectors = 0
		}
		hidden := untrusted.IsHidden(r) && !untrusted.InEmoji(s.text, i) && !honestJoiner(s.text, i, r) || (isVariationSelector(r) && selectors >= 2)
		prev = r
		if !hidden {
			continue
		}
		if first < 0 {
			first = i
		}
		kind := r
		if untrusted.IsTag(r) {
			kind = tagKind // one kind: the text they spell is shown below
		} else if r >= 0xe0100 && r <= 0xe01ef {
			kind = selectorKind
		}
		if counts[kind] == 0 {
			order = append(order, kind)
		}
		counts[kind]++
		switch {
		case untrusted.IsTag(r):
			high = i18n.T("hides text in Unicode tag characters: invisible on screen, read by the model")
			if r >= 0xe0020 && r <= 0xe007e {
				tagText.WriteRune(r - 0xe0000)
			}
		case r == 0x1b || (r >= 0x80 && r < 0xa0):
			if high == "" {
				high = i18n.T("contains terminal escape sequences, which can hide or overwrite text where it is shown")
			}
		case untrusted.IsBidi(r):
			if high == "" {
				high = i18n.T("contains bidirectional controls that make the text read differently from how it displays")
			}
		case isVariationSelector(r):
			if high == "" {
				high = i18n.T("carries a run of variation selectors, which draw nothing and can encode hidden bytes")
			}
		case isZeroWidth(r) && !(r == 0xfeff && i == 0):
			if high == "" {
				high = i18n.T("hides zero-width characters between visible ones: invisible on screen, read by the model")
			}
		}
	}
	if first < 0 && padAt < 0 {
		return
	}
	what := where(*s)
	at := first
	if s.isKey {
		at = -1
	}
	if first < 0 {
		hidesTo := len(s.text)
		if nl := strings.IndexByte(s.text[padAt:], '\n'); nl >= 0 {
			hidesTo = padAt + nl
		}
		tf.add(Finding{Rule: RuleHiddenCharacters, Severity: SeverityMedium, Pointer: s.pointer(), at: padAt, hidesTo: hidesTo,
			Message:  i18n.Sprintf("%s pads text with %d or more blanks in a row, which pushes what follows out of a reader's view", what, paddingRun),
			Evidence: untrusted.Snippet(s.text, padAt, padAt, 40)})
		return
	}
	var kinds []string
	for k, r := range order {
		if k == 6 {
			kinds = append(kinds, i18n.Sprintf("and %d more kinds", len(order)-k))
			break
		}
		label := runeLabel(r)
		if counts[r] > 1 {
			label = fmt.Sprintf("%s ×%d", label, counts[r])
		}
		kinds = append(kinds, label)
	}
	severity, msg := SeverityMedium, i18n.T("contains characters a reader cannot see but the model reads")
	if high != "" {
		severity, msg = SeverityHigh, high
	}
	if tagText.Len() > 0 {
		kinds = append(kinds, i18n.Sprintf("hidden tag text: %q", untrusted.Visible(tagText.String(), 200)))
	}
	evidence := i18n.Sprintf("%s in: %s", i18n.Join(kinds, i18n.T("; ")), untrusted.Snippet(s.text, first, first, 30))
	tf.add(Finding{Rule: RuleHiddenCharacters, Severity: severity, Pointer: s.pointer(), at: at, Message: i18n.Sprintf("%s %s", what, msg), Evidence: evidence})
}
