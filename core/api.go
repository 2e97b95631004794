package core

import (
	"sync"

	"github.com/gatehouse-dev/gatehouse/core/schemaapi"
)

// The JavaScript API, as tables of functions (core/schemaapi holds the table's machinery and the
// Schema pane's part, [SchemaAPI]; this file, the whole). Each table is built on its first use,
// never at the package's initialisation, so a program that uses only SchemaAPI links none of the
// other functions through it.

// An API is a table of the JavaScript API's functions by name: [FullAPI] or [SchemaAPI].
type API = schemaapi.API

// SchemaAPI is the part of the API the page loads first (validate, format, about, encodeState,
// decodeState), as wasm/schema serves it without importing core (core/schemaapi says why).
func SchemaAPI() API { return schemaapi.SchemaAPI() }

// InternalError is the answer to a call that failed inside gatehouse (a recovered panic): a bug,
// never the input's fault, reported as a problem of kind "internal" rather than taking the
// caller down.
func InternalError(cause any) []byte { return schemaapi.InternalError(cause) }

// Version is gatehouse's version, as gatehouse.version and `gatehouse version` report it.
const Version = schemaapi.Version

var (
	fullOnce  sync.Once
	fullTable API
)

// FullAPI is the whole JavaScript API, the table [Call] runs.
func FullAPI() API {
	fullOnce.Do(func() {
		fullTable = schemaapi.NewAPI(map[string]schemaapi.Function{
			"validate":      schemaapi.ValidateFunction(),
			"gate":          serve(Gate, func(r *GateResult) *Problems { return &r.Problems }, true),
			"checkDecision": serve(CheckDecision, func(r *CheckDecisionResult) *Problems { return &r.Problems }, true),
			"diff":          serve(Diff, func(r *DiffResult) *Problems { return &r.Problems }, true),
			"lint":          serve(Lint, func(r *LintResult) *Problems { return &r.Problems }, true),
			"checkResult":   serve(CheckResult, func(r *ResultCheck) *Problems { return &r.Problems }, true),
			"replay":        serve(Replay, func(r *ReplayResult) *Problems { return &r.Problems }, true),
			"pin":           serve(PinCatalog, func(r *PinResult) *Problems { return &r.Problems }, true),
			"sarif":         serve(SARIF, func(r *SARIFResult) *Problems { return &r.Problems }, true),
			"format":        schemaapi.FormatFunction(),
			"about":         serve(About, func(r *AboutResult) *Problems { return &r.Problems }, true),
			"encodeState":   schemaapi.EncodeStateFunction(),
			"decodeState":   schemaapi.DecodeStateFunction(),
		})
	})
	return fullTable
}

// serve is schemaapi.Serve: a function adapted to the JSON-in, JSON-out contract.
func serve[Req, Res any](f func(Req) Res, problems func(*Res) *Problems, whole bool) schemaapi.Function {
	return schemaapi.Serve(f, problems, whole)
}

// Call runs the API function name on a JSON request and returns its JSON answer, exactly as the
// JavaScript API gives it. Bad input never fails: a request that is not the JSON object the
// function takes gets the function's full answer (so that "valid" is false and a gate denies)
// with a problem of source "request" in place of its problems. ok is false for an unknown name.
func Call(name, request string) (answer []byte, ok bool) { return FullAPI().Call(name, request) }
