//go:build js && wasm

// Command wasm binds gatehouse's core to JavaScript: after go.run(instance) it sets
// globalThis.gatehouse and stays alive. Every function takes one JSON string and returns one JSON
// string, synchronously; bad input never throws, it comes back in "problems". This file only
// translates: every behaviour is in package core.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"runtime/debug"
	"strconv"
	"syscall/js"

	"github.com/gatehouse-dev/gatehouse/core"
	jsonv2 "github.com/go-json-experiment/json"
)

func main() {
	tuneGC()

	api := js.Global().Get("Object").New()
	api.Set("version", core.Version)
	done := make(chan struct{})
	var funcs []js.Func
	export := func(name string, f func(string) any) {
		fn := js.FuncOf(func(this js.Value, args []js.Value) any {
			return call(f, args)
		})
		funcs = append(funcs, fn)
		api.Set(name, fn)
	}
	export("validate", bind(core.Validate))
	export("gate", bind(core.Gate))
	export("checkDecision", bind(core.CheckDecision))
	export("diff", bind(core.Diff))
	export("lint", bind(core.Lint))
	export("pin", bind(core.PinCatalog))
	export("format", bind(core.Format))
	export("about", bind(core.About))
	export("encodeState", encodeState)
	export("decodeState", decodeState)
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

// call runs one API function, turning a wrong argument or a panic into a problem: a panic
// would kill the whole runtime, and with it the page.
func call(f func(string) any, args []js.Value) (out any) {
	defer func() {
		if r := recover(); r != nil {
			out = problemJSON(kindInternal, fmt.Sprintf("internal error: %v", r))
		}
	}()
	if len(args) != 1 || args[0].Type() != js.TypeString {
		return problemJSON(core.KindParse, "expected one argument: a JSON string")
	}
	res := f(args[0].String())
	b, err := json.Marshal(res)
	if err != nil {
		return problemJSON(kindInternal, "internal error: "+err.Error())
	}
	return string(b)
}

// kindInternal marks a bug in gatehouse rather than in the input; it should never be seen.
const kindInternal core.Kind = "internal"

// bind adapts a core entry point to the JSON-string-in, JSON-string-out contract. A request
// that is not the JSON object the function takes gets the answer core gives for empty texts —
// the full shape, so that "valid" is false and a gate denies — with the request's problem in
// place of the empty texts' ones.
func bind[Req, Res any](f func(Req) Res) func(string) any {
	return func(arg string) any {
		var req Req
		if err := jsonv2.Unmarshal([]byte(arg), &req); err != nil {
			var zero Req
			return withProblems(f(zero), requestProblems(err))
		}
		return f(req)
	}
}

// withProblems replaces the Problems field every answer has.
func withProblems[Res any](res Res, probs core.Problems) Res {
	reflect.ValueOf(&res).Elem().FieldByName("Problems").Set(reflect.ValueOf(probs))
	return res
}

func requestProblems(err error) core.Problems {
	return core.Problems{{Source: "request", Kind: core.KindParse, Offset: -1,
		Message: "the request is not the JSON object this function takes: " + err.Error()}}
}

func problemJSON(kind core.Kind, msg string) string {
	b, _ := json.Marshal(struct {
		Problems core.Problems `json:"problems"`
	}{core.Problems{{Source: "request", Kind: kind, Message: msg, Offset: -1}}})
	return string(b)
}

type encodeStateResult struct {
	Fragment string        `json:"fragment"`
	Problems core.Problems `json:"problems"`
}

func encodeState(arg string) any {
	var s core.State
	if err := jsonv2.Unmarshal([]byte(arg), &s); err != nil {
		return encodeStateResult{Problems: requestProblems(err)}
	}
	frag, err := core.EncodeState(s)
	res := encodeStateResult{Fragment: frag, Problems: core.Problems{}}
	if err != nil {
		res.Fragment = ""
		res.Problems = core.Problems{{Source: core.SourceFragment, Kind: core.KindLimit, Message: err.Error(), Offset: -1}}
	}
	return res
}

type decodeStateResult struct {
	State    core.State    `json:"state"`
	Problems core.Problems `json:"problems"`
}

func decodeState(arg string) any {
	var req struct {
		Fragment string `json:"fragment"`
	}
	if err := jsonv2.Unmarshal([]byte(arg), &req); err != nil {
		return decodeStateResult{Problems: requestProblems(err)}
	}
	s, probs := core.DecodeState(req.Fragment)
	if probs == nil {
		probs = core.Problems{}
	}
	return decodeStateResult{State: s, Problems: probs}
}
