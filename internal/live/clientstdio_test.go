package live

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

// readClient runs the client's stream through ClientStdio's reader and returns what it hands
// on to the SDK, the answers it wrote back, the notes and the error that ended reading.
func readClient(t *testing.T, stream string, limit int) (passed string, answers []map[string]any, notes []string, err error) {
	t.Helper()
	return readClientIn(t, "en", stream, limit)
}

// readClientIn is readClient for a gateway speaking lang.
func readClientIn(t *testing.T, lang, stream string, limit int) (passed string, answers []map[string]any, notes []string, err error) {
	t.Helper()
	var out bytes.Buffer
	tr := ClientStdio(strings.NewReader(stream), &out, limit, lang, func(s string) { notes = append(notes, s) }).(*clientStdio)
	got, err := io.ReadAll(tr.lines)
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if jerr := json.Unmarshal([]byte(l), &m); jerr != nil {
			t.Fatalf("an answer is not JSON: %v: %s", jerr, l)
		}
		answers = append(answers, m)
	}
	return string(got), answers, notes, err
}

func TestClientStdioAnswersBadLines(t *testing.T) {
	const ping = `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n"
	const answer = `{"jsonrpc":"2.0","id":"s-1","result":{}}` + "\r\n"
	const batch = `[{"jsonrpc":"2.0","method":"notifications/initialized"}]` + "\n"
	cases := []struct {
		line    string
		code    float64
		message string
	}{
		{"this is not json\n", codeParseError, `gatehouse: line 1 of the client's stream is not JSON: keys and strings need double quotes: "this" is written without them (write "this") at column 1`},
		{`{"jsonrpc":"2.0","id":1,"method":"ping","id":2}` + "\n", codeParseError, `gatehouse: line 1 of the client's stream is not JSON: duplicate key "id" (first at line 1, column 18): parsers disagree on which one counts at column 41`},
		{`{"jsonrpc":"2.0","id":1,"method":` + "\n", codeParseError, "gatehouse: line 1 of the client's stream is not JSON: the text ends before the JSON value is complete at column 34"},
		{"42\n", codeInvalidRequest, "gatehouse: line 1 of the client's stream is not a JSON-RPC message: it is a number, not an object"},
		{`{"id":1,"method":"ping"}` + "\n", codeInvalidRequest, `gatehouse: line 1 of the client's stream is not a JSON-RPC message: it lacks "jsonrpc": "2.0"`},
		{`{"jsonrpc":"2.0","id":1.5,"method":"ping"}` + "\n", codeInvalidRequest, `gatehouse: line 1 of the client's stream is not a JSON-RPC message: its "id" is neither a string, an integer nor null`},
		{`{"jsonrpc":"2.0","id":1,"method":7}` + "\n", codeInvalidRequest, `gatehouse: line 1 of the client's stream is not a JSON-RPC message: its "method" is not a string`},
		{`{"jsonrpc":"2.0","params":{}}` + "\n", codeInvalidRequest, `gatehouse: line 1 of the client's stream is not a JSON-RPC message: it has neither a "method" nor an "id"`},
		{`{"jsonrpc":"2.0","id":3}` + "\n", codeInvalidRequest, `gatehouse: line 1 of the client's stream is not a JSON-RPC message: it is an answer with neither a "result" nor an "error"`},
		{`{"jsonrpc":"2.0","id":3,"error":{"code":"x","message":"m"}}` + "\n", codeInvalidRequest, `gatehouse: line 1 of the client's stream is not a JSON-RPC message: its "error" is not an object with an integer "code" and a string "message"`},
		{`{"jsonrpc":"2.0","id":1,"method":"ping","Method":"x"}` + "\n", codeInvalidRequest, `gatehouse: line 1 of the client's stream is not a JSON-RPC message: it has members "Method" and "method", whose names differ only in case`},
		{"[]\n", codeInvalidRequest, "gatehouse: line 1 of the client's stream is not a JSON-RPC message: it is an empty batch"},
		{`[{"jsonrpc":"2.0","method":"x"},3]` + "\n", codeInvalidRequest, "gatehouse: line 1 of the client's stream is not a JSON-RPC message: it is a number, not an object"},
	}
	for _, c := range cases {
		// The bad line comes first, between blank lines; the messages after it are handed on
		// byte for byte, and nothing of the bad line is.
		passed, answers, notes, err := readClient(t, "\n"+c.line+"\n"+ping+answer+batch, 1<<10)
		if err != nil {
			t.Errorf("%q: reading ended with %v", c.line, err)
		}
		if passed != ping+answer+batch {
			t.Errorf("%q: handed on %q", c.line, passed)
		}
		if len(answers) != 1 {
			t.Fatalf("%q: %d answers, want 1: %v", c.line, len(answers), answers)
		}
		a := answers[0]
		e, _ := a["error"].(map[string]any)
		if id, present := a["id"]; !present || id != nil || a["jsonrpc"] != "2.0" || e["code"] != c.code || e["message"] != c.message {
			t.Errorf("%q: answered %v\nwant code %v, message %s", c.line, a, c.code, c.message)
		}
		if len(notes) != 1 || "gatehouse: "+notes[0] != c.message {
			t.Errorf("%q: notes %q", c.line, notes)
		}
	}
}

// TestClientStdioAnswersInTheGatewaysLanguage: the client reads the error in the gateway's
// language, the strict reader's words included; the note (for the person's terminal, which
// words it in its own language) stays the English message.
func TestClientStdioAnswersInTheGatewaysLanguage(t *testing.T) {
	for _, c := range []struct{ lang, line, message string }{
		{"fr", `{"jsonrpc":"2.0","id":1,"method":` + "\n", "gatehouse : la ligne 1 du flux du client n’est pas du JSON : "},
		{"de", "42\n", "gatehouse: Zeile 1 des Datenstroms des Clients ist keine JSON-RPC-Nachricht: "},
	} {
		_, answers, notes, err := readClientIn(t, c.lang, c.line, 1<<10)
		if err != nil || len(answers) != 1 {
			t.Fatalf("%s: %v %v", c.lang, answers, err)
		}
		e, _ := answers[0]["error"].(map[string]any)
		msg, _ := e["message"].(string)
		if !strings.HasPrefix(msg, c.message) || strings.Contains(msg, "the client's stream") {
			t.Errorf("%s: the client read %q, want it in its language, starting %q", c.lang, msg, c.message)
		}
		if len(notes) != 1 || !strings.HasPrefix(notes[0], "line 1 of the client's stream") {
			t.Errorf("%s: notes %q", c.lang, notes)
		}
	}
}

// TestClientStdioCountsLines: the line number is the line's place among the stream's lines.
func TestClientStdioCountsLines(t *testing.T) {
	const ping = `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n"
	passed, answers, _, err := readClient(t, ping+ping+"oops\n"+ping+`{"a":}`, 1<<10)
	if err != nil || passed != ping+ping+ping {
		t.Fatalf("handed on %q, error %v", passed, err)
	}
	if len(answers) != 2 {
		t.Fatalf("answers %v", answers)
	}
	for i, want := range []string{"line 3 of the client's stream is not JSON", "line 5 of the client's stream is not JSON"} {
		if msg, _ := answers[i]["error"].(map[string]any)["message"].(string); !strings.Contains(msg, want) {
			t.Errorf("answer %d: %q, want %q", i, msg, want)
		}
	}
}

// TestClientStdioRefusesLongLine: a line over the limit ends reading, whatever it holds, and
// nothing of it is handed on.
func TestClientStdioRefusesLongLine(t *testing.T) {
	const ping = `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n"
	long := `{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":"` + strings.Repeat("a", 200<<10) + `"}}` + "\n"
	passed, answers, _, err := readClient(t, ping+long+ping, 100<<10)
	if err == nil || !strings.Contains(err.Error(), "the client sent a line of more than 102400 bytes") {
		t.Errorf("reading ended with %v", err)
	}
	if passed != ping || len(answers) != 0 {
		t.Errorf("handed on %q, answered %v", passed, answers)
	}
	// A line of exactly the limit is a message.
	exact := `{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":"`
	exact += strings.Repeat("a", 1000-len(exact)-3) + `"}}`
	if passed, _, _, err := readClient(t, exact+"\n", 1000); err != nil || passed != exact+"\n" {
		t.Errorf("a line of the limit: handed on %d bytes, error %v", len(passed), err)
	}
}
