package flow

import (
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/policy"
)

func TestInformative(t *testing.T) {
	for _, c := range []struct {
		window string
		text   string // the text the window is cut from; the window alone when ""
		want   bool
	}{
		{"password", "", false},                      // one word of letters only
		{"epositor", "", false},                      // inside one longer word
		{"private.", "", false},                      // one word and punctuation
		{" secret ", "", false},                      // one word and whitespace
		{"--------", "", false},                      // punctuation only
		{"        ", "", false},                      // whitespace only
		{"https://", "", false},                      // a URL's scheme with its ://
		{"ttps://g", "", false},                      // the scheme, and one letter after it
		{"//github", "", false},                      // one word after the scheme's slashes
		{"see http", "", true},                       // two words
		{"Dana Whi", "", true},                       // two words
		{"12345678", "", true},                       // a number
		{"HR-2026-", "", true},                       // an id
		{"acme/sec", "", true},                       // a path
		{"a@b.exam", "", true},                       // an address
		{"abc12345", "", true},                       // letters and digits
		{"api_key ", "", true},                       // an identifier
		{"ample.co", "", true},                       // a host name
		{"éléphant", "", false},                      // one word, letters beyond ASCII
		{"s://api.", "", false},                      // what a scheme leaves: one word
		{" in the ", "", false},                      // stop words only
		{"s in the", "issues in the tracker", false}, // a word cut by the window is taken whole
		{"f the pr", "of the project.", false},       // stop words and one word
		{"the proj", "of the project.", false},       // stop words and one word, cut
		{"Lisbon i", "Lisbon in May", false},         // one word and a stop word
		{"ng to Li", "relocating to Lisbon", true},   // two words around a stop word
		{"ACME-441", "ACME-4412", true},              // an id
		{"la de la", "", false},                      // French and Spanish stop words
		{"und der ", "", false},                      // German stop words
		{"dans le ", "", false},                      // French
		{"s und Ho", "Haus und Hof", true},           // two German words
		{"don't do", "", false},                      // an apostrophe splits words
	} {
		text := c.text
		if text == "" {
			text = c.window
		}
		start := strings.Index(text, c.window)
		if start < 0 {
			t.Fatalf("%q is not in %q", c.window, text)
		}
		if got := informative(text, start, start+len(c.window)); got != c.want {
			t.Errorf("informative(%q in %q) = %v, want %v", c.window, text, got, c.want)
		}
	}
}

// session builds a session under one carries rule and one after rule.
func testSession() *Session {
	return NewSession(&policy.Flows{
		Labels: map[string][]string{"db/query": {"private"}, "web/*": {"untrusted"}, "mail/send": {"sink"}},
		Rules: []policy.FlowRule{
			{Carries: "private", Call: "sink", Then: "deny"},
			{After: "untrusted", Call: "sink", Then: "ask"},
		},
	})
}

var (
	db   = policy.ToolKey{Key: "db/query", Name: "query", Server: "db"}
	web  = policy.ToolKey{Key: "web/fetch", Name: "fetch", Server: "web"}
	mail = policy.ToolKey{Key: "mail/send", Name: "send", Server: "mail"}
)

func TestCarries(t *testing.T) {
	result := `{"rows":[{"user":"dana@customer.example","token_id":"itk-7f3e-2291-aa04","note":"Confidential","total":123456789}]}`
	var value any = map[string]any{"content": result}
	for _, c := range []struct {
		name    string
		args    map[string]any
		carries bool
	}{
		{"an id copied", map[string]any{"body": "the id is itk-7f3e-2291-aa04"}, true},
		{"an address copied", map[string]any{"to": "dana@customer.example"}, true},
		{"a number copied", map[string]any{"body": "total 123456789"}, true},
		{"percent-encoded", map[string]any{"url": "https://x.example/?q=" + url.QueryEscape("itk-7f3e-2291-aa04")}, true},
		{"base64-encoded", map[string]any{"body": "data: " + base64.StdEncoding.EncodeToString([]byte("token itk-7f3e-2291-aa04"))}, true},
		{"one word of letters only", map[string]any{"body": "Confidential"}, false},
		{"an object key is not a value", map[string]any{"itk-7f3e-2291-aa04": "x"}, false},
		{"nested string", map[string]any{"a": []any{map[string]any{"b": "x itk-7f3e-2291-aa04"}}}, true},
		{"shorter than the run", map[string]any{"body": "itk-7f3"}, false},
		{"a paraphrase", map[string]any{"body": "Dana's token ends in aa04"}, false},
		{"upper case", map[string]any{"body": "ITK-7F3E-2291-AA04"}, false},
		{"split in short pieces", map[string]any{"body": "itk-7f3 e-2291- aa04"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := testSession()
			s.Record(0, db, Pieces(value), false)
			got := s.Check(mail, c.args)
			carried := false
			for _, m := range got {
				if m.Flow.Carries != "" {
					carried = true
					if m.Result.Index != 0 || m.Result.Tool != "db/query" {
						t.Errorf("result %+v", m.Result)
					}
				}
			}
			if carried != c.carries {
				t.Errorf("carries = %v, want %v (%+v)", carried, c.carries, got)
			}
		})
	}
}

// Honest sessions share common phrases with what they read, and those carry nothing; what was
// copied from a result (an address, an id, a number, two words) still counts.
func TestCarriesCommonPhrases(t *testing.T) {
	private := "Please open issues in the tracker of the project. Alice Martin is relocating to Lisbon, " +
		"salary 185000 EUR, contract ACME-4412, write to alice.martin@acme.example. Voir les notes de la réunion."
	for _, c := range []struct {
		body    string
		carries bool
	}{
		{"Fixes a typo in the install guide.", false},
		{"Adds a link to the docs of the project.", false},
		{"Le compte rendu de la réunion est prêt.", false},
		{"Contact: alice.martin@acme.example", true},
		{"Ticket ACME-4412 is closed.", true},
		{"The budget is 185000 this year.", true},
		{"She is relocating to Lisbon soon.", true},
	} {
		s := testSession()
		s.Record(0, db, Pieces(map[string]any{"content": private}), false)
		carried := false
		for _, m := range s.Check(mail, map[string]any{"body": c.body}) {
			carried = carried || m.Flow.Carries != ""
		}
		if carried != c.carries {
			t.Errorf("%q: carries = %v, want %v", c.body, carried, c.carries)
		}
	}
}

// The labels of a tool are the union of every key that matches it; a rule's call is a label,
// a tool key or *.
func TestLabels(t *testing.T) {
	f := &policy.Flows{Labels: map[string][]string{"*": {"any"}, "web/*": {"untrusted"}, "fetch": {"net"}, "web/fetch": {"untrusted", "x"}}}
	if got := strings.Join(f.LabelsOf(web), ","); got != "any,net,untrusted,x" {
		t.Errorf("labels of web/fetch: %s", got)
	}
	if got := strings.Join(f.LabelsOf(db), ","); got != "any" {
		t.Errorf("labels of db/query: %s", got)
	}
	r := policy.FlowRule{Call: "net"}
	if !r.Binds(web, f.LabelsOf(web)) || r.Binds(db, f.LabelsOf(db)) {
		t.Error("a rule's call names a label")
	}
	if !(policy.FlowRule{Call: "db/query"}).Binds(db, nil) || !(policy.FlowRule{Call: "query"}).Binds(db, nil) || !(policy.FlowRule{Call: "*"}).Binds(db, nil) {
		t.Error("a rule's call names a tool key, a name or *")
	}
}

// After: a result of a labelled tool earlier in the session; a result that was never recorded
// (a call of the same turn) does not count.
func TestAfter(t *testing.T) {
	s := testSession()
	if m := s.Check(mail, map[string]any{"body": "hi"}); len(m) != 0 {
		t.Fatalf("nothing recorded, yet %v", m)
	}
	s.Record(3, web, Pieces("a page"), false)
	m := s.Check(mail, map[string]any{"body": "hi"})
	if len(m) != 1 || m[0].Flow.After != "untrusted" || m[0].Result.Index != 3 || Strictest(m) != "ask" {
		t.Fatalf("after untrusted: %+v", m)
	}
}

// The session's memory stays under its stated bound however long the session: 100,000 calls
// each returning a private result of fresh text, and each checked.
func TestSessionMemoryBound(t *testing.T) {
	s := testSession()
	rng := rand.New(rand.NewPCG(1, 2))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	text := make([]byte, 120)
	const calls = 100_000
	overflowed := false
	for i := range calls {
		for j := range text {
			text[j] = "abcdefghij klmnopqrstuvwxyz0123456789"[rng.IntN(37)]
		}
		s.Record(i, db, Pieces(string(text)), false)
		m := s.Check(mail, map[string]any{"body": fmt.Sprintf("message %d", i)})
		for _, x := range m {
			overflowed = overflowed || x.Overflow
		}
		if prints, sources := s.Size(); prints > MaxFingerprints || sources > MaxSources {
			t.Fatalf("call %d: %d fingerprints from %d results, over the bound", i, prints, sources)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	prints, sources := s.Size()
	if !overflowed {
		t.Error("past the bound, carries must act as after (fail closed)")
	}
	t.Logf("%d calls: %d fingerprints from %d results; heap grew by %d KiB", calls, prints, sources, (int64(after.HeapAlloc)-int64(before.HeapAlloc))/1024)
	runtime.KeepAlive(s)
}

// Sessions are per client and forgotten after their idle expiry.
func TestSessionsExpire(t *testing.T) {
	ss := NewSessions(testSession().Flows(), time.Minute)
	t0 := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	a := ss.For("a", t0)
	a.Record(0, web, Pieces("x"), false)
	if ss.For("a", t0.Add(30*time.Second)) != a {
		t.Error("a session in use is kept")
	}
	if ss.For("b", t0.Add(30*time.Second)) == a {
		t.Error("clients have sessions of their own")
	}
	if ss.For("a", t0.Add(2*time.Minute)) == a {
		t.Error("an idle session is forgotten")
	}
	ss.For("c", t0.Add(10*time.Minute))
	if ss.Len() != 1 {
		t.Errorf("%d sessions held after the others expired", ss.Len())
	}
}

func TestReadProblems(t *testing.T) {
	for _, c := range []struct {
		name, text string
		line       int // of the first problem
		broken     []bool
	}{
		{"a result with no call", `[{"role":"tool","tool_call_id":"x","content":"hi"},{"role":"assistant","tool_calls":[{"id":"a","type":"function","function":{"name":"f","arguments":"{}"}}]}]`, 1, []bool{true}},
		{"a call id answered twice", "{\"messages\":[\n{\"role\":\"assistant\",\"tool_calls\":[{\"id\":\"a\",\"type\":\"function\",\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}]},\n{\"role\":\"tool\",\"tool_call_id\":\"a\",\"content\":\"1\"},\n{\"role\":\"tool\",\"tool_call_id\":\"a\",\"content\":\"2\"},\n{\"role\":\"assistant\",\"tool_calls\":[{\"id\":\"b\",\"type\":\"function\",\"function\":{\"name\":\"g\",\"arguments\":\"{}\"}}]}]}", 4, []bool{false, true}},
		{"an unknown line in a log", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"f\",\"arguments\":{}}}\nnot json\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"g\",\"arguments\":{}}}\n", 2, []bool{false, true}},
		{"a response to no request", "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"g\",\"arguments\":{}}}\n", 1, []bool{true}},
		// An id of the wrong type names no call: said where it is, never taken as no id.
		{"a number for tool_call_id", "[{\"role\":\"assistant\",\"tool_calls\":[{\"id\":\"1\",\"type\":\"function\",\"function\":{\"name\":\"f\",\"arguments\":\"{}\"}}]},\n{\"role\":\"tool\",\"tool_call_id\":1,\"content\":\"hi\"},\n{\"role\":\"assistant\",\"tool_calls\":[{\"id\":\"2\",\"type\":\"function\",\"function\":{\"name\":\"g\",\"arguments\":\"{}\"}}]}]", 2, []bool{false, true}},
		{"a number for a call's id", `[{"role":"assistant","tool_calls":[{"id":7,"type":"function","function":{"name":"f","arguments":"{}"}}]}]`, 1, []bool{true}},
		{"a number for tool_use_id", `[{"role":"assistant","content":[{"type":"tool_use","id":"a","name":"f","input":{}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":1,"content":"x"}]}]`, 1, []bool{false}},
		{"an unknown shape", `{"hello":"world"}`, 1, nil},
		{"an empty transcript", "[\n]", 1, nil},
		{"not JSON", `{"messages": [`, 1, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := Read(c.text)
			if len(tr.Problems) == 0 {
				t.Fatal("no problem")
			}
			if tr.Problems[0].Line != c.line {
				t.Errorf("first problem at line %d, want %d: %v", tr.Problems[0].Line, c.line, tr.Problems[0])
			}
			if strings.Contains(c.name, "a number") && !strings.Contains(tr.Problems[0].Message, "must be a string, found a number") {
				t.Errorf("problem %v: want the id's type named", tr.Problems[0])
			}
			if strings.Contains(c.name, "empty") && !strings.Contains(tr.Problems[0].Message, "the transcript is empty") {
				t.Errorf("problem %v: want it said empty", tr.Problems[0])
			}
			var broken []bool
			for _, e := range tr.Events {
				if !e.IsResult {
					broken = append(broken, e.Broken)
				}
			}
			if fmt.Sprint(broken) != fmt.Sprint(c.broken) {
				t.Errorf("broken calls %v, want %v", broken, c.broken)
			}
		})
	}
}

// Gemini's responses pair with calls by name, in order.
func TestGeminiPairsByName(t *testing.T) {
	tr := Read(`{"contents":[{"role":"model","parts":[{"functionCall":{"name":"f","args":{}}},{"functionCall":{"name":"g","args":{}}},{"functionCall":{"name":"f","args":{}}}]},
	{"role":"user","parts":[{"functionResponse":{"name":"f","response":{"r":"first f"}}},{"functionResponse":{"name":"f","response":{"r":"second f"}}},{"functionResponse":{"name":"g","response":{"r":"g"}}}]}]}`)
	if len(tr.Problems) > 0 {
		t.Fatal(tr.Problems)
	}
	var got []string
	for _, e := range tr.Events {
		if e.IsResult {
			got = append(got, fmt.Sprintf("%d:%v", e.Index, e.Value.(map[string]any)["r"]))
		}
	}
	if strings.Join(got, ",") != "0:first f,2:second f,1:g" {
		t.Errorf("pairs %v", got)
	}
}

func FuzzRead(f *testing.F) {
	f.Add(`[{"role":"assistant","tool_calls":[{"id":"a","type":"function","function":{"name":"f","arguments":"{}"}}]},{"role":"tool","tool_call_id":"a","content":"x"}]`)
	f.Add(`{"contents":[{"role":"model","parts":[{"functionCall":{"name":"f","args":{}}}]},{"role":"user","parts":[{"functionResponse":{"name":"f","response":{}}}]}]}`)
	f.Add("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"f\"}}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n")
	f.Add(`[{"type":"function_call","call_id":"c","name":"f","arguments":"{}"},{"type":"function_call_output","call_id":"c","output":"o"}]`)
	f.Add(`{"messages":[{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"f","input":{}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"r"}]}]}`)
	f.Add("{\"tool\":\"f\",\"decision\":\"allow\",\"call\":{},\"forwarded\":true}\n")
	f.Fuzz(func(t *testing.T, text string) {
		tr := Read(text)
		calls := 0
		for _, e := range tr.Events {
			if e.IsResult {
				if e.Index < 0 || e.Index >= tr.Calls {
					t.Fatalf("a result answers call %d of %d", e.Index, tr.Calls)
				}
				continue
			}
			if e.Index != calls {
				t.Fatalf("call index %d, want %d", e.Index, calls)
			}
			calls++
			if len(tr.Problems) == 0 && e.Broken {
				t.Fatal("a broken call with no problem")
			}
		}
		for _, p := range tr.Problems {
			if p.Offset >= 0 && p.Line == 0 {
				t.Fatalf("a problem with an offset and no line: %v", p)
			}
		}
		if tr.Shape == "" && len(tr.Problems) == 0 {
			t.Fatal("no shape and no problem")
		}
	})
}
