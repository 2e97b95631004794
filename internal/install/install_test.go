package install_test

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/install"
	"github.com/gatehouse-dev/gatehouse/internal/live"
	"github.com/tailscale/hujson"
)

// One configuration file of each client gatehouse installs into, as the client writes it.
var clientFiles = map[string]string{
	"Claude Desktop":          "testdata/claude-desktop/claude_desktop_config.json",
	"Claude Code":             "testdata/claude-code/.claude.json",
	"Cursor":                  "testdata/cursor/.cursor/mcp.json",
	"VS Code (workspace)":     "testdata/vscode/.vscode/mcp.json",
	"VS Code (user settings)": "testdata/vscode-user/settings.json",
	"Windsurf":                "testdata/windsurf/mcp_config.json",
	"Gemini CLI":              "testdata/gemini/.gemini/settings.json",
}

var proxy = install.Proxy{Gatehouse: "/opt/gatehouse/bin/gatehouse", Flags: []string{"--policy", "/home/me/policy.json", "--log", "/home/me/decisions.jsonl"}}

func read(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// standard is a configuration's value with comments and trailing commas gone, for comparing
// what two texts say.
func standard(t testing.TB, b []byte) any {
	t.Helper()
	std, err := hujson.Standardize(append([]byte(nil), b...))
	if err != nil {
		t.Fatalf("not JSON with comments: %v\n%s", err, b)
	}
	var v any
	if err := json.Unmarshal(std, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// servers reads a configuration the way the proxy and the catalog commands do, by name.
func servers(t *testing.T, path string, b []byte) map[string]live.ConfigServer {
	t.Helper()
	list, err := live.ReadConfig(path, b)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]live.ConfigServer{}
	for _, s := range list {
		out[s.Name] = s
	}
	return out
}

// TestWrapEachClient: every server a client starts or reaches over Streamable HTTP now starts
// gatehouse's proxy with the original server after its flags; nothing else in the file changes.
func TestWrapEachClient(t *testing.T) {
	t.Setenv("SENTRY_TOKEN", "s3cret")
	for client, path := range clientFiles {
		t.Run(client, func(t *testing.T) {
			before := read(t, path)
			after, changes, err := install.Wrap(path, before, proxy)
			if err != nil {
				t.Fatal(err)
			}
			was, now := servers(t, path, before), servers(t, path, after)
			if !slices.Equal(sorted(mapKeys(was)), sorted(mapKeys(now))) {
				t.Fatalf("servers before %v, after %v", mapKeys(was), mapKeys(now))
			}
			for _, c := range changes {
				orig, seen := was[c.Server]
				wrapped := now[c.Server]
				if !seen {
					continue // a Claude Code project other than the working directory's: TestWrapClaudeCodeProjects
				}
				switch c.Action {
				case install.Wrapped:
					if len(wrapped.Command) < 2 || wrapped.Command[0] != proxy.Gatehouse || wrapped.Command[1] != "proxy" {
						t.Fatalf("%s: %q does not start gatehouse's proxy", c.Server, wrapped.Command)
					}
					flags := wrapped.Command[2 : 2+len(proxy.Flags)]
					if !slices.Equal(flags, proxy.Flags) {
						t.Errorf("%s: flags %q, want %q", c.Server, flags, proxy.Flags)
					}
					rest := wrapped.Command[2+len(proxy.Flags):]
					if orig.URL != "" {
						if len(rest) < 2 || rest[0] != "--url" || rest[1] != orig.URL {
							t.Errorf("%s: after the flags %q, want --url %s", c.Server, rest, orig.URL)
						}
						// Each header reaches the proxy through the environment, never the arguments.
						for name, value := range orig.Headers {
							i := slices.IndexFunc(rest, func(a string) bool { return strings.HasPrefix(a, name+"=") })
							if i < 1 || rest[i-1] != "--header-env" {
								t.Errorf("%s: header %s is not passed on: %q", c.Server, name, rest)
								continue
							}
							if v := strings.TrimPrefix(rest[i], name+"="); wrapped.Env[v] != value {
								t.Errorf("%s: header %s: the environment's %s is %q, want %q", c.Server, name, v, wrapped.Env[v], value)
							}
							if slices.ContainsFunc(rest, func(a string) bool { return strings.Contains(a, value) }) {
								t.Errorf("%s: the value of header %s is in the arguments: %q", c.Server, name, rest)
							}
						}
						for k, v := range orig.Env {
							if wrapped.Env[k] != v {
								t.Errorf("%s: env %s changed: %q → %q", c.Server, k, v, wrapped.Env[k])
							}
						}
						if orig.Dir != wrapped.Dir || orig.Disabled != wrapped.Disabled {
							t.Errorf("%s: cwd or disabled changed", c.Server)
						}
						continue
					} else if len(rest) == 0 || rest[0] != "--" || !slices.Equal(rest[1:], orig.Command) {
						t.Errorf("%s: after the flags %q, want -- %q", c.Server, rest, orig.Command)
					}
					if !reflect.DeepEqual(orig.Env, wrapped.Env) || orig.Dir != wrapped.Dir || orig.Disabled != wrapped.Disabled {
						t.Errorf("%s: env, cwd or disabled changed: %+v → %+v", c.Server, orig, wrapped)
					}
				case install.Skipped:
					if !reflect.DeepEqual(orig, wrapped) || c.Why == "" {
						t.Errorf("%s: skipped (%q) but changed: %+v → %+v", c.Server, c.Why, orig, wrapped)
					}
				default:
					t.Errorf("%s: %s on a first install", c.Server, c.Action)
				}
			}
			// Members that are not servers are untouched.
			b, a := standard(t, before).(map[string]any), standard(t, after).(map[string]any)
			for k, v := range b {
				if k == "mcpServers" || k == "servers" || k == "mcp" || k == "projects" {
					continue
				}
				if !reflect.DeepEqual(a[k], v) {
					t.Errorf("member %q changed: %v → %v", k, v, a[k])
				}
			}
		})
	}
}

// TestWrapTwiceChangesNothing: install is idempotent.
func TestWrapTwiceChangesNothing(t *testing.T) {
	for client, path := range clientFiles {
		once, _, err := install.Wrap(path, read(t, path), proxy)
		if err != nil {
			t.Fatal(err)
		}
		twice, changes, err := install.Wrap(path, once, proxy)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(once, twice) {
			t.Errorf("%s: a second install changed the file:\n%s\n---\n%s", client, once, twice)
		}
		for _, c := range changes {
			if c.Action == install.Wrapped {
				t.Errorf("%s: %s wrapped twice", client, c.Server)
			}
		}
	}
}

// TestWrapKeepsComments: VS Code's files keep every comment and their trailing commas' file
// stays JSON with comments that VS Code reads.
func TestWrapKeepsComments(t *testing.T) {
	for _, path := range []string{clientFiles["VS Code (workspace)"], clientFiles["VS Code (user settings)"]} {
		before := read(t, path)
		after, _, err := install.Wrap(path, before, proxy)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(before), "\n") {
			for _, mark := range []string{"//", "/*"} {
				if i := strings.Index(line, mark); i >= 0 && !strings.Contains(string(after), strings.TrimSpace(line[i:])) {
					t.Errorf("%s: the comment %q is gone", path, line[i:])
				}
			}
		}
	}
}

// TestUnwrapRestores: uninstall gives each server back as it was, whatever the client.
func TestUnwrapRestores(t *testing.T) {
	for client, path := range clientFiles {
		before := read(t, path)
		wrapped, _, err := install.Wrap(path, before, proxy)
		if err != nil {
			t.Fatal(err)
		}
		restored, changes, err := install.Unwrap(path, wrapped, proxy.Gatehouse)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(standard(t, before), standard(t, restored)) {
			t.Errorf("%s: uninstall does not restore the configuration:\n%s\n---\n%s", client, before, restored)
		}
		again, _, err := install.Unwrap(path, restored, proxy.Gatehouse)
		if err != nil || !bytes.Equal(again, restored) {
			t.Errorf("%s: a second uninstall changed the file (%v)", client, err)
		}
		n := 0
		for _, c := range changes {
			if c.Action == install.Unwrapped {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s: nothing unwrapped", client)
		}
	}
}

// TestSkipped: what the proxy cannot stand in front of is left alone, with the reason.
func TestSkipped(t *testing.T) {
	cases := []struct{ path, server, why string }{
		{clientFiles["Cursor"], "old", "SSE"},
		{clientFiles["Gemini CLI"], "events", "SSE"},
	}
	for _, c := range cases {
		_, changes, err := install.Wrap(c.path, read(t, c.path), proxy)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, ch := range changes {
			if ch.Server == c.server {
				found = true
				if ch.Action != install.Skipped || !strings.Contains(ch.Why, c.why) {
					t.Errorf("%s %s: %s (%q), want skipped for %s", c.path, c.server, ch.Action, ch.Why, c.why)
				}
			}
		}
		if !found {
			t.Errorf("%s: no change reported for %s", c.path, c.server)
		}
	}
	_, changes, err := install.Wrap("x/.mcp.json", []byte(`{"mcpServers": {"odd": {"note": "nothing to start"}}}`), proxy)
	if err != nil || len(changes) != 1 || changes[0].Action != install.Skipped {
		t.Errorf("an entry with no command and no URL: %v %+v", err, changes)
	}
}

// TestBadConfigurations: what cannot be rewritten is an error that says where, and the file is
// never half rewritten.
func TestBadConfigurations(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"not JSON", `{"mcpServers": {`, "not JSON"},
		// JSON with comments cut short is placed, file:line:column, as every other error is.
		{"JSONC cut short", "{\n  // servers\n  \"mcpServers\": {\"a\": {\"command\": \"x\"},\n", ".mcp.json:4:1: not JSON"},
		{"duplicate server", "{\"mcpServers\": {\n  \"a\": {\"command\": \"x\"},\n  \"a\": {\"command\": \"y\"}}}", ".mcp.json:3:3"},
		{"no servers", `{"theme": "dark"}`, "no MCP servers"},
		{"servers not an object", `{"mcpServers": ["a"]}`, "not an object of servers"},
		{"entry not an object", `{"mcpServers": {"a": "npx"}}`, `server "a"`},
		{"an array", `[1]`, "is a JSON object"},
	}
	for _, c := range cases {
		out, _, err := install.Wrap(".mcp.json", []byte(c.text), proxy)
		if err == nil || !strings.Contains(err.Error(), c.want) || out != nil {
			t.Errorf("%s: %v (out %q), want an error with %q", c.name, err, out, c.want)
		}
	}
	if _, _, err := install.Wrap(".mcp.json", []byte(`{"mcpServers": {}}`), install.Proxy{}); err == nil {
		t.Error("no gatehouse program: no error")
	}
	// A name with "/" and "~" is addressed by an escaped pointer.
	out, changes, err := install.Wrap(".mcp.json", []byte(`{"mcpServers": {"a/b~c": {"command": "x"}}}`), proxy)
	if err != nil || len(changes) != 1 || changes[0].Pointer != "/mcpServers/a~1b~0c" || !strings.Contains(string(out), proxy.Gatehouse) {
		t.Errorf("escaped name: %v %+v %s", err, changes, out)
	}
}

func mapKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

// TestWrapClaudeCodeProjects: Claude Code's servers of every project are wrapped too, each at
// its pointer.
func TestWrapClaudeCodeProjects(t *testing.T) {
	path := clientFiles["Claude Code"]
	after, changes, err := install.Wrap(path, read(t, path), proxy)
	if err != nil {
		t.Fatal(err)
	}
	v := standard(t, after).(map[string]any)
	pg := v["projects"].(map[string]any)["/home/me/work/app"].(map[string]any)["mcpServers"].(map[string]any)["postgres"].(map[string]any)
	args, _ := pg["args"].([]any)
	if pg["command"] != proxy.Gatehouse || len(args) < 3 || args[len(args)-3] != "uvx" || pg["env"].(map[string]any)["DATABASE_URI"] != "postgresql://localhost/app" {
		t.Errorf("the project's server: %v", pg)
	}
	var pointers []string
	for _, c := range changes {
		pointers = append(pointers, c.Pointer)
	}
	if !slices.Contains(pointers, "/projects/~1home~1me~1work~1app/mcpServers/postgres") {
		t.Errorf("pointers %q", pointers)
	}
}

func sorted(s []string) []string { slices.Sort(s); return s }
