package core

import (
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/call"
	"github.com/gatehouse-dev/gatehouse/internal/flow"
	"github.com/gatehouse-dev/gatehouse/internal/gate"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/policy"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/result"
	"github.com/gatehouse-dev/gatehouse/internal/secrets"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// ReplayRequest is the input of [Replay]: a session's transcript, the catalog and the policy,
// exactly as pasted.
type ReplayRequest struct {
	// Transcript is the session in any shape [Replay] reads.
	Transcript string `json:"transcript"`
	Catalog    string `json:"catalog"`
	Policy     string `json:"policy"`
	// Lang is the language of the answer's messages: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// ReplayResult is the answer of [Replay].
type ReplayResult struct {
	// Shape is the transcript's shape: "openai-chat", "openai-responses", "anthropic", "gemini",
	// "mcp-log" or "decision-log"; "" when it could not be placed.
	Shape string `json:"shape"`
	// Calls holds one entry per tool call of the transcript, in transcript order.
	Calls []ReplayCall `json:"calls"`
	// Results holds the result check's answer for each result of the transcript, in order.
	Results []ReplayedResult `json:"results"`
	// Problems are what is wrong with the texts: the transcript's (what the reader could not
	// place, at its line and column: every call after it is denied), the catalog's and the
	// policy's.
	Problems Problems `json:"problems"`
}

// A ReplayCall is one tool call of the transcript and the gate's decision for it, tightened by
// the policy's flows.
type ReplayCall struct {
	// Index is the call's 0-based order among the transcript's calls.
	Index int `json:"index"`
	// Tool is the tool's catalog key where the catalog has it, else the name the call gave;
	// Server is the server offering it in a multi-server catalog.
	Tool   string `json:"tool"`
	Server string `json:"server,omitempty"`
	// ID is the call's id as the transcript gives it.
	ID string `json:"id,omitempty"`
	// Line and Column place the call in the transcript.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
	// Decision is the gate's decision for the call, as [Gate] gives it, with its evidence placed
	// in the transcript (source "transcript"), and the flow rules that matched in its "flow":
	// reason "flow" where a flow rule is stricter than the gate.
	Decision Decision `json:"decision"`
}

// A ReplayedResult is the result check's answer for one result of the transcript (see
// [CheckResult]; its findings are placed in the result's own text, which starts at Line and
// Column of the transcript), with the call it answers and the labels the session gave it.
type ReplayedResult struct {
	ResultCheck
	// Index is the index of the call the result answers.
	Index int `json:"index"`
	// Labels are the result's labels: its tool's, from the policy's flows, and "injected" when
	// the result check flagged or blocked it.
	Labels []string `json:"labels"`
	Line   int      `json:"line,omitempty"`
	Column int      `json:"column,omitempty"`
}

// Replay decides every call of a session's transcript as the proxy would have, in order: the
// gate's decision for each call on its own, tightened by the policy's flows from the results
// that came before it. Each result is checked by the result check ([CheckResult]), and a result
// it flags or blocks is labelled "injected". Every result counts, whatever was decided for its
// call: the transcript is what happened.
//
// It reads an OpenAI Chat messages array (bare or in {"messages": …}), OpenAI Responses input
// items (bare or in {"input": …}), Anthropic messages, Gemini contents (bare or in
// {"contents": …}; a functionResponse pairs with the earliest unanswered functionCall of its
// name, or its id), an MCP JSON-RPC log as JSON lines (only tools/call requests and their
// responses), and gatehouse's decision log (which keeps no result text: the carries matches it
// recorded are taken as recorded). What it cannot place is a problem at its line, and every
// call after it is denied.
func Replay(req ReplayRequest) ReplayResult {
	tr, langProbs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	res := replay(session.gatekeeperFor(req.Catalog, req.Policy, tr), resultCheckers.checkerFor(req.Catalog, req.Policy, tr), req.Transcript, tr)
	res.Problems = translateProblems(tr, withLanguage(langProbs, res.Problems))
	for i := range res.Calls {
		res.Calls[i].Decision = translateDecision(tr, res.Calls[i].Decision)
	}
	return res
}

// replay is the work of [Replay], in English, with the gatekeeper and result checker to use.
func replay(gk *gate.Prepared, rc *ResultChecker, text string, tr *i18n.Translation) ReplayResult {
	t := flow.Read(text)
	out := ReplayResult{Shape: t.Shape, Calls: make([]ReplayCall, 0, t.Calls), Results: []ReplayedResult{},
		Problems: append(append(Problems{}, t.Problems...), gk.Problems()...)}
	pol := gk.Policy()
	// One session per client: a decision log may interleave several; every other shape is one.
	sessions := map[string]*flow.Session{}
	sessionOf := func(client string) *flow.Session {
		s, ok := sessions[client]
		if !ok {
			s = flow.NewSession(pol.Flows)
			sessions[client] = s
		}
		return s
	}
	events := t.Events
	results := map[int]*flow.Event{} // by the index of the call they answer
	// A proxy's flow evidence names a result by the call's index in its client's session.
	logged := map[string]map[int]int{}
	for i := range events {
		e := &events[i]
		if e.IsResult {
			out.Results = append(out.Results, replayResult(rc, sessionOf(e.Client), e, out.Calls, tr))
			results[e.Index] = e
			continue
		}
		if e.LoggedIndex >= 0 {
			if logged[e.Client] == nil {
				logged[e.Client] = map[int]int{}
			}
			logged[e.Client][e.LoggedIndex] = e.Index
			for j := range e.LoggedCarries {
				if at, ok := logged[e.Client][e.LoggedCarries[j].Result.Index]; ok {
					e.LoggedCarries[j].Result.Index = at
				}
			}
		}
		c := replayCall(gk, sessionOf(e.Client), e, t, results)
		out.Calls = append(out.Calls, c)
	}
	return out
}

// replayCall gates one call on its own and tightens its decision with the session's flows.
func replayCall(gk *gate.Prepared, sess *flow.Session, e *flow.Event, t flow.Transcript, results map[int]*flow.Event) ReplayCall {
	_, line, column := e.Start()
	c := ReplayCall{Index: e.Index, Tool: e.Name, ID: e.ID, Line: line, Column: column}
	gated := gk.Gate(e.Text)
	d := Decision(gated.Decisions[0])
	placeInTranscript(&d, e)
	c.Tool, c.Server = d.Tool, d.Server
	if e.Broken {
		first := t.Problems[0]
		d.Decision, d.Reason, d.Detail = DecisionDeny, gate.ReasonUnreadableTranscript, ""
		d.Evidence = append(d.Evidence, first)
		d.internal().Explain(i18n.Sprintf("deny (%s): the transcript cannot be placed before this call (%s, line %d), so nothing from there on is allowed",
			gate.ReasonUnreadableTranscript, first.Message, first.Line))
		c.Decision = d
		return c
	}
	var args any
	if calls, _ := call.ReadText(e.Text); len(calls) > 0 {
		args = calls[0].Arguments
	}
	key := toolKey(d)
	matches := sess.Check(key, args)
	if t.Shape == flow.ShapeDecisionLog {
		// The log keeps no result's text, so no fingerprint: the carries matches are the ones
		// the proxy recorded.
		kept := matches[:0]
		for _, m := range matches {
			if m.Flow.After != "" {
				kept = append(kept, m)
			}
		}
		matches = kept
		for _, f := range e.LoggedCarries {
			if f.Rule >= 0 && f.Rule < len(sess.Flows().Rules) {
				r := sess.Flows().Rules[f.Rule]
				matches = append(matches, flow.Match{Rule: f.Rule, Flow: r, Label: r.Carries, Result: f.Result, Overflow: f.Overflow,
					Piece: flow.Piece{Pointer: f.Argument, DecodedFrom: f.DecodedFrom}})
			}
		}
	}
	flow.Tighten(d.internal(), matches, gk.Policy())
	for i := range d.Flow {
		quoteFlow(&d.Flow[i], matches[i], results)
	}
	c.Decision = d
	return c
}

// toolKey is what a flow rule knows of the decision's tool.
func toolKey(d Decision) policy.ToolKey {
	k := policy.ToolKey{Key: d.Tool, Name: d.Tool, Server: d.Server}
	if d.Server != "" {
		k.Name = strings.TrimPrefix(d.Tool, d.Server+"/")
	}
	return k
}

// placeInTranscript moves a decision's evidence in the call's own text to the transcript.
func placeInTranscript(d *Decision, e *flow.Event) {
	start, _, _ := e.Start()
	move := func(ps []problem.Problem) {
		for i := range ps {
			if ps[i].Source != problem.SourceCall {
				continue
			}
			ps[i].Source = problem.SourceTranscript
			if ps[i].Offset >= 0 && start >= 0 {
				ps[i].Line, ps[i].Column = e.Place(ps[i].Offset)
				ps[i].Offset += start
			}
		}
	}
	move(d.Errors)
	move(d.Evidence)
	if len(d.Explanation) > 0 {
		d.internal().Explain(d.Explanation[0])
	}
}

// quoteFlow places a flow match's result in the transcript and quotes it (withheld where it
// looks like a secret): for after, the result's first text; for carries, the run the argument
// shares with it.
func quoteFlow(f *gate.FlowEvidence, m flow.Match, results map[int]*flow.Event) {
	r, ok := results[m.Result.Index]
	if !ok {
		return
	}
	_, f.Line, f.Column = r.Start()
	if m.Flow.After != "" {
		// The result itself is the evidence: its first text, where it starts.
		for _, p := range flow.Pieces(r.Value) {
			if text := strings.TrimSpace(p.Text); len(text) >= flow.RunLength {
				f.Quote = secrets.Quote(untrusted.Shorten(text, 120))
				f.Line, f.Column = r.PieceAt(p, strings.Index(p.Text, text[:1]))
				return
			}
		}
		return
	}
	if m.Overflow || m.End <= m.Start {
		return
	}
	window := m.Piece.Text[m.Start:m.End]
	for _, p := range flow.Pieces(r.Value) {
		i := strings.Index(p.Text, window)
		if i < 0 {
			continue
		}
		// Widen the window to the whole run the two texts share.
		a, b := m.Start, m.End
		ri, rj := i, i+len(window)
		for a > 0 && ri > 0 && m.Piece.Text[a-1] == p.Text[ri-1] {
			a, ri = a-1, ri-1
		}
		for b < len(m.Piece.Text) && rj < len(p.Text) && m.Piece.Text[b] == p.Text[rj] {
			b, rj = b+1, rj+1
		}
		// The run's own edges may be the space around it: the quote starts at its first letter.
		for ri < rj && strings.ContainsRune(" \t\r\n", rune(p.Text[ri])) {
			ri++
		}
		f.Quote = secrets.Quote(untrusted.Shorten(strings.TrimRight(p.Text[ri:rj], " \t\r\n"), 120))
		f.Line, f.Column = r.PieceAt(p, ri)
		return
	}
}

// replayResult checks one result and records it in the session.
func replayResult(rc *ResultChecker, sess *flow.Session, e *flow.Event, calls []ReplayCall, tr *i18n.Translation) ReplayedResult {
	var d Decision
	if e.Index < len(calls) {
		d = calls[e.Index].Decision
	}
	_, line, column := e.Start()
	out := ReplayedResult{Index: e.Index, Line: line, Column: column}
	injected := false
	if e.Text != "" && e.LoggedVerdict == "" {
		out.ResultCheck = answerResult(rc.checker.Check(result.Request{Result: []byte(e.Text), Tool: d.Tool}), nil, tr)
		injected = out.Verdict != ResultPass
	} else {
		out.ResultCheck = ResultCheck{Verdict: ResultVerdict(e.LoggedVerdict), Reasons: []string{}, Findings: []Finding{},
			Problems: Problems{}, Tool: d.Tool}
		out.Schema.Problems = Problems{}
		if out.Verdict == "" {
			out.Verdict = ResultPass
		}
		injected = out.Verdict == ResultFlag || out.Verdict == ResultBlock
	}
	if out.Tool == "" {
		out.Tool = d.Tool
	}
	out.Labels = sess.Record(e.Index, toolKey(d), flow.Pieces(e.Value), injected)
	if out.Labels == nil {
		out.Labels = []string{}
	}
	return out
}
