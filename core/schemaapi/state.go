package schemaapi

import (
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/state"
)

// The page's state, in its link: EncodeState and DecodeState, the page's own requests at its start
// and after each edit, are here so that the Schema pane's module answers them (internal/state adds
// only compress/flate to it); core re-exports them.

// State is everything on the page: which pane is open, each pane's texts exactly as typed, and
// the options. It travels in the URL fragment, which browsers never send to a server.
type State struct {
	// Pane is the pane shown: "schema", "decision" or "diff".
	Pane string `json:"pane"`
	// Panes holds each pane's texts.
	Panes struct {
		// Schema is the Schema pane: an instance, its schema, and further schema documents
		// by URL; AssertFormats makes "format" an assertion (off by default, as 2020-12 says).
		Schema struct {
			Schema        string            `json:"schema"`
			Instance      string            `json:"instance"`
			Draft         string            `json:"draft,omitempty"`
			Resources     map[string]string `json:"resources,omitempty"`
			AssertFormats bool              `json:"assertFormats,omitempty"`
		} `json:"schema"`
		// Decision is the Decision pane: a call, a catalog and a policy to gate, or a decision
		// (with the schema it is checked against) to check. Mode is "gate", "check" or
		// "session"; Transcript is the session the "session" mode replays, Result the tool's
		// result the "gate" mode checks beside the call.
		Decision struct {
			Call       string `json:"call"`
			Catalog    string `json:"catalog"`
			Policy     string `json:"policy"`
			Decision   string `json:"decision"`
			Schema     string `json:"schema,omitempty"`
			Mode       string `json:"mode,omitempty"`
			Transcript string `json:"transcript,omitempty"`
			Result     string `json:"result,omitempty"`
		} `json:"decision"`
		// Diff is the Diff pane: the approved text on the left, today's on the right, the
		// [DiffMode] by name, and whether a plain JSON diff compares arrays by content.
		Diff struct {
			Left             string `json:"left"`
			Right            string `json:"right"`
			Mode             string `json:"mode,omitempty"`
			IgnoreArrayOrder bool   `json:"ignoreArrayOrder,omitempty"`
		} `json:"diff"`
	} `json:"panes"`
	// Options are the page's settings: its language.
	Options struct {
		Lang string `json:"lang,omitempty"`
	} `json:"options"`
}

// stateOf and internal convert between the face's State and internal/state's, whose parts have
// the same fields.
func stateOf(s state.State) State {
	var out State
	out.Pane, out.Options = s.Pane, s.Options
	out.Panes.Schema, out.Panes.Decision, out.Panes.Diff = s.Panes.Schema, s.Panes.Decision, s.Panes.Diff
	return out
}

func (s State) internal() state.State {
	return state.State{Pane: s.Pane, Options: s.Options,
		Panes: state.Panes{Schema: s.Panes.Schema, Decision: s.Panes.Decision, Diff: s.Panes.Diff}}
}

// EncodeStateResult is the answer of [EncodeState].
type EncodeStateResult struct {
	// Fragment is "#v1." + base64url(deflate-raw(JSON of the state)); "" when it cannot be made.
	Fragment string           `json:"fragment"`
	Problems problem.Problems `json:"problems"`
}

// DecodeStateRequest is the input of [DecodeState].
type DecodeStateRequest struct {
	Fragment string `json:"fragment"`
	// Lang is the language of the answer's messages: "en" (the default), "fr" or "de".
	Lang string `json:"lang,omitempty"`
}

// DecodeStateResult is the answer of [DecodeState].
type DecodeStateResult struct {
	State    State            `json:"state"`
	Problems problem.Problems `json:"problems"`
}

// EncodeState returns the URL fragment for s. A fragment too long for a browser to carry is
// refused, with a problem that says so.
func EncodeState(req EncodeStateRequest) EncodeStateResult {
	tr, langProbs := OpenTranslation(req.Lang)
	defer CloseTranslation(tr)
	fragment, err := state.Encode(req.State.internal())
	if err != nil {
		return EncodeStateResult{Problems: TranslateProblems(tr, WithLanguage(langProbs, problem.Problems{{Source: problem.SourceFragment, Kind: problem.KindLimit, Message: err.Error(), Offset: -1}}))}
	}
	return EncodeStateResult{Fragment: fragment, Problems: TranslateProblems(tr, OrEmpty(langProbs))}
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
	tr, langProbs := OpenTranslation(req.Lang)
	defer CloseTranslation(tr)
	s, probs := state.Decode(req.Fragment)
	return DecodeStateResult{State: stateOf(s), Problems: TranslateProblems(tr, OrEmpty(WithLanguage(langProbs, probs)))}
}
