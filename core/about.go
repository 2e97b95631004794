package core

import (
	"slices"

	"github.com/gatehouse-dev/gatehouse/core/schemaapi"
	"github.com/gatehouse-dev/gatehouse/internal/call"
	"github.com/gatehouse-dev/gatehouse/internal/gate"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
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
	Severities []Severity `json:"severities"`
	// Limits are the caps on what gatehouse accepts: one pasted text's bytes, the nesting of
	// arrays and objects, a share link's fragment and its texts once inflated; and
	// ShownProblems, how many problems a view lists before it says how many more there are
	// (the API and the CLI's JSON always give them all).
	Limits struct {
		TextBytes     int `json:"textBytes"`
		Depth         int `json:"depth"`
		FragmentBytes int `json:"fragmentBytes"`
		StateBytes    int `json:"stateBytes"`
		ShownProblems int `json:"shownProblems"`
	} `json:"limits"`
	// LintRules are the checks of [Lint], in the request's language: each rule's name, the
	// highest severity it gives, a summary, why a finding matters, help (what it looks for,
	// what lowers it, what to do) and families (the attack families it catches at high
	// severity; none for rules that only advise).
	LintRules []struct {
		Name     string   `json:"name"`
		Severity Severity `json:"severity"`
		Summary  string   `json:"summary"`
		Why      string   `json:"why"`
		Help     string   `json:"help"`
		Families []string `json:"families,omitempty"`
	} `json:"lintRules"`
	Drafts []string `json:"drafts"`
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

// About says what this build of gatehouse knows: its version, the order of severities, its
// limits, its lint rules (in the request's language), the languages it answers in and the
// characters it counts as hidden. Every list is the caller's own copy: changing one changes no
// later answer.
func About(req AboutRequest) AboutResult {
	// What the Schema pane's module says too comes from its own about(), so the two agree.
	base := schemaapi.About(schemaapi.AboutRequest{Lang: req.Lang})
	tr, _ := openTranslation(req.Lang) // the language's problem is base's
	defer closeTranslation(tr)
	res := AboutResult{
		Version:      base.Version,
		Severities:   slices.Clone(lint.Severities),
		Limits:       base.Limits,
		Drafts:       base.Drafts,
		DefaultDraft: base.DefaultDraft,
		CallFormats:  slices.Clone(call.CallFormats),
		Reasons:      slices.Clone(gate.Reasons),
		Languages:    base.Languages,
		Hidden:       base.Hidden,
		Problems:     base.Problems,
	}
	// A rule has lint's own fields (an assignment the compiler holds to them); each is copied.
	rules := translateRules(tr, lint.Rules)
	res.LintRules = slices.Grow(res.LintRules, len(rules))[:len(rules)]
	for i, r := range rules {
		r.Families = slices.Clone(r.Families)
		res.LintRules[i] = r
	}
	return res
}
