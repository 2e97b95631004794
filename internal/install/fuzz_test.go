package install_test

import (
	"reflect"
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/install"
)

// FuzzWrap: whatever the file holds, Wrap answers with an error or with a file that reads as JSON
// with comments, and that Unwrap turns back into what the original says.
func FuzzWrap(f *testing.F) {
	for _, path := range clientFiles {
		f.Add(read(f, path))
	}
	f.Add([]byte(`{"mcpServers": {"a": {"url": "https://x", "headers": {"K": "v"}, "type": "http"}}}`))
	f.Add([]byte(`{"servers": {"a": {"command": "gatehouse", "args": ["proxy", "--url"]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		const path = "fuzz/.vscode/mcp.json"
		out, _, err := install.Wrap(path, data, proxy)
		if err != nil {
			return
		}
		back, _, err := install.Unwrap(path, out, proxy.Gatehouse)
		if err != nil {
			t.Fatalf("Unwrap of what Wrap wrote: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(normalURLs(standard(t, data)), normalURLs(standard(t, back))) && !wrappedBefore(data) {
			t.Fatalf("Unwrap(Wrap(x)) differs from x:\n%s\n---\n%s", data, back)
		}
	})
}

// wrappedBefore: a file that already held gatehouse entries comes back with them unwrapped too.
func wrappedBefore(data []byte) bool {
	_, changes, err := install.Unwrap("fuzz/.vscode/mcp.json", data, proxy.Gatehouse)
	if err != nil {
		return false
	}
	for _, c := range changes {
		if c.Action != install.Already {
			return true
		}
	}
	return false
}

// normalURLs writes each server entry's URL one way, and no arguments one way: in place, Unwrap puts a URL back under the
// member the client of the path reads ("url" with "type": "http" in VS Code), which is the same
// server however the file wrote it.
func normalURLs(v any) any {
	root, ok := v.(map[string]any)
	if !ok {
		return v
	}
	fix := func(m any) {
		servers, _ := m.(map[string]any)
		for _, e := range servers {
			entry, ok := e.(map[string]any)
			if !ok {
				continue
			}
			for _, k := range []string{"httpUrl", "serverUrl"} {
				if u, ok := entry[k].(string); ok && u != "" {
					if _, has := entry["command"]; !has {
						delete(entry, k)
						entry["url"] = u
					}
				}
			}
			if args, ok := entry["args"].([]any); ok && len(args) == 0 {
				delete(entry, "args") // no arguments, said either way
			}
			if _, ok := entry["url"].(string); ok {
				if t, _ := entry["type"].(string); t != "sse" {
					delete(entry, "type")
				}
			}
		}
	}
	fix(root["mcpServers"])
	fix(root["servers"])
	if m, ok := root["mcp"].(map[string]any); ok {
		fix(m["servers"])
	}
	if p, ok := root["projects"].(map[string]any); ok {
		for _, proj := range p {
			if pm, ok := proj.(map[string]any); ok {
				fix(pm["mcpServers"])
			}
		}
	}
	return root
}
