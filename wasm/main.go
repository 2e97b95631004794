//go:build js && wasm

// Command wasm binds gatehouse's core to JavaScript: after go.run(instance) it sets
// globalThis.gatehouse and stays alive. Every function takes one JSON string and returns one JSON
// string, synchronously; bad input never throws, it comes back in "problems". This file only
// translates: every behaviour, the table of functions included, is in package core.
package main

import (
	"os"
	"runtime/debug"
	"strconv"
	"syscall/js"

	"github.com/gatehouse-dev/gatehouse/core"
)

func main() {
	tuneGC()

	api := js.Global().Get("Object").New()
	api.Set("version", core.Version)
	done := make(chan struct{})
	var funcs []js.Func
	for _, name := range core.Functions() {
		fn := js.FuncOf(func(this js.Value, args []js.Value) any {
			return call(name, args)
		})
		funcs = append(funcs, fn)
		api.Set(name, fn)
	}
	// close releases the functions and lets the program end (a Node script that is done).
	closeFn := js.FuncOf(func(js.Value, []js.Value) any {
		close(done)
		return nil
	})
	api.Set("close", closeFn)
	js.Global().Set("gatehouse", api)
	<-done
	js.Global().Delete("gatehouse")
	for _, fn := range funcs {
		fn.Release()
	}
	closeFn.Release()
	// Stay blocked rather than exit: the runtime may still have a timer pending in JavaScript,
	// and waking an exited program throws. With nothing left to call, the host can unload us.
	select {}
}

// tuneGC trades memory for time. A check allocates many short-lived values, and in wasm the
// collector runs on the one thread the user is waiting on. Collecting when the heap has grown
// fivefold rather than doubled measured (bench/bench.mjs, Node 20) ~67 µs instead of ~115 µs for a
// tool call and ~200–280 ms instead of ~350 ms for a 1 MB document; the soft limit keeps a tab that
// validates large documents from growing without bound.
func tuneGC() {
	gogc, limit := 400, int64(512<<20)
	if v, err := strconv.Atoi(os.Getenv("GATEHOUSE_GOGC")); err == nil {
		gogc = v // for measuring other settings: go.env = {GATEHOUSE_GOGC: "…"}
	}
	debug.SetGCPercent(gogc)
	debug.SetMemoryLimit(limit)
}

// call runs one API function on its JavaScript arguments. A panic would kill the whole runtime,
// and with it the page: core answers its own, and anything left is answered here.
func call(name string, args []js.Value) (out any) {
	defer func() {
		if r := recover(); r != nil {
			out = string(core.InternalError(r))
		}
	}()
	if len(args) != 1 || args[0].Type() != js.TypeString {
		answer, _ := core.Refuse(name, "expected one argument: a JSON string")
		return string(answer)
	}
	answer, _ := core.Call(name, args[0].String())
	return string(answer)
}
