package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/sarif"
)

var lintCommand = &command{
	name:    "lint",
	usage:   "lint [--fail-on high|medium|low] [--ignore-file FILE] [--format text|json|sarif] [CATALOG | --url URL | --config FILE | --discover | -- CMD ARGS...]",
	server:  true,
	summary: "find what a reviewer should see in a tool catalog before trusting it",
	details: lintDetails(),
	define: func(fs *flag.FlagSet) runFunc {
		failOn := addFailOnFlag(fs)
		format := addFormatFlag(fs)
		ignoreFile := fs.String("ignore-file", "", "a lint configuration `file`: rules to ignore for named tools, each with a reason (see below)")
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
			var ignore *input
			if *ignoreFile != "" {
				if ignore, err = s.read("--ignore-file", *ignoreFile); err != nil {
					return s.fail("%v", err)
				}
			}
			catalog, code, ok := s.readCatalog(sf, args)
			if !ok {
				return code
			}
			req := core.LintRequest{Catalog: catalog.text, Lang: string(s.lang)}
			inputs := inputsBySource{core.Sources.Catalog: catalog}
			if ignore != nil {
				req.Ignore = ignore.text
				inputs[core.Sources.Ignore] = ignore
			}
			res := core.Lint(req)
			r := &report{answer: res, items: problemItems(res.Problems, inputs)}
			for _, f := range res.Findings {
				r.items = append(r.items, findingItem(f, catalog))
			}
			for _, f := range res.Suppressed {
				r.items = append(r.items, suppressedItem(f, catalog, ignore))
			}
			// The summary is the catalog's name, then parts: what was found, what fails the run,
			// what was suppressed.
			var suppressed []string
			if len(res.Suppressed) > 0 {
				suppressed = []string{i18n.Sprintf("%d suppressed by %s", len(res.Suppressed), ignore.name)}
			}
			summary := func(parts ...string) string {
				return i18n.Sprintf("%s: %s", catalog.name, i18n.Join(append(parts, suppressed...), ", "))
			}
			failing := res.AtOrAbove(threshold)
			code = exitOK
			switch {
			case unreadable(res.Problems):
				code, r.outcome = exitUsage, levelError
				r.summary = i18n.Sprintf("not linted: %s reading the input", countProblems(len(res.Problems)))
			case failing > 0 || len(res.Problems) > 0:
				code, r.outcome = exitFindings, levelError
				parts := []string{countFindings(res.Findings)}
				if failing > 0 {
					parts = append(parts, i18n.Sprintf("%d at or above --fail-on %s", failing, flagValue(*failOn)))
				}
				if len(res.Problems) > 0 {
					parts = append(parts, countProblems(len(res.Problems)))
				}
				r.summary = summary(parts...)
			case len(res.Findings) > 0:
				r.outcome = levelNote
				r.summary = summary(countFindings(res.Findings), i18n.Sprintf("none at or above --fail-on %s", flagValue(*failOn)))
			default:
				r.summary = summary(i18n.T("no findings"))
			}
			return s.emit(p, r, code)
		}
	},
}

// lintDetails is lint's help: the severities, the rules (from core's registry) and the lint
// configuration's format.
func lintDetails() string {
	var b strings.Builder
	b.WriteString(`
Each finding names its rule, severity, tool and place (line:column of the evidence itself, inside
a long description), shows the evidence with hidden characters written visibly ([U+200B]), and
says in one sentence why it matters. Text that can be decoded (base64, hex, percent-encoding,
HTML entities, Unicode tag characters, variation selectors, look-alike letters, compatibility
characters) is linted too, and its findings say what it was decoded from. The rules are
deterministic and offline. CATALOG "-" or absent reads standard input; a live server (a command
after --, --url, --config, --discover, as for 'gatehouse catalog') is asked for its tools instead,
and positions are then in the catalog 'gatehouse catalog' writes for it.

Severities:
  high    the text steers the model against the user (hidden text, instruction override,
          concealment, coercion, exfiltration, covert recipients, steering another tool, priority
          hijack, encoded commands, declared harvesting), or the definition lies about itself
          (annotations against the name, a harmless tool asking for credentials or for whatever
          the model knows). Every such family is high on its own: a path in the payload is not
          what makes it so. Do not approve the tool before reading it.
  medium  a reviewer should look: a risky capability, unusual markup, a path to secrets, another
          server's tool named, a precondition set for the model.
  low     hygiene: an open schema, a free path or URL string, a destructive tool without a warning.

Rules:
`)
	for _, r := range core.About(core.AboutRequest{}).LintRules {
		fmt.Fprintf(&b, "  %-25s %-6s %s\n", r.Name, r.Severity, r.Summary)
	}
	b.WriteString(`
--ignore-file FILE is a lint configuration kept beside the catalog in the repository:
  {"ignore": [{"rule": "loose-schema", "tool": "run_query", "reason": "the server checks SQL itself"}]}
Each entry ignores one rule for one tool (its key: "server/name" when several servers) and must
give a reason. Ignored findings are still printed, as suppressed with their reason, and do not
count toward --fail-on. An unknown rule or tool, a missing reason or any other member is a problem
at its line and column, and then nothing is ignored.

Exit code 0 when no finding is at or above --fail-on (default low: any finding fails); 1 when one
is, or the catalog or the configuration has problems; 3 when a file cannot be read or is not
strict JSON.`)
	return b.String()
}

// findingItem shows a lint finding at the evidence's line and column in the catalog, with why it
// matters under it.
func findingItem(f core.Finding, catalog *input) item {
	return item{rule: "gatehouse/lint/" + f.Rule, level: severityLevel(f.Severity), in: catalog,
		line: f.Line, column: f.Column, message: findingMessage(f), note: whyNote(f)}
}

// A suppression is why and where a lint configuration ignores a finding.
type suppression struct {
	reason       string
	in           *input // the configuration file
	line, column int    // of its entry
}

// suppressedItem shows a finding the configuration suppressed, with the reason, as a note.
func suppressedItem(f core.Finding, catalog, ignore *input) item {
	res := sarif.SuppressedResult(f, catalog.uri, ignore.name, ignore.uri)
	sup := &suppression{in: ignore, reason: res.Suppression.Reason, line: res.Suppression.Line, column: res.Suppression.Column}
	return item{rule: res.Rule, level: res.Level, in: catalog, line: f.Line, column: f.Column, message: res.Message, suppressed: sup}
}

// findingMessage writes a finding as one line, as SARIF writes it.
func findingMessage(f core.Finding) string { return sarif.FindingMessage(f) }

func whyNote(f core.Finding) string {
	if f.Why == "" {
		return ""
	}
	return i18n.Sprintf("why: %s", f.Why)
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
	findings := i18n.Plural(len(fs), i18n.T("%d finding"), i18n.T("%d findings"))
	if len(parts) == 0 {
		return findings
	}
	return i18n.Sprintf("%s (%s)", findings, strings.Join(parts, ", "))
}

// addFailOnFlag declares --fail-on, the least severity that fails the run.
func addFailOnFlag(fs *flag.FlagSet) *string {
	return fs.String("fail-on", string(core.Severities.Low), "the least `severity` that fails the run (exit 1): high, medium or low")
}

// severityLevel maps a severity to SARIF's level.
func severityLevel(sev core.Severity) level { return sarif.LevelOf(sev) }

// A flagValue is what a person typed after a flag: in a message it is data, written as typed in
// every language ("--fail-on low", never a translation of "low").
type flagValue string
