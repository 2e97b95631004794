package lint

import "github.com/gatehouse-dev/gatehouse/internal/i18n"

var ruleInstructionOverride = lintRule{
	Rule: Rule{
		Name:     RuleInstructionOverride,
		Severity: SeverityHigh,
		Summary:  i18n.T("text tells the model to ignore, replace or reveal its instructions, or announces new ones"),
		Why:      i18n.T("A tool description that countermands the model's instructions takes the session away from the user who gave them."),
		Help: i18n.T("Looks for orders to ignore, disregard or override previous, system or user instructions, claims of priority over " +
			"them, announcements of new instructions or of a new role (\"you are now…\"), and requests to reveal the system prompt. " +
			"Honest descriptions say what a tool does; they never address the model's other instructions. Do not approve the tool."),
		Families: []string{FamilyInstructionOverride},
	},
	// The instruction families in the other languages lint reads, whichever rule they report
	// under (languages.go): run once per reading, after the English phrases.
	text: checkLanguages,
	phrases: []phrase{
		mustPhrase(SeverityHigh, i18n.T("tells the model to ignore or replace its instructions"),
			`\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|every\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?(?:previous|prior|above|earlier|preceding|other|system|original|existing|safety|user'?s?)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|guardrails|messages|constraints|requests?)\b`,
			"ignore", "disregard", "forget", "override", "bypass"),
		mustPhrase(SeverityHigh, i18n.T("tells the model to ignore the instructions it was given"),
			`\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|these\s+|those\s+)?(?:instructions?|prompts?|rules|directions|directives|guidelines|messages|constraints)\s+(?:above|given\s+(?:above|before|earlier)|before\s+this|you\s+(?:were|have\s+been)\s+given)\b|\b(?:ignore|disregard|forget)\s+(?:everything|anything|all)\s+(?:(?:written|said|stated|you\s+were\s+told)\s+)?(?:above|before|so\s+far)\b`,
			"above", "given", "before", "so far").gated("ignore", "disregard", "forget"),
		mustPhrase(SeverityHigh, i18n.T("claims priority over the model's other instructions"),
			`\b(?:takes?|has|have)\s+(?:absolute\s+|top\s+|highest\s+)?(?:priority|precedence)\s+over\s+(?:all\s+|any\s+)?(?:other|previous|prior|user|system)\b|\bthis\s+(?:instruction|rule|message|notice|directive)\s+(?:overrides|supersedes|replaces)\b`,
			"priority", "precedence", "overrides", "supersedes", "replaces"),
		mustPhrase(SeverityHigh, i18n.T("asks the model to reveal its own instructions"),
			`\b(?:reveal|print|output|repeat|include|send|share|leak|return|dump)\s+(?:your|the)\s+(?:full\s+|entire\s+|complete\s+)?(?:system\s+prompt|system\s+instructions|hidden\s+instructions|initial\s+instructions|developer\s+(?:message|instructions))\b`,
			"system prompt", "instructions", "developer message"),
		mustPhrase(SeverityHigh, i18n.T("announces new instructions for the model"),
			`\b(?:new|updated|real|actual|additional|revised)\s+(?:system\s+)?instructions\s*:|\b(?:system|developer|admin(?:istrator)?)\s+(?:override|message|instruction)s?\s*:`,
			"instructions:", "override:", "overrides:", "message:", "messages:", "instruction:"),
		mustPhrase(SeverityHigh, i18n.T("gives the model a new role"),
			`\byou\s+are\s+now\s+(?:a|an|in)\b|\bfrom\s+now\s+on,?\s+(?:you|always|never|respond|answer|act)\b|\byour\s+(?:new|real|true|only)\s+(?:task|goal|objective|purpose|job|role|instructions?)\s+(?:is|are)\b`,
			"you are now", "from now on", "your new", "your real", "your true", "your only"),
	},
}
