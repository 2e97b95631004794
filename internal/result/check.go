package result

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/call"
	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/policy"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/schema"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// The verdicts, from the least to the most severe.
const (
	VerdictPass  = "pass"  // the result may reach the model as it is
	VerdictFlag  = "flag"  // it may, but someone should look: it is passed on unchanged (or cleaned, under strip)
	VerdictBlock = "block" // it must not reach the model
)

// A Checker is a catalog read and a policy compiled once, to check many results: what a proxy
// keeps for as long as its server's catalog is unchanged. Each tool's outputSchema is compiled
// on its first result and kept. It is safe for concurrent use.
type Checker struct {
	catDoc   *jsondoc.Document
	cat      *catalog.Catalog
	pol      *policy.Policy
	catProbs problem.Problems
	polProbs problem.Problems
	schemas  *schema.Cache

	mu     sync.Mutex
	output map[*catalog.Tool]compiledOutput
}

type compiledOutput struct {
	schema   *schema.Schema
	problems problem.Problems
}

// New reads a catalog and compiles a policy for [Checker.Check]. Either may be blank: without a
// catalog no outputSchema is known, without a policy the defaults apply. A policy with problems
// blocks every result (it says something other than what its author meant); a catalog that
// cannot be read holds no tool. schemas, which may be nil, keeps compiled schemas by their text.
func New(catalogText, policyText string, schemas *schema.Cache) *Checker {
	c := &Checker{schemas: schemas, output: map[*catalog.Tool]compiledOutput{}}
	if strings.TrimSpace(catalogText) != "" {
		doc, probs := jsondoc.ParseString(problem.SourceCatalog, catalogText)
		if len(probs) > 0 {
			c.catProbs = probs
		} else {
			c.catDoc = doc
			c.cat, c.catProbs = catalog.Parse(doc)
		}
	}
	if strings.TrimSpace(policyText) != "" {
		c.pol, c.polProbs = policy.Compile(policyText)
	}
	return c
}

// Problems are what is wrong with the catalog and policy texts.
func (c *Checker) Problems() problem.Problems {
	return append(slices.Clip(c.catProbs), c.polProbs...)
}

// A Request is one result to check: its text exactly as received, and what says which tool
// returned it.
type Request struct {
	Result []byte
	// Tool names the tool; when empty it is found from the result (Gemini's name), from the
	// call text by the result's id, from the calls the result text holds beside it (a log), or
	// from a call text holding one call.
	Tool string
	// Call is the text of the call the result answers, in any shape the gate reads; optional.
	Call string
}

// A Report is the check's answer for one result text.
type Report struct {
	Verdict  string           `json:"verdict"`
	Reasons  []string         `json:"reasons"`
	Findings []lint.Finding   `json:"findings"`
	Schema   SchemaReport     `json:"schema"`
	Size     SizeReport       `json:"size"`
	Problems problem.Problems `json:"problems"`
	// Tool is the tool found for the result ("" when none was); Shape the result's shape.
	Tool  string
	Shape string
	// IsError is whether that result is an error (isError, a JSON-RPC error, an Anthropic
	// is_error): one the model reads as the tool's failure, and that is not schema-checked.
	IsError bool
	// Stripped counts the hidden characters strip removed; Replacement is the text the client
	// should get in place of the result: the blocked answer (see [Blocked]) or the cleaned one.
	// It is nil when the result passes on unchanged.
	Stripped    int
	Replacement []byte
	// blocked holds where each result sits, to build the blocked answer once reasons are
	// worded in the answer's language.
	doc     *jsondoc.Document
	results []Result
	// lines is the text of a JSON-lines log, read as the list doc holds; unlist is where an
	// offset of that list is in it.
	lines  []byte
	unlist func(offset int) int
}

// SchemaReport says whether structuredContent was checked against the tool's outputSchema.
type SchemaReport struct {
	Checked  bool             `json:"checked"`
	Valid    bool             `json:"valid"`
	Problems problem.Problems `json:"problems"`
}

// SizeReport is the result's size against the policy's caps.
type SizeReport struct {
	Bytes      int `json:"bytes"`
	Limit      int `json:"limit"`
	Blocks     int `json:"blocks"`
	BlockLimit int `json:"blockLimit"`
}

// verdictRank orders verdicts.
func verdictRank(v string) int {
	switch v {
	case VerdictBlock:
		return 2
	case VerdictFlag:
		return 1
	}
	return 0
}

func (r *Report) raise(v, reason string) {
	if verdictRank(v) > verdictRank(r.Verdict) {
		r.Verdict = v
	}
	if reason != "" && !slices.Contains(r.Reasons, reason) {
		r.Reasons = append(r.Reasons, reason)
	}
}

// Check reads a result text and checks every result in it: structuredContent against the tool's
// outputSchema, the size and content types against the policy, every text the model reads for
// instructions aimed at it. The verdict is the most severe any check gives: a result over its
// size cap, a disallowed resource type, an unreadable text or an invalid policy block; a schema
// failure follows on_schema (block); instructions follow on_injection (flag); a text block whose
// JSON differs from structuredContent flags.
func (c *Checker) Check(req Request) Report {
	rep := Report{Verdict: VerdictPass, Reasons: []string{}, Findings: []lint.Finding{}, Problems: problem.Problems{},
		Schema: SchemaReport{Problems: problem.Problems{}}}
	rep.Problems = append(rep.Problems, c.Problems()...)
	rep.Size.Bytes = len(req.Result)
	rep.Size.Limit, rep.Size.BlockLimit = policy.DefaultResultMaxBytes, policy.DefaultResultMaxBlocks
	if c.pol != nil && c.pol.Invalid() {
		rep.raise(VerdictBlock, i18n.T("the policy has problems, so no result is let through"))
	}
	// The text is read up to the largest cap any entry allows; past it nothing can allow it.
	most := c.pol.MaxResultBytes()
	if len(req.Result) > most {
		rep.Size.Limit = c.limitsFor(req.Tool).MaxBytes
		p := problem.Problem{Source: problem.SourceResult, Kind: problem.KindLimit, Offset: -1,
			Message: i18n.Sprintf("the result is %d bytes, over the %d the policy allows any result", len(req.Result), most)}
		rep.Problems = append(rep.Problems, p)
		rep.raise(VerdictBlock, p.Message)
		return rep
	}
	limits := jsondoc.Limits{MaxBytes: most + 2*bytes.Count(req.Result, []byte("\n")) + 3, MaxDepth: jsondoc.DefaultLimits.MaxDepth}
	doc, probs := jsondoc.ParseLimits(problem.SourceResult, req.Result, limits)
	if len(probs) > 0 {
		if list, shift, unlist, ok := jsonLines(req.Result); ok {
			// A log of JSON lines is read as the list of its lines, each placed in the text.
			defer rep.placeInLines(shift)
			rep.lines, rep.unlist = req.Result, unlist
			doc, probs = jsondoc.ParseLimits(problem.SourceResult, list, limits)
		}
	}
	if len(probs) > 0 {
		// A text nested past the depth limit is unreadable as any other text that is not
		// strict JSON: it is answered as a parse problem.
		for i := range probs {
			if probs[i].Kind == problem.KindLimit {
				probs[i].Kind = problem.KindParse
			}
		}
		rep.Problems = append(rep.Problems, probs...)
		rep.raise(VerdictBlock, i18n.T("the result is not strict JSON, so it cannot be checked"))
		return rep
	}
	results, logCalls, probs := Read(doc)
	if len(probs) > 0 {
		rep.Problems = append(rep.Problems, probs...)
		rep.raise(VerdictBlock, i18n.T("the text holds no tool result that gatehouse reads, so it cannot be checked"))
		return rep
	}
	rep.doc, rep.results = doc, results
	calls := c.callsOf(req.Call, &rep)
	calls = append(calls, logCalls...)
	for i := range results {
		res := &results[i]
		tool := req.Tool
		if tool == "" {
			tool = toolOf(res, calls)
			if tool == "" && strings.TrimSpace(req.Call) != "" {
				// A call was given and none answers to this result: say so, rather than
				// check it as an unnamed tool's in silence.
				id := untrusted.Quote(res.ID)
				if res.ID == "" {
					id = i18n.T("no id")
				}
				p := doc.Problem(problem.KindRule, res.Pointer, i18n.Sprintf("the tool is unknown: the call text holds no call with the result's id (%s)", id))
				rep.Problems = append(rep.Problems, p)
				rep.raise(VerdictFlag, p.Message)
			}
		}
		if rep.Tool == "" {
			rep.Tool, rep.Shape, rep.IsError = tool, res.Shape, res.IsError
		}
		if res.BadID != nil {
			p := doc.Problem(problem.KindValidation, res.BadID.Pointer, res.BadID.Message)
			rep.Problems = append(rep.Problems, p)
			rep.raise(VerdictFlag, p.Message)
		}
		for _, m := range res.Malformed {
			p := doc.Problem(problem.KindValidation, m.Pointer, i18n.Sprintf("the result is not a well-formed CallToolResult: %s", m.Message))
			rep.Problems = append(rep.Problems, p)
			rep.raise(VerdictBlock, i18n.T("the result is not a well-formed CallToolResult, so a client would not read it as the check does"))
		}
		c.checkOne(doc, res, tool, &rep)
	}
	rep.Schema.Valid = rep.Schema.Checked && len(rep.Schema.Problems) == 0
	return rep
}

// placeInLines moves what was placed in a JSON-lines log's list back to its place in the text.
func (r *Report) placeInLines(shift func(line, column, offset int) (int, int)) {
	for _, ps := range []problem.Problems{r.Problems, r.Schema.Problems} {
		for i := range ps {
			if ps[i].Source == problem.SourceResult && ps[i].Line > 0 {
				ps[i].Column, ps[i].Offset = shift(ps[i].Line, ps[i].Column, ps[i].Offset)
			}
		}
	}
	for i := range r.Findings {
		if r.Findings[i].Line > 0 {
			r.Findings[i].Column, _ = shift(r.Findings[i].Line, r.Findings[i].Column, 0)
		}
	}
}

// callsOf reads the call text's calls, by id. A call text that cannot be read is a problem but
// does not stop the check.
func (c *Checker) callsOf(text string, rep *Report) []Call {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	parsed, probs := call.ReadText(text)
	var out []Call
	for _, pc := range parsed {
		if pc.Name != "" {
			out = append(out, Call{ID: pc.ID, Name: pc.Name, fromCallText: true})
		}
	}
	if len(out) == 0 {
		rep.Problems = append(rep.Problems, probs...)
	}
	return out
}

// toolOf finds the tool that returned res: its own name, else the call with its id, else the
// one call of the call text.
func toolOf(res *Result, calls []Call) string {
	if res.Name != "" {
		return res.Name
	}
	if res.ID != "" {
		for _, c := range calls {
			if c.ID == res.ID && c.Name != "" {
				return c.Name
			}
		}
	}
	var only []string
	for _, c := range calls {
		if c.fromCallText && !slices.Contains(only, c.Name) {
			only = append(only, c.Name)
		}
	}
	if len(only) == 1 {
		return only[0]
	}
	return ""
}

// limitsFor resolves the policy's results entry for a tool, under the name given and its
// catalog key.
func (c *Checker) limitsFor(tool string) policy.ResultLimits {
	names := []string{tool}
	if t := c.lookup(tool); t != nil && t.Name != tool {
		names = append(names, t.Name)
	}
	return c.pol.ResultsFor(names...)
}

func (c *Checker) lookup(tool string) *catalog.Tool {
	if c.cat == nil || tool == "" {
		return nil
	}
	t, _ := c.cat.Lookup(tool)
	return t
}

// checkOne checks one result of the text.
func (c *Checker) checkOne(doc *jsondoc.Document, res *Result, tool string, rep *Report) {
	lim := c.limitsFor(tool)
	rep.Size.Limit, rep.Size.BlockLimit = lim.MaxBytes, lim.MaxBlocks
	rep.Size.Blocks += len(res.Blocks)
	name := tool
	if name == "" {
		name = i18n.T("an unnamed tool")
	} else {
		name = untrusted.Quote(name)
	}
	if rep.Size.Bytes > lim.MaxBytes {
		p := problem.Problem{Source: problem.SourceResult, Kind: problem.KindLimit, Offset: -1,
			Message: i18n.Sprintf("the result of %s is %d bytes, over its cap of %d", name, rep.Size.Bytes, lim.MaxBytes)}
		rep.Problems = append(rep.Problems, p)
		rep.raise(VerdictBlock, p.Message)
	}
	if len(res.Blocks) > lim.MaxBlocks {
		p := doc.Problem(problem.KindLimit, res.Pointer, i18n.Sprintf("the result of %s holds %d content blocks, over its cap of %d", name, len(res.Blocks), lim.MaxBlocks))
		rep.Problems = append(rep.Problems, p)
		rep.raise(VerdictBlock, p.Message)
	}
	for _, b := range res.Blocks {
		if !carriesMedia[b.Type] {
			continue
		}
		if !lim.AllowsMIME(b.MIME) {
			shown := untrusted.Quote(b.MIME)
			if b.MIME == "" {
				shown = i18n.T("no MIME type")
			}
			p := doc.Problem(problem.KindRule, b.Pointer, i18n.Sprintf("the result of %s holds a content block of type %s with %s, which the policy does not allow (%s)", name, b.Type, shown, strings.Join(lim.MIMETypes, ", ")))
			rep.Problems = append(rep.Problems, p)
			rep.raise(VerdictBlock, p.Message)
		}
	}
	c.checkSchema(doc, res, tool, name, lim, rep)
	c.compareText(doc, res, name, rep)
	c.scan(doc, res, tool, name, lim, rep)
}

// carriesMedia are the content blocks that hand the model a MIME-typed payload, which the
// policy's mime_types hold: MCP's image and audio blocks, resource links and embedded resources.
var carriesMedia = map[string]bool{"image": true, "audio": true, "resource_link": true, "resource": true}

// checkSchema checks structuredContent against the tool's outputSchema.
func (c *Checker) checkSchema(doc *jsondoc.Document, res *Result, tool, name string, lim policy.ResultLimits, rep *Report) {
	if res.IsError {
		return // an error result is not the tool's output: MCP does not check it
	}
	t := c.lookup(tool)
	if t == nil {
		switch {
		case c.cat != nil && tool != "" && res.HasStructured:
			rep.Problems = append(rep.Problems, problem.Problem{Source: problem.SourceCatalog, Kind: problem.KindRule, Offset: -1,
				Message: i18n.Sprintf("the catalog has no tool %s, so its structuredContent is not checked against an outputSchema", name)})
		case c.cat != nil && tool == "" && res.HasStructured:
			// Said, so that a pass is not read as a schema check that passed.
			rep.Problems = append(rep.Problems, problem.Problem{Source: problem.SourceResult, Kind: problem.KindRule, Offset: -1,
				Message: i18n.T("the result does not say which tool it is from (name the tool, or give the call), so its structuredContent is not checked against an outputSchema")})
		}
		return
	}
	if _, has := t.Def["outputSchema"]; !has {
		return
	}
	if !res.HasStructured && res.Shape != ShapeMCP && res.Shape != ShapeJSONRPC {
		// The shape carries no structuredContent to check: said, as above.
		rep.Problems = append(rep.Problems, problem.Problem{Source: problem.SourceResult, Kind: problem.KindRule, Offset: -1,
			Message: i18n.Sprintf("%s declares an outputSchema, but a result of the %s shape carries no structuredContent, so it is not checked against it", name, res.Shape)})
		return
	}
	onSchema := lim.OnSchema
	rep.Schema.Checked = true
	if !res.HasStructured {
		p := doc.Problem(problem.KindValidation, res.Pointer, i18n.Sprintf("%s declares an outputSchema, but its result has no structuredContent", name))
		p.InstanceLocation = res.Pointer
		rep.Schema.Problems = append(rep.Schema.Problems, p)
		rep.raise(onSchema, p.Message)
		return
	}
	sch, probs := c.outputSchema(t)
	if len(probs) > 0 {
		rep.Schema.Problems = append(rep.Schema.Problems, probs...)
		rep.raise(onSchema, i18n.Sprintf("the outputSchema of %s cannot be used, so its result cannot be checked", name))
		return
	}
	fails := sch.Check(doc, res.StructuredPointer)
	if len(fails) > 0 {
		rep.Schema.Problems = append(rep.Schema.Problems, fails...)
		rep.raise(onSchema, i18n.Sprintf("the structuredContent of %s fails its outputSchema (%s)", name, fails[0].Message))
	}
}

// outputSchema compiles a tool's outputSchema once: 2020-12 unless its $schema says otherwise.
func (c *Checker) outputSchema(t *catalog.Tool) (*schema.Schema, problem.Problems) {
	c.mu.Lock()
	out, done := c.output[t]
	c.mu.Unlock()
	if done {
		return out.schema, out.problems
	}
	at := jsondoc.JoinPointer(t.Pointer, "outputSchema")
	value := t.Def["outputSchema"]
	text, found := []byte(nil), false
	if c.catDoc != nil {
		text, found = c.catDoc.Raw(at)
	}
	if !found {
		var err error
		if text, err = json.Marshal(value); err != nil {
			text = []byte("null")
		}
	}
	out.schema, out.problems = c.schemas.Compile(jsondoc.NewDocument(problem.SourceSchema, text, value), "", nil)
	for i := range out.problems {
		ptr := out.problems[i].KeywordLocation
		p := problem.Problem{Source: problem.SourceCatalog, Kind: problem.KindSchema, Offset: -1, InstanceLocation: at + ptr, KeywordLocation: ptr,
			Message: i18n.Sprintf("the outputSchema of %s: %s", untrusted.Quote(t.Name), out.problems[i].Message)}
		if c.catDoc != nil {
			if off, ok := c.catDoc.Locate(at + ptr); ok {
				p.Offset = off
				p.Line, p.Column = c.catDoc.Position(off)
			}
		}
		out.problems[i] = p
	}
	c.mu.Lock()
	c.output[t] = out
	c.mu.Unlock()
	return out.schema, out.problems
}

// compareText holds structuredContent against the text blocks the model reads beside it: a
// text block whose JSON differs from it means the model reads something other than what the
// client got (flag); no text block at all is a low finding.
func (c *Checker) compareText(doc *jsondoc.Document, res *Result, name string, rep *Report) {
	if !res.HasStructured || res.IsError {
		return
	}
	structured := jsondoc.Lookup(doc.Value, res.StructuredPointer)
	var texts []Block
	for _, b := range res.Blocks {
		if b.Type == "text" && b.HasText {
			texts = append(texts, b)
		}
	}
	if len(texts) == 0 {
		f := lint.Finding{Rule: RuleStructuredWithoutText, Severity: lint.SeverityLow, Tool: rep.Tool, Pointer: res.StructuredPointer,
			Message: i18n.Sprintf("the result of %s has structuredContent and no text block: a client that shows only text shows nothing", name),
			Why:     i18n.T("MCP asks a tool that returns structured content to return its JSON as text too, for clients that read only text.")}
		place(doc, &f, res.StructuredPointer, -1)
		rep.Findings = append(rep.Findings, f)
		return
	}
	// Every text block that is JSON must agree: the model reads them all, so one that agrees
	// does not vouch for another that does not.
	var differs []Block
	for _, b := range texts {
		v, ok := parseJSONText(b.Text)
		if !ok {
			continue
		}
		if jsondoc.Equal(v, structured) || holdsString(structured, b.Text) {
			continue // the model reads what the client got (or a text of it, such as a file's)
		}
		differs = append(differs, b)
	}
	for _, b := range differs {
		f := lint.Finding{Rule: RuleStructuredTextMismatch, Severity: lint.SeverityMedium, Tool: rep.Tool, Pointer: b.TextPointer,
			Message:  i18n.Sprintf("the JSON of a text block of %s differs from its structuredContent: the model reads something other than what the client checked", name),
			Evidence: untrusted.Visible(b.Text, 120),
			Why:      i18n.T("A client checks structuredContent and a model reads the text: when they differ, what was checked is not what is read.")}
		place(doc, &f, b.TextPointer, -1)
		rep.Findings = append(rep.Findings, f)
		rep.raise(VerdictFlag, f.Message)
	}
}

// parseJSONText reads a text block as JSON when it is one: strictly, as every text is read.
func parseJSONText(s string) (any, bool) {
	t := strings.TrimSpace(s)
	if t == "" {
		return nil, false
	}
	switch t[0] {
	case '{', '[', '"', '-', 't', 'f', 'n', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
	default:
		return nil, false
	}
	d, probs := jsondoc.ParseString(problem.SourceResult, t)
	if len(probs) > 0 {
		return nil, false
	}
	return d.Value, true
}

// scan runs the lint's text rules under the result profile, and the result's own rules, over
// every text the model reads, then applies on_injection.
func (c *Checker) scan(doc *jsondoc.Document, res *Result, tool, name string, lim policy.ResultLimits, rep *Report) {
	reads := withoutRepeatedText(doc, res)
	whole, long := splitLong(doc, reads)
	found := lint.ScanText(doc, whole, tool, lint.ProfileResult)
	pl := &placer{doc: doc}
	found = append(found, scanLong(pl, long, tool)...)
	advisedHidden(doc, found)
	for i := range found {
		found[i].Why = resultWhy(found[i].Rule, found[i].Why)
	}
	for _, ptr := range reads {
		walkStrings(jsondoc.Lookup(doc.Value, ptr), ptr, func(s, at string) {
			hits := markdownFindings(s)
			hits = append(hits, commentFindings(s)...)
			written := append(takeoverFindings(s), replyDirectiveFindings(s)...)
			if len(written) == 0 {
				written = disguisedTakeovers(s)
			}
			hits = append(hits, written...)
			hits = append(hits, decodedTakeovers(s)...)
			for _, h := range hits {
				h.Tool, h.Pointer = tool, at
				pl.place(&h.Finding, at, h.at)
				found = append(found, h.Finding)
			}
		})
	}
	shownCommands(doc, found)
	// In the order of the text, as a reader goes through it.
	sort.SliceStable(found, func(i, j int) bool {
		a, b := found[i], found[j]
		return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
	})
	high := 0
	for _, f := range found {
		if f.Severity == lint.SeverityHigh {
			high++
		}
	}
	rep.Findings = append(rep.Findings, found...)
	if high == 0 {
		return
	}
	reason := i18n.Sprintf("the result of %s carries instructions for the model (%s)", name, rulesOf(found))
	switch lim.OnInjection {
	case policy.ActionBlock:
		rep.raise(VerdictBlock, reason)
	case policy.ActionStrip:
		rep.raise(VerdictFlag, reason)
		if rep.Replacement == nil && rep.Verdict != VerdictBlock {
			text := doc.Text
			if rep.lines != nil {
				text = rep.lines
			}
			cleaned, n := Strip(text)
			if n > 0 {
				rep.Stripped, rep.Replacement = n, cleaned
				rep.Reasons = append(rep.Reasons, i18n.Sprintf("strip removed %d hidden characters", n))
			}
		}
	default:
		rep.raise(VerdictFlag, reason)
	}
}

// rulesOf names the rules of the high findings, once each.
func rulesOf(fs []lint.Finding) string {
	var rules []string
	for _, f := range fs {
		if f.Severity == lint.SeverityHigh && !slices.Contains(rules, f.Rule) {
			rules = append(rules, f.Rule)
		}
	}
	return strings.Join(rules, ", ")
}

// walkStrings calls f on every string under v, with its pointer.
func walkStrings(v any, at string, f func(s, at string)) {
	switch x := v.(type) {
	case string:
		f(x, at)
	case []any:
		for i, e := range x {
			walkStrings(e, at+"/"+strconv.Itoa(i), f)
		}
	case map[string]any:
		for k, e := range x {
			walkStrings(e, jsondoc.JoinPointer(at, k), f)
		}
	}
}

// place sets a finding's line and column: the evidence's own place inside the string at
// pointer, at byte offset at of the decoded string (0 is its first character), or the value as a
// whole when at is -1.
func place(doc *jsondoc.Document, f *lint.Finding, pointer string, at int) {
	(&placer{doc: doc}).place(f, pointer, at)
}

// A placer places findings in one document, finding each pointer's value once: a long string
// has many findings, and finding its value reads the text before it.
type placer struct {
	doc  *jsondoc.Document
	offs map[string]int // pointer → offset of its value; -1 when it names none
}

func (pl *placer) place(f *lint.Finding, pointer string, at int) {
	doc := pl.doc
	off, seen := pl.offs[pointer]
	if !seen {
		var ok bool
		if off, ok = doc.Locate(pointer); !ok {
			off = -1
		}
		if pl.offs == nil {
			pl.offs = map[string]int{}
		}
		pl.offs[pointer] = off
	}
	if off < 0 {
		return
	}
	if at >= 0 && off < len(doc.Text) && doc.Text[off] == '"' {
		if rel, ok := jsondoc.RawOffset(doc.Text[off:], at); ok {
			off += rel
		}
	}
	f.Line, f.Column = doc.Position(off)
}

// holdsString reports whether s is one of the strings inside v: a text block that is a file
// read as JSON, beside structuredContent {"content": <the file>}, says the same thing.
func holdsString(v any, s string) bool {
	switch x := v.(type) {
	case string:
		return x == s
	case []any:
		return slices.ContainsFunc(x, func(e any) bool { return holdsString(e, s) })
	case map[string]any:
		for _, e := range x {
			if holdsString(e, s) {
				return true
			}
		}
	}
	return false
}

// withoutRepeatedText is the pointers of what the model reads, less the members of
// structuredContent that repeat a text block word for word (server-filesystem returns a file as
// a text block and as {"content": <the file>}): the text is read once, and found once.
func withoutRepeatedText(doc *jsondoc.Document, res *Result) []string {
	if !res.HasStructured {
		return res.Reads
	}
	m, ok := jsondoc.Lookup(doc.Value, res.StructuredPointer).(map[string]any)
	if !ok {
		return res.Reads
	}
	texts := map[string]bool{}
	for _, b := range res.Blocks {
		if b.HasText && len(b.Text) > 64 {
			texts[b.Text] = true
		}
	}
	repeated := false
	for _, v := range m {
		if s, ok := v.(string); ok && texts[s] {
			repeated = true
		}
	}
	if !repeated {
		return res.Reads
	}
	out := make([]string, 0, len(res.Reads)+len(m))
	for _, ptr := range res.Reads {
		if ptr != res.StructuredPointer {
			out = append(out, ptr)
			continue
		}
		for _, k := range sortedKeys(m) {
			if s, ok := m[k].(string); ok && texts[s] {
				continue
			}
			out = append(out, jsondoc.JoinPointer(ptr, k))
		}
	}
	return out
}
