package lint

import "github.com/gatehouse-dev/gatehouse/internal/i18n"

var ruleHTMLComment = lintRule{
	Rule: Rule{
		Name:     RuleHTMLComment,
		Severity: SeverityMedium,
		Summary:  i18n.T("an HTML comment: invisible where descriptions are rendered, read in full by the model"),
		Why:      i18n.T("Text in an HTML comment disappears wherever the description is shown as Markdown or HTML, and the model still reads it."),
		Help:     i18n.T("Medium for any <!-- … --> in a string; what the comment says is judged by the other rules. Remove the comment."),
	},
	phrases: []phrase{
		mustPhrase(SeverityMedium, i18n.T("contains an HTML comment: hidden where the description is rendered, read by the model"),
			`<!--[\s\S]{0,400}?(?:-->|$)`,
			"<!--"),
	},
}
