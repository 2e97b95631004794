package lint

import "github.com/gatehouse-dev/gatehouse/internal/i18n"

var ruleInstructionTag = lintRule{
	Rule: Rule{
		Name:     RuleInstructionTag,
		Severity: SeverityHigh,
		Summary:  i18n.T("chat-template markers that forge a system or user turn (high), or <IMPORTANT>-style tags aimed at the model (medium)"),
		Why:      i18n.T("Markup addressed to the model is how injected instructions announce themselves; a forged chat-template turn makes them pass for the system's own."),
		Help: i18n.T("High for chat-template markers ([INST], <<SYS>>, <|im_start|>, <|system|>…), which only make sense to forge a turn " +
			"of the conversation. Medium for tags such as <IMPORTANT>, <SYSTEM>, <instructions> or <secret>: unusual in a " +
			"description, and what they wrap is judged by the other rules. Bracketed emphasis such as \"[IMPORTANT]\" is prose. High " +
			"too for a whole script element with code in a tool's definition (\"<script>alert(1)</script>\"), which only a client " +
			"that shows the text as HTML would run; naming the tag (\"<script> tags are removed\") is not reported."),
		Families: []string{FamilyInstructionOverride},
	},
	makePhrases: instructionTagPhrases,
}

// instructionTagPhrases are the rule's phrases, made on first use ([registryPhrases]).
func instructionTagPhrases() []phrase {
	return []phrase{
		mustPhrase(SeverityMedium, i18n.T("wraps text in a tag aimed at the model"),
			`<\s*/?\s*(?:important|system|instructions?|secret|hidden|admin|critical|assistant|sys|prompt|override|system[-_]?(?:note|message|prompt)|mandatory|urgent)\b[^<>]{0,40}>`,
			"<"),
		// A whole script element with code in it: a description is text for the model and the
		// person reading it, and only a client that shows it as HTML would run what it holds.
		// Honest descriptions name the tag ("<script> tags are removed", "a widget containing a
		// <script> tag") but never close one around code. A result (a web page) holds scripts
		// honestly, so only a definition is read for it.
		mustPhrase(SeverityHigh, i18n.T("holds a script element with code in it: a client that shows the description as HTML runs it"),
			`<\s*script\b[^<>]{0,80}>[^<]*?[^\s<][^<]{0,400}?<\s*/\s*script\s*>`,
			"</script", "< /script", "</ script").judged(inDefinitions(func(*toolFindings, *textView, []int) (Severity, string, bool) { return SeverityHigh, "", true })),
		mustPhrase(SeverityHigh, i18n.T("contains a chat-template marker that forges a turn of the conversation"),
			`\[/?(?:INST|SYS|SYSTEM)\]|<<\s*/?SYS\s*>>|<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id)\|>`,
			"[inst", "[/inst", "[sys", "[/sys", "<<", "<|"),
	}
}
