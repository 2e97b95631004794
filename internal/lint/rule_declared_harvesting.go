package lint

import (
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
)

var ruleDeclaredHarvesting = lintRule{
	Rule: Rule{
		Name:     RuleDeclaredHarvesting,
		Severity: SeverityHigh,
		Summary:  i18n.T("the description declares that the tool collects secrets (keys, tokens, passwords, cookies) beyond its job, or sends them away"),
		Why:      i18n.T("A tool that says it gathers credentials it finds, or ships them to a server, is telling the reviewer it steals them."),
		Help: i18n.T("High when the text says the tool collects, indexes, reads, stores, uploads or sends secret material and either reaches " +
			"beyond its job (\"also reads the private key files\", \"any API keys found in the files\", \"all tokens\") or sends it " +
			"away (\"stores them remotely\", \"to our server\", telemetry, a URL). A secrets manager that reads the secret it is " +
			"asked for, or a tool that uses the token from its own configuration, is not reported. Do not approve the tool."),
		Families: []string{FamilyDeclaredHarvesting, FamilyExfiltration},
	},
	phrases: []phrase{
		mustPhrase(SeverityHigh, i18n.T("declares that what the user gives the tool (the conversation, the clipboard, files, location, a fingerprint of the machine) goes to third parties, marketing or a remote collector"),
			`\b`+reUserData+`\b[^.!?\n]{0,80}?\b(?:sent|shared|added|streamed|uploaded|synced|transmitted|forwarded|logged|cached|stored|maintained|opted[\s-]in)\b[^.!?\n]{0,60}?`+reAway+
				`|\b(?:sends?|uploads?|forwards?|streams?|shares?|transmits?)\b[^.!?\n]{0,30}?\b`+reUserData+`\b[^.!?\n]{0,80}?\bto\s+`+reAway,
			"third part", "third-part", "partner", "marketing", "advertis", "analytics", "external", "remote", "research team", "data broker").judged(judgeDataAway),
		mustPhrase(SeverityHigh, i18n.T("declares that the tool collects secrets beyond its job or sends them away"),
			`\b(?:also\s+|additionally\s+|automatically\s+|silently\s+|quietly\s+|secretly\s+)?(?:collects?|collecting|harvests?|harvesting|gathers?|gathering|index(?:es|ing)?|scans?\s+for|scanning\s+for|extracts?|extracting|captures?|capturing|records?|logs?|stores?|storing|saves?|saving|retains?|keeps?|uploads?|uploading|syncs?|syncing|backs?\s+up|sends?|sending|transmits?|forwards?|reports?|exfiltrates?|copies|copying|reads?|reading|accesses|accessing|grabs?|dumps?|sniffs?)\b[^.!?\n]{0,50}?`+reSecret+`[^.!?\n]{0,80}`,
			"collect", "harvest", "gather", "index", "scan", "extract", "captur", "record", "log", "stor", "sav", "retain", "keep", "upload", "sync", "back", "send", "transmit", "forward", "report", "exfiltrat", "cop", "read", "access", "grab", "dump", "sniff").gated(secretMaterialWords...).judged(judgeHarvest),
	},
}

var (
	// harvestAway: the secrets leave, or are taken in bulk, or beyond the job.
	harvestAway   = lazyregexp.New(`(?i)\b(?:remote(?:ly)?|external(?:ly)?|third[\s-]part(?:y|ies)|telemetry|analytics|our\s+(?:servers?|backend|cloud|service|database|team|collector)|(?:a|an|the)\s+(?:remote|external|central|cloud|collection|analytics)\s+(?:server|endpoint|backend|service|store|database|collector)|off[\s-]site|https?://|webhook|found\s+(?:in|on|across|within)|(?:any|all|every)\s+(?:\w+\s+)?(?:api\s+keys?|keys|tokens|passwords|credentials|secrets|cookies)|across\s+(?:the|all|your)|for\s+(?:later|future)\s+(?:use|analysis|reference))\b`)
	harvestBeyond = lazyregexp.New(`(?i)\b(?:also|additionally|silently|quietly|secretly|automatically)\s+(?:\w+\s+){0,2}?(?:reads?|collects?|harvests?|gathers?|accesses|grabs?|copies|uploads?|sends?|captures?|extracts?|dumps?|logs?|stores?)\b|\bbefore\s+(?:returning|responding|answering|replying|giving)\b`)
)

func judgeHarvest(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if defensiveRE.MatchString(clauseAround(v.folded, m[0], m[1])) {
		return "", "", false // "the key is never read or sent to …" promises the opposite
	}
	sentence := v.sentence(m[0], m[1])
	if harvestAway.MatchString(sentence) || harvestBeyond.MatchString(sentence) {
		return SeverityHigh, i18n.T("declares that the tool collects secrets beyond its job, or sends them away"), true
	}
	return "", "", false
}

// judgeDataAway drops a sentence that says the data stays ("never sent to third parties", "no
// remote server").
func judgeDataAway(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if staysRE.MatchString(v.sentence(m[0], m[1])) {
		return "", "", false
	}
	if awayPurposeRE.MatchString(tf.purpose(v.sentence(m[0], m[1]))) {
		return "", "", false // a marketing or analytics tool sending data there is doing its job
	}
	return SeverityHigh, "", true
}

// reUserData names what the user gives a tool or the model holds of them; reAway a place it
// should not go.
const (
	reUserData = `(?:clipboard(?:\s+content)?|conversation(?:\s+(?:history|context))?|chat\s+(?:history|logs?)|messages|location(?:\s+history)?|keystrokes|screenshots|(?:machine\s+)?fingerprint|personal\s+(?:data|information)|user\s+(?:data|messages|information)|(?:validated\s+)?emails|e-mail\s+addresses|contacts|files|results)`
	reAway     = `(?:third[\s-]part(?:y|ies)|partners?|marketing\s+(?:database|lists?|partners?)|advertis\w*|(?:for\s+)?['"]?analytics['"]?|(?:external|remote)\s+(?:logging\s+|collection\s+|analytics\s+)?(?:endpoints?|servers?|collectors?|services?)|externally|(?:our|a)\s+(?:security\s+)?research\s+team|data\s+brokers?)`
)

// awayPurposeRE finds a tool whose purpose is the place data goes.
var awayPurposeRE = lazyregexp.New(`(?i)\b(?:marketing|analytics|telemetry|newsletter|crm|contacts?|sync\w*|backup|upload\w*|export\w*|share|sharing|partners?)\b`)

// staysRE finds a sentence promising that data is not shared.
var staysRE = lazyregexp.New(`(?i)\b(?:never|not|no|without|nor|don'?t|doesn'?t|won'?t|isn'?t|aren'?t|locally\s+only|only\s+locally|stays?\s+(?:on|local))\b`)
