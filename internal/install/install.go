// Package install puts gatehouse in front of the MCP servers of a client's configuration, and
// takes it away again, by rewriting the configuration file.
//
// Each server entry that a client starts (a command) or reaches (a Streamable HTTP URL) is
// rewritten so that the client starts `gatehouse proxy` instead, with the gatehouse flags given
// and the original server after them: `proxy FLAGS -- COMMAND ARGS...` for a command,
// `proxy FLAGS --url URL --header-env "Name=VARIABLE"...` for a URL, the headers' values moved
// into the entry's environment. Nothing else in the entry changes:
// its environment ("env"), its working directory, "disabled" and any member gatehouse does not
// know stay as they are, and so do the file's comments and every other entry (VS Code's files
// are JSON with comments and trailing commas; the rewrite edits the members it changes and
// leaves the rest of the text alone).
//
// A server the proxy cannot stand in front of is left alone and reported: the older HTTP+SSE
// transport, and entries with neither a command nor a URL. An entry that already runs through
// gatehouse is left alone too, so installing twice changes nothing.
//
// [Unwrap] gives each wrapped entry its server back: the command and its arguments exactly; a
// URL under the member the client reads it from ("httpUrl" in Gemini CLI, "serverUrl" in
// Windsurf, else "url" with "type": "http") with its headers. The package is pure: it reads
// and returns bytes; cmd/gatehouse reads and writes the files, shows the diff and keeps the
// backup.
package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/tailscale/hujson"
)

// ErrNoServers is returned for a configuration that holds no MCP server.
var ErrNoServers = errors.New("no MCP servers")

// A Proxy says how a wrapped entry starts gatehouse: the program and the flags that come after
// "proxy" and before the server (--policy FILE, --lock FILE, --log FILE).
type Proxy struct {
	// Gatehouse is the gatehouse program, an absolute path: a client starts servers with its
	// own PATH, which need not hold gatehouse.
	Gatehouse string
	Flags     []string
}

// An Action is what happened to one server entry.
type Action string

// The actions.
const (
	Wrapped   Action = "wrapped"   // the entry now starts gatehouse in front of its server
	Unwrapped Action = "unwrapped" // the entry starts its server again, without gatehouse
	Already   Action = "already"   // nothing to do: already through gatehouse (or, for Unwrap, not)
	Skipped   Action = "skipped"   // left alone: Why says why
)

// A Change is what [Wrap] or [Unwrap] did to one server entry.
type Change struct {
	Server  string // the entry's name in the configuration
	Pointer string // the entry's JSON Pointer in the file
	Action  Action
	Why     string // why an entry was skipped, in English (a message of the catalogs, translated where printed)
}

// serverMaps are the members that hold a name → entry object, as each client writes them
// (internal/live's ReadConfig reads the same ones).
var serverMaps = [][]string{{"mcpServers"}, {"servers"}, {"mcp", "servers"}}

// An entry is one server entry as far as wrapping goes.
type entry struct {
	name, pointer string
	fields        map[string]json.RawMessage
}

// Wrap rewrites the configuration text data (path names it in messages and tells which client
// wrote it) so that each server it starts or reaches runs through gatehouse as p says. It
// returns the new text (data itself when nothing changed) and what happened to each entry.
func Wrap(path string, data []byte, p Proxy) ([]byte, []Change, error) {
	if p.Gatehouse == "" {
		return nil, nil, i18n.Errorf("the gatehouse program is not named")
	}
	return rewrite(path, data, func(e entry) ([]edit, Change) { return wrapEntry(path, e, p) })
}

// Unwrap undoes [Wrap]: each entry that runs its server through gatehouse runs it directly
// again. An entry runs through gatehouse when its first argument is "proxy" and its program is
// named gatehouse or is program ("" for none).
func Unwrap(path string, data []byte, program string) ([]byte, []Change, error) {
	return rewrite(path, data, func(e entry) ([]edit, Change) { return unwrapEntry(path, e, program) })
}

// An edit is one change to a member of a server entry. It is made in the parsed text itself, so
// that comments, trailing commas and the layout of everything else stay as they were: a member
// that is renamed keeps its place and the comments around it.
type edit struct {
	pointer string // the entry
	key     string // the member edited
	rename  string // its new name; "" keeps the name
	value   any    // its new value; nil removes the member (unless rename is set)
}

func set(e entry, key string, value any) edit {
	return edit{pointer: e.pointer, key: key, value: value}
}

// hujsonPlace reads the place hujson's errors name.
var hujsonPlace = regexp.MustCompile(`^hujson: line (\d+), column (\d+): `)

func rewrite(path string, data []byte, each func(entry) ([]edit, Change)) ([]byte, []Change, error) {
	v, err := hujson.Parse(data)
	if err != nil {
		// hujson words its place as "hujson: line L, column C: why"; it is said as every
		// other place is, file:line:column, without the library's name.
		if m := hujsonPlace.FindStringSubmatch(err.Error()); m != nil && errors.Unwrap(err) != nil {
			return nil, nil, i18n.Errorf("%s:%s:%s: not JSON (nor JSON with comments): %v", path, m[1], m[2], errors.Unwrap(err))
		}
		return nil, nil, i18n.Errorf("%s: not JSON (nor JSON with comments): %v", path, err)
	}
	std := v.Clone()
	std.Standardize()
	// The strict reader: a duplicate member would make the client and gatehouse read two
	// different servers. Standardizing keeps every byte offset, so positions are the file's.
	doc, probs := jsondoc.Parse(problem.Source("config"), std.Pack())
	if len(probs) > 0 {
		pr := probs[0]
		return nil, nil, i18n.Errorf("%s:%d:%d: %s", path, pr.Line, pr.Column, pr.Message)
	}
	entries, err := entriesOf(path, doc.Value)
	if err != nil {
		return nil, nil, err
	}
	if len(entries) == 0 {
		return nil, nil, i18n.Errorf("%s: %w (no \"mcpServers\", \"servers\" or \"mcp\": {\"servers\"} object, or only an empty one)", path, ErrNoServers)
	}
	var edits []edit
	var changes []Change
	for _, e := range entries {
		ed, c := each(e)
		edits = append(edits, ed...)
		changes = append(changes, c)
	}
	if len(edits) == 0 {
		return data, changes, nil
	}
	for _, ed := range edits {
		if err := apply(&v, ed); err != nil {
			return nil, nil, fmt.Errorf("%s: %s: %v", path, jsondoc.ShowPointer(ed.pointer), err)
		}
	}
	return v.Pack(), changes, nil
}

// apply makes one edit in the parsed text.
func apply(root *hujson.Value, ed edit) error {
	target := root.Find(ed.pointer)
	if target == nil {
		return errors.New("not found")
	}
	obj, ok := target.Value.(*hujson.Object)
	if !ok {
		return errors.New("not an object")
	}
	var val hujson.ValueTrimmed
	if ed.value != nil {
		text, err := marshal(ed.value)
		if err != nil {
			return err
		}
		parsed, err := hujson.Parse(text)
		if err != nil {
			return err
		}
		val = parsed.Value
	}
	for i := range obj.Members {
		m := &obj.Members[i]
		if m.Name.Value.(hujson.Literal).String() != ed.key {
			continue
		}
		switch {
		case ed.rename != "":
			m.Name.Value = hujson.String(ed.rename)
			if val != nil {
				m.Value.Value = val
			}
		case val != nil:
			m.Value.Value = val
		default:
			removeMember(obj, i)
		}
		return nil
	}
	if val == nil {
		return nil // nothing to remove
	}
	name := ed.key
	if ed.rename != "" {
		name = ed.rename
	}
	added := hujson.ObjectMember{
		Name:  hujson.Value{BeforeExtra: hujson.Extra(" "), Value: hujson.String(name)},
		Value: hujson.Value{BeforeExtra: hujson.Extra(" "), Value: val},
	}
	if n := len(obj.Members); n > 0 {
		last := &obj.Members[n-1]
		// The new member is laid out as the last one was, and takes its trailing comma.
		if len(last.Name.BeforeExtra) > 0 {
			added.Name.BeforeExtra = append(hujson.Extra(nil), last.Name.BeforeExtra...)
		}
		added.Value.AfterExtra, last.Value.AfterExtra = last.Value.AfterExtra, nil
		if added.Value.AfterExtra != nil {
			last.Value.AfterExtra = hujson.Extra("")
		}
	}
	obj.Members = append(obj.Members, added)
	return nil
}

// removeMember removes a member; a trailing comma of the last one moves to the new last.
func removeMember(obj *hujson.Object, i int) {
	n := len(obj.Members)
	if i == n-1 && i > 0 && obj.Members[i].Value.AfterExtra != nil {
		obj.Members[i-1].Value.AfterExtra = append(obj.Members[i-1].Value.AfterExtra, obj.Members[i].Value.AfterExtra...)
	}
	obj.Members = append(obj.Members[:i], obj.Members[i+1:]...)
}

// entriesOf lists the server entries of a configuration, by name within each map, with Claude
// Code's per-project servers (under "projects") after the top-level ones.
func entriesOf(path string, root any) ([]entry, error) {
	obj, ok := root.(map[string]any)
	if !ok {
		return nil, i18n.Errorf("%s: a client configuration is a JSON object", path)
	}
	var out []entry
	addMap := func(m any, pointer string) error {
		servers, ok := m.(map[string]any)
		if !ok {
			return i18n.Errorf("%s: %s is not an object of servers", path, jsondoc.ShowPointer(pointer))
		}
		for _, name := range slices.Sorted(maps.Keys(servers)) {
			ptr := jsondoc.JoinPointer(pointer, name)
			e, ok := servers[name].(map[string]any)
			if !ok {
				return i18n.Errorf("%s: server %q (%s) is not an object", path, name, jsondoc.ShowPointer(ptr))
			}
			fields := map[string]json.RawMessage{}
			for k, v := range e {
				raw, err := json.Marshal(v)
				if err != nil {
					return err
				}
				fields[k] = raw
			}
			out = append(out, entry{name: name, pointer: ptr, fields: fields})
		}
		return nil
	}
	for _, at := range serverMaps {
		var v any = obj
		for _, k := range at {
			o, _ := v.(map[string]any)
			v = o[k]
		}
		if v != nil {
			if err := addMap(v, jsondoc.JoinPointer("", at...)); err != nil {
				return nil, err
			}
		}
	}
	if projects, ok := obj["projects"].(map[string]any); ok {
		for _, dir := range slices.Sorted(maps.Keys(projects)) {
			p, _ := projects[dir].(map[string]any)
			if m, ok := p["mcpServers"]; ok {
				if err := addMap(m, jsondoc.JoinPointer("", "projects", dir, "mcpServers")); err != nil {
					return nil, err
				}
			}
		}
	}
	return out, nil
}

// str reads a string member; ok is false when it is missing or not a string.
func (e entry) str(key string) (string, bool) {
	raw, ok := e.fields[key]
	if !ok {
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

func (e entry) strings(key string) ([]string, bool) {
	raw, ok := e.fields[key]
	if !ok {
		return nil, true
	}
	var list []string
	if json.Unmarshal(raw, &list) != nil {
		return nil, false
	}
	return list, true
}

// stringMap reads an object of strings; ok is false when it is missing or not one.
func (e entry) stringMap(key string) (map[string]string, bool) {
	raw, has := e.fields[key]
	if !has {
		return nil, false
	}
	var m map[string]string
	if json.Unmarshal(raw, &m) != nil {
		return nil, false
	}
	return m, true
}

// headerVariable names the environment variable that carries a header for the proxy:
// GATEHOUSE_HEADER_ and the header's name in capitals, with a number after it when the entry's
// environment already holds that name.
func headerVariable(header string, env, taken map[string]string) string {
	var b strings.Builder
	b.WriteString("GATEHOUSE_HEADER_")
	for _, r := range strings.ToUpper(header) {
		if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	name := b.String()
	for n := 2; ; n++ {
		_, inEnv := env[name]
		_, inTaken := taken[name]
		if !inEnv && !inTaken {
			return name
		}
		name = fmt.Sprintf("%s_%d", b.String(), n)
	}
}

// urlKeys are the members a URL may be written under: Windsurf's "serverUrl", Gemini CLI's
// "httpUrl" (Streamable HTTP; its "url" is SSE) and everyone's "url".
var urlKeys = []string{"httpUrl", "serverUrl", "url"}

// isGemini says whether path is a Gemini CLI settings file, where "url" means SSE.
func isGemini(path string) bool {
	return strings.Contains(filepath.ToSlash(path), ".gemini/")
}

func isWindsurf(path string) bool {
	return filepath.Base(path) == "mcp_config.json"
}

// throughGatehouse says whether an entry already starts gatehouse's proxy: a program named
// gatehouse (or the one given) whose first argument is "proxy".
func throughGatehouse(e entry, program string) bool {
	cmd, _ := e.str("command")
	args, _ := e.strings("args")
	if len(args) == 0 || args[0] != "proxy" {
		return false
	}
	return cmd == program || strings.HasPrefix(filepath.Base(cmd), "gatehouse")
}

func wrapEntry(path string, e entry, p Proxy) ([]edit, Change) {
	c := Change{Server: e.name, Pointer: e.pointer}
	if throughGatehouse(e, p.Gatehouse) {
		c.Action = Already
		return nil, c
	}
	if cmd, ok := e.str("command"); ok && cmd != "" {
		args, ok := e.strings("args")
		if !ok {
			c.Action, c.Why = Skipped, i18n.T("its \"args\" is not a list of strings")
			return nil, c
		}
		wrapped := append(append(append([]string{"proxy"}, p.Flags...), "--", cmd), args...)
		c.Action = Wrapped
		return []edit{set(e, "command", p.Gatehouse), set(e, "args", wrapped)}, c
	}
	typ, _ := e.str("type")
	for _, key := range urlKeys {
		url, ok := e.str(key)
		if !ok || url == "" {
			continue
		}
		if typ == "sse" || (key == "url" && typ == "" && isGemini(path)) {
			c.Action, c.Why = Skipped, i18n.T("it speaks the older HTTP+SSE transport, which the proxy does not reach")
			return nil, c
		}
		var headers map[string]string
		if raw, has := e.fields["headers"]; has && json.Unmarshal(raw, &headers) != nil {
			c.Action, c.Why = Skipped, i18n.T("its \"headers\" is not an object of strings")
			return nil, c
		}
		// A header's value (a token, often) goes into the entry's environment, never into the
		// arguments, which every user of the machine can read in the process list.
		env, _ := e.stringMap("env")
		args := append(append([]string{"proxy"}, p.Flags...), "--url", url)
		vars := map[string]string{}
		for _, name := range slices.Sorted(maps.Keys(headers)) {
			v := headerVariable(name, env, vars)
			vars[v] = headers[name]
			args = append(args, "--header-env", name+"="+v)
		}
		// The URL becomes the command and the headers the environment, each in its place.
		edits := []edit{{pointer: e.pointer, key: key, rename: "command", value: p.Gatehouse}, set(e, "args", args)}
		switch _, hasEnv := e.fields["env"]; {
		case len(vars) == 0:
			if _, has := e.fields["headers"]; has {
				edits = append(edits, edit{pointer: e.pointer, key: "headers"})
			}
		case !hasEnv:
			edits = append(edits, edit{pointer: e.pointer, key: "headers", rename: "env", value: vars})
		default:
			edits = append(edits, edit{pointer: e.pointer, key: "headers"})
			for _, v := range slices.Sorted(maps.Keys(vars)) {
				edits = append(edits, edit{pointer: e.pointer + "/env", key: v, value: vars[v]})
			}
		}
		if _, has := e.fields["type"]; has {
			edits = append(edits, set(e, "type", "stdio"))
		}
		c.Action = Wrapped
		return edits, c
	}
	c.Action, c.Why = Skipped, i18n.T("it has neither a command nor a URL")
	return nil, c
}

func unwrapEntry(path string, e entry, program string) ([]edit, Change) {
	c := Change{Server: e.name, Pointer: e.pointer}
	if !throughGatehouse(e, program) {
		c.Action = Already
		return nil, c
	}
	args, _ := e.strings("args")
	args = args[1:]
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "--":
			if i+1 >= len(args) {
				c.Action, c.Why = Skipped, i18n.T("nothing follows \"--\" in its arguments")
				return nil, c
			}
			edits := []edit{set(e, "command", args[i+1])}
			if rest := args[i+2:]; len(rest) > 0 {
				edits = append(edits, set(e, "args", rest))
			} else {
				edits = append(edits, edit{pointer: e.pointer, key: "args"})
			}
			c.Action = Unwrapped
			return edits, c
		case "--url":
			return unwrapURL(path, e, args[i+1:], c)
		}
	}
	c.Action, c.Why = Skipped, i18n.T("its arguments name no server (no \"--\" and no --url)")
	return nil, c
}

func unwrapURL(path string, e entry, rest []string, c Change) ([]edit, Change) {
	if len(rest) == 0 {
		c.Action, c.Why = Skipped, i18n.T("--url is the last of its arguments")
		return nil, c
	}
	url := rest[0]
	headers := map[string]string{}
	env, _ := e.stringMap("env")
	var fromEnv []string // the variables that held headers, taken out of the environment
	for i := 1; i < len(rest); i += 2 {
		if (rest[i] != "--header" && rest[i] != "--header-env") || i+1 >= len(rest) {
			c.Action, c.Why = Skipped, i18n.T("its arguments after --url are not all --header or --header-env")
			return nil, c
		}
		if rest[i] == "--header-env" {
			name, variable, ok := strings.Cut(rest[i+1], "=")
			value, set := env[variable]
			if !ok || !set {
				c.Action, c.Why = Skipped, i18n.T("a --header-env of its arguments names no variable of its environment")
				return nil, c
			}
			headers[name] = value
			fromEnv = append(fromEnv, variable)
			continue
		}
		name, value, ok := strings.Cut(rest[i+1], ":")
		if !ok {
			c.Action, c.Why = Skipped, i18n.T("a --header of its arguments is not \"Name: value\"")
			return nil, c
		}
		headers[strings.TrimSpace(name)] = strings.TrimSpace(value)
	}
	key := "url"
	switch {
	case isGemini(path):
		key = "httpUrl"
	case isWindsurf(path):
		key = "serverUrl"
	}
	edits := []edit{{pointer: e.pointer, key: "command", rename: key, value: url}}
	switch {
	case len(fromEnv) > 0 && len(fromEnv) == len(env):
		// The environment held only the headers: it becomes "headers" again, in its place.
		edits = append(edits, edit{pointer: e.pointer, key: "args"},
			edit{pointer: e.pointer, key: "env", rename: "headers", value: headers})
	case len(headers) > 0:
		edits = append(edits, edit{pointer: e.pointer, key: "args", rename: "headers", value: headers})
		for _, v := range fromEnv {
			edits = append(edits, edit{pointer: e.pointer + "/env", key: v})
		}
	default:
		edits = append(edits, edit{pointer: e.pointer, key: "args"})
	}
	if typ, _ := e.str("type"); typ == "stdio" {
		edits = append(edits, set(e, "type", "http"))
	}
	c.Action = Unwrapped
	return edits, c
}

// marshal writes a value as JSON laid out as people write configurations: a blank after each
// comma and colon, on one line.
func marshal(v any) ([]byte, error) {
	switch v := v.(type) {
	case []string:
		var b bytes.Buffer
		b.WriteByte('[')
		for i, s := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			b.Write(hujson.String(s))
		}
		b.WriteByte(']')
		return b.Bytes(), nil
	case map[string]string:
		var b bytes.Buffer
		b.WriteByte('{')
		for i, k := range slices.Sorted(maps.Keys(v)) {
			if i > 0 {
				b.WriteString(", ")
			}
			b.Write(hujson.String(k))
			b.WriteString(": ")
			b.Write(hujson.String(v[k]))
		}
		b.WriteByte('}')
		return b.Bytes(), nil
	case string:
		return hujson.String(v), nil
	}
	return nil, fmt.Errorf("cannot write %T", v)
}
