package schema

import (
	"bytes"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// FormatUse says how a compiled schema's asserted formats bear on its verdict, from a walk of
// the compiled schema made once, when it is compiled.
type FormatUse uint8

const (
	// NoFormats: no schema the validator can reach asserts a format, so asserting formats
	// changes nothing.
	NoFormats FormatUse = iota
	// DecisiveFormats: every asserted format is reached only where a failure fails the whole
	// instance (through properties, items, allOf, $ref, then, else and the like). An instance
	// that passes then had every format check it met pass, and the validator took the same
	// path as it takes with formats not asserted: a pass with formats asserted is a pass
	// without, with no format failure to report.
	DecisiveFormats
	// MaskedFormats: some asserted format is reached where a failure need not fail the instance
	// (under not, anyOf, oneOf, if, contains, contentSchema, an extension's keyword, or through
	// a dynamic reference, which the walk cannot follow), so a pass says nothing about the
	// formats it met.
	MaskedFormats
)

// Formats is how the schema's asserted formats bear on its verdict.
func (s *Schema) Formats() FormatUse { return s.formats }

// NamesFormat reports whether any of the schema's texts holds "format" (the keyword, or a
// property of that name): only then can asserting formats change anything.
func (s *Schema) NamesFormat() bool { return s.namesFormat }

// namesFormat is whether a schema text holds the "format" keyword.
func textNamesFormat(text []byte) bool { return bytes.Contains(text, []byte(`"format"`)) }

// formatUse walks every schema the validator can reach from root.
func formatUse(root *jsonschema.Schema) FormatUse {
	w := formatWalk{seen: map[*jsonschema.Schema]uint8{}}
	w.walk(root, false)
	switch {
	case !w.found:
		return NoFormats
	case w.masked || w.dynamic:
		return MaskedFormats
	}
	return DecisiveFormats
}

type formatWalk struct {
	// seen holds, per schema, bit 1 once walked where its failures count and bit 2 once walked
	// where they may not.
	seen                   map[*jsonschema.Schema]uint8
	found, masked, dynamic bool
}

func (w *formatWalk) walk(s *jsonschema.Schema, masked bool) {
	if s == nil {
		return
	}
	bit := uint8(1)
	if masked {
		bit = 2
	}
	if w.seen[s]&bit != 0 {
		return
	}
	w.seen[s] |= bit
	if s.Format != nil {
		w.found = true
		w.masked = w.masked || masked
	}
	if s.DynamicRef != nil || s.RecursiveRef != nil || len(s.Extensions) > 0 {
		w.dynamic = true
	}
	if s.DynamicRef != nil {
		w.walk(s.DynamicRef.Ref, true)
	}
	w.walk(s.RecursiveRef, true)
	// Where a failure fails the instance.
	w.walk(s.Ref, masked)
	w.walkAll(s.AllOf, masked)
	w.walk(s.Then, masked)
	w.walk(s.Else, masked)
	w.walk(s.PropertyNames, masked)
	for _, p := range s.Properties {
		w.walk(p, masked)
	}
	for _, p := range s.PatternProperties {
		w.walk(p, masked)
	}
	w.walkAny(s.AdditionalProperties, masked)
	for _, d := range s.Dependencies {
		w.walkAny(d, masked)
	}
	for _, d := range s.DependentSchemas {
		w.walk(d, masked)
	}
	w.walk(s.UnevaluatedProperties, masked)
	w.walkAny(s.Items, masked)
	w.walkAny(s.AdditionalItems, masked)
	w.walkAll(s.PrefixItems, masked)
	w.walk(s.Items2020, masked)
	w.walk(s.UnevaluatedItems, masked)
	// Where a failure may be what makes the instance pass, or be ignored.
	w.walk(s.Not, true)
	w.walkAll(s.AnyOf, true)
	w.walkAll(s.OneOf, true)
	w.walk(s.If, true)
	w.walk(s.Contains, true)
	w.walk(s.ContentSchema, true)
}

func (w *formatWalk) walkAll(list []*jsonschema.Schema, masked bool) {
	for _, s := range list {
		w.walk(s, masked)
	}
}

// walkAny walks a keyword the library holds as any: a schema, a list of schemas, or neither
// (a boolean, a list of names).
func (w *formatWalk) walkAny(v any, masked bool) {
	switch x := v.(type) {
	case *jsonschema.Schema:
		w.walk(x, masked)
	case []*jsonschema.Schema:
		w.walkAll(x, masked)
	}
}
