package live

import (
	"io"
	"strings"
	"sync"
	"time"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
)

// The gate the proxy holds is core's [core.Gatekeeper], made again from each listing of the
// server's tools: every decision, every tool hidden from a client and every problem of the
// policy and the lock is core's. This package only carries the texts to it and its answers back.

// A listedGate is core's gatekeeper for the tools as the server last listed them, with which of
// them a client may be offered.
type listedGate struct {
	policy, lock, lang string
	flows              *clientFlows // the clients' flow sessions, shared with the gateway's other proxies

	mu      sync.RWMutex
	listed  bool
	gate    *core.Gatekeeper
	catalog string              // the catalog text as last listed
	checker *core.ResultChecker // the result check for it, made on the first result
	offered map[string]bool     // the tool keys core offers
}

// newListedGate checks the policy and the lock with core before anything runs: a policy with
// problems would deny every call, and a proxy that denies everything for a typo is better
// refused at start, saying where. The problems come back placed in their texts.
// flows, when not nil, are the flow sessions of a gateway whose other proxies share them.
func newListedGate(policy, lock, lang string, flows *clientFlows) (*listedGate, core.Problems) {
	g := core.NewGatekeeper(core.GatekeeperRequest{Catalog: `{"tools":[]}`, Policy: policy, Lock: lock, Lang: lang})
	var probs core.Problems
	for _, p := range g.Problems() {
		if p.Source == core.Sources.Policy || p.Source == core.Sources.Lock || p.Source == core.Sources.Request {
			probs = append(probs, p)
		}
	}
	if flows == nil {
		flows = newClientFlows(g)
	}
	return &listedGate{policy: policy, lock: lock, lang: lang, flows: flows, gate: g,
		catalog: `{"tools":[]}`, offered: map[string]bool{}}, probs
}

// setCatalog takes a new listing (the catalog text core reads). A listing the same as the last,
// byte for byte, is the same catalog: the gatekeeper made of it stands (a client that lists
// often pays core's reading once).
func (g *listedGate) setCatalog(catalog string) {
	g.mu.RLock()
	same := g.listed && g.catalog == catalog
	g.mu.RUnlock()
	if same {
		return
	}
	gate := core.NewGatekeeper(core.GatekeeperRequest{Catalog: catalog, Policy: g.policy, Lock: g.lock, Lang: g.lang})
	keys := gate.Offered()
	offered := make(map[string]bool, len(keys))
	for _, k := range keys {
		offered[k] = true
	}
	g.mu.Lock()
	g.listed, g.gate, g.catalog, g.checker, g.offered = true, gate, catalog, nil, offered
	g.mu.Unlock()
}

// hasCatalog reports whether a listing has been taken.
func (g *listedGate) hasCatalog() bool {
	g.mu.RLock()
	defer g.mu.RUnlock()
	return g.listed
}

// offers reports whether core offers the tool of this key to a client.
func (g *listedGate) offers(key string) bool {
	g.mu.RLock()
	defer g.mu.RUnlock()
	return g.offered[key]
}

// decide gates one MCP tools/call (the request as it will be forwarded) against the catalog as
// last listed, with the client's flow session: core's decision, as core made it, with the
// session the call's result is to be recorded in and the call's index there.
func (g *listedGate) decide(call, client string, now time.Time) gatedCall {
	g.mu.RLock()
	gate := g.gate
	g.mu.RUnlock()
	d, session, index := g.flows.decide(gate, client, call, now)
	return gatedCall{line: loggedDecision{Index: index, Decision: d}, session: session, index: index}
}

// checkResult checks a tools/call response as received, for the tool of this key, against
// the catalog as last listed.
func (g *listedGate) checkResult(response []byte, tool string) core.ResultCheck {
	g.mu.Lock()
	if g.checker == nil {
		// Made when the first result comes, not at each listing: a client that lists often
		// and calls rarely does not pay for reading the catalog twice.
		g.checker = core.NewResultChecker(g.catalog, g.policy)
	}
	checker := g.checker
	g.mu.Unlock()
	return checker.Check(response, tool)
}

// reasonText is a decision in plain words, for a person reading a denied call's result.
func reasonText(d core.Decision) string {
	if len(d.Explanation) == 0 {
		return string(d.Decision) + " (" + string(d.Reason) + ")"
	}
	return strings.Join(d.Explanation, "\n")
}

// prepareGate is what every proxy makes of its configuration before it serves: the gate (a
// [PolicyError] when the policy or the lock has problems), the decision log and the language.
func prepareGate(policy, lock, langTag string, flows *clientFlows, w io.Writer, now func() time.Time) (*listedGate, *decisionLog, i18n.Lang, error) {
	gate, probs := newListedGate(policy, lock, langTag, flows)
	if len(probs) > 0 {
		return nil, nil, "", &PolicyError{Problems: probs}
	}
	if now == nil {
		now = time.Now
	}
	lang, _ := i18n.ParseLang(langTag)
	return gate, &decisionLog{w: w, now: now}, lang, nil
}
