package core

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

// Describe is written by hand; it must be what encoding/json writes, for each table.
func TestDescribeAsJSONMarshal(t *testing.T) {
	for _, api := range []API{FullAPI(), SchemaAPI()} {
		want, err := json.Marshal(struct {
			Version   string   `json:"version"`
			Functions []string `json:"functions"`
		}{Version, api.Functions()})
		if err != nil {
			t.Fatal(err)
		}
		if got := api.Describe(); !bytes.Equal(got, want) {
			t.Errorf("Describe() = %s, json.Marshal writes %s", got, want)
		}
	}
}

// The page's first module serves SchemaAPI and its full one FullAPI: for every function they
// share, both must answer every request byte for byte alike, refusals included; about says what
// each module knows (TestSchemaModuleAboutIsAboutsPart holds the two to each other).
func TestSchemaAPIAnswersAsFullAPI(t *testing.T) {
	full, part := FullAPI(), SchemaAPI()
	if served := part.Functions(); !slices.Equal(served, []string{"about", "decodeState", "encodeState", "format", "validate"}) {
		t.Fatalf("SchemaAPI serves %v", served)
	}
	names := []string{"decodeState", "encodeState", "format", "validate"}
	made, _ := full.Call("encodeState", `{"pane": "diff", "panes": {"diff": {"left": "[1]", "right": "[2]"}, "schema": {"schema": "{}", "instance": "12345678901234567890"}}, "options": {"lang": "de"}}`)
	var link struct{ Fragment string }
	if err := json.Unmarshal(made, &link); err != nil || link.Fragment == "" {
		t.Fatalf("no link: %s", made)
	}
	for _, name := range names {
		if !slices.Contains(full.Functions(), name) {
			t.Fatalf("SchemaAPI serves %s, which the whole API does not", name)
		}
	}
	if _, ok := part.Call("lint", `{}`); ok {
		t.Fatal("SchemaAPI answers lint")
	}
	requests := map[string][]string{
		"validate": {
			`{"schema": "{\"type\": \"object\", \"required\": [\"a\"]}", "instance": "{\"b\": 1}"}`,
			`{"schema": "{\"type\": \"object\", \"required\": [\"a\"]}", "instance": "{\"b\": 1}", "lang": "fr"}`,
			`{"schema": "{\"type\": \"object\", \"required\": [\"a\"]}", "instance": "{\"b\": 1}", "lang": "de"}`,
			`{"schema": "{\"type\": \"string\"}", "instance": "1", "lang": "xx"}`,
			`{"schema": "{\"type\": \"string\", \"format\": \"email\"}", "instance": "\"not-an-email\""}`,
			`{"schema": "{\"type\": \"string\", \"format\": \"email\"}", "instance": "\"not-an-email\"", "assertFormats": true, "lang": "de"}`,
			`{"schema": "{\"oneOf\": [{\"type\": \"string\"}, {\"minimum\": 10}]}", "instance": "3"}`,
			`{"schema": "{\"$ref\": \"other.json\"}", "instance": "1", "resources": {"other.json": "{\"maximum\": 0}"}}`,
			`{"schema": "{\"items\": {\"type\": \"integer\"}}", "instance": "[1, 2.5, 12345678901234567890]", "draft": "4"}`,
			`{"schema": "{\"type\": \"bogus\"}", "instance": "1", "draft": "7"}`,
			`{"schema": "{", "instance": "{\"a\": 1, \"a\": 2}"}`,
			`{"schema": "{}", "instance": "null"}`,
			`{"schema": "{}", "instance": "null", "unknown": 1}`,
			`not json`,
			`[]`,
			``,
		},
		"encodeState": {
			`{"pane": "decision", "panes": {"decision": {"call": "{}", "catalog": "[]", "policy": "{}", "mode": "gate"}}, "options": {"lang": "fr"}}`,
			`{"pane": "schema", "panes": {"schema": {"schema": "{}", "instance": "1", "draft": "7", "resources": {"a.json": "{}"}, "assertFormats": true}}, "lang": "de"}`,
			`{"pane": "schema", "lang": "xx"}`,
			`{"pane": 1}`,
			`not json`,
		},
		"decodeState": {
			`{"fragment": "` + link.Fragment + `"}`,
			`{"fragment": "` + link.Fragment[1:] + `", "lang": "fr"}`,
			`{"fragment": "#v1.AAAA", "lang": "de"}`,
			`{"fragment": "#v9.abc"}`,
			`{"fragment": ""}`,
			`not json`,
		},
		"format": {
			`{"text": "{\"b\":[1,2.50,1e400]}"}`,
			`{"text": "{\"a\": 1, \"a\": 2}", "lang": "fr"}`,
			`{"text": "[1,"}`,
			`{"text": 3}`,
			`not json`,
		},
	}
	for _, name := range names {
		if len(requests[name]) == 0 {
			t.Fatalf("no requests for %s", name)
		}
		for _, request := range requests[name] {
			want, _ := full.Call(name, request)
			got, ok := part.Call(name, request)
			if !ok || !bytes.Equal(got, want) {
				t.Errorf("%s(%s):\nSchemaAPI %s\nwhole API %s", name, request, got, want)
			}
		}
		want, _ := full.Refuse(name, "no request")
		got, ok := part.Refuse(name, "no request")
		if !ok || !bytes.Equal(got, want) {
			t.Errorf("%s refused:\nSchemaAPI %s\nwhole API %s", name, got, want)
		}
	}
}
