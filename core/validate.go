package core

import "github.com/gatehouse-dev/gatehouse/core/schemaapi"

// ValidateRequest is the input of [Validate]: texts exactly as pasted ([schemaapi.ValidateRequest]).
type ValidateRequest = schemaapi.ValidateRequest

// ValidateResult is the answer of [Validate] ([schemaapi.ValidateResult]).
type ValidateResult = schemaapi.ValidateResult

// Validate checks an instance text against a schema text. Problems in either text (parse errors,
// a schema that does not compile, a $ref to a document that was not pasted) and every way the
// instance fails the schema come back as problems placed at their line and column. Valid is true
// only when both texts parse, the schema compiles and the instance satisfies it. A schema whose
// texts were compiled before is not compiled again ([schemaapi.Validate]).
func Validate(req ValidateRequest) ValidateResult { return schemaapi.Validate(req) }

// FormatRequest asks for a text to be pretty-printed (Indent non-empty) or minified.
type FormatRequest = schemaapi.FormatRequest

// FormatResult holds the reformatted text, or the problems that stopped it.
type FormatResult = schemaapi.FormatResult

// Format pretty-prints or minifies a JSON text without changing any value: numbers keep their
// exact text, strings their escapes' meaning ([schemaapi.Format]).
func Format(req FormatRequest) FormatResult { return schemaapi.Format(req) }
