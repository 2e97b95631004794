package main

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
)

// runIn runs the CLI in process with files relative to testdata.
func runIn(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, noEnv, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestLinkRoundTrip checks that a link carries every file byte for byte: decoding its fragment
// gives back exactly the texts that were named, in the panes they were named for.
func TestLinkRoundTrip(t *testing.T) {
	t.Chdir("testdata")
	read := func(name string) string {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	cases := []struct {
		args  []string
		stdin string
		want  func(s core.State) []string // the texts the state holds, to compare with files
		files []string
		pane  string
	}{
		// The Schema pane; the pane is the first one with a file.
		{args: []string{"--schema", "in/email.schema.json", "--instance", "in/email.bad.json"}, pane: "schema",
			want:  func(s core.State) []string { return []string{s.Panes.Schema.Schema, s.Panes.Schema.Instance} },
			files: []string{"in/email.schema.json", "in/email.bad.json"}},
		// The Decision pane, the call from standard input.
		{args: []string{"--call", "-", "--catalog", "in/catalog.json", "--policy", "in/policy.json"}, stdin: read("in/call.deny.json"), pane: "decision",
			want: func(s core.State) []string {
				return []string{s.Panes.Decision.Call, s.Panes.Decision.Catalog, s.Panes.Decision.Policy}
			},
			files: []string{"in/call.deny.json", "in/catalog.json", "in/policy.json"}},
		// The Diff pane opened on purpose although the Schema pane has a text too.
		{args: []string{"--pane", "diff", "--schema", "in/email.schema.json", "--left", "in/catalog.json", "--right", "in/catalog.v2.json", "--mode", "catalog"}, pane: "diff",
			want: func(s core.State) []string {
				return []string{s.Panes.Schema.Schema, s.Panes.Diff.Left, s.Panes.Diff.Right, s.Panes.Diff.Mode}
			},
			files: []string{"in/email.schema.json", "in/catalog.json", "in/catalog.v2.json"}},
		// A text that is not JSON travels as it is: the page shows where it breaks.
		{args: []string{"--left", "in/truncated.json"}, pane: "diff",
			want:  func(s core.State) []string { return []string{s.Panes.Diff.Left} },
			files: []string{"in/truncated.json"}},
	}
	for _, c := range cases {
		code, stdout, stderr := runIn(t, c.stdin, append([]string{"link"}, c.args...)...)
		if code != exitOK {
			t.Fatalf("link %v: exit %d: %s", c.args, code, stderr)
		}
		link := strings.TrimSpace(stdout)
		base, frag, ok := strings.Cut(link, "#")
		if !ok || base != defaultBase {
			t.Fatalf("link %v: %q, want %s#…", c.args, link, defaultBase)
		}
		decoded := core.DecodeState(core.DecodeStateRequest{Fragment: "#" + frag})
		if len(decoded.Problems) > 0 {
			t.Fatalf("link %v: the fragment does not decode: %v", c.args, decoded.Problems)
		}
		st := decoded.State
		if st.Pane != c.pane {
			t.Errorf("link %v: pane %q, want %q", c.args, st.Pane, c.pane)
		}
		var want []string
		for _, f := range c.files {
			want = append(want, read(f))
		}
		if slices.Contains(c.args, "--mode") {
			want = append(want, "catalog")
		}
		if got := c.want(st); !slices.Equal(got, want) {
			t.Errorf("link %v: the state holds other texts than the files", c.args)
		}
	}
}

// TestLinkTooLarge checks that a link too long for a browser is refused with a clear error
// rather than printed broken.
func TestLinkTooLarge(t *testing.T) {
	noise := make([]byte, 2<<20) // random bytes do not compress
	rand.Read(noise)
	path := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(path, []byte(`"`+base64.StdEncoding.EncodeToString(noise)+`"`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runIn(t, "", "link", "--left", path)
	if code != exitUsage || stdout != "" {
		t.Errorf("link of a 2.7 MB text: exit %d, stdout %d bytes; want exit %d and nothing", code, len(stdout), exitUsage)
	}
	if !strings.Contains(stderr, "more than browsers carry") {
		t.Errorf("link of a 2.7 MB text says %q", stderr)
	}
}

// TestParseInterleaved checks that flags may come before and after the files, and that "--"
// ends them.
func TestParseInterleaved(t *testing.T) {
	cases := []struct {
		args       []string
		schema     string
		positional []string
		afterDash  []string
	}{
		{[]string{"--schema", "s", "a"}, "s", []string{"a"}, nil},                              // flags first
		{[]string{"a", "--schema", "s"}, "s", []string{"a"}, nil},                              // flags after the file
		{[]string{"a", "--schema", "s", "b"}, "s", []string{"a", "b"}, nil},                    // flags between files
		{[]string{"-", "--schema=s"}, "s", []string{"-"}, nil},                                 // "-" is a file (standard input)
		{[]string{"--schema", "s", "--", "--schema"}, "s", nil, []string{"--schema"}},          // after "--", a word like a flag
		{[]string{"--", "a", "--", "b"}, "", nil, []string{"a", "--", "b"}},                    // only the first "--" is special
		{[]string{"a", "--", "npx", "-y", "x"}, "", []string{"a"}, []string{"npx", "-y", "x"}}, // a server's command line
		{nil, "", nil, nil}, // nothing at all
	}
	for _, c := range cases {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		schema := fs.String("schema", "", "")
		got, after, dashed, err := parseInterleaved(fs, c.args)
		if err != nil {
			t.Errorf("%q: %v", c.args, err)
			continue
		}
		if *schema != c.schema || !slices.Equal(got, c.positional) || !slices.Equal(after, c.afterDash) || dashed != slices.Contains(c.args, "--") {
			t.Errorf("%q: schema %q, files %q, after -- %q (%v); want %q, %q, %q", c.args, *schema, got, after, dashed, c.schema, c.positional, c.afterDash)
		}
	}
}

// TestTopLevelFlags checks the flags that stand for commands.
func TestTopLevelFlags(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		code, stdout, _ := runIn(t, "", args...)
		if code != exitOK || !strings.Contains(stdout, "Exit codes:") {
			t.Errorf("%v: exit %d, want the overview with the exit codes", args, code)
		}
	}
	code, stdout, _ := runIn(t, "", "--version")
	if code != exitOK || stdout != "gatehouse "+core.Version+"\n" {
		t.Errorf("--version: exit %d, %q", code, stdout)
	}
	// Every command's help runs and shows its usage line.
	for _, c := range commands {
		code, stdout, stderr := runIn(t, "", "help", c.name)
		if code != exitOK || !strings.HasPrefix(stdout, "usage: gatehouse "+c.name) {
			t.Errorf("help %s: exit %d, %q %q", c.name, code, stdout, stderr)
		}
	}
}

// TestTextPrinter checks colour, and that untrusted text cannot forge lines or drive the
// terminal.
func TestTextPrinter(t *testing.T) {
	in := &input{name: "c.json"}
	r := &report{
		items: []item{
			{level: levelError, in: in, line: 3, column: 5, message: "duplicate key"},
			{level: levelWarning, in: in, message: "ask", detail: true},
			{level: levelNote, message: "forged\nc.json:1:1: valid\x1b[2J\u202e"},
		},
		summary: "deny", outcome: levelError,
	}
	var plain, coloured bytes.Buffer
	textPrinter{}.print(&plain, r)
	textPrinter{colour: true}.print(&coloured, r)
	want := "c.json:3:5: duplicate key\nc.json:   ask\nforged\\nc.json:1:1: valid\\x1b[2J\\u202e\ndeny\n"
	if plain.String() != want {
		t.Errorf("plain text:\n%q\nwant\n%q", plain.String(), want)
	}
	if strings.Contains(plain.String(), "\x1b") {
		t.Error("plain text has an escape sequence")
	}
	for _, code := range []string{ansiBold, ansiRed, ansiYellow, ansiCyan, ansiReset} {
		if !strings.Contains(coloured.String(), code) {
			t.Errorf("coloured text lacks %q", code)
		}
	}
	if strings.Count(coloured.String(), "\n") != 4 {
		t.Errorf("coloured text is not four lines: %q", coloured.String())
	}
}

// TestColourChoice checks when text is coloured: only on a terminal (a character device), and
// never with NO_COLOR set.
func TestColourChoice(t *testing.T) {
	tty, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0) // a character device, as a terminal is
	if err != nil {
		t.Skipf("SKIPPED: no %s: %v", os.DevNull, err)
	}
	defer tty.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	cases := []struct {
		out     io.Writer
		noColor string
		want    bool
	}{
		{tty, "", true},              // a terminal: colour
		{tty, "1", false},            // NO_COLOR wins
		{file, "", false},            // a file: plain
		{&bytes.Buffer{}, "", false}, // not a file at all: plain
	}
	for _, c := range cases {
		s := &session{stdout: c.out, getenv: func(name string) string {
			if name == "NO_COLOR" {
				return c.noColor
			}
			return ""
		}}
		p, err := s.printer("text")
		if err != nil {
			t.Fatal(err)
		}
		if got := p.(textPrinter).colour; got != c.want {
			t.Errorf("%T with NO_COLOR=%q: colour %v, want %v", c.out, c.noColor, got, c.want)
		}
	}
}

// TestJSONIsTheAPIAnswer checks that --format json prints what the JavaScript API answers, on
// the project's own examples: the gate and diff goldens in ../../testdata are core's answers
// for the same texts.
func TestJSONIsTheAPIAnswer(t *testing.T) {
	root := filepath.Join("..", "..", "testdata")
	cases := []struct {
		glob, golden string
		args         func(dir string) []string
	}{
		{"gate/*", "result.golden.json", func(dir string) []string {
			return []string{"gate", "--format", "json", "--catalog", filepath.Join(dir, "catalog.json"),
				"--policy", filepath.Join(dir, "policy.json"), filepath.Join(dir, "call.json")}
		}},
		{"diff/*", "want.golden.json", func(dir string) []string {
			return []string{"diff", "--format", "json", filepath.Join(dir, "left.json"), filepath.Join(dir, "right.json")}
		}},
	}
	compared := 0
	for _, c := range cases {
		dirs, _ := filepath.Glob(filepath.Join(root, c.glob))
		for _, dir := range dirs {
			want, err := os.ReadFile(filepath.Join(dir, c.golden))
			if err != nil {
				continue // an example without a golden answer
			}
			code, stdout, stderr := runIn(t, "", c.args(dir)...)
			if code == exitUsage && stdout == "" {
				t.Errorf("%s: exit %d: %s", dir, code, stderr)
				continue
			}
			var got, wantV any
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Errorf("%s: the output is not JSON: %v", dir, err)
				continue
			}
			if err := json.Unmarshal(want, &wantV); err != nil {
				t.Fatalf("%s: %v", filepath.Join(dir, c.golden), err)
			}
			if !reflect.DeepEqual(got, wantV) {
				t.Errorf("%s: --format json differs from core's answer in %s", dir, c.golden)
			}
			compared++
		}
	}
	if compared == 0 {
		t.Skip("SKIPPED: no examples with golden answers in ../../testdata")
	}
	t.Logf("%d answers compared", compared)
}

// TestTextOutputFloods: a text with thousands of problems prints the first 1,000 and says how
// many more there are; --format json gives every one. The problems in the other alternatives of
// a oneOf are counted on one line, the closest alternative's shown.
func TestTextOutputFloods(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("[")
	for i := 0; i < 1500; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"id":` + strconv.Itoa(i) + `}`)
	}
	b.WriteString("]")
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	schema := write("s.json", `{"items":{"properties":{"id":{"type":"string"}}}}`)
	instance := write("i.json", b.String())
	code, stdout, _ := runIn(t, "", "validate", "--schema", schema, instance)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if code != exitFindings || len(lines) != 1002 || !strings.Contains(lines[1000], "and 500 more not shown") {
		t.Errorf("exit %d, %d lines, line 1001 %q", code, len(lines), lines[min(1000, len(lines)-1)])
	}
	_, stdout, _ = runIn(t, "", "validate", "--format", "json", "--schema", schema, instance)
	var res core.ValidateResult
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || len(res.Problems) != 1500 {
		t.Errorf("JSON: %v, %d problems, want all 1500", err, len(res.Problems))
	}

	oneOf := write("oneof.json", `{"oneOf":[{"properties":{"kind":{"const":"a"},"x":{"type":"string"}},"required":["kind","x"]},`+
		`{"properties":{"kind":{"const":"b"},"y":{"type":"number"}},"required":["kind","y"]}]}`)
	// One line for the value, the closest alternative's problem indented under it, nothing of
	// the other alternative's two problems.
	_, stdout, _ = runIn(t, "", "validate", "--schema", oneOf, write("v.json", `{"kind":"b","y":"s"}`))
	lines = strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 3 || !strings.HasSuffix(lines[0], ":1:1: matches none of the 2 alternatives of oneOf") ||
		!strings.HasSuffix(lines[1], ":1:17:   /y: got string, want number (in alternative 1 of /oneOf, the closest)") {
		t.Errorf("oneOf output:\n%s", stdout)
	}
	// Three items that each match no alternative are three lines, each naming the
	// alternatives' discriminator, each with its closest alternative's problems under it.
	items := write("items.json", `{"items":{"oneOf":[{"properties":{"kind":{"const":"a"}},"required":["kind"]},{"properties":{"kind":{"const":"b"}},"required":["kind"]}]}}`)
	_, stdout, _ = runIn(t, "", "validate", "--schema", items, write("three.json", `[{"kind":"x"},{"kind":"y"},{"kind":"z"}]`))
	var heads []string
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		if _, message, ok := strings.Cut(line, ": "); ok && !strings.HasPrefix(message, " ") && strings.Contains(message, "matches none") {
			heads = append(heads, message)
		}
	}
	want := []string{`/0: matches none of the 2 alternatives of oneOf ("kind" must be "a" or "b")`,
		`/1: matches none of the 2 alternatives of oneOf ("kind" must be "a" or "b")`,
		`/2: matches none of the 2 alternatives of oneOf ("kind" must be "a" or "b")`}
	if !slices.Equal(heads, want) || strings.Count(stdout, "\n") != 7 {
		t.Errorf("three items, want three lines, each with one problem under it:\n%s", stdout)
	}

	// The gate shows the same arguments the same way, under the decision: one line per value
	// naming the alternatives, its closest alternative's problem under it.
	catalog := write("catalog.json", `{"tools":[{"name":"send","inputSchema":{"type":"object","properties":{"list":{"type":"array","items":`+
		`{"oneOf":[{"properties":{"kind":{"const":"a"}},"required":["kind"]},{"properties":{"kind":{"const":"b"}},"required":["kind"]}]}}}}}]}`)
	policy := write("policy.json", `{"allow_tools":["send"]}`)
	call := write("call.json", `{"type":"tool_use","id":"t1","name":"send","input":{"list":[{"kind":"x"},{"kind":"a"},{"kind":"z"}]}}`)
	_, stdout, _ = runIn(t, "", "gate", "--catalog", catalog, "--policy", policy, call)
	wantGate := []string{
		`call.json:1:69: send: deny (arguments_invalid): the arguments fail the inputSchema of "send" at /list/0, /list/2`,
		`call.json:1:61:   /list/0: matches none of the 2 alternatives of oneOf ("kind" must be "a" or "b")`,
		`call.json:1:69:     /list/0/kind: value must be 'a' (in alternative 0 of /properties/list/items/oneOf, the closest)`,
		`call.json:1:87:   /list/2: matches none of the 2 alternatives of oneOf ("kind" must be "a" or "b")`,
		`call.json:1:95:     /list/2/kind: value must be 'a' (in alternative 0 of /properties/list/items/oneOf, the closest)`,
		`deny: 1 call (1 deny)`}
	var gotGate []string
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		gotGate = append(gotGate, strings.TrimPrefix(line, dir+string(filepath.Separator)))
	}
	if !slices.Equal(gotGate, wantGate) {
		t.Errorf("gate, want one line per value under the decision:\n%s", strings.Join(gotGate, "\n"))
	}
}

// TestJSONInTheLocaleLanguage checks that --format json under a French or German locale prints
// what the JavaScript API answers for the same request with that lang.
func TestJSONInTheLocaleLanguage(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "gate", "delete-file-outside-workspace")
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, c := range []struct{ locale, lang string }{{"fr_FR.UTF-8", "fr"}, {"de_AT", "de"}, {"C", "en"}} {
		var stdout, stderr bytes.Buffer
		getenv := func(name string) string {
			if name == "LANG" {
				return c.locale
			}
			return ""
		}
		run([]string{"gate", "--format", "json", "--catalog", filepath.Join(dir, "catalog.json"), "--policy", filepath.Join(dir, "policy.json"),
			filepath.Join(dir, "call.json")}, getenv, strings.NewReader(""), &stdout, &stderr)
		request, _ := json.Marshal(map[string]string{"call": read("call.json"), "catalog": read("catalog.json"), "policy": read("policy.json"), "lang": c.lang})
		answer, _ := core.Call("gate", string(request))
		var got, want any
		if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
			t.Fatalf("LANG=%s: %v\n%s", c.locale, err, stderr.String())
		}
		if err := json.Unmarshal(answer, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("LANG=%s: --format json differs from the API's answer in %q", c.locale, c.lang)
		}
	}
}

// TestLongRunningInEnglish: proxy and serve, which run until stopped, keep no translation open:
// under a French locale their words stay English.
func TestLongRunningInEnglish(t *testing.T) {
	french := func(name string) string {
		if name == "LANG" {
			return "fr_FR.UTF-8"
		}
		return ""
	}
	for _, args := range [][]string{{"proxy"}, {"serve", "x"}} {
		var stdout, stderr bytes.Buffer
		code := run(args, french, strings.NewReader(""), &stdout, &stderr)
		if code != exitUsage || !strings.Contains(stderr.String(), "usage: gatehouse "+args[0]) {
			t.Errorf("%v under LANG=fr: exit %d, %q; want the usage error in English", args, code, stderr.String())
		}
	}
	var stdout bytes.Buffer
	run([]string{"lint"}, french, strings.NewReader("{"), &stdout, &bytes.Buffer{})
	if !strings.Contains(stdout.String(), "le texte") {
		t.Errorf("lint under LANG=fr: %q, want French", stdout.String())
	}
}

// TestToolNamesAreNotTranslated: a tool whose name is also one of the catalog's words ("send",
// "fetch") keeps its name in a German decision and diff; only gatehouse's words are translated.
func TestToolNamesAreNotTranslated(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	tool := func(name, desc string) string {
		return `{"name":"` + name + `","description":"` + desc + `","inputSchema":{"type":"object","additionalProperties":false}}`
	}
	left := write("left.json", `{"tools":[`+tool("send", "Sends a message.")+`]}`)
	right := write("right.json", `{"tools":[`+tool("send", "Sends a message to a person.")+`,`+tool("fetch", "Fetches a page.")+`]}`)
	policy := write("policy.json", `{"allow_tools":[]}`)
	call := write("call.json", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"send","arguments":{}}}`)
	german := func(name string) string {
		if name == "LANG" {
			return "de_DE.UTF-8"
		}
		return ""
	}
	var stdout, stderr bytes.Buffer
	run([]string{"gate", "--catalog", left, "--policy", policy, call}, german, strings.NewReader(""), &stdout, &stderr)
	if got := stdout.String(); !strings.Contains(got, "send: ") || strings.Contains(got, "senden:") {
		t.Errorf("gate under LANG=de names the tool %q as:\n%s%s", "send", got, stderr.String())
	}
	stdout.Reset()
	run([]string{"diff", "--mode", "catalog", left, right}, german, strings.NewReader(""), &stdout, &stderr)
	if got := stdout.String(); !strings.Contains(got, " send ") || !strings.Contains(got, " fetch ") {
		t.Errorf("diff under LANG=de does not keep the tool names send and fetch:\n%s%s", got, stderr.String())
	}
}

// TestErrorsInEveryLanguage: a file that cannot be read is an unreadable input (exit 3) with its
// name and the system's reason under every locale gatehouse speaks.
func TestErrorsInEveryLanguage(t *testing.T) {
	for _, locale := range []string{"C", "fr_FR.UTF-8", "de_DE.UTF-8"} {
		getenv := func(name string) string {
			if name == "LANG" {
				return locale
			}
			return ""
		}
		for _, args := range [][]string{{"lint", "nosuch.json"}, {"check-result", "nosuch.json"}, {"gate", "--catalog", "nosuch.json", "--policy", "nosuch.json", "call.json"}} {
			var stdout, stderr bytes.Buffer
			code := run(args, getenv, strings.NewReader(""), &stdout, &stderr)
			if code != exitUsage || !strings.Contains(stderr.String(), "nosuch.json") {
				t.Errorf("LANG=%s %v: exit %d, %q; want exit %d naming nosuch.json", locale, args, code, stderr.String(), exitUsage)
			}
		}
	}
}

// TestDiffSpeaksOneLanguage: under a French or German locale, the diff's words around the
// reasons (a tool's risk, the class of a schema change, of an annotation flip) are translated as
// the reasons are, never left in English beside them.
func TestDiffSpeaksOneLanguage(t *testing.T) {
	english := []string{"risk high", "risk medium", "risk low", "schema loosened", "inputSchema loosened", "annotation riskier", "(high)", "(medium)", "(low)"}
	for _, locale := range []string{"fr_FR.UTF-8", "de_DE.UTF-8"} {
		getenv := func(name string) string {
			if name == "LANG" {
				return locale
			}
			return ""
		}
		for _, pair := range []string{"schema-loosening", "annotation-flip", "added-exec-tool"} {
			dir := filepath.Join("..", "..", "testdata", "diff", pair)
			var stdout, stderr bytes.Buffer
			run([]string{"diff", filepath.Join(dir, "left.json"), filepath.Join(dir, "right.json")}, getenv, strings.NewReader(""), &stdout, &stderr)
			for _, words := range english {
				if strings.Contains(stdout.String(), words) {
					t.Errorf("%s under LANG=%s says %q in English:\n%s", pair, locale, words, stdout.String())
				}
			}
		}
	}
}

// TestDecisionWordsStayThePolicys: under a French or German locale, a decision reads allow, deny
// or ask wherever it is named (a flow's deny too), as the policy writes them; and the words that
// stand for a call with no name are translated, as a tool's own name never is.
func TestDecisionWordsStayThePolicys(t *testing.T) {
	flows := filepath.Join("..", "..", "testdata", "flow")
	gate := filepath.Join("..", "..", "testdata", "gate", "send-email-grant-missing")
	reply := filepath.Join(t.TempDir(), "reply.json")
	os.WriteFile(reply, []byte(`{"role": "assistant", "content": "Done."}`), 0o644)
	for _, c := range []struct {
		locale, translatedDeny, noCall string
	}{{"fr_FR.UTF-8", "refus (", "(aucun appel d'outil)"}, {"de_DE.UTF-8", "Ablehnung (", "(kein Tool-Aufruf)"}} {
		getenv := func(name string) string {
			if name == "LANG" {
				return c.locale
			}
			return ""
		}
		var stdout, stderr bytes.Buffer
		run([]string{"replay", "--catalog", filepath.Join(flows, "catalog.json"), "--policy", filepath.Join(flows, "policy.json"), filepath.Join(flows, "github-private-repo", "openai-chat.json")}, getenv, strings.NewReader(""), &stdout, &stderr)
		if got := stdout.String(); strings.Contains(strings.ToLower(got), strings.ToLower(c.translatedDeny)) || !strings.Contains(got, "deny (flow)") {
			t.Errorf("replay under LANG=%s translates deny:\n%s", c.locale, got)
		}
		stdout.Reset()
		run([]string{"gate", "--catalog", filepath.Join(gate, "catalog.json"), "--policy", filepath.Join(gate, "policy.json"), reply}, getenv, strings.NewReader(""), &stdout, &stderr)
		if got := stdout.String(); !strings.Contains(got, c.noCall) {
			t.Errorf("gate under LANG=%s on a text reply does not say %q:\n%s", c.locale, c.noCall, got)
		}
	}
}
