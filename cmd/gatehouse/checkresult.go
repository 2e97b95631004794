package main

import (
	"flag"
	"strings"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

var checkResultCommand = &command{
	name:    "check-result",
	usage:   "check-result [--catalog C] [--tool NAME] [--call CALL] [--policy P] [--fail-on flag|block] [--format text|json|sarif] RESULT",
	summary: "check what a tool returned before the model reads it: outputSchema, size, instructions for the model",
	details: `
RESULT is a tool's result as a log or a proxy holds it: an MCP CallToolResult, a JSON-RPC
response wrapping one, an OpenAI Chat tool message, an OpenAI Responses function_call_output, an
Anthropic tool_result block, a Gemini functionResponse part, or a list or conversation holding
them beside the calls they answer. RESULT "-" or absent reads standard input.

The tool is --tool, else found from the result (Gemini names it), from --call by the result's id,
from a call in the same log with that id, or from a --call holding one call. With --catalog, the
tool's outputSchema checks structuredContent (2020-12 unless its $schema says otherwise; error
results are not checked; a result without structuredContent fails where the tool declares one),
and a text block whose JSON differs from structuredContent is flagged. Every text the model reads
(text blocks, structuredContent's strings, embedded resources, image and audio metadata) is read
for instructions aimed at the model, hidden characters, encoded payloads, HTML comments and
markdown images or links whose URL would carry data to a host.

--policy reads the policy's "results" section (a policy holding only it is valid):
  {"results": {"*": {"max_bytes": 1048576, "max_blocks": 64, "mime_types": ["text/*"],
                     "on_schema": "block", "on_injection": "flag"}}}
keyed by tool or "*"; a tool's entry overrides "*" member by member. Defaults: 1 MiB and 64
blocks at most, any MIME type, a schema failure blocks, an injection flags; "strip" removes hidden
characters and flags. --format json writes the answer of the JavaScript API's
gatehouse.checkResult: {"verdict", "reasons", "findings", "schema", "size", "problems", …}.

Exit code 0 when the verdict is pass; 1 when it is flag or block (with --fail-on block, only
block); 3 when a file cannot be read, the result is not strict JSON (or is nested too deep) or holds no
tool result, or the policy has problems.`,
	define: func(fs *flag.FlagSet) runFunc {
		catalogPath := fs.String("catalog", "", "the tool catalog `file`, a tools/list answer, for the tools' outputSchema")
		tool := fs.String("tool", "", "the `name` of the tool that returned the result")
		callPath := fs.String("call", "", "the `file` of the call the result answers, in any shape gate reads")
		policyPath := fs.String("policy", "", "the policy `file`; only its results section is read")
		failOn := fs.String("fail-on", "flag", "the least `verdict` that fails the run (exit 1): flag or block")
		format := addFormatFlag(fs)
		return func(s *session, args []string) int {
			if code, ok := s.maxArgs(args, 1); !ok {
				return code
			}
			if *failOn != "flag" && *failOn != "block" {
				return s.usageError("unknown --fail-on %q: use flag or block", *failOn)
			}
			p, err := s.printer(*format)
			if err != nil {
				return s.usageError("%v", err)
			}
			req := core.ResultRequest{Tool: *tool, Lang: string(s.lang)}
			files := inputsBySource{}
			for _, opt := range []struct {
				flag, path string
				source     core.Source
				text       *string
			}{
				{"--catalog", *catalogPath, core.Sources.Catalog, &req.Catalog},
				{"--call", *callPath, core.Sources.Call, &req.Call},
				{"--policy", *policyPath, core.Sources.Policy, &req.Policy},
			} {
				if opt.path == "" {
					continue
				}
				in, err := s.read(opt.flag, opt.path)
				if err != nil {
					return s.fail("%v", err)
				}
				files[opt.source], *opt.text = in, in.text
			}
			res, err := s.read(i18n.T("the result"), firstArg(args))
			if err != nil {
				return s.fail("%v", err)
			}
			files[core.Sources.Result] = res
			req.Result = res.text
			chk := core.CheckResult(req)
			r := &report{answer: chk, items: problemItems(chk.Problems, files)}
			r.items = append(r.items, problemItems(chk.Schema.Problems, files)...)
			for _, f := range chk.Findings {
				r.items = append(r.items, resultFindingItem(f, res))
			}
			what := res.name
			if chk.Tool != "" {
				what = i18n.Sprintf("%s (%s)", i18n.Data(res.name), i18n.Data(chk.Tool))
			}
			code := exitOK
			switch {
			case unreadableResult(chk):
				// What could not be read is not let through: the text says the verdict the JSON
				// answer gives, and why, beside the problems.
				code, r.outcome = exitUsage, levelError
				r.summary = i18n.Sprintf("%s: block, not checked: %s (%s reading the input)", what, strings.Join(chk.Reasons, "; "), countProblems(len(chk.Problems)))
				if chk.Verdict != core.ResultBlock {
					r.summary = i18n.Sprintf("not checked: %s reading the input", countProblems(len(chk.Problems)))
				}
				return s.emit(p, r, code)
			case chk.Verdict == core.ResultBlock:
				code, r.outcome = exitFindings, levelError
				r.summary = i18n.Sprintf("%s: block: %s", what, strings.Join(chk.Reasons, "; "))
			case chk.Verdict == core.ResultFlag:
				r.outcome = levelWarning
				if *failOn == "flag" {
					code = exitFindings
				}
				r.summary = i18n.Sprintf("%s: flag: %s", what, strings.Join(chk.Reasons, "; "))
			case chk.IsError:
				r.summary = i18n.Sprintf("%s: pass: an error result: %s", what, countFindings(chk.Findings))
			default:
				r.summary = i18n.Sprintf("%s: pass: %s", what, countFindings(chk.Findings))
			}
			return s.emit(p, r, code)
		}
	},
}

// unreadableResult reports a check that could not run on what it was given: a text that is not
// strict JSON (or nested past the limit), a result text holding no tool result, or a policy that
// fails its schema. A result over its cap was read enough to be blocked.
func unreadableResult(chk core.ResultCheck) bool {
	for _, p := range chk.Problems {
		if p.Kind == core.Kinds.Parse || p.Source == core.Sources.Policy || chk.Shape == "" && p.Source == core.Sources.Result && p.Kind == core.Kinds.Rule {
			return true
		}
	}
	return false
}

// resultFindingItem shows a finding at its line and column in the result: a lint rule under its
// lint id (so SARIF describes it from the registry), the result check's own under
// gatehouse/result/.
func resultFindingItem(f core.Finding, res *input) item {
	rule := "gatehouse/result/" + f.Rule
	for _, r := range core.About(core.AboutRequest{}).LintRules {
		if r.Name == f.Rule {
			rule = "gatehouse/lint/" + f.Rule
		}
	}
	if f.Tool == "" {
		f.Tool = i18n.T("the result")
	}
	return item{rule: rule, level: severityLevel(f.Severity), in: res, line: f.Line, column: f.Column,
		message: findingMessage(f), note: whyNote(f)}
}
