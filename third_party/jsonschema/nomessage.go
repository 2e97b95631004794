//go:build jsonschema_noxtext

package jsonschema

// In a build with the tag jsonschema_noxtext, an ErrorKind need not take an x/text printer.
type messageKind interface{}
