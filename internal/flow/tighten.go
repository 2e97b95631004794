package flow

import (
	"strconv"

	"github.com/gatehouse-dev/gatehouse/internal/gate"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/policy"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// Tighten applies the flow rules a call meets to the gate's decision for it. Flow rules only
// tighten: a deny stays the gate's, with its own reason; where the strictest rule is stricter
// than the gate, the decision becomes it with reason flow (detail "after" or "carries"); a gate
// ask and a flow ask stay the gate's ask, with the flow named in the evidence. d.Flow lists
// every match, in the order of matches, those that decided marked. pol places the rules.
func Tighten(d *gate.Decision, matches []Match, pol *policy.Policy) {
	if len(matches) == 0 {
		return
	}
	strict := Strictest(matches)
	gateRank, flowRank := gate.Restrictiveness(d.Decision), gate.Restrictiveness(strict)
	decides := d.Decision != gate.DecisionDeny && flowRank >= gateRank
	d.Flow = make([]gate.FlowEvidence, len(matches))
	var first *Match
	for i, m := range matches {
		e := gate.FlowEvidence{Rule: m.Rule, Pointer: policy.RulePointer(m.Rule), Kind: m.Flow.Kind(), Label: m.Label,
			Call: m.Flow.Call, Then: gate.Outcome(m.Flow.Then), Result: m.Result, Overflow: m.Overflow,
			Decided: decides && gate.Outcome(m.Flow.Then) == strict}
		p := pol.Place(e.Pointer, "")
		e.RuleLine, e.RuleColumn = p.Line, p.Column
		if m.Flow.Carries != "" && !m.Overflow {
			e.Argument, e.DecodedFrom = m.Piece.Pointer, m.Piece.DecodedFrom
		}
		d.Flow[i] = e
		if e.Decided {
			if first == nil {
				first = &matches[i]
			}
			d.Evidence = append(d.Evidence, pol.Place(e.Pointer, Words(m)))
		}
	}
	if !decides {
		return
	}
	summary := ""
	if flowRank > gateRank {
		d.Decision, d.Reason, d.Detail = strict, gate.ReasonFlow, gate.Detail(first.Flow.Kind())
		if strict == gate.DecisionDeny {
			summary = i18n.Sprintf("deny (flow): %s", Words(*first))
		} else {
			summary = i18n.Sprintf("ask (flow): %s; if the person refuses, do not call %s", Words(*first), untrusted.Quote(d.Tool))
		}
	} else if len(d.Explanation) > 0 {
		summary = d.Explanation[0]
	}
	// The gate's explanation lists its evidence after its summary; rebuilding it from the
	// evidence keeps that, with the flow's evidence after the gate's.
	d.Explain(summary)
}

// Words says in a sentence why a match holds.
func Words(m Match) string {
	rule := i18n.Sprintf("flows.rules[%d] (%s %s, call %s, then %s)", m.Rule, m.Flow.Kind(), untrusted.Quote(m.Label),
		untrusted.Quote(m.Flow.Call), m.Flow.Then)
	from := i18n.Sprintf("the result of %s (call #%s)", untrusted.Quote(m.Result.Tool), strconv.Itoa(m.Result.Index))
	switch {
	case m.Flow.After != "":
		return i18n.Sprintf("%s, labelled %s, came earlier in the session; %s", from, untrusted.Quote(m.Label), rule)
	case m.Overflow:
		return i18n.Sprintf("the session could not keep the fingerprints of every result labelled %s (its bound of %d was reached at %s), so carries acts as after for them; %s",
			untrusted.Quote(m.Label), MaxFingerprints, from, rule)
	case m.Piece.DecodedFrom != "":
		return i18n.Sprintf("argument %s, read through %s, carries text of %s, labelled %s; %s", jsondoc.ShowPointer(m.Piece.Pointer), m.Piece.DecodedFrom, from, untrusted.Quote(m.Label), rule)
	}
	return i18n.Sprintf("argument %s carries text of %s, labelled %s; %s", jsondoc.ShowPointer(m.Piece.Pointer), from, untrusted.Quote(m.Label), rule)
}
