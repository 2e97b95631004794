package schemaapi

import (
	"slices"
	"strconv"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/schema"
	"github.com/gatehouse-dev/gatehouse/internal/state"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// AboutRequest is the input of [About].
type AboutRequest struct {
	// Lang is the language of the answer: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// AboutResult is the answer of [About], the Schema pane's module's about(): core's answer with
// the same members in the same order, where what this module does not link (lint's severities and
// rules, the gate's call formats and reasons) is an empty list. Every other member is core's,
// byte for byte (core's About is made from this one; a test holds the two to each other), so the
// page reads its drafts, limits and languages from whichever module answers first.
type AboutResult struct {
	Version string `json:"version"`
	// Severities are none: this module gives no lint finding and no risk.
	Severities []string `json:"severities"`
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
	// LintRules are none: this module does not lint.
	LintRules []struct{} `json:"lintRules"`
	Drafts    []string   `json:"drafts"`
	// DefaultDraft is the draft of a schema that names none, as MCP says for inputSchema.
	DefaultDraft string `json:"defaultDraft"`
	// CallFormats and Reasons are none: this module does not gate.
	CallFormats []string `json:"callFormats"`
	Reasons     []string `json:"reasons"`
	// Languages are the languages a request's lang may name, English (the default) first.
	Languages []string `json:"languages"`
	// Hidden lists the characters gatehouse counts as hidden (controls other than line breaks
	// and tabs, every format character, variation selectors, fillers), as sorted inclusive
	// [low, high] code point pairs, for a view that marks them as gatehouse's messages do.
	Hidden   [][2]rune        `json:"hidden"`
	Problems problem.Problems `json:"problems"`
}

// About says what this module knows: its version, its limits, the drafts, the languages it answers
// in and the characters it counts as hidden. Every list is the caller's own copy.
func About(req AboutRequest) AboutResult {
	tr, langProbs := OpenTranslation(req.Lang)
	CloseTranslation(tr)
	res := AboutResult{
		Version:      Version,
		Severities:   []string{},
		LintRules:    []struct{}{},
		Drafts:       slices.Clone(schema.Drafts),
		DefaultDraft: schema.DefaultDraft,
		CallFormats:  []string{},
		Reasons:      []string{},
		Languages:    slices.Clone(Languages),
		Hidden:       untrusted.Ranges(),
		Problems:     OrEmpty(langProbs),
	}
	res.Limits.TextBytes, res.Limits.Depth = jsondoc.DefaultLimits.MaxBytes, jsondoc.DefaultLimits.MaxDepth
	res.Limits.FragmentBytes, res.Limits.StateBytes, res.Limits.ShownProblems = state.MaxFragmentBytes, state.MaxStateBytes, 1000
	return res
}

// MarshalJSON writes the answer byte for byte as encoding/json writes it (a test holds the two to
// each other): about() is the page's first request, and encoding/json's reflection, compiled by V8
// as it first runs, would be most of its time in a fresh module.
func (r AboutResult) MarshalJSON() ([]byte, error) {
	strings := func(b []byte, list []string) []byte {
		if list == nil {
			return append(b, "null"...)
		}
		b = append(b, '[')
		for i, s := range list {
			if i > 0 {
				b = append(b, ',')
			}
			b = problem.AppendJSONString(b, s)
		}
		return append(b, ']')
	}
	b := problem.AppendJSONString(append(make([]byte, 0, 2048), `{"version":`...), r.Version)
	b = strings(append(b, `,"severities":`...), r.Severities)
	b = strconv.AppendInt(append(b, `,"limits":{"textBytes":`...), int64(r.Limits.TextBytes), 10)
	b = strconv.AppendInt(append(b, `,"depth":`...), int64(r.Limits.Depth), 10)
	b = strconv.AppendInt(append(b, `,"fragmentBytes":`...), int64(r.Limits.FragmentBytes), 10)
	b = strconv.AppendInt(append(b, `,"stateBytes":`...), int64(r.Limits.StateBytes), 10)
	b = strconv.AppendInt(append(b, `,"shownProblems":`...), int64(r.Limits.ShownProblems), 10)
	b = append(b, `},"lintRules":`...)
	if r.LintRules == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range r.LintRules {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, "{}"...)
		}
		b = append(b, ']')
	}
	b = strings(append(b, `,"drafts":`...), r.Drafts)
	b = problem.AppendJSONString(append(b, `,"defaultDraft":`...), r.DefaultDraft)
	b = strings(append(b, `,"callFormats":`...), r.CallFormats)
	b = strings(append(b, `,"reasons":`...), r.Reasons)
	b = strings(append(b, `,"languages":`...), r.Languages)
	b = append(b, `,"hidden":`...)
	if r.Hidden == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, pair := range r.Hidden {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(append(b, '['), int64(pair[0]), 10)
			b = strconv.AppendInt(append(b, ','), int64(pair[1]), 10)
			b = append(b, ']')
		}
		b = append(b, ']')
	}
	b = r.Problems.AppendJSON(append(b, `,"problems":`...))
	return append(b, '}'), nil
}
