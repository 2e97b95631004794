package core

import (
	"sync"

	"github.com/gatehouse-dev/gatehouse/core/schemaapi"
	"github.com/gatehouse-dev/gatehouse/internal/gate"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/schema"
)

// session is what the API keeps between calls. The page's worker (and a long-running process)
// calls the same functions many times with mostly the same texts: the schema of the Schema pane,
// the catalog and policy of the Decision pane. Compiled schemas are kept by their texts, and the
// last gatekeeper while its catalog and policy texts are unchanged.
var session = &sessionState{schemas: schemaapi.Schemas()}

type sessionState struct {
	schemas *schema.Cache

	mu              sync.Mutex
	gatekeeper      *gate.Prepared
	catalog, policy string     // the texts gatekeeper was made from
	lang            i18n.Lang  // the language of the answers it was made for
	made            i18n.Stamp // when it was made, for a translation to keep its messages
	hasGatekeeper   bool
}

// gatekeeperFor returns a gatekeeper for the catalog and policy texts, the last one when they are
// unchanged and its messages can be written in the translation's language: it was made for
// that language, and the translation can still find how its messages were worded
// ([i18n.Translation.Keep]).
func (s *sessionState) gatekeeperFor(catalog, policy string, tr *i18n.Translation) *gate.Prepared {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.hasGatekeeper && s.catalog == catalog && s.policy == policy && s.lang == tr.Lang() && tr.Keep(s.made) {
		return s.gatekeeper
	}
	s.made = i18n.Now()
	s.gatekeeper = gate.Prepare(catalog, policy, "", s.schemas)
	s.catalog, s.policy, s.lang, s.hasGatekeeper = catalog, policy, tr.Lang(), true
	return s.gatekeeper
}
