package live

import (
	"sync"
	"time"

	"github.com/gatehouse-dev/gatehouse/core"
)

// What the proxy does around a call beyond the gate, all decided by core:
//
//   - the flows (issue 18): each client has one flow session, which holds the labels and hashed
//     shingles of the results it received (never their texts, within core's stated bounds) and
//     tightens every later decision by the policy's flow rules. Over stdio the client is the
//     connection; over HTTP it is the token, whatever MCP session it uses, so one token's
//     sessions share what they have seen and another token's never do;
//   - the result check (issue 17): every tools/call result is checked before the client sees
//     it. block: the client gets an isError result saying why, and the original never reaches
//     the model; flag: it passes unchanged; strip: it passes cleaned. The decision-log line of
//     the call gains the check's verdict and findings (never the result's text), and the flow
//     session records the result, labelled injected where the check flagged or blocked it.

// clientFlows is the flow state of a gateway's clients: shared by every proxy (every session)
// of one stdio process or one HTTP gateway.
type clientFlows struct {
	sessions *core.FlowSessions

	mu   sync.Mutex
	next map[string]int // the index the client's next call gets, in the order calls are gated
}

func newClientFlows(gk *core.Gatekeeper) *clientFlows {
	return &clientFlows{sessions: gk.FlowSessions(0), next: map[string]int{}}
}

// A gatedCall is a call as the gate decided it, with what its result is recorded against.
type gatedCall struct {
	line    loggedDecision
	session *core.FlowSession
	index   int
}

// decide gates a call with the flows of the client's session, under the gatekeeper of the
// current listing, and gives it its index in the session.
func (f *clientFlows) decide(gk *core.Gatekeeper, client, callText string, now time.Time) (core.Decision, *core.FlowSession, int) {
	session := f.sessions.WithGatekeeper(gk).Session(client, now)
	d := *session.Gate(callText).Decision
	f.mu.Lock()
	index := f.next[client]
	f.next[client]++
	f.mu.Unlock()
	return d, session, index
}
