package live

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// One gateway for every server of a client configuration (proxy --config, proxy --discover):
// the client sees one MCP server holding the tools, resources and prompts of all of them, and
// one gate decides every call, with one policy, one lock and one decision log.
//
//   - The gate reads the servers' tools as one multi-server catalog ({"servers": {name: …}}):
//     the policy and the lock name a tool "server/tool", or by its own name where only one
//     server offers it, exactly as the page's Decision pane does with the same catalog.
//   - Names the client sees: a tool (or prompt) keeps its name when no other server offers one
//     of that name. Where several do, each is shown as "<server>__<name>", the server's name
//     reduced to the characters MCP tool names allow ([A-Za-z0-9_.-], anything else "_"), with
//     "_2", "_3"… added in server order should that still collide. Clients accept these names.
//   - A call, a resource read or subscription, a prompt, a completion and a cancellation go to
//     the server they belong to; logging/setLevel and roots/list_changed go to every server.
//     A server's requests to the client (sampling, elicitation, roots) reach the client under
//     an id of the gateway's, and the answer goes back to that server.
//   - A server that does not start, or fails later, is reported on stderr; its tools are gone
//     from the list (the client is told the list changed) and calls to them are denied, while
//     the other servers keep working.
//
// The gateway speaks MCP 2026-07-28 both ways, down to 2025-06-18:
//
//   - toward the client it is the server: a client's server/discover gets the gateway's own
//     capabilities and the versions it speaks, initialize negotiates 2025-11-25 or 2025-06-18,
//     and a 2026-07-28 client's subscriptions/listen stream carries the list_changed
//     notifications it asked for. A call the gate asks about is put to the person by the same
//     [confirmer] as the single-server proxy's: input-required, elicitation, or needs_confirm;
//   - toward each server it is a client, as 'gatehouse catalog' is: server/discover first, the
//     initialize handshake where the server does not speak 2026-07-28. A request passed on to a
//     2026-07-28 server carries the protocol's _meta (the client's capabilities when the client
//     speaks it too, none otherwise, so that the server never asks a question the client cannot
//     answer); a request to an older server carries none of it.

// MultiProxyConfig says which servers a [MultiProxy] stands in front of and what it enforces;
// the fields are those of [ProxyConfig].
type MultiProxyConfig struct {
	Servers []Server
	Policy  string
	Lock    string
	Log     io.Writer
	Limits  Limits
	Stderr  io.Writer
	Now     func() time.Time
	Lang    string
	Client  string
	flows   *clientFlows // set by an HTTP gateway: the flow sessions its proxies share
}

// A MultiProxy speaks MCP to one client and passes its messages to many servers.
type MultiProxy struct {
	cfg     MultiProxyConfig
	lim     Limits
	lang    i18n.Lang
	gate    *listedGate
	log     *decisionLog
	confirm *confirmer

	ctx    context.Context
	client *endpoint

	mu            sync.Mutex
	backends      []*backend
	clientElicits bool
	clientCaps    *strictObject         // the capabilities of the client's initialize; nil before it (or for a 2026-07-28 client)
	exposed       map[string]toolRoute  // tool name the client sees → where it goes
	prompts       map[string]toolRoute  // prompt name the client sees → where it goes
	resources     map[string]*backend   // resource URI or URI template → its server
	inflight      map[string]*backend   // client request id (its JSON) → the server it went to
	routes        map[string]serverCall // gateway id of a server's request to the client → the server's own
	listeners     map[string]listener   // the client's open subscriptions/listen requests, by id's JSON
	handshaken    bool                  // the client opened with initialize (not the stateless protocol)
	seq           int

	onConnected func()
	initialized atomic.Bool
}

// A backend is one server behind the gateway.
type backend struct {
	name   string
	server Server
	link   *link
	ep     *endpoint
	caps   *strictObject   // the capabilities it answered initialize (or server/discover) with
	meta   json.RawMessage // the _meta of 2026-07-28 when it speaks that; nil for the initialize protocol
	failed error           // why it is out; nil while it works

	listMu sync.Mutex
	tools  []listedTool // as last listed
}

// A toolRoute is a tool or prompt as the client names it: its server and its own name.
type toolRoute struct {
	backend *backend
	name    string
}

// A listener is a 2026-07-28 client's subscriptions/listen request: the notifications it
// takes, by method.
type listener struct {
	id      jsonrpc.ID
	methods map[string]bool
}

// A serverCall is a server's request to the client: whose, and its own id.
type serverCall struct {
	backend *backend
	id      jsonrpc.ID
}

// NewMultiProxy checks the policy and the lock and returns a gateway ready to serve.
func NewMultiProxy(cfg MultiProxyConfig) (*MultiProxy, error) {
	if len(cfg.Servers) == 0 {
		return nil, errors.New("no server to stand in front of")
	}
	names := map[string]bool{}
	for _, s := range cfg.Servers {
		if err := s.check(); err != nil {
			return nil, err
		}
		if s.Name == "" || strings.Contains(s.Name, "/") || names[s.Name] {
			return nil, fmt.Errorf("server %q: each server needs a name of its own, without \"/\"", s.Name)
		}
		names[s.Name] = true
	}
	gate, log, lang, err := prepareGate(cfg.Policy, cfg.Lock, cfg.Lang, cfg.flows, cfg.Log, cfg.Now)
	if err != nil {
		return nil, err
	}
	if cfg.Stderr == nil {
		cfg.Stderr = io.Discard
	}
	p := &MultiProxy{cfg: cfg, lim: cfg.Limits.orDefault(), lang: lang, gate: gate, log: log,
		exposed: map[string]toolRoute{}, prompts: map[string]toolRoute{}, resources: map[string]*backend{},
		inflight: map[string]*backend{}, routes: map[string]serverCall{}, listeners: map[string]listener{}}
	p.confirm = &confirmer{lim: p.lim, now: log.now, say: p.say, note: p.note}
	return p, nil
}

func (p *MultiProxy) note(format string, args ...any) {
	fmt.Fprintf(p.cfg.Stderr, "gatehouse proxy: "+format+"\n", args...)
}

func (p *MultiProxy) say(format string, args ...any) string {
	tr := i18n.Open(p.lang)
	defer tr.Close()
	return tr.Text(i18n.Sprintf(format, args...))
}

// Serve starts every server, then passes messages until the client closes its side (nil) or
// sends what is not MCP (an error). Servers that fail are reported and left out.
func (p *MultiProxy) Serve(ctx context.Context, clientTransport mcp.Transport) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	p.ctx = ctx
	conn, err := clientTransport.Connect(ctx)
	if err != nil {
		return fmt.Errorf("connecting to the client: %v", err)
	}
	defer conn.Close()
	p.client = newEndpoint("client", conn)
	if p.onConnected != nil {
		p.onConnected()
	}

	var wg sync.WaitGroup
	backends := make([]*backend, len(p.cfg.Servers))
	for i, s := range p.cfg.Servers {
		b := &backend{name: s.Name, server: s}
		backends[i] = b
		wg.Add(1)
		go func() { defer wg.Done(); p.start(ctx, b) }()
	}
	wg.Wait()
	p.mu.Lock()
	p.backends = backends
	p.mu.Unlock()
	defer func() {
		for _, b := range backends {
			if b.link != nil {
				b.link.close(p.lim)
			}
		}
	}()
	for _, b := range backends {
		if b.failed == nil {
			go p.runBackend(ctx, b)
		}
	}
	p.relist(ctx)

	err = p.client.run(ctx, p.fromClient)
	if errors.Is(err, io.EOF) || ctx.Err() != nil {
		return nil
	}
	p.client.send(ctx, &jsonrpc.Response{Error: &jsonrpc.Error{Code: jsonrpc.CodeParseError,
		Message: p.say("gatehouse: the message is not JSON-RPC or is too large: %v", err)}})
	return fmt.Errorf("the client sent what is not an MCP message: %v", err)
}

// start connects to one server and does the handshake; a failure leaves it out.
func (p *MultiProxy) start(ctx context.Context, b *backend) {
	sctx, cancel := context.WithTimeout(ctx, p.lim.StartTimeout)
	defer cancel()
	l, err := dial(sctx, b.server, p.lim, p.cfg.Stderr)
	if err != nil {
		b.failed = err
		p.note("%v; its tools are not offered", err)
		return
	}
	b.link, b.ep = l, newEndpoint("server", l.conn)
	go b.ep.run(ctx, func(msg jsonrpc.Message) { p.fromServer(b, msg) })
	res, err := handshake(sctx, b.ep)
	if err != nil {
		b.failed = l.fail("handshake", err)
		p.note("%v; its tools are not offered", b.failed)
		return
	}
	b.caps, b.meta = res.caps, res.meta
	l.openStandalone(ctx, b.ep, res.ProtocolVersion, func(msg jsonrpc.Message) { p.fromServer(b, msg) })
	if b.meta != nil {
		// Under 2026-07-28 a server tells of its changes on a stream the client opens, for as
		// long as the gateway runs.
		go b.ep.request(ctx, "subscriptions/listen", map[string]any{"_meta": b.meta, "notifications": map[string]bool{
			"toolsListChanged": b.offers("tools"), "promptsListChanged": b.offers("prompts"), "resourcesListChanged": b.offers("resources")}})
	}
}

// own are the params of a request of the gateway's own to the server: its _meta under 2026-07-28.
func (b *backend) own() any {
	if b.meta == nil {
		return struct{}{}
	}
	return &listParams{Meta: b.meta}
}

// paramsFor are a client's request params as the server is to get them: every member as sent,
// but the _meta of 2026-07-28 (protocol version, client, capabilities) the server's own — the
// client's capabilities when the client speaks 2026-07-28 too; for a client of the initialize
// protocol, legacyCaps, what of its initialize's capabilities the gateway serves through
// input-required results (see serverinput.go), or none — and none of it for a server of the
// initialize protocol. Params that cannot be read go as sent.
func (b *backend) paramsFor(raw, legacyCaps json.RawMessage) json.RawMessage {
	o, err := readObject(i18n.T("the request's parameters"), raw)
	if err != nil || (b.meta == nil && !o.has("_meta")) {
		return raw
	}
	meta := o.object("_meta")
	if meta == nil {
		meta = &strictObject{fields: map[string]any{}}
	}
	caps := json.RawMessage(`{}`)
	if meta.str(metaProtocolVersion) >= modernProtocol {
		if meta.raw(metaClientCapabilities) != nil {
			caps = meta.raw(metaClientCapabilities)
		}
	} else if legacyCaps != nil {
		caps = legacyCaps
	}
	rest := withoutMembers(meta, metaProtocolVersion, metaClientInfo, metaClientCapabilities)
	if b.meta != nil {
		own, err := readObject(i18n.T("the request's parameters"), b.meta)
		if err != nil {
			return raw
		}
		restObj, err := readObject(i18n.T("the request's parameters"), rest)
		if err != nil {
			return raw
		}
		rest = withMember(restObj, metaProtocolVersion, own.raw(metaProtocolVersion))
		if restObj, err = readObject(i18n.T("the request's parameters"), rest); err == nil {
			rest = withMember(restObj, metaClientInfo, own.raw(metaClientInfo))
		}
		if restObj, err = readObject(i18n.T("the request's parameters"), rest); err == nil {
			rest = withMember(restObj, metaClientCapabilities, caps)
		}
	} else if string(rest) == "{}" {
		return withoutMembers(o, "_meta")
	}
	return withMember(o, "_meta", rest)
}

// isHandshaken reports whether the client opened with initialize (a client of the initialize
// protocol), not the stateless protocol.
func (p *MultiProxy) isHandshaken() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.handshaken
}

// runBackend waits for a server's connection to end, and takes the server out.
func (p *MultiProxy) runBackend(ctx context.Context, b *backend) {
	select {
	case <-ctx.Done():
		return
	case <-b.ep.closed:
	}
	if ctx.Err() != nil {
		return
	}
	err := b.link.fail("serving", fmt.Errorf("the server closed the connection (%v)", b.ep.readErr))
	p.mu.Lock()
	b.failed = err
	var held []string
	for id, owner := range p.inflight {
		if owner == b {
			held = append(held, id)
			delete(p.inflight, id)
		}
	}
	p.mu.Unlock()
	p.note("%v; its tools are withdrawn and calls to them denied", err)
	for _, idText := range held {
		var raw any
		json.Unmarshal([]byte(idText), &raw)
		if id, err := jsonrpc.MakeID(raw); err == nil {
			p.client.replyError(p.ctx, id, jsonrpc.CodeInternalError, p.say("gatehouse: server %s failed: %v", b.name, err))
		}
	}
	p.relist(p.ctx)
	p.announce("notifications/tools/list_changed")
}

// healthy lists the servers that work, in configuration order.
func (p *MultiProxy) healthy() []*backend {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []*backend
	for _, b := range p.backends {
		if b.failed == nil {
			out = append(out, b)
		}
	}
	return out
}

// offers reports whether a server's capabilities name a feature (tools, prompts, …).
func (b *backend) offers(feature string) bool { return b.caps != nil && b.caps.has(feature) }

// relist lists every working server's tools and gives the gate one catalog of them all.
func (p *MultiProxy) relist(ctx context.Context) {
	var wg sync.WaitGroup
	for _, b := range p.healthy() {
		if !b.offers("tools") {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			lctx, cancel := context.WithTimeout(ctx, p.lim.StartTimeout)
			defer cancel()
			tools, err := listTools(lctx, b.ep, b.meta)
			b.listMu.Lock()
			if err != nil {
				b.tools = nil
				p.note("listing the tools of server %s: %v; none of them are offered", b.name, err)
			} else {
				b.tools = tools
			}
			b.listMu.Unlock()
		}()
	}
	wg.Wait()
	var cat strings.Builder
	cat.WriteString(`{"servers":{`)
	healthy := p.healthy()
	for i, b := range healthy {
		if i > 0 {
			cat.WriteByte(',')
		}
		name, _ := json.Marshal(b.name)
		b.listMu.Lock()
		fmt.Fprintf(&cat, "%s:%s", name, toolsText(b.tools))
		b.listMu.Unlock()
	}
	cat.WriteString("}}")
	p.gate.setCatalog(cat.String())

	// The names the client sees, by the collision rule.
	var names []string
	var origin []toolRoute
	for _, b := range healthy {
		b.listMu.Lock()
		for _, t := range b.tools {
			if t.Name != "" && p.gate.offers(b.name+"/"+t.Name) {
				names = append(names, t.Name)
				origin = append(origin, toolRoute{backend: b, name: t.Name})
			}
		}
		b.listMu.Unlock()
	}
	exposed := map[string]toolRoute{}
	for i, shown := range exposedNames(names, origin) {
		exposed[shown] = origin[i]
	}
	p.mu.Lock()
	p.exposed = exposed
	p.mu.Unlock()
}

// unsafeNameChars are the characters an MCP tool name may not hold.
var unsafeNameChars = regexp.MustCompile(`[^A-Za-z0-9_.-]`)

// exposedNames applies the collision rule: names[i] (offered by origin[i]'s server) is kept
// where it is unique, else becomes "<server>__<name>", numbered on a further collision.
func exposedNames(names []string, origin []toolRoute) []string {
	count := map[string]int{}
	for _, n := range names {
		count[n]++
	}
	out := make([]string, len(names))
	taken := map[string]bool{}
	for i, n := range names {
		if count[n] == 1 {
			out[i] = n
			taken[n] = true
		}
	}
	for i, n := range names {
		if count[n] == 1 {
			continue
		}
		base := unsafeNameChars.ReplaceAllString(origin[i].backend.name, "_") + "__" + n
		shown := base
		for k := 2; taken[shown]; k++ {
			shown = base + "_" + strconv.Itoa(k)
		}
		taken[shown] = true
		out[i] = shown
	}
	return out
}

// fromClient handles one message from the client.
func (p *MultiProxy) fromClient(msg jsonrpc.Message) {
	ctx := p.ctx
	switch m := msg.(type) {
	case *jsonrpc.Response:
		// The client's answer to a server's request, under the gateway's id.
		idText, _ := json.Marshal(m.ID.Raw())
		p.mu.Lock()
		r, ok := p.routes[string(idText)]
		delete(p.routes, string(idText))
		p.mu.Unlock()
		if !ok {
			p.note("dropped an answer from the client to no pending request")
			return
		}
		m.ID = r.id
		if err := r.backend.ep.send(ctx, m); err != nil {
			p.note("%v", err)
		}
	case *jsonrpc.Request:
		if !m.IsCall() {
			p.clientNotification(m)
			return
		}
		go p.clientRequest(m)
	}
}

// clientNotification routes a notification of the client's.
func (p *MultiProxy) clientNotification(m *jsonrpc.Request) {
	switch m.Method {
	case "notifications/cancelled":
		c, err := readObject(i18n.T("the cancellation"), m.Params)
		if err != nil {
			return
		}
		idText, _ := json.Marshal(c.fields["requestId"])
		p.mu.Lock()
		b := p.inflight[string(idText)]
		delete(p.listeners, string(idText)) // a subscriptions/listen the client ends
		p.mu.Unlock()
		if b != nil {
			b.ep.send(p.ctx, m)
		}
	case "notifications/roots/list_changed":
		for _, b := range p.healthy() {
			b.ep.send(p.ctx, m)
		}
	}
	// initialized and the rest are the gateway's own business with the client.
}

// clientRequest answers one request of the client's.
func (p *MultiProxy) clientRequest(m *jsonrpc.Request) {
	ctx := p.ctx
	params, err := readObject(i18n.T("the request's parameters"), m.Params)
	if err != nil {
		p.client.replyError(ctx, m.ID, jsonrpc.CodeInvalidParams, p.say("gatehouse: %v", err))
		return
	}
	if v := requestProtocol(params); v != "" && v != modernProtocol {
		data, _ := json.Marshal(map[string]any{"supported": supportedProtocols, "requested": v})
		p.client.send(ctx, &jsonrpc.Response{ID: m.ID, Error: &jsonrpc.Error{Code: mcp.CodeUnsupportedProtocolVersion,
			Message: p.say("gatehouse: the protocol version %s is not one the gateway speaks", v), Data: data}})
		return
	}
	switch m.Method {
	case "initialize":
		p.initialized.Store(true)
		p.initialize(m, params)
	case "server/discover":
		p.client.reply(ctx, m.ID, map[string]any{"resultType": "complete", "supportedVersions": supportedProtocols,
			"capabilities": p.capabilities(), "_meta": map[string]any{metaServerInfo: &mcp.Implementation{Name: "gatehouse", Version: core.Version}}})
	case "subscriptions/listen":
		p.listen(m, params)
	case "ping":
		p.client.reply(ctx, m.ID, struct{}{})
	case "tools/list":
		p.relist(ctx)
		p.answerTools(m)
	case "tools/call":
		p.call(m, params)
	case "prompts/list":
		p.answerPrompts(m)
	case "prompts/get":
		r, ok := p.prompt(params.str("name"))
		if !ok {
			p.client.replyError(ctx, m.ID, jsonrpc.CodeInvalidParams, p.say("gatehouse: no server offers the prompt %q", params.str("name")))
			return
		}
		p.forwardTo(r.backend, m, renamed(params, r.name))
	case "resources/list", "resources/templates/list":
		p.answerResources(m)
	case "resources/read", "resources/subscribe", "resources/unsubscribe":
		p.forwardByResource(m, params.str("uri"))
	case "completion/complete":
		ref := params.object("ref")
		if ref == nil {
			p.client.replyError(ctx, m.ID, jsonrpc.CodeInvalidParams, p.say("gatehouse: completion/complete names no ref"))
			return
		}
		if ref.str("type") == "ref/prompt" {
			r, ok := p.prompt(ref.str("name"))
			if !ok {
				p.client.replyError(ctx, m.ID, jsonrpc.CodeInvalidParams, p.say("gatehouse: no server offers the prompt %q", ref.str("name")))
				return
			}
			p.forwardTo(r.backend, m, withMember(params, "ref", renamed(ref, r.name)))
			return
		}
		p.forwardByResource(m, ref.str("uri"))
	case "logging/setLevel":
		for _, b := range p.healthy() {
			if b.offers("logging") {
				lctx, cancel := context.WithTimeout(ctx, p.lim.StartTimeout)
				b.ep.request(lctx, "logging/setLevel", b.paramsFor(m.Params, p.legacyCaps()))
				cancel()
			}
		}
		p.client.reply(ctx, m.ID, struct{}{})
	default:
		p.client.replyError(ctx, m.ID, jsonrpc.CodeMethodNotFound, p.say("gatehouse: the gateway of several servers does not offer %s", m.Method))
	}
}

// initialize answers the client's handshake for every server at once.
func (p *MultiProxy) initialize(m *jsonrpc.Request, params *strictObject) {
	version := params.str("protocolVersion")
	switch version {
	case "2025-11-25", "2025-06-18":
	default:
		version = protocolVersion
	}
	p.mu.Lock()
	p.handshaken = true
	if caps := params.object("capabilities"); caps != nil {
		p.clientElicits = caps.has("elicitation")
		p.clientCaps = caps
	} else {
		p.clientCaps = &strictObject{fields: map[string]any{}}
	}
	p.mu.Unlock()
	caps := p.capabilities()
	p.client.reply(p.ctx, m.ID, map[string]any{"protocolVersion": version, "capabilities": caps,
		"serverInfo": &mcp.Implementation{Name: "gatehouse", Version: core.Version}})
}

// capabilities are the gateway's own: tools, and what any working server offers besides.
func (p *MultiProxy) capabilities() map[string]any {
	caps := map[string]any{"tools": map[string]any{"listChanged": true}}
	for _, b := range p.healthy() {
		if b.offers("prompts") {
			caps["prompts"] = map[string]any{"listChanged": true}
		}
		if b.offers("resources") {
			caps["resources"] = map[string]any{"listChanged": true, "subscribe": true}
		}
		if b.offers("logging") {
			caps["logging"] = map[string]any{}
		}
		if b.offers("completions") {
			caps["completions"] = map[string]any{}
		}
	}
	return caps
}

// listen opens a 2026-07-28 client's stream of notifications: the list_changed notifications it
// asks for, acknowledged first; it stays open until the client cancels it or the session ends.
func (p *MultiProxy) listen(m *jsonrpc.Request, params *strictObject) {
	want := params.object("notifications")
	if want == nil {
		p.client.replyError(p.ctx, m.ID, jsonrpc.CodeInvalidParams, p.say("gatehouse: subscriptions/listen names no notifications"))
		return
	}
	caps := p.capabilities()
	agreed := map[string]bool{}
	l := listener{id: m.ID, methods: map[string]bool{}}
	for _, kind := range []struct{ member, capability, method string }{
		{"toolsListChanged", "tools", "notifications/tools/list_changed"},
		{"promptsListChanged", "prompts", "notifications/prompts/list_changed"},
		{"resourcesListChanged", "resources", "notifications/resources/list_changed"},
	} {
		if _, offered := caps[kind.capability]; offered && want.fields[kind.member] == true {
			agreed[kind.member] = true
			l.methods[kind.method] = true
		}
	}
	p.mu.Lock()
	p.listeners[idKey(m.ID)] = l
	p.mu.Unlock()
	p.client.notify(p.ctx, "notifications/subscriptions/acknowledged", map[string]any{
		"_meta": map[string]any{metaSubscriptionID: m.ID.Raw()}, "notifications": agreed})
}

// announce tells the client that a list changed: a client of the initialize protocol as a plain
// notification, a 2026-07-28 client on each of its listen streams that asked for it.
func (p *MultiProxy) announce(method string) {
	p.mu.Lock()
	handshaken := p.handshaken
	var ids []jsonrpc.ID
	for _, l := range p.listeners {
		if l.methods[method] {
			ids = append(ids, l.id)
		}
	}
	p.mu.Unlock()
	if handshaken {
		p.client.notify(p.ctx, method, struct{}{})
	}
	for _, id := range ids {
		p.client.notify(p.ctx, method, map[string]any{"_meta": map[string]any{metaSubscriptionID: id.Raw()}})
	}
}

// answerTools sends the tools the gate offers, under the names the client sees.
func (p *MultiProxy) answerTools(m *jsonrpc.Request) {
	p.mu.Lock()
	shown := make([]string, 0, len(p.exposed))
	for name := range p.exposed {
		shown = append(shown, name)
	}
	exposed := p.exposed
	p.mu.Unlock()
	sort.Strings(shown)
	raws := make(map[toolRoute]json.RawMessage)
	for _, b := range p.healthy() {
		b.listMu.Lock()
		for _, t := range b.tools {
			raws[toolRoute{backend: b, name: t.Name}] = t.Raw
		}
		b.listMu.Unlock()
	}
	tools := make([]listedTool, 0, len(shown))
	for _, name := range shown {
		r := exposed[name]
		raw := raws[r]
		if name != r.name {
			if o, err := readObject(i18n.T("a tool"), raw); err == nil {
				raw = renamed(o, name)
			}
		}
		tools = append(tools, listedTool{Name: name, Raw: raw})
	}
	p.client.send(p.ctx, &jsonrpc.Response{ID: m.ID, Result: json.RawMessage(toolsText(tools))})
}

// renamed writes the object with its "name" member set to name, every other member as sent.
func renamed(o *strictObject, name string) json.RawMessage {
	quoted, _ := json.Marshal(name)
	return withMember(o, "name", quoted)
}

// withMember writes the object with member name set to raw, every other member as sent.
func withMember(o *strictObject, name string, raw json.RawMessage) json.RawMessage {
	rest := withoutMembers(o, name)
	quoted, _ := json.Marshal(name)
	if string(rest) == "{}" {
		return json.RawMessage("{" + string(quoted) + ":" + string(raw) + "}")
	}
	return json.RawMessage("{" + string(quoted) + ":" + string(raw) + "," + string(rest[1:]))
}

// call gates a tools/call against the one catalog of every server, and forwards what the gate
// allows (or a person confirms) to the server it belongs to, under the tool's own name.
func (p *MultiProxy) call(m *jsonrpc.Request, params *strictObject) {
	// A 2026-07-28 retry answering the gateway's question: gated from scratch, without its members.
	answer, m, params, err := p.confirm.retried(m, params)
	if err != nil {
		p.client.replyError(p.ctx, m.ID, jsonrpc.CodeInvalidParams, p.say("gatehouse: the call cannot be read: %v", err))
		return
	}
	shown := params.str("name")
	p.mu.Lock()
	r, known := p.exposed[shown]
	p.mu.Unlock()
	// The gate reads the call by the tool's key, server/name, in the catalog of every server;
	// a name the client was never shown is gated as sent, and core denies it.
	key := shown
	if known {
		key = r.backend.name + "/" + r.name
	}
	gated := &jsonrpc.Request{ID: m.ID, Method: m.Method, Params: renamed(params, key)}
	text, err := jsonrpc.EncodeMessage(gated)
	if err != nil {
		p.client.replyError(p.ctx, m.ID, jsonrpc.CodeInvalidRequest, p.say("gatehouse: the call cannot be read: %v", err))
		return
	}
	client := p.cfg.Client
	if client == "" {
		client = "stdio"
	}
	gc := p.gate.decide(string(text), client, p.log.now())
	d := gc.line.Decision
	if known {
		gc.line.Server = r.backend.name
	}
	gc.line.Client, gc.line.RequestID = p.cfg.Client, m.ID.Raw()
	line := &gc.line
	deny := func(why string) {
		p.logLine(*line)
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: why}}, IsError: true}
		p.client.reply(p.ctx, m.ID, res)
	}
	switch d.Decision {
	case core.DecisionAllow:
	case core.DecisionAsk:
		p.mu.Lock()
		elicits := p.clientElicits
		p.mu.Unlock()
		c := p.confirm.confirm(p.ctx, p.client, params, d, answer, elicits)
		if c.inputRequired != nil {
			// The client asks the person and retries; the retry is gated and logged.
			p.client.send(p.ctx, &jsonrpc.Response{ID: m.ID, Result: c.inputRequired})
			return
		}
		line.Confirmation = c.answer
		if c.answer != "accept" {
			deny(askDenial(p.say, d, c.answer))
			return
		}
	default:
		deny(p.say("gatehouse denied this call.\n%s", reasonText(d)))
		return
	}
	if !known || r.backend.failed != nil {
		line.Decision.Decision, line.Decision.Reason = core.DecisionDeny, "tool_not_allowlisted"
		deny(p.say("gatehouse denied this call: the server of %s is not available", shown))
		return
	}
	line.Forwarded = true
	p.forwardCall(r.backend, m, renamed(params, r.name), &gc)
}

func (p *MultiProxy) logLine(line loggedDecision) {
	if err := p.log.write(line); err != nil {
		p.note("writing the decision log: %v", err)
	}
}

// forwardTo sends a client's request to one server with these params and passes its answer
// back, within the call timeout.
func (p *MultiProxy) forwardTo(b *backend, m *jsonrpc.Request, params json.RawMessage) {
	p.forwardCall(b, m, params, nil)
}

// forwardCall is forwardTo for a gated tools/call (gc), whose result is checked and logged.
func (p *MultiProxy) forwardCall(b *backend, m *jsonrpc.Request, params json.RawMessage, gc *gatedCall) {
	idText, _ := json.Marshal(m.ID.Raw())
	p.mu.Lock()
	p.inflight[string(idText)] = b
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		delete(p.inflight, string(idText))
		p.mu.Unlock()
	}()
	ctx, cancel := context.WithTimeout(p.ctx, p.lim.CallTimeout)
	defer cancel()
	raw, err := b.ep.requestAs(ctx, m.ID, m.Method, b.paramsFor(params, p.legacyCaps()))
	var refused *serverInputRefusal
	if err == nil && b.meta != nil && p.isHandshaken() {
		raw, refused, err = p.serveServerInput(ctx, b, m, params, raw)
	}
	if refused != nil {
		if gc != nil {
			p.logLine(gc.line)
			p.client.reply(p.ctx, m.ID, &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: refused.text(p.say)}}, IsError: true})
			return
		}
		p.client.replyError(p.ctx, m.ID, jsonrpc.CodeInvalidRequest, refused.text(p.say))
		return
	}
	if err != nil {
		if gc != nil {
			p.logLine(gc.line)
		}
		var werr *jsonrpc.Error
		if errors.As(err, &werr) {
			p.client.send(p.ctx, &jsonrpc.Response{ID: m.ID, Error: werr})
			return
		}
		p.client.replyError(p.ctx, m.ID, jsonrpc.CodeInternalError, p.say("gatehouse: server %s: %v", b.name, err))
		return
	}
	resp := &jsonrpc.Response{ID: m.ID, Result: raw}
	if gc != nil {
		resp = afterCall(p.gate, gc, resp, p.say, p.logLine)
	}
	p.client.send(p.ctx, resp)
}

// forwardByResource sends a request about a resource to the server that listed it.
func (p *MultiProxy) forwardByResource(m *jsonrpc.Request, uri string) {
	p.mu.Lock()
	b := p.resources[uri]
	p.mu.Unlock()
	if b == nil {
		p.listResources("resources/list", "resources")
		p.listResources("resources/templates/list", "resourceTemplates")
		p.mu.Lock()
		b = p.resources[uri]
		if b == nil {
			// A URI of a template: the server whose template it was listed under; with several
			// servers offering resources and none claiming it, the first.
			for _, c := range p.backends {
				if c.failed == nil && c.offers("resources") {
					b = c
					break
				}
			}
		}
		p.mu.Unlock()
	}
	if b == nil {
		p.client.replyError(p.ctx, m.ID, jsonrpc.CodeInvalidParams, p.say("gatehouse: no server offers the resource %q", uri))
		return
	}
	p.forwardTo(b, m, m.Params)
}

// listResources lists resources (or templates) of every server offering them, keeps which
// server each URI belongs to, and returns them in server order.
func (p *MultiProxy) listResources(method, member string) []json.RawMessage {
	var out []json.RawMessage
	for _, b := range p.healthy() {
		if !b.offers("resources") {
			continue
		}
		ctx, cancel := context.WithTimeout(p.ctx, p.lim.StartTimeout)
		raw, err := b.ep.request(ctx, method, b.own())
		cancel()
		if err != nil {
			continue
		}
		res, err := readObject(i18n.T("the answer to resources/list"), raw)
		if err != nil {
			continue
		}
		items, err := res.tools(member)
		if err != nil {
			continue
		}
		for _, it := range items {
			o, err := readObject(i18n.T("a resource"), it.Raw)
			if err != nil {
				continue
			}
			uri := o.str("uri")
			if uri == "" {
				uri = o.str("uriTemplate")
			}
			p.mu.Lock()
			if _, taken := p.resources[uri]; !taken || p.resources[uri].failed != nil {
				p.resources[uri] = b
				out = append(out, it.Raw)
			}
			p.mu.Unlock()
		}
	}
	return out
}

func (p *MultiProxy) answerResources(m *jsonrpc.Request) {
	member := "resources"
	if m.Method == "resources/templates/list" {
		member = "resourceTemplates"
	}
	p.mu.Lock()
	for uri, b := range p.resources {
		if b.failed != nil {
			delete(p.resources, uri)
		}
	}
	p.mu.Unlock()
	items := p.listResources(m.Method, member)
	p.client.send(p.ctx, &jsonrpc.Response{ID: m.ID, Result: json.RawMessage(listText(member, items))})
}

// answerPrompts lists every server's prompts under the collision rule.
func (p *MultiProxy) answerPrompts(m *jsonrpc.Request) {
	items := p.listPrompts()
	p.client.send(p.ctx, &jsonrpc.Response{ID: m.ID, Result: json.RawMessage(listText("prompts", items))})
}

// prompt finds the prompt the client names, listing the prompts again when it is not known.
func (p *MultiProxy) prompt(name string) (toolRoute, bool) {
	p.mu.Lock()
	r, ok := p.prompts[name]
	p.mu.Unlock()
	if !ok {
		p.listPrompts()
		p.mu.Lock()
		r, ok = p.prompts[name]
		p.mu.Unlock()
	}
	return r, ok
}

// listPrompts lists every server's prompts under the collision rule, and keeps where each goes.
func (p *MultiProxy) listPrompts() []json.RawMessage {
	var names []string
	var origin []toolRoute
	var raws []*strictObject
	for _, b := range p.healthy() {
		if !b.offers("prompts") {
			continue
		}
		ctx, cancel := context.WithTimeout(p.ctx, p.lim.StartTimeout)
		raw, err := b.ep.request(ctx, "prompts/list", b.own())
		cancel()
		if err != nil {
			continue
		}
		res, err := readObject(i18n.T("the answer to prompts/list"), raw)
		if err != nil {
			continue
		}
		items, err := res.tools("prompts")
		if err != nil {
			continue
		}
		for _, it := range items {
			o, err := readObject(i18n.T("a prompt"), it.Raw)
			if err != nil || it.Name == "" {
				continue
			}
			names = append(names, it.Name)
			origin = append(origin, toolRoute{backend: b, name: it.Name})
			raws = append(raws, o)
		}
	}
	shown := exposedNames(names, origin)
	prompts := map[string]toolRoute{}
	items := make([]json.RawMessage, len(shown))
	for i, name := range shown {
		prompts[name] = origin[i]
		items[i] = raws[i].doc.Text
		if name != names[i] {
			items[i] = renamed(raws[i], name)
		}
	}
	p.mu.Lock()
	p.prompts = prompts
	p.mu.Unlock()
	return items
}

// listText writes {"<member>": [items…]}.
func listText(member string, items []json.RawMessage) string {
	var b strings.Builder
	name, _ := json.Marshal(member)
	b.WriteString("{" + string(name) + ":[")
	for i, it := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(it)
	}
	b.WriteString("]}")
	return b.String()
}

// fromServer handles a message from one server that is not the answer to a request the
// gateway sent it (those go to the waiting request).
func (p *MultiProxy) fromServer(b *backend, msg jsonrpc.Message) {
	ctx := p.ctx
	m, ok := msg.(*jsonrpc.Request)
	if !ok {
		return // an answer nobody waits for any more
	}
	if m.IsCall() {
		if m.Method == "ping" {
			b.ep.reply(ctx, m.ID, struct{}{})
			return
		}
		// A server's request to the client, under an id of the gateway's.
		p.mu.Lock()
		p.seq++
		own := "gatehouse-route/" + strconv.Itoa(p.seq)
		idText, _ := json.Marshal(own)
		p.routes[string(idText)] = serverCall{backend: b, id: m.ID}
		p.mu.Unlock()
		id, _ := jsonrpc.MakeID(own)
		p.client.send(ctx, &jsonrpc.Request{ID: id, Method: m.Method, Params: m.Params})
		return
	}
	switch m.Method {
	case "notifications/tools/list_changed":
		go func() {
			p.relist(ctx)
			p.announce(m.Method)
		}()
		return
	case "notifications/prompts/list_changed", "notifications/resources/list_changed":
		p.announce(m.Method)
		return
	case "notifications/subscriptions/acknowledged":
		return // the answer to the gateway's own subscriptions/listen
	case "notifications/cancelled":
		return // about a server's request the gateway routed; the client's answer is dropped
	}
	p.client.send(ctx, m)
}
