//go:build js && wasm

// Command wasm is gatehouse.wasm: the whole of gatehouse's core, bound to JavaScript by
// wasm/binding (which says how). It is the module the page runs; ./wasm/schema builds a smaller
// one with the Schema pane's part alone, which the page does not load yet (README "Speed").
package main

import (
	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/wasm/binding"
)

func main() {
	binding.Run(core.FullAPI())
}
