package live

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ProxyConfig says what a [Proxy] stands in front of and what it enforces.
type ProxyConfig struct {
	// Server is the upstream server: a command to start or a URL.
	Server Server
	// Upstream, when set, is used instead of Server: a transport to a server in the same process.
	Upstream mcp.Transport
	// NewUpstream, when set, is used instead of Server and Upstream: it makes a transport to a
	// server in the same process for each session (an HTTP gateway has many).
	NewUpstream func() mcp.Transport
	// Policy is the policy text, as the page's Decision pane takes it.
	Policy string
	// Lock is a lock file's text ('gatehouse pin'); "" for none.
	Lock string
	// Log receives one JSON line per gated call; nil for none.
	Log io.Writer
	// Limits bound every wait and every message; zero fields take [DefaultLimits].
	Limits Limits
	// Stderr receives a started server's stderr and the proxy's notes; nil discards them.
	Stderr io.Writer
	// Now stamps the log; nil is time.Now.
	Now func() time.Time
	// Client names the client in the decision log (an HTTP gateway's token, by its line: never
	// the token itself); "" for the one client of a stdio proxy.
	Client string
	// flows, set by an HTTP gateway, are the flow sessions its proxies share (one per token).
	flows *clientFlows
	// Lang is the language of what the client and the person read (the gate's explanations,
	// the proxy's own words): "en" (the default), "fr" or "de".
	Lang string
}

// A PolicyError is returned by [NewProxy] when the policy or the lock has problems: the proxy
// does not start, since a policy that does not say what its author meant must not decide.
type PolicyError struct {
	Problems core.Problems
}

func (e *PolicyError) Error() string {
	return fmt.Sprintf("the policy or the lock has %d problem(s); the proxy does not start", len(e.Problems))
}

// A Proxy speaks MCP to one client and passes its messages to one server, and back, gating
// every tools/call on the way (see [Proxy.Serve]).
type Proxy struct {
	cfg  ProxyConfig
	lim  Limits
	lang i18n.Lang
	gate *listedGate
	log  *decisionLog

	client, server *endpoint
	up             *link
	ctx            context.Context

	mu            sync.Mutex
	clientElicits bool
	clientMeta    json.RawMessage // the _meta of the client's last 2026-07-28 request, for the proxy's own
	serverName    string
	negotiated    string                            // the protocol version the server answered initialize with
	standalone    sync.Once                         // the server's standalone stream, opened once the session has started
	inflight      map[jsonrpc.ID]*inflight          // client requests the server has yet to answer
	deciding      map[jsonrpc.ID]context.CancelFunc // tools/call requests being gated or asked about

	listMu  sync.Mutex // one listing at a time
	confirm *confirmer

	onConnected func()      // called once the client's transport is connected (an HTTP session's start)
	initialized atomic.Bool // the client has sent initialize: an HTTP session worth keeping
}

// An inflight request was forwarded to the server and waits for its answer.
type inflight struct {
	method string
	call   *gatedCall         // a tools/call the gate let through, whose result is checked
	cancel context.CancelFunc // ends the request's context (an HTTP upstream's response stream)
	timer  *time.Timer
}

// NewProxy checks the policy and the lock and returns a proxy ready to serve, or a
// [*PolicyError] saying where they are wrong.
func NewProxy(cfg ProxyConfig) (*Proxy, error) {
	if cfg.Upstream == nil && cfg.NewUpstream == nil {
		if err := cfg.Server.check(); err != nil {
			return nil, err
		}
	}
	gate, log, lang, err := prepareGate(cfg.Policy, cfg.Lock, cfg.Lang, cfg.flows, cfg.Log, cfg.Now)
	if err != nil {
		return nil, err
	}
	if cfg.Stderr == nil {
		cfg.Stderr = io.Discard
	}
	p := &Proxy{cfg: cfg, lim: cfg.Limits.orDefault(), lang: lang, gate: gate, log: log,
		inflight: map[jsonrpc.ID]*inflight{}, deciding: map[jsonrpc.ID]context.CancelFunc{}}
	p.confirm = &confirmer{lim: p.lim, now: log.now, say: p.say, note: p.note}
	return p, nil
}

// Serve connects to the client over clientTransport and to the server, and passes messages both
// ways until one side ends:
//
//   - tools/list is answered by the proxy from a fresh listing of the server, without the tools
//     the policy does not allow or that no longer match the lock or the policy's pins;
//   - tools/call is gated by core: allow goes to the server; deny never reaches it and the client
//     gets a tool result with isError and the reasons; ask asks the person through the client
//     and goes to the server only on accept — under MCP 2026-07-28 with an input-required result
//     the client answers by retrying the call (SEP-2322), under 2025-11-25 and earlier with an
//     elicitation request — or is denied with needs_confirm when the client can do neither;
//   - notifications/tools/list_changed from the server makes the proxy list again;
//   - everything else (server/discover, initialize, resources, prompts, sampling, roots,
//     subscriptions, progress, cancellation, pings) passes through unchanged, both ways, so the
//     client and the server negotiate the protocol between them: 2026-07-28 where both speak it,
//     else the initialize handshake, down to 2025-06-18.
//
// Serve returns nil when the client closes its side; a [*ServerError] when the server fails, after
// every request it held has been answered with an error; an error when the client sends what is
// not MCP, after telling it.
func (p *Proxy) Serve(ctx context.Context, clientTransport mcp.Transport) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	p.ctx = ctx
	clientConn, err := clientTransport.Connect(ctx)
	if err != nil {
		return fmt.Errorf("connecting to the client: %v", err)
	}
	defer clientConn.Close()
	p.client = newEndpoint("client", clientConn)
	if p.onConnected != nil {
		p.onConnected()
	}

	var up *link
	inProcess := p.cfg.Upstream
	if p.cfg.NewUpstream != nil {
		inProcess = p.cfg.NewUpstream()
	}
	if inProcess != nil {
		conn, err := inProcess.Connect(ctx)
		if err != nil {
			return &ServerError{Server: p.label(), Step: "connect", Err: err}
		}
		up = &link{server: Server{Name: "upstream"}, conn: conn}
	} else {
		up, err = dial(ctx, p.cfg.Server, p.lim, p.cfg.Stderr)
		if err != nil {
			return err
		}
	}
	defer up.close(p.lim)
	p.up = up
	p.server = newEndpoint("server", up.conn)

	serverDone := make(chan error, 1)
	go func() { serverDone <- p.server.run(ctx, p.fromServer) }()
	clientDone := make(chan error, 1)
	go func() { clientDone <- p.client.run(ctx, p.fromClient) }()

	select {
	case err := <-clientDone:
		if errors.Is(err, io.EOF) || ctx.Err() != nil {
			return nil
		}
		// What the client sent is not MCP: say so, on the only channel it reads, then stop.
		p.client.send(ctx, &jsonrpc.Response{Error: &jsonrpc.Error{Code: jsonrpc.CodeParseError,
			Message: p.say("gatehouse: the message is not JSON-RPC or is too large: %v", err)}})
		return fmt.Errorf("the client sent what is not an MCP message: %v", err)
	case err := <-serverDone:
		if ctx.Err() != nil {
			return nil
		}
		if err == nil || errors.Is(err, io.EOF) {
			err = errors.New("the server closed the connection")
		} else {
			err = fmt.Errorf("reading from the server: %w", err)
		}
		serr := up.fail("serving", err)
		p.failAll(serr)
		return serr
	}
}

func (p *Proxy) label() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.serverName != "" {
		return p.serverName
	}
	if p.cfg.Server.Name != "" || len(p.cfg.Server.Command) > 0 || p.cfg.Server.URL != "" {
		return p.cfg.Server.Label()
	}
	return "upstream"
}

// note writes one of the proxy's own lines to stderr (the client's log of the server).
func (p *Proxy) note(format string, args ...any) {
	fmt.Fprintf(p.cfg.Stderr, "gatehouse proxy: "+format+"\n", args...)
}

// fromClient handles one message from the client.
func (p *Proxy) fromClient(msg jsonrpc.Message) {
	ctx := p.ctx
	switch m := msg.(type) {
	case *jsonrpc.Response:
		// The answer to a server's request (sampling, elicitation, roots): the server's own id.
		if err := p.server.send(ctx, m); err != nil {
			p.note("%v", err)
		}
	case *jsonrpc.Request:
		if _, own := ownID(m.ID); own {
			p.client.replyError(ctx, m.ID, jsonrpc.CodeInvalidRequest, p.say("gatehouse: request ids starting with %q are the proxy's own; use another id", ownIDPrefix))
			return
		}
		if m.IsCall() && p.busy(m.ID) {
			p.client.replyError(ctx, m.ID, jsonrpc.CodeInvalidRequest, p.say("gatehouse: this request id is already in use by a request that has not been answered"))
			return
		}
		switch m.Method {
		case "initialize":
			p.initialized.Store(true)
			params, err := readObject(i18n.T("the initialize parameters"), m.Params)
			if err != nil {
				p.client.replyError(ctx, m.ID, jsonrpc.CodeInvalidParams, p.say("gatehouse: %v", err))
				return
			}
			if caps := params.object("capabilities"); caps != nil {
				p.mu.Lock()
				p.clientElicits = caps.has("elicitation")
				p.mu.Unlock()
			}
			p.forward(m)
		case "notifications/initialized":
			// The server's standalone stream opens before anything the client sends next.
			p.standalone.Do(func() {
				p.mu.Lock()
				version := p.negotiated
				p.mu.Unlock()
				p.up.openStandalone(ctx, p.server, version, p.fromServer)
			})
			p.forward(m)
			go p.refreshNoting("after initialization")
		case "tools/list":
			if !m.IsCall() {
				p.note("dropped a tools/list sent as a notification (it has no id to answer)")
				return
			}
			go p.answerToolsList(m)
		case "tools/call":
			if !m.IsCall() {
				// A call nobody can answer is a call nobody can be told was denied: it never runs.
				p.note("dropped a tools/call sent as a notification: without an id it cannot be gated and answered")
				return
			}
			callCtx, cancel := context.WithCancel(ctx)
			p.mu.Lock()
			p.deciding[m.ID] = cancel
			p.mu.Unlock()
			go p.handleCall(callCtx, m)
		case "notifications/cancelled":
			if p.cancelDeciding(m.Params) {
				return // the server never saw the call
			}
			p.forward(m)
		default:
			p.forward(m)
		}
	}
}

// busy reports whether id belongs to a client request not yet answered.
func (p *Proxy) busy(id jsonrpc.ID) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, a := p.inflight[id]
	_, b := p.deciding[id]
	return a || b
}

// cancelDeciding stops the gating (or the asking) of a call the client cancelled.
func (p *Proxy) cancelDeciding(params json.RawMessage) bool {
	c, err := readObject(i18n.T("the cancellation"), params)
	if err != nil {
		return false
	}
	id, ok := readID(c.fields["requestId"])
	if !ok {
		return false
	}
	p.mu.Lock()
	cancel, ok := p.deciding[id]
	delete(p.deciding, id)
	p.mu.Unlock()
	if ok {
		cancel()
	}
	return ok
}

// fromServer handles one message from the server.
func (p *Proxy) fromServer(msg jsonrpc.Message) {
	ctx := p.ctx
	switch m := msg.(type) {
	case *jsonrpc.Response:
		p.mu.Lock()
		f := p.inflight[m.ID]
		delete(p.inflight, m.ID)
		p.mu.Unlock()
		if f == nil {
			p.note("dropped an answer from the server to no pending request (id %v): it came too late or was never asked", m.ID.Raw())
			return
		}
		f.timer.Stop()
		defer f.cancel()
		if (f.method == "initialize" || f.method == "server/discover") && m.Error == nil {
			// The server's name, for the log: in the initialize result, or under 2026-07-28 in
			// the discover result's _meta.
			if res, err := readObject(i18n.T("the answer to initialize"), m.Result); err == nil {
				info := res.object("serverInfo")
				if meta := res.object("_meta"); f.method == "server/discover" && meta != nil {
					info = meta.object("io.modelcontextprotocol/serverInfo")
				}
				p.mu.Lock()
				if info != nil && info.str("name") != "" {
					p.serverName = info.str("name")
				}
				if f.method == "initialize" {
					p.negotiated = res.str("protocolVersion")
				}
				p.mu.Unlock()
			}
		}
		if f.call != nil {
			m = p.afterCall(f.call, m)
		}
		if err := p.client.send(ctx, m); err != nil {
			p.note("%v", err)
		}
	case *jsonrpc.Request:
		if _, own := ownID(m.ID); own {
			p.server.replyError(ctx, m.ID, jsonrpc.CodeInvalidRequest, p.say("gatehouse: request ids starting with %q are the proxy's own; use another id", ownIDPrefix))
			return
		}
		if m.Method == "notifications/tools/list_changed" {
			go p.refreshNoting("after the server's list_changed")
		}
		if err := p.client.send(ctx, m); err != nil {
			p.note("%v", err)
		}
	}
}

// forward sends a client's message to the server. A request is remembered until its answer,
// which the client gets from fromServer; without one in time, the client gets an error and the
// server a cancellation.
func (p *Proxy) forward(m *jsonrpc.Request) { p.forwardCall(m, nil) }

// forwardCall is forward for a gated tools/call (gc) or any other request (nil).
func (p *Proxy) forwardCall(m *jsonrpc.Request, gc *gatedCall) {
	if !m.IsCall() {
		if err := p.server.send(p.ctx, m); err != nil {
			p.note("%v", err)
		}
		return
	}
	reqCtx, cancel := context.WithCancel(p.ctx)
	f := &inflight{method: m.Method, call: gc, cancel: cancel}
	p.mu.Lock()
	p.inflight[m.ID] = f
	if m.Method == "subscriptions/listen" {
		// 2026-07-28's stream of notifications stays open for as long as the client listens.
		f.timer = time.AfterFunc(time.Duration(1<<62), func() {})
	} else {
		f.timer = time.AfterFunc(p.lim.CallTimeout, func() { p.expire(m.ID) })
	}
	p.mu.Unlock()
	if err := p.server.send(reqCtx, m); err != nil {
		p.mu.Lock()
		_, still := p.inflight[m.ID]
		delete(p.inflight, m.ID)
		p.mu.Unlock()
		f.timer.Stop()
		cancel()
		if gc != nil {
			p.logLine(gc.line)
		}
		if still {
			p.client.replyError(p.ctx, m.ID, jsonrpc.CodeInternalError, p.say("gatehouse: the request could not be sent to the server: %v", err))
		}
	}
}

// expire gives up on a forwarded request the server has not answered in time.
func (p *Proxy) expire(id jsonrpc.ID) {
	p.mu.Lock()
	f := p.inflight[id]
	delete(p.inflight, id)
	p.mu.Unlock()
	if f == nil {
		return
	}
	f.cancel()
	if f.call != nil {
		p.logLine(f.call.line)
	}
	p.server.notify(p.ctx, "notifications/cancelled", &mcp.CancelledParams{RequestID: id.Raw(), Reason: "gatehouse: no answer in time"})
	p.client.replyError(p.ctx, id, jsonrpc.CodeInternalError, p.say("gatehouse: the server did not answer %s within %s", f.method, p.lim.CallTimeout))
}

// failAll answers every request the server will now never answer.
func (p *Proxy) failAll(err error) {
	p.mu.Lock()
	held := p.inflight
	p.inflight = map[jsonrpc.ID]*inflight{}
	deciding := p.deciding
	p.deciding = map[jsonrpc.ID]context.CancelFunc{}
	p.mu.Unlock()
	msg := "gatehouse: " + err.Error()
	for id, f := range held {
		f.timer.Stop()
		f.cancel()
		if f.call != nil {
			p.logLine(f.call.line)
		}
		p.client.replyError(context.Background(), id, jsonrpc.CodeInternalError, msg)
	}
	for id, cancel := range deciding {
		cancel()
		p.client.replyError(context.Background(), id, jsonrpc.CodeInternalError, msg)
	}
}

// refresh lists the server's tools and gives the listing to the gate.
// meta is the _meta of the client request that needs the listing, which a 2026-07-28 server
// reads the protocol version and the client's capabilities from; nil for the last one seen.
func (p *Proxy) refresh(ctx context.Context, meta json.RawMessage) ([]listedTool, error) {
	p.listMu.Lock()
	defer p.listMu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, p.lim.StartTimeout)
	defer cancel()
	if meta == nil {
		p.mu.Lock()
		meta = p.clientMeta
		p.mu.Unlock()
	}
	tools, err := listTools(ctx, p.server, meta)
	if err != nil {
		return nil, err
	}
	if rep := repeatedNames(tools); len(rep) > 0 {
		p.note("the server lists %s more than once: calls to them are denied", strings.Join(rep, ", "))
	}
	p.gate.setCatalog(toolsText(tools))
	return tools, nil
}

func (p *Proxy) refreshNoting(when string) {
	if _, err := p.refresh(p.ctx, nil); err != nil && p.ctx.Err() == nil {
		p.note("listing the server's tools %s: %v", when, err)
	}
}

// answerToolsList answers the client's tools/list from a fresh listing, without the tools the
// client may not see, in one page.
func (p *Proxy) answerToolsList(m *jsonrpc.Request) {
	params, err := readObject(i18n.T("the tools/list parameters"), m.Params)
	if err != nil {
		p.client.replyError(p.ctx, m.ID, jsonrpc.CodeInvalidParams, p.say("gatehouse: %v", err))
		return
	}
	if params.has("cursor") {
		p.client.replyError(p.ctx, m.ID, jsonrpc.CodeInvalidParams, p.say("gatehouse: tools/list is answered in one page; this cursor is not one gatehouse gave"))
		return
	}
	if requestProtocol(params) >= modernProtocol {
		p.noteModern(params)
	}
	tools, err := p.refresh(p.ctx, params.raw("_meta"))
	if err != nil {
		p.client.replyError(p.ctx, m.ID, jsonrpc.CodeInternalError, p.say("gatehouse: the server's tools could not be listed, so none are offered: %v", err))
		return
	}
	shown := make([]listedTool, 0, len(tools))
	for _, t := range tools {
		if p.gate.offers(t.Name) {
			shown = append(shown, t)
		}
	}
	result := []byte(toolsText(shown))
	if err := p.client.send(p.ctx, &jsonrpc.Response{ID: m.ID, Result: result}); err != nil {
		p.note("%v", err)
	}
}

// handleCall gates one tools/call and forwards it, denies it, or asks the person first.
func (p *Proxy) handleCall(ctx context.Context, m *jsonrpc.Request) {
	// The server runs the params as sent; a text the strict reader would read otherwise than a
	// lenient one (a repeated or case-twin "name") is refused before the gate sees it.
	params, err := readObject(i18n.T("the tools/call parameters"), m.Params)
	if err != nil {
		if p.claim(m.ID) {
			p.client.replyError(p.ctx, m.ID, jsonrpc.CodeInvalidParams, p.say("gatehouse: the call cannot be read: %v", err))
		}
		return
	}
	if requestProtocol(params) >= modernProtocol {
		p.noteModern(params)
	}
	// A 2026-07-28 retry answering the proxy's own question: the answer settles the ask, and the
	// call is gated and forwarded without the proxy's members.
	answer, m, params, err := p.confirm.retried(m, params)
	if err != nil {
		if p.claim(m.ID) {
			p.client.replyError(p.ctx, m.ID, jsonrpc.CodeInvalidParams, p.say("gatehouse: the call cannot be read: %v", err))
		}
		return
	}
	if !p.gate.hasCatalog() {
		if _, err := p.refresh(ctx, params.raw("_meta")); err != nil {
			if p.claim(m.ID) {
				p.client.replyError(p.ctx, m.ID, jsonrpc.CodeInternalError, p.say("gatehouse: the server's tools could not be listed, so no call can be gated: %v", err))
			}
			return
		}
	}
	text, err := jsonrpc.EncodeMessage(m)
	if err != nil {
		if p.claim(m.ID) {
			p.client.replyError(p.ctx, m.ID, jsonrpc.CodeInvalidRequest, p.say("gatehouse: the call cannot be read: %v", err))
		}
		return
	}
	gc := p.gate.decide(string(text), p.clientKey(), p.log.now())
	d := gc.line.Decision
	gc.line.Server, gc.line.Client, gc.line.RequestID = p.label(), p.cfg.Client, m.ID.Raw()
	line := &gc.line
	switch d.Decision {
	case core.DecisionAllow:
		p.release(m, &gc)
	case core.DecisionAsk:
		p.mu.Lock()
		elicits := p.clientElicits
		p.mu.Unlock()
		c := p.confirm.confirm(ctx, p.client, params, d, answer, elicits)
		if c.inputRequired != nil {
			// The client asks the person and retries; this call ends here, unlogged: the
			// retry is gated and logged with the answer.
			if p.claim(m.ID) {
				if err := p.client.send(p.ctx, &jsonrpc.Response{ID: m.ID, Result: c.inputRequired}); err != nil {
					p.note("%v", err)
				}
			}
			return
		}
		line.Confirmation = c.answer
		if c.answer == "accept" {
			p.release(m, &gc)
			return
		}
		p.deny(m, line, askDenial(p.say, d, c.answer))
	default:
		p.deny(m, line, p.say("gatehouse denied this call.\n%s", reasonText(d)))
	}
}

// claim takes a call out of the deciding set, so that one answer goes to the client: false when
// the client cancelled it or the server failed meanwhile, and the call is already settled.
func (p *Proxy) claim(id jsonrpc.ID) bool {
	p.mu.Lock()
	cancel, ok := p.deciding[id]
	delete(p.deciding, id)
	p.mu.Unlock()
	if ok {
		cancel()
	}
	return ok
}

// release forwards an allowed (or confirmed) call, unless it was settled meanwhile.
// Its log line is written when its result has come (and been checked), or when none will.
func (p *Proxy) release(m *jsonrpc.Request, gc *gatedCall) {
	if !p.claim(m.ID) {
		gc.line.Confirmation = settled(gc.line.Confirmation)
		p.logLine(gc.line)
		return
	}
	gc.line.Forwarded = true
	p.forwardCall(m, gc)
}

// clientKey is the client's flow session: its HTTP token's client, or this stdio connection's.
func (p *Proxy) clientKey() string {
	if p.cfg.Client != "" {
		return p.cfg.Client
	}
	return "stdio"
}

// afterCall checks a forwarded call's result and returns what the client is to get instead, if
// anything; the call's log line gains the check, and the flow session the result.
func (p *Proxy) afterCall(gc *gatedCall, m *jsonrpc.Response) *jsonrpc.Response {
	return afterCall(p.gate, gc, m, p.say, p.logLine)
}

// afterCall is [Proxy.afterCall] for any proxy: say words its messages, logLine writes the line.
func afterCall(g *listedGate, gc *gatedCall, m *jsonrpc.Response, say func(string, ...any) string, logLine func(loggedDecision)) *jsonrpc.Response {
	raw, err := jsonrpc.EncodeMessage(m)
	if err != nil {
		logLine(gc.line)
		return &jsonrpc.Response{ID: m.ID, Error: &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: say("gatehouse: the server's result could not be read: %v", err)}}
	}
	chk := g.checkResult(raw, gc.line.Decision.Tool)
	gc.session.Result(gc.index, gc.line.Decision, raw, chk.Verdict != core.ResultPass)
	redacted := chk.Redacted()
	gc.line.Result = &redacted
	logLine(gc.line)
	if chk.Replacement == "" {
		return m
	}
	msg, err := jsonrpc.DecodeMessage([]byte(chk.Replacement))
	if resp, ok := msg.(*jsonrpc.Response); err == nil && ok {
		resp.ID = m.ID
		return resp
	}
	// The original must not pass on a block: an error in its place.
	return &jsonrpc.Response{ID: m.ID, Error: &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: say("gatehouse: the result was withheld (%s)", chk.Verdict)}}
}

// deny answers the call with a tool result marked isError, the reasons in plain words: the
// model reads it, and the call never reached the server.
func (p *Proxy) deny(m *jsonrpc.Request, line *loggedDecision, text string) {
	if !p.claim(m.ID) {
		line.Confirmation = settled(line.Confirmation)
		p.logLine(*line)
		return
	}
	p.logLine(*line)
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}, IsError: true}
	if err := p.client.reply(p.ctx, m.ID, res); err != nil {
		p.note("%v", err)
	}
}

// settled is the confirmation logged for a call the client withdrew while it was decided:
// "cancelled" where a person was asked, else nothing.
func settled(confirmation string) string {
	if confirmation == "" {
		return ""
	}
	return "cancelled"
}

func (p *Proxy) logLine(line loggedDecision) {
	if err := p.log.write(line); err != nil {
		p.note("writing the decision log: %v", err)
	}
}

// askPerson sends an elicitation request with the message and waits up to timeout for the
// person's action: accept, decline, cancel, or no_answer.
func askPerson(ctx context.Context, client *endpoint, timeout time.Duration, message string, note func(string, ...any), tool string) string {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	params := &mcp.ElicitParams{
		Mode:            "form",
		Message:         message,
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
	}
	raw, err := client.request(ctx, "elicitation/create", params)
	if err != nil {
		if ctx.Err() == nil {
			note("asking the person about %s: %v", tool, err)
		}
		return "no_answer"
	}
	res, err := readObject(i18n.T("the answer to elicitation/create"), raw)
	if err != nil {
		note("asking the person about %s: %v", tool, err)
		return "no_answer"
	}
	switch action := res.str("action"); action {
	case "accept", "decline", "cancel":
		return action
	}
	return "no_answer"
}

// noteModern keeps the _meta of a 2026-07-28 request for the proxy's own requests to the server.
func (p *Proxy) noteModern(params *strictObject) {
	if meta := params.raw("_meta"); meta != nil {
		p.mu.Lock()
		p.clientMeta = meta
		p.mu.Unlock()
	}
}

// confirmText is what the person reads, in say's words: the tool, why the gate asks, and the
// arguments with any credential withheld. Every part of it a peer wrote (the tool's name, the
// arguments) is untrusted text: hidden characters show as visible marks ("[U+202E]"), so that a
// bidi override or a zero-width space cannot make the arguments read otherwise than they run.
func confirmText(say func(string, ...any) string, d core.Decision) string {
	var b strings.Builder
	b.WriteString(say("gatehouse: confirm this call to %s before it runs?", untrusted.Quote(d.Tool)) + "\n")
	if len(d.Explanation) > 0 {
		b.WriteString(untrusted.Visible(d.Explanation[0], maxShownArguments) + "\n")
	}
	if call, ok := d.Redacted().Call.(map[string]any); ok {
		if params, ok := call["params"].(map[string]any); ok {
			if args, err := json.Marshal(params["arguments"]); err == nil {
				b.WriteString(say("Arguments: %s", untrusted.Visible(string(args), maxShownArguments)) + "\n")
			}
		}
	}
	b.WriteString(say("Accept to run it; decline to refuse."))
	return b.String()
}

// maxShownArguments is how many characters of the arguments a person is shown.
const maxShownArguments = 600

// say words one of the proxy's own messages in its language.
func (p *Proxy) say(format string, args ...any) string {
	tr := i18n.Open(p.lang)
	defer tr.Close()
	return tr.Text(i18n.Sprintf(format, args...))
}

// readID reads a JSON-RPC id as the strict reader decoded it: a string or an integer.
func readID(v any) (jsonrpc.ID, bool) {
	switch v := v.(type) {
	case string:
		id, err := jsonrpc.MakeID(v)
		return id, err == nil
	case json.Number:
		n, err := strconv.ParseInt(string(v), 10, 64)
		if err != nil {
			return jsonrpc.ID{}, false
		}
		id, err := jsonrpc.MakeID(float64(n))
		return id, err == nil
	}
	return jsonrpc.ID{}, false
}
