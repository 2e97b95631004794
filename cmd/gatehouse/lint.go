package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/gatehouse-dev/gatehouse/core"
)

var lintCommand = &command{
	name:    "lint",
	usage:   "lint [--fail-on high|medium|low] [--format text|json|sarif] [CATALOG | --url URL | --config FILE | --discover | -- CMD ARGS...]",
	server:  true,
	summary: "find what a reviewer should see in a tool catalog before trusting it",
	details: `
Each finding names its rule, severity, tool and place (line:column of the evidence itself, inside
a long description). The rules are deterministic and offline. CATALOG "-" or absent reads
standard input; a live server (a command after --, --url, --config, --discover, as for
'gatehouse catalog') is asked for its tools instead, and positions are then in the catalog
'gatehouse catalog' writes for it.

Exit code 0 when no finding is at or above --fail-on (default low: any finding fails); 1 when one
is, or the catalog has problems; 3 when the catalog cannot be read or is not strict JSON, or a
server did not answer.`,
	define: func(fs *flag.FlagSet) runFunc {
		failOn := addFailOnFlag(fs)
		format := addFormatFlag(fs)
		sf := addServerFlags(fs, true)
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 1); !ok {
				return code
			}
			threshold, err := core.ParseSeverity(*failOn)
			if err != nil {
				return s.usageError("%v", err)
			}
			p, err := s.printer(*format)
			if err != nil {
				return s.usageError("%v", err)
			}
			catalog, code, ok := s.readCatalog(sf, args)
			if !ok {
				return code
			}
			res := core.Lint(core.LintRequest{Catalog: catalog.text})
			r := &report{answer: res, items: problemItems(res.Problems, inputsBySource{core.SourceCatalog: catalog})}
			for _, f := range res.Findings {
				r.items = append(r.items, findingItem(f, catalog))
			}
			failing := res.AtOrAbove(threshold)
			code = exitOK
			switch {
			case unreadable(res.Problems):
				code, r.outcome = exitUsage, levelError
				r.summary = "not linted: " + plural(len(res.Problems), "problem") + " reading the input"
			case failing > 0 || len(res.Problems) > 0:
				code, r.outcome = exitFindings, levelError
				r.summary = fmt.Sprintf("%s: %s", catalog.name, countFindings(res.Findings))
				if failing > 0 {
					r.summary += fmt.Sprintf(", %d at or above --fail-on %s", failing, *failOn)
				}
				if len(res.Problems) > 0 {
					r.summary += ", " + plural(len(res.Problems), "problem")
				}
			case len(res.Findings) > 0:
				r.outcome = levelNote
				r.summary = fmt.Sprintf("%s: %s, none at or above --fail-on %s", catalog.name, countFindings(res.Findings), *failOn)
			default:
				r.summary = fmt.Sprintf("%s: no findings", catalog.name)
			}
			return s.emit(p, r, code)
		}
	},
}

// findingItem shows a lint finding at the evidence's line and column in the catalog.
func findingItem(f core.Finding, catalog *input) item {
	msg := fmt.Sprintf("%s: %s: %s [%s]", f.Severity, f.Tool, f.Message, f.Rule)
	if f.Evidence != "" && !strings.Contains(f.Message, f.Evidence) {
		msg += fmt.Sprintf(" evidence: %q", f.Evidence)
	}
	return item{rule: "gatehouse/lint/" + f.Rule, level: severityLevel(f.Severity), in: catalog,
		line: f.Line, column: f.Column, message: msg}
}

// countFindings writes "3 findings (1 high, 2 low)".
func countFindings(fs []core.Finding) string {
	counts := map[core.Severity]int{}
	for _, f := range fs {
		counts[f.Severity]++
	}
	var parts []string
	for _, sev := range core.About(core.AboutRequest{}).Severities {
		if counts[sev] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[sev], sev))
		}
	}
	if len(parts) == 0 {
		return plural(len(fs), "finding")
	}
	return fmt.Sprintf("%s (%s)", plural(len(fs), "finding"), strings.Join(parts, ", "))
}

// addFailOnFlag declares --fail-on, the least severity that fails the run.
func addFailOnFlag(fs *flag.FlagSet) *string {
	return fs.String("fail-on", string(core.SeverityLow), "the least `severity` that fails the run (exit 1): high, medium or low")
}

// severityLevel maps a severity to SARIF's level.
func severityLevel(sev core.Severity) level {
	switch sev {
	case core.SeverityHigh:
		return levelError
	case core.SeverityMedium:
		return levelWarning
	}
	return levelNote
}
