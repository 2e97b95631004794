package lint

// A TextProfile says what kind of untrusted text is read, and so how its honest imperatives weigh.
type TextProfile int

// The profiles [ScanText] reads text with.
const (
	// ProfileDescription reads a tool's description, a parameter's description or title: text a
	// server wrote for the model, where an honest imperative is rare.
	ProfileDescription TextProfile = iota
	// ProfileResult reads what a tool returned: READMEs, e-mails, web pages, logs, code, full of
	// honest imperatives written for people.
	ProfileResult
)

// A profileKnobs is what a profile changes in the text rules' answer. It is data, so that the
// result check can be calibrated by editing this file alone.
type profileKnobs struct {
	// capped lowers a rule's findings to at most this severity: a rule whose honest matches are
	// common in this kind of text advises instead of blocking.
	capped map[string]Severity
	// off lists rules not run at all on this kind of text.
	off map[string]bool
}

// profiles holds each profile's knobs. The result profile starts as the description profile;
// the result check calibrates it on its own corpus of honest results.
var profiles = [...]profileKnobs{
	ProfileDescription: {},
	// Results name tools, calls, recipients and files as a matter of course (a README's example
	// "send a file to all requests", an author's e-mail address, a changelog's "add X to the
	// tools array"): those rules advise there. The result check's own rules (internal/result)
	// look for text addressed to the model instead. Calibrated on testdata/result/corpus.
	//
	// The instruction rules read an order without asking who it is for: in a description every
	// reader is the model, in a result most are people ("do not mention it to Paul", "ignore the
	// previous steps of this guide", a password a browser sends, a document quoting an injection).
	// They advise there too; the result check decides by who is addressed and how the text is framed.
	ProfileResult: {capped: map[string]Severity{
		RuleToolShadowing:           SeverityLow,
		RuleCovertRecipient:         SeverityMedium,
		RuleInstructionPriority:     SeverityMedium,
		RuleExfiltrationInstruction: SeverityMedium,
		RuleInstructionOverride:     SeverityMedium,
		RuleInstructionConcealment:  SeverityMedium,
		RuleInstructionCoercion:     SeverityMedium,
		RuleInstructionTag:          SeverityMedium,
	}},
}

// knobs returns the profile's knobs; an unknown profile reads as a description.
func (p TextProfile) knobs() *profileKnobs {
	if p < 0 || int(p) >= len(profiles) {
		return &profiles[ProfileDescription]
	}
	return &profiles[p]
}

// keepsHigh reports whether a high finding of rule stays high under the profile ([apply]).
func (k *profileKnobs) keepsHigh(rule string) bool {
	limit, capped := k.capped[rule]
	return !k.off[rule] && (!capped || !SeverityHigh.Above(limit))
}

// apply lowers or drops a finding as the profile says; ok is false for a finding dropped.
func (k *profileKnobs) apply(f *Finding) (ok bool) {
	if k.off[f.Rule] {
		return false
	}
	if limit, set := k.capped[f.Rule]; set && f.Severity.Above(limit) {
		f.Severity = limit
	}
	return true
}
