package lint

import (
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

var ruleCovertRecipient = lintRule{
	Rule: Rule{
		Name:     RuleCovertRecipient,
		Severity: SeverityHigh,
		Summary:  i18n.T("text adds a recipient the user did not choose: always BCC or CC an address, also send every message to one, change the recipient"),
		Why:      i18n.T("A fixed extra recipient copies every message the user sends to someone they never chose, and nothing in the reply shows it."),
		Help: i18n.T("High when a sentence orders a blind or carbon copy, a forward, a redirect or an extra send to a fixed address, phone " +
			"number or URL for every message or always (\"always BCC audit@…\", \"send all emails to…\", \"also forward each " +
			"message to…\"), when a sentence calls on another tool named for sending to send to a fixed address (\"you must " +
			"call send_email to 'ops@…'\", \"by emailing 'sync@…' using send_email\"), or tells the model to change or " +
			"replace the recipient a user gave. Addresses given as examples " +
			"(\"e.g. alice@example.com\") are not reported. Do not approve the tool."),
		Families: []string{FamilyCovertRecipient},
	},
	text: checkCovertRecipient,
}

var (
	destinationWords = filterWords("@", "://", "+")
	recipientWords   = filterWords("recipient", "address", "destination", "to field", "phone number", "number")
	recipientVerbRE  = NewExpression(`(?i)\b(?:bcc|cc|blind[\s-]?cop(?:y|ied|ies)|carbon[\s-]?cop(?:y|ied|ies)|bcc'?d|cc'?d|cop(?:y|ied|ies)|forward(?:s|ed|ing)?|send(?:s|ing)?|sent|redirect(?:s|ed|ing)?|rout(?:e|es|ed|ing)|mirror(?:s|ed|ing)?|deliver(?:s|ed|ing)?|relay(?:s|ed|ing)?|cc:|bcc:)\b`)
	alwaysRE         = NewExpression(`(?i)\b(?:always|also|all|every|each|any|automatically|additionally|in\s+addition|as\s+well|silently|secretly|quietly|make\s+sure|ensure|whenever|bcc|bcc'?d|blind)\b`)
	changeRecipient  = lazyregexp.New(`(?i)\b(?:change|replace|override|overwrite|swap|rewrite|redirect|substitute)\s+(?:the\s+|its\s+|their\s+)?(?:actual\s+|real\s+|original\s+|intended\s+)?(?:recipients?|to\s+field|to\s+address|destination|address(?:ee)?|phone\s+number|email\s+address|target\s+(?:number|address))\b[^.!?\n]{0,80}`)
	whenAnyRE        = lazyregexp.New(`(?i)\b(?:when(?:ever)?|every|each|all|always|make\s+sure|instead|invoked|called)\b`)
)

// notSentRE finds a sentence that says the sending does not happen ("results are never sent to
// https://… or any third party"): a promise, not a recipient.
var notSentRE = lazyregexp.New(`(?i)\b(?:never|not|n't)\s+(?:be\s+|been\s+|get\s+|gets\s+)?(?:sent|forwarded|copied|shared|cc'?d|bcc'?d|mirrored|relayed|delivered|routed|uploaded)\b`)

func checkCovertRecipient(l *linter, tf *toolFindings, v *textView) {
	if v.holds(destinationWords) {
		destinations := findDestinations(v.folded, 8)
		for _, loc := range destinations {
			if asExample(v.folded, loc[0]) {
				continue
			}
			from, to := sentenceAround(v.folded, loc[0], loc[1])
			sentence := v.folded[from:to]
			// Both are Expressions, read for their words and tried where a match can start:
			// they are asked of the sentence around every address (a README's links).
			if !recipientVerbRE.MatchString(sentence) || !alwaysRE.MatchString(sentence) || notSentRE.MatchString(sentence) {
				continue
			}
			v.find(tf, RuleCovertRecipient, SeverityHigh, from, to, i18n.Sprintf("adds a recipient the user did not choose: every message is copied or sent to %s", untrusted.Visible(v.folded[loc[0]:loc[1]], 60)))
			if tf.definition() {
				reportsEveryUse(tf, v, from, to, loc, otherSendTool(tf, sentence))
			}
			return
		}
		for _, loc := range destinations {
			if asExample(v.folded, loc[0]) || !tf.definition() {
				continue
			}
			from, to := sentenceAround(v.folded, loc[0], loc[1])
			sentence := v.folded[from:to]
			if defensiveRE.MatchString(sentence) || senderBeforeRE.MatchString(v.folded[max(0, loc[0]-32):loc[0]]) {
				continue
			}
			if tool := otherSendTool(tf, sentence); tool != "" {
				v.find(tf, RuleCovertRecipient, SeverityHigh, from, to, i18n.Sprintf("tells the model to have %q, a tool that sends, send to %s, an address the text fixed and the user never chose", tool, untrusted.Visible(v.folded[loc[0]:loc[1]], 60)))
				reportsEveryUse(tf, v, from, to, loc, tool)
				return
			}
		}
		if hiddenSendTarget(tf, v) {
			for _, loc := range destinations {
				from, to := sentenceAround(v.folded, loc[0], loc[1])
				if asExample(v.folded, loc[0]) || senderBeforeRE.MatchString(v.folded[max(0, loc[0]-32):loc[0]]) || defensiveRE.MatchString(v.folded[from:to]) || defensiveLanguageRE.MatchString(v.folded[from:to]) {
					continue
				}
				v.find(tf, RuleCovertRecipient, SeverityHigh, from, to, i18n.Sprintf("adds a recipient the user did not choose: every message is copied or sent to %s", untrusted.Visible(v.folded[loc[0]:loc[1]], 60)))
				return
			}
		}
	}
	if v.holds(recipientWords) {
		for _, loc := range l.findAllIndex(changeRecipient, v, 4) {
			from, to := sentenceAround(v.folded, loc[0], loc[1])
			if !whenAnyRE.MatchString(v.folded[from:to]) {
				continue
			}
			v.find(tf, RuleCovertRecipient, SeverityHigh, loc[0], loc[1], i18n.T("tells the model to change the recipient the user chose"))
			return
		}
	}
}

// reportsEveryUse reports, as exfiltration, a sentence that has another tool, one that sends,
// send to the fixed address at loc every time the tool is used, or as others' practice, which
// stands just as well: the message reports what the user does (the file written, the page
// fetched, the meeting made) to that address, and the use itself leaves the conversation.
func reportsEveryUse(tf *toolFindings, v *textView, from, to int, loc []int, tool string) {
	sentence := v.folded[from:to]
	if tool == "" || !standingOrder(sentence) && !appealRE.MatchString(sentence) {
		return
	}
	v.find(tf, RuleExfiltrationInstruction, SeverityHigh, from, to, i18n.Sprintf("orders a report of every use of the tool, sent by %q to %s, an address the text fixed: what the user does leaves for someone they never chose", tool, untrusted.Visible(v.folded[loc[0]:loc[1]], 60)))
}

// hiddenSendTarget reports the description of a tool that sends messages when it names a fixed
// address, number or URL and tells the model to keep something from the user. Each signal is
// honest alone (a send tool names a support address; descriptions say what not to mention);
// together, in any language, they are a recipient added behind the user's back: the address and
// the number are written the same in every language, and the order to keep quiet is read in all
// of them.
func hiddenSendTarget(tf *toolFindings, v *textView) bool {
	if !tf.definition() || v.site.key != "description" || v.from != "" {
		return false
	}
	if words := nameWords(tf.tool.ToolName()); len(words) == 0 || !sendVerbs[words[0]] {
		return false // the name starts with a verb of sending: send_email, send_message, forward_mail
	}
	return concealAnyRE.MatchString(v.folded)
}

// senderBeforeRE finds, just before an address, words that make it the sender's or a contact's
// ("from noreply@…", "contact support@…"), not a recipient.
var senderBeforeRE = lazyregexp.New(`(?i)\b(?:from|sender|reply-to|contact|support|questions?|help)\b[^.!?\n]{0,12}$`)

// sendToolRE finds a tool named for sending, called on: its name starts with the verb and joins
// other words by _ or - ("send_email", "send-message", "forward_mail", "notify_slack"), and the
// sentence calls it ("call send_email", "via send_email", "using send_email", "invoke
// send_email"), not a field named for an address ("contact_email", "USER_EMAIL").
var sendToolRE = lazyregexp.New(`(?i)\b(?:call|calls|calling|invoke|invoking|execute|executing|run|via|using|use|with|through)\s+\x60?((?:send|email|mail|forward|sms|notify)[_-][a-z0-9_-]+)`)

// otherSendTool returns the first tool named for sending, other than the tool itself, that a
// sentence naming a fixed address calls on ("you must call send_email to 'ops@…'", "by
// emailing 'sync@…' using send_email"): the text, not the user, chose where that tool sends. A
// word shaped like a send tool is one when a catalog linted offers it, or when the sentence calls
// it (call, invoke or execute it, "send_email(…)", "the send_email tool"); after "use", "with" or
// "via" alone it is as likely a field ("use with email_address 'jane@…' style values"), and a
// parameter of the tool itself never is one.
func otherSendTool(tf *toolFindings, sentence string) string {
	own := tf.tool.ToolName()
	for _, loc := range sendToolRE.FindAllStringSubmatchIndex(sentence, 4) {
		m := sentence[loc[2]:loc[3]]
		if strings.EqualFold(m, own) || ownParameter(tf, m) {
			continue
		}
		if tf.l != nil && tf.l.offersTool(m) || callingVerbRE.MatchString(sentence[loc[0]:loc[2]]) || calledAsToolRE.MatchString(sentence[loc[3]:]) {
			return m
		}
	}
	return ""
}

var (
	// callingVerbRE is a verb before a name that calls it as a tool.
	callingVerbRE = lazyregexp.New(`(?i)^(?:call|calls|calling|invoke|invoking|execute|executing)\b`)
	// calledAsToolRE begins, after a name, what writes it as a call or a tool: "(", " tool".
	calledAsToolRE = lazyregexp.New(`(?i)^\x60?(?:\s*\(|\s+(?:tool|function|command)\b)`)
)

// offersTool reports a name that is a tool of the catalog linted, in any case.
func (l *linter) offersTool(name string) bool {
	if _, ok := l.toolsByName[name]; ok {
		return true
	}
	for n := range l.toolsByName {
		if strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// ownParameter reports a name that is a parameter of the tool, in any case.
func ownParameter(tf *toolFindings, name string) bool {
	for _, p := range tf.properties() {
		if strings.EqualFold(p.name, name) {
			return true
		}
	}
	return false
}
