package lint

import (
	"slices"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

var ruleHTMLComment = lintRule{
	Rule: Rule{
		Name:     RuleHTMLComment,
		Severity: SeverityMedium,
		Summary:  i18n.T("an HTML comment: invisible where descriptions are rendered, read in full by the model"),
		Why:      i18n.T("Text in an HTML comment disappears wherever the description is shown as Markdown or HTML, and the model still reads it."),
		Help:     i18n.T("Medium for any <!-- … --> in a string; high when the comment holds an instruction another rule reports at high (text hidden from every reader that gives the model orders). Remove the comment."),
		Families: []string{FamilyHiddenText},
	},
	phrases: []phrase{
		mustPhrase(SeverityMedium, i18n.T("contains an HTML comment: hidden where the description is rendered, read by the model"),
			`<!--[\s\S]{0,400}?(?:-->|$)`,
			"<!--").judged(judgeCommentInstructions),
	},
}

// judgeCommentInstructions makes a comment high when an instruction rule found a high inside it:
// orders to the model hidden from everyone who reads the rendered description.
func judgeCommentInstructions(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	from, to := v.rawAt(m[0]), v.rawAt(m[1])
	var pointer string
	for _, f := range tf.list {
		if f.Severity != SeverityHigh || f.at < from || f.at >= to || !slices.Contains(instructionRules, f.Rule) {
			continue
		}
		if pointer == "" {
			pointer = v.site.pointer()
		}
		if f.Pointer == pointer {
			return SeverityHigh, i18n.T("hides instructions for the model in an HTML comment: invisible where the description is rendered, read in full by the model"), true
		}
	}
	return SeverityMedium, "", true
}
