package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/testenv"
)

// clientConfigs are copies of each client's configuration format (internal/install's testdata).
var clientConfigs = map[string]string{
	"Claude Desktop": "claude-desktop/claude_desktop_config.json",
	"Claude Code":    "claude-code/.claude.json",
	"Cursor":         "cursor/.cursor/mcp.json",
	"VS Code":        "vscode/.vscode/mcp.json",
	"VS Code user":   "vscode-user/settings.json",
	"Windsurf":       "windsurf/mcp_config.json",
	"Gemini CLI":     "gemini/.gemini/settings.json",
}

// copyConfig puts a copy of a client's configuration in a fresh folder, at the same relative
// path (the folder names tell the clients apart).
func copyConfig(t *testing.T, rel string) (path string, original []byte) {
	t.Helper()
	original, err := os.ReadFile(filepath.Join("..", "..", "internal", "install", "testdata", rel))
	if err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(t.TempDir(), rel)
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, original, 0o640); err != nil {
		t.Fatal(err)
	}
	return path, original
}

func fileText(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestInstallUninstall: on a copy of each client's file, install shows a diff, writes the file
// with a backup, changes nothing the second time, and uninstall gives back the file byte for
// byte and removes the backup.
func TestInstallUninstall(t *testing.T) {
	policy := filepath.Join(t.TempDir(), "policy.json")
	os.WriteFile(policy, []byte(`{"allow_tools": ["*"]}`), 0o644)
	exe, _ := os.Executable()
	for client, rel := range clientConfigs {
		t.Run(client, func(t *testing.T) {
			path, original := copyConfig(t, rel)
			code, out, stderr := runIn(t, "", "install", "--config", path, "--policy", policy, "--gatehouse", exe)
			if code != exitOK {
				t.Fatalf("install: exit %d\n%s%s", code, out, stderr)
			}
			installed := fileText(t, path)
			if bytes.Equal(installed, original) || !strings.Contains(string(installed), policy) {
				t.Fatalf("install did not rewrite the file:\n%s", installed)
			}
			if !strings.Contains(out, "--- "+path) || !strings.Contains(out, "\n+") || !strings.Contains(out, "now runs through gatehouse") {
				t.Errorf("install's output shows no diff or no server:\n%s", out)
			}
			if b := fileText(t, path+backupSuffix); !bytes.Equal(b, original) {
				t.Errorf("the backup is not the original")
			}
			if info, _ := os.Stat(path); info.Mode().Perm() != 0o640 {
				t.Errorf("the file's mode is now %v", info.Mode().Perm())
			}

			code, out, _ = runIn(t, "", "install", "--config", path, "--policy", policy, "--gatehouse", exe)
			if code != exitOK || !strings.Contains(out, "nothing to change") || !bytes.Equal(fileText(t, path), installed) {
				t.Errorf("a second install: exit %d\n%s", code, out)
			}
			if b := fileText(t, path+backupSuffix); !bytes.Equal(b, original) {
				t.Errorf("a second install replaced the backup")
			}

			code, out, stderr = runIn(t, "", "uninstall", "--dry-run", "--config", path)
			if code != exitOK || !strings.Contains(out, "not written") || !bytes.Equal(fileText(t, path), installed) {
				t.Errorf("uninstall --dry-run: exit %d, or it wrote\n%s%s", code, out, stderr)
			}
			code, out, stderr = runIn(t, "", "uninstall", "--config", path)
			if code != exitOK || !strings.Contains(out, "restored from") {
				t.Fatalf("uninstall: exit %d\n%s%s", code, out, stderr)
			}
			if got := fileText(t, path); !bytes.Equal(got, original) {
				t.Errorf("uninstall did not restore the file byte for byte:\n%s\n---\n%s", got, original)
			}
			if _, err := os.Stat(path + backupSuffix); err == nil {
				t.Errorf("the backup is still there after a restore")
			}
		})
	}
}

// TestUninstallAfterAnEdit: a file edited since install is unwrapped in place, so the edit
// stays, and the backup is kept.
func TestUninstallAfterAnEdit(t *testing.T) {
	policy := filepath.Join(t.TempDir(), "policy.json")
	os.WriteFile(policy, []byte(`{}`), 0o644)
	path, _ := copyConfig(t, clientConfigs["VS Code"])
	if code, out, stderr := runIn(t, "", "install", "--config", path, "--policy", policy, "--gatehouse", "/usr/bin/true"); code != exitOK {
		t.Fatalf("install: %d\n%s%s", code, out, stderr)
	}
	edited := strings.Replace(string(fileText(t, path)), `"servers": {`, `"servers": {
    "added-later": {"command": "uvx", "args": ["mcp-server-fetch"]},`, 1)
	os.WriteFile(path, []byte(edited), 0o644)
	code, out, stderr := runIn(t, "", "uninstall", "--config", path, "--gatehouse", "/usr/bin/true")
	if code != exitOK || !strings.Contains(out, "is kept") {
		t.Fatalf("uninstall: %d\n%s%s", code, out, stderr)
	}
	got := string(fileText(t, path))
	if !strings.Contains(got, `"added-later"`) || strings.Contains(got, "/usr/bin/true") || !strings.Contains(got, "// Servers for this workspace.") {
		t.Errorf("uninstall after an edit:\n%s", got)
	}
	if _, err := os.Stat(path + backupSuffix); err != nil {
		t.Errorf("the backup is gone: %v", err)
	}
}

// TestInstallDiscover: --discover finds the configurations in a home folder and passes over a
// client settings file without servers.
func TestInstallDiscover(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	policy := filepath.Join(home, "policy.json")
	os.WriteFile(policy, []byte(`{}`), 0o644)
	cursor := filepath.Join(home, ".cursor", "mcp.json")
	gemini := filepath.Join(home, ".gemini", "settings.json")
	os.MkdirAll(filepath.Dir(cursor), 0o755)
	os.MkdirAll(filepath.Dir(gemini), 0o755)
	os.WriteFile(cursor, []byte(`{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]}}}`), 0o644)
	os.WriteFile(gemini, []byte(`{"theme": "dark"}`), 0o644)
	code, out, stderr := runIn(t, "", "install", "--discover", "--dry-run", "--policy", policy, "--gatehouse", "/usr/bin/true")
	if code != exitOK || !strings.Contains(out, cursor) || strings.Contains(out, gemini) || !strings.Contains(out, "not written") {
		t.Fatalf("install --discover --dry-run: %d\n%s%s", code, out, stderr)
	}
	if strings.Contains(string(fileText(t, cursor)), "proxy") {
		t.Error("--dry-run wrote the file")
	}
}

// TestInstallRefuses: the mistakes a person makes get a clear word and change nothing.
func TestInstallRefuses(t *testing.T) {
	path, original := copyConfig(t, clientConfigs["Cursor"])
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"install", "--config", path}, "--policy is required"},
		{[]string{"install", "--policy", "nope.json", "--config", path}, "nope.json"},
		{[]string{"install", "--policy", path}, "--config FILE or --discover"},
		{[]string{"install", "--policy", path, "--config", path, "--discover"}, "name one"},
		{[]string{"uninstall", "--config", filepath.Join(t.TempDir(), "missing.json")}, "missing.json"},
	}
	for _, c := range cases {
		code, out, stderr := runIn(t, "", c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, want %d with %q\n%s%s", c.args, code, exitUsage, c.want, out, stderr)
		}
	}
	if !bytes.Equal(fileText(t, path), original) {
		t.Error("a refused install changed the file")
	}
	bad := filepath.Join(t.TempDir(), ".mcp.json")
	os.WriteFile(bad, []byte("{\"mcpServers\": {\n  \"a\": {\"command\": \"x\"},\n  \"a\": {\"command\": \"y\"}\n}}"), 0o644)
	code, _, stderr := runIn(t, "", "install", "--config", bad, "--policy", path, "--gatehouse", "/usr/bin/true")
	if code != exitUsage || !strings.Contains(stderr, bad+":3:3") {
		t.Errorf("a duplicate server: exit %d\n%s", code, stderr)
	}
}

// TestInstalledServerRuns: a configuration install rewrote still starts its server, now through
// gatehouse's proxy, which hides what the policy does not allow: the catalog read through the
// rewritten configuration holds the allowed tool and only it.
func TestInstalledServerRuns(t *testing.T) {
	everything := testenv.MCPServer(t, "mcp-server-everything")
	dir := t.TempDir()
	config := filepath.Join(dir, ".mcp.json")
	os.WriteFile(config, []byte(`{"mcpServers": {"everything": {"command": "`+everything[0]+`", "args": ["`+everything[1]+`"], "env": {"GATEHOUSE_TEST_KEPT": "1"}}}}`), 0o644)
	policy := filepath.Join(dir, "policy.json")
	os.WriteFile(policy, []byte(`{"allow_tools": ["echo"]}`), 0o644)
	if out, err := exec.Command(binary, "install", "--config", config, "--policy", policy).CombinedOutput(); err != nil {
		t.Fatalf("install: %v\n%s", err, out)
	}
	out, err := exec.Command(binary, "catalog", "--config", config).Output()
	if err != nil {
		t.Fatalf("catalog through the installed proxy: %v\n%s", err, out)
	}
	var read struct {
		Servers map[string]json.RawMessage `json:"servers"`
	}
	if err := json.Unmarshal(out, &read); err != nil {
		t.Fatalf("catalog: %v\n%s", err, out)
	}
	if names := toolNamesOf(t, string(read.Servers["everything"])); !slices.Equal(names, []string{"echo"}) {
		t.Errorf("through the proxy the client sees %v, want [echo]", names)
	}
}

// TestHeaderEnv: --header-env sends a header whose value is an environment variable's (what
// install writes for an HTTP server, so that a token is never on a command line), and refuses
// a variable that is not set.
func TestHeaderEnv(t *testing.T) {
	got := make(chan string, 8)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got <- r.Header.Get("Authorization")
		http.Error(w, "no", http.StatusInternalServerError)
	}))
	defer srv.Close()
	env := func(name string) string {
		if name == "GATEHOUSE_HEADER_AUTHORIZATION" {
			return "Bearer from-env"
		}
		return ""
	}
	var out, errOut bytes.Buffer
	run([]string{"catalog", "--timeout", "5s", "--url", srv.URL, "--header-env", "Authorization=GATEHOUSE_HEADER_AUTHORIZATION"}, env, strings.NewReader(""), &out, &errOut)
	select {
	case h := <-got:
		if h != "Bearer from-env" {
			t.Errorf("the server got Authorization %q", h)
		}
	default:
		t.Fatalf("the server was never asked:\n%s", errOut.String())
	}
	if strings.Contains(errOut.String(), "from-env") {
		t.Errorf("the header's value is printed:\n%s", errOut.String())
	}
	code, _, stderr := runIn(t, "", "catalog", "--url", srv.URL, "--header-env", "Authorization=UNSET_VARIABLE")
	if code != exitUsage || !strings.Contains(stderr, "UNSET_VARIABLE is not set") {
		t.Errorf("an unset variable: exit %d\n%s", code, stderr)
	}
}

// TestInstallDiffWithholdsSecrets: the diff install and uninstall print (with --dry-run or not)
// shows no credential of the file: a header's bearer token, an API key in env, a token passed as
// an argument. The file itself keeps them.
func TestInstallDiffWithholdsSecrets(t *testing.T) {
	dir := t.TempDir()
	policy := filepath.Join(dir, "policy.json")
	os.WriteFile(policy, []byte(`{"allow_tools": ["*"]}`), 0o644)
	secrets := []string{"sk-live-4f9a8b7c6d5e4f3a2b1c", "k_9f8e7d6c5b4a", "ghp_abcdefghijklmnopqrstuvwxyz0123456789", "hunter2-but-longer"}
	config := filepath.Join(dir, ".cursor", "mcp.json")
	os.MkdirAll(filepath.Dir(config), 0o755)
	os.WriteFile(config, []byte(`{"mcpServers": {
  "remote": {"url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer `+secrets[0]+`", "X-Api-Key": "`+secrets[1]+`"}},
  "local": {"command": "npx", "args": ["-y", "srv", "--token", "`+secrets[2]+`"], "env": {"DB_PASSWORD": "`+secrets[3]+`", "LOG_LEVEL": "debug"}}
}}`), 0o644)
	for _, args := range [][]string{
		{"install", "--dry-run", "--policy", policy, "--config", config},
		{"install", "--policy", policy, "--config", config},
		{"uninstall", "--dry-run", "--config", config},
	} {
		code, out, stderr := runIn(t, "", args...)
		if code != exitOK || !strings.Contains(out, "+++") {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, stderr)
		}
		for _, s := range secrets {
			if strings.Contains(out+stderr, s) {
				t.Errorf("%v shows %q:\n%s", args, s, out)
			}
		}
		// What is not a secret, and an authorization's scheme, are still shown.
		if !strings.Contains(out, `"LOG_LEVEL": "debug"`) || !strings.Contains(out, `"Bearer [withheld`) {
			t.Errorf("%v: the diff withholds too much:\n%s", args, out)
		}
	}
	if written := string(fileText(t, config)); !strings.Contains(written, secrets[0]) || !strings.Contains(written, secrets[3]) {
		t.Errorf("the file lost its credentials:\n%s", written)
	}
}
