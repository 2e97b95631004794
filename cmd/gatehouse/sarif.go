package main

import (
	"io"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/sarif"
)

// sarifPrinter writes a SARIF 2.1.0 log for code-scanning uploads: one run, one result per item,
// located at line:column in the file named on the command line. The log is written by
// internal/sarif, as the API's sarif function writes it for the page.
type sarifPrinter struct{}

func (sarifPrinter) print(w io.Writer, r *report) error {
	results := make([]sarif.Result, 0, len(r.items))
	for _, it := range r.items {
		if it.textOnly {
			continue
		}
		res := sarif.Result{Rule: it.rule, Level: it.level, Message: r.tr.Evidence(it.message), Line: it.line, Column: it.column}
		if it.in != nil {
			res.URI = it.in.uri
		}
		if it.suppressed != nil {
			res.Suppression = &sarif.Suppression{Reason: it.suppressed.reason, Line: it.suppressed.line, Column: it.suppressed.column}
			if it.suppressed.in != nil {
				res.Suppression.URI = it.suppressed.in.uri
			}
		}
		results = append(results, res)
	}
	log, err := sarif.Log(results, core.Version)
	if err != nil {
		return err
	}
	_, err = w.Write(log)
	return err
}
