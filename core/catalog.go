package core

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// A Tool is one tool definition from a catalog.
type Tool struct {
	// Name is the key the tool is known by: its own name, or "server/name" when the catalog holds
	// several servers.
	Name string
	// Server is the server's name in a multi-server catalog, else "".
	Server string
	// Pointer is the JSON Pointer of the tool object in the catalog text.
	Pointer string
	// Def is the whole tool object as pasted (name, description, inputSchema, annotations, …).
	Def map[string]any
}

// ToolName returns the tool's own "name" field (without any server prefix).
func (t *Tool) ToolName() string {
	s, _ := t.Def["name"].(string)
	return s
}

// InputSchema returns the tool's inputSchema, or nil.
func (t *Tool) InputSchema() any { return t.Def["inputSchema"] }

// A Catalog is the tools a server (or several) offers, as read from a tools/list answer.
type Catalog struct {
	Tools   []Tool   // in the order of the text
	Servers []string // server names, sorted, for a multi-server catalog; else nil
	byName  map[string]int
	byShort map[string][]int // a tool's own name → tools carrying it, across servers
}

// Lookup finds a tool by key. In a multi-server catalog an unqualified name also finds its tool
// when exactly one server offers that name; when several do, ambiguous is true and no tool is
// returned, since a call cannot say which of two shadowing tools it means.
func (c *Catalog) Lookup(name string) (t *Tool, ambiguous bool) {
	if i, ok := c.byName[name]; ok {
		return &c.Tools[i], false
	}
	if c.Servers != nil {
		switch ids := c.byShort[name]; len(ids) {
		case 1:
			return &c.Tools[ids[0]], false
		case 0:
		default:
			return nil, true
		}
	}
	return nil, false
}

// Names returns the tool keys in text order.
func (c *Catalog) Names() []string {
	names := make([]string, len(c.Tools))
	for i, t := range c.Tools {
		names[i] = t.Name
	}
	return names
}

// LooksLikeCatalog reports whether v has one of the shapes [ParseCatalog] reads, without
// checking the tools themselves. The diff uses it to choose a catalog report.
func LooksLikeCatalog(v any) bool {
	switch x := v.(type) {
	case []any:
		return len(x) > 0 && allToolLike(x)
	case map[string]any:
		if r, ok := x["result"]; ok {
			return LooksLikeCatalog(r)
		}
		if tools, ok := x["tools"].([]any); ok {
			return len(tools) == 0 || allToolLike(tools)
		}
		if servers, ok := x["servers"].(map[string]any); ok && len(servers) > 0 {
			for _, s := range servers {
				if !LooksLikeCatalog(s) {
					return false
				}
			}
			return true
		}
	}
	return false
}

func allToolLike(items []any) bool {
	for _, it := range items {
		m, ok := it.(map[string]any)
		if !ok {
			return false
		}
		if _, ok := m["name"].(string); !ok {
			return false
		}
	}
	return true
}

// ParseCatalog reads a catalog from a parsed document in any of these shapes: a JSON-RPC
// tools/list response, its result ({"tools":[…]}), a bare array of tools, or several servers at
// once ({"servers":{"name":<any of the above>}}). Problems that leave the catalog usable (a tool
// whose inputSchema root is not an object, a name offered by two servers) are returned with it;
// the catalog is nil only when no tools can be read at all.
func ParseCatalog(doc *Document) (*Catalog, Problems) {
	c := &Catalog{byName: map[string]int{}, byShort: map[string][]int{}}
	var probs Problems
	if m, ok := doc.Value.(map[string]any); ok {
		if servers, ok := m["servers"].(map[string]any); ok {
			names := make([]string, 0, len(servers))
			for name := range servers {
				names = append(names, name)
			}
			sort.Strings(names)
			if len(names) == 0 {
				return nil, Problems{doc.Problem(KindRule, "/servers", "no servers: \"servers\" is an empty object")}
			}
			c.Servers = names
			for _, name := range names {
				probs = append(probs, c.readTools(doc, servers[name], JoinPointer("/servers", name), name)...)
			}
			probs = append(probs, c.shadowing(doc)...)
			return c, probs
		}
	}
	if ps := c.readTools(doc, doc.Value, "", ""); len(ps) > 0 && len(c.Tools) == 0 && !isToolList(doc.Value) {
		return nil, ps
	} else {
		probs = append(probs, ps...)
	}
	return c, probs
}

func isToolList(v any) bool {
	_, ok := toolArray(v, "")
	return ok
}

// toolArray finds the tools array inside one server's catalog and its pointer.
func toolArray(v any, at string) (string, bool) {
	switch x := v.(type) {
	case []any:
		return at, true
	case map[string]any:
		if r, ok := x["result"]; ok {
			if _, isErr := x["error"]; !isErr {
				return toolArray(r, at+"/result")
			}
		}
		if _, ok := x["tools"].([]any); ok {
			return at + "/tools", true
		}
	}
	return "", false
}

func (c *Catalog) readTools(doc *Document, v any, at, server string) Problems {
	p, ok := toolArray(v, at)
	if !ok {
		what := "a catalog"
		if server != "" {
			what = fmt.Sprintf("server %q's catalog", server)
		}
		if m, isObj := v.(map[string]any); isObj {
			if e, isErr := m["error"]; isErr {
				return Problems{doc.Problem(KindRule, at+"/error", fmt.Sprintf("%s is a JSON-RPC error, not a tools/list result: %s", what, clip(fmt.Sprint(e), 120)))}
			}
		}
		return Problems{doc.Problem(KindRule, at, what+" must be a tools/list response, its result {\"tools\":[…]}, a bare array of tools, or {\"servers\":{name: catalog}}")}
	}
	var probs Problems
	seen := map[string]string{}
	for i, item := range lookupPointer(doc.Value, p).([]any) {
		ip := JoinPointer(p, strconv.Itoa(i))
		def, ok := item.(map[string]any)
		if !ok {
			probs = append(probs, doc.Problem(KindRule, ip, "a tool must be an object"))
			continue
		}
		name, ok := def["name"].(string)
		if !ok || name == "" {
			probs = append(probs, doc.Problem(KindRule, ip, "a tool needs a non-empty string \"name\""))
			continue
		}
		if first, dup := seen[name]; dup {
			probs = append(probs, doc.Problem(KindRule, ip+"/name", fmt.Sprintf("tool %q is listed twice (first at %s): which definition counts is ambiguous", name, first)))
			continue
		}
		seen[name] = ip
		switch schema, has := def["inputSchema"]; {
		case !has:
			probs = append(probs, doc.Problem(KindRule, ip, fmt.Sprintf("tool %q has no inputSchema", name)))
		case !isObjectSchema(schema):
			probs = append(probs, doc.Problem(KindRule, ip+"/inputSchema", fmt.Sprintf("tool %q: the inputSchema root must be {\"type\": \"object\"}", name)))
		}
		key := name
		if server != "" {
			key = server + "/" + name
		}
		c.byName[key] = len(c.Tools)
		c.byShort[name] = append(c.byShort[name], len(c.Tools))
		c.Tools = append(c.Tools, Tool{Name: key, Server: server, Pointer: ip, Def: def})
	}
	return probs
}

// shadowing reports tool names offered by more than one server: a model told to call "read_file"
// cannot know which server answers.
func (c *Catalog) shadowing(doc *Document) Problems {
	names := make([]string, 0, len(c.byShort))
	for name, ids := range c.byShort {
		if len(ids) > 1 {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	var probs Problems
	for _, name := range names {
		ids := c.byShort[name]
		servers := make([]string, len(ids))
		for i, id := range ids {
			servers[i] = c.Tools[id].Server
		}
		probs = append(probs, doc.Problem(KindRule, c.Tools[ids[1]].Pointer+"/name",
			fmt.Sprintf("tool name %q is offered by several servers (%s): one shadows the other", name, strings.Join(servers, ", "))))
	}
	return probs
}

func isObjectSchema(s any) bool {
	m, ok := s.(map[string]any)
	if !ok {
		return false
	}
	switch t := m["type"].(type) {
	case string:
		return t == "object"
	}
	return false
}

// lookupPointer returns the value at an RFC 6901 pointer, or nil.
func lookupPointer(v any, pointer string) any {
	tokens, ok := splitPointer(pointer)
	if !ok {
		return nil
	}
	for _, tok := range tokens {
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

// clip shortens untrusted text for a message, on a rune boundary.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
