package i18n

import (
	"regexp"
	"testing"
)

// isLanguageTag is the regular expression it documents, written out: they agree on every text.
func TestIsLanguageTagIsItsRegexp(t *testing.T) {
	re := regexp.MustCompile(`^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$`)
	texts := []string{"", "e", "en", "EN", "fra", "fran", "fr-CH", "de_DE", "fr-", "-fr", "fr--CH", "fr-_CH", "fr_-CH",
		"fr__CH", "zh-Hant-TW", "en-123456789", "en-12345678", "en-é", "é", "e1", "12", "en CH", "en-CH-", "x-", "de_", "a-b"}
	for a := byte(0); a < 128; a++ {
		texts = append(texts, string([]byte{'e', 'n', a}), string([]byte{'e', 'n', '-', a}), string([]byte{a, 'n'}))
	}
	for _, s := range texts {
		if got, want := isLanguageTag(s), re.MatchString(s); got != want {
			t.Errorf("isLanguageTag(%q) = %v, the regexp says %v", s, got, want)
		}
	}
}

func FuzzIsLanguageTag(f *testing.F) {
	re := regexp.MustCompile(`^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$`)
	for _, s := range []string{"en", "fr-CH", "de_DE", "zh-Hant-TW", "a--b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := isLanguageTag(s), re.MatchString(s); got != want {
			t.Errorf("isLanguageTag(%q) = %v, the regexp says %v", s, got, want)
		}
	})
}
