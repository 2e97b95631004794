package core_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/testenv"

	"github.com/gatehouse-dev/gatehouse/core"
)

// languages are the languages a translation test runs in: every one but English.
var languages = []string{"fr", "de"}

// corpusCall is one call of the API, as the JavaScript API makes it.
type corpusCall struct {
	name    string // what it is, for a failure
	fn      string // the API function
	request map[string]any
}

// translationCorpus is every input the translation tests run in each language: the project's
// examples (gate, diff, lint, lock, seed 000), the CLI's inputs, the official JSON Schema test
// suite's invalid instances, real MCP catalogs, and texts written here to reach the messages
// those do not: each kind of parse error, bad policies and rules, bad schemas, damaged links.
func translationCorpus(t *testing.T) []corpusCall {
	t.Helper()
	var calls []corpusCall
	add := func(name, fn string, request map[string]any) {
		calls = append(calls, corpusCall{name, fn, request})
	}
	read := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	entries := func(dir string) []os.DirEntry {
		es, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		return es
	}

	// The gate's examples, and each with the CLI's policy instead.
	for _, e := range entries(gateDir) {
		dir := filepath.Join(gateDir, e.Name())
		add("gate/"+e.Name(), "gate", map[string]any{"call": read(filepath.Join(dir, "call.json")),
			"catalog": read(filepath.Join(dir, "catalog.json")), "policy": read(filepath.Join(dir, "policy.json"))})
	}
	// The diff's examples, in every mode.
	for _, e := range entries("../testdata/diff") {
		dir := filepath.Join("../testdata/diff", e.Name())
		for _, mode := range []string{"auto", "patch", "catalog", "lock"} {
			add("diff/"+e.Name()+"/"+mode, "diff", map[string]any{"left": read(filepath.Join(dir, "left.json")),
				"right": read(filepath.Join(dir, "right.json")), "mode": mode})
			add("diff/"+e.Name()+"/"+mode+"/reversed", "diff", map[string]any{"left": read(filepath.Join(dir, "right.json")),
				"right": read(filepath.Join(dir, "left.json")), "mode": mode})
		}
	}
	// A lock verified against today's catalog.
	approved := core.PinCatalog(core.PinRequest{Catalog: read("../testdata/lock/approved.json")})
	lock, _ := json.Marshal(approved.Pins)
	add("lock/now", "diff", map[string]any{"left": string(lock), "right": read("../testdata/lock/now.json")})
	// Lint: the poisoned and benign catalogs, the README's, real servers' catalogs.
	err := filepath.WalkDir("../testdata/lint", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") {
			add("lint/"+path, "lint", map[string]any{"catalog": read(path)})
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	mcp := testenv.SharedDir(t, "corpora/mcp-catalogs")
	for _, e := range entries(mcp) {
		if strings.HasSuffix(e.Name(), ".json") {
			add("mcp/"+e.Name(), "lint", map[string]any{"catalog": read(filepath.Join(mcp, e.Name()))})
		}
	}
	// The CLI's inputs.
	in := func(name string) string { return read(filepath.Join("../cmd/gatehouse/testdata/in", name)) }
	add("cli/lint-ignore", "lint", map[string]any{"catalog": in("catalog.v2.json"), "ignore": in("lint.ignore.json")})
	add("cli/lint-ignore-bad", "lint", map[string]any{"catalog": in("catalog.v2.json"), "ignore": in("lint.ignore.bad.json")})
	for _, c := range []string{"call.allow.json", "call.ask.json", "call.badargs.json", "call.deny.json", "calls.json", "email.ok.json", "truncated.json"} {
		add("cli/gate/"+c, "gate", map[string]any{"call": in(c), "catalog": in("catalog.json"), "policy": in("policy.json")})
	}
	for _, d := range []string{"decision.deny.json", "decision.refused.json", "decision.yes.json", "duplicate.json"} {
		add("cli/check/"+d, "checkDecision", map[string]any{"decision": in(d), "policy": in("policy.json")})
		add("cli/check-seed/"+d, "checkDecision", map[string]any{"decision": in(d), "schema": in("decision.seed.schema.json")})
	}
	add("cli/verify", "diff", map[string]any{"left": in("tools.lock.json"), "right": in("catalog.v2.json"), "mode": "lock"})
	add("cli/validate", "validate", map[string]any{"schema": in("email.schema.json"), "instance": in("email.bad.json")})
	add("cli/validate-ref-missing", "validate", map[string]any{"schema": in("ref.schema.json"), "instance": in("address.json")})
	add("cli/validate-resource-bad", "validate", map[string]any{"schema": in("ref.schema.json"), "instance": in("address.json"),
		"resources": map[string]string{"https://example.com/defs.json": in("truncated.json")}})
	add("seed000", "checkDecision", map[string]any{"decision": testenv.SeedText("decision.json"), "schema": testenv.SeedText("schema.json")})

	// The official suite's invalid instances, every draft.
	suites := testenv.SharedDir(t, "suites/JSON-Schema-Test-Suite/tests")
	drafts := map[string]string{"draft4": "4", "draft6": "6", "draft7": "7", "draft2019-09": "2019-09", "draft2020-12": "2020-12"}
	for dir, draft := range drafts {
		files, _ := filepath.Glob(filepath.Join(suites, dir, "*.json"))
		for _, file := range files {
			var groups []struct {
				Schema json.RawMessage `json:"schema"`
				Tests  []struct {
					Data  json.RawMessage `json:"data"`
					Valid bool            `json:"valid"`
				} `json:"tests"`
			}
			if err := json.Unmarshal([]byte(read(file)), &groups); err != nil {
				t.Fatal(err)
			}
			for _, g := range groups {
				for _, c := range g.Tests {
					if !c.Valid {
						add("suite/"+dir+"/"+filepath.Base(file), "validate", map[string]any{"schema": string(g.Schema), "instance": string(c.Data), "draft": draft})
					}
				}
			}
		}
	}

	// Texts that are not strict JSON, one per kind of mistake.
	for _, text := range []string{"", "   ", `{"a":1,}`, `[1,2,]`, `{'a':1}`, `{a:1}`, `{"a":True}`, `{"a":None}`, `{"a":NaN}`,
		`{"a":tru}`, `{"a":1} // note`, `{"a":1 /* c */}`, `{"a":01}`, "{\"a\":\"x\ny\"}", "{\"a\":\"x\ty\"}", `{"a" 1}`, `{"a":1,,"b":2}`,
		`{"a":1}{"b":2}`, `{"a":1,"a":2}`, `{"a":"\x"}`, `{"a":"\ud800x"}`, `{"a":1 "b":2}`, `[1 2]`, `{1:2}`, `{"a":}`, `]`, `{"a":[1,2}`,
		"\"\xff\"", strings.Repeat("[", 200) + strings.Repeat("]", 200), `{"a":-}`, `{"a":1.}`, `{"a":"b"`, `{"type": string}`} {
		add("parse", "validate", map[string]any{"schema": `{}`, "instance": text})
		add("parse/format", "format", map[string]any{"text": text, "indent": "  "})
	}
	add("format/indent", "format", map[string]any{"text": `{}`, "indent": "xx"})

	// Schemas that do not compile.
	for _, schema := range []string{`{"type":"strnig"}`, `{"type":["string","numbr"]}`, `{"pattern":"(?=x)"}`, `{"$schema":"https://example.com/my-meta"}`,
		`{"$ref":"https://example.com/missing.json"}`, `{"$ref":"#/definitions/nope"}`, `{"minLength":-1}`, `{"format":"regex","pattern":"a(?<=b)"}`,
		`{"properties":{"a":{"type":"strnig"}}}`, `{"$id":"http://x/a","$defs":{"b":{"$id":"http://x/a"}}}`, `{"$anchor":"a b"}`,
		`{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/a"}}}`, `{"enum":[]}`, `{"required":"a"}`} {
		add("schema/"+schema, "validate", map[string]any{"schema": schema, "instance": `{"a":1}`})
	}
	add("schema/draft", "validate", map[string]any{"schema": `{}`, "instance": `1`, "draft": "3"})
	add("schema/resource-url", "validate", map[string]any{"schema": `{}`, "instance": `1`, "resources": map[string]string{"defs.json": `{}`}})
	add("schema/resource-bad", "validate", map[string]any{"schema": `{"$ref":"https://example.com/d.json"}`, "instance": `1`,
		"resources": map[string]string{"https://example.com/d.json": `{"type":"strnig"}`}})
	// Numbers, formats and alternatives the library words its own way.
	for _, c := range [][2]string{
		{`{"minimum":12345678901234567891}`, `12345678901234567890`}, {`{"exclusiveMaximum":10}`, `10`}, {`{"maximum":1.5}`, `2`},
		{`{"multipleOf":0.1}`, `0.15`}, {`{"exclusiveMinimum":0}`, `0`}, {`{"format":"email"}`, `"x"`}, {`{"format":"ipv4"}`, `"1.2.3"`},
		{`{"format":"date-time"}`, `"2020"`}, {`{"format":"duration"}`, `"P"`}, {`{"format":"json-pointer"}`, `"a"`},
		{`{"oneOf":[{"properties":{"k":{"const":"a"},"x":{"type":"string"}},"required":["k"]},{"properties":{"k":{"const":"b"}}}]}`, `{"k":"a","x":1}`},
		{`{"anyOf":[{"type":"string"},{"type":"number"}]}`, `null`}, {`{"not":{}}`, `1`}, {`false`, `1`},
		{`{"contentEncoding":"base64"}`, `"!!"`}, {`{"maxContains":1,"contains":{}}`, `[1,2]`}, {`{"uniqueItems":true}`, `[1,1]`},
		{`{"dependentRequired":{"a":["b"]}}`, `{"a":1}`}, {`{"propertyNames":{"maxLength":1}}`, `{"ab":1}`},
		{`{"additionalProperties":false}`, `{"a":1,"b":2}`}, {`{"required":["a","b"]}`, `{}`}, {`{"enum":[1,"x"]}`, `2`},
		{`{"const":{"a":1}}`, `2`}, {`{"minProperties":2}`, `{}`}, {`{"maxItems":1}`, `[1,2]`}, {`{"pattern":"^a"}`, `"b"`},
		{`{"$schema":"http://json-schema.org/draft-04/schema#","maximum":10,"exclusiveMaximum":true}`, `10`},
	} {
		add("validate/"+c[0], "validate", map[string]any{"schema": c[0], "instance": c[1]})
	}

	// Policies with problems, and calls that break each kind of rule.
	catalogText := `{"tools":[{"name":"fetch_url","inputSchema":{"type":"object","properties":{"url":{"type":"string"},"path":{"type":"string"},"op":{"type":"string"},"note":{"type":"string"}}}},` +
		`{"name":"open","inputSchema":true},{"name":"bare"},{"name":"scalar","inputSchema":{"type":"string"}}]}`
	for _, policy := range []string{
		`{"allow_tools":["fetch_url"],"grant":[],"arguments":{"fetch_url":{"url":{"hosts":["", " x", "http://a", "[::1", "[::1]x", "[a]", "a:99999", "[fe80::1%eth0]", "a.*.b", "*.com", "a*b", "0x7f.1", "ÄÖ", "` + strings.Repeat("a", 300) + `", "a..b"],"schemes":["1x"]},` +
			`"path":{"workspace":"relative"},"op":{"enum":[]},"note":{"pattern":"(?=x)","max_length":-1},"":{"enum":["a"]}}}}`,
		`{"allow_tools":["fetch_url"],"arguments":{"fetch_url":{"url":{}}}}`,
		`{"allow_tools":["fetch_url"],"arguments":{"fetch_url":{"url":{"schemes":["https"]}}}}`,
		`{"allow_tools":["fetch_url"],"arguments":{"fetch_url":{"path":{"workspace":""}}}}`,
		`{"allow_tools":["fetch_url"],"arguments":{"fetch_url":{"path":{"workspace":"/a\\b"}}}}`,
		`{"allow_tools":["fetch_url"],"arguments":{"fetch_url":{"path":{"workspace":"/a\u0000"}}}}`,
		`{"allow_tools":["fetch_url"],"arguments":{"fetch_url":{"note":{"max_length":1.5}}}}`,
		`{"allow_tools":["fetch_url"],"arguments":{"fetch_url":{"note":{"max_length":1e400}}}}`,
		`{"allow_tools":["fetch_url"],"pins":{"fetch_url":"md5:x"}}`,
		`{"allow_tools":["fetch_url"],"pins":{"fetch_url":"sha256:` + strings.Repeat("0", 64) + `"},"pinned_tools":{"fetch_url":{"name":"fetch_url"}}}`,
		`{"allow_tools":["fetch_url"],"unknown":1}`, `[]`, `{"allow_tools":"x"}`,
	} {
		add("policy/"+policy, "gate", map[string]any{"call": `{"type":"tool_use","id":"1","name":"fetch_url","input":{}}`, "catalog": catalogText, "policy": policy})
	}
	rules := `{"allow_tools":["fetch_url","open","bare","scalar","missing"],"grant":["a"],"requires":{"fetch_url":["b"]},"on_grant_missing":"ask","needs_confirm":["fetch_url"],` +
		`"arguments":{"fetch_url":{"url":{"hosts":["api.example.com","*.example.org:8443"],"schemes":["https"]},"path":{"workspace":"/srv/work"},"op":{"enum":["get","list"],"pattern":"^g"},"note":{"max_length":3,"pattern":"^[a-z]+$"}}}}`
	for _, args := range []string{
		`{"url":"https://evil.example.net/x","path":"../../etc/passwd","op":"drop","note":"hello world"}`,
		`{"url":"//api.example.com/"}`, `{"url":"api.example.com/x"}`, `{"url":"ftp://api.example.com/"}`, `{"url":"https://u:p@api.example.com/"}`,
		`{"url":"https://%61pi.example.com/"}`, `{"url":"https://api.example.com:99999/"}`, `{"url":"https://a.example.org/"}`, `{"url":"https:///x"}`,
		`{"url":"https://2130706433/"}`, `{"url":"https://[fe80::1%25eth0]/"}`, `{"url":"https://[zz]/"}`, `{"url":"https://a b/"}`, `{"url":"https://ÄPI.example.com/"}`, `{"url":1}`,
		`{"path":"~/x"}`, `{"path":"~root/x"}`, `{"path":"C:/x"}`, `{"path":"//share/x"}`, `{"path":"http://x"}`, `{"path":"file://host/x"}`, `{"path":"file://"}`,
		`{"path":"file:x"}`, `{"path":"file:///etc/x"}`, `{"path":"/srv/work/%252e%252e/%252e%252e/etc"}`, `{"path":"/srv/work/a%00b"}`, `{"path":"/srv/work/%c0%ae%c0%ae/x"}`,
		`{"path":"..\\..\\x"}`, `{"path":"/srv/work/` + strings.Repeat("%25", 40) + `"}`, `{"path":1}`, `{"op":1}`, `{"note":1}`,
		`{"note":"AKIA` + strings.Repeat("Z", 16) + `"}`, `{"note":"xx","Note":"yy"}`, `{"AKIA` + strings.Repeat("Q", 16) + `":1,"akia` + strings.Repeat("q", 16) + `":2}`,
	} {
		add("rules/"+args, "gate", map[string]any{"call": `{"type":"tool_use","id":"1","name":"fetch_url","input":` + args + `}`, "catalog": catalogText, "policy": rules})
	}
	for _, call := range []string{
		`{"type":"tool_use","id":"1","name":"open","input":{}}`, `{"type":"tool_use","id":"1","name":"bare","input":{}}`,
		`{"type":"tool_use","id":"1","name":"scalar","input":{}}`, `{"type":"tool_use","id":"1","name":"missing","input":{}}`,
		`{"type":"tool_use","id":"1","name":"nope","input":{}}`, `{"type":"tool_use","id":"1","name":"fetch_url","input":[]}`,
		`{"type":"function","function":{"name":"fetch_url","arguments":"{\"a\":1,\"a\":2}"}}`, `{"type":"function","function":{"name":"fetch_url","arguments":"{"}}`,
		`{"type":"function","function":{"name":"fetch_url","arguments":"\ufeff{}"}}`, `{"type":"function","function":{"name":"fetch_url"}}`,
		`{"type":"function"}`, `{"type":"function","function":{"name":""}}`, `{"type":"function","function":{"arguments":"{}"}}`,
		`{"tool_calls":[]}`, `{"tool_calls":[1,{"type":"custom"}]}`, `{"choices":[{"message":{}}]}`, `{"output":[{"type":"message"}]}`,
		`{"content":[{"type":"text"}]}`, `{"candidates":[{"content":{"parts":[]}}]}`, `{"parts":[1]}`, `{"functionCall":1}`,
		`{"jsonrpc":"2.0","method":"tools/list"}`, `{"jsonrpc":"2.0","method":"tools/call"}`, `[]`, `[[]]`, `1`, `{"type":"mcp_tool_use"}`,
		`{"type":"weird"}`, `{"x":{"type":"tool_use","name":"a"}}`, `{"type":"tool_use","name":"fetch_url","Name":"x","input":{}}`,
		`{"type":"tool_use","id":"1","name":"fetch_url","input":{"a":1},"functionCall":{"name":"b","args":{}}}`, `{"function_call":{"name":"x"}}`,
		`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"fetch_url","arguments":{"a":1,"a":2}}}`,
	} {
		add("call/"+call, "gate", map[string]any{"call": call, "catalog": catalogText, "policy": rules})
	}
	for _, cat := range []string{`{"servers":{}}`, `{"error":{"code":1}}`, `{"servers":{"a":{"error":1}}}`, `{"tools":[1,{"name":""},{"name":"x"},{"name":"x"}]}`,
		`{"servers":{"a":{"tools":[{"name":"t"},{"name":"b/t"}]},"b":{"tools":[{"name":"t"}]}}}`, `{"tools":[{"name":"t","inputSchema":{"type":"string"}}]}`} {
		add("catalog/"+cat, "gate", map[string]any{"call": `{"type":"tool_use","id":"1","name":"t","input":{}}`, "catalog": cat, "policy": `{"allow_tools":["t","a/t"]}`})
		add("catalog/"+cat, "lint", map[string]any{"catalog": cat})
		add("catalog/"+cat, "pin", map[string]any{"catalog": cat})
	}
	add("pin/precision", "pin", map[string]any{"catalog": `{"tools":[{"name":"t","x":12345678901234567891}]}`})
	for _, lock := range []string{`[]`, `{"pins":{"a":"x"},"extra":1}`, `{"a":"sha256:00"}`} {
		add("lock/"+lock, "diff", map[string]any{"left": lock, "right": `{"tools":[{"name":"a"}]}`, "mode": "lock"})
	}
	add("diff/mode", "diff", map[string]any{"left": `{}`, "right": `{}`, "mode": "words"})
	for _, ignore := range []string{`[]`, `{"x":1}`, `{"ignore":1}`, `{"ignore":[1,{"rule":"nope","tool":"nope","reason":""},{"rule":"loose-schema","tool":"t","reason":"r","x":1}]}`,
		`{"ignore":[{"rule":"loose-schema","tool":"t","reason":"r"},{"rule":"loose-schema","tool":"t","reason":"r"}]}`} {
		add("ignore/"+ignore, "lint", map[string]any{"catalog": `{"tools":[{"name":"t"}]}`, "ignore": ignore})
	}
	// Decisions the rule refuses.
	for _, d := range []string{`[]`, `{"decision":"allow","reason":"grant_missing","tool":"t","server":"s","grant":["z"],"argumentsValid":false,"argumentsChecked":false,"toolAllowed":false,"violations":[1],"errors":[1],"changedFields":["a"],"missing":["a"],"evidence":[1],"detail":"x","required":["q"]}`,
		`{"decision":"ask","reason":"needs_confirm","tool":"send_email","grant":[],"required":["send"],"argumentsValid":true,"toolAllowed":true}`,
		`{"decision":"ask","reason":"grant_missing","tool":"search_docs","grant":[],"argumentsValid":true,"toolAllowed":true}`,
		`{"decision":"ask","reason":"ok","tool":"x","argumentsValid":true,"toolAllowed":true}`, `{"decision":"deny","reason":"ok"}`, `{"decision":"maybe"}`,
		`{"decision":"allow","reason":"ok","tool":"delete_file","grant":["read_inbox"],"argumentsValid":true,"toolAllowed":true}`} {
		for _, policy := range []string{"", in("policy.json"), `{"allow_tools":["x"],"on_grant_missing":"ask","confirmed":true,"needs_confirm":["x"]}`, `{"nope":1}`} {
			add("decision/"+d, "checkDecision", map[string]any{"decision": d, "policy": policy, "schema": `{}`})
		}
	}
	// Links.
	for _, fragment := range []string{"#v2.abc", "#x", "#v1.!!!", "#v1.AAAA", "#v1." + strings.Repeat("A", 2_000_000), "#v1.q1YqSqrMyVGyUqpRSkksSVSqBQA"} {
		add("link", "decodeState", map[string]any{"fragment": fragment})
	}
	add("link/long", "encodeState", map[string]any{"pane": "diff", "panes": map[string]any{"diff": map[string]any{"left": randomText(3_000_000)}}})
	add("about", "about", map[string]any{})
	add("request", "validate", nil)
	return calls
}

// randomText is text that does not compress: a link made of it is as long as it is.
func randomText(n int) string {
	var b strings.Builder
	x := uint32(2463534242)
	for b.Len() < n {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b.WriteByte(byte('a' + x%26))
	}
	return b.String()
}

// call runs one corpus call in a language through the API.
func (c corpusCall) call(t *testing.T, lang string) []byte {
	t.Helper()
	var request string
	if c.request == nil {
		request = `{"lang":` + strings.Join([]string{`"`, lang, `"`}, "") + `,"schema":1}`
	} else {
		r := map[string]any{}
		for k, v := range c.request {
			r[k] = v
		}
		r["lang"] = lang
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		request = string(b)
	}
	answer, ok := core.Call(c.fn, request)
	if !ok {
		t.Fatalf("%s: no function %q", c.name, c.fn)
	}
	return answer
}

// TestTranslationComplete runs the corpus in French and German and fails on any message of an
// answer that could not be translated: a message worded outside the catalog's reach (built by
// concatenation, or a sentence not marked), or a format the catalog lacks.
func TestTranslationComplete(t *testing.T) {
	calls := translationCorpus(t)
	var mu sync.Mutex
	missing := map[string][]string{} // text → the calls it came from
	current := ""
	core.SetUntranslated(func(texts []string) {
		mu.Lock()
		defer mu.Unlock()
		for _, s := range texts {
			if len(missing[s]) < 3 {
				missing[s] = append(missing[s], current)
			}
		}
	})
	defer core.SetUntranslated(nil)
	for _, lang := range languages {
		for _, c := range calls {
			mu.Lock()
			current = lang + " " + c.name
			mu.Unlock()
			c.call(t, lang)
		}
	}
	texts := slices.Sorted(func(yield func(string) bool) {
		for s := range missing {
			if !yield(s) {
				return
			}
		}
	})
	for _, s := range texts {
		t.Errorf("not translated: %q (in %s)", s, strings.Join(missing[s], "; "))
	}
	t.Logf("%d calls in %d languages", len(calls), len(languages))
}

// languageGoldenCases are the answers kept in French and German under testdata/i18n, to be read
// by a person: a gate, a validate flood, a lint and a diff.
var languageGoldenCases = []struct {
	name string
	fn   string
	req  func(t *testing.T) map[string]any
}{
	// A deny with every kind of evidence: the path outside the workspace, the explanation.
	{"gate", "gate", func(t *testing.T) map[string]any {
		r := readCase(t, "delete-file-outside-workspace")
		return map[string]any{"call": r.Call, "catalog": r.Catalog, "policy": r.Policy}
	}},
	// Many problems of many kinds: types, bounds written exactly, formats, enums, missing and
	// additional properties, a oneOf with its closest alternative.
	{"validate-flood", "validate", func(t *testing.T) map[string]any {
		return map[string]any{"schema": floodLanguageSchema, "instance": floodLanguageInstance()}
	}},
	// The README's poisoned example.
	{"lint", "lint", func(t *testing.T) map[string]any {
		return map[string]any{"catalog": readText(t, "../testdata/lint/poisoned-public/invariant-direct-poisoning.json")}
	}},
	// A catalog diff with schema changes, annotation flips, risks and a word diff.
	{"diff", "diff", func(t *testing.T) map[string]any {
		return map[string]any{"left": readText(t, "../testdata/diff/schema-loosening/left.json"), "right": readText(t, "../testdata/diff/schema-loosening/right.json")}
	}},
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const floodLanguageSchema = `{"type":"object","required":["items","owner","since"],"additionalProperties":false,
 "properties":{"owner":{"type":"string"},"since":{"type":"string","minLength":10},
  "items":{"type":"array","maxItems":8,"uniqueItems":true,"items":{"type":"object","required":["id","kind"],"additionalProperties":false,
   "properties":{"id":{"type":"string","pattern":"^[a-z]+$","maxLength":6},"count":{"type":"number","minimum":1,"exclusiveMaximum":100,"multipleOf":0.5},
    "kind":{"enum":["file","url"]},
    "target":{"oneOf":[{"type":"object","properties":{"kind":{"const":"file"},"path":{"type":"string"}},"required":["kind","path"]},
                       {"type":"object","properties":{"kind":{"const":"url"},"url":{"type":"string","format":"uri"}},"required":["kind","url"]}]}}}}}}`

// floodLanguageInstance has ten items, each wrong in several ways.
func floodLanguageInstance() string {
	var b strings.Builder
	b.WriteString(`{"owner":42,"extra":true,"items":[`)
	counts := []string{"100", "0", "7.25"}
	targets := []string{`{"kind":"ftp","path":1}`, `{"kind":"file"}`}
	for i := 0; i < 10; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"id":"ID-%d-too-long","count":%s,"kind":"disk","target":%s,"x":1}`, i, counts[i%3], targets[i%2])
	}
	b.WriteString(`]}`)
	return b.String()
}

// TestLanguageGolden keeps a French and a German answer of each golden case, and checks that the
// English one is what the request without lang answers.
func TestLanguageGolden(t *testing.T) {
	for _, c := range languageGoldenCases {
		req := c.req(t)
		english := corpusCall{c.name, c.fn, req}.call(t, "en")
		plain, _ := json.Marshal(req)
		if answer, _ := core.Call(c.fn, string(plain)); string(answer) != string(english) {
			t.Errorf("%s: the answer with lang \"en\" differs from the answer without lang", c.name)
		}
		for _, lang := range languages {
			t.Run(lang+"/"+c.name, func(t *testing.T) {
				var v any
				if err := json.Unmarshal(corpusCall{c.name, c.fn, req}.call(t, lang), &v); err != nil {
					t.Fatal(err)
				}
				got := marshalGolden(t, v)
				path := filepath.Join("..", "testdata", "i18n", lang, c.name+".golden.json")
				if *update {
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, got, 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run go test ./core -run TestLanguageGolden -update to write it)", err)
				}
				if string(got) != string(want) {
					t.Errorf("%s differs from the answer (run with -update and review the diff):\n%s", path, got)
				}
			})
		}
	}
}

// TestEnglishUnchanged holds every answer of the corpus to what it was before languages: a
// request with lang "en" gets byte for byte the answer of the same request without lang.
func TestEnglishUnchanged(t *testing.T) {
	for _, c := range translationCorpus(t) {
		if c.request == nil {
			continue
		}
		plain, err := json.Marshal(c.request)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := core.Call(c.fn, string(plain))
		if got := c.call(t, "en"); string(got) != string(want) {
			t.Errorf("%s: lang \"en\" answers differently:\n%s\nwithout lang:\n%s", c.name, got, want)
		}
	}
}

// TestUnknownLanguage: a language gatehouse does not speak is said in a problem of source
// "request", and the answer is the English one otherwise.
func TestUnknownLanguage(t *testing.T) {
	for _, lang := range []string{"es", "xx", "français", "en-", "-fr"} {
		res := core.Validate(core.ValidateRequest{Schema: `{"type":"string"}`, Instance: `1`, Lang: lang})
		if len(res.Problems) != 2 || res.Problems[0].Source != core.Sources.Request || !strings.Contains(res.Problems[0].Message, "unknown language") {
			t.Errorf("lang %q: problems %v, want the language's first, then the instance's", lang, res.Problems)
			continue
		}
		if res.Problems[1].Message != "got number, want string" {
			t.Errorf("lang %q: %q, want the English message", lang, res.Problems[1].Message)
		}
	}
	for _, lang := range []string{"fr", "FR", "fr-CH", "fr_FR", "de", "de-AT", "en", "EN-gb", ""} {
		res := core.Validate(core.ValidateRequest{Schema: `{}`, Instance: `1`, Lang: lang})
		if len(res.Problems) != 0 {
			t.Errorf("lang %q: %v, want it understood", lang, res.Problems)
		}
	}
	about := core.About(core.AboutRequest{})
	if strings.Join(about.Languages, ",") != "en,fr,de" {
		t.Errorf("About languages %v", about.Languages)
	}
	if fr := core.About(core.AboutRequest{Lang: "fr"}); fr.LintRules[0].Summary == about.LintRules[0].Summary || fr.LintRules[0].Name != about.LintRules[0].Name {
		t.Errorf("About in French: rule %+v, English %+v", fr.LintRules[0], about.LintRules[0])
	}
}

// TestLanguagesConcurrently answers in three languages at once from several goroutines, as a
// proxy or a server would, with the gatekeeper kept between calls changing hands: every answer
// must be the one its language gives alone.
func TestLanguagesConcurrently(t *testing.T) {
	gate := readCase(t, "delete-file-outside-workspace")
	requests := []struct{ fn, request string }{}
	add := func(fn string, req map[string]any) {
		b, _ := json.Marshal(req)
		requests = append(requests, struct{ fn, request string }{fn, string(b)})
	}
	for _, lang := range []string{"en", "fr", "de"} {
		add("gate", map[string]any{"call": gate.Call, "catalog": gate.Catalog, "policy": gate.Policy, "lang": lang})
		add("validate", map[string]any{"schema": floodLanguageSchema, "instance": floodLanguageInstance(), "lang": lang})
		add("lint", map[string]any{"catalog": readText(t, "../testdata/lint/poisoned-public/invariant-direct-poisoning.json"), "lang": lang})
	}
	want := make([]string, len(requests))
	for i, r := range requests {
		answer, _ := core.Call(r.fn, r.request)
		want[i] = string(answer)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := 0; g < 6; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < 20; k++ {
				i := (g*7 + k*5) % len(requests)
				answer, _ := core.Call(requests[i].fn, requests[i].request)
				if string(answer) != want[i] {
					select {
					case errs <- fmt.Sprintf("%s %s: the answer differs from the one given alone", requests[i].fn, requests[i].request[len(requests[i].request)-12:]):
					default:
					}
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestEveryFunctionReadsLang: every function of the API reads lang from its request (an unknown
// one is said in the answer's problems), and answers in it.
func TestEveryFunctionReadsLang(t *testing.T) {
	for _, name := range core.FullAPI().Functions() {
		answer, _ := core.Call(name, `{"lang":"xx"}`)
		var got struct{ Problems []core.Problem }
		if err := json.Unmarshal(answer, &got); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !slices.ContainsFunc(got.Problems, func(p core.Problem) bool {
			return p.Source == core.Sources.Request && strings.Contains(p.Message, "unknown language")
		}) {
			t.Errorf("%s: no problem for lang \"xx\" in %s", name, answer)
		}
	}
	// A link too long to share, refused in German.
	long, _ := json.Marshal(map[string]any{"pane": "diff", "panes": map[string]any{"diff": map[string]any{"left": randomText(3_000_000)}}, "lang": "de"})
	answer, _ := core.Call("encodeState", string(long))
	var enc core.EncodeStateResult
	if err := json.Unmarshal(answer, &enc); err != nil || len(enc.Problems) != 1 || !strings.Contains(enc.Problems[0].Message, "Link") {
		t.Errorf("encodeState in German: %v %+v", err, enc.Problems)
	}
}

// TestKeptGatekeeperTranslates: the gatekeeper kept between calls holds messages made in an
// earlier call (the policy's problems); after a flood of other messages has been forgotten, a
// later call in the same language still translates them.
func TestKeptGatekeeperTranslates(t *testing.T) {
	req := core.GateRequest{Call: `{"type":"tool_use","id":"1","name":"t","input":{}}`, Catalog: `{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}`,
		Policy: `{"allow_tools":["t"],"arguments":{"t":{"x":{"hosts":[""]}}}}`, Lang: "fr"}
	english := core.Gate(core.GateRequest{Call: req.Call, Catalog: req.Catalog, Policy: req.Policy})
	first := core.Gate(req)
	if len(first.Problems) == 0 || first.Problems[0].Message == english.Problems[0].Message {
		t.Fatalf("the policy's problems are not in French: %v", first.Problems)
	}
	core.Validate(core.ValidateRequest{Schema: distinctSchema, Instance: distinctFlood(20000), Lang: "fr"})
	again := core.Gate(req)
	if !reflect.DeepEqual(first, again) {
		t.Errorf("after a flood, the kept gatekeeper's answer changed:\n%v\nwant\n%v", again.Problems, first.Problems)
	}
}

// TestTranslationWithholdsSecrets: what English withholds from a message (a credential in the
// arguments), French and German withhold too: a redacted message is translated, then redacted
// again in the language.
func TestTranslationWithholdsSecrets(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join(gateDir, "secret-*"))
	if len(dirs) == 0 {
		t.Fatal("no secret-* examples in testdata/gate")
	}
	for _, dir := range dirs {
		req := readCase(t, filepath.Base(dir))
		var callValue any
		if err := json.Unmarshal([]byte(req.Call), &callValue); err != nil {
			t.Fatal(err)
		}
		var secretsIn []string
		var collect func(any)
		collect = func(v any) {
			switch x := v.(type) {
			case string:
				if len(x) >= 8 {
					secretsIn = append(secretsIn, x)
				}
			case map[string]any:
				for k, y := range x {
					if len(k) >= 8 {
						secretsIn = append(secretsIn, k)
					}
					collect(y)
				}
			case []any:
				for _, y := range x {
					collect(y)
				}
			}
		}
		collect(callValue)
		messages := func(res core.GateResult) string {
			var b strings.Builder
			for _, d := range res.Decisions {
				b.WriteString(strings.Join(d.Explanation, "\n"))
				for _, ps := range [][]core.Problem{d.Errors, d.Evidence} {
					for _, p := range ps {
						b.WriteString(p.Message + p.InstanceLocation + "\n")
					}
				}
				for _, v := range d.Violations {
					b.WriteString(v.Message + "\n")
				}
			}
			for _, p := range res.Problems {
				b.WriteString(p.Message + "\n")
			}
			return b.String()
		}
		english := messages(core.Gate(req))
		for _, lang := range languages {
			req.Lang = lang
			translated := messages(core.Gate(req))
			for _, s := range secretsIn {
				for _, part := range []string{s, s[:len(s)/2+4]} {
					if !strings.Contains(english, part) && strings.Contains(translated, part) {
						t.Errorf("%s in %s: %q is withheld in English but shown:\n%s", filepath.Base(dir), lang, part, translated)
					}
				}
			}
		}
	}
}
