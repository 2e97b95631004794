package core

import (
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/sarif"
)

// SARIFRequest is the input of [SARIF]: the lint findings of an answer ([Lint]'s or [Diff]'s)
// and the names of the files they are about, as the log should call them.
type SARIFRequest struct {
	Findings []Finding `json:"findings"`
	// Suppressed are findings a lint configuration ignores ([LintResult.Suppressed]): they are
	// reported as suppressed, with the entry's reason and place in IgnoreURI.
	Suppressed []Finding `json:"suppressed,omitempty"`
	// URI names the catalog in the log ("catalog.json"); IgnoreURI the lint configuration.
	URI       string `json:"uri"`
	IgnoreURI string `json:"ignoreUri,omitempty"`
	// Lang is the language of the log's own words: "en" (the default), "fr" or "de". The
	// findings' messages are as given.
	Lang string `json:"lang,omitempty"`
}

// SARIFResult is the answer of [SARIF].
type SARIFResult struct {
	// SARIF is the log, a SARIF 2.1.0 document as `gatehouse lint --format sarif` writes it: one
	// result per finding, rules gatehouse/lint/<rule> with their security-severity and tags,
	// levels error, warning and note for high, medium and low, columns in code points.
	SARIF    string   `json:"sarif"`
	Problems Problems `json:"problems"`
}

// SARIF writes lint findings as a SARIF 2.1.0 log for code scanning, the same log the CLI
// writes, so that a file saved from the page uploads as the CLI's does.
func SARIF(req SARIFRequest) SARIFResult {
	tr, probs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	results := make([]sarif.Result, 0, len(req.Findings)+len(req.Suppressed))
	for _, f := range req.Findings {
		results = append(results, sarif.FindingResult(f, req.URI))
	}
	for _, f := range req.Suppressed {
		results = append(results, sarif.SuppressedResult(f, req.URI, req.IgnoreURI, req.IgnoreURI))
	}
	for i := range results {
		results[i].Message = tr.Evidence(results[i].Message)
	}
	log, err := sarif.Log(results, Version)
	if err != nil {
		probs = append(probs, Problem{Source: problem.SourceRequest, Kind: problem.KindRule, Offset: -1, Message: i18n.Sprintf("the SARIF log could not be written: %v", err)})
	}
	return SARIFResult{SARIF: string(log), Problems: translateProblems(tr, orEmpty(probs))}
}
