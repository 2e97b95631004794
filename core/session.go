package core

import (
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/gate"
	"github.com/gatehouse-dev/gatehouse/internal/schema"
)

// session is what the API keeps between calls. The page's worker (and a long-running process)
// calls the same functions many times with mostly the same texts: the schema of the Schema pane,
// the catalog and policy of the Decision pane. Compiled schemas are kept by their texts, and the
// last gatekeeper while its catalog and policy texts are unchanged.
var session = &sessionState{schemas: schema.NewCache()}

type sessionState struct {
	schemas *schema.Cache

	mu              sync.Mutex
	gatekeeper      *gate.Gatekeeper
	catalog, policy string // the texts gatekeeper was made from
	hasGatekeeper   bool
}

// gatekeeperFor returns a gatekeeper for the catalog and policy texts, the last one when they are
// unchanged.
func (s *sessionState) gatekeeperFor(catalog, policy string) *gate.Gatekeeper {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hasGatekeeper && s.catalog == catalog && s.policy == policy {
		return s.gatekeeper
	}
	s.gatekeeper = gate.New(catalog, policy, s.schemas)
	s.catalog, s.policy, s.hasGatekeeper = catalog, policy, true
	return s.gatekeeper
}
