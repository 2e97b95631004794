// Package catalog reads the tools a server offers (a tools/list answer in any of its common
// shapes, or several servers at once), pins each tool's whole definition, and verifies a catalog
// against a lock file of pins.
//
// Tools are keyed by name, server-qualified where the catalog holds several servers, and a name
// that answers to more than one definition (two servers offer it, a tool listed twice, two keys
// that collide) is ambiguous: a call under it cannot say which definition it means.
package catalog

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
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
	Tools   []Tool   // in the order of the text; a key listed twice keeps its first definition
	Servers []string // server names, sorted, for a multi-server catalog; else nil
	// callable maps every name a call may use to the tools answering to it: each tool's key and,
	// in a multi-server catalog, its own name. A name answering to several tools is ambiguous.
	callable map[string][]int
	// ambiguous maps a name to why it names no single definition: a tool listed twice, or two
	// tools whose keys collide ("a" offering "b/c" and "a/b" offering "c" are both "a/b/c").
	ambiguous map[string]string
}

// Lookup finds the tool a call names. The name may be a tool's key or, in a multi-server
// catalog, its own name. When the name answers to several tools (two servers offer it, a tool is
// listed twice, two keys collide), ambiguous is true and no tool is returned: a call cannot say
// which definition it means, so none of them may run.
func (c *Catalog) Lookup(name string) (t *Tool, ambiguous bool) {
	t, why := c.Resolve(name)
	return t, why != ""
}

// Resolve is [Catalog.Lookup] saying why a name is ambiguous.
func (c *Catalog) Resolve(name string) (*Tool, string) {
	if why, bad := c.ambiguous[name]; bad {
		return nil, why
	}
	ids := c.callable[name]
	switch len(ids) {
	case 0:
		return nil, ""
	case 1:
	default:
		keys := make([]string, len(ids))
		for i, id := range ids {
			keys[i] = c.Tools[id].Name
		}
		return nil, i18n.Sprintf("several tools answer to the name %s (%s), and the call does not say which: one shadows the other", untrusted.Quote(name), strings.Join(keys, ", "))
	}
	t := &c.Tools[ids[0]]
	if why, bad := c.ambiguous[t.Name]; bad {
		return nil, why
	}
	return t, ""
}

// NamesOnly reports whether name calls t and no other tool, so that a policy entry under that
// name is about t alone.
func (c *Catalog) NamesOnly(name string, t *Tool) bool {
	found, why := c.Resolve(name)
	return why == "" && found == t
}

// Names returns the tool keys in text order.
func (c *Catalog) Names() []string {
	names := make([]string, len(c.Tools))
	for i, t := range c.Tools {
		names[i] = t.Name
	}
	return names
}

// LooksLike reports whether v has one of the shapes [Parse] reads, without
// checking the tools themselves. The diff uses it to choose a catalog report.
func LooksLike(v any) bool {
	switch x := v.(type) {
	case []any:
		return len(x) > 0 && allToolLike(x)
	case map[string]any:
		if r, ok := x["result"]; ok {
			return LooksLike(r)
		}
		if tools, ok := x["tools"].([]any); ok {
			return len(tools) == 0 || allToolLike(tools)
		}
		if servers, ok := x["servers"].(map[string]any); ok && len(servers) > 0 {
			for _, s := range servers {
				if !LooksLike(s) {
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

// Parse reads a catalog from a parsed document in any of these shapes: a JSON-RPC
// tools/list response, its result ({"tools":[…]}), a bare array of tools, or several servers at
// once ({"servers":{"name":<any of the above>}}). Problems that leave the catalog usable (a tool
// whose inputSchema root is not an object, a name offered by two servers, a tool listed twice)
// are returned with it, and the gate denies calls to the tools they are about; the catalog is
// nil only when no tools can be read at all.
func Parse(doc *jsondoc.Document) (*Catalog, problem.Problems) {
	c := &Catalog{callable: map[string][]int{}, ambiguous: map[string]string{}}
	var probs problem.Problems
	if m, ok := doc.Value.(map[string]any); ok {
		if servers, ok := m["servers"].(map[string]any); ok {
			names := make([]string, 0, len(servers))
			for name := range servers {
				names = append(names, name)
			}
			sort.Strings(names)
			if len(names) == 0 {
				return nil, problem.Problems{doc.Problem(problem.KindRule, "/servers", i18n.T("no servers: \"servers\" is an empty object"))}
			}
			c.Servers = names
			for _, name := range names {
				probs = append(probs, c.readTools(doc, servers[name], jsondoc.JoinPointer("/servers", name), name)...)
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

func (c *Catalog) readTools(doc *jsondoc.Document, v any, at, server string) problem.Problems {
	p, ok := toolArray(v, at)
	if !ok {
		what := i18n.T("a catalog")
		if server != "" {
			what = i18n.Sprintf("server %q's catalog", server)
		}
		if m, isObj := v.(map[string]any); isObj {
			if e, isErr := m["error"]; isErr {
				return problem.Problems{doc.Problem(problem.KindRule, at+"/error", i18n.Sprintf("%s is a JSON-RPC error, not a tools/list result: %s", what, untrusted.Shorten(fmt.Sprint(e), 120)))}
			}
		}
		return problem.Problems{doc.Problem(problem.KindRule, at, i18n.Sprintf("%s must be a tools/list response, its result {\"tools\":[…]}, a bare array of tools, or {\"servers\":{name: catalog}}", what))}
	}
	var probs problem.Problems
	for i, item := range jsondoc.Lookup(doc.Value, p).([]any) {
		ip := jsondoc.JoinPointer(p, strconv.Itoa(i))
		def, ok := item.(map[string]any)
		if !ok {
			probs = append(probs, doc.Problem(problem.KindRule, ip, i18n.T("a tool must be an object")))
			continue
		}
		name, ok := def["name"].(string)
		if !ok || name == "" {
			probs = append(probs, doc.Problem(problem.KindRule, ip, i18n.T("a tool needs a non-empty string \"name\"")))
			continue
		}
		key := name
		if server != "" {
			key = server + "/" + name
		}
		if first, taken := c.keyed(key); taken {
			// The first definition stays in Tools, for pins and diffs, but no call to the key (or
			// to the second tool's own name) can say which definition it means.
			why := i18n.Sprintf("tool %s is listed twice (first at %s): which definition counts is ambiguous", untrusted.Quote(name), first.Pointer)
			if first.Server != server {
				why = i18n.Sprintf("server %s's tool %s and server %s's tool %s are both keyed %s: which one a call means is ambiguous",
					untrusted.Quote(first.Server), untrusted.Quote(first.ToolName()), untrusted.Quote(server), untrusted.Quote(name), untrusted.Quote(key))
			}
			probs = append(probs, doc.Problem(problem.KindRule, ip+"/name", why))
			c.ambiguous[key] = why
			c.ambiguous[name] = why
			continue
		}
		switch schema, has := def["inputSchema"]; {
		case !has:
			probs = append(probs, doc.Problem(problem.KindRule, ip, i18n.Sprintf("tool %q has no inputSchema", name)))
		case !IsObjectSchema(schema):
			probs = append(probs, doc.Problem(problem.KindRule, ip+"/inputSchema", i18n.Sprintf("tool %q: the inputSchema root must be {\"type\": \"object\"}", name)))
		}
		id := len(c.Tools)
		c.Tools = append(c.Tools, Tool{Name: key, Server: server, Pointer: ip, Def: def})
		c.callable[key] = append(c.callable[key], id)
		if name != key {
			c.callable[name] = append(c.callable[name], id)
		}
	}
	return probs
}

// keyed returns the tool already read under key, if any.
func (c *Catalog) keyed(key string) (*Tool, bool) {
	for _, id := range c.callable[key] {
		if c.Tools[id].Name == key {
			return &c.Tools[id], true
		}
	}
	return nil, false
}

// shadowing reports names that answer to more than one server's tool: a model told to call
// "read_file" cannot know which server answers, and a tool named "fs/read_file" on server "evil"
// answers to the key of server fs's read_file.
func (c *Catalog) shadowing(doc *jsondoc.Document) problem.Problems {
	var probs problem.Problems
	for _, name := range slices.Sorted(maps.Keys(c.callable)) {
		ids := c.callable[name]
		if len(ids) < 2 {
			continue
		}
		servers := make([]string, len(ids))
		ownNames := true
		for i, id := range ids {
			servers[i] = c.Tools[id].Server
			ownNames = ownNames && c.Tools[id].ToolName() == name
		}
		at := ids[1]
		msg := i18n.Sprintf("tool name %q is offered by several servers (%s): one shadows the other", name, strings.Join(servers, ", "))
		if !ownNames {
			keys := make([]string, len(ids))
			for i, id := range ids {
				keys[i] = c.Tools[id].Name
				if c.Tools[id].ToolName() == name {
					at = id // the tool named like another's key
				}
			}
			msg = i18n.Sprintf("the name %s is both a tool's key and another tool's own name (%s): a call to it could mean either", untrusted.Quote(name), strings.Join(keys, ", "))
		}
		probs = append(probs, doc.Problem(problem.KindRule, c.Tools[at].Pointer+"/name", msg))
	}
	return probs
}

func IsObjectSchema(s any) bool {
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
