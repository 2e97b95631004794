package core

import (
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/flow"
	"github.com/gatehouse-dev/gatehouse/internal/gate"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/policy"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// FlowEvidence is one flow rule of the policy that matched a call (in a [Decision]'s "flow").
// Its fields, as JSON names them: rule (the rule's index in the policy's flows.rules), pointer,
// ruleLine and ruleColumn (where it sits in the policy); kind ("after" or "carries"), label
// (the label it is about), call (the rule's call) and then (the [Outcome] it gives: ask or
// deny); decided (true on the rules that made the decision); result (the earlier result it
// points at: index, the 0-based index of the call it answered, and tool); argument and decodedFrom (for carries, the JSON Pointer in the
// arguments of the value that carries the result's text, and the encoding it was read through:
// "percent-encoding", "base64" or "" as written); quote, line and column (the shared text,
// hidden characters shown and secrets withheld, and where it or the result is in the
// transcript; empty from a proxy, which keeps no texts); overflow (the session stopped
// fingerprinting the label's results, so carries acted as after: it fails closed).
type FlowEvidence = gate.FlowEvidence

// FlowSessions holds the flow state of a proxy's clients under one policy
// ([Gatekeeper.FlowSessions]): one [FlowSession] per client (a stdio connection, an HTTP
// token), each forgotten after it has been idle for its expiry. It is safe for concurrent use.
// A session remembers at most 65,536 hashed 8-character shingles (never texts), from at most
// 4,096 results; past either, `carries` acts as `after` for the labels concerned (it fails
// closed).
type FlowSessions struct {
	gk       *Gatekeeper
	sessions *flow.Sessions
}

// FlowSessions keeps the flow sessions of the gatekeeper's clients, under its policy's flows;
// idle (30 minutes when zero) is how long a session lives unused.
func (g *Gatekeeper) FlowSessions(idle time.Duration) *FlowSessions {
	return &FlowSessions{gk: g, sessions: flow.NewSessions(g.current(nil).Policy().Flows, idle)}
}

// WithGatekeeper is the same clients' sessions, deciding with another gatekeeper under the
// same policy: a proxy whose server listed its tools again keeps what each client's session
// has seen.
func (fs *FlowSessions) WithGatekeeper(gk *Gatekeeper) *FlowSessions {
	return &FlowSessions{gk: gk, sessions: fs.sessions}
}

// Session returns the client's session at time now: a new one when it has none, or its last use
// is older than the expiry.
func (fs *FlowSessions) Session(client string, now time.Time) *FlowSession {
	return &FlowSession{gk: fs.gk, s: fs.sessions.For(client, now)}
}

// End forgets the client's session (its connection closed).
func (fs *FlowSessions) End(client string) { fs.sessions.End(client) }

// Len is how many sessions are held.
func (fs *FlowSessions) Len() int { return fs.sessions.Len() }

// A FlowSession is one client's session: [FlowSession.Gate] decides each call with the gate and
// the flows, [FlowSession.Result] records what the call returned.
type FlowSession struct {
	gk *Gatekeeper
	s  *flow.Session
}

// Gate decides the call in the call text (one tools/call request, as the proxy holds it) as
// [Gatekeeper.GateOne] does, then tightens its decision by the flows: the rules its tool and
// arguments meet, given the results recorded so far. Where a flow decided, the decision's
// reason is "flow" and its "flow" lists the rules with the results they point at; the
// evidence holds no result text.
func (s *FlowSession) Gate(callText string) GateResult {
	res, arguments := s.gk.gateOne(callText)
	for i := range res.Decisions {
		var args any
		if i < len(arguments) {
			args = arguments[i]
		}
		flow.Tighten(res.Decisions[i].internal(), s.s.Check(toolKey(res.Decisions[i]), args), s.gk.current(nil).Policy())
	}
	most := 0
	for i := range res.Decisions {
		if gate.Restrictiveness(res.Decisions[i].Decision) > gate.Restrictiveness(res.Decisions[most].Decision) {
			most = i
		}
	}
	res.Decision = &res.Decisions[most]
	return res
}

// Result records the result of a call the session decided: index is the call's index in the
// session (the proxy's own count, as the decision log writes it), d the call's decision, and
// resultText the tool's result as received (a JSON-RPC response or a CallToolResult); injected
// is the result check's word ([ResultCheck.Verdict] flag or block). Only the labels and the
// hashed shingles of the result are kept, and those only for labels a carries rule names. It
// returns the result's labels.
func (s *FlowSession) Result(index int, d Decision, resultText []byte, injected bool) []string {
	var value any
	if doc, probs := jsondoc.Parse(problem.SourceTranscript, resultText); len(probs) == 0 {
		value = doc.Value
	} else {
		value = string(resultText)
	}
	return s.s.Record(index, toolKey(d), flow.Pieces(value), injected)
}

// Size is how much the session holds: fingerprints and fingerprinted results, each under its
// bound.
func (s *FlowSession) Size() (fingerprints, results int) { return s.s.Size() }

// trifectaFindings is the lethal-trifecta finding of a catalog text ([Lint] and [Diff] add it
// to their findings): tools that read private data, take untrusted input and send data out, in
// one catalog. policyText, optional, adds its flows labels.
func trifectaFindings(catalogText, policyText string) []Finding {
	doc, probs := jsondoc.ParseString(problem.SourceCatalog, catalogText)
	if len(probs) > 0 {
		return nil
	}
	cat, _ := catalog.Parse(doc)
	var flows *policy.Flows
	if policyText != "" {
		if pol, probs := policy.Compile(policyText); len(probs) == 0 {
			flows = pol.Flows
		}
	}
	return flow.Trifecta(cat, doc, flows)
}

// trifectaOf is trifectaFindings, with no policy, of a catalog text already parsed (doc nil when
// it did not parse; cat nil when it was not read as a catalog yet, or could not be): [Diff]'s
// right text, which it has parsed once already.
func trifectaOf(doc *jsondoc.Document, cat *catalog.Catalog) []Finding {
	if doc == nil {
		return nil
	}
	if cat == nil {
		cat, _ = catalog.Parse(doc)
	}
	return flow.Trifecta(cat, doc, nil)
}
