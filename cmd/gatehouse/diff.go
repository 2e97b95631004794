package main

import (
	"encoding/json"
	"flag"
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"

	"github.com/gatehouse-dev/gatehouse/core"
)

// diffModes are the --mode values, as core names them.
var diffModes = []string{string(core.DiffModes.Auto), string(core.DiffModes.Patch), string(core.DiffModes.Catalog), string(core.DiffModes.Lock)}

var diffCommand = &command{
	name:    "diff",
	usage:   "diff [--mode auto|patch|catalog|lock] [--ignore-array-order] [--fail-on high|medium|low] [--format text|json|sarif] LEFT RIGHT",
	summary: "compare two catalogs tool by tool, or any two JSON texts as a JSON Patch",
	details: `
LEFT is the approved text, RIGHT the one in front of you now; one of them may be "-" for
standard input. --mode auto (the default) compares two tool catalogs per tool, by name: added,
removed and changed tools, the fields that changed, whether each schema change loosens or
tightens it, and a risk for each. Any other pair of texts gets an RFC 6902 JSON Patch from left to
right, with numbers compared exactly, each operation at its line in RIGHT (or in LEFT, for what
was removed); --ignore-array-order matches array elements by content, so an element that only
moved is no change (as the page's "Ignore array order"). A lock file on the left and a catalog
on the right is 'gatehouse verify'.

--format json writes the answer of the JavaScript API's gatehouse.diff.

Exit code 0 when nothing differs (or, for catalogs, no change is at or above --fail-on; added
tools count at every level); 1 when something does, or an input has problems; 3 when a file
cannot be read or is not strict JSON.`,
	define: func(fs *flag.FlagSet) runFunc {
		mode := fs.String("mode", string(core.DiffModes.Auto), "`mode`: "+strings.Join(diffModes, ", "))
		ignoreOrder := fs.Bool("ignore-array-order", false, "compare two plain JSON texts' arrays by content: an element that moved is no change")
		failOn := addFailOnFlag(fs)
		format := addFormatFlag(fs)
		return func(s *session, args []string) int {
			if len(args) != 2 {
				return s.usageError("takes two files, LEFT and RIGHT; got %d", len(args))
			}
			if !slices.Contains(diffModes, *mode) {
				return s.usageError("unknown --mode %q: use one of %s", *mode, strings.Join(diffModes, ", "))
			}
			threshold, err := core.ParseSeverity(*failOn)
			if err != nil {
				return s.usageError("%v", err)
			}
			p, err := s.printer(*format)
			if err != nil {
				return s.usageError("%v", err)
			}
			left, err := s.read("LEFT", args[0])
			if err != nil {
				return s.fail("%v", err)
			}
			right, err := s.read("RIGHT", args[1])
			if err != nil {
				return s.fail("%v", err)
			}
			res := core.Diff(core.DiffRequest{Left: left.text, Right: right.text, Mode: core.DiffMode(*mode), IgnoreArrayOrder: *ignoreOrder, Lang: string(s.lang)})
			files := inputsBySource{core.Sources.Left: left, core.Sources.Right: right}
			r := &report{answer: res, items: problemItems(res.Problems, files)}
			if unreadable(res.Problems) {
				r.outcome, r.summary = levelError, i18n.Sprintf("not compared: %s reading the input", countProblems(len(res.Problems)))
				return s.emit(p, r, exitUsage)
			}
			var failing int
			switch {
			case res.Catalog != nil:
				catalogDiffItems(r, res.Catalog, left, right)
				failing = res.Catalog.AtOrAbove(threshold)
				c := res.Catalog
				r.summary = i18n.Sprintf("%s → %s: %s", left.name, right.name, c.Summary.Text)
				if failing > 0 {
					r.summary = i18n.Sprintf("%s → %s: %s; %s at or above --fail-on %s", left.name, right.name, c.Summary.Text,
						i18n.Plural(failing, i18n.T("%d tool"), i18n.T("%d tools")), flagValue(*failOn))
				} else if len(c.Added)+len(c.Removed)+len(c.Changed) > 0 {
					r.summary = i18n.Sprintf("%s → %s: %s; none at or above --fail-on %s", left.name, right.name, c.Summary.Text, flagValue(*failOn))
				}
			case res.Lock != nil:
				r.items = append(r.items, driftItems(res.Lock, left, right)...)
				failing = len(res.Lock.Tools)
				r.summary = i18n.Sprintf("%s → %s: %d changed, %d added, %d removed, %d unchanged",
					left.name, right.name, len(res.Lock.Changed), len(res.Lock.Added), len(res.Lock.Removed), len(res.Lock.Unchanged))
			default:
				first := len(r.items)
				for _, op := range res.Patch {
					r.items = append(r.items, patchItem(op, right))
				}
				for _, pl := range res.Places {
					if pl.Op < 0 || pl.Op >= len(res.Patch) {
						continue
					}
					it := &r.items[first+pl.Op]
					switch {
					case pl.Line > 0:
						it.line, it.column = pl.Line, pl.Column
					case pl.LeftLine > 0:
						it.in, it.line, it.column = left, pl.LeftLine, pl.LeftColumn
					}
				}
				failing = len(res.Patch)
				r.summary = i18n.Sprintf("%s → %s: %s", left.name, right.name, i18n.Plural(len(res.Patch), i18n.T("%d change"), i18n.T("%d changes")))
				if len(res.Patch) == 0 {
					r.summary = i18n.Sprintf("%s → %s: no difference", left.name, right.name)
				}
			}
			code := exitOK
			if failing > 0 || len(res.Problems) > 0 {
				code, r.outcome = exitFindings, levelError
			}
			return s.emit(p, r, code)
		}
	},
}

// patchItem shows one JSON Patch operation: "replace /id: 12345678901234567891".
func patchItem(op core.PatchOp, right *input) item {
	msg := i18n.Sprintf("%s %s", op.Op, jsondoc.ShowPointer(op.Path))
	if op.From != "" {
		msg = i18n.Sprintf("%s %s from %s", op.Op, jsondoc.ShowPointer(op.Path), jsondoc.ShowPointer(op.From))
	}
	switch op.Op {
	case "add", "replace", "test":
		v, err := json.Marshal(op.Value)
		if err == nil {
			msg = i18n.Sprintf("%s: %s", msg, clip(string(v), 200))
		}
	}
	return item{rule: "gatehouse/diff/" + op.Op, level: levelNote, in: right, message: msg}
}

// clip shortens a value for one line of output.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// catalogDiffItems shows a catalog report, each tool at its line (added and changed tools in the
// right file, removed ones in the left).
func catalogDiffItems(r *report, c *core.CatalogDiff, left, right *input) {
	for _, t := range c.AddedTools {
		r.items = append(r.items, item{rule: "gatehouse/diff/added", level: severityLevel(t.Risk), in: right,
			line: t.Line, column: t.Column, message: toolLine(i18n.T("added"), t.Tool, t.Risk, nil, "", t.Reasons)})
	}
	for _, t := range c.RemovedTools {
		r.items = append(r.items, item{rule: "gatehouse/diff/removed", level: severityLevel(t.Risk), in: left,
			line: t.Line, column: t.Column, message: toolLine(i18n.T("removed"), t.Tool, t.Risk, nil, "", t.Reasons)})
	}
	for _, rn := range c.Renamed {
		r.items = append(r.items, item{rule: "gatehouse/diff/renamed", level: levelWarning, in: right,
			message: i18n.Sprintf("renamed? %s → %s: the definitions are %.0f%% the same but for the name", i18n.Data(rn.From), i18n.Data(rn.To), 100*rn.Similarity)})
	}
	for _, t := range c.Changed {
		lvl := severityLevel(t.Risk)
		rule := "gatehouse/diff/changed"
		r.items = append(r.items, item{rule: rule, level: lvl, in: right, line: t.Line, column: t.Column,
			message: toolLine(i18n.T("changed"), t.Tool, t.Risk, t.Fields, t.Schema, t.Reasons)})
		if d := t.Description; d != nil {
			r.items = append(r.items, item{rule: rule, level: lvl, in: right, line: d.Line, column: d.Column,
				message: i18n.Sprintf("description: %s", clip(wordDiffText(d.Segments), 400)), detail: true})
		}
		for _, sc := range t.SchemaChanges {
			r.items = append(r.items, item{rule: rule, level: lvl, in: right, line: sc.Line, column: sc.Column,
				message: i18n.Sprintf("%s %s: %s", i18n.Data(sc.Schema), schemaClassWords(sc.Class), sc.Message), detail: true})
		}
		for _, a := range t.Annotations {
			r.items = append(r.items, item{rule: rule, level: lvl, in: right, line: a.Line, column: a.Column,
				message: i18n.Sprintf("annotation %s: %s", hintClassWords(a.Class), a.Message), detail: true})
		}
	}
}

// toolLine writes "changed search_docs (risk high; fields description, inputSchema; schema
// loosened): reason; reason".
func toolLine(what, tool string, risk core.Severity, fields []string, schema core.SchemaClass, reasons []string) string {
	about := []string{riskWords(risk)}
	if len(fields) > 0 {
		about = append(about, i18n.Sprintf("fields %s", strings.Join(fields, ", ")))
	}
	if schema != "" && schema != "unchanged" {
		about = append(about, i18n.Sprintf("schema %s", schemaClassWords(schema)))
	}
	if len(reasons) > 0 {
		return i18n.Sprintf("%s %s (%s): %s", what, i18n.Data(tool), i18n.Join(about, i18n.T("; ")), i18n.Join(reasons, i18n.T("; ")))
	}
	return i18n.Sprintf("%s %s (%s)", what, i18n.Data(tool), i18n.Join(about, i18n.T("; ")))
}

// wordDiffText writes a word diff on one line: [-deleted-]{+inserted+}, as git diff
// --word-diff=plain does.
func wordDiffText(segs []core.DiffSegment) string {
	var b strings.Builder
	for _, s := range segs {
		switch s.Op {
		case "insert":
			b.WriteString("{+" + s.Text + "+}")
		case "delete":
			b.WriteString("[-" + s.Text + "-]")
		default:
			b.WriteString(s.Text)
		}
	}
	return b.String()
}

// riskWords, schemaClassWords and hintClassWords say a tool's risk and the class of a change in
// the reader's language, as the reasons beside them are: "risk high" is "risque élevé". The JSON
// answer keeps the values themselves.
func riskWords(risk core.Severity) string {
	switch risk {
	case core.Severities.High:
		return i18n.T("risk high")
	case core.Severities.Medium:
		return i18n.T("risk medium")
	case core.Severities.Low:
		return i18n.T("risk low")
	}
	return i18n.Sprintf("risk %s", risk)
}

func schemaClassWords(class core.SchemaClass) string {
	switch class {
	case "loosened":
		return i18n.T("loosened")
	case "tightened":
		return i18n.T("tightened")
	case "neutral":
		return i18n.T("neutral")
	case "mixed":
		return i18n.T("mixed")
	}
	return string(class)
}

func hintClassWords(class string) string {
	switch class {
	case "riskier":
		return i18n.T("riskier")
	case "safer":
		return i18n.T("safer")
	}
	return class
}
