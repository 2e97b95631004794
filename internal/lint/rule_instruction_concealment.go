package lint

import (
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
)

var ruleInstructionConcealment = lintRule{
	Rule: Rule{
		Name:     RuleInstructionConcealment,
		Severity: SeverityHigh,
		Summary:  i18n.T("text tells the model to keep something from the user, or to act without telling them"),
		Why:      i18n.T("An instruction to keep the user uninformed only serves someone other than the user: whatever comes with it is meant not to be noticed."),
		Help: i18n.T("Looks for orders not to tell, mention or reveal something to the user, soft ones too (\"there is no need to mention " +
			"this to the user\", \"the user does not need to know\"), acting silently or without telling the user, and framing " +
			"an instruction as a mere implementation detail. Honest descriptions never ask to keep the user in the dark. Do not " +
			"approve the tool; read what the concealed part asks for."),
		Families: []string{FamilyConcealment},
	},
	makePhrases: instructionConcealmentPhrases,
}

// instructionConcealmentPhrases are the rule's phrases, made on first use ([registryPhrases]).
func instructionConcealmentPhrases() []phrase {
	return []phrase{
		mustPhrase(SeverityHigh, i18n.T("tells the model to keep something from the user"),
			`\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|shouldn'?t|mustn'?t)\s+(?:ever\s+)?(?:tell|inform|notify|alert|mention|reveal|disclose|report|warn|bother)\b`+gap+`\b(?:the\s+)?users?\b`,
			"not tell", "not inform", "not notify", "not alert", "not mention", "not reveal", "not disclose", "not report", "not warn", "not bother",
			"n't tell", "n't inform", "n't notify", "n't alert", "n't mention", "n't reveal", "n't disclose", "n't report", "n't warn", "n't bother",
			"never tell", "never inform", "never notify", "never alert", "never mention", "never reveal", "never disclose", "never report", "never warn",
			"not ever", "n't ever").gated("not ", "n't ", "never "),
		mustPhrase(SeverityHigh, i18n.T("tells the model not to mention what it does"),
			`\b(?:do\s+not|don'?t|never)\s+(?:\w+ly\s+)?(?:mention|reveal|disclose|acknowledge|explain|discuss)\s+(?:this|that|these|it|why|the\s+(?:above|following|instructions?|note|prefix|step|file))\b`,
			"mention", "reveal", "disclose", "acknowledge", "explain", "discuss").gated("not ", "n't ", "never "),
		mustPhrase(SeverityHigh, i18n.T("tells the model there is no need to tell the user"),
			`\bno\s+(?:need|reason|point)\s+(?:at\s+all\s+)?to\s+(?:tell|inform|notify|alert|mention|bother|explain|report|show|let|bring\s+(?:this|it|that|these)\s+up|raise\s+(?:this|it|that))\b`+gap+`\b(?:the\s+)?(?:users?|them|anyone|this|it)\b`,
			"no need to", "no reason to", "no point to"),
		mustPhrase(SeverityHigh, i18n.T("tells the model to silence the warnings the user relies on"),
			`\b(?:suppress|silence|mute|hide|disable|swallow|squelch)\s+(?:all|any|every|each)\s+(?:of\s+the\s+)?(?:[\w-]+\s+)?(?:warnings?|alerts?|security\s+(?:prompts?|notices?|notifications?))\b`,
			"suppress", "silence", "mute", "hide", "disable", "swallow", "squelch").gated("warning", "alert", "security").judged(judgeSilencing),
		mustPhrase(SeverityHigh, i18n.T("says the user need not know"),
			`\b(?:the\s+)?users?\s+(?:does\s*n[o']?t|do\s*n[o']?t|does\s+not|do\s+not|need\s*n[o']?t|needn'?t|should\s*n[o']?t|should\s+not|must\s*n[o']?t|must\s+not|won'?t|will\s+not|may\s+not|can\s*n[o']?t|cannot|(?:must|should|will|may|can|shall)\s+never|never)\s+(?:ever\s+)?(?:need\s+to\s+|have\s+to\s+)?(?:know|see|notice|hear|find\s+out|be\s+(?:told|informed|notified|aware|shown|bothered))\b`,
			"user").gated("not", "n't", "cannot", "never"),
		mustPhrase(SeverityHigh, i18n.T("says the tool hides what it does from the logs, monitoring or the user"),
			`\b(?:hides?|hiding|conceals?|concealing|erases?|erasing|wipes?|wiping|masks?|masking|scrubs?|scrubbing)\s+(?:its\s+|all\s+|the\s+|any\s+|their\s+)?(?:own\s+)?(?:activit(?:y|ies)|traces?|tracks|footprints?|presence|actions)\b[^.!?\n]{0,20}?\bfrom\s+(?:the\s+)?(?:system\s+|security\s+|audit\s+)?(?:logs?|audit\w*|monitoring|security\s+tools|detection|administrators?|admins?|users?|defenders?)\b|\bcover(?:s|ing)?\s+(?:its|their)\s+tracks\b`,
			"hide", "hiding", "conceal", "erase", "erasing", "wipe", "wiping", "mask", "scrub", "cover"),
		mustPhrase(SeverityHigh, i18n.T("tells the model to act behind the user's back"),
			`\bwithout\s+(?:the\s+user\s+(?:knowing|noticing|seeing)|(?:telling|informing|notifying|alerting|asking|warning|consulting|letting)\s+(?:the\s+)?users?)\b|\bunbeknownst\s+to\b|\bbehind\s+the\s+user'?s\s+back\b`,
			"without the user", "without tell", "without inform", "without notif", "without alert", "without ask", "without warn", "without consult", "without let", "unbeknownst", "behind the user"),
		mustPhrase(SeverityHigh, i18n.T("tells the model to act without revealing it to the user"),
			`\bwithout\s+(?:ever\s+)?(?:revealing|disclosing|mentioning|showing|exposing|explaining)\s+(?:this|it|that|these|the\s+\w+)(?:\s+\w+)?\s+to\s+(?:the\s+)?users?\b`,
			"without reveal", "without disclos", "without mention", "without show", "without expos", "without explain", "without ever"),
		mustPhrase(SeverityHigh, i18n.T("marks text as hidden from the user"),
			`(?-i:\bHIDDEN\s+FROM\s+(?:THE\s+)?USERS?\b)|\[\s*hidden\s+from\s+(?:the\s+)?users?\s*\]|<\s*hidden[-_\s]+from[-_\s]+(?:the[-_\s]+)?users?\s*>`,
			"hidden from"),
		// The same mark as an order: "[DO NOT SHOW TO USER]", "(not to be shown to the user)",
		// "DO NOT DISPLAY TO THE USER:". In brackets or in capitals it labels the text around it
		// for the model; prose that keeps a secret from the screen ("never show the token to the
		// user") is neither.
		mustPhrase(SeverityHigh, i18n.T("marks text as hidden from the user"),
			`[\[(]\s*(?:do\s+not|don'?t|never|not\s+to\s+be|not\s+for\s+the)\s+(?:show|display|reveal|tell|mention|shown|displayed|revealed|told|mentioned|eyes\s+of)\s+(?:this\s+|it\s+)?(?:to\s+|of\s+)?(?:the\s+)?users?(?:'s\s+eyes)?\s*[\])]|(?-i:\b(?:DO\s+NOT|DON'T|NEVER)\s+(?:SHOW|DISPLAY|REVEAL|TELL|MENTION)\s+(?:THIS\s+|IT\s+)?(?:TO\s+)?(?:THE\s+)?USERS?\b)`,
			"[", "(", "do not", "don't", "never").gated("user"),
		mustPhrase(SeverityHigh, i18n.T("tells the model to hide something from the user"),
			`\b(?:hide|conceal|keep|withhold)\s+(?:this|it|that|these|the\s+\w+)\s+(?:hidden\s+|secret\s+)?from\s+(?:the\s+)?users?\b`,
			"hide", "conceal", "keep", "withhold").gated("from the user", "from user"),
		mustPhrase(SeverityHigh, i18n.T("tells the model to keep something secret"),
			`\b(?:keep|hide)\s+(?:this|it|these|that|the\s+(?:above|following))\b`+gap+`\b(?:secret|hidden|confidential|private|between\s+us)\b|\bthis\s+is\s+a\s+secret\s+(?:operation|instruction|step|task)\b`,
			"keep this", "keep it", "keep these", "keep that", "keep the", "hide this", "hide it", "hide these", "hide that", "hide the", "secret operation", "secret instruction", "secret step", "secret task"),
		mustPhrase(SeverityHigh, i18n.T("tells the model to do something silently"),
			`\b(?:silently|secretly|quietly|covertly|discreetly|invisibly|stealthily)\s+(?:also\s+)?(?:send|copy|upload|forward|include|read|exfiltrate|transmit|pass|attach|bcc|cc|add|post|call|append|redirect|change|replace|prefix|run|execute|collect|store|log)\b`,
			"silently", "secretly", "quietly", "covertly", "discreetly", "invisibly", "stealthily"),
		mustPhrase(SeverityHigh, i18n.T("tells the model to keep the instruction out of what the user sees"),
			`\b(?:do\s+not|don'?t|never|must\s+not)\s+(?:include|show|mention|repeat|display|print|echo|quote|surface)\s+(?:this|these|the\s+(?:above|following))\s+(?:instructions?|notes?|steps?|text|directives?|requirements?)\s+in\s+(?:your|the|any)\s+(?:visible\s+|final\s+)?(?:responses?|repl(?:y|ies)|answers?|outputs?|messages?)\b`,
			"not include", "not show", "not mention", "not repeat", "not display", "not print", "not echo", "not quote", "not surface", "n't include", "n't show", "n't mention", "n't repeat", "n't display", "never include", "never show", "never mention", "never repeat", "never display"),
		mustPhrase(SeverityHigh, i18n.T("tells the model to disguise secrets as ordinary output"),
			`\b(?:formatted|disguised|presented|dressed\s+up|camouflaged|passed\s+off|written)\s+(?:so\s+(?:that\s+)?it\s+looks\s+)?(?:as|like)\s+(?:an?\s+)?(?:normal|ordinary|regular|routine|harmless|innocuous|innocent)\s+(?:[\w-]+\s+)?(?:output|status|information|info|text|results?|data|logs?|messages?|responses?)\b|\b(?:format|disguise|dress\s+up|present|make|write|phrase)\s+(?:them|it|these|this|those|the\s+\w+)\s+(?:up\s+)?(?:to\s+look|so\s+(?:that\s+)?(?:they|it)\s+looks?|as\s+if\s+(?:they|it)\s+(?:were|was))\s+(?:like\s+|as\s+)?(?:an?\s+)?(?:normal|ordinary|regular|routine|harmless|innocuous|innocent)\b|\b(?:formatiert|getarnt|verpackt|verkleidet|dargestellt)\s+(?:wie|als)\s+(?:normale|gew[öo]hnliche|[üu]bliche|harmlose|unauff[äa]llige)[nrs]?\b`,
			"formatted", "disguised", "presented", "dressed up", "camouflaged", "passed off", "written", "format", "disguise", "present", "make", "write", "phrase", "formatiert", "getarnt", "verpackt", "verkleidet", "dargestellt").judged(judgeDisguise),
		// Deceiving the user about what was done, so that they do not grow suspicious ("claim
		// this is document metadata to avoid user suspicion", "so the user doesn't suspect"):
		// the user is the one kept from knowing. A scraper's "to avoid suspicion from anti-bot
		// systems" names no user, and a detector's sentence describes the attack.
		mustPhrase(SeverityHigh, i18n.T("tells the model to keep the user from growing suspicious"),
			`\b(?:to|so\s+as\s+to|in\s+order\s+to)\s+(?:avoid|not\s+(?:arouse|raise|cause|trigger))\s+(?:arousing\s+|raising\s+|causing\s+|triggering\s+)?(?:any\s+)?(?:the\s+)?(?:user'?s?|users'|their|the\s+user'?s)\s+(?:\w+\s+)?suspicions?\b|\b(?:avoid|without)\s+(?:arousing|raising|causing|triggering)\s+(?:any\s+)?suspicions?\s+(?:from|of|by|in|with|among)\s+(?:the\s+)?users?\b|\bwithout\s+(?:arousing|raising|causing|triggering)\s+(?:the\s+)?(?:user'?s?|users'|their)\s+suspicions?\b|\bso\s+(?:that\s+)?(?:the\s+)?users?\s+(?:does\s*n[o']?t|do\s*n[o']?t|won'?t|will\s+not|would\s+not|wouldn'?t|never|cannot|can'?t)\s+(?:get\s+|become\s+|grow\s+|be\s+)?(?:suspect\w*|suspicious)\b`,
			"suspicio", "suspect").judged(judgeDeceiveUser),
		mustPhrase(SeverityMedium, i18n.T("plays an instruction down as a mere implementation detail"),
			`\b(?:a\s+)?(?:mere|just\s+an?|only\s+an?|simply\s+an?)\s+(?:implementation|internal|technical)\s+detail\b|\b(?:could|would|might)\s+(?:even\s+)?(?:upset|worry|scare|alarm|confuse)\s+the\s+user\b`,
			"mere", "just a", "just an", "only a", "only an", "simply a", "simply an", "upset", "worry", "scare", "alarm", "confuse").gated("detail", "the user"),
	}
}

// judgeSilencing keeps an order to silence every warning high in the tool's own description,
// where it is aimed at the model; a parameter that turns warnings off ("quiet: suppress all
// warnings") and a tool whose job is warnings, logs or a build's output are doing their work.
func judgeSilencing(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if v.site.key != "description" || v.site.parent != "" {
		return "", "", false
	}
	if warningToolRE.MatchString(tf.tool.ToolName()) {
		return "", "", false
	}
	return SeverityHigh, "", true
}

// warningToolRE finds a tool whose name says its job is warnings, alerts, logs or a build.
var warningToolRE = lazyregexp.New(`(?i)(?:warn|alert|notif|log|lint|compil|build|test|check|diagnos)`)

// judgeDisguise keeps an order to dress output up as ordinary only when its sentence hands over
// secrets or a file that holds them: "errors are formatted as normal text" is formatting.
func judgeDisguise(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	sentence := v.sentence(m[0], m[1])
	if reSecretRE.MatchString(sentence) || secretPathRE.MatchString(sentence) || secretOtherRE.MatchString(sentence) {
		return SeverityHigh, "", true
	}
	return "", "", false
}

// secretOtherRE finds secret material named in the other languages lint reads.
var secretOtherRE = lazyregexp.New(`(?i)` + reSecretOther)

// judgeDeceiveUser keeps an order to keep the user unsuspecting in a tool's definition, and
// drops a sentence that describes, detects or warns of the trick (a phishing detector's "mails
// written to avoid the user's suspicion").
func judgeDeceiveUser(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	sentence := v.sentence(m[0], m[1])
	if !tf.definition() || describesAttackRE.MatchString(sentence) || defensiveLanguageRE.MatchString(sentence) {
		return "", "", false
	}
	return SeverityHigh, "", true
}
