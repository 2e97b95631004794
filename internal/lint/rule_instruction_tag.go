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
			"description, and what they wrap is judged by the other rules. Bracketed emphasis such as \"[IMPORTANT]\" is prose."),
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
		mustPhrase(SeverityHigh, i18n.T("contains a chat-template marker that forges a turn of the conversation"),
			`\[/?(?:INST|SYS|SYSTEM)\]|<<\s*/?SYS\s*>>|<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id)\|>`,
			"[inst", "[/inst", "[sys", "[/sys", "<<", "<|"),
	}
}
