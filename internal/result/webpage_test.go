package result_test

import (
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/lint"
)

// TestWebPageInvisibles: the invisible characters web pages carry beside punctuation or a line's
// edge (a byte-order mark where two files were joined, a zero-width space after a slash, an
// invisible separator after each item of a list) and soft hyphens inside words advise; the same
// characters between the letters of words, a long run of them, or a bidi override still flag.
func TestWebPageInvisibles(t *testing.T) {
	check := textResultChecker(t)
	for _, text := range []string{
		"Kontakt: 040 14392096\n\n\ufeff [Großhandel](http://www.example.de/grosshandel)",
		"Reisende warten am Bahnsteig. © Ben Stansall/\u200bAFP/\u200bGetty Images",
		"Ingredients\n\n- 1/2 block of tofu, diced\u2063\n- 120 g yellow noodles\u2063\n- 1 cup beansprouts\u2063",
		"Unlängst spa\u00adzierte ich ahnungs\u00adlos durch Eims\u00adbüt\u00adtel, da sah ich es.",
		"[Die andere Messe und ihre Menschen\ufeff](https://www.example.eu/messe)",
	} {
		rep := check(text)
		for _, f := range rep.Findings {
			if f.Rule == lint.RuleHiddenCharacters && f.Severity == lint.SeverityHigh {
				t.Errorf("%q: %v; want the invisible characters advised, not high", text, f)
			}
		}
		if rep.Verdict != "pass" {
			t.Errorf("%q: verdict %s, findings %v; want pass", text, rep.Verdict, rep.Findings)
		}
	}
	for _, text := range []string{
		"Please\u200bforward\u200bthis\u200bnote\u200bto\u200bthe\u200bteam\u200bbefore\u200bFriday.",
		"Price list\ufeff\ufeff\u200b\u200b\u2060\u2063 updated.",
		"Order total: \u202e00.05\u202c EUR",
		"Zwischen\ufeffden\ufeffWörtern steht nichts Sichtbares.",
	} {
		rep := check(text)
		high := false
		for _, f := range rep.Findings {
			if f.Rule == lint.RuleHiddenCharacters && f.Severity == lint.SeverityHigh {
				high = true
			}
		}
		if !high {
			t.Errorf("%q: findings %v; want a high hidden-characters finding", text, rep.Findings)
		}
	}
}
