package diff

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// maxWordDiffTokens bounds the word diff: past it (a description of a hundred thousand words)
// the changed middle is shown as one deletion and one insertion rather than searched.
const maxWordDiffTokens = 20000

// wordTokens splits text into words, runs of white space and single other characters, so a
// diff of the tokens reads as a diff of words and joins back into the text exactly.
func wordTokens(s string) []string {
	var tokens []string
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		j := i + size
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_':
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !(unicode.IsLetter(r2) || unicode.IsDigit(r2) || r2 == '_' || unicode.Is(unicode.Mn, r2)) {
					break
				}
				j += n
			}
		case unicode.IsSpace(r):
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsSpace(r2) {
					break
				}
				j += n
			}
		}
		tokens = append(tokens, s[i:j])
		i = j
	}
	return tokens
}

// wordDiff diffs two texts word by word with go-diff: each distinct token becomes one rune,
// the runes are diffed, and the runes are mapped back to their tokens.
func wordDiff(a, b string) []DiffSegment {
	at, bt := wordTokens(a), wordTokens(b)
	ids := map[string]rune{}
	var vocab []string
	encode := func(tokens []string) []rune {
		out := make([]rune, len(tokens))
		for i, t := range tokens {
			id, ok := ids[t]
			if !ok {
				id = tokenRune(len(vocab))
				ids[t] = id
				vocab = append(vocab, t)
			}
			out[i] = id
		}
		return out
	}
	ar, br := encode(at), encode(bt)
	decode := func(s string) string {
		var sb strings.Builder
		for _, r := range s {
			sb.WriteString(vocab[runeToken(r)])
		}
		return sb.String()
	}
	var diffs []diffmatchpatch.Diff
	if len(ar)+len(br) > maxWordDiffTokens || len(vocab) > maxTokenRunes {
		p := 0
		for p < len(ar) && p < len(br) && ar[p] == br[p] {
			p++
		}
		s := 0
		for s < len(ar)-p && s < len(br)-p && ar[len(ar)-1-s] == br[len(br)-1-s] {
			s++
		}
		add := func(op diffmatchpatch.Operation, rs []rune) {
			if len(rs) > 0 {
				diffs = append(diffs, diffmatchpatch.Diff{Type: op, Text: string(rs)})
			}
		}
		add(diffmatchpatch.DiffEqual, ar[:p])
		add(diffmatchpatch.DiffDelete, ar[p:len(ar)-s])
		add(diffmatchpatch.DiffInsert, br[p:len(br)-s])
		add(diffmatchpatch.DiffEqual, ar[len(ar)-s:])
	} else {
		dmp := diffmatchpatch.New()
		dmp.DiffTimeout = 0 // deterministic; the token bound above keeps it fast
		diffs = dmp.DiffMainRunes(ar, br, false)
		diffs = dmp.DiffCleanupSemantic(diffs)
	}
	segments := make([]DiffSegment, 0, len(diffs))
	for _, df := range diffs {
		op := SegmentEqual
		switch df.Type {
		case diffmatchpatch.DiffInsert:
			op = SegmentInsert
		case diffmatchpatch.DiffDelete:
			op = SegmentDelete
		}
		text := decode(df.Text)
		if n := len(segments); n > 0 && segments[n-1].Op == op {
			segments[n-1].Text += text
			continue
		}
		segments = append(segments, DiffSegment{Op: op, Text: text})
	}
	return segments
}

// Token ids are runes from U+E000 upward (private use), skipping nothing up to U+10FFFF but
// the surrogates, which a Go string cannot hold.
const maxTokenRunes = 0x10FFFF - 0xE000 - 0x800

func tokenRune(i int) rune { return rune(0xE000 + i) }

func runeToken(r rune) int { return int(r - 0xE000) }
