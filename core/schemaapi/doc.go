// Package schemaapi is the part of gatehouse's core that the page's Schema pane needs — [Validate]
// and [Format] — and the page's own first requests ([About] of this part, [EncodeState] and
// [DecodeState] for its link), with the JavaScript API's table of functions ([API]) and the
// translation of answers that every function shares. Package core re-exports all of it and adds the other checks.
//
// It is a package of its own so that a program can hold the Schema pane without the rest: a Go
// program runs the initialisation of every package it imports, so a module built on core keeps
// the lint's tables (most of the lint's size) even when it calls nothing but Validate. This
// package imports none of lint, result, gate or flow, and the Schema pane's module
// (wasm/schema) imports only it (README "Size"). Its answers are core's, byte for byte: core's
// Validate, Format, EncodeState and DecodeState are these, and core's About is made from this
// one's.
package schemaapi
