package flow

import (
	"slices"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/gate"
	"github.com/gatehouse-dev/gatehouse/internal/policy"
)

// The bounds of a session's memory. A session keeps, for as long as it lives, the first result
// of each label (for `after`) and at most MaxFingerprints fingerprints of the results whose
// labels some `carries` rule names, from at most MaxSources results. A result that would pass
// either bound is not fingerprinted, and its labels are marked full: from then on `carries L`
// acts as `after L` for them, so the bound fails closed, never open.
const (
	MaxFingerprints = 1 << 16
	MaxSources      = 1 << 12
)

// A Session is the flow state of one client's session: the labels its results carried and the
// fingerprints (hashed 8-character shingles, never texts) of the results that `carries` rules
// are about. It is safe for concurrent use.
type Session struct {
	flows *policy.Flows

	mu sync.Mutex
	// bits gives each label some carries rule names its bit in a fingerprint's mask; labels
	// past the 32nd share the last bit, which can only make carries match more, never less.
	bits map[string]uint32
	// seen holds, per label, the first result that carried it.
	seen map[string]gate.FlowResult
	// prints maps a fingerprint to the labels of the results it came from and the first of
	// those results (an index into sources).
	prints  map[uint64]print
	sources []source
	// full holds the labels whose results could not all be fingerprinted, with the first
	// such result.
	full map[string]gate.FlowResult
}

type print struct {
	mask   uint32
	source uint32
}

type source struct {
	result gate.FlowResult
	mask   uint32
}

// NewSession starts a session under the policy's flows (nil: no flow rule, nothing kept).
func NewSession(flows *policy.Flows) *Session {
	s := &Session{flows: flows, bits: map[string]uint32{}, seen: map[string]gate.FlowResult{},
		prints: map[uint64]print{}, full: map[string]gate.FlowResult{}}
	if flows != nil {
		for _, r := range flows.Rules {
			if r.Carries != "" {
				if _, ok := s.bits[r.Carries]; !ok {
					s.bits[r.Carries] = 1 << min(len(s.bits), 31)
				}
			}
		}
	}
	return s
}

// Flows is the policy section the session follows.
func (s *Session) Flows() *policy.Flows { return s.flows }

// Labels is what the session labels a tool's result: the policy's labels for the tool, and
// [policy.LabelInjected] when the result check flagged or blocked it.
func (s *Session) Labels(tool policy.ToolKey, injected bool) []string {
	labels := s.flows.LabelsOf(tool)
	if injected && !slices.Contains(labels, policy.LabelInjected) {
		labels = append(labels, policy.LabelInjected)
		slices.Sort(labels)
	}
	return labels
}

// Record adds a result to the session: the result of call index, of the tool, whose strings
// are pieces (see [Pieces]); injected says the result check flagged or blocked it. Every result
// counts, whatever was decided for its call. It returns the result's labels.
func (s *Session) Record(index int, tool policy.ToolKey, pieces []Piece, injected bool) []string {
	labels := s.Labels(tool, injected)
	if len(labels) == 0 {
		return labels
	}
	ref := gate.FlowResult{Index: index, Tool: tool.Key}
	s.mu.Lock()
	defer s.mu.Unlock()
	var mask uint32
	for _, l := range labels {
		if _, ok := s.seen[l]; !ok {
			s.seen[l] = ref
		}
		mask |= s.bits[l]
	}
	if mask == 0 {
		return labels
	}
	markFull := func() {
		for _, l := range labels {
			if _, ok := s.full[l]; !ok && s.bits[l] != 0 {
				s.full[l] = ref
			}
		}
	}
	if len(s.sources) >= MaxSources {
		markFull()
		return labels
	}
	src := uint32(len(s.sources))
	s.sources = append(s.sources, source{result: ref, mask: mask})
	for _, p := range pieces {
		stopped := false
		windows(p.Text, func(w window) bool {
			e, ok := s.prints[w.hash]
			if !ok {
				if len(s.prints) >= MaxFingerprints {
					stopped = true
					return false
				}
				s.prints[w.hash] = print{mask: mask, source: src}
				return true
			}
			e.mask |= mask
			s.prints[w.hash] = e
			return true
		})
		if stopped {
			markFull()
			break
		}
	}
	return labels
}

// A Match is one flow rule that a call meets.
type Match struct {
	Rule  int
	Flow  policy.FlowRule
	Label string
	// Result is the earlier result the rule points at.
	Result gate.FlowResult
	// For carries: the argument piece that shares the run, and the window of it that was found
	// (byte offsets in Piece.Text).
	Piece      Piece
	Start, End int
	// Overflow: carries matched because the label's results could not all be fingerprinted.
	Overflow bool
}

// Check finds the flow rules the call meets: the tool it calls and its arguments (the decoded
// JSON value). It reads only what earlier results left in the session.
func (s *Session) Check(tool policy.ToolKey, arguments any) []Match {
	if s.flows == nil || len(s.flows.Rules) == 0 {
		return nil
	}
	labels := s.flows.LabelsOf(tool)
	var pieces []Piece
	piecesRead := false
	s.mu.Lock()
	defer s.mu.Unlock()
	var matches []Match
	for i, r := range s.flows.Rules {
		if !r.Binds(tool, labels) {
			continue
		}
		if r.After != "" {
			if ref, ok := s.seen[r.After]; ok {
				matches = append(matches, Match{Rule: i, Flow: r, Label: r.After, Result: ref})
			}
			continue
		}
		bit := s.bits[r.Carries]
		if !piecesRead {
			pieces, piecesRead = ArgumentPieces(arguments), true
		}
		if m, ok := s.carried(pieces, bit, r.Carries); ok {
			m.Rule, m.Flow, m.Label = i, r, r.Carries
			matches = append(matches, m)
		} else if ref, ok := s.full[r.Carries]; ok {
			matches = append(matches, Match{Rule: i, Flow: r, Label: r.Carries, Result: ref, Overflow: true})
		}
	}
	return matches
}

// carried finds the first window of the pieces whose fingerprint some result of the label left.
func (s *Session) carried(pieces []Piece, bit uint32, label string) (Match, bool) {
	var m Match
	found := false
	for _, p := range pieces {
		windows(p.Text, func(w window) bool {
			e, ok := s.prints[w.hash]
			if !ok || e.mask&bit == 0 {
				return true
			}
			m = Match{Result: s.sourceOf(e, bit), Piece: p, Start: w.start, End: w.end}
			found = true
			return false
		})
		if found {
			return m, true
		}
	}
	return m, false
}

// sourceOf names the result a fingerprint came from for a label: its first result when that
// one has the label, else the latest result that has it.
func (s *Session) sourceOf(e print, bit uint32) gate.FlowResult {
	if src := s.sources[e.source]; src.mask&bit != 0 {
		return src.result
	}
	for i := len(s.sources) - 1; i >= 0; i-- {
		if s.sources[i].mask&bit != 0 {
			return s.sources[i].result
		}
	}
	return s.sources[e.source].result
}

// Size says how much the session holds: fingerprints and fingerprinted results, both bounded.
func (s *Session) Size() (fingerprints, sources int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.prints), len(s.sources)
}

// Strictest is what the matches give: deny over ask, "" for none.
func Strictest(matches []Match) gate.Outcome {
	var out gate.Outcome
	for _, m := range matches {
		switch m.Flow.Then {
		case policy.FlowDeny:
			return gate.DecisionDeny
		case policy.FlowAsk:
			out = gate.DecisionAsk
		}
	}
	return out
}
