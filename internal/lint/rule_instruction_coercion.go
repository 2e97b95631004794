package lint

import (
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
)

var ruleInstructionCoercion = lintRule{
	Rule: Rule{
		Name:     RuleInstructionCoercion,
		Severity: SeverityHigh,
		Summary:  i18n.T("text pressures the model: threats that the tool breaks unless it complies, demands for the user's secrets, preconditions"),
		Why:      i18n.T("A threat or a demand for secrets in a description pushes the model to do what the user never asked, and honest tools do not need either."),
		Help: i18n.T("High for a conditional threat aimed at the model (\"otherwise the tool will not work\", \"if you put the real " +
			"recipient there the application will crash\", \"this tool will not work unless you first pass…\") beside an " +
			"order, a crash or lost data threatened \"without this\" after the order it points back to, and for a demand that the model hand over secret material (tokens, keys, passwords, configuration files) to a " +
			"tool that is not about authentication. Medium for preconditions (\"before using this tool, read…\", \"you must call X " +
			"first\"), compliance pressure (\"REQUIRED FOR SOC2 COMPLIANCE\") and threats with no order beside them. Honest " +
			"sequencing between a server's own tools stays medium: check what the precondition reads."),
		Families: []string{FamilyCoercion},
	},
	makePhrases: instructionCoercionPhrases,
}

// instructionCoercionPhrases are the rule's phrases, made on first use ([registryPhrases]).
func instructionCoercionPhrases() []phrase {
	return []phrase{
		mustPhrase(SeverityHigh, i18n.T("threatens that the tool fails unless the model hands something over"),
			`\b(?:will\s+not|won'?t|does\s*n[o']?t|doesn'?t|cannot|can'?t)\s+(?:work|function|run|succeed|respond)\s+(?:properly\s+|correctly\s+)?(?:unless|until|if\s+you\s+(?:do\s*n[o']?t|don'?t))\s+you\s+(?:first\s+|also\s+)?(?:pass|provide|include|send|read|call|give|share|attach|paste|supply|add|enter|upload|forward|tell)\b`,
			"unless you", "until you", "if you don't", "if you do not", "if you dont"),
		mustPhrase(SeverityHigh, i18n.T("threatens failure to make the model comply"),
			`\b(?:otherwise|or\s+else)\b[^.!?\n]{0,60}?\b(?:will|would|is\s+going\s+to)\s+(?:not\s+work|crash|fail|stop\s+working|be\s+blocked|be\s+(?:permanently\s+)?lost|break)\b|\b(?:will|would)\s+(?:not\s+work|crash|be\s+blocked)\s+otherwise\b|\bfailing\s+to\s+(?:provide|pass|include|fill|supply|send)\b[^.!?\n]{0,60}?\b(?:malfunction|fail|crash|break|not\s+work|stop\s+working)\w*|\bif\s+you\s+[^.!?\n]{1,80}?\b(?:(?:will|would)\s+(?:not\s+work|crash|stop\s+working|be\s+blocked|be\s+(?:permanently\s+)?lost|break)|(?:system|application|app|tool|server|everything)\s+(?:will\s+)?crash(?:es)?)\b`,
			"otherwise", "or else", "if you", "failing to").gated("malfunction", "crash", "fail", "not work", "n't work", "blocked", "lost", "break", "stop working").judged(judgeThreat),
		mustPhrase(SeverityHigh, i18n.T("threatens that the system crashes or data is lost without what it orders"),
			`\bwithout\s+(?:this|it|that|these|them)\b[^.!?\n]{0,40}?\b(?:cause\s+(?:the\s+|your\s+)?(?:system|application|app|client|server|session|everything)\s+to\s+(?:crash|break)|(?:the\s+)?(?:system|application|app|client|server|session|everything)\s+(?:will\s+|would\s+)?(?:crash|break)(?:es|s)?|(?:all\s+)?(?:the\s+|your\s+)?(?:user'?s?\s+)?(?:data|work)\s+(?:will|would)\s+be\s+lost)\b`,
			"without").gated("crash", "break", "lost").judged(judgeBackReferencedThreat),
		mustPhrase(SeverityHigh, i18n.T("demands the user's secrets"),
			`\b(?:you\s+(?:must|need\s+to|have\s+to|should|are\s+required\s+to)|(?:must|need\s+to|have\s+to)\s+(?:first\s+)?|please|always|first|unless\s+you(?:\s+first)?|before\s+\w+ing\b[^.!?\n]{0,40}?)\s*(?:first\s+|also\s+)?(?:pass|provide|include|send|give|enter|supply|paste|attach|share|put|add|read|fetch|retrieve|get|copy)\s+(?:us\s+|me\s+|it\s+|along\s+)?(?:the\s+|your\s+|a\s+|any\s+|all\s+)?(?:\w+\s+){0,2}?`+reSecret,
			"must", "need to", "have to", "should", "please", "always", "first", "unless you", "before").gated(secretMaterialWords...).judged(judgeSecretDemand),
		mustPhrase(SeverityHigh, i18n.T("threatens a refusal unless the model hands over a secret"),
			`\b(?:requests?|calls?|it|this\s+tool|the\s+tool|everything)\s+without\s+(?:the\s+|a\s+|an\s+|your\s+|their\s+)?(?:user'?s\s+)?(?:[\w-]+\s+){0,2}?`+reSecret+`\s+(?:will|would|is|are|gets?)\s+(?:be\s+|always\s+)?(?:rejected|refused|blocked|denied|fail(?:ed|s)?|ignored|dropped)\b`,
			"without").gated(secretMaterialWords...).gated("reject", "refuse", "block", "denied", "fail", "ignored", "dropped").judged(judgeSecretDemand),
		mustPhrase(SeverityMedium, i18n.T("sets a precondition for the model before it may use the tool"),
			`\bbefore\s+(?:using|calling|invoking|running|executing|you\s+use|you\s+call|searching|answering|responding)\b`+gap+`\b(?:read|call|invoke|run|fetch|send|include|pass|copy|upload|open|cat|attach|append|load|paste)\b`,
			"before using", "before calling", "before invoking", "before running", "before executing", "before you", "before searching", "before answering", "before responding").gated("before "),
		mustPhrase(SeverityMedium, i18n.T("orders the model to read, send or pass something"),
			`\byou\s+(?:must|have\s+to|are\s+required\s+to|need\s+to|should)\s+(?:always\s+|first\s+|also\s+|then\s+|immediately\s+)*(?:read|call|invoke|execute|fetch|send|include|pass|copy|upload|attach|forward|append|paste|provide\s+(?:the\s+)?(?:contents?|full|entire|whole))\b`,
			"you must", "you have to", "you are required", "you need to", "you should").gated("you "),
		mustPhrase(SeverityMedium, i18n.T("orders the model to call a tool each time, beside what it was asked"),
			`\b(?:always|immediately)\s+(?:also\s+)?(?:call|invoke|execute)\s+[\w.-]+|\bmust\s+be\s+followed\s+(?:immediately\s+)?by\s+(?:calling|invoking|executing|running)\b`,
			"always", "immediately", "followed").gated("call", "invok", "execut", "running"),
		mustPhrase(SeverityMedium, i18n.T("puts compliance pressure on the model"),
			`\b(?:required|mandatory|necessary|needed)\s+for\s+(?:internal\s+)?(?:auditing|audits?|compliance|gdpr|soc\s?2|hipaa|security\s+(?:review|scanning|validation|compliance))\b|\bnot\s+optional\b|\bcritical\s+compliance\s+requirement\b|\b(?:compliance|regulatory|audit|security|legal)\s+(?:requirement|mandate|directive)\s*:|\bmandatory\s+(?:step|requirement|action)\s*:|\b(?:mandatory|required|obligatory|compulsory)\s+(?:compliance|audit|auditing|security)(?:/\w+)?\s+(?:steps?|checks?|requirements?|procedures?|measures?)\b|\b(?:although|though|even\s+though|despite\s+(?:being|it\s+being))\s+(?:it\s+is\s+|it'?s\s+)?(?:marked|listed|declared|shown|flagged)\s+(?:as\s+)?optional\b|\b(?:this|that|it)\s+(?:step\s+|check\s+)?is\s+(?:strictly\s+|absolutely\s+|always\s+)?(?:required|mandatory|obligatory|compulsory)\s+(?:for|by)\b|\b(?:background|internal|hidden|core)\s+system\s+requirement\b`,
			"required for", "mandatory for", "necessary for", "needed for", "not optional", "requirement", "mandate", "directive", "mandatory step", "mandatory action", "mandatory compliance", "mandatory audit", "mandatory security", "required compliance", "required audit", "required security", "obligatory", "compulsory", "optional",
			"is required", "is mandatory", "is obligatory", "is compulsory", "is strictly", "is absolutely", "is always").judged(notePressure),
	}
}

// secretMaterialWords filter the phrases about secret material: one must appear before [reSecret] is tried.
var secretMaterialWords = []string{"password", "passphrase", "passcode", "credential", "secret", "cookie", "key", "token", "env", "seed",
	"mnemonic", "recovery", "2fa", "otp", "one-time", "one time", "keychain", "keyring", "id_", "mcp.json", "config"}

// judgeThreat makes a threat high when it stands beside an order to the model in its sentence.
func judgeThreat(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if directiveRE.MatchString(v.sentence(m[0], m[1])) {
		return SeverityHigh, i18n.T("threatens failure to make the model follow an order"), true
	}
	return SeverityMedium, i18n.T("threatens failure if the model does not comply"), true
}

// judgeBackReferencedThreat makes high a threat that points back at what it demands ("…make sure
// you include the last messages. Sending without this will cause the system to crash."): an
// order to hand over the model's data or to call another tool, in its sentence or in the one
// before. Advice on an argument or a setting ("set this to true on Windows; without it the app
// crashes", "use a JPEG under 10 MB; without this the server will crash") demands nothing of the
// model's, and a crash threatened with no such order near it is a warning, medium.
func judgeBackReferencedThreat(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if handsOverModelDataRE.MatchString(v.sentence(m[0], m[1])) {
		return SeverityHigh, i18n.T("threatens failure to make the model follow an order"), true
	}
	if from, _ := sentenceAround(v.folded, m[0], m[1]); from > 1 {
		if handsOverModelDataRE.MatchString(v.sentence(from-2, from-1)) {
			return SeverityHigh, i18n.T("threatens failure to make the model follow the order before it"), true
		}
	}
	return SeverityMedium, i18n.T("threatens failure if the model does not comply"), true
}

// handsOverModelDataRE finds an order to hand over what the model holds (its conversation, messages,
// context, session, notes or instructions, a file's contents, a secret) or to call another tool, the orders a
// threat of a crash is planted to enforce.
var handsOverModelDataRE = lazyregexp.New(`(?i)\b(?:include|pass|send|attach|forward|append|paste|share|give|provide|copy|upload|put|add|read)\s+(?:\w+\s+){0,6}?(?:conversation|chat|history|(?:previous|prior|recent|last|earlier|past)\s+(?:\w+\s+)?(?:messages?|turns?|requests?|prompts?|calls?|results?)|messages|transcript|context|session|notes|(?:user'?s?|personal|private)\s+data|system\s+prompt|instructions|memory|contents?|credentials?|secrets?|passwords?|tokens?|api\s+keys?|ssh|\.env|environment)\b|\bread\s+[^;!?\n]{1,60}?\s+into\b|\b(?:call|invoke)\s+(?:the\s+)?\x60?[a-z][\w.-]*[_.-][\w.-]+`)

// directiveRE finds an order given to the model.
var directiveRE = lazyregexp.New(`(?i)\b(?:read|pass|include|send|provide|put|add|call|use|run|prefix|change|set|format|copy|attach|append|forward|make\s+sure|ensure|specify|give|share|paste|upload|invoke|violate|skip|omit|leave\s+(?:out|empty|blank)|fill)\b`)

// judgeSecretDemand lowers a demand for secrets made by a tool that is about authentication or
// HTTP requests, where handing over a credential is its purpose.
func judgeSecretDemand(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	sentence := v.sentence(m[0], m[1])
	if authTool(tf, sentence) {
		return SeverityMedium, i18n.T("asks the model for a credential; the tool's purpose is authentication or requests, so check that it needs it"), true
	}
	if ownCredential(tf, v.folded[m[0]:m[1]], sentence) {
		return SeverityMedium, i18n.T("says the tool needs a credential of its own to work; check where it is meant to come from"), true
	}
	return SeverityHigh, i18n.T("demands secret material (tokens, keys, passwords, configuration) from the model for a tool that has no use for it"), true
}

// ownCredential reports a demand for a credential the tool itself needs to be used ("You must
// provide a valid API key to use this endpoint"): one credential, named with "a" or "an", for
// using this tool, its endpoint, API or service, with no field of the call, no address and none
// of the user's own secrets ("your GitHub token", "the user's password") named.
func ownCredential(tf *toolFindings, matched, sentence string) bool {
	return anyCredentialRE.MatchString(matched) && toUseThisRE.MatchString(sentence) && !usersSecretRE.MatchString(sentence) &&
		!reachesOutRE.MatchString(sentence) && !handedToField(tf, sentence) && !secretPathRE.MatchString(sentence)
}

var (
	// anyCredentialRE finds one credential named with an indefinite article: "a valid API key".
	anyCredentialRE = lazyregexp.New(`(?i)\b(?:an?)\s+(?:(?:valid|working|active|current)\s+)?(?:api[\s_-]?key|access\s+token|api\s+token|token|key|credential)\b`)
	// toUseThisRE finds the credential's use: this tool, its endpoint, API or service.
	toUseThisRE = lazyregexp.New(`(?i)\bto\s+(?:use|call|access|query|reach)\s+(?:this|the)\s+(?:endpoint|tool|api|service|server|function)\b`)
	// usersSecretRE finds the user's own secrets, or another service's named for them.
	usersSecretRE = lazyregexp.New(`(?i)\b(?:your|the\s+user'?s?|their|users'?)\s+(?:own\s+)?(?:[\w-]+\s+)?(?:api[\s_-]?keys?|tokens?|keys?|passwords?|credentials?|secrets?)\b|\b(?:github|gitlab|aws|openai|anthropic|slack|stripe|google)\s+(?:api\s+)?(?:keys?|tokens?)\b`)
)

// authToolRE finds a tool's purpose in authentication, credentials, HTTP requests or databases
// (which a tool reaches with their credentials).
var authToolRE = NewExpression(`(?i)\b(?:auth\w*|log\s?in|sign\s?in|credentials?|passwords?|api[\s_-]?keys?|secrets?|vault|keychain|keyring|oauth|https?|rest\s+api|endpoint|headers?|bearer|connect(?:ion)?s?|ssh|tokens?|databases?|sql|mysql|postgres(?:ql)?|mongo(?:db)?|redis)\b`)

// authTool reports a tool whose stated purpose ([toolFindings.purpose]) is about
// authentication, credentials or HTTP requests. except is the sentence being judged, which
// cannot vouch for itself.
func authTool(tf *toolFindings, except string) bool {
	return authToolRE.MatchString(tf.purpose(except))
}
