package core

// AboutRequest is the input of [About]; it has no members.
type AboutRequest struct{}

// AboutResult is the answer of [About]: what this build of gatehouse knows, so that the page
// and scripts read its orders and limits instead of repeating them.
type AboutResult struct {
	Version string `json:"version"`
	// Severities are the levels of lint findings and catalog-diff risks, most urgent first.
	Severities []string    `json:"severities"`
	Limits     AboutLimits `json:"limits"`
	LintRules  []LintRule  `json:"lintRules"`
	Drafts     []string    `json:"drafts"`
	// CallFormats are the call shapes the gate reads; Reasons the reasons a decision gives.
	CallFormats []string `json:"callFormats"`
	Reasons     []string `json:"reasons"`
	Problems    Problems `json:"problems"`
}

// AboutLimits are the caps on what gatehouse accepts.
type AboutLimits struct {
	TextBytes     int `json:"textBytes"`     // one pasted text
	Depth         int `json:"depth"`         // nesting of arrays and objects
	FragmentBytes int `json:"fragmentBytes"` // a share link's fragment
	StateBytes    int `json:"stateBytes"`    // a share link's texts, once inflated
}

// About says what this build of gatehouse knows: its version, the order of severities, its
// limits and its lint rules.
func About(AboutRequest) AboutResult {
	return AboutResult{
		Version:    Version,
		Severities: []string{SeverityHigh, SeverityMedium, SeverityLow},
		Limits: AboutLimits{TextBytes: DefaultLimits.MaxBytes, Depth: DefaultLimits.MaxDepth,
			FragmentBytes: MaxFragmentBytes, StateBytes: MaxStateBytes},
		LintRules:   LintRules,
		Drafts:      Drafts,
		CallFormats: CallFormats,
		Reasons:     Reasons,
		Problems:    Problems{},
	}
}
