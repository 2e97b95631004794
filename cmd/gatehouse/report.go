package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/sarif"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"

	"github.com/gatehouse-dev/gatehouse/core"
)

// A level is how serious an item is, in SARIF's words (internal/sarif's levels).
type level = sarif.Level

const (
	levelError   = sarif.LevelError
	levelWarning = sarif.LevelWarning
	levelNote    = sarif.LevelNote
)

// An item is one thing a command found, placed in one of the user's files where known: one line
// of text output, one SARIF result.
type item struct {
	rule    string // SARIF rule id: gatehouse/validation, gatehouse/lint/<rule>, gatehouse/gate/<reason>, …
	level   level
	in      *input // the file it is about; nil when it is about no single file
	line    int    // 1-based; 0 when unknown
	column  int    // 1-based, in Unicode code points; 0 when unknown
	message string
	detail  bool // a detail of the item before it (a piece of evidence): indented in text
	nested  bool // with detail, a detail of a detail: indented twice
	// textOnly is a line for people only (a value that matches no alternative of a oneOf,
	// above its closest alternative's problems); sarifOnly is a problem text leaves out (one in
	// another alternative), which SARIF and JSON give.
	textOnly, sarifOnly bool
	// note is a sentence text output shows under the item (why a lint finding matters); SARIF
	// carries it in the rule's description instead.
	note string
	// suppressed says why a lint configuration does not count the item, and where; SARIF
	// records it as the result's suppression.
	suppressed *suppression
}

// A report is what one command found, ready for any printer.
type report struct {
	answer  any    // core's answer, printed as it is by --format json (the JavaScript API's JSON)
	items   []item // what text and SARIF show
	summary string // the last line of text output
	outcome level  // colours the summary: "" is clean
	// tr writes the command's own words (summaries, the words around core's messages) in the
	// locale's language when text and SARIF print them; core's answers already are.
	tr *i18n.Translation
}

// A printer writes a report in one output format.
type printer interface {
	print(w io.Writer, r *report) error
}

// formats lists the --format values of checking commands, the default first.
var formats = []string{"text", "json", "sarif"}

// addFormatFlag declares --format on a checking command.
func addFormatFlag(fs *flag.FlagSet) *string {
	return fs.String("format", "text", "output `format`: text (for people), json (as the JavaScript API answers), sarif (SARIF 2.1.0, for code scanning)")
}

// printer returns the printer for a --format value.
func (s *session) printer(format string) (printer, error) {
	switch format {
	case "text":
		return textPrinter{colour: stdoutIsTerminal(s.stdout) && s.getenv("NO_COLOR") == ""}, nil
	case "json":
		return jsonPrinter{}, nil
	case "sarif":
		return sarifPrinter{}, nil
	}
	return nil, i18n.Errorf("unknown --format %q: use one of %s", format, strings.Join(formats, ", "))
}

// emit prints the report and returns code, or reports a failed write (a closed pipe) instead.
func (s *session) emit(p printer, r *report, code int) int {
	r.tr = s.tr
	if err := p.print(s.stdout, r); err != nil {
		return s.fail("writing the output: %v", err)
	}
	return code
}

// textPrinter writes "file:line:column: message" lines and a summary; colour only on a terminal.
type textPrinter struct{ colour bool }

const (
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiCyan   = "\x1b[36m"
	ansiGreen  = "\x1b[32m"
	ansiReset  = "\x1b[0m"
)

func (p textPrinter) paint(code, s string) string {
	if !p.colour || s == "" {
		return s
	}
	return code + s + ansiReset
}

func levelColour(l level) string {
	switch l {
	case levelError:
		return ansiRed
	case levelWarning:
		return ansiYellow
	case levelNote:
		return ansiCyan
	}
	return ansiGreen
}

func (p textPrinter) print(w io.Writer, r *report) error {
	var b strings.Builder
	// A flood is cut after the first problems, saying how many more there are; the problems in
	// the other alternatives of a oneOf are left to --format json and sarif.
	shown, most := 0, core.About(core.AboutRequest{}).Limits.ShownProblems
	for i, it := range r.items {
		if it.sarifOnly {
			continue
		}
		if !it.detail {
			shown++
		}
		if shown > most {
			rest := 0
			for _, more := range r.items[i:] {
				if !more.detail && !more.sarifOnly {
					rest++
				}
			}
			fmt.Fprintf(&b, "%s\n", p.paint(ansiBold, r.tr.Text(i18n.Sprintf("… and %d more not shown: --format json or sarif lists every one", rest))))
			break
		}
		if loc := it.location(); loc != "" {
			b.WriteString(p.paint(ansiBold, loc+":"))
			b.WriteByte(' ')
		}
		if it.detail {
			b.WriteString("  ")
		}
		if it.nested {
			b.WriteString("  ")
		}
		b.WriteString(p.paint(levelColour(it.level), oneLine(r.tr.Evidence(it.message))))
		b.WriteByte('\n')
		if it.note != "" {
			b.WriteString("  ")
			b.WriteString(oneLine(r.tr.Evidence(it.note)))
			b.WriteByte('\n')
		}
	}
	if r.summary != "" {
		b.WriteString(p.paint(levelColour(r.outcome), r.tr.Evidence(r.summary)))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// location is "file:line:column", "file" when the place in the file is unknown, or "".
func (it item) location() string {
	if it.in == nil {
		return ""
	}
	if it.line > 0 {
		return fmt.Sprintf("%s:%d:%d", it.in.name, it.line, it.column)
	}
	return it.in.name
}

// oneLine keeps one item on one line and the terminal in its state: messages quote untrusted
// text (a tool's description), which must not forge a line of its own ("ok.json:1:1: valid") in
// a CI log, move the cursor with an escape sequence, or reorder what follows with a bidi
// control. Such characters are written as Go escapes (\n, \x1b, \u202e).
func oneLine(s string) string {
	clean := true
	for _, r := range s {
		if unsafeInTerminal(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unsafeInTerminal(r) {
			b.WriteString(strings.Trim(strconv.QuoteRuneToASCII(r), "'"))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// unsafeInTerminal reports hidden characters (untrusted.IsHidden: bidi controls, zero-width
// characters, the tag block, …), every control character, line breaks included, and invalid UTF-8.
func unsafeInTerminal(r rune) bool {
	return r == utf8.RuneError || unicode.IsControl(r) || untrusted.IsHidden(r)
}

// jsonPrinter writes core's answer as the JavaScript API does, indented for reading.
type jsonPrinter struct{}

func (jsonPrinter) print(w io.Writer, r *report) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(r.answer)
}

// inputsBySource maps each source core names in its problems to the file it came from.
type inputsBySource map[core.Source]*input

// problemItems turns core's problems into items in the files they are about. A value that
// matches none of the alternatives of a oneOf or anyOf is one line, the closest alternative's
// problems under it; the other alternatives' problems are for SARIF only.
func problemItems(ps core.Problems, files inputsBySource) []item {
	return groupedItems(ps, files, false, func(p core.Problem) item { return problemItem(p, files) })
}

// groupedItems makes each problem an item with single, except that the problems in the
// alternatives of a oneOf or anyOf that a value matches none of are one line for the value (at
// it, saying so) with the closest alternative's problems under it and the others for SARIF
// only. Validate's problems and a decision's evidence (under, a detail of the decision) are
// shown alike.
func groupedItems(ps core.Problems, files inputsBySource, under bool, single func(core.Problem) item) []item {
	items := make([]item, 0, len(ps))
	done := make([]bool, len(ps))
	for i, p := range ps {
		if done[i] {
			continue
		}
		u := p.Alternative.UnmatchedOf()
		if u == nil {
			items = append(items, single(p))
			continue
		}
		head := item{rule: "gatehouse/" + string(core.Kinds.Validation), level: levelError, in: files[p.Source], line: u.Line, column: u.Column,
			message: locatedMessage(u.InstanceLocation, u.Message), textOnly: true, detail: under}
		if head.line == 0 {
			head.line, head.column = p.Line, p.Column
		}
		items = append(items, head)
		var others []item
		for j := i; j < len(ps); j++ {
			if ps[j].Alternative.UnmatchedOf() != u {
				continue
			}
			done[j] = true
			it, own := problemItem(ps[j], files), single(ps[j])
			it.rule, it.level = own.rule, own.level
			if ps[j].Alternative.Best {
				it.detail, it.nested = true, under
				items = append(items, it)
			} else {
				it.sarifOnly, it.detail = true, under
				others = append(others, it)
			}
		}
		items = append(items, others...)
	}
	return items
}

// problemItem is one problem as an item, saying which alternative of a oneOf it is in.
func problemItem(p core.Problem, files inputsBySource) item {
	msg := p.Message
	if p.Kind == core.Kinds.Validation {
		msg = locatedMessage(p.InstanceLocation, msg)
	}
	it := item{rule: "gatehouse/" + string(p.Kind), level: levelError, in: files[p.Source], line: p.Line, column: p.Column, message: msg}
	if a := p.Alternative; a != nil {
		if a.Best {
			it.message = i18n.Sprintf("%s (in alternative %d of %s, the closest)", msg, a.Branch, a.Of)
		} else {
			it.message = i18n.Sprintf("%s (in alternative %d of %s)", msg, a.Branch, a.Of)
		}
	}
	return it
}

// locatedMessage starts a schema's message with the pointer of the value it is about: the
// messages do not name it ("got number, want string").
func locatedMessage(at, msg string) string {
	if at == "" || strings.Contains(msg, at) {
		return msg
	}
	return i18n.Sprintf("%s: %s", at, msg)
}

// unreadable reports whether a problem means an input could not be read as JSON at all (not
// strict JSON, or beyond a size or depth limit): the check did not run, which is exit code 3,
// not a finding.
func unreadable(ps core.Problems) bool {
	for _, p := range ps {
		if p.Kind == core.Kinds.Parse || p.Kind == core.Kinds.Limit {
			return true
		}
	}
	return false
}

// countProblems writes "1 problem", "2 problems".
func countProblems(n int) string { return i18n.Plural(n, i18n.T("%d problem"), i18n.T("%d problems")) }
