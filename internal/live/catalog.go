package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// protocolVersion is the MCP version gatehouse asks for when it is the client.
const protocolVersion = "2025-11-25"

// maxListPages bounds a tools/list that pages for ever.
const maxListPages = 10000

// A Catalog is one server's tools as it listed them, in the shape core reads: a tools/list
// result ({"tools": […]}) with the server's serverInfo and the protocol version beside it. Each
// tool is kept as the bytes the server sent, never decoded and encoded again: a pin hashes the
// whole tool, and a number or a field a Go struct does not know must reach it as it was.
type Catalog struct {
	ProtocolVersion string
	ServerInfo      json.RawMessage
	Tools           []json.RawMessage

	listed []listedTool // the tools with their names, as read
}

// JSON writes the catalog, one tool per line.
func (c *Catalog) JSON() []byte {
	var b bytes.Buffer
	c.write(&b, "")
	b.WriteByte('\n')
	return b.Bytes()
}

func (c *Catalog) write(b *bytes.Buffer, indent string) {
	version, _ := json.Marshal(c.ProtocolVersion)
	info := c.ServerInfo
	if len(info) == 0 {
		info = json.RawMessage("null")
	}
	fmt.Fprintf(b, "{\n%s  \"protocolVersion\": %s,\n%s  \"serverInfo\": %s,\n%s  \"tools\": [", indent, version, indent, compact(info), indent)
	for i, t := range c.Tools {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(b, "\n%s    ", indent)
		b.Write(t)
	}
	if len(c.Tools) > 0 {
		fmt.Fprintf(b, "\n%s  ", indent)
	}
	fmt.Fprintf(b, "]\n%s}", indent)
}

// compact removes the insignificant space of a small value (serverInfo) so it fits one line;
// a value that does not compact is written as it is.
func compact(raw json.RawMessage) []byte {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return raw
	}
	return b.Bytes()
}

// toolsText is the catalog as the gate reads it: the tools alone.
func toolsText(tools []listedTool) string {
	var b bytes.Buffer
	b.WriteString(`{"tools":[`)
	for i, t := range tools {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.Write(t.Raw)
	}
	b.WriteString("]}")
	return b.String()
}

// Repeated returns the names the server lists more than once, sorted: core holds every call
// to them ambiguous.
func (c *Catalog) Repeated() []string {
	return repeatedNames(c.listed)
}

func repeatedNames(tools []listedTool) []string {
	seen := map[string]int{}
	for _, t := range tools {
		if t.Name != "" {
			seen[t.Name]++
		}
	}
	var names []string
	for name, n := range seen {
		if n > 1 {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

// Catalogs is several servers' catalogs by name: core reads them as {"servers": {name: catalog}}.
type Catalogs map[string]*Catalog

// JSON writes the multi-server catalog, servers in name order.
func (cs Catalogs) JSON() []byte {
	names := make([]string, 0, len(cs))
	for name := range cs {
		names = append(names, name)
	}
	sort.Strings(names)
	var b bytes.Buffer
	b.WriteString("{\n  \"servers\": {")
	for i, name := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(name)
		fmt.Fprintf(&b, "\n    %s: ", key)
		cs[name].write(&b, "    ")
	}
	if len(names) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("}\n}\n")
	return b.Bytes()
}

// FetchCatalog starts the server (or connects to it), does the MCP handshake as a client, lists
// every tool following nextCursor, and stops the server. The handshake claims what a full
// client claims (roots, sampling, elicitation), since some servers offer tools only to such
// clients; a roots/list from the server is answered with no roots. What a started server writes
// to stderr goes to stderr (nil: nowhere) and its end comes with any error.
func FetchCatalog(ctx context.Context, s Server, lim Limits, stderr io.Writer) (*Catalog, error) {
	lim = lim.orDefault()
	ctx, cancel := context.WithTimeout(ctx, lim.StartTimeout)
	defer cancel()
	l, err := dial(ctx, s, lim, stderr)
	if err != nil {
		return nil, err
	}
	defer l.close(lim)
	ep := newEndpoint("server", l.conn)
	go ep.run(ctx, func(msg jsonrpc.Message) { answerAsClient(ctx, ep, msg) })

	init, err := handshake(ctx, ep)
	if err != nil {
		return nil, l.fail("handshake", err)
	}
	cat := &Catalog{ProtocolVersion: init.ProtocolVersion, ServerInfo: init.ServerInfo}
	if !init.offersTools() {
		cat.Tools = []json.RawMessage{}
		return cat, nil
	}
	cat.listed, err = listTools(ctx, ep, init.meta)
	if err != nil {
		return nil, l.fail("listing tools", err)
	}
	cat.Tools = make([]json.RawMessage, len(cat.listed))
	for i, t := range cat.listed {
		cat.Tools[i] = t.Raw
	}
	return cat, nil
}

// answerAsClient answers what a server may ask of a client during a listing: a ping, the roots
// (none), and nothing else.
func answerAsClient(ctx context.Context, ep *endpoint, msg jsonrpc.Message) {
	req, ok := msg.(*jsonrpc.Request)
	if !ok || !req.IsCall() {
		return
	}
	switch req.Method {
	case "ping":
		ep.reply(ctx, req.ID, struct{}{})
	case "roots/list":
		//lint:ignore SA1019 the handshake speaks 2025-11-25, where roots are current.
		ep.reply(ctx, req.ID, &mcp.ListRootsResult{Roots: []*mcp.Root{}})
	default:
		ep.replyError(ctx, req.ID, jsonrpc.CodeMethodNotFound, "gatehouse is only listing tools and does not answer "+req.Method)
	}
}

// initializeResult is what gatehouse reads of a server's answer to initialize; serverInfo is
// kept as sent.
type initializeResult struct {
	ProtocolVersion string
	ServerInfo      json.RawMessage
	tools           bool            // the capabilities name tools
	caps            *strictObject   // the capabilities as sent (an empty object for none)
	meta            json.RawMessage // under 2026-07-28, the _meta every request then carries
}

// readInitializeResult reads a server's answer to initialize strictly.
func readInitializeResult(raw json.RawMessage) (*initializeResult, error) {
	o, err := readObject(i18n.T("the answer to initialize"), raw)
	if err != nil {
		return nil, err
	}
	res := &initializeResult{ProtocolVersion: o.str("protocolVersion"), ServerInfo: o.raw("serverInfo")}
	res.readCapabilities(o)
	return res, nil
}

// offersTools: a server without the tools capability is not asked for tools (it may not
// answer tools/list at all).
func (r *initializeResult) offersTools() bool { return r.tools }

// handshake is the client's side of MCP's start. It asks first as MCP 2026-07-28 does
// (server/discover, the protocol version and the client's capabilities in _meta); a server that
// does not speak it answers with an error, and gatehouse falls back to the initialize handshake
// of 2025-11-25 (initialize, then initialized), whose answer negotiates down as far as
// 2025-06-18.
func handshake(ctx context.Context, ep *endpoint) (*initializeResult, error) {
	if res, err := discover(ctx, ep); err == nil {
		return res, nil
	} else if ctx.Err() != nil {
		return nil, err
	}
	params := &mcp.InitializeParams{
		ProtocolVersion: protocolVersion,
		ClientInfo:      &mcp.Implementation{Name: "gatehouse", Version: core.Version},
		Capabilities: &mcp.ClientCapabilities{
			//lint:ignore SA1019 the handshake speaks 2025-11-25, where sampling is current.
			Sampling:    &mcp.SamplingCapabilities{},
			Elicitation: &mcp.ElicitationCapabilities{Form: &mcp.FormElicitationCapabilities{}},
		},
	}
	raw, err := ep.request(ctx, "initialize", params)
	if err != nil {
		return nil, err
	}
	res, err := readInitializeResult(raw)
	if err != nil {
		return nil, err
	}
	if res.ProtocolVersion == "" {
		return nil, fmt.Errorf("the answer to initialize names no protocolVersion")
	}
	if err := ep.notify(ctx, "notifications/initialized", &mcp.InitializedParams{}); err != nil {
		return nil, err
	}
	return res, nil
}

// discover asks a server for its capabilities the MCP 2026-07-28 way. An error means the server
// does not speak it (or not to gatehouse), and the caller falls back to initialize.
func discover(ctx context.Context, ep *endpoint) (*initializeResult, error) {
	meta, err := json.Marshal(map[string]any{
		metaProtocolVersion:    modernProtocol,
		metaClientInfo:         &mcp.Implementation{Name: "gatehouse", Version: core.Version},
		metaClientCapabilities: map[string]any{"elicitation": map[string]any{"form": map[string]any{}}},
	})
	if err != nil {
		return nil, err
	}
	raw, err := ep.request(ctx, "server/discover", &listParams{Meta: meta})
	if err != nil {
		return nil, err
	}
	o, err := readObject(i18n.T("the answer to server/discover"), raw)
	if err != nil {
		return nil, err
	}
	versions, _ := o.fields["supportedVersions"].([]any)
	speaks := false
	for _, v := range versions {
		speaks = speaks || v == modernProtocol
	}
	if !speaks {
		return nil, errors.New("the server does not list " + modernProtocol + " among its supportedVersions")
	}
	res := &initializeResult{ProtocolVersion: modernProtocol, meta: meta, ServerInfo: json.RawMessage("null")}
	if m := o.object("_meta"); m != nil {
		if info := m.raw("io.modelcontextprotocol/serverInfo"); info != nil {
			res.ServerInfo = info
		}
	}
	res.readCapabilities(o)
	return res, nil
}

// readCapabilities keeps the capabilities of an initialize or discover result.
func (r *initializeResult) readCapabilities(o *strictObject) {
	r.caps = o.object("capabilities")
	if r.caps == nil {
		r.caps = &strictObject{fields: map[string]any{}}
	}
	r.tools = r.caps.has("tools")
}

// listTools asks for every page of tools/list and returns the tools as sent. It stops at a
// cursor seen before, at [maxListPages] pages, and at core's size limit for a catalog.
//
// meta, when not nil, is the _meta every request carries under MCP 2026-07-28.
func listTools(ctx context.Context, ep *endpoint, meta json.RawMessage) ([]listedTool, error) {
	tools := []listedTool{}
	seen := map[string]bool{}
	size := 0
	cursor := ""
	for page := 0; ; page++ {
		if page == maxListPages {
			return nil, fmt.Errorf("tools/list still pages after %d pages", maxListPages)
		}
		params := &listParams{Cursor: cursor, Meta: meta}
		raw, err := ep.request(ctx, "tools/list", params)
		if err != nil {
			return nil, err
		}
		size += len(raw)
		if size > core.About(core.AboutRequest{}).Limits.TextBytes {
			return nil, fmt.Errorf("the tools listed pass %d MiB, the most gatehouse reads as a catalog", core.About(core.AboutRequest{}).Limits.TextBytes>>20)
		}
		res, err := readObject(i18n.T("the answer to tools/list"), raw)
		if err != nil {
			return nil, err
		}
		page, err := res.tools("tools")
		if err != nil {
			return nil, fmt.Errorf("the answer to tools/list is not a ListToolsResult: %v", err)
		}
		tools = append(tools, page...)
		next := res.str("nextCursor")
		if next == "" {
			return tools, nil
		}
		if seen[next] {
			return nil, fmt.Errorf("tools/list returned the cursor %q twice: the listing would never end", shorten(next))
		}
		seen[next] = true
		cursor = next
	}
}

// listParams are a tools/list request's parameters, with the _meta passed on as it came.
type listParams struct {
	Cursor string          `json:"cursor,omitempty"`
	Meta   json.RawMessage `json:"_meta,omitempty"`
}

// shorten cuts a peer's text for a message.
func shorten(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}
