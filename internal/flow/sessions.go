package flow

import (
	"sync"
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/policy"
)

// IdleExpiry is how long a client's session lives after its last call or result: a client that
// comes back later starts a new session, with nothing remembered.
const IdleExpiry = 30 * time.Minute

// Sessions holds one [Session] per client, for a proxy: over stdio a client is its connection,
// over HTTP its token (MCP 2026-07-28 has no protocol sessions). A session idle for longer than
// its expiry is dropped. It is safe for concurrent use.
type Sessions struct {
	flows *policy.Flows
	idle  time.Duration

	mu       sync.Mutex
	byClient map[string]*held
	swept    time.Time
}

type held struct {
	session *Session
	last    time.Time
}

// NewSessions keeps sessions under the policy's flows, each dropped after idle (IdleExpiry
// when zero or less) without use.
func NewSessions(flows *policy.Flows, idle time.Duration) *Sessions {
	if idle <= 0 {
		idle = IdleExpiry
	}
	return &Sessions{flows: flows, idle: idle, byClient: map[string]*held{}}
}

// For returns the client's session at time now, a new one when it has none or its last use is
// older than the expiry. Expired sessions of other clients are dropped on the way, at most once
// per expiry.
func (ss *Sessions) For(client string, now time.Time) *Session {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if now.Sub(ss.swept) >= ss.idle {
		for c, h := range ss.byClient {
			if now.Sub(h.last) >= ss.idle {
				delete(ss.byClient, c)
			}
		}
		ss.swept = now
	}
	h, ok := ss.byClient[client]
	if !ok || now.Sub(h.last) >= ss.idle {
		h = &held{session: NewSession(ss.flows)}
		ss.byClient[client] = h
	}
	h.last = now
	return h.session
}

// End drops the client's session (its connection closed).
func (ss *Sessions) End(client string) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	delete(ss.byClient, client)
}

// Len is the number of sessions held.
func (ss *Sessions) Len() int {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return len(ss.byClient)
}
