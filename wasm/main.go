//go:build js && wasm

// Command wasm is gatehouse.wasm: the whole of gatehouse's core, bound to JavaScript by
// wasm/binding (which says how). The page starts with the smaller gatehouse-schema.wasm
// (./wasm/schema) and loads this one when a pane needs more.
package main

import (
	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/wasm/binding"
)

func main() {
	binding.Run(core.FullAPI())
}
