package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

var replayCommand = &command{
	name:    "replay",
	usage:   "replay --catalog C --policy P [--format text|json|sarif] TRANSCRIPT",
	summary: "decide every call of a recorded session, with the policy's flows across calls and servers",
	details: `
TRANSCRIPT is a session as an API or a proxy recorded it: an OpenAI Chat messages array (bare or
in {"messages": …}), OpenAI Responses input items, Anthropic messages, Gemini contents, an MCP
JSON-RPC log (one message per line), or gatehouse's own decision log. Each call is gated as
"gatehouse gate" would, then tightened by the policy's "flows": a call after a result of a tool
labelled L, or whose arguments carry text of such a result, is asked or denied as its rule says.
Each result is checked as "gatehouse check-result" would; one it flags or blocks is labelled
"injected". What the reader cannot place is a problem at its line, and every call after it is
denied. TRANSCRIPT "-" or absent reads standard input.

Text output writes one line per call. --format json writes the answer of the JavaScript API's
gatehouse.replay: {"shape", "calls": [{index, tool, server, decision}], "results": […], "problems"}.

Exit code 0 when every call is allowed; 1 when one is denied; 2 when one asks and none is
denied; 3 when a file cannot be read, is not strict JSON, or the transcript cannot be placed
whole (its shape, a result with no call, an id answered twice): the calls are still listed,
those after the problem denied.`,
	define: func(fs *flag.FlagSet) runFunc {
		catalogPath := fs.String("catalog", "", "the tool catalog `file`, a tools/list answer (required)")
		policyPath := fs.String("policy", "", "the policy `file` (required)")
		format := addFormatFlag(fs)
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 1); !ok {
				return code
			}
			if *catalogPath == "" || *policyPath == "" {
				return s.usageError("--catalog and --policy are required")
			}
			p, err := s.printer(*format)
			if err != nil {
				return s.usageError("%v", err)
			}
			catalog, policy, transcript, err := s.readGateInputs(*catalogPath, *policyPath, i18n.T("the transcript"), firstArg(args))
			if err != nil {
				return s.fail("%v", err)
			}
			res := core.Replay(core.ReplayRequest{Transcript: transcript.text, Catalog: catalog.text, Policy: policy.text, Lang: string(s.lang)})
			files := inputsBySource{core.Sources.Transcript: transcript, core.Sources.Catalog: catalog, core.Sources.Policy: policy}
			r := &report{answer: res, items: problemItems(res.Problems, files)}
			counts := map[core.Outcome]int{}
			for _, c := range res.Calls {
				counts[c.Decision.Decision]++
				r.items = append(r.items, replayItems(c, files, res.Problems)...)
			}
			if unreadable(res.Problems) || res.Shape == "" || slices.ContainsFunc(res.Problems, func(p core.Problem) bool { return p.Source == core.Sources.Transcript }) {
				r.outcome = levelError
				r.summary = i18n.Sprintf("not replayed whole: %s reading the input", countProblems(len(res.Problems)))
				return s.emit(p, r, exitUsage)
			}
			code := exitOK
			switch {
			case counts[core.DecisionDeny] > 0:
				code, r.outcome = exitFindings, levelError
			case counts[core.DecisionAsk] > 0:
				code, r.outcome = exitAsk, levelWarning
			}
			var parts []string
			for _, d := range []core.Outcome{core.DecisionDeny, core.DecisionAsk, core.DecisionAllow} {
				if counts[d] > 0 {
					parts = append(parts, fmt.Sprintf("%d %s", counts[d], d))
				}
			}
			if len(parts) == 0 {
				parts = append(parts, i18n.T("no call"))
			}
			r.summary = i18n.Sprintf("%s, %s: %s", res.Shape, i18n.Plural(len(res.Calls), i18n.T("%d call"), i18n.T("%d calls")), strings.Join(parts, ", "))
			return s.emit(p, r, code)
		}
	},
}

// replayItems shows one call of the transcript: a line at the call with its decision and the
// summary of why, the decision's evidence as gate shows it (each piece in its file: the
// transcript, the catalog, the policy), and, where a flow rule decided, a line at the result
// that set it off.
func replayItems(c core.ReplayCall, files inputsBySource, problems core.Problems) []item {
	d := c.Decision
	rule := "gatehouse/gate/" + string(d.Reason)
	head := item{rule: rule, level: decisionLevel(d.Decision), in: files[core.Sources.Transcript], line: c.Line, column: c.Column,
		message: fmt.Sprintf("#%d %s: %s (%s)", c.Index, c.Tool, d.Decision, d.Reason)}
	if len(d.Explanation) > 0 {
		head.message = i18n.Sprintf("#%d %s: %s", c.Index, i18n.Data(c.Tool), d.Explanation[0])
	}
	items := append([]item{head}, evidenceItems(d, files, problems)...)
	for _, f := range d.Flow {
		if !f.Decided {
			continue
		}
		msg := i18n.Sprintf("the result of #%d %s, labelled %s", f.Result.Index, i18n.Data(f.Result.Tool), i18n.Data(f.Label))
		if f.Quote != "" {
			msg = i18n.Sprintf("the result of #%d %s, labelled %s, holds %s", f.Result.Index, i18n.Data(f.Result.Tool), i18n.Data(f.Label), i18n.Data(f.Quote))
		}
		items = append(items, item{rule: rule, level: head.level, in: files[core.Sources.Transcript], line: f.Line, column: f.Column, message: msg, detail: true})
	}
	return items
}
