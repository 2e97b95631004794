package core

import "github.com/gatehouse-dev/gatehouse/internal/state"

// State is everything on the page: which pane is open, each pane's texts exactly as typed, and
// the options. It travels in the URL fragment, which browsers never send to a server.
type State = state.State

// The parts of a [State].
type (
	Panes        = state.Panes        // each pane's texts
	SchemaPane   = state.SchemaPane   // an instance, its schema, further schema documents by URL
	DecisionPane = state.DecisionPane // a call, a catalog and a policy, or a decision to check
	DiffPane     = state.DiffPane     // the approved text on the left, today's on the right
	StateOptions = state.StateOptions // the page's settings
)

// EncodeStateResult is the answer of [EncodeState].
type EncodeStateResult struct {
	// Fragment is "#v1." + base64url(deflate-raw(JSON of the state)); "" when it cannot be made.
	Fragment string   `json:"fragment"`
	Problems Problems `json:"problems"`
}

// DecodeStateRequest is the input of [DecodeState].
type DecodeStateRequest struct {
	Fragment string `json:"fragment"`
	// Lang is the language of the answer's messages: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// DecodeStateResult is the answer of [DecodeState].
type DecodeStateResult struct {
	State    State    `json:"state"`
	Problems Problems `json:"problems"`
}

// EncodeState returns the URL fragment for s. A fragment too long for a browser to carry is
// refused, with a problem that says so.
func EncodeState(req EncodeStateRequest) EncodeStateResult {
	tr, langProbs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	fragment, err := state.Encode(req.State)
	if err != nil {
		return EncodeStateResult{Problems: translateProblems(tr, withLanguage(langProbs, Problems{{Source: SourceFragment, Kind: KindLimit, Message: err.Error(), Offset: -1}}))}
	}
	return EncodeStateResult{Fragment: fragment, Problems: translateProblems(tr, orEmpty(langProbs))}
}

// EncodeStateRequest is the input of [EncodeState]: the state's own members, and lang.
type EncodeStateRequest struct {
	State `json:",inline"`
	// Lang is the language of the answer's messages: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// DecodeState reads a fragment made by [EncodeState] (with or without the leading "#"). A
// damaged, foreign or oversized fragment is a problem that says which, never a panic.
func DecodeState(req DecodeStateRequest) DecodeStateResult {
	tr, langProbs := openTranslation(req.Lang)
	defer closeTranslation(tr)
	s, probs := state.Decode(req.Fragment)
	return DecodeStateResult{State: s, Problems: translateProblems(tr, orEmpty(withLanguage(langProbs, probs)))}
}
