package schemaapi

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// The JavaScript API, as tables of functions: each function takes one JSON request and answers one
// JSON text. The wasm binding exports these names as they are.
//
// Every table is built on its first use, never at the package's initialisation: a table refers to
// each of its functions, and with it to every check each one runs.

// An API is a table of the JavaScript API's functions by name: core's FullAPI or [SchemaAPI].
type API struct {
	functions map[string]Function
}

// NewAPI is the table of the functions by name.
func NewAPI(functions map[string]Function) API { return API{functions} }

var (
	schemaOnce  sync.Once
	schemaTable API
)

// SchemaAPI is the part of the API the page's Schema pane and the page's own first requests need
// (validate, format, about, encodeState, decodeState), for a module that links nothing else.
// Its functions are the whole API's, answering byte for byte alike, but for about: [About] says
// what this module knows, core's about what the whole does.
func SchemaAPI() API {
	schemaOnce.Do(func() {
		schemaTable = NewAPI(map[string]Function{
			"validate":    ValidateFunction(),
			"format":      FormatFunction(),
			"about":       Serve(About, func(r *AboutResult) *problem.Problems { return &r.Problems }, true),
			"encodeState": EncodeStateFunction(),
			"decodeState": DecodeStateFunction(),
		})
	})
	return schemaTable
}

// ValidateFunction is the API's validate: [Validate] on a JSON request.
func ValidateFunction() Function {
	return Serve(Validate, func(r *ValidateResult) *problem.Problems { return &r.Problems }, true)
}

// FormatFunction is the API's format: [Format] on a JSON request.
func FormatFunction() Function {
	return Serve(Format, func(r *FormatResult) *problem.Problems { return &r.Problems }, true)
}

// EncodeStateFunction is the API's encodeState: [EncodeState] on a JSON request.
func EncodeStateFunction() Function {
	return Serve(EncodeState, func(r *EncodeStateResult) *problem.Problems { return &r.Problems }, false)
}

// DecodeStateFunction is the API's decodeState: [DecodeState] on a JSON request.
func DecodeStateFunction() Function {
	return Serve(DecodeState, func(r *DecodeStateResult) *problem.Problems { return &r.Problems }, false)
}

// Functions lists the names of a's functions, sorted.
func (a API) Functions() []string { return slices.Sorted(maps.Keys(a.functions)) }

// Describe answers what a loader asks a module first, {"version": …, "functions": [names]},
// byte for byte as json.Marshal writes it. It is written by hand: encoding/json's reflection, run
// once at a module's start, cost a fresh Node process more than everything else it did there.
func (a API) Describe() []byte {
	b := problem.AppendJSONString(append(make([]byte, 0, 512), `{"version":`...), Version)
	b = append(b, `,"functions":[`...)
	for i, name := range a.Functions() {
		if i > 0 {
			b = append(b, ',')
		}
		b = problem.AppendJSONString(b, name)
	}
	return append(b, "]}"...)
}

// Call runs a's function name on a JSON request and returns its JSON answer, exactly as the
// JavaScript API gives it. Bad input never fails: a request that is not the JSON object the
// function takes gets the function's full answer (so that "valid" is false and a gate denies)
// with a problem of source "request" in place of its problems. ok is false for a name a does not
// hold.
func (a API) Call(name, request string) (answer []byte, ok bool) {
	f, ok := a.functions[name]
	if !ok {
		return nil, false
	}
	defer func() {
		if r := recover(); r != nil {
			answer = InternalError(r)
		}
	}()
	return f.call(request), true
}

// Refuse is the answer of function name to a call that carries no request at all (a binding
// given no string): the function's full answer with a problem of source "request" saying why.
// ok is false for a name a does not hold.
func (a API) Refuse(name, why string) (answer []byte, ok bool) {
	f, ok := a.functions[name]
	if !ok {
		return nil, false
	}
	return f.refuse(why), true
}

// A Function is one entry of the API: what it answers a request, and a request it cannot read.
type Function struct {
	call   func(request string) []byte
	refuse func(why string) []byte
	// request and answer are the Go types of the JSON it takes and gives, which
	// site/gatehouse.d.ts declares for JavaScript (a test holds the two to each other).
	request, answer reflect.Type
}

// Types are the Go types of the JSON that a's function name takes and gives (nil for a name a does
// not hold).
func (a API) Types(name string) (request, answer reflect.Type) {
	f := a.functions[name]
	return f.request, f.answer
}

// InternalError is the answer to a call that failed inside gatehouse (a recovered panic): a bug,
// never the input's fault, reported as a problem of kind "internal" rather than taking the
// caller down.
func InternalError(cause any) []byte {
	b, _ := json.Marshal(struct {
		Problems problem.Problems `json:"problems"`
	}{problem.Problems{{Source: problem.SourceRequest, Kind: problem.KindInternal, Offset: -1, Message: i18n.Sprintf("internal error: %v", cause)}}})
	return b
}

// Serve adapts a function to the JSON-in, JSON-out contract. problems points at the answer's
// problems; whole says whether a request that cannot be read still gets the answer the function
// gives an empty request (its full shape), or only the problem.
func Serve[Req, Res any](f func(Req) Res, problems func(*Res) *problem.Problems, whole bool) Function {
	refuseWith := func(p problem.Problem) []byte {
		var res Res
		if whole {
			var empty Req
			res = f(empty)
		}
		*problems(&res) = problem.Problems{p}
		return marshal(res)
	}
	return Function{
		call: func(request string) []byte {
			var req Req
			if probs := jsondoc.Unmarshal(problem.SourceRequest, request, &req, false); probs != nil {
				p := probs[0]
				p.Message = i18n.Sprintf("the request is not the JSON object this function takes: %s", p.Message)
				return refuseWith(p)
			}
			return marshal(f(req))
		},
		refuse: func(why string) []byte {
			return refuseWith(problem.Problem{Source: problem.SourceRequest, Kind: problem.KindParse, Offset: -1, Message: why})
		},
		request: reflect.TypeFor[Req](),
		answer:  reflect.TypeFor[Res](),
	}
}

// marshal writes an answer as the API always has: encoding/json, compact. An answer that
// writes itself in one pass ([ValidateResult.MarshalJSON]) is not checked and copied again.
func marshal(v any) []byte {
	var b []byte
	var err error
	switch r := v.(type) {
	case ValidateResult:
		b, err = r.MarshalJSON()
	case AboutResult:
		b, err = r.MarshalJSON()
	default:
		b, err = json.Marshal(v)
	}
	if err != nil {
		return InternalError(err)
	}
	return b
}
