//go:build js && wasm

// Command schema is gatehouse-schema.wasm, the module the page loads first: the part of gatehouse's
// core the page's Schema pane needs (validate, validateTexts, format) and the page's own first
// requests (about, encodeState, decodeState), bound to JavaScript by wasm/binding exactly as
// gatehouse.wasm binds the whole. It imports core/schemaapi alone, not core, so it neither links
// nor initialises lint, result, gate, flow or diff (README "Size"); its answers are the whole
// module's, byte for byte, but for about, which says what this module knows
// (test/js/schema-module.test.mjs). `make wasm-schema` builds it with the schemamodule tag, so
// that internal/i18n embeds only the translations of what it can word.
package main

import (
	"github.com/gatehouse-dev/gatehouse/core/schemaapi"
	"github.com/gatehouse-dev/gatehouse/wasm/binding"
)

func main() { binding.Run(schemaapi.SchemaAPI()) }
