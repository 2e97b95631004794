// Package gate decides whether a tool call may run — allow, deny or ask — in a fixed order of
// gates (the tool is allowlisted and in the catalog; its definition matches its pin; the arguments
// parse strictly and pass its inputSchema; the grant holds what it requires; the argument rules
// hold and no argument carries a secret; a tool that needs confirmation is confirmed), and holds a
// decision someone wrote to the same rule ([Check]).
//
// A [Prepared] gate is the prepared half (the catalog read, the policy compiled, a lock verified
// against the catalog, each called tool's inputSchema compiled once) and [Prepared.Gate] the
// evaluated half, as a policy engine prepares a query once and evaluates it per input. It fails
// closed: what it cannot read is denied. core's Gatekeeper is its public face.
package gate

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/call"
	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/policy"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/schema"
	"github.com/gatehouse-dev/gatehouse/internal/secrets"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// Result is the answer for a call text: one decision per call in it.
type Result struct {
	// Decisions holds one decision per call in the pasted text, in text order; never empty.
	Decisions []Decision `json:"decisions"`
	// Decision is the most restrictive of Decisions (deny > ask > allow; the first of equals).
	Decision *Decision `json:"decision"`
	// Problems are what is wrong with the texts themselves (parse errors, unreadable calls, a
	// catalog or policy that breaks its rules), each placed at its line and column.
	Problems problem.Problems `json:"problems"`
	// Arguments holds the decoded arguments of each call read, in text order (nil where they
	// could not be read): what a caller checks beyond the gates (a session's flows) without
	// reading the call text again.
	Arguments []any `json:"-"`
}

// A Prepared gate is a catalog read, a policy compiled and a lock verified once, to gate many
// calls: the page keeps one while the catalog and policy texts are unchanged, a proxy for as long
// as the server's catalog is. Each called tool's inputSchema is compiled on its first call and
// kept. It is safe for concurrent use.
type Prepared struct {
	catDoc    *jsondoc.Document
	cat       *catalog.Catalog
	pol       *policy.Policy
	catProbs  problem.Problems // what is wrong with the catalog text
	polProbs  problem.Problems // and with the policy text
	lockProbs problem.Problems // and with the lock text
	schemas   *schema.Cache    // compiled inputSchemas, by their text

	// locked says a lock was given: every tool must then be in it, with the same hash. drifted
	// holds, by tool key, each tool the lock does not hold as it is now (changed or added);
	// lockUnread says the lock (or the catalog) could not be read, so no tool matches it.
	locked     bool
	lockUnread bool
	drifted    map[string]catalog.LockEntry

	mu    sync.Mutex
	input map[*catalog.Tool]compiledInput
	names map[*catalog.Tool]policy.ToolNames // the names of each tool called or offered so far (at most the catalog's)
}

// namesOf is the names a tool of the catalog goes by in the policy ([policy.Names]), worked out
// on its first call and kept: the catalog and the policy do not change under a Prepared gate.
// The lists are shared between calls, to be read only.
func (g *Prepared) namesOf(t *catalog.Tool) policy.ToolNames {
	g.mu.Lock()
	defer g.mu.Unlock()
	n, ok := g.names[t]
	if !ok {
		n = policy.Names(t, g.cat)
		if g.names == nil {
			g.names = map[*catalog.Tool]policy.ToolNames{}
		}
		g.names[t] = n
	}
	return n
}

// compiledInput is a tool's inputSchema, compiled, or the problems that stopped it.
type compiledInput struct {
	schema   *schema.Schema
	problems problem.Problems
}

// Prepare reads a catalog, compiles a policy and verifies the catalog against a lock ("" for
// none) for [Prepared.Gate]. A catalog that cannot be read holds no tool, a policy with problems
// allows nothing, and with a lock a tool it does not hold as it is now (changed since it was
// pinned, or new) is denied with definition_changed; a lock that cannot be read holds no tool.
// The problems come with every answer. schemas, which may be nil, keeps compiled inputSchemas by
// their text beyond this gate's life (a catalog re-pasted with a change elsewhere compiles
// nothing new).
func Prepare(catalogText, policyText, lockText string, schemas *schema.Cache) *Prepared {
	g := &Prepared{schemas: schemas, input: map[*catalog.Tool]compiledInput{}}
	catDoc, probs := jsondoc.ParseString(problem.SourceCatalog, catalogText)
	if len(probs) > 0 {
		g.catProbs = probs
	} else {
		g.catDoc = catDoc
		g.cat, g.catProbs = catalog.Parse(catDoc)
	}
	g.pol, g.polProbs = policy.Compile(policyText)
	if lockText != "" {
		g.prepareLock(lockText)
	}
	return g
}

// prepareLock reads the lock and verifies the catalog against it, as 'gatehouse verify' does.
func (g *Prepared) prepareLock(lockText string) {
	g.locked, g.lockUnread = true, true
	lockDoc, probs := jsondoc.ParseString(problem.SourceLock, lockText)
	if len(probs) > 0 {
		g.lockProbs = probs
		return
	}
	lock, probs := catalog.ParseLock(lockDoc)
	g.lockProbs = probs
	if lock == nil || len(probs) > 0 || g.cat == nil {
		return
	}
	rep, _ := catalog.VerifyLock(lock, g.cat, lockDoc, g.catDoc)
	g.lockUnread = false
	g.drifted = map[string]catalog.LockEntry{}
	for _, e := range rep.Tools {
		if e.Status == "changed" || e.Status == "added" {
			g.drifted[e.Tool] = e
		}
	}
}

// Problems are what is wrong with the catalog, the policy and the lock texts, each placed at
// its line and column: what every answer of [Prepared.Gate] carries beside the call's own.
func (g *Prepared) Problems() problem.Problems {
	out := make(problem.Problems, 0, len(g.catProbs)+len(g.polProbs)+len(g.lockProbs))
	out = append(out, g.catProbs...)
	out = append(out, g.polProbs...)
	return append(out, g.lockProbs...)
}

// Offered lists the keys of the catalog's tools that a call could get past the first two gates
// for, in catalog order: allowlisted, in the catalog under one definition, matching every pin
// the policy gives it and, with a lock, the lock. These are the tools a client may be shown; a
// tool not allowed is not offered, and one changed since review (a rug pull) is not shown to
// the model at all.
func (g *Prepared) Offered() []string {
	if g.cat == nil {
		return []string{}
	}
	out := make([]string, 0, len(g.cat.Tools))
	for i := range g.cat.Tools {
		key := g.cat.Tools[i].Name
		run := gateRun{gk: g, call: &call.Call{Name: key, Format: call.FormatMCP}, cat: g.cat, pol: g.pol}
		run.d.Grant = g.pol.Grant
		if run.toolGate() && run.pinGate() {
			out = append(out, key)
		}
	}
	return out
}

// GateOne decides one call: a text that holds several calls, or none, is denied
// (tool_not_allowlisted, detail unreadable_call), since one request is one call and gatehouse
// forwards nothing it did not decide as a whole.
func (g *Prepared) GateOne(callText string) Result {
	res := g.Gate(callText)
	if len(res.Decisions) == 1 {
		return res
	}
	d := *res.Decision
	d.Decision, d.Reason, d.Detail = DecisionDeny, ReasonToolNotAllowlisted, DetailUnreadableCall
	d.ToolAllowed, d.ArgumentsValid = false, false
	d.explain(i18n.Sprintf("deny (%s): the text holds %d calls, not one", ReasonToolNotAllowlisted, len(res.Decisions)))
	res.Decisions = []Decision{d}
	res.Decision = &res.Decisions[0]
	return res
}

// Gate decides, for every tool call in the call text, whether it may run: allow, deny or ask,
// with the reason and every piece of evidence placed at its line and column.
//
// It fails closed. A call text that cannot be read gives one deny (tool_not_allowlisted,
// detail unreadable_call), and so does anything in it that invokes a tool in a way gatehouse
// does not read (see [call.Parse]); a policy with problems allows nothing (detail
// policy_invalid); a catalog that cannot be read holds no tool, and a name the catalog cannot tie
// to one definition (two servers offer it, a tool listed twice, two keys that collide) runs
// nothing (detail ambiguous_tool). The policy's names for a tool are described at
// [policy.Policy]. The gates, for each call, in order:
//
//  1. the call is readable, the tool is in allow_tools and in the catalog, else tool_not_allowlisted;
//  2. the tool's definition matches its pin, where the policy pins it, and the lock, where there
//     is one, else definition_changed;
//  3. the arguments parse strictly and pass the tool's inputSchema, whose root must be
//     {"type": "object"}, else arguments_invalid;
//  4. the grant holds every capability the tool requires, else grant_missing (deny, or ask when
//     on_grant_missing is ask);
//  5. every argument rule holds and no argument carries a secret, else policy_violation;
//  6. a tool that needs confirmation is confirmed, else ask with needs_confirm;
//  7. otherwise allow, ok.
func (g *Prepared) Gate(callText string) Result {
	res := Result{Problems: problem.Problems{}}
	calls, callProbs := call.ReadText(callText)
	res.Problems = append(res.Problems, callProbs...)
	res.Problems = append(res.Problems, g.Problems()...)

	res.Decisions = make([]Decision, 0, len(calls))
	res.Arguments = make([]any, len(calls))
	for i := range calls {
		res.Arguments[i] = calls[i].Arguments
		run := gateRun{gk: g, call: &calls[i], cat: g.cat, pol: g.pol}
		run.run()
		if g.catDoc != nil {
			placeInCatalog(&run.d, g.catDoc)
		}
		res.Decisions = append(res.Decisions, run.d)
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

// placeInCatalog gives catalog evidence its line and column: a gate run knows the catalog's
// pointers, only the gatekeeper knows its text.
func placeInCatalog(d *Decision, doc *jsondoc.Document) {
	moved := false
	place := func(ps []problem.Problem) {
		for i, p := range ps {
			if p.Source != problem.SourceCatalog || p.Line > 0 {
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

// gateRun holds one call's way through the gates.
type gateRun struct {
	gk    *Prepared
	call  *call.Call
	cat   *catalog.Catalog
	pol   *policy.Policy
	tool  *catalog.Tool
	names policy.ToolNames // the names the tool goes by in the policy
	d     Decision

	askReason Reason // the first gate that asks; a later deny still wins
	askDetail Detail
}

func (g *gateRun) run() {
	c, pol := g.call, g.pol
	g.d = Decision{
		Tool: c.Name, Grant: nonNilStrings(slices.Clone(pol.Grant)),
		Decision: DecisionDeny, Reason: ReasonToolNotAllowlisted,
		Required: []string{}, Missing: []string{}, Errors: []problem.Problem{}, Violations: []policy.Violation{},
		Format: c.Format, ID: c.ID, Call: c.Raw, Evidence: []problem.Problem{},
	}
	if !slices.Contains(call.CallFormats, g.d.Format) {
		g.d.Format = call.FormatUnknown
	}
	// A deny stops at its gate. An ask lets the later gates run, so a call that would be shown to a
	// person and also breaks a rule is denied outright rather than left for them to approve.
	defer func() { g.d.Unmatched = problem.ListUnmatched(g.d.Evidence) }()
	if !g.toolGate() || !g.pinGate() || !g.argumentsGate() || !g.grantGate() || !g.rulesGate() {
		return
	}
	g.confirmGate()
	if g.askReason != "" {
		g.d.Decision, g.d.Reason, g.d.Detail = DecisionAsk, g.askReason, g.askDetail
		what := i18n.T("a person must see this call first")
		if g.askReason == ReasonGrantMissing {
			what = i18n.Sprintf("the grant lacks %s, and on_grant_missing is ask", untrusted.QuoteList(g.d.Missing))
		}
		g.d.explain(i18n.Sprintf("ask (%s): %s; if the person refuses, do not call %s", g.askReason, what, untrusted.Quote(g.d.Tool)))
		return
	}
	g.d.Decision, g.d.Reason = DecisionAllow, ReasonOK
	if len(g.pol.PinEntries(g.names)) > 0 {
		g.d.explain(i18n.Sprintf("allow (ok): %s is allowlisted and in the catalog, its definition matches its pin, its arguments pass its inputSchema, the grant holds %s, and no argument rule or secret objects",
			untrusted.Quote(g.d.Tool), g.requiredNote()))
		return
	}
	g.d.explain(i18n.Sprintf("allow (ok): %s is allowlisted and in the catalog, its arguments pass its inputSchema, the grant holds %s, and no argument rule or secret objects",
		untrusted.Quote(g.d.Tool), g.requiredNote()))
}

func (g *gateRun) requiredNote() string {
	if len(g.d.Required) == 0 {
		return i18n.T("everything it requires (nothing)")
	}
	return i18n.Sprintf("every capability it requires %s", untrusted.QuoteList(g.d.Required))
}

// deny ends the run: the decision is deny for this reason.
func (g *gateRun) deny(reason Reason, detail Detail, summary string) bool {
	g.d.Decision, g.d.Reason, g.d.Detail = DecisionDeny, reason, detail
	g.d.explain(i18n.Sprintf("deny (%s): %s", reason, summary))
	return false
}

// ask records that a gate asks; later gates still run, and a later deny wins.
func (g *gateRun) ask(reason Reason, detail Detail) {
	if g.askReason == "" {
		g.askReason, g.askDetail = reason, detail
	}
}

func (g *gateRun) evidence(ps ...problem.Problem) { g.d.Evidence = append(g.d.Evidence, ps...) }

// Gate 1: the call is readable, and the tool is allowlisted and in the catalog.
func (g *gateRun) toolGate() bool {
	c, pol := g.call, g.pol
	if len(c.Unreadable()) > 0 || c.Name == "" {
		if len(c.Unreadable()) > 0 {
			g.d.Errors = append(g.d.Errors, c.Unreadable()...)
			g.evidence(c.Unreadable()...)
		} else {
			g.evidence(c.Problem(problem.KindRule, c.Pointer, i18n.T("the call has no tool name")))
		}
		if c.TextReply() {
			return g.deny(ReasonToolNotAllowlisted, DetailNoToolCall, i18n.T("this reply has no tool call: the model answered in text, so there is nothing to allow"))
		}
		return g.deny(ReasonToolNotAllowlisted, DetailUnreadableCall, i18n.T("the call cannot be read, so nothing in it can be allowed"))
	}
	// The catalog's names for the tool, when it has it; else the call's name is the only name,
	// and the call is denied.
	ambiguity := ""
	if g.cat != nil {
		g.tool, ambiguity = g.cat.Resolve(c.Name)
	}
	if g.tool != nil {
		g.d.Tool, g.d.Server = g.tool.Name, g.tool.Server
		g.names = g.gk.namesOf(g.tool)
	} else {
		g.names = policy.ToolNames{All: []string{c.Name}, Exact: []string{c.Name}}
	}
	g.d.Required = g.pol.Required(g.names)
	g.d.Missing = policy.GrantMissing(g.d.Required, g.d.Grant)

	// Every failing part is evidence; the detail names the first of: the policy cannot be used,
	// the name is ambiguous, the policy does not list it, the catalog does not have it.
	var detail Detail
	summary := ""
	fail := func(d Detail, s string, p problem.Problem) {
		if detail == "" {
			detail, summary = d, s
		}
		g.evidence(p)
	}
	if pol.Invalid() {
		fail(DetailPolicyInvalid, i18n.T("the policy has problems, so it allows nothing"),
			problem.Problem{Source: problem.SourcePolicy, Kind: problem.KindRule, Offset: -1, Message: i18n.T("the policy has problems: until they are fixed, every call is denied")})
		g.evidence(pol.Problems()...)
	}
	if ambiguity != "" {
		msg := i18n.Sprintf("%s is ambiguous, so no tool may run under that name", untrusted.Quote(c.Name))
		if g.cat.Servers != nil && !strings.Contains(c.Name, "/") {
			msg = i18n.Sprintf("%s is ambiguous, so no tool may run under that name; call the tool by its \"server/name\" key, and list that key in allow_tools", untrusted.Quote(c.Name))
		}
		fail(DetailAmbiguousTool, ambiguity, c.Problem(problem.KindRule, c.NamePointer(), msg))
	}
	if _, _, listed := pol.AllowEntry(g.names); !listed && !pol.Invalid() && ambiguity == "" {
		msg := i18n.Sprintf("tool %s is not in the policy's allow_tools: a tool not listed there is denied", untrusted.Quote(c.Name))
		if g.tool != nil && len(g.names.Exact) < len(g.names.All) && slices.Contains(pol.AllowTools, g.tool.ToolName()) {
			msg = i18n.Sprintf("allow_tools lists %s, but several servers offer a tool of that name, so it admits none of them: list %s to allow this one",
				untrusted.Quote(g.tool.ToolName()), untrusted.Quote(g.tool.Name))
		}
		fail(DetailNotInAllowTools, i18n.Sprintf("%s is not in the policy's allow_tools (default deny)", untrusted.Quote(c.Name)),
			c.Problem(problem.KindRule, c.NamePointer(), msg))
	}
	if g.tool == nil && ambiguity == "" {
		msg := i18n.Sprintf("the catalog has no tool named %s", untrusted.Quote(c.Name))
		if g.cat == nil {
			msg = i18n.Sprintf("no catalog could be read, so tool %s is unknown", untrusted.Quote(c.Name))
		}
		fail(DetailNotInCatalog, i18n.Sprintf("the catalog has no tool %s", untrusted.Quote(c.Name)), c.Problem(problem.KindRule, c.NamePointer(), msg))
	}
	if detail != "" {
		return g.deny(ReasonToolNotAllowlisted, detail, summary)
	}
	g.d.ToolAllowed = true
	return true
}

// Gate 2: the tool's definition matches every pin the policy gives it, and the lock.
func (g *gateRun) pinGate() bool {
	if !g.lockGate() {
		return false
	}
	pins := g.pol.PinEntries(g.names)
	if len(pins) == 0 {
		return true
	}
	got, err := catalog.Pin(g.tool.Def)
	for _, want := range pins {
		if err == nil && got == want.Pin {
			continue
		}
		msg := i18n.Sprintf("tool %s hashes to %s, not to its pin %s: its definition changed since it was reviewed", untrusted.Quote(g.tool.Name), got, want.Pin)
		if err != nil {
			msg = i18n.Sprintf("tool %s cannot be hashed to compare with its pin: %v", untrusted.Quote(g.tool.Name), err)
		}
		if pinned, ok := g.pol.PinnedTools[want.Name]; ok {
			g.d.ChangedFields = changedFields(pinned, g.tool.Def)
			if len(g.d.ChangedFields) > 0 {
				msg = i18n.Sprintf("%s; changed: %s", msg, strings.Join(g.d.ChangedFields, ", "))
			}
		} else {
			msg = i18n.Sprintf("%s (which fields changed is known only when the policy keeps the reviewed definition in pinned_tools)", msg)
		}
		g.evidence(problem.Problem{Source: problem.SourceCatalog, Kind: problem.KindRule, Message: msg, InstanceLocation: g.tool.Pointer, Offset: -1})
		pinAt := jsondoc.JoinPointer("/pinned_tools", want.Name)
		if want.InPins {
			pinAt = jsondoc.JoinPointer("/pins", want.Name)
		}
		g.evidence(g.pol.Place(pinAt, i18n.Sprintf("the pin of %s is here", untrusted.Quote(want.Name))))
		return g.deny(ReasonDefinitionChanged, "", i18n.Sprintf("%s no longer matches the definition that was reviewed, so its arguments were not checked", untrusted.Quote(g.tool.Name)))
	}
	return true
}

// lockGate is gate 2's half for a lock: the tool must be in it, with the hash it has now.
func (g *gateRun) lockGate() bool {
	if !g.gk.locked {
		return true
	}
	if g.gk.lockUnread {
		g.evidence(problem.Problem{Source: problem.SourceLock, Kind: problem.KindRule, Offset: -1,
			Message: i18n.T("the lock cannot be read or checked against this catalog, so no tool matches it")})
		return g.deny(ReasonDefinitionChanged, "", i18n.Sprintf("%s cannot be checked against the lock", untrusted.Quote(g.tool.Name)))
	}
	e, drifted := g.gk.drifted[g.tool.Name]
	if !drifted {
		return true
	}
	p := problem.Problem{Source: problem.SourceCatalog, Kind: problem.KindRule, Message: e.Message, InstanceLocation: g.tool.Pointer, Offset: -1}
	g.evidence(p)
	if e.Status == catalog.LockAdded {
		return g.deny(ReasonDefinitionChanged, "", i18n.Sprintf("%s is not in the lock: nobody has reviewed it", untrusted.Quote(g.tool.Name)))
	}
	return g.deny(ReasonDefinitionChanged, "", i18n.Sprintf("%s no longer matches the lock: its definition changed since it was pinned", untrusted.Quote(g.tool.Name)))
}

// changedFields names the top-level fields that differ, numbers compared by exact decimal value
// (10 = 10.0 = 1e1) as the diff report, the patch and the pins compare them.
func changedFields(before, after map[string]any) []string {
	fields := []string{}
	for _, k := range slices.Sorted(maps.Keys(fieldUnion(before, after))) {
		b, inBefore := before[k]
		a, inAfter := after[k]
		if inBefore != inAfter || !jsondoc.Equal(b, a) {
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

// Gate 3: the arguments parse strictly and pass the tool's inputSchema.
func (g *gateRun) argumentsGate() bool {
	c := g.call
	g.d.ArgumentsChecked = true
	if probs, repeatedKey := c.ArgumentsProblems(); len(probs) > 0 {
		g.d.Errors = append(g.d.Errors, probs...)
		g.evidence(probs...)
		if repeatedKey {
			return g.deny(ReasonArgumentsInvalid, DetailDuplicateKey,
				i18n.T("the arguments repeat a key, and parsers disagree on which one counts (one may smuggle a value past the check)"))
		}
		return g.deny(ReasonArgumentsInvalid, DetailInvalidJSON, i18n.T("the arguments are not valid JSON"))
	}
	if at, a, b, found := call.CaseTwinsIn(c.Arguments, ""); found {
		// Not a duplicate to JSON, but one to a reader that ignores case, which may then take
		// either value while gatehouse checked one.
		var p problem.Problem
		if secrets.Holds(a) || secrets.Holds(b) {
			// Either spelling gives the other away: name neither, and point at their object.
			p = c.ArgumentProblem(problem.KindParse, at, i18n.T("two keys (withheld: they look like a secret) differ only in case: a reader that ignores case (Go's encoding/json does) takes them for one key, and may take either value"))
		} else {
			p = c.ArgumentNameProblem(problem.KindParse, jsondoc.JoinPointer(at, b), i18n.Sprintf("keys %s and %s differ only in case: a reader that ignores case (Go's encoding/json does) takes them for one key, and may take either value", untrusted.Quote(a), untrusted.Quote(b)))
		}
		p = secrets.RedactProblem(p)
		g.d.Errors = append(g.d.Errors, p)
		g.evidence(p)
		return g.deny(ReasonArgumentsInvalid, DetailDuplicateKey,
			i18n.T("the arguments repeat a key in another case, and readers disagree on which one counts (one may smuggle a value past the check)"))
	}
	if schema := g.tool.InputSchema(); !catalog.IsObjectSchema(schema) {
		// Arguments are an object; a schema that does not say so (true, {}, a string type)
		// checks nothing a tool can rely on, so the call is not let through on its word.
		at := jsondoc.JoinPointer(g.tool.Pointer, "inputSchema")
		msg := i18n.Sprintf("the inputSchema of %s must have the root {\"type\": \"object\"}, so that its arguments are checked", untrusted.Quote(g.tool.Name))
		if _, has := g.tool.Def["inputSchema"]; !has {
			at = g.tool.Pointer
			msg = i18n.Sprintf("tool %s has no inputSchema, so its arguments cannot be checked", untrusted.Quote(g.tool.Name))
		}
		p := problem.Problem{Source: problem.SourceCatalog, Kind: problem.KindSchema, Offset: -1, InstanceLocation: at, Message: msg}
		return g.rejected(problem.Problems{p}, i18n.Sprintf("the inputSchema of %s does not describe an object, so its arguments cannot be checked", untrusted.Quote(g.tool.Name)))
	}
	if _, ok := c.Arguments.(map[string]any); !ok {
		p := c.ArgumentProblem(problem.KindValidation, "", i18n.Sprintf("the arguments must be a JSON object, found %s", jsondoc.TypeName(c.Arguments)))
		return g.rejected(problem.Problems{p}, i18n.T("the arguments are not a JSON object"))
	}
	sch, probs := g.inputSchema()
	if len(probs) > 0 {
		return g.rejected(probs, i18n.Sprintf("the inputSchema of %s cannot be used, so its arguments cannot be checked", untrusted.Quote(g.tool.Name)))
	}
	errs := sch.Validate(c.Arguments)
	if len(errs) == 0 {
		g.d.ArgumentsValid = true
		return true
	}
	probs = make(problem.Problems, 0, len(errs))
	fields := []string{}
	for _, e := range errs {
		// The messages quote the values and names they reject, and the locations spell out the
		// keys on the way: either may be a credential the model copied into the call.
		var p problem.Problem
		field := e.InstanceLocation
		if e.Property != "" {
			field = jsondoc.JoinPointer(e.InstanceLocation, e.Property)
			p = c.ArgumentNameProblem(problem.KindValidation, field, e.Message)
		} else {
			p = c.ArgumentProblem(problem.KindValidation, e.InstanceLocation, e.Message)
		}
		if u := e.Alternative.UnmatchedOf(); u != nil {
			// A value that matches no alternative is one failing field, placed once where it
			// is in the call, as validate places it in the instance.
			field = u.InstanceLocation
			if u.Source == "" {
				at := c.ArgumentProblem(problem.KindValidation, u.InstanceLocation, "")
				u.Source, u.Line, u.Column = at.Source, at.Line, at.Column
				u.InstanceLocation = secrets.RedactPointer(u.InstanceLocation)
			}
		}
		p.InstanceLocation, p.KeywordLocation, p.Alternative = e.InstanceLocation, e.KeywordLocation, e.Alternative
		p = secrets.RedactProblem(p)
		field = secrets.RedactPointer(field)
		if !slices.Contains(fields, field) {
			fields = append(fields, field)
		}
		probs = append(probs, p)
	}
	return g.rejected(probs, i18n.Sprintf("the arguments fail the inputSchema of %s at %s", untrusted.Quote(g.tool.Name), showFields(fields)))
}

func (g *gateRun) rejected(probs problem.Problems, summary string) bool {
	g.d.Errors = append(g.d.Errors, probs...)
	g.evidence(probs...)
	return g.deny(ReasonArgumentsInvalid, DetailSchemaRejected, summary)
}

// showFields names the failing fields for a sentence.
func showFields(fields []string) string {
	shown := make([]string, len(fields))
	for i, f := range fields {
		shown[i] = jsondoc.ShowPointer(f)
	}
	if len(shown) > 8 {
		return i18n.Sprintf("%s and %d more", i18n.Join(shown[:8], ", "), len(shown)-8)
	}
	return i18n.Join(shown, ", ")
}

// inputSchema compiles the called tool's inputSchema, and only it, once per gatekeeper; through
// the schema cache, keyed by the inputSchema's text as it is in the catalog, a catalog re-pasted
// with a change elsewhere compiles nothing new.
func (g *gateRun) inputSchema() (*schema.Schema, problem.Problems) {
	t := g.tool
	g.gk.mu.Lock()
	in, done := g.gk.input[t]
	g.gk.mu.Unlock()
	if done {
		return in.schema, in.problems
	}
	at := jsondoc.JoinPointer(t.Pointer, "inputSchema")
	value := t.InputSchema()
	text, found := []byte(nil), false
	if g.gk.catDoc != nil {
		text, found = g.gk.catDoc.Raw(at)
	}
	if !found {
		var err error
		if text, err = json.Marshal(value); err != nil {
			return nil, problem.Problems{{Source: problem.SourceCatalog, Kind: problem.KindSchema, Offset: -1, InstanceLocation: at,
				Message: i18n.Sprintf("the inputSchema of %s cannot be read: %v", untrusted.Quote(t.Name), err)}}
		}
	}
	in.schema, in.problems = g.gk.schemas.Compile(jsondoc.NewDocument(problem.SourceSchema, text, value), "", nil)
	for i := range in.problems {
		// Positions in the schema's own text mean nothing to the user: point into the catalog.
		ptr := in.problems[i].KeywordLocation
		in.problems[i] = problem.Problem{Source: problem.SourceCatalog, Kind: problem.KindSchema, Offset: -1, InstanceLocation: at + ptr, KeywordLocation: ptr,
			Message: i18n.Sprintf("the inputSchema of %s: %s", untrusted.Quote(t.Name), in.problems[i].Message)}
	}
	g.gk.mu.Lock()
	g.gk.input[t] = in
	g.gk.mu.Unlock()
	return in.schema, in.problems
}

// Gate 4: the grant holds every capability the tool requires.
func (g *gateRun) grantGate() bool {
	if len(g.d.Missing) == 0 {
		return true
	}
	for _, m := range g.d.Missing {
		g.evidence(g.pol.Place(g.pol.RequiredAt(g.names, m),
			i18n.Sprintf("%s requires capability %s, which the grant %s does not hold", untrusted.Quote(g.d.Tool), untrusted.Quote(m), untrusted.QuoteList(g.d.Grant))))
	}
	if g.pol.OnGrantMissing == policy.OnGrantMissingAsk {
		g.ask(ReasonGrantMissing, "")
		return true
	}
	return g.deny(ReasonGrantMissing, "", i18n.Sprintf("the grant %s lacks %s, which %s requires", untrusted.QuoteList(g.d.Grant), untrusted.QuoteList(g.d.Missing), untrusted.Quote(g.d.Tool)))
}

// ruleSecret is the rule name of a secrets-check violation.
const ruleSecret = "secret"

// Gate 5: every argument rule holds, and no argument carries a secret.
func (g *gateRun) rulesGate() bool {
	c, pol := g.call, g.pol
	var found []policy.Violation
	args, _ := c.Arguments.(map[string]any)
	for _, r := range pol.ArgumentRules(g.names) {
		if !strings.HasPrefix(r.Argument, "/") {
			// A top-level argument by name: looked up in the arguments as they are, with no
			// pointer to split.
			if v, present := args[r.Argument]; present {
				found = append(found, r.Rule.Check(jsondoc.JoinPointer("", r.Argument), v)...)
			}
			continue
		}
		if v, present := jsondoc.ValueAt(c.Arguments, r.Argument); present {
			found = append(found, r.Rule.Check(r.Argument, v)...)
		}
	}
	if !pol.SkipsSecrets(g.names) {
		for _, s := range secrets.Find(c.Arguments) {
			found = append(found, policy.Violation{Argument: s.Argument, Rule: ruleSecret,
				Message: i18n.Sprintf("argument %s carries what looks like %s (%s); it must not leave the session", jsondoc.ShowPointer(s.Argument), secrets.KindWithArticle(s.Kind), s.Excerpt)})
		}
	}
	if len(found) == 0 {
		return true
	}
	g.d.Violations = found
	for _, v := range found {
		g.evidence(c.ArgumentProblem(problem.KindRule, v.Argument, v.Message))
	}
	what := make([]string, 0, len(found))
	for _, v := range found {
		s := i18n.Sprintf("%s at %s", v.Rule, jsondoc.ShowPointer(v.Argument))
		if !slices.Contains(what, s) {
			what = append(what, s)
		}
	}
	return g.deny(ReasonPolicyViolation, "", i18n.Sprintf("the arguments break the policy: %s", i18n.Join(what, i18n.T("; "))))
}

// Gate 6: a tool that needs confirmation asks, unless confirmed.
func (g *gateRun) confirmGate() {
	name, i, listed := g.pol.ConfirmEntry(g.names)
	if !listed || g.pol.Confirmed {
		return
	}
	g.evidence(g.pol.Place(jsondoc.JoinPointer("/needs_confirm", strconv.Itoa(i)),
		i18n.Sprintf("%s needs a person's confirmation, and the policy's confirmed is not true", untrusted.Quote(name))))
	g.ask(ReasonNeedsConfirm, "")
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
