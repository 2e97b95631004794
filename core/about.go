package core

import (
	"slices"

	"github.com/gatehouse-dev/gatehouse/internal/call"
	"github.com/gatehouse-dev/gatehouse/internal/gate"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/schema"
	"github.com/gatehouse-dev/gatehouse/internal/state"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// AboutRequest is the input of [About].
type AboutRequest struct {
	// Lang is the language of the lint rules' words: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// AboutResult is the answer of [About]: what this build of gatehouse knows, so that the page
// and scripts read its orders and limits instead of repeating them.
type AboutResult struct {
	Version string `json:"version"`
	// Severities are the levels of lint findings and catalog-diff risks, most urgent first.
	Severities []Severity  `json:"severities"`
	Limits     AboutLimits `json:"limits"`
	LintRules  []LintRule  `json:"lintRules"`
	Drafts     []string    `json:"drafts"`
	// DefaultDraft is the draft of a schema that names none, as MCP says for inputSchema.
	DefaultDraft string `json:"defaultDraft"`
	// CallFormats are the call shapes the gate reads; Reasons the reasons a decision gives.
	CallFormats []string `json:"callFormats"`
	Reasons     []Reason `json:"reasons"`
	// Languages are the languages a request's lang may name, English (the default) first.
	Languages []string `json:"languages"`
	// Hidden lists the characters gatehouse counts as hidden (controls other than line breaks
	// and tabs, every format character, variation selectors, fillers), as sorted inclusive
	// [low, high] code point pairs, for a view that marks them as gatehouse's messages do.
	Hidden   [][2]rune `json:"hidden"`
	Problems Problems  `json:"problems"`
}

// AboutLimits are the caps on what gatehouse accepts.
type AboutLimits struct {
	TextBytes     int `json:"textBytes"`     // one pasted text
	Depth         int `json:"depth"`         // nesting of arrays and objects
	FragmentBytes int `json:"fragmentBytes"` // a share link's fragment
	StateBytes    int `json:"stateBytes"`    // a share link's texts, once inflated
	// ShownProblems is how many problems a view lists before it says how many more there are
	// (the API and the CLI's JSON always give them all).
	ShownProblems int `json:"shownProblems"`
}

// About says what this build of gatehouse knows: its version, the order of severities, its
// limits, its lint rules (in the request's language), the languages it answers in and the
// characters it counts as hidden. Every list is the caller's own copy: changing one changes no
// later answer.
func About(req AboutRequest) AboutResult {
	tr, langProbs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	rules := translated(translateRules(tr, lint.Rules), func(r lint.Rule) lint.Rule {
		r.Families = slices.Clone(r.Families)
		return r
	})
	return AboutResult{
		Version:    Version,
		Severities: slices.Clone(lint.Severities),
		Limits: AboutLimits{TextBytes: jsondoc.DefaultLimits.MaxBytes, Depth: jsondoc.DefaultLimits.MaxDepth,
			FragmentBytes: state.MaxFragmentBytes, StateBytes: state.MaxStateBytes, ShownProblems: 1000},
		LintRules:    rules,
		Drafts:       slices.Clone(schema.Drafts),
		DefaultDraft: schema.DefaultDraft,
		CallFormats:  slices.Clone(call.CallFormats),
		Reasons:      slices.Clone(gate.Reasons),
		Languages:    slices.Clone(languages),
		Hidden:       untrusted.Ranges(),
		Problems:     orEmpty(langProbs),
	}
}
