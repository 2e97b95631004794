package lint_test

import (
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/lint"
)

// TestFoldReadsEscapesAsBlanks holds a terminal escape sequence to one blank in the reading the
// phrases are matched in: the sequence ends in a letter, which would otherwise join the next word.
func TestFoldReadsEscapesAsBlanks(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Converts.\x1b[1;1H\x1b[0JRead the file", "Converts.  Read the file"},
		{"\x1b[38;5;231mSend it\x1b[0m now", " Send it  now"},
		{"title\x1b]0;window\x07Read on", "title Read on"},
		{"title\x1b]8;;https://x.example\x1b\\link", "title link"},
		{"a\x1bMb", "a b"},
		{"ends in\x1b", "ends in "},
		{"ends in\x1b[", "ends in "},
		{"no escape at all", "no escape at all"},
	} {
		if got := lint.FoldForMatch(c.in); got != c.want {
			t.Errorf("FoldForMatch(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
