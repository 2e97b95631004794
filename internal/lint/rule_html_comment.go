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
		Help:     i18n.T("Medium for any <!-- … --> in a string, and for a Markdown comment ([//]: # (…)); high when the comment holds an instruction another rule reports at high (text hidden from every reader that gives the model orders). Remove the comment."),
		Families: []string{FamilyHiddenText},
	},
	tool:        raiseHiddenInstructions,
	makePhrases: htmlCommentPhrases,
}

// htmlCommentPhrases are the rule's phrases, made on first use ([registryPhrases]).
func htmlCommentPhrases() []phrase {
	return []phrase{
		mustPhrase(SeverityMedium, i18n.T("contains an HTML comment: hidden where the description is rendered, read by the model"),
			`<!--[\s\S]{0,400}?(?:-->|$)`,
			"<!--").judged(judgeCommentInstructions),
		// Markdown's comment, a link label nobody links to ("[//]: # (…)", "[comment]: <> (…)"):
		// it renders as nothing, as an HTML comment does.
		mustPhrase(SeverityMedium, i18n.T("contains a Markdown comment: hidden where the description is rendered, read by the model"),
			`\[(?://|#|_|comment|hidden|note|todo)\]:\s*(?:#|<>|<#>)\s*(?:\([^)\n]{0,400}\)|"[^"\n]{0,400}"|'[^'\n]{0,400}')`,
			"]:").judged(judgeMarkdownCommentInstructions),
	}
}

// judgeMarkdownCommentInstructions is [judgeCommentInstructions] for a Markdown comment.
func judgeMarkdownCommentInstructions(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	n := len(tf.comments)
	sev, msg, ok := judgeCommentInstructions(tf, v, m)
	if sev == SeverityHigh {
		msg = i18n.T("hides instructions for the model in a Markdown comment: invisible where the description is rendered, read in full by the model")
	}
	if len(tf.comments) > n {
		tf.comments[n].markdown = true
	}
	return sev, msg, ok
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
	// The rules' own checks (the other languages, the combined signals) run after the phrases:
	// the comment is judged again once the tool's strings are all read.
	tf.comments = append(tf.comments, textSpan{pointer: v.site.pointer(), where: where(*v.site), from: from, to: to})
	return SeverityMedium, "", true
}

// A textSpan is part of a string: its pointer and raw byte range.
type textSpan struct {
	pointer, where string // where: how a finding's message names the string
	from, to       int
	markdown       bool // a Markdown comment, not an HTML one
}

// raiseHiddenInstructions raises a medium HTML comment to high when a high instruction was
// found inside it by a check that ran after the comment's phrase.
func raiseHiddenInstructions(l *linter, tf *toolFindings) {
	for _, span := range tf.comments {
		for i := range tf.list {
			c := &tf.list[i]
			if c.Rule != RuleHTMLComment || c.Severity != SeverityMedium || c.Pointer != span.pointer {
				continue
			}
			if slices.ContainsFunc(tf.list, func(f Finding) bool {
				return f.Severity == SeverityHigh && f.Pointer == span.pointer && f.at >= span.from && f.at < span.to && slices.Contains(instructionRules, f.Rule)
			}) {
				c.Severity = SeverityHigh
				hides := i18n.T("hides instructions for the model in an HTML comment: invisible where the description is rendered, read in full by the model")
				if span.markdown {
					hides = i18n.T("hides instructions for the model in a Markdown comment: invisible where the description is rendered, read in full by the model")
				}
				c.Message = i18n.Sprintf("%s %s", span.where, hides)
				tf.highs++
			}
		}
	}
}
