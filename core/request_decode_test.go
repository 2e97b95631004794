package core

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/state"

	jsonv2 "github.com/go-json-experiment/json"
)

// The API's requests (and the page's state) were read by go-json-experiment/json's Unmarshal;
// jsondoc.Unmarshal reads them now, without that package's reflection-driven decoder in the
// wasm. These tests hold the two to the same verdict on every request type: the same texts
// accepted, into the same values, and the same refused (repeated names, unknown members where
// closed, wrong kinds, numbers out of range, bad syntax, invalid UTF-8, text after the value).

// requestShapes are the Go types the API reads requests into, and the state, read closed.
func requestShapes() []struct {
	name   string
	typ    reflect.Type
	closed bool
} {
	var shapes []struct {
		name   string
		typ    reflect.Type
		closed bool
	}
	for _, name := range FullAPI().Functions() {
		request, _ := FullAPI().Types(name)
		shapes = append(shapes, struct {
			name   string
			typ    reflect.Type
			closed bool
		}{name, request, false})
	}
	shapes = append(shapes, struct {
		name   string
		typ    reflect.Type
		closed bool
	}{"state", reflect.TypeFor[state.State](), true})
	return shapes
}

// agree decodes text both ways into a fresh value of each request type and fails when the
// verdicts or the values differ.
func agree(t *testing.T, text string) {
	t.Helper()
	for _, shape := range requestShapes() {
		want := reflect.New(shape.typ)
		var opts []jsonv2.Options
		if shape.closed {
			opts = append(opts, jsonv2.RejectUnknownMembers(true))
		}
		wantErr := jsonv2.Unmarshal([]byte(text), want.Interface(), opts...)
		got := reflect.New(shape.typ)
		probs := jsondoc.Unmarshal(problem.SourceRequest, text, got.Interface(), shape.closed)
		if (wantErr == nil) != (probs == nil) {
			t.Fatalf("%s(%q): jsonv2 says %v, jsondoc.Unmarshal says %v", shape.name, text, wantErr, probs)
		}
		if probs != nil {
			p := probs[0]
			if p.Kind != problem.KindParse || p.Source != problem.SourceRequest || p.Message == "" {
				t.Fatalf("%s(%q): the refusal is not a parse problem of the request: %+v", shape.name, text, p)
			}
			if p.Offset >= 0 && (p.Line == 0 || p.Column == 0) {
				t.Fatalf("%s(%q): the refusal has an offset but no line and column: %+v", shape.name, text, p)
			}
			continue
		}
		if !reflect.DeepEqual(want.Elem().Interface(), got.Elem().Interface()) {
			t.Fatalf("%s(%q): jsonv2 reads %#v, jsondoc.Unmarshal reads %#v", shape.name, text, want.Elem().Interface(), got.Elem().Interface())
		}
	}
}

// requestTexts are requests for every function, well-formed and not, and the edges of JSON that
// decoders disagree on.
var requestTexts = []string{
	`{}`, `null`, ` {"schema":"{}","instance":"1"} `, `{"schema":"{\"type\":\"string\"}","instance":"\"x\"","lang":"fr"}`,
	`{"schema":"a","instance":"b","draft":"7","resources":{"https://x.example/a.json":"{}","b":"c"},"assertFormats":true}`,
	`{"resources":{}}`, `{"resources":null}`, `{"resources":{"a":null}}`, `{"resources":{"a":1}}`, `{"resources":{"a":"x","a":"y"}}`,
	`{"resources":[]}`, `{"assertFormats":"true"}`, `{"assertFormats":1}`, `{"assertFormats":null}`, `{"assertFormats":false}`,
	`{"schema":1}`, `{"schema":null}`, `{"schema":true}`, `{"schema":[]}`, `{"schema":{}}`, `{"Schema":"x"}`, `{"SCHEMA":"x","schema":"y"}`,
	`{"schema":"a","schema":"b"}`, `{"a":1,"a":2}`, `{"unknown":1}`, `{"unknown":{"deep":[1,2,{"x":null}]}}`, `{"unknown":[1,}`,
	`[]`, `[{}]`, `""`, `"x"`, `1`, `true`, ``, ` `, `{`, `{"schema":`, `{"schema":"x"`, `{"schema":"x",}`, `{"schema":"x"} {}`,
	`{"schema":"x"}x`, `{} `, "\ufeff{}", "{\"schema\":\"\xff\"}", `{"schema":"\ud800"}`, `{"schema":"\ud83d\ude00 é \u00e9 \/ \\ \" \n"}`,
	"{\"sch\\u0065ma\":\"x\"}", `{"call":"{}","catalog":"[]","policy":"{}","lang":"de"}`, `{"decision":"d","policy":"p","schema":"s"}`,
	`{"left":"a","right":"b","mode":"catalog","omitPatch":true,"ignoreArrayOrder":true}`, `{"mode":1}`, `{"omitPatch":0}`,
	`{"text":"{}","indent":"  ","source":"call"}`, `{"catalog":"[]","ignore":"{}"}`, `{"result":"r","tool":"t","call":"c"}`,
	`{"transcript":"[]","catalog":"[]","policy":"{}"}`, `{"fragment":"#v1.abc"}`, `{"fragment":""}`,
	`{"findings":[],"uri":"x"}`, `{"findings":null}`, `{"findings":{}}`, `{"findings":[null]}`, `{"findings":[1]}`,
	`{"findings":[{"rule":"r","severity":"high","tool":"t","pointer":"/0","message":"m","evidence":"e","line":3,"column":4,"why":"w","decodedFrom":"base64","suppression":{"reason":"ok","line":1,"column":2}}]}`,
	`{"findings":[{"line":1.5}]}`, `{"findings":[{"line":1e2}]}`, `{"findings":[{"line":-0}]}`, `{"findings":[{"line":-1}]}`,
	`{"findings":[{"line":9223372036854775807}]}`, `{"findings":[{"line":9223372036854775808}]}`, `{"findings":[{"line":-9223372036854775808}]}`,
	`{"findings":[{"line":-9223372036854775809}]}`, `{"findings":[{"line":"1"}]}`, `{"findings":[{"line":null,"suppression":null}]}`,
	`{"findings":[{"suppression":{}}]}`, `{"findings":[{"suppression":{"reason":1}}]}`, `{"findings":[{"at":5}]}`, `{"findings":[{"rule":"a","rule":"b"}]}`,
	`{"suppressed":[{"rule":"x"}],"ignoreUri":"i"}`, `{"findings":[{}, {"tool":"t"}]}`,
	`{"pane":"diff","panes":{"schema":{"schema":"s","instance":"i","draft":"7","resources":{"u":"v"},"assertFormats":true},"decision":{"call":"c","catalog":"k","policy":"p","decision":"d","schema":"s","mode":"session","transcript":"t","result":"r"},"diff":{"left":"l","right":"r","mode":"m","ignoreArrayOrder":true}},"options":{"lang":"fr"}}`,
	`{"pane":"schema","lang":"de"}`, `{"panes":{"diff":{"left":["a"]}}}`, `{"panes":{"diff":{"extra":1}}}`, `{"panes":null}`, `{"options":{"Lang":"fr"}}`,
	`{"state":{"pane":"x"}}`, `{"pane":"x","pane":"y"}`, `{"panes":{"schema":{"resources":{"a":"b","a":"c"}}}}`,
	"{\"schema\":\"x\"\n,\n\"instance\" : \"y\"\t}", `{"schema":"x"}` + strings.Repeat(" ", 10), `{"a":` + strings.Repeat("[", 200) + strings.Repeat("]", 200) + `}`,
	`{"a":1e400}`, `{"a":01}`, `{"a":.5}`, `{"a":-}`, `{"a":tru}`, `{"a":nul}`, `{'a':1}`, `{"a":"\x"}`, "{\"a\":\"\t\"}",
}

func TestRequestDecodingAgreesWithJSONv2(t *testing.T) {
	for _, text := range requestTexts {
		agree(t, text)
	}
	// Each function's own requests, as the tests and the page send them, are read the same.
	for _, name := range FullAPI().Functions() {
		agree(t, `{"lang":"fr","`+name+`":"x"}`)
	}
}

// FuzzUnmarshalAgreesWithJSONv2: any text, every request type, the same verdict and value.
func FuzzUnmarshalAgreesWithJSONv2(f *testing.F) {
	for _, text := range requestTexts {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		agree(t, text)
	})
}

// A refused request says where, in the request's own terms.
func TestRequestRefusalIsPlaced(t *testing.T) {
	tests := []struct {
		fn, request, contains, pointer string
		line, column                   int
	}{
		{"validate", `{"schema": 1}`, "/schema should be a string, not a number", "/schema", 1, 12},
		{"sarif", "{\n \"findings\": [{\"line\": 1.5}]}", "/findings/0/line should be an integer that fits, not 1.5", "/findings/0/line", 2, 24},
		{"validate", `{"schema":"a","schema":"b"}`, `duplicate key "schema"`, "/schema", 1, 15},
		{"lint", `[]`, "the root should be an object, not an array", "", 1, 1},
	}
	for _, tt := range tests {
		answer, _ := Call(tt.fn, tt.request)
		var res struct {
			Problems Problems `json:"problems"`
		}
		if err := jsonv2.Unmarshal(answer, &res); err != nil || len(res.Problems) != 1 {
			t.Fatalf("%s: %s", tt.request, answer)
		}
		p := res.Problems[0]
		if !strings.Contains(p.Message, tt.contains) || p.InstanceLocation != tt.pointer || p.Line != tt.line || p.Column != tt.column {
			t.Errorf("%s: got %+v, want %q at %s %d:%d", tt.request, p, tt.contains, tt.pointer, tt.line, tt.column)
		}
	}
}
