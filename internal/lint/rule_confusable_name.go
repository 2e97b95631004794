package lint

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"

	"golang.org/x/text/unicode/norm"
)

var ruleConfusableName = lintRule{
	Rule: Rule{
		Name:     RuleConfusableName,
		Severity: SeverityHigh,
		Summary:  i18n.T("a tool or parameter name that mixes scripts or uses look-alike characters (send_emaіl with a Cyrillic і), so it reads as another name"),
		Why:      i18n.T("A name that reads as another passes a reviewer's eye and slips past a policy keyed by the real name."),
		Help: i18n.T("High for a name NFKC changes (fullwidth, styled or ligature letters), a name mixing scripts other than those written " +
			"together (Latin with Han, kana or Hangul), or a name written in one script using only letters that look Latin. Names " +
			"honestly written in one script are not reported. Rename the tool or parameter in plain letters."),
		Families: []string{FamilyLookalikeName},
	},
	tool: func(l *linter, tf *toolFindings) { l.checkNames(tf) },
}

// checkNames looks at the tool's name and its parameters' names for letters that imitate
// others. A name that reads as another (send_emaіl with a Cyrillic і for send_email) passes a
// reviewer's eye and a policy keyed by the real name: "allow_tools" or an argument rule for
// "path" does not bind "pаth".
func (l *linter) checkNames(tf *toolFindings) {
	t := tf.tool
	if name, ok := t.Def["name"].(string); ok {
		if reading, why := confusableName(name); why != "" {
			msg := i18n.Sprintf("the tool name %s", why)
			if _, other := l.toolsByName[reading]; other && reading != name {
				msg = i18n.Sprintf("the tool name %s, the name of another tool in this catalog", why)
			}
			tf.add(Finding{Rule: RuleConfusableName, Severity: SeverityHigh, Pointer: jsondoc.JoinPointer(t.Pointer, "name"), at: -1, Message: msg, Evidence: nameEvidence(name, reading)})
		}
	}
	for _, p := range tf.properties() {
		if reading, why := confusableName(p.name); why != "" {
			msg := i18n.Sprintf("the parameter name %s", why)
			if tf.isParameter(reading) && reading != p.name {
				msg = i18n.Sprintf("the parameter name %s, the name of another of its parameters", why)
			}
			tf.add(Finding{Rule: RuleConfusableName, Severity: SeverityHigh, Pointer: p.pointer(), at: -1, Message: msg, Evidence: nameEvidence(p.name, reading)})
		}
	}
}

// confusableName says why a name reads as another, and what it reads as; why is "" for an
// honest name. A name is confusable when NFKC changes it (fullwidth, styled or ligature
// letters), when it mixes scripts other than the ones written together (Latin with Han, kana or
// Hangul), or when it is written in one non-Latin script using only letters that look Latin.
// Format characters are left to the hidden-characters rule.
func confusableName(name string) (reading, why string) {
	if untrusted.IsASCII(name) {
		return name, ""
	}
	if folded := norm.NFKC.String(name); folded != name {
		return folded, i18n.Sprintf("is written with compatibility or decomposed characters (fullwidth, styled or ligature letters, separate accents) and reads as %q", folded)
	}
	var lookalike strings.Builder
	var scripts []string
	onlyLookalikes, nonLatin := true, 0
	for _, r := range name {
		if unicode.Is(unicode.Cf, r) {
			continue
		}
		script := scriptOf(r)
		if script != "" && !slices.Contains(scripts, script) {
			scripts = append(scripts, script)
		}
		if latin, ok := latinLookalikes[r]; ok {
			lookalike.WriteRune(latin)
			nonLatin++
			continue
		}
		lookalike.WriteRune(r)
		if script != "" && script != "Latin" {
			onlyLookalikes = false
			nonLatin++
		}
	}
	reading = lookalike.String()
	switch {
	case len(scripts) > 1 && !slices.ContainsFunc(scriptMixes, func(mix []string) bool {
		return !slices.ContainsFunc(scripts, func(s string) bool { return !slices.Contains(mix, s) })
	}):
		why = i18n.Sprintf("mixes %s letters", i18n.Join(scripts, i18n.T(" and ")))
		if reading != name {
			why = i18n.Sprintf("mixes %s letters and reads as %q", i18n.Join(scripts, i18n.T(" and ")), reading)
		}
	case len(scripts) == 1 && nonLatin > 0 && onlyLookalikes:
		why = i18n.Sprintf("is written in %s letters that all look like Latin ones and reads as %q", scripts[0], reading)
	}
	return reading, why
}

// nameEvidence shows a confusable name with each of its non-ASCII characters named.
func nameEvidence(name, reading string) string {
	var chars []string
	for i, r := range []rune(name) {
		if r < utf8.RuneSelf {
			continue
		}
		if len(chars) == 4 {
			chars = append(chars, "…")
			break
		}
		script := scriptOf(r)
		if script == "" {
			script = i18n.T("no script")
		}
		chars = append(chars, i18n.Sprintf("U+%04X (%s) at character %d", r, script, i+1))
	}
	if len(chars) == 0 {
		return i18n.Sprintf("%s reads as %s:", untrusted.Visible(name, 60), untrusted.Visible(reading, 60))
	}
	return i18n.Sprintf("%s reads as %s: %s", untrusted.Visible(name, 60), untrusted.Visible(reading, 60), i18n.Join(chars, i18n.T("; ")))
}

// scriptMixes are the sets of scripts one name may honestly combine (Unicode TS #39's "highly
// restrictive" level): Japanese, Chinese and Korean writing with Latin.
var scriptMixes = [][]string{
	{"Latin", "Han", "Hiragana", "Katakana"},
	{"Latin", "Han", "Bopomofo"},
	{"Latin", "Han", "Hangul"},
}

// commonScripts are tried first when naming a letter's script; the rest of unicode.Scripts after.
var commonScripts = []string{"Latin", "Cyrillic", "Greek", "Armenian", "Cherokee", "Coptic", "Georgian", "Han", "Hiragana",
	"Katakana", "Hangul", "Bopomofo", "Arabic", "Hebrew", "Devanagari", "Thai"}

var otherScripts = func() []string {
	var names []string
	for name := range unicode.Scripts {
		if name != "Common" && name != "Inherited" && !slices.Contains(commonScripts, name) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}()

// scriptOf names the script of a letter, or "" for characters every script shares (digits,
// punctuation, combining marks).
func scriptOf(r rune) string {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return "Latin"
		}
		return ""
	}
	for _, names := range [][]string{commonScripts, otherScripts} {
		for _, name := range names {
			if unicode.Is(unicode.Scripts[name], r) {
				return name
			}
		}
	}
	return ""
}

// latinLookalikes maps Cyrillic, Greek and Armenian letters to the Latin letters they are drawn
// like (Unicode's confusables for these scripts, trimmed to the close ones).
var latinLookalikes = map[rune]rune{
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't', 'у': 'y', 'х': 'x',
	'ѕ': 's', 'і': 'i', 'ј': 'j', 'һ': 'h', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'ӏ': 'l', 'ү': 'y',
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T', 'У': 'Y', 'Х': 'X',
	'Ѕ': 'S', 'І': 'I', 'Ј': 'J', 'Ԛ': 'Q', 'Ԝ': 'W', 'Ү': 'Y', 'Ӏ': 'I',
	// Greek
	'α': 'a', 'ο': 'o', 'ρ': 'p', 'ν': 'v', 'ι': 'i', 'κ': 'k', 'υ': 'u', 'χ': 'x', 'γ': 'y',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
	// Armenian
	'օ': 'o', 'ս': 'u', 'ց': 'g', 'հ': 'h', 'ո': 'n', 'զ': 'q',
}
