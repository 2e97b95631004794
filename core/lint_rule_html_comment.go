package core

var ruleHTMLComment = lintRule{
	LintRule: LintRule{
		Name:     RuleHTMLComment,
		Severity: SeverityMedium,
		Summary:  "an HTML comment: invisible where descriptions are rendered, read in full by the model",
		Why:      "Text in an HTML comment disappears wherever the description is shown as Markdown or HTML, and the model still reads it.",
		Help:     "Medium for any <!-- … --> in a string; what the comment says is judged by the other rules. Remove the comment.",
	},
	phrases: []phrase{
		mustPhrase(SeverityMedium, "contains an HTML comment: hidden where the description is rendered, read by the model",
			`<!--[\s\S]{0,400}?(?:-->|$)`,
			"<!--"),
	},
}
