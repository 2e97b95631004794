package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

var gateCommand = &command{
	name:    "gate",
	usage:   "gate --catalog C --policy P [--format text|json|sarif] [CALL]",
	summary: "decide allow, deny or ask for a recorded tool call, with every reason",
	details: `
CALL is a tool call as a model or protocol wrote it: OpenAI Chat Completions or Responses,
Anthropic tool_use, Gemini functionCall, or MCP tools/call; a message holding several calls gets
one decision each. The gates run in order: allowlisted and in the catalog, matching its pin,
arguments that parse strictly and pass the tool's inputSchema, the grant, the argument rules,
confirmation. CALL "-" or absent reads standard input.

--format json writes the answer of the JavaScript API's gatehouse.gate: {"decisions": [one per
call], "decision": the most restrictive, "problems": […]}.

Exit code 0 when every call is allowed; 1 when one is denied (a policy with problems denies every
call; a catalog problem denies the calls to the tools it concerns, such as a name two servers
offer); 2 when the most restrictive decision is ask; 3 when a file cannot be read or is not
strict JSON.`,
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
			catalog, policy, call, err := s.readGateInputs(*catalogPath, *policyPath, i18n.T("the call"), firstArg(args))
			if err != nil {
				return s.fail("%v", err)
			}
			res := core.Gate(core.GateRequest{Call: call.text, Catalog: catalog.text, Policy: policy.text, Lang: string(s.lang)})
			files := inputsBySource{core.Sources.Call: call, core.Sources.Catalog: catalog, core.Sources.Policy: policy}
			r := &report{answer: res, items: problemItems(res.Problems, files)}
			counts := map[core.Outcome]int{}
			for _, d := range res.Decisions {
				counts[d.Decision]++
				r.items = append(r.items, decisionItems(d, files, res.Problems)...)
			}
			code := exitOK
			switch {
			case unreadable(res.Problems):
				code, r.outcome = exitUsage, levelError
				r.summary = i18n.Sprintf("not gated: %s reading the input", countProblems(len(res.Problems)))
				return s.emit(p, r, code)
			case res.Decision == nil:
				code, r.outcome = exitFindings, levelError
				r.summary = i18n.Sprintf("deny: no decision could be made (%s)", countProblems(len(res.Problems)))
				return s.emit(p, r, code)
			}
			switch res.Decision.Decision {
			case core.DecisionAllow:
				code, r.outcome = exitOK, ""
			case core.DecisionAsk:
				code, r.outcome = exitAsk, levelWarning
			default:
				code, r.outcome = exitFindings, levelError
			}
			var parts []string
			for _, d := range []core.Outcome{core.DecisionDeny, core.DecisionAsk, core.DecisionAllow} {
				if counts[d] > 0 {
					parts = append(parts, fmt.Sprintf("%d %s", counts[d], d))
				}
			}
			r.summary = i18n.Sprintf("%s: %s (%s)", res.Decision.Decision, i18n.Plural(len(res.Decisions), i18n.T("%d call"), i18n.T("%d calls")), strings.Join(parts, ", "))
			if len(res.Decisions) == 1 && res.Decisions[0].Detail == core.Detail("no_tool_call") {
				r.summary = i18n.Sprintf("%s: no tool call in this message: the model answered in text", res.Decision.Decision)
			}
			return s.emit(p, r, code)
		}
	},
}

// decisionItems shows one decision: a line for the decision itself, at the call, then one line
// per piece of evidence, each in the file it is about (the call, the catalog or the policy).
// Evidence that repeats one of the result's problems word for word is not shown twice.
func decisionItems(d core.Decision, files inputsBySource, problems core.Problems) []item {
	lvl := decisionLevel(d.Decision)
	rule := "gatehouse/gate/" + string(d.Reason)
	// A tool's name is data, never translated; the words standing for a call with no name are
	// gatehouse's own.
	var tool any = i18n.Data(d.Tool)
	switch {
	case d.Tool == "" && d.Detail == core.Detail("no_tool_call"):
		tool = i18n.T("(no tool call)")
	case d.Tool == "":
		tool = i18n.T("(unreadable call)")
	}
	head := item{rule: rule, level: lvl, in: files[core.Sources.Call], message: fmt.Sprintf("%s: %s (%s)", tool, d.Decision, d.Reason)}
	if len(d.Explanation) > 0 {
		head.message = i18n.Sprintf("%s: %s", tool, d.Explanation[0])
	}
	// The decision sits where the first piece of evidence in the call is, or at the top.
	for _, e := range d.Evidence {
		if e.Source == core.Sources.Call && e.Line > 0 {
			head.line, head.column = e.Line, e.Column
			break
		}
	}
	return append([]item{head}, evidenceItems(d, files, problems)...)
}

// evidenceItems shows a decision's evidence, one line per piece, each in the file it is about:
// the lines under a decision's own, in gate and in replay alike. Evidence that repeats one of
// the answer's problems word for word is not shown twice.
func evidenceItems(d core.Decision, files inputsBySource, problems core.Problems) []item {
	lvl := decisionLevel(d.Decision)
	rule := "gatehouse/gate/" + string(d.Reason)
	var evidence core.Problems
	for _, e := range d.Evidence {
		if !slices.ContainsFunc(problems, func(p core.Problem) bool {
			return p.Source == e.Source && p.Line == e.Line && p.Column == e.Column && p.Message == e.Message
		}) {
			evidence = append(evidence, e)
		}
	}
	return groupedItems(evidence, files, true, func(e core.Problem) item {
		return item{rule: rule, level: lvl, in: files[e.Source], line: e.Line, column: e.Column, message: e.Message, detail: true}
	})
}

// decisionLevel maps a decision to SARIF's level: deny is an error, ask a warning.
func decisionLevel(decision core.Outcome) level {
	switch decision {
	case core.DecisionAllow:
		return levelNote
	case core.DecisionAsk:
		return levelWarning
	}
	return levelError
}

var checkDecisionCommand = &command{
	name:    "check-decision",
	usage:   "check-decision [--policy P] [--schema S] [--format text|json|sarif] [DECISION]",
	summary: "check a permission decision someone wrote: its schema, then the rule",
	details: `
DECISION is a decision JSON such as {"tool": …, "argumentsValid": …, "toolAllowed": …, "grant": […],
"decision": "allow", "reason": "ok"}. It is validated against --schema (default: gatehouse's
published decision schema), then held to the rules a schema cannot say: allow needs argumentsValid
and toolAllowed true and every capability the tool requires (from --policy and the decision's own
"required") in the grant, and goes with reason ok only; ask needs the same, with reason
needs_confirm (or grant_missing where the policy asks on a missing grant). With --policy, the tool
must be in allow_tools and the grant one the policy gives. "Passes the schema, refused by the
rule" is its own verdict, naming what the decision should be. DECISION "-" or absent reads
standard input.

--format json writes the answer of the JavaScript API's gatehouse.checkDecision:
{"verdict": "ok"|"schema_rejected"|"rule_refused", "should": …, "problems": […]}.

Exit code 0 when the verdict is ok; 1 when the schema rejects the decision or the rule refuses it;
3 when a file cannot be read or is not strict JSON.`,
	define: func(fs *flag.FlagSet) runFunc {
		policyPath := fs.String("policy", "", "the policy `file`, for the capabilities each tool requires")
		schemaPath := fs.String("schema", "", "the decision schema `file` (default: gatehouse's own)")
		format := addFormatFlag(fs)
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 1); !ok {
				return code
			}
			p, err := s.printer(*format)
			if err != nil {
				return s.usageError("%v", err)
			}
			files := inputsBySource{}
			req := core.CheckDecisionRequest{Lang: string(s.lang)}
			if *policyPath != "" {
				in, err := s.read("--policy", *policyPath)
				if err != nil {
					return s.fail("%v", err)
				}
				files[core.Sources.Policy], req.Policy = in, in.text
			}
			if *schemaPath != "" {
				in, err := s.read("--schema", *schemaPath)
				if err != nil {
					return s.fail("%v", err)
				}
				files[core.Sources.Schema], req.Schema = in, in.text
			}
			decision, err := s.read(i18n.T("the decision"), firstArg(args))
			if err != nil {
				return s.fail("%v", err)
			}
			files[core.Sources.Decision], req.Decision = decision, decision.text
			res := core.CheckDecision(req)
			r := &report{answer: res, items: problemItems(res.Problems, files)}
			for i, pr := range res.Problems {
				if pr.Kind == core.Kinds.Validation || pr.Kind == core.Kinds.Rule {
					r.items[i].rule = "gatehouse/decision/" + string(res.Verdict)
				}
			}
			code := exitOK
			switch {
			case unreadable(res.Problems):
				code, r.outcome = exitUsage, levelError
				r.summary = i18n.Sprintf("not checked: %s reading the input", countProblems(len(res.Problems)))
			case res.Verdict == "ok":
				r.summary = i18n.Sprintf("ok: %s passes the schema and the rule", decision.name)
			case res.Verdict == "rule_refused":
				code, r.outcome = exitFindings, levelError
				r.summary = i18n.Sprintf("rule_refused: %s passes the schema, but the rule refuses it; it should be %s", decision.name, res.Should)
			default:
				code, r.outcome = exitFindings, levelError
				r.summary = i18n.Sprintf("%s: %s", res.Verdict, countProblems(len(res.Problems)))
				if res.Should != "" {
					r.summary = i18n.Sprintf("%s: %s; it should be %s", res.Verdict, countProblems(len(res.Problems)), res.Should)
				}
			}
			return s.emit(p, r, code)
		}
	},
}

// readGateInputs reads what gate and replay both decide from: the --catalog and --policy files,
// and the text the command judges (what names it; path "" or "-" is standard input).
func (s *session) readGateInputs(catalogPath, policyPath, what, path string) (catalog, policy, subject *input, err error) {
	if catalog, err = s.read("--catalog", catalogPath); err != nil {
		return nil, nil, nil, err
	}
	if policy, err = s.read("--policy", policyPath); err != nil {
		return nil, nil, nil, err
	}
	if subject, err = s.read(what, path); err != nil {
		return nil, nil, nil, err
	}
	return catalog, policy, subject, nil
}
