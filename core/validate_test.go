package core_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/problem"

	"github.com/gatehouse-dev/gatehouse/core"
)

func TestValidateProblems(t *testing.T) {
	type want struct {
		source            problem.Source
		kind              problem.Kind
		instance, keyword string
		line, col         int
		contains          string
	}
	tests := []struct {
		name     string
		req      core.ValidateRequest
		valid    bool
		problems []want
	}{
		{"valid", core.ValidateRequest{Schema: `{"type":"object"}`, Instance: `{}`}, true, nil},
		// Keys with "/" and "~" are escaped in pointers and still found in the text.
		{"escaped keys", core.ValidateRequest{
			Schema:   `{"properties":{"a/b":{"properties":{"m~n":{"type":"string"}}}}}`,
			Instance: "{\n  \"a/b\": {\"m~n\": 5}\n}"}, false,
			[]want{{problem.SourceInstance, problem.KindValidation, "/a~1b/m~0n", "/properties/a~1b/properties/m~0n/type", 2, 18, "want string"}}},
		// A key written with escapes is matched by its decoded name; columns count code points.
		{"unicode and escapes", core.ValidateRequest{
			Schema:   `{"properties":{"é":{"maximum":1}}}`,
			Instance: `{"日本": 1, "\u00e9": 2}`}, false,
			[]want{{problem.SourceInstance, problem.KindValidation, "/é", "/properties/é/maximum", 1, 21, "must be at most 1; it is 2"}}},
		// An additional property is shown at its name, where the reader's eye goes.
		{"additional property at its name", core.ValidateRequest{
			Schema:   `{"additionalProperties":false,"properties":{"to":{}}}`,
			Instance: "{\"to\": 1,\n \"bcc\": \"x@evil.example\"}"}, false,
			[]want{{problem.SourceInstance, problem.KindValidation, "", "/additionalProperties", 2, 2, "'bcc' not allowed"}}},
		{"exact big numbers", core.ValidateRequest{
			Schema:   `{"maximum":12345678901234567890}`,
			Instance: `12345678901234567891`}, false,
			[]want{{problem.SourceInstance, problem.KindValidation, "", "/maximum", 1, 1, "must be at most 12345678901234567890; it is 12345678901234567891"}}},
		{"schema parse error", core.ValidateRequest{Schema: "{\n\"type\": }", Instance: `1`}, false,
			[]want{{problem.SourceSchema, problem.KindParse, "/type", "", 2, 9, "missing value"}}},
		{"both texts broken", core.ValidateRequest{Schema: "{", Instance: `[1,]`}, false,
			[]want{{problem.SourceSchema, problem.KindParse, "", "", 1, 2, "ends before"}, {problem.SourceInstance, problem.KindParse, "", "", 1, 3, "trailing comma"}}},
		{"duplicate key in the schema", core.ValidateRequest{Schema: `{"type":"string","type":"number"}`, Instance: `1`}, false,
			[]want{{problem.SourceSchema, problem.KindParse, "/type", "", 1, 18, "duplicate key"}}},
		{"schema does not compile", core.ValidateRequest{Schema: "{\n \"minimum\": \"zero\"\n}", Instance: `1`}, false,
			[]want{{problem.SourceSchema, problem.KindSchema, "", "/minimum", 2, 13, "want number"}}},
		// RE2 cannot run lookahead; saying so beats a silent pass or a freeze.
		{"pattern RE2 cannot compile", core.ValidateRequest{Schema: `{"pattern":"^(?!admin)"}`, Instance: `"x"`}, false,
			[]want{{problem.SourceSchema, problem.KindSchema, "", "/pattern", 1, 12, "regex"}}},
		{"ref to a document not pasted", core.ValidateRequest{Schema: `{"properties":{"a":{"$ref":"defs.json#/x"}}}`, Instance: `{}`}, false,
			[]want{{problem.SourceSchema, problem.KindSchema, "", "/properties/a/$ref", 1, 28, "never fetches"}}},
		{"unknown draft", core.ValidateRequest{Schema: `{}`, Instance: `1`, Draft: "3"}, false,
			[]want{{problem.SourceSchema, problem.KindSchema, "", "", 0, 0, "unknown draft"}}},
		{"resource parse error", core.ValidateRequest{Schema: `{}`, Instance: `1`, Resources: map[string]string{"https://x.example/a.json": "{"}}, false,
			[]want{{problem.SourceSchema, problem.KindParse, "", "", 1, 2, "resource https://x.example/a.json"}}},
		{"relative resource URL", core.ValidateRequest{Schema: `{}`, Instance: `1`, Resources: map[string]string{"a.json": "{}"}}, false,
			[]want{{problem.SourceSchema, problem.KindSchema, "", "", 0, 0, "must be absolute"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := core.Validate(tt.req)
			if res.Valid != tt.valid {
				t.Fatalf("valid = %v, want %v (%v)", res.Valid, tt.valid, res.Problems)
			}
			if len(res.Problems) != len(tt.problems) {
				t.Fatalf("got %d problems %v, want %d", len(res.Problems), res.Problems, len(tt.problems))
			}
			for i, w := range tt.problems {
				p := res.Problems[i]
				if p.Source != w.source || p.Kind != w.kind || p.InstanceLocation != w.instance || p.KeywordLocation != w.keyword ||
					p.Line != w.line || p.Column != w.col || !strings.Contains(p.Message, w.contains) {
					t.Errorf("problem %d:\n got %s %s inst=%q kw=%q %d:%d %q\nwant %s %s inst=%q kw=%q %d:%d containing %q",
						i, p.Source, p.Kind, p.InstanceLocation, p.KeywordLocation, p.Line, p.Column, p.Message,
						w.source, w.kind, w.instance, w.keyword, w.line, w.col, w.contains)
				}
			}
		})
	}
}

func TestValidateDrafts(t *testing.T) {
	// exclusiveMaximum changed meaning between draft 4 (a boolean) and 6 (a number).
	d4 := core.Validate(core.ValidateRequest{Schema: `{"maximum":5,"exclusiveMaximum":true}`, Instance: `5`, Draft: "4"})
	if d4.Valid {
		t.Error("draft 4: 5 must fail maximum 5 exclusive")
	}
	d2020 := core.Validate(core.ValidateRequest{Schema: `{"maximum":5,"exclusiveMaximum":true}`, Instance: `5`})
	if d2020.Valid || d2020.Problems[0].Source != problem.SourceSchema {
		t.Errorf("2020-12: a boolean exclusiveMaximum is a schema problem, got %+v", d2020)
	}
	// $schema wins over the chosen draft.
	s := core.Validate(core.ValidateRequest{Schema: `{"$schema":"http://json-schema.org/draft-04/schema#","maximum":5,"exclusiveMaximum":true}`, Instance: `5`, Draft: "2020-12"})
	if s.Valid || s.Problems[0].Source != problem.SourceInstance {
		t.Errorf("$schema draft-04 must apply, got %+v", s)
	}
}

func TestValidateResources(t *testing.T) {
	res := core.Validate(core.ValidateRequest{
		Schema:    `{"$id":"https://example.com/root.json","properties":{"n":{"$ref":"defs.json#/$defs/small"}}}`,
		Instance:  "{\n \"n\": 50\n}",
		Resources: map[string]string{"https://example.com/defs.json": `{"$defs":{"small":{"maximum":10}}}`},
	})
	if res.Valid || len(res.Problems) != 1 {
		t.Fatalf("got %+v", res)
	}
	if p := res.Problems[0]; p.InstanceLocation != "/n" || p.Line != 2 || p.Column != 7 || p.KeywordLocation != "/properties/n/$ref/maximum" {
		t.Errorf("got %+v", p)
	}
}

// A hostile pattern cannot freeze validation: RE2 runs in linear time.
func TestValidateHostilePattern(t *testing.T) {
	res := core.Validate(core.ValidateRequest{Schema: `{"pattern":"^(a+)+$"}`, Instance: `"` + strings.Repeat("a", 50000) + `!"`})
	if res.Valid {
		t.Error("want invalid")
	}
}

// A problem inside a resource names that resource, and its line and column are in its text.
func TestValidateResourceProblemNamesItsDocument(t *testing.T) {
	const u = "https://example.com/defs.json"
	res := core.Validate(core.ValidateRequest{
		Schema:    `{"$ref":"https://example.com/defs.json"}`,
		Instance:  `1`,
		Resources: map[string]string{u: "{\n  \"minimum\": \"zero\"\n}"},
	})
	if len(res.Problems) != 1 {
		t.Fatalf("got %v", res.Problems)
	}
	if p := res.Problems[0]; p.Document != u || p.Line != 2 || p.Column != 14 || p.Source != problem.SourceSchema {
		t.Errorf("got %+v", p)
	}
	parse := core.Validate(core.ValidateRequest{Schema: `{}`, Instance: `1`, Resources: map[string]string{u: "{\n,"}})
	if p := parse.Problems[0]; p.Document != u || p.Line != 2 || p.Column != 1 {
		t.Errorf("parse problem: got %+v", p)
	}
}

// Messages a person understands, for what the library words poorly: numbers shown as written
// (not as doubles that print alike), draft 4's boolean exclusiveMaximum, an unknown $schema, a
// misspelt type, and which alternative of a oneOf fits best.
func TestValidateMessages(t *testing.T) {
	tests := []struct {
		name, schema, instance string
		keyword, contains      string
	}{
		{"numbers past the 17th digit", `{"maximum":12345678901234567890}`, `12345678901234567891`,
			"/maximum", "must be at most 12345678901234567890; it is 12345678901234567891"},
		{"draft 4 exclusiveMaximum", `{"$schema":"http://json-schema.org/draft-04/schema#","maximum":10,"exclusiveMaximum":true}`, `10`,
			"/exclusiveMaximum", "must be less than 10; it is 10"},
		{"small fractions exactly", `{"multipleOf":0.01}`, `0.015`, "/multipleOf", "must be a multiple of 0.01; it is 0.015"},
		{"exponent as written", `{"minimum":1e3}`, `1E2`, "/minimum", "must be at least 1000; it is 1E2"},
		{"unknown $schema", `{"$schema":"https://example.com/my-meta","type":"string"}`, `1`,
			"/$schema", `unknown metaschema "https://example.com/my-meta": gatehouse knows drafts 4, 6, 7, 2019-09 and 2020-12`},
		{"misspelt type", `{"type":"strnig"}`, `1`, "/type", `unknown type "strnig": the types are array, boolean, integer, null, number, object, string (did you mean "string"?)`},
		{"misspelt type in a list", `{"properties":{"a":{"type":["number","bolean"]}}}`, `1`, "/properties/a/type", `unknown type "bolean"`},
		// Every false schema says what it refused and which keyword refused it.
		{"unevaluatedProperties false", `{"properties":{"a":{}},"unevaluatedProperties":false}`, `{"a":1,"x":2}`,
			"/unevaluatedProperties", `property "x" is not allowed here (unevaluatedProperties: false)`},
		{"a false property", `{"properties":{"a":false}}`, `{"a":1}`, "/properties/a", `property "a" is not allowed here (its schema in properties is false)`},
		{"patternProperties false", `{"patternProperties":{"^x":false}}`, `{"xa":1}`, "/patternProperties/^x", `property "xa" is not allowed here (patternProperties "^x": false)`},
		{"unevaluatedItems false", `{"prefixItems":[{}],"unevaluatedItems":false}`, `[1,2]`, "/unevaluatedItems", `item 1 is not allowed here (unevaluatedItems: false)`},
		{"items false", `{"prefixItems":[{}],"items":false}`, `[1,2]`, "/items", `item 1 is not allowed here (items: false)`},
		{"a false prefix item", `{"prefixItems":[false]}`, `[1]`, "/prefixItems/0", `item 0 is not allowed here (prefixItems/0: false)`},
		{"the schema false", `false`, `1`, "", `the schema is false: no value is allowed`},
		{"propertyNames false", `{"propertyNames":false}`, `{"a":1}`, "/propertyNames", `no property is allowed here (propertyNames: false)`},
		{"contains false", `{"contains":false}`, `[1]`, "/contains", `none can match (contains: false)`},
		{"dependentSchemas false", `{"dependentSchemas":{"a":false}}`, `{"a":1}`, "/dependentSchemas/a", `property "a" is not allowed here (dependentSchemas "a": false)`},
		{"a false schema elsewhere", `{"allOf":[false]}`, `1`, "/allOf/0", `no value is allowed here (the schema at /allOf/0 is false)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := core.Validate(core.ValidateRequest{Schema: tt.schema, Instance: tt.instance})
			if res.Valid || len(res.Problems) != 1 {
				t.Fatalf("want exactly one problem, got %+v", res.Problems)
			}
			if p := res.Problems[0]; p.KeywordLocation != tt.keyword || !strings.Contains(p.Message, tt.contains) {
				t.Errorf("got %s: %q, want %s containing %q", p.KeywordLocation, p.Message, tt.keyword, tt.contains)
			}
		})
	}
}

// A value that matches no alternative of a oneOf keeps every failure in the list, each saying
// which alternative it is in, and the alternative that fits best — here the one whose "kind"
// const matches — is marked, so a view shows its failures and folds the others.
func TestValidateAlternatives(t *testing.T) {
	schema := `{"type":"array","items":{"oneOf":[
		{"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"string"}},"required":["kind","x"]},
		{"type":"object","properties":{"kind":{"const":"b"},"y":{"type":"number"}},"required":["kind","y"]}]}}`
	res := core.Validate(core.ValidateRequest{Schema: schema, Instance: `[{"kind":"b","y":"s"},{"kind":"a","x":1},{"kind":"c"}]`})
	best := map[string]int{}
	for _, p := range res.Problems {
		if p.Alternative == nil || !strings.HasSuffix(p.Alternative.Of, "/oneOf") {
			t.Fatalf("problem without its alternative: %+v", p)
		}
		if p.Alternative.Best {
			item := p.InstanceLocation[:2]
			if b, seen := best[item]; seen && b != p.Alternative.Branch {
				t.Errorf("item %s has two best alternatives", item)
			}
			best[item] = p.Alternative.Branch
		}
	}
	if best["/0"] != 1 || best["/1"] != 0 {
		t.Errorf("best alternatives %v, want /0 → 1 (kind b) and /1 → 0 (kind a)", best)
	}
	if _, ok := best["/2"]; !ok {
		t.Errorf("an item matching no discriminator still gets a best alternative: %v", best)
	}
}

// "format" is an annotation unless asserted: "not-an-email" passes, and the answer says what
// asserting formats would report; with AssertFormats it fails.
func TestValidateFormats(t *testing.T) {
	req := core.ValidateRequest{Schema: `{"properties":{"email":{"type":"string","format":"email"}}}`, Instance: `{"email":"not-an-email"}`}
	res := core.Validate(req)
	if !res.Valid || len(res.UnassertedFormats) != 1 {
		t.Fatalf("formats not asserted: want valid with one unasserted format, got %+v", res)
	}
	if p := res.UnassertedFormats[0]; p.KeywordLocation != "/properties/email/format" || p.InstanceLocation != "/email" || p.Line != 1 {
		t.Errorf("the unasserted format is not placed: %+v", p)
	}
	req.AssertFormats = true
	res = core.Validate(req)
	if res.Valid || len(res.Problems) != 1 || res.UnassertedFormats != nil {
		t.Fatalf("formats asserted: want one problem, got %+v", res)
	}
	req.Instance = `{"email":"a@example.com"}`
	if res := core.Validate(req); !res.Valid || res.UnassertedFormats != nil {
		t.Errorf("a good address: %+v", res)
	}
	req.AssertFormats = false
	if res := core.Validate(req); !res.Valid || res.UnassertedFormats != nil {
		t.Errorf("a good address, formats not asserted: %+v", res)
	}
}

// TestValidateResultJSON: the answer's own writer gives exactly what encoding/json gives for its
// fields, on answers with every list empty or full, with oneOf groups, in two languages, and
// with texts that need escaping.
func TestValidateResultJSON(t *testing.T) {
	oneOf := `{"items":{"oneOf":[{"properties":{"kind":{"const":"a"}},"required":["kind"]},{"properties":{"kind":{"const":"b"}},"required":["kind"]}]}}`
	requests := []core.ValidateRequest{
		{Schema: `{"type":"string"}`, Instance: `"ok"`},
		{Schema: `{"type":"string"}`, Instance: `1`},
		{Schema: `{"format":"email"}`, Instance: `"<not&mail>"`},
		{Schema: oneOf, Instance: `[{"kind":"x"},{"kind":"a"},{"kind":"\u2028<z>"}]`, Lang: "fr"},
		{Schema: `{"properties":{"<&>":{"enum":["\u00e9"]}}}`, Instance: `{"<&>":"e"}`, Lang: "de"},
		{Schema: `{`, Instance: `{`, Lang: "xx"},
		{},
	}
	type plain struct {
		Valid             bool             `json:"valid"`
		Problems          core.Problems    `json:"problems"`
		UnassertedFormats core.Problems    `json:"unassertedFormats,omitempty"`
		Unmatched         []core.Unmatched `json:"unmatched,omitempty"`
	}
	results := []core.ValidateResult{{}, {Problems: core.Problems{}, UnassertedFormats: core.Problems{}, Unmatched: []core.Unmatched{}}}
	for _, req := range requests {
		results = append(results, core.Validate(req))
	}
	for i, res := range results {
		got, err := res.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(plain(res))
		if !bytes.Equal(got, want) {
			t.Errorf("answer %d:\n got %s\nwant %s", i, got, want)
		}
		if api, _ := json.Marshal(res); !bytes.Equal(api, want) {
			t.Errorf("answer %d through encoding/json:\n got %s\nwant %s", i, api, want)
		}
	}
}
