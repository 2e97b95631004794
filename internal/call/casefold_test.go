package call

import (
	"strings"
	"testing"
)

// TestFoldCase: two names fold alike exactly when strings.EqualFold says they are equal.
func TestFoldCase(t *testing.T) {
	names := []string{"path", "Path", "PATH", "ſecret", "secret", "SECRET", "\u212aey", "key", "Key", "straße", "STRASSE", "Σίσυφος", "σίσυφοσ", "ς", "σ", "Σ", "", "x"}
	for _, a := range names {
		for _, b := range names {
			if (foldCase(a) == foldCase(b)) != strings.EqualFold(a, b) {
				t.Errorf("foldCase(%q) == foldCase(%q) is %v, EqualFold says %v", a, b, foldCase(a) == foldCase(b), strings.EqualFold(a, b))
			}
		}
	}
}
