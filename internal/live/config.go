package live

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"

	"github.com/tailscale/hujson"
)

// The MCP client configurations gatehouse reads. They agree on little beyond a map from a
// server's name to how to start or reach it:
//
//   - Claude Desktop (claude_desktop_config.json), Claude Code (.mcp.json, ~/.claude.json),
//     Cursor (.cursor/mcp.json), Windsurf (mcp_config.json) and Gemini CLI (settings.json) keep
//     it under "mcpServers"; Claude Code also per project under "projects".
//   - VS Code keeps it under "servers" in .vscode/mcp.json, and under "mcp" → "servers" in its
//     user settings.
//
// An entry has a command (with args, env, cwd) or a URL: "url" (Streamable HTTP, or SSE where
// "type" says "sse", and in Gemini CLI, where "httpUrl" is the Streamable one) or "serverUrl"
// (Windsurf), with "headers". VS Code's files may hold comments and trailing commas.

// ErrNoServers is returned by [ReadConfig] for a file that configures no MCP server.
var ErrNoServers = errors.New("no MCP servers")

// A ConfigServer is one server a configuration names, or why it cannot be used.
type ConfigServer struct {
	Server
	// Problem says why the entry cannot be used (a variable that needs a person to fill in, a
	// type gatehouse does not speak); "" when it can.
	Problem string
	// Disabled is set for an entry the configuration turns off; it is not started.
	Disabled bool
}

// configEntry is the union of every client's way to write one server.
type configEntry struct {
	Type      string            `json:"type"`
	Command   string            `json:"command"`
	Args      []string          `json:"args"`
	Env       map[string]string `json:"env"`
	Cwd       string            `json:"cwd"`
	URL       string            `json:"url"`
	HTTPURL   string            `json:"httpUrl"`
	ServerURL string            `json:"serverUrl"`
	Headers   map[string]string `json:"headers"`
	Disabled  bool              `json:"disabled"`
}

// ReadConfig reads the servers of one client configuration file. path names the file in
// messages and anchors relative working directories and ${workspaceFolder}.
func ReadConfig(path string, data []byte) ([]ConfigServer, error) {
	std, err := hujson.Standardize(data)
	if err != nil {
		return nil, fmt.Errorf("%s: not JSON (nor JSON with comments): %v", path, err)
	}
	var doc struct {
		MCPServers map[string]json.RawMessage `json:"mcpServers"`
		Servers    map[string]json.RawMessage `json:"servers"`
		MCP        struct {
			Servers map[string]json.RawMessage `json:"servers"`
		} `json:"mcp"`
		Projects map[string]struct {
			MCPServers map[string]json.RawMessage `json:"mcpServers"`
		} `json:"projects"`
	}
	if err := json.Unmarshal(std, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	workspace := workspaceOf(path)
	entries := map[string]json.RawMessage{}
	for _, m := range []map[string]json.RawMessage{doc.MCPServers, doc.Servers, doc.MCP.Servers} {
		for name, raw := range m {
			entries[name] = raw
		}
	}
	// Claude Code keeps servers per project in ~/.claude.json: those of the current directory.
	if cwd, err := os.Getwd(); err == nil {
		if p, ok := doc.Projects[cwd]; ok {
			for name, raw := range p.MCPServers {
				entries[name] = raw
			}
		}
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("%s: %w (no \"mcpServers\", \"servers\" or \"mcp\": {\"servers\"} object)", path, ErrNoServers)
	}
	names := make([]string, 0, len(entries))
	for name := range entries {
		names = append(names, name)
	}
	sort.Strings(names)
	var out []ConfigServer
	for _, name := range names {
		var e configEntry
		if err := json.Unmarshal(entries[name], &e); err != nil {
			out = append(out, ConfigServer{Server: Server{Name: name}, Problem: fmt.Sprintf("%s: server %q: %v", path, name, err)})
			continue
		}
		out = append(out, e.server(name, path, workspace))
	}
	return out, nil
}

func (e configEntry) server(name, path, workspace string) ConfigServer {
	cs := ConfigServer{Server: Server{Name: name, Env: e.Env, Headers: e.Headers}, Disabled: e.Disabled}
	switch {
	case e.Command != "":
		cs.Command = append([]string{e.Command}, e.Args...)
		cs.Dir = e.Cwd
		if cs.Dir != "" && !filepath.IsAbs(cs.Dir) {
			cs.Dir = filepath.Join(filepath.Dir(path), cs.Dir)
		}
	case e.HTTPURL != "":
		cs.URL = e.HTTPURL
	case e.URL != "":
		cs.URL = e.URL
		// Gemini CLI's "url" is the SSE transport; elsewhere "type" says which.
		cs.SSE = e.Type == "sse" || (e.Type == "" && strings.Contains(path, ".gemini"))
	case e.ServerURL != "":
		cs.URL = e.ServerURL
		cs.SSE = e.Type == "sse"
	default:
		cs.Problem = fmt.Sprintf("%s: server %q has no command and no URL", path, name)
		return cs
	}
	switch e.Type {
	case "", "stdio", "http", "streamable-http", "streamableHttp", "sse":
	default:
		cs.Problem = fmt.Sprintf("%s: server %q: type %q is not one gatehouse speaks (stdio, http, sse)", path, name, e.Type)
		return cs
	}
	if err := cs.expand(workspace); err != nil {
		cs.Problem = fmt.Sprintf("%s: server %q: %v", path, name, err)
	}
	return cs
}

var variable = regexp.MustCompile(`\$\{([^}]*)\}`)

// expand fills in the variables clients substitute: ${workspaceFolder}, ${env:NAME} and
// ${NAME} (an environment variable, as Claude Code and Cursor write it). A variable that asks
// a person (VS Code's ${input:…}) cannot be filled in.
func (cs *ConfigServer) expand(workspace string) error {
	var missing []string
	sub := func(s string) string {
		return variable.ReplaceAllStringFunc(s, func(m string) string {
			name := m[2 : len(m)-1]
			switch {
			case name == "workspaceFolder" || name == "workspaceRoot":
				return workspace
			case name == "userHome":
				home, _ := os.UserHomeDir()
				return home
			case strings.HasPrefix(name, "env:"):
				return os.Getenv(strings.TrimPrefix(name, "env:"))
			case strings.Contains(name, ":-"): // ${NAME:-default}
				name, def, _ := strings.Cut(name, ":-")
				if v, ok := os.LookupEnv(name); ok {
					return v
				}
				return def
			case strings.Contains(name, ":"):
				missing = append(missing, m)
				return m
			}
			if v, ok := os.LookupEnv(name); ok {
				return v
			}
			missing = append(missing, m)
			return m
		})
	}
	for i := range cs.Command {
		cs.Command[i] = sub(cs.Command[i])
	}
	cs.URL, cs.Dir = sub(cs.URL), sub(cs.Dir)
	cs.Env = subMap(cs.Env, sub)
	cs.Headers = subMap(cs.Headers, sub)
	if len(missing) > 0 {
		return fmt.Errorf("%s cannot be filled in here (an input a person gives, or an unset variable)", strings.Join(missing, ", "))
	}
	return nil
}

func subMap(m map[string]string, sub func(string) string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = sub(v)
	}
	return out
}

// workspaceOf is the folder a configuration belongs to: the parent of .vscode, .cursor or
// .gemini, else the file's own folder.
func workspaceOf(path string) string {
	dir := filepath.Dir(path)
	switch filepath.Base(dir) {
	case ".vscode", ".cursor", ".gemini":
		return filepath.Dir(dir)
	}
	return dir
}

// ConfigPaths lists where the clients keep their configurations, for a home directory and a
// working directory, in the order --discover reads them. Not every path exists.
func ConfigPaths(home, cwd string) []string {
	var appData string
	switch runtime.GOOS {
	case "darwin":
		appData = filepath.Join(home, "Library", "Application Support")
	case "windows":
		appData = os.Getenv("APPDATA")
	default:
		appData = filepath.Join(home, ".config")
	}
	paths := []string{
		filepath.Join(appData, "Claude", "claude_desktop_config.json"),
		filepath.Join(home, ".claude.json"),
		filepath.Join(cwd, ".mcp.json"),
		filepath.Join(home, ".cursor", "mcp.json"),
		filepath.Join(cwd, ".cursor", "mcp.json"),
		filepath.Join(cwd, ".vscode", "mcp.json"),
		filepath.Join(appData, "Code", "User", "mcp.json"),
		filepath.Join(appData, "Code", "User", "settings.json"),
		filepath.Join(home, ".codeium", "windsurf", "mcp_config.json"),
		filepath.Join(home, ".gemini", "settings.json"),
		filepath.Join(cwd, ".gemini", "settings.json"),
	}
	return paths
}

// Discover reads every configuration that exists among [ConfigPaths] and holds MCP servers.
// A server named in several files is taken from the first; its later namesakes are reported
// under "file#name".
func Discover(home, cwd string) (servers []ConfigServer, read []string, err error) {
	seen := map[string]bool{}
	for _, p := range ConfigPaths(home, cwd) {
		data, rerr := os.ReadFile(p)
		if rerr != nil {
			continue
		}
		found, perr := ReadConfig(p, data)
		if perr != nil {
			// settings.json files hold much else; one without servers is not an error.
			if errors.Is(perr, ErrNoServers) {
				continue
			}
			return nil, read, perr
		}
		read = append(read, p)
		for _, s := range found {
			if seen[s.Name] {
				s.Name = p + "#" + s.Name
			}
			seen[s.Name] = true
			servers = append(servers, s)
		}
	}
	return servers, read, nil
}
