package lint

import (
	"strings"

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
			"asked for, or a tool that uses the token from its own configuration, is not reported. High too when it says it harvests or " +
			"steals secrets, boasts that it reads every file, secret files among them, or keeps everything it is given (the " +
			"clipboard, the conversation, all the text it sees, personal details included) and sends it on continuously, to a " +
			"logging collector or to a cloud the user did not choose; a sync, backup or export tool that sends the data where the " +
			"user chose is not reported. Do not approve the tool."),
		Families: []string{FamilyDeclaredHarvesting, FamilyExfiltration},
	},
	makePhrases: declaredHarvestingPhrases,
}

// declaredHarvestingPhrases are the rule's phrases, made on first use ([registryPhrases]).
func declaredHarvestingPhrases() []phrase {
	return []phrase{
		mustPhrase(SeverityHigh, i18n.T("declares that what the user gives the tool (the conversation, the clipboard, files, location, a fingerprint of the machine) goes to third parties, marketing or a remote collector"),
			`\b`+reUserData+`\b[^.!?\n]{0,80}?\b(?:sent|shared|added|streamed|uploaded|synced|transmitted|forwarded|logged|cached|stored|maintained|opted[\s-]in)\b`+reNoStop+`{0,60}?`+reAway+
				`|\b(?:sends?|uploads?|forwards?|streams?|shares?|transmits?)\b[^.!?\n]{0,30}?\b`+reUserData+`\b[^.!?\n]{0,80}?\bto\s+(?:an?\s+|the\s+)?`+reAway,
			"third part", "third-part", "partner", "marketing", "advertis", "analytics", "external", "remote", "research team", "data broker").judged(judgeDataAway),
		mustPhrase(SeverityHigh, i18n.T("declares that the tool collects secrets beyond its job or sends them away"),
			`\b(?:also\s+|additionally\s+|automatically\s+|silently\s+|quietly\s+|secretly\s+)?(?:collects?|collecting|harvests?|harvesting|gathers?|gathering|index(?:es|ing)?|scans?\s+for|scanning\s+for|extracts?|extracting|captures?|capturing|records?|logs?|stores?|storing|saves?|saving|retains?|keeps?|uploads?|uploading|syncs?|syncing|backs?\s+up|sends?|sending|transmits?|forwards?|reports?|exfiltrates?|copies|copying|reads?|reading|accesses|accessing|grabs?|dumps?|sniffs?|steals?|stealing|phish(?:es|ing)?)\b[^.!?\n]{0,50}?(?:`+reSecret+`|/etc/(?:passwd|shadow)\b|~/\.(?:ssh|aws|gnupg)/)[^.!?\n]{0,80}`,
			"collect", "harvest", "gather", "index", "scan", "extract", "captur", "record", "log", "stor", "sav", "retain", "keep", "upload", "sync", "back", "send", "transmit", "forward", "report", "exfiltrat", "cop", "read", "access", "grab", "dump", "sniff", "steal", "phish").gated(append([]string{"passwd", "shadow", ".ssh", ".aws", ".gnupg"}, secretMaterialWords...)...).judged(judgeHarvest),
		mustPhrase(SeverityHigh, i18n.T("declares that the tool keeps everything it is given, personal details included, and sends it to a remote place"),
			`\b(?:maintains|keeps|stores|retains|records|logs|saves|builds|collects|remembers)\b[^.!?\n]{0,80}?\b(?:all|every|everything|any)\b[^.!?\n]{0,50}?`+
				`\b(?:processed|typed|entered|checked|submitted|seen|received|pasted|it\s+(?:processes|sees|receives|checks)|you\s+(?:type|enter|send|write|paste))\b[^.!?\n]{0,80}?`+
				`\b(?:including|such\s+as|even)\b[^.!?\n]{0,60}?\b`+rePersonal+`\b`,
			"maintain", "keep", "stor", "retain", "record", "log", "sav", "build", "collect", "remember").judged(judgeKeptAway),
		// The same declaration written as a list: "automatically collects:" and, on the lines
		// under it, "- SSH keys and certificates", "- saved passwords". The sentence phrase above
		// stops at the line's end, so the list's items are read here.
		mustPhrase(SeverityHigh, i18n.T("declares that the tool collects secrets beyond its job or sends them away"),
			`\b(?:also\s+|additionally\s+|automatically\s+|silently\s+|quietly\s+|secretly\s+)?(?:collects?|collecting|harvests?|gathers?|gathering|captures?|extracts?|reads?|uploads?|sends?|dumps?|includes?\s+(?:the\s+)?contents?\s+of|`+reCleared+`)\b[^.!?\n]{0,40}?:[ \t]*\n(?:[^\n]{0,60}\n){0,12}?[ \t]*`+reListBullet+`[^\n]{0,60}?(?:`+reSecret+`)`,
			"collect", "harvest", "gather", "captur", "extract", "read", "upload", "send", "dump", "include", "approved", "authori", "cleared", "permitted", "allowed", "whitelisted", "certified").gated(secretMaterialWords...).judged(judgeHarvestList),
	}
}

// reCleared is a lead-in that says the tool was cleared to do what its list names ("has been
// security audited and approved for:"): a tool that claims a licence for reading environment
// variables and credentials declares that it takes them, beyond any job its name gives.
const reCleared = `(?:approved|authori[sz]ed|cleared|permitted|allowed|whitelisted|certified)\s+(?:for|to)`

// reListBullet starts an item of a list: a dash, a star, a bullet or a number.
const reListBullet = `(?:[-*•]|\d{1,2}[.)])\s`

var (
	// listLeadBeyondRE finds a list's lead-in that takes what follows unasked ("automatically
	// collects:", "silently reads:").
	// "automatically" counts before a verb that takes ("automatically collects:", "automatically
	// include contents of:"), not before "reads": a client reading its own key from the
	// environment or a token file reads it automatically.
	listLeadBeyondRE = lazyregexp.New(`(?i)^(?:also|additionally|silently|quietly|secretly)\b|^automatically\s+(?:collects?|collecting|harvests?|gathers?|gathering|captures?|extracts?|uploads?|sends?|dumps?|includes?)\b|^` + reCleared)
	// listItemRE finds a line that goes on a list: an item, a blank line between items, or the
	// heading of a part of it ("ENHANCED INFO (when include_detailed=True):").
	listItemRE = lazyregexp.New(`^[ \t]*(?:` + reListBullet + `|$|[^\n]{1,60}:[ \t]*$)`)
	// secretItemRE finds an item of a list that names secret material.
	secretItemRE = lazyregexp.New(`(?im)^[ \t]*` + reListBullet + `[^\n]{0,60}?(?:` + reSecret + `)`)
)

// minSecretItems is how many items of a list must name secrets for the list to be a haul: a
// tool that reads the one key it needs names it once.
const minSecretItems = 2

// judgeHarvestList makes high a list of what the tool collects when its lead-in takes them unasked
// (or sends them away) and at least minSecretItems of its items, within the lines the list spans,
// name secrets.
func judgeHarvestList(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if !tf.definition() {
		return "", "", false // a tool declares what it does in its definition; a result describes other things
	}
	lead := v.folded[m[0]:m[1]]
	if i := strings.IndexByte(lead, '\n'); i >= 0 {
		lead = lead[:i]
	}
	if defensiveRE.MatchString(lead) {
		return "", "", false // "never reads:" promises the opposite
	}
	line := v.sentence(m[0], m[0])
	if !listLeadBeyondRE.MatchString(lead) && !harvestAway.MatchString(line) {
		return "", "", false
	}
	// The list is the lines after the lead-in's up to the first that is neither an item, a blank
	// line nor a part's heading: a later list, under another lead-in, is not this one's.
	end := len(v.folded)
	if i := strings.IndexByte(v.folded[m[0]:], '\n'); i >= 0 {
		end = m[0] + i + 1
	}
	for n := 0; n < 16 && end < len(v.folded); n++ {
		next := len(v.folded)
		if i := strings.IndexByte(v.folded[end:], '\n'); i >= 0 {
			next = end + i + 1
		}
		if !listItemRE.MatchString(strings.TrimSuffix(v.folded[end:next], "\n")) {
			break
		}
		end = next
	}
	items := v.folded[m[0]:end]
	if len(secretItemRE.FindAllStringIndex(items, minSecretItems)) < minSecretItems {
		return "", "", false
	}
	for _, loc := range secretItemRE.FindAllStringIndex(items, -1) {
		if defensiveRE.MatchString(items[loc[0]:loc[1]]) {
			return "", "", false // "- API keys are never read": the list says what stays
		}
	}
	return SeverityHigh, i18n.T("declares that the tool collects secrets beyond its job, or sends them away"), true
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
	if !tf.definition() {
		return "", "", false // a tool declares what it does in its definition; a result describes other things
	}
	if harvestVerbRE.MatchString(v.folded[m[0]:m[1]]) && !detectionRE.MatchString(sentence) {
		return SeverityHigh, i18n.T("declares that the tool harvests or steals secrets"), true
	}
	if harvestAway.MatchString(sentence) || harvestBeyond.MatchString(sentence) || harvestReach.MatchString(sentence) {
		return SeverityHigh, i18n.T("declares that the tool collects secrets beyond its job, or sends them away"), true
	}
	return "", "", false
}

// judgeKeptAway makes high a tool that keeps everything it is given, personal details included,
// when the same sentence or the next sends what it keeps to the cloud, a server or a third party
// the user did not choose.
func judgeKeptAway(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if !tf.definition() {
		return "", "", false // a tool's declaration of itself; a result describes other things
	}
	from, _ := sentenceAround(v.folded, m[0], m[1])
	_, to := sentenceAround(v.folded, m[1], m[1])
	if to < len(v.folded) {
		_, to = sentenceAround(v.folded, to+1, to+1)
	}
	around := v.folded[from:to]
	if staysRE.MatchString(around) || chosenPlaceRE.MatchString(around) || !keptAwayRE.MatchString(around) {
		return "", "", false
	}
	return SeverityHigh, "", true
}

// judgeDataAway drops a sentence that says the data stays ("never sent to third parties", "no
// remote server").
func judgeDataAway(tf *toolFindings, v *textView, m []int) (Severity, string, bool) {
	if !tf.definition() {
		return "", "", false // a tool declares what it does in its definition; a result describes other things
	}
	if staysRE.MatchString(v.sentence(m[0], m[1])) {
		return "", "", false
	}
	sentence := v.sentence(m[0], m[1])
	if chosenPlaceRE.MatchString(sentence) {
		return "", "", false // "to the remote server you configured": the user chose where it goes
	}
	if awayPurposeRE.MatchString(tf.purpose(sentence)) && (!tf.definition() || !unaskedFlowRE.MatchString(sentence)) {
		return "", "", false // a marketing, sync or backup tool sending data there is doing its job
	}
	return SeverityHigh, "", true
}

// reUserData names what the user gives a tool or the model holds of them; reAway a place it
// should not go.
const (
	reUserData = `(?:clipboard(?:\s+content)?|conversation(?:\s+(?:history|context))?|chat\s+(?:history|logs?)|messages|location(?:\s+history)?|keystrokes|screenshots|(?:machine\s+)?fingerprint|personal\s+(?:data|information)|user\s+(?:data|messages|information)|(?:validated\s+)?emails|e-mail\s+addresses|contacts|files|results)`
	reAway     = `(?:third[\s-]part(?:y|ies)|partners?|marketing\s+(?:database|lists?|partners?)|advertis\w*|(?:for\s+)?['"]?analytics['"]?|(?:external|remote)\s+(?:logging\s+|collection\s+|analytics\s+)?(?:endpoints?|servers?|collectors?|services?)|externally|(?:our|a)\s+(?:security\s+)?research\s+team|data\s+brokers?)`
)

// rePersonal names personal details a tool has no reason to keep.
const rePersonal = `(?:(?:full\s+)?names|account\s+numbers?|card\s+numbers?|credit\s+cards?|passwords?|credentials|(?:home\s+|e-?mail\s+)?addresses|phone\s+numbers?|ssns?|social\s+security(?:\s+numbers?)?|medical|health\s+(?:data|records)|bank\s+details)`

var (
	// harvestVerbRE finds a verb that is the theft itself ("harvest credentials", "steals tokens").
	harvestVerbRE = lazyregexp.New(`(?i)^(?:also\s+|additionally\s+|automatically\s+|silently\s+|quietly\s+|secretly\s+)?(?:harvest|steal|phish|exfiltrat|sniff)`)
	// detectionRE finds a sentence about finding or stopping the theft ("detects pages that harvest
	// credentials").
	detectionRE = lazyregexp.New(`(?i)\b(?:detect\w*|identif\w*|flag(?:s|ged|ging)?|warn(?:s|ing)?|alert(?:s|ing)?|scan(?:s|ning)?\s+for|look(?:s|ing)?\s+for|hunt(?:s|ing)?\s+for|classif\w*|simulat\w*|report(?:s|ing)?\s+(?:on|tools|pages|sites)|attempts?\s+to)\b`)
	// harvestReach finds a tool boasting that it reaches every file, secrets among them
	// ("unrestricted access", "sensitive files like /etc/passwd"), or every text it sees, secrets
	// included ("extracts any visible text including … passwords").
	harvestReach = lazyregexp.New(`(?i)\b(?:unrestricted\s+access|(?:entire|whole)\s+(?:file\s*system|disk|drive|machine|computer|home\s+directory)|(?:sensitive|system|private|confidential|secret)\s+files?\s+(?:like|such\s+as|including|e\.g)|(?:any|all|every)\s+(?:\w+\s+){0,2}?(?:text|content|data|information|input|words)\b[^.!?\n]{0,40}?\bincluding)\b`)
	// unaskedFlowRE finds data sent on without the user asking, or to a collector that is no
	// sync, backup or export destination: "continuously streamed", "to external logging endpoint
	// for 'analytics'".
	unaskedFlowRE = lazyregexp.New(`(?i)\b(?:continuous(?:ly)?|constantly|automatically|silently|quietly|secretly|in\s+the\s+background|behind\s+the\s+scenes|without\s+(?:asking|prompting|notice|notifying|confirmation|the\s+user)|(?:logging|telemetry|analytics|collection|tracking)\s+(?:endpoints?|servers?|services?|collectors?))\b|['‘]\w+['’]`)
	// chosenPlaceRE finds a destination the user chose ("to your own server", "the endpoint you
	// configured").
	chosenPlaceRE = lazyregexp.New(`(?i)\b(?:your\s+(?:own\s+)?(?:\w+\s+)?(?:account|server|bucket|drive|storage|cloud|endpoint|devices?|instance|repository|folder)|you\s+(?:configure|configured|choose|chose|select|selected|specify|specified|set\s+up)|(?:user|you)[\s-](?:chosen|configured|specified|selected)|of\s+your\s+choice|configured\s+(?:in|by|with)\s+(?:the\s+)?(?:user|you))\b`)
	// keptAwayRE finds what is kept sent to the cloud, a server or a third party.
	keptAwayRE = lazyregexp.New(`(?i)\b(?:synced|syncs?|syncing|uploaded|uploads?|sent|sends?|shared|shares?|backed\s+up|transmitted|forwarded|streamed)\b[^.!?\n]{0,60}?\b(?:cloud|remote(?:ly)?|servers?|external(?:ly)?|third[\s-]part(?:y|ies)|partners?|our\s+\w+)\b`)
)

// awayPurposeRE finds a tool whose purpose is the place data goes.
var awayPurposeRE = lazyregexp.New(`(?i)\b(?:marketing|analytics|telemetry|newsletter|crm|contacts?|sync\w*|backup|upload\w*|export\w*|share|sharing|partners?)\b`)

// staysRE finds a sentence promising that data is not shared.
var staysRE = lazyregexp.New(`(?i)\b(?:never|not|no|without|nor|don'?t|doesn'?t|won'?t|isn'?t|aren'?t|locally\s+only|only\s+locally|stays?\s+(?:on|local))\b`)
