package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gowebpki/jcs"
)

// GateRequest is the input of [Gate]: the three texts exactly as pasted.
type GateRequest struct {
	Call    string `json:"call"`
	Catalog string `json:"catalog"`
	Policy  string `json:"policy"`
}

// GateResult is the answer of [Gate].
type GateResult struct {
	// Decisions holds one decision per call in the pasted text, in text order; never empty.
	Decisions []Decision `json:"decisions"`
	// Decision is the most restrictive of Decisions (deny > ask > allow; the first of equals).
	Decision *Decision `json:"decision"`
	// Problems are what is wrong with the texts themselves (parse errors, unreadable calls, a
	// catalog or policy that breaks its rules), each placed at its line and column.
	Problems Problems `json:"problems"`
}

// Gate decides, for every tool call in the call text, whether it may run: allow, deny or ask,
// with the reason and every piece of evidence placed at its line and column. The texts are read
// once each: the catalog is parsed once whatever the number of calls, and only the called tools'
// inputSchemas are compiled.
//
// It fails closed. A call text that cannot be read gives one deny (tool_not_allowlisted,
// detail unreadable_call), and so does anything in it that invokes a tool in a way gatehouse
// does not read (see [ParseCalls]); a policy with problems allows nothing (detail
// policy_invalid); a catalog that cannot be read holds no tool, and a name the catalog cannot tie
// to one definition (two servers offer it, a tool listed twice, two keys that collide) runs
// nothing (detail ambiguous_tool). The policy's names for a tool are described at [Policy]. The
// gates, for each call, in order (see [GateCall]):
//
//  1. the call is readable, the tool is in allow_tools and in the catalog, else tool_not_allowlisted;
//  2. the tool's definition matches its pin, where the policy pins it, else definition_changed;
//  3. the arguments parse strictly and pass the tool's inputSchema, whose root must be
//     {"type": "object"}, else arguments_invalid;
//  4. the grant holds every capability the tool requires, else grant_missing (deny, or ask when
//     on_grant_missing is ask);
//  5. every argument rule holds and no argument carries a secret, else policy_violation;
//  6. a tool that needs confirmation is confirmed, else ask with needs_confirm;
//  7. otherwise allow, ok.
func Gate(req GateRequest) GateResult {
	res := GateResult{Problems: Problems{}}

	calls, callProbs := readCallText(req.Call)
	res.Problems = append(res.Problems, callProbs...)

	var cat *Catalog
	catDoc, probs := ParseText(SourceCatalog, req.Catalog)
	if len(probs) > 0 {
		res.Problems = append(res.Problems, probs...)
	} else {
		cat, probs = ParseCatalog(catDoc)
		res.Problems = append(res.Problems, probs...)
	}

	polDoc, probs := ParseText(SourcePolicy, req.Policy)
	var pol *Policy
	if len(probs) == 0 {
		pol, probs = ParsePolicy(polDoc)
	}
	if len(probs) > 0 {
		res.Problems = append(res.Problems, probs...)
		pol = &Policy{invalid: true, problems: probs}
	}

	res.Decisions = make([]Decision, 0, len(calls))
	for _, c := range calls {
		d := GateCall(c, cat, pol)
		if catDoc != nil {
			placeInCatalog(&d, catDoc)
		}
		res.Decisions = append(res.Decisions, d)
	}
	most := 0
	for i := range res.Decisions {
		if restrictiveness(res.Decisions[i].Decision) > restrictiveness(res.Decisions[most].Decision) {
			most = i
		}
	}
	res.Decision = &res.Decisions[most]
	return res
}

// placeInCatalog gives catalog evidence its line and column: GateCall knows the catalog's
// pointers, only Gate knows its text.
func placeInCatalog(d *Decision, doc *Document) {
	moved := false
	place := func(ps []Problem) {
		for i, p := range ps {
			if p.Source != SourceCatalog || p.Line > 0 {
				continue
			}
			if off, ok := doc.Locate(p.InstanceLocation); ok {
				ps[i].Offset = off
				ps[i].Line, ps[i].Column = doc.Position(off)
				moved = true
			}
		}
	}
	place(d.Errors)
	place(d.Evidence)
	if moved && len(d.Explanation) > 0 {
		d.explain(d.Explanation[0])
	}
}

// GateCall is the gate for one parsed call (see [Gate] for the order). cat may be nil (no tool is
// known) and pol may be nil (nothing is allowed). Evidence about the catalog carries the pointer
// of the tool in the catalog text, since a [Catalog] does not keep its text; [Gate] places it.
func GateCall(call Call, cat *Catalog, pol *Policy) Decision {
	if pol == nil {
		pol = &Policy{}
	}
	g := gateRun{call: &call, cat: cat, pol: pol}
	g.run()
	return g.d
}

// gateRun holds one call's way through the gates.
type gateRun struct {
	call  *Call
	cat   *Catalog
	pol   *Policy
	tool  *Tool
	names toolNames // the names the tool goes by in the policy
	d     Decision

	askReason string // the first gate that asks; a later deny still wins
	askDetail string
}

func (g *gateRun) run() {
	c, pol := g.call, g.pol
	g.d = Decision{
		Tool: c.Name, Grant: nonNilStrings(slices.Clone(pol.Grant)),
		Decision: DecisionDeny, Reason: ReasonToolNotAllowlisted,
		Required: []string{}, Missing: []string{}, Errors: []Problem{}, Violations: []Violation{},
		Format: c.Format, ID: c.ID, Call: c.Raw, Evidence: []Problem{},
	}
	if !slices.Contains(CallFormats, g.d.Format) {
		g.d.Format = FormatUnknown
	}
	// A deny stops at its gate. An ask lets the later gates run, so a call that would be shown to a
	// person and also breaks a rule is denied outright rather than left for them to approve.
	if !g.toolGate() || !g.pinGate() || !g.argumentsGate() || !g.grantGate() || !g.rulesGate() {
		return
	}
	g.confirmGate()
	if g.askReason != "" {
		g.d.Decision, g.d.Reason, g.d.Detail = DecisionAsk, g.askReason, g.askDetail
		what := "a person must see this call first"
		if g.askReason == ReasonGrantMissing {
			what = fmt.Sprintf("the grant lacks %s, and on_grant_missing is ask", quotedList(g.d.Missing))
		}
		g.d.explain(fmt.Sprintf("ask (%s): %s; if the person refuses, do not call %s", g.askReason, what, quoteShort(g.d.Tool)))
		return
	}
	g.d.Decision, g.d.Reason = DecisionAllow, ReasonOK
	g.d.explain(fmt.Sprintf("allow (ok): %s is allowlisted and in the catalog, %sits arguments pass its inputSchema, the grant holds %s, and no argument rule or secret objects",
		quoteShort(g.d.Tool), g.pinNote(), g.requiredNote()))
}

func (g *gateRun) pinNote() string {
	if len(g.pol.pinEntries(g.names)) > 0 {
		return "its definition matches its pin, "
	}
	return ""
}

func (g *gateRun) requiredNote() string {
	if len(g.d.Required) == 0 {
		return "everything it requires (nothing)"
	}
	return "every capability it requires " + quotedList(g.d.Required)
}

// deny ends the run: the decision is deny for this reason.
func (g *gateRun) deny(reason, detail, summary string) bool {
	g.d.Decision, g.d.Reason, g.d.Detail = DecisionDeny, reason, detail
	g.d.explain(fmt.Sprintf("deny (%s): %s", reason, summary))
	return false
}

// ask records that a gate asks; later gates still run, and a later deny wins.
func (g *gateRun) ask(reason, detail string) {
	if g.askReason == "" {
		g.askReason, g.askDetail = reason, detail
	}
}

func (g *gateRun) evidence(ps ...Problem) { g.d.Evidence = append(g.d.Evidence, ps...) }

// Gate 1: the call is readable, and the tool is allowlisted and in the catalog.
func (g *gateRun) toolGate() bool {
	c, pol := g.call, g.pol
	if len(c.unreadable) > 0 || c.Name == "" {
		if len(c.unreadable) > 0 {
			g.d.Errors = append(g.d.Errors, c.unreadable...)
			g.evidence(c.unreadable...)
		} else {
			g.evidence(c.problemAt(KindRule, c.Pointer, "the call has no tool name"))
		}
		return g.deny(ReasonToolNotAllowlisted, DetailUnreadableCall, "the call cannot be read, so nothing in it can be allowed")
	}
	// Until the catalog says otherwise, the call's name is the only name; the call is denied
	// unless the catalog has the tool, and then the catalog's names replace it.
	g.names = toolNames{all: []string{c.Name}, exact: []string{c.Name}}
	ambiguity := ""
	if g.cat != nil {
		g.tool, ambiguity = g.cat.resolve(c.Name)
	}
	if g.tool != nil {
		g.d.Tool, g.d.Server = g.tool.Name, g.tool.Server
		g.names = namesOf(g.tool, g.cat)
	}
	g.d.Required = g.pol.required(g.names)
	g.d.Missing = grantMissing(g.d.Required, g.d.Grant)

	// Every failing part is evidence; the detail names the first of: the policy cannot be used,
	// the name is ambiguous, the policy does not list it, the catalog does not have it.
	detail, summary := "", ""
	fail := func(d, s string, p Problem) {
		if detail == "" {
			detail, summary = d, s
		}
		g.evidence(p)
	}
	if pol.invalid {
		fail(DetailPolicyInvalid, "the policy has problems, so it allows nothing",
			Problem{Source: SourcePolicy, Kind: KindRule, Offset: -1, Message: "the policy has problems: until they are fixed, every call is denied"})
		g.evidence(pol.problems...)
	}
	if ambiguity != "" {
		advice := ""
		if g.cat.Servers != nil && !strings.Contains(c.Name, "/") {
			advice = "; call the tool by its \"server/name\" key, and list that key in allow_tools"
		}
		fail(DetailAmbiguousTool, ambiguity, c.problemAt(KindRule, c.namePointer, fmt.Sprintf("%s is ambiguous, so no tool may run under that name%s", quoteShort(c.Name), advice)))
	}
	if _, _, listed := pol.allowEntry(g.names); !listed && !pol.invalid && ambiguity == "" {
		msg := fmt.Sprintf("tool %s is not in the policy's allow_tools: a tool not listed there is denied", quoteShort(c.Name))
		if g.tool != nil && len(g.names.exact) < len(g.names.all) && slices.Contains(pol.AllowTools, g.tool.ToolName()) {
			msg = fmt.Sprintf("allow_tools lists %s, but several servers offer a tool of that name, so it admits none of them: list %s to allow this one",
				quoteShort(g.tool.ToolName()), quoteShort(g.tool.Name))
		}
		fail(DetailNotInAllowTools, fmt.Sprintf("%s is not in the policy's allow_tools (default deny)", quoteShort(c.Name)),
			c.problemAt(KindRule, c.namePointer, msg))
	}
	if g.tool == nil && ambiguity == "" {
		msg := fmt.Sprintf("the catalog has no tool named %s", quoteShort(c.Name))
		if g.cat == nil {
			msg = fmt.Sprintf("no catalog could be read, so tool %s is unknown", quoteShort(c.Name))
		}
		fail(DetailNotInCatalog, fmt.Sprintf("the catalog has no tool %s", quoteShort(c.Name)), c.problemAt(KindRule, c.namePointer, msg))
	}
	if detail != "" {
		return g.deny(ReasonToolNotAllowlisted, detail, summary)
	}
	g.d.ToolAllowed = true
	return true
}

// Gate 2: the tool's definition matches every pin the policy gives it.
func (g *gateRun) pinGate() bool {
	pins := g.pol.pinEntries(g.names)
	if len(pins) == 0 {
		return true
	}
	got, err := Pin(g.tool.Def)
	for _, want := range pins {
		if err == nil && got == want.pin {
			continue
		}
		msg := fmt.Sprintf("tool %s hashes to %s, not to its pin %s: its definition changed since it was reviewed", quoteShort(g.tool.Name), got, want.pin)
		if err != nil {
			msg = fmt.Sprintf("tool %s cannot be hashed to compare with its pin: %v", quoteShort(g.tool.Name), err)
		}
		if pinned, ok := g.pol.PinnedTools[want.name]; ok {
			g.d.ChangedFields = changedFields(pinned, g.tool.Def)
			if len(g.d.ChangedFields) > 0 {
				msg += "; changed: " + strings.Join(g.d.ChangedFields, ", ")
			}
		} else {
			msg += " (which fields changed is known only when the policy keeps the reviewed definition in pinned_tools)"
		}
		g.evidence(Problem{Source: SourceCatalog, Kind: KindRule, Message: msg, InstanceLocation: g.tool.Pointer, Offset: -1})
		pinAt := JoinPointer("/pinned_tools", want.name)
		if want.inPins {
			pinAt = JoinPointer("/pins", want.name)
		}
		g.evidence(g.pol.place(pinAt, fmt.Sprintf("the pin of %s is here", quoteShort(want.name))))
		return g.deny(ReasonDefinitionChanged, "", fmt.Sprintf("%s no longer matches the definition that was reviewed", quoteShort(g.tool.Name)))
	}
	return true
}

// changedFields names the top-level fields that differ, compared in canonical form (RFC 8785)
// as the pin is.
func changedFields(before, after map[string]any) []string {
	fields := []string{}
	for _, k := range sortedKeys(fieldUnion(before, after)) {
		b, inBefore := before[k]
		a, inAfter := after[k]
		if inBefore != inAfter || !bytes.Equal(canonicalJSON(b), canonicalJSON(a)) {
			fields = append(fields, k)
		}
	}
	return fields
}

func fieldUnion(a, b map[string]any) map[string]bool {
	keys := make(map[string]bool, len(a)+len(b))
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	return keys
}

// canonicalJSON is v's RFC 8785 form, or nil when it has none.
func canonicalJSON(v any) []byte {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	c, err := jcs.Transform(raw)
	if err != nil {
		return raw
	}
	return c
}

// Gate 3: the arguments parse strictly and pass the tool's inputSchema.
func (g *gateRun) argumentsGate() bool {
	c := g.call
	if c.doc == nil && c.Arguments == nil && c.ArgumentsText != "" && !c.argsIsString {
		// A call built in Go with its arguments as text: parse them as ParseCalls would.
		if doc, probs := parseArgumentsText(c.ArgumentsText); len(probs) > 0 {
			c.argsDupKey = slices.ContainsFunc(probs, isDuplicateKey)
			c.argsProblems = redactProblems(probs)
		} else {
			c.Arguments, c.argsDoc = doc.Value, doc
		}
		c.argsIsString = true
	}
	if len(c.argsProblems) > 0 {
		g.d.Errors = append(g.d.Errors, c.argsProblems...)
		g.evidence(c.argsProblems...)
		if c.argsDupKey {
			return g.deny(ReasonArgumentsInvalid, DetailDuplicateKey,
				"the arguments repeat a key, and parsers disagree on which one counts (one may smuggle a value past the check)")
		}
		return g.deny(ReasonArgumentsInvalid, DetailInvalidJSON, "the arguments are not valid JSON")
	}
	if at, a, b, found := caseTwinsIn(c.Arguments, ""); found {
		// Not a duplicate to JSON, but one to a reader that ignores case, which may then take
		// either value while gatehouse checked one.
		msg := " differ only in case: a reader that ignores case (Go's encoding/json does) takes them for one key, and may take either value"
		var p Problem
		if holdsSecret(a) || holdsSecret(b) {
			// Either spelling gives the other away: name neither, and point at their object.
			p = c.argumentProblem(KindParse, at, "two keys (withheld: they look like a secret)"+msg)
		} else {
			p = c.argumentNameProblem(KindParse, JoinPointer(at, b), fmt.Sprintf("keys %s and %s", quoteShort(a), quoteShort(b))+msg)
		}
		p = redactProblem(p)
		g.d.Errors = append(g.d.Errors, p)
		g.evidence(p)
		return g.deny(ReasonArgumentsInvalid, DetailDuplicateKey,
			"the arguments repeat a key in another case, and readers disagree on which one counts (one may smuggle a value past the check)")
	}
	if schema := g.tool.InputSchema(); !isObjectSchema(schema) {
		// Arguments are an object; a schema that does not say so (true, {}, a string type)
		// checks nothing a tool can rely on, so the call is not let through on its word.
		at := JoinPointer(g.tool.Pointer, "inputSchema")
		msg := fmt.Sprintf("the inputSchema of %s must have the root {\"type\": \"object\"}, so that its arguments are checked", quoteShort(g.tool.Name))
		if _, has := g.tool.Def["inputSchema"]; !has {
			at = g.tool.Pointer
			msg = fmt.Sprintf("tool %s has no inputSchema, so its arguments cannot be checked", quoteShort(g.tool.Name))
		}
		p := Problem{Source: SourceCatalog, Kind: KindSchema, Offset: -1, InstanceLocation: at, Message: msg}
		return g.rejected(Problems{p}, fmt.Sprintf("the inputSchema of %s does not describe an object, so its arguments cannot be checked", quoteShort(g.tool.Name)))
	}
	if _, ok := c.Arguments.(map[string]any); !ok {
		p := c.argumentProblem(KindValidation, "", fmt.Sprintf("the arguments must be a JSON object, found %s", describeType(c.Arguments)))
		return g.rejected(Problems{p}, "the arguments are not a JSON object")
	}
	sch, probs := g.inputSchema()
	if len(probs) > 0 {
		return g.rejected(probs, fmt.Sprintf("the inputSchema of %s cannot be used, so its arguments cannot be checked", quoteShort(g.tool.Name)))
	}
	errs := sch.Validate(c.Arguments)
	if len(errs) == 0 {
		g.d.ArgumentsValid = true
		return true
	}
	probs = make(Problems, 0, len(errs))
	fields := []string{}
	for _, e := range errs {
		// The messages quote the values and names they reject, and the locations spell out the
		// keys on the way: either may be a credential the model copied into the call.
		var p Problem
		field := e.InstanceLocation
		if e.Property != "" {
			field = JoinPointer(e.InstanceLocation, e.Property)
			p = c.argumentNameProblem(KindValidation, field, e.Message)
		} else {
			p = c.argumentProblem(KindValidation, e.InstanceLocation, e.Message)
		}
		p.InstanceLocation, p.KeywordLocation = e.InstanceLocation, e.KeywordLocation
		p = redactProblem(p)
		field = redactPointer(field)
		if !slices.Contains(fields, field) {
			fields = append(fields, field)
		}
		probs = append(probs, p)
	}
	return g.rejected(probs, fmt.Sprintf("the arguments fail the inputSchema of %s at %s", quoteShort(g.tool.Name), showFields(fields)))
}

func (g *gateRun) rejected(probs Problems, summary string) bool {
	g.d.Errors = append(g.d.Errors, probs...)
	g.evidence(probs...)
	return g.deny(ReasonArgumentsInvalid, DetailSchemaRejected, summary)
}

// showFields names the failing fields for a sentence: the root is "the root".
func showFields(fields []string) string {
	shown := make([]string, len(fields))
	for i, f := range fields {
		if f == "" {
			f = "the root"
		}
		shown[i] = f
	}
	if len(shown) > 8 {
		return strings.Join(shown[:8], ", ") + fmt.Sprintf(" and %d more", len(shown)-8)
	}
	return strings.Join(shown, ", ")
}

// inputSchema compiles the called tool's inputSchema, and only it: the compiled schema is cached
// by its text, so a catalog re-pasted with each keystroke compiles nothing new.
func (g *gateRun) inputSchema() (*Schema, Problems) {
	t := g.tool
	at := JoinPointer(t.Pointer, "inputSchema")
	schema := t.InputSchema()
	text, err := json.Marshal(schema)
	if err != nil {
		return nil, Problems{{Source: SourceCatalog, Kind: KindSchema, Offset: -1, InstanceLocation: at,
			Message: fmt.Sprintf("the inputSchema of %s cannot be read: %v", quoteShort(t.Name), err)}}
	}
	sch, probs := CompileSchema(&Document{Source: SourceSchema, Text: text, Value: schema}, "", nil)
	for i := range probs {
		// Positions in the re-encoded text mean nothing to the user: point into the catalog.
		ptr := probs[i].KeywordLocation
		probs[i] = Problem{Source: SourceCatalog, Kind: KindSchema, Offset: -1, InstanceLocation: at + ptr, KeywordLocation: ptr,
			Message: fmt.Sprintf("the inputSchema of %s: %s", quoteShort(t.Name), probs[i].Message)}
	}
	return sch, probs
}

// Gate 4: the grant holds every capability the tool requires.
func (g *gateRun) grantGate() bool {
	if len(g.d.Missing) == 0 {
		return true
	}
	for _, m := range g.d.Missing {
		g.evidence(g.pol.place(g.pol.requiredAt(g.names, m),
			fmt.Sprintf("%s requires capability %s, which the grant %s does not hold", quoteShort(g.d.Tool), quoteShort(m), quotedList(g.d.Grant))))
	}
	if g.pol.OnGrantMissing == OnGrantMissingAsk {
		g.ask(ReasonGrantMissing, "")
		return true
	}
	return g.deny(ReasonGrantMissing, "", fmt.Sprintf("the grant %s lacks %s, which %s requires", quotedList(g.d.Grant), quotedList(g.d.Missing), quoteShort(g.d.Tool)))
}

// RuleSecret is the rule name of a secrets-check violation.
const RuleSecret = "secret"

// Gate 5: every argument rule holds, and no argument carries a secret.
func (g *gateRun) rulesGate() bool {
	c, pol := g.call, g.pol
	var found []Violation
	for _, r := range pol.argumentRules(g.names) {
		ptr := r.argument
		if !strings.HasPrefix(ptr, "/") {
			ptr = JoinPointer("", ptr)
		}
		if v, present := valueAt(c.Arguments, ptr); present {
			found = append(found, r.rule.Check(ptr, v)...)
		}
	}
	if !pol.skipsSecrets(g.names) {
		for _, s := range FindSecrets(c.Arguments) {
			found = append(found, Violation{Argument: s.Argument, Rule: RuleSecret,
				Message: fmt.Sprintf("argument %s carries what looks like %s (%s); it must not leave the session", argumentWords(s.Argument), secretWords(s.Kind), s.Excerpt)})
		}
	}
	if len(found) == 0 {
		return true
	}
	g.d.Violations = found
	for _, v := range found {
		g.evidence(c.argumentProblem(KindRule, v.Argument, v.Message))
	}
	what := make([]string, 0, len(found))
	for _, v := range found {
		s := v.Rule + " at " + argumentWords(v.Argument)
		if !slices.Contains(what, s) {
			what = append(what, s)
		}
	}
	return g.deny(ReasonPolicyViolation, "", "the arguments break the policy: "+strings.Join(what, "; "))
}

// secretWords turns a secret kind ("aws_access_key") into words with an article.
func secretWords(kind string) string {
	w := strings.ReplaceAll(kind, "_", " ")
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}

func argumentWords(p string) string {
	if p == "" {
		return "(the arguments)"
	}
	return p
}

// Gate 6: a tool that needs confirmation asks, unless confirmed.
func (g *gateRun) confirmGate() {
	name, i, listed := g.pol.confirmEntry(g.names)
	if !listed || g.pol.Confirmed {
		return
	}
	g.evidence(g.pol.place(JoinPointer("/needs_confirm", strconv.Itoa(i)),
		fmt.Sprintf("%s needs a person's confirmation, and the policy's confirmed is not true", quoteShort(name))))
	g.ask(ReasonNeedsConfirm, "")
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
