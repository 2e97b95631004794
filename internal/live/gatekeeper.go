package live

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/gatehouse-dev/gatehouse/core"
)

// A gatekeeper holds what the gate decides from: the policy text, the lock text, and the tools as
// the server last listed them. Every decision is core's: a call goes to a [core.Gatekeeper] (the
// catalog as last listed read once, the policy compiled once) as an MCP tools/call text, exactly
// as the page would gate it.
type gatekeeper struct {
	policy string
	lock   string // "" without --lock

	mu      sync.RWMutex
	listed  bool
	gate    *core.Gatekeeper          // the tools as last listed, read, and the policy, compiled
	drifted map[string]core.LockEntry // tools the lock does not hold as they are now: changed or added
	visible map[string]bool           // tools a call could pass the first two gates for
}

// newGatekeeper checks the policy and the lock with core before anything runs: a policy with
// problems would deny every call, and a proxy that denies everything for a typo is better
// refused at start, saying where. The problems come back placed in their texts.
func newGatekeeper(policy, lock string) (*gatekeeper, core.Problems) {
	var probs core.Problems
	res := core.NewGatekeeper(`{"tools":[]}`, policy).Gate(probeCall([]string{"gatehouse-policy-check"}))
	for _, p := range res.Problems {
		if p.Source == core.SourcePolicy {
			probs = append(probs, p)
		}
	}
	if lock != "" {
		d := core.Diff(core.DiffRequest{Left: lock, Right: `{"tools":[]}`, Mode: core.DiffModeLock})
		for _, p := range d.Problems {
			if p.Source == core.SourceLeft || p.Source == core.SourceLock {
				probs = append(probs, p)
			}
		}
	}
	return &gatekeeper{policy: policy, lock: lock, gate: core.NewGatekeeper(`{"tools":[]}`, policy)}, probs
}

// probeCall writes one MCP tools/call per name, without arguments, as one text: core gates each.
func probeCall(names []string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, name := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		quoted, _ := json.Marshal(name)
		fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%s}}`, i, quoted)
	}
	b.WriteByte(']')
	return b.String()
}

// setCatalog takes a new listing. It works out, with core, which tools a client may see: those a
// call could get past the first two gates for (allowlisted, in the catalog once, matching any
// pin the policy holds) and, with a lock, that the lock holds as they are. The rest are hidden:
// a tool the policy does not allow is not offered, and a tool changed since review (a rug pull)
// is not shown to the model at all.
func (g *gatekeeper) setCatalog(tools []json.RawMessage) {
	text := toolsText(tools)
	names := toolNames(tools)
	visible := map[string]bool{}
	gate := core.NewGatekeeper(text, g.policy)
	if len(names) > 0 {
		// One text with a call per tool, gated against the catalog as it is now.
		res := gate.Gate(probeCall(names))
		for i, d := range res.Decisions {
			if i < len(names) && d.Reason != core.ReasonToolNotAllowlisted && d.Reason != core.ReasonDefinitionChanged {
				visible[names[i]] = true
			}
		}
	}
	var drifted map[string]core.LockEntry
	if g.lock != "" {
		drifted = map[string]core.LockEntry{}
		d := core.Diff(core.DiffRequest{Left: g.lock, Right: text, Mode: core.DiffModeLock})
		if d.Lock != nil {
			for _, e := range d.Lock.Tools {
				if e.Status == "changed" || e.Status == "added" {
					drifted[e.Tool] = e
					delete(visible, e.Tool)
				}
			}
		} else {
			// A listing the lock cannot be checked against shows nothing.
			visible = map[string]bool{}
		}
	}
	g.mu.Lock()
	g.listed, g.gate, g.drifted, g.visible = true, gate, drifted, visible
	g.mu.Unlock()
}

// toolNames returns each tool's name once, in listing order; a tool without a readable name
// has none to show.
func toolNames(tools []json.RawMessage) []string {
	seen := map[string]bool{}
	var names []string
	for _, t := range tools {
		var named struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(t, &named) == nil && named.Name != "" && !seen[named.Name] {
			seen[named.Name] = true
			names = append(names, named.Name)
		}
	}
	return names
}

// hasCatalog reports whether a listing has been taken.
func (g *gatekeeper) hasCatalog() bool {
	g.mu.RLock()
	defer g.mu.RUnlock()
	return g.listed
}

// shown filters a listing to the tools a client may see, in the order listed.
func (g *gatekeeper) shown(tools []json.RawMessage) []json.RawMessage {
	g.mu.RLock()
	defer g.mu.RUnlock()
	out := []json.RawMessage{}
	for _, t := range tools {
		var named struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(t, &named) == nil && g.visible[named.Name] {
			out = append(out, t)
		}
	}
	return out
}

// decide gates one MCP tools/call (the request as the client sent it) against the catalog as last
// listed. With a lock, a call to a tool the lock does not hold as it is now is denied whatever the
// policy says: core's decision for the call is kept (tool, grant, call, evidence) and turned to
// deny with reason definition_changed, the lock's finding first among the reasons.
func (g *gatekeeper) decide(call string) core.Decision {
	g.mu.RLock()
	gate, drifted := g.gate, g.drifted
	g.mu.RUnlock()
	res := gate.Gate(call)
	d := core.Decision{Decision: core.DecisionDeny, Reason: core.ReasonToolNotAllowlisted, Detail: core.DetailUnreadableCall,
		Explanation: []string{"deny: the call could not be read"}}
	if res.Decision != nil {
		d = *res.Decision
	}
	if len(res.Decisions) != 1 {
		// One request is one call; a text core reads as several is not one gatehouse forwards.
		d.Decision, d.Reason = core.DecisionDeny, core.ReasonToolNotAllowlisted
		d.Explanation = append([]string{fmt.Sprintf("deny (tool_not_allowlisted): the request holds %d calls, not one", len(res.Decisions))}, d.Explanation...)
	}
	if e, ok := drifted[d.Tool]; ok {
		d.Decision, d.Reason, d.Detail = core.DecisionDeny, core.ReasonDefinitionChanged, ""
		why := fmt.Sprintf("deny (definition_changed): %s", e.Message)
		lockProblem := core.Problem{Source: core.SourceLock, Kind: core.KindRule, Message: e.Message, Offset: -1}
		d.Evidence = append([]core.Problem{lockProblem}, d.Evidence...)
		d.Explanation = append([]string{why}, d.Explanation...)
	}
	return d
}

// reasonText is a decision in plain words, for a person reading a denied call's result.
func reasonText(d core.Decision) string {
	if len(d.Explanation) == 0 {
		return string(d.Decision) + " (" + string(d.Reason) + ")"
	}
	return strings.Join(d.Explanation, "\n")
}
