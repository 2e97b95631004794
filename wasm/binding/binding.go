//go:build js && wasm

// Package binding binds a table of gatehouse's core functions to JavaScript. Every function takes
// one JSON string and returns one JSON string, synchronously; bad input never throws, it comes back
// in "problems". It only translates: every behaviour, the tables of functions included, is in
// package core. Each of the page's modules is a main that calls [Run] with its table: ./wasm with
// the whole API, ./wasm/schema with the Schema pane's part (validate, format), 1.33 against 2.24
// MB at brotli 11, the one the page starts on. It imports core/schemaapi, not core, so that a
// module serving only that part runs none of the other checks' initialisation.
//
// It offers the functions two ways:
//
//   - as WebAssembly exports (gatehouse_alloc, gatehouse_call, gatehouse_free, …), the texts passed
//     as UTF-8 through linear memory. site/gatehouse.mjs wraps them into the API; this is the fast
//     way in: a call crosses into Go in well under a microsecond.
//   - as globalThis.gatehouse, set by Run through syscall/js, for scripts that run wasm_exec.js
//     themselves: the same functions and answers, with ~10–20 µs more per call.
package binding

import (
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"syscall/js"
	"unsafe"

	"github.com/gatehouse-dev/gatehouse/core/schemaapi"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// served is the table Run was given: what both ways in answer.
var served schemaapi.API

// Run binds api's functions to JavaScript, both ways, until close is called. A module's main calls
// it once, with the table the module serves.
func Run(api schemaapi.API) {
	served = api
	tuneGC()

	obj := js.Global().Get("Object").New()
	obj.Set("version", schemaapi.Version)
	var funcs []js.Func
	for _, name := range api.Functions() {
		fn := js.FuncOf(func(this js.Value, args []js.Value) any {
			return call(name, args)
		})
		funcs = append(funcs, fn)
		obj.Set(name, fn)
	}
	// close releases the functions and lets the program end (a Node script that is done).
	closeFn := js.FuncOf(func(js.Value, []js.Value) any {
		closeOnce()
		return nil
	})
	obj.Set("close", closeFn)
	js.Global().Set("gatehouse", obj)
	<-done
	if js.Global().Get("gatehouse").Equal(obj) { // not another instance's, loaded since
		js.Global().Delete("gatehouse")
	}
	for _, fn := range funcs {
		fn.Release()
	}
	closeFn.Release()
	// Stay blocked rather than exit: the runtime may still have a timer pending in JavaScript,
	// and waking an exited program throws. With nothing left to call, the host can unload us.
	select {}
}

// done is closed by close, from either way in.
var done = make(chan struct{})

func closeOnce() {
	select {
	case <-done:
	default:
		close(done)
	}
}

// The collector's setting depends on the work, measured (bench/bench.mjs, Node 20): for a tool
// call or a 1 MB document Go's default is fastest — at GOGC 800 a tool call took ~120 µs instead
// of ~55 µs, each call allocating into memory the last one had not touched, and the 1 MB document
// gained nothing — while the diff of two 10,000-tool catalogs took ~2.4 s at the default and
// ~0.9 s at 800, the collector no longer rescanning the parsed catalogs over and over. So a
// request of 4 MB or more runs at 800, and the default comes back after it (its first collection
// then frees what the large one left). Switching at 256 KB instead made the 1 MB document 2–3×
// slower. GOGC=off left hundreds of MiB that never shrank; the soft limit keeps a tab that checks
// large texts from growing without bound.
var gogcSmall, gogcLarge = 100, 800

// gogcChecks is the setting for validateTexts' checks under mediumCheck, which differ from the
// requests above: a tool call allocates ~1.5 KB, all garbage once answered, and the module keeps
// ~1 MB live while it only checks (GODEBUG=gctrace=1), so at the default a collection began every
// ~1,400 calls and its mark, left to the allocations' assists on wasm's one thread, stretched
// over a third of the calls with their write barriers on. At 400 a tool call took a fifth less
// CPU (bench/validatecpu.mjs, interleaved: 9.2 → 7.4 µs; 800 gave 7.2, 1,600 8.0). The price is
// memory: the mark runs longer, what the calls allocate meanwhile is kept to the next cycle, and
// a loop of 1.5 million tool calls ends at a heap of ~60 MB (~11 MB marked live) where the
// default stays at 4 MB (1 MB); memoryLimit bounds it. Every other function runs at gogcSmall,
// as measured for it: the result check of 10 KB was slower at 400 in an earlier round.
var gogcChecks = 400

// gcPercent is the collector's setting as setGC last made it (-1: not yet set).
var gcPercent = -1

// setGC sets the collector's setting, when it changes: a validateTexts loop keeps gogcChecks
// without setting it again on every call.
func setGC(v int) {
	if v != gcPercent {
		debug.SetGCPercent(v)
		gcPercent = v
	}
}

const (
	largeRequest = 4 << 20
	memoryLimit  = 256 << 20
)

// mediumCheck is the size from which a validateTexts check (under largeRequest) runs with the
// collector at gogcLarge and is followed by one collection. A 1 MB document's check allocates
// ~7 MB, its parsed value, which the answer leaves garbage. At the default setting, collections
// began in the middle of the parse and, with nothing but the check running on wasm's one
// thread, did not keep up: the module's memory grew to ~150 MB within 20 checks (growing the
// memory was a tenth of a check's time by CPU profile, the collector's write barriers another).
// With none during the check and one after it, when the value is garbage and only what the
// module keeps is marked, the memory stays at ~20 MB; in process CPU time (bench/validatecpu.mjs,
// interleaved) the 1 MB document and a 256 KB one took a fifth to a third less (README "Speed").
const mediumCheck = 256 << 10

func tuneGC() {
	if v, err := strconv.Atoi(os.Getenv("GATEHOUSE_GOGC")); err == nil {
		gogcSmall, gogcLarge, gogcChecks = v, v, v // for measuring one setting: load(wasm, {env: {GATEHOUSE_GOGC: "…"}})
	}
	setGC(gogcSmall)
	debug.SetMemoryLimit(memoryLimit)
}

// run answers a request, with the collector set for its size.
func run(name, request string) []byte {
	if len(request) >= largeRequest {
		setGC(gogcLarge)
		defer setGC(gogcSmall)
	} else {
		setGC(gogcSmall)
	}
	answer, _ := served.Call(name, request)
	return answer
}

// notAString is the refusal of a request that is not one string, either way in.
const notAString = "expected one argument: a JSON string"

// call runs one API function on its JavaScript arguments. A panic would kill the whole runtime,
// and with it the page: core answers its own, and anything left is answered here.
func call(name string, args []js.Value) (out any) {
	defer func() {
		if r := recover(); r != nil {
			out = string(schemaapi.InternalError(r))
		}
	}()
	if len(args) != 1 || args[0].Type() != js.TypeString {
		answer, _ := served.Refuse(name, notAString)
		return string(answer)
	}
	return string(run(name, args[0].String()))
}

// The exports below never wait on JavaScript (the runtime cannot run an export that blocks on
// an event), and they hand memory out by address: buffers holds every buffer JavaScript may
// still read or write, so that the collector leaves it be until gatehouse_free.
var buffers = map[uint32][]byte{}

// keep registers b and returns its address in linear memory (wasm addresses fit 32 bits).
func keep(b []byte) uint32 {
	if len(b) == 0 {
		b = make([]byte, 1) // a distinct, freeable address even for nothing
	}
	p := uint32(uintptr(unsafe.Pointer(unsafe.SliceData(b))))
	buffers[p] = b
	return p
}

// packed is how an export returns a buffer: its address in the high 32 bits, its length in the
// low ones (one BigInt for JavaScript, no second call to ask for the length).
func packed(b []byte) uint64 {
	return uint64(keep(b))<<32 | uint64(len(b))
}

// text reads a buffer JavaScript filled, without copying it: the string points into a buffer
// the collector keeps alive for as long as anything refers to it, and JavaScript never writes
// to a buffer again once it has passed it to a call.
func text(p, n uint32) string {
	b, ok := buffers[p]
	if !ok || uint32(len(b)) < n {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), int(n))
}

//go:wasmexport gatehouse_alloc
//lint:ignore U1000 called by JavaScript, through the export
func exportAlloc(n uint32) uint32 {
	return keep(make([]byte, n))
}

//go:wasmexport gatehouse_free
//lint:ignore U1000 called by JavaScript, through the export
func exportFree(p uint32) {
	delete(buffers, p)
}

// gatehouse_describe answers {"version": …, "functions": [names]}: what the loader wraps.
//
//go:wasmexport gatehouse_describe
//lint:ignore U1000 called by JavaScript, through the export
func exportDescribe() uint64 {
	return packed(served.Describe())
}

// gatehouse_call runs the function named by the first buffer on the request in the second, and
// returns the answer's buffer; an unknown name gets an empty one. Both buffers stay JavaScript's
// to free.
//
//go:wasmexport gatehouse_call
//lint:ignore U1000 called by JavaScript, through the export
func exportCall(name, nameLen, request, requestLen uint32) (answer uint64) {
	defer func() {
		if r := recover(); r != nil {
			answer = packed(schemaapi.InternalError(r))
		}
	}()
	return packed(run(text(name, nameLen), text(request, requestLen)))
}

// gatehouse_refuse answers what the function named by the buffer answers a request that is not
// a string, as globalThis.gatehouse does.
//
//go:wasmexport gatehouse_refuse
//lint:ignore U1000 called by JavaScript, through the export
func exportRefuse(name, nameLen uint32) uint64 {
	b, _ := served.Refuse(text(name, nameLen), notAString)
	return packed(b)
}

// gatehouse_validate_texts answers what validate answers {"schema": …, "instance": …, "lang": …,
// "draft": …, "assertFormats": …} with the texts passed as they are: no JSON request to build in
// JavaScript, nor to decode here, which was a quarter of a tool call's time (README "Speed"). The
// buffers stay JavaScript's; a language or draft of (0, 0), no buffer, is "" (English, the
// default draft); assertFormats is 0 or 1.
//
//go:wasmexport gatehouse_validate_texts
//lint:ignore U1000 called by JavaScript, through the export
func exportValidateTexts(schema, schemaLen, instance, instanceLen, lang, langLen, draft, draftLen, assertFormats uint32) (answer uint64) {
	defer func() {
		if r := recover(); r != nil {
			answer = packed(schemaapi.InternalError(r))
		}
	}()
	b := validateTexts(text(schema, schemaLen), text(instance, instanceLen), text(lang, langLen), text(draft, draftLen), assertFormats)
	if unsafe.SliceData(b) == unsafe.SliceData(validAnswer) {
		b = slices.Clone(b) // JavaScript frees this answer: a buffer of its own
	}
	return packed(b)
}

// validateTexts answers validate for the texts, in the answer's buffer.
func validateTexts(schema, instance, lang, draft string, assertFormats uint32) []byte {
	switch size := len(schema) + len(instance); {
	case size >= largeRequest:
		setGC(gogcLarge)
		defer setGC(gogcSmall)
	case size >= mediumCheck:
		setGC(gogcLarge)
		defer func() {
			setGC(gogcChecks)
			runtime.GC()
		}()
	default:
		setGC(gogcChecks)
	}
	res := schemaapi.Validate(schemaapi.ValidateRequest{
		Schema: schema, Instance: instance, Lang: lang, Draft: draft, AssertFormats: assertFormats != 0,
	})
	if res.Valid && len(res.Problems) == 0 && len(res.UnassertedFormats) == 0 && len(res.Unmatched) == 0 {
		return validAnswer // the common answer, its encoding made once (never written to)
	}
	b, err := res.MarshalJSON() // what json.Marshal writes, without checking and copying it again
	if err != nil {
		return schemaapi.InternalError(err)
	}
	return b
}

// The scratch buffer carries a small check's texts in, and the last such answer is kept until the
// next one replaces it: a tool call then crosses into Go once (gatehouse_validate_scratch), not
// four times (allocating the instance's buffer, the check, freeing the answer and the instance),
// each crossing paying the runtime's resumption. Go copies the texts out of the scratch before
// reading them, so nothing it keeps can point into a buffer JavaScript rewrites. The answer is
// held here, not registered among the buffers JavaScript frees (an insertion and a deletion in
// that map per call), and a valid one is validAnswer itself, which JavaScript only reads.
var (
	scratch       []byte
	scratchAnswer []byte // the last answer gatehouse_validate_scratch returned; nil for none
)

// maxScratch bounds the scratch buffer: larger texts take the buffers of gatehouse_alloc.
const maxScratch = 1 << 20

// gatehouse_scratch returns the address of a scratch buffer of at least n bytes (0 when n is
// beyond what the scratch holds); an earlier address is no longer valid once this returns another.
//
//go:wasmexport gatehouse_scratch
//lint:ignore U1000 called by JavaScript, through the export
func exportScratch(n uint32) uint32 {
	if n > maxScratch {
		return 0
	}
	if uint32(len(scratch)) < n {
		scratch = make([]byte, max(n, 4096))
	}
	return uint32(uintptr(unsafe.Pointer(unsafe.SliceData(scratch))))
}

// gatehouse_validate_scratch is gatehouse_validate_texts with the instance, the language and the
// draft written one after the other at the start of the scratch buffer, their lengths given. Its
// answer's buffer is JavaScript's to read until the next call, not to free: the next call frees it.
//
//go:wasmexport gatehouse_validate_scratch
//lint:ignore U1000 called by JavaScript, through the export
func exportValidateScratch(schema, schemaLen, instanceLen, langLen, draftLen, assertFormats uint32) (answer uint64) {
	scratchAnswer = nil
	defer func() {
		if r := recover(); r != nil {
			scratchAnswer = schemaapi.InternalError(r)
		}
		// An answer is never empty, so its address is its own.
		answer = uint64(uint32(uintptr(unsafe.Pointer(unsafe.SliceData(scratchAnswer)))))<<32 | uint64(len(scratchAnswer))
	}()
	end := uint64(instanceLen) + uint64(langLen) + uint64(draftLen)
	if end > uint64(len(scratch)) {
		scratchAnswer = schemaapi.InternalError("the texts run past the scratch buffer")
		return
	}
	texts := string(scratch[:end]) // one copy of all three, which the check may keep pieces of
	scratchAnswer = validateTexts(text(schema, schemaLen), texts[:instanceLen], texts[instanceLen:instanceLen+langLen],
		texts[instanceLen+langLen:], assertFormats)
	return
}

// validAnswer is the encoding of a valid result with no problems (nor any other list), made once:
// encoding it again on every call was a tenth of a tool call's time. It is written by the result's
// own MarshalJSON, which is what json.Marshal writes for it, without encoding/json's reflection
// (at the module's start). The conversion below stops the build if ValidateResult gains a field,
// which a valid answer might then carry: the condition in exportValidateTexts must then name it too.
var validAnswer, _ = schemaapi.ValidateResult{Valid: true, Problems: problem.Problems{}}.MarshalJSON()

var _ = struct {
	Valid             bool
	Problems          problem.Problems
	UnassertedFormats problem.Problems
	Unmatched         []problem.Unmatched
}(schemaapi.ValidateResult{})

//go:wasmexport gatehouse_close
//lint:ignore U1000 called by JavaScript, through the export
func exportClose() {
	closeOnce()
}
