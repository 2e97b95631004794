//go:build js && wasm

// Command schema is gatehouse-schema.wasm: the part of gatehouse's core the page's Schema pane
// needs (validate, validateTexts, format), bound to JavaScript by wasm/binding exactly as
// gatehouse.wasm binds the whole. It links none of core's other functions, though the packages core
// imports still run their initialisation (README "Speed"); its answers are the whole module's,
// byte for byte (test/js/schema-module.test.mjs).
package main

import (
	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/wasm/binding"
)

func main() { binding.Run(core.SchemaAPI()) }
