package state_test

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"reflect"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/state"

	"github.com/gatehouse-dev/gatehouse/core"
)

func TestStateRoundTrip(t *testing.T) {
	tests := []struct {
		name  string
		state state.State
	}{
		// Nothing typed yet: the empty page round-trips too.
		{"empty", state.State{}},
		{"schema pane", state.State{Pane: "schema", Panes: state.Panes{Schema: state.SchemaPane{
			Schema: "{\n  \"type\": \"object\"\n}\n", Instance: "{\"a\":1}", Draft: "7",
			Resources: map[string]string{"https://example.com/defs.json": "{}"}}}}},
		// Texts are kept byte for byte: odd white space, invalid JSON, escapes as typed.
		{"exact bytes", state.State{Pane: "diff", Panes: state.Panes{Diff: state.DiffPane{
			Left: "  {\"a\":\t12345678901234567890 }\r\n\n", Right: "{\"x\": \"\\u00e9\", broken", Mode: "patch"}}}},
		{"unicode", state.State{Pane: "decision", Panes: state.Panes{Decision: state.DecisionPane{
			Call: "{\"q\":\"日本語 😀 \u202e \U000E0041\"}", Policy: "ü", Mode: "check"}}, Options: state.StateOptions{Lang: "de"}}},
		// The switches: formats asserted, array order ignored.
		{"switches", state.State{Pane: "diff", Panes: state.Panes{Schema: state.SchemaPane{Instance: "1", AssertFormats: true},
			Diff: state.DiffPane{Left: "[1]", Right: "[2]", IgnoreArrayOrder: true}}}},
		{"large repetitive", state.State{Pane: "diff", Panes: state.Panes{Diff: state.DiffPane{Left: strings.Repeat(`{"name":"tool","description":"x"},`, 20000)}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			frag, err := state.Encode(tt.state)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(frag, "#v1.") || strings.ContainsAny(frag[4:], "+/=#?& ") {
				t.Fatalf("fragment not URL-safe: %.60q", frag)
			}
			got, probs := state.Decode(frag)
			if probs != nil {
				t.Fatal(probs)
			}
			if !reflect.DeepEqual(got, tt.state) {
				t.Errorf("round trip changed the state:\n got %+v\nwant %+v", got, tt.state)
			}
			// Without the leading '#' too (some clients drop it).
			if got2, _ := state.Decode(frag[1:]); !reflect.DeepEqual(got2, tt.state) {
				t.Error("decoding without '#' differs")
			}
		})
	}
}

func deflated(t *testing.T, raw []byte) string {
	t.Helper()
	var buf bytes.Buffer
	zw, _ := flate.NewWriter(&buf, flate.BestCompression)
	zw.Write(raw)
	zw.Close()
	return "#v1." + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

func TestDecodeStateProblems(t *testing.T) {
	good, _ := state.Encode(state.State{Pane: "schema", Panes: state.Panes{Schema: state.SchemaPane{Instance: strings.Repeat("abc", 1000)}}})
	tests := []struct {
		name     string
		fragment string
		kind     problem.Kind
		contains string
	}{
		{"foreign fragment", "#section-2", problem.KindParse, "not made by gatehouse"},
		{"future version", "#v2.AAAA", problem.KindParse, "format v2"},
		{"not base64", "#v1.ab$cd", problem.KindParse, "character 6"},
		// A link cut in the middle when pasted into a chat.
		{"truncated", good[:len(good)/2], problem.KindParse, "damaged"},
		{"not deflate", "#v1." + base64.RawURLEncoding.EncodeToString([]byte("hello world")), problem.KindParse, "damaged"},
		{"not json", deflated(t, []byte("not json")), problem.KindParse, "not valid state"},
		{"duplicate keys", deflated(t, []byte(`{"pane":"schema","pane":"diff"}`)), problem.KindParse, "duplicate key"},
		{"not an object", deflated(t, []byte(`[1,2]`)), problem.KindParse, "not a page state"},
		{"wrong types", deflated(t, []byte(`{"pane":1}`)), problem.KindParse, "not a page state"},
		// A member that differs only in case must not stand in for the real one.
		{"case-folded member", deflated(t, []byte(`{"panes":{"decision":{"call":"shown","Call":"hidden"}}}`)), problem.KindParse, "not a page state"},
		// 64 MiB of zeros deflates to ~64 KiB: it must be refused, not inflated.
		{"deflate bomb", deflated(t, make([]byte, 64<<20)), problem.KindLimit, "unpacks to more than"},
		// A 115 KB link whose texts inflate to 30 MB: under the old cap of 32 MiB, it froze the page.
		{"inflates past what a link carries", deflated(t, []byte(`{"pane":"schema","panes":{"schema":{"instance":"`+strings.Repeat("a", 30<<20)+`"}}}`)), problem.KindLimit, "unpacks to more than 8.0 MiB"},
		{"unknown member", deflated(t, []byte(`{"panes":{"schema":{"instance":"1","extra":2}}}`)), problem.KindParse, "additional properties 'extra' not allowed"},
		{"wrong type deep", deflated(t, []byte(`{"panes":{"diff":{"left":["a"]}}}`)), problem.KindParse, "at /panes/diff/left"},
		{"absurdly long", "#v1." + strings.Repeat("A", 8_000_000), problem.KindLimit, "more than any browser"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, probs := state.Decode(tt.fragment)
			if len(probs) != 1 || probs[0].Kind != tt.kind || probs[0].Source != problem.SourceFragment || !strings.Contains(probs[0].Message, tt.contains) {
				t.Fatalf("got %v, want one %s problem containing %q", probs, tt.kind, tt.contains)
			}
			if !reflect.DeepEqual(st, state.State{}) {
				t.Errorf("a damaged link must give an empty page, got %+v", st)
			}
			// Say what is wrong with the link, never how Go reads it.
			for _, internal := range []string{"Go ", "json:", "core.", "state.State", "unmarshal"} {
				if strings.Contains(probs[0].Message, internal) {
					t.Errorf("the message shows an internal name (%q): %s", internal, probs[0].Message)
				}
			}
		})
	}
}

func TestEncodeStateTooLong(t *testing.T) {
	// Incompressible text: the fragment outgrows what browsers carry.
	var b strings.Builder
	x := uint32(1)
	for b.Len() < 4_000_000 {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b.WriteByte(byte('a' + x%26))
	}
	_, err := state.Encode(state.State{Panes: state.Panes{Diff: state.DiffPane{Left: b.String()}}})
	if err == nil || !strings.Contains(err.Error(), "more than browsers carry") {
		t.Fatalf("got %v", err)
	}
}

func TestFormat(t *testing.T) {
	in := "{\"b\":12345678901234567890,\"a\":[1.0,\"\\u00e9\"]}"
	got := core.Format(core.FormatRequest{Text: in, Indent: "  "})
	want := "{\n  \"b\": 12345678901234567890,\n  \"a\": [\n    1.0,\n    \"\\u00e9\"\n  ]\n}\n"
	if got.Text != want || len(got.Problems) != 0 {
		t.Errorf("indent: got %q %v", got.Text, got.Problems)
	}
	min := core.Format(core.FormatRequest{Text: got.Text})
	if min.Text != in {
		t.Errorf("minify: got %q", min.Text)
	}
	for _, indent := range []string{"x", "\n", "<b>", strings.Repeat(" ", 17)} {
		if res := core.Format(core.FormatRequest{Text: `{"a":1}`, Indent: indent}); len(res.Problems) != 1 || res.Text != `{"a":1}` {
			t.Errorf("indent %q: got %+v, want the text back with one problem", indent, res)
		}
	}
	bad := core.Format(core.FormatRequest{Text: `{"a":1,"a":2}`, Source: problem.SourcePolicy})
	if len(bad.Problems) != 1 || bad.Problems[0].Source != problem.SourcePolicy || bad.Text != `{"a":1,"a":2}` {
		t.Errorf("duplicate: got %+v", bad)
	}
}

// FuzzDecodeState: any fragment decodes to a state or a problem, and a state re-encodes to a
// fragment that decodes to the same state.
func FuzzDecodeState(f *testing.F) {
	good, _ := state.Encode(state.State{Pane: "schema", Panes: state.Panes{Schema: state.SchemaPane{Instance: `{"a":1}`}}})
	for _, s := range []string{good, "#v1.", "#v1.AAAA", "#", "v1.80", "#v1.S0tLBAA", good[:len(good)-3], "#v1.AA4A8f97InBhbmUiOiJhIiw"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, frag string) {
		st, probs := state.Decode(frag)
		if probs != nil {
			if !reflect.DeepEqual(st, state.State{}) {
				t.Fatal("a damaged link must give an empty state")
			}
			return
		}
		// The head the page reads before inflating is the pane the link holds, or no hint.
		if head := state.PaneHead(frag); head != "" && head != st.Pane {
			t.Fatalf("the link's head names %q, its state %q", head, st.Pane)
		}
		again, err := state.Encode(st)
		if err != nil {
			return // too long to share again is a fair answer
		}
		if head := state.PaneHead(again); head != "" && head != st.Pane {
			t.Fatalf("a link made for %q names %q in its head", st.Pane, head)
		}
		st2, probs := state.Decode(again)
		if probs != nil || !reflect.DeepEqual(st, st2) {
			t.Fatalf("round trip failed: %v", probs)
		}
	})
}

// TestPaneHead: a link names its pane in a stored block before its compressed texts, read
// without inflating (the page's linkpane.js reads the same bytes), and it decodes as before.
func TestPaneHead(t *testing.T) {
	for _, pane := range []string{"schema", "decision", "diff"} {
		st := state.State{Pane: pane, Panes: state.Panes{Decision: state.DecisionPane{Call: strings.Repeat(`{"name":"x"}`, 300)}}}
		frag, err := state.Encode(st)
		if err != nil {
			t.Fatal(err)
		}
		if got := state.PaneHead(frag); got != pane {
			t.Errorf("PaneHead(link to %s) = %q", pane, got)
		}
		if got, probs := state.Decode(frag); probs != nil || !reflect.DeepEqual(got, st) {
			t.Errorf("link to %s decodes to %+v, %v", pane, got, probs)
		}
	}
	// Without a stored head the pane is known only once inflated; a damaged head is no hint.
	old := deflated(t, []byte(`{"pane":"diff","panes":{"schema":{"schema":"","instance":""},"decision":{"call":"","catalog":"","policy":"","decision":""},"diff":{"left":"","right":""}},"options":{}}`))
	if st, probs := state.Decode(old); probs != nil || st.Pane != "diff" {
		t.Fatalf("a link without a stored head: %+v, %v", st, probs)
	}
	for _, frag := range []string{old, "", "#", "#v2.AAAA", "#v1.!!!!", "#v1.AAAA", "#v1." + base64.RawURLEncoding.EncodeToString([]byte("\x00\x05\x00\xfa\xff{\"pane")),
		"#v1." + base64.RawURLEncoding.EncodeToString([]byte("\x00\x0e\x00\xf1\xff{\"pane\":\"A\",")),
		"#v1." + base64.RawURLEncoding.EncodeToString([]byte("\x00\x0e\x00\xf0\xff{\"pane\":\"a\","))} {
		if got := state.PaneHead(frag); got != "" {
			t.Errorf("PaneHead(%q) = %q, want none", frag, got)
		}
	}
	// A pane name that is no plain word is not put in the head; the link still holds it.
	odd := state.State{Pane: `sch"ema`}
	frag, err := state.Encode(odd)
	if err != nil {
		t.Fatal(err)
	}
	if got := state.PaneHead(frag); got != "" {
		t.Errorf("PaneHead(link to %q) = %q", odd.Pane, got)
	}
}
