package core

import "github.com/gatehouse-dev/gatehouse/core/schemaapi"

// The page's state and its link live in core/schemaapi, so that the Schema pane's module (which
// the page loads first, and which answers the page's own requests) can read and make a link
// without linking every check; these are the same types and functions.

// State is everything on the page: which pane is open, each pane's texts exactly as typed, and
// the options. It travels in the URL fragment, which browsers never send to a server.
type State = schemaapi.State

// EncodeStateRequest is the input of [EncodeState]: the state's own members, and lang.
type EncodeStateRequest = schemaapi.EncodeStateRequest

// EncodeStateResult is the answer of [EncodeState].
type EncodeStateResult = schemaapi.EncodeStateResult

// DecodeStateRequest is the input of [DecodeState].
type DecodeStateRequest = schemaapi.DecodeStateRequest

// DecodeStateResult is the answer of [DecodeState].
type DecodeStateResult = schemaapi.DecodeStateResult

// EncodeState returns the URL fragment for s. A fragment too long for a browser to carry is
// refused, with a problem that says so.
func EncodeState(req EncodeStateRequest) EncodeStateResult { return schemaapi.EncodeState(req) }

// DecodeState reads a fragment made by [EncodeState] (with or without the leading "#"). A
// damaged, foreign or oversized fragment is a problem that says which, never a panic.
func DecodeState(req DecodeStateRequest) DecodeStateResult { return schemaapi.DecodeState(req) }
