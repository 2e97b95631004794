package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/gatehouse-dev/gatehouse/core"
)

var lintCommand = &command{
	name:    "lint",
	usage:   "lint [--fail-on high|medium|low] [--ignore-file FILE] [--format text|json|sarif] [CATALOG]",
	summary: "find what a reviewer should see in a tool catalog before trusting it",
	details: lintDetails(),
	define: func(fs *flag.FlagSet) runFunc {
		failOn := addFailOnFlag(fs)
		format := addFormatFlag(fs)
		ignoreFile := fs.String("ignore-file", "", "a lint configuration `file`: rules to ignore for named tools, each with a reason (see below)")
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 1); !ok {
				return code
			}
			threshold, err := severityRank(*failOn)
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
			catalog, err := s.read("the catalog", firstArg(args))
			if err != nil {
				return s.fail("%v", err)
			}
			req := core.LintRequest{Catalog: catalog.text}
			inputs := inputsBySource{core.SourceCatalog: catalog}
			if ignore != nil {
				req.Ignore = ignore.text
				inputs[core.SourceIgnore] = ignore
			}
			res := core.Lint(req)
			r := &report{answer: res, items: problemItems(res.Problems, inputs)}
			failing := 0
			for _, f := range res.Findings {
				r.items = append(r.items, findingItem(f, catalog))
				if rank, _ := severityRank(f.Severity); rank >= threshold {
					failing++
				}
			}
			for _, f := range res.Suppressed {
				r.items = append(r.items, suppressedItem(f, catalog, ignore))
			}
			suppressed := ""
			if len(res.Suppressed) > 0 {
				suppressed = fmt.Sprintf(", %d suppressed by %s", len(res.Suppressed), ignore.name)
			}
			code := exitOK
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
				r.summary += suppressed
			case len(res.Findings) > 0:
				r.outcome = levelNote
				r.summary = fmt.Sprintf("%s: %s, none at or above --fail-on %s%s", catalog.name, countFindings(res.Findings), *failOn, suppressed)
			default:
				r.summary = fmt.Sprintf("%s: no findings%s", catalog.name, suppressed)
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
deterministic and offline. CATALOG "-" or absent reads standard input.

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
	for _, r := range core.LintRules {
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
	sup := &suppression{in: ignore}
	where := ""
	if f.Suppression != nil {
		sup.reason, sup.line, sup.column = f.Suppression.Reason, f.Suppression.Line, f.Suppression.Column
		where = fmt.Sprintf(" (%s:%d:%d)", ignore.name, sup.line, sup.column)
	}
	return item{rule: "gatehouse/lint/" + f.Rule, level: levelNote, in: catalog, line: f.Line, column: f.Column,
		message: "suppressed " + findingMessage(f) + " — ignored" + where + ": " + sup.reason, suppressed: sup}
}

func findingMessage(f core.Finding) string {
	msg := fmt.Sprintf("%s: %s: %s [%s]", f.Severity, f.Tool, f.Message, f.Rule)
	if f.Evidence != "" && !strings.Contains(f.Message, f.Evidence) {
		msg += ` evidence: "` + f.Evidence + `"` // already visible: hidden characters and line breaks written out
	}
	if f.DecodedFrom != "" && !strings.Contains(f.Message, f.DecodedFrom) {
		msg += " (read through " + f.DecodedFrom + ")"
	}
	return msg
}

func whyNote(f core.Finding) string {
	if f.Why == "" {
		return ""
	}
	return "why: " + f.Why
}

// countFindings writes "3 findings (1 high, 2 low)".
func countFindings(fs []core.Finding) string {
	counts := map[string]int{}
	for _, f := range fs {
		counts[f.Severity]++
	}
	var parts []string
	for _, sev := range severities {
		if counts[sev] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[sev], sev))
		}
	}
	if len(parts) == 0 {
		return plural(len(fs), "finding")
	}
	return fmt.Sprintf("%s (%s)", plural(len(fs), "finding"), strings.Join(parts, ", "))
}

// severities are core's, from the most to the least urgent.
var severities = []string{core.SeverityHigh, core.SeverityMedium, core.SeverityLow}

// addFailOnFlag declares --fail-on, the least severity that fails the run.
func addFailOnFlag(fs *flag.FlagSet) *string {
	return fs.String("fail-on", core.SeverityLow, "the least `severity` that fails the run (exit 1): high, medium or low")
}

// severityRank is core's order of severities (and risks), for --fail-on.
func severityRank(sev string) (int, error) {
	if rank, ok := core.SeverityRank(sev); ok {
		return rank, nil
	}
	return 0, fmt.Errorf("unknown severity %q: use %s", sev, strings.Join(severities, ", "))
}

// severityLevel maps a severity to SARIF's level.
func severityLevel(sev string) level {
	switch sev {
	case core.SeverityHigh:
		return levelError
	case core.SeverityMedium:
		return levelWarning
	}
	return levelNote
}
