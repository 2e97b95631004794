package live

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Serving MCP over Streamable HTTP to clients (proxy --listen): a team puts one gateway in front
// of shared servers, and each agent reaches it with a token of its own.
//
//   - Every request needs "Authorization: Bearer TOKEN" with one of the tokens of the token file;
//     a missing or wrong token gets 401. Tokens are compared in constant time and never written
//     anywhere: a client is named in messages and the decision log by its line in the file
//     ("client-1"), never by its token.
//   - A request with an Origin header (a browser's) gets 403 unless the Origin is this machine
//     (localhost, 127.0.0.1, [::1]), and so does, on a loopback address, a request whose Host is
//     not this machine: a web page the person visits must not reach the gateway by DNS
//     rebinding, as the MCP specification asks.
//   - Each MCP session (Mcp-Session-Id) is its own proxy with its own server connection: a stdio
//     server is started per session, so no session's state (its calls, what its server read)
//     reaches another. A session belongs to the token that opened it; another token cannot use
//     it.
//   - A client speaking MCP 2026-07-28 sends each request on its own, without a session: the
//     gateway keeps one session per token for such requests (its own server connection, its
//     asks, its flow session), so that what one client's stateless requests set up reaches no
//     other client. Whether a request is one is read from its Mcp-Protocol-Version header, its
//     _meta, or its method (server/discover).
//   - A JSON-RPC batch is refused (MCP 2025-06-18 and later have none), and a body larger than
//     the message limit gets 413, before anything is read into memory beyond the limit.

// A ClientToken is one line of the token file: a client (an agent) and its secret.
type ClientToken struct {
	Client string // "client-N", N the token's line in the file; what logs and messages name
	token  string
}

// LoadTokens reads the token file: one token per line; blank lines and lines starting with #
// are skipped. A file that does not exist is created with one new random token, mode 0600, and
// created is true. A token file anyone else can read is refused.
func LoadTokens(path string) (tokens []ClientToken, created bool, err error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		token := rand.Text() + rand.Text()
		w, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return nil, false, err
		}
		if _, err := fmt.Fprintf(w, "# gatehouse proxy --listen: one token per line, each a client\n%s\n", token); err != nil {
			w.Close()
			return nil, false, err
		}
		if err := w.Close(); err != nil {
			return nil, false, err
		}
		return []ClientToken{{Client: "client-2", token: token}}, true, nil
	}
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().Perm()&0o077 != 0 {
		return nil, false, i18n.Errorf("%s can be read by others (mode %04o): make it private (chmod 600)", path, st.Mode().Perm())
	}
	sc := bufio.NewScanner(f)
	seen := map[string]bool{}
	for line := 1; sc.Scan(); line++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if len(t) < 16 || strings.ContainsAny(t, " \t") {
			return nil, false, i18n.Errorf("%s:%d: a token is one word of at least 16 characters", path, line)
		}
		if seen[t] {
			return nil, false, i18n.Errorf("%s:%d: this token is already on an earlier line", path, line)
		}
		seen[t] = true
		tokens = append(tokens, ClientToken{Client: "client-" + strconv.Itoa(line), token: t})
	}
	if err := sc.Err(); err != nil {
		return nil, false, err
	}
	if len(tokens) == 0 {
		return nil, false, i18n.Errorf("%s holds no token", path)
	}
	return tokens, false, nil
}

// An HTTPGateway serves MCP over Streamable HTTP, one proxy per client session (see above).
type HTTPGateway struct {
	newProxy func(client string) (clientServer, error)
	lim      Limits
	lang     i18n.Lang // of the HTTP errors a person reads, where the request names none of ours
	tokens   []ClientToken

	ctx    context.Context
	cancel context.CancelFunc

	mu        sync.Mutex
	sessions  map[string]*httpSession
	stateless map[string]*httpSession // each client's session for its 2026-07-28 requests, by client
	closed    bool
	wg        sync.WaitGroup

	statelessMu sync.Mutex // one stateless session opened at a time
}

// A clientServer serves one client session: a [Proxy] or a [MultiProxy].
type clientServer interface {
	Serve(ctx context.Context, t mcp.Transport) error
	connected(func())    // calls the function once the client's transport is connected
	sawInitialize() bool // the client has sent initialize
	note(string, ...any) // writes one of the proxy's lines to stderr
}

func (p *Proxy) connected(f func())       { p.onConnected = f }
func (p *Proxy) sawInitialize() bool      { return p.initialized.Load() }
func (p *MultiProxy) connected(f func())  { p.onConnected = f }
func (p *MultiProxy) sawInitialize() bool { return p.initialized.Load() }

// An httpSession is one client's MCP session: its transport and its proxy.
type httpSession struct {
	used      atomic.Int64 // when the client last sent a request, in Unix nanoseconds
	client    string
	stateless bool // the session of the client's 2026-07-28 requests, which no Mcp-Session-Id names
	proxy     clientServer
	conn      *httpConn
	cancel    context.CancelFunc
}

// A GatewayConfig is what an HTTP gateway serves each client session with: a [ProxyConfig]
// (one server, a [Proxy] per session) or a [MultiProxyConfig] (several, a [MultiProxy] per
// session).
type GatewayConfig interface {
	// session makes the proxy of one client's session, sharing the gateway's flow sessions.
	session(client string, flows *clientFlows) (clientServer, error)
	// gate is what the gateway's flow sessions are made with.
	gate() (policy, lock, lang string, lim Limits)
}

func (c ProxyConfig) session(client string, flows *clientFlows) (clientServer, error) {
	c.Client, c.flows = client, flows
	return NewProxy(c)
}

func (c ProxyConfig) gate() (string, string, string, Limits) {
	return c.Policy, c.Lock, c.Lang, c.Limits
}

func (c MultiProxyConfig) session(client string, flows *clientFlows) (clientServer, error) {
	c.Client, c.flows = client, flows
	return NewMultiProxy(c)
}

func (c MultiProxyConfig) gate() (string, string, string, Limits) {
	return c.Policy, c.Lock, c.Lang, c.Limits
}

// NewHTTPGateway checks the configuration, the policy and the lock once (as [NewProxy] and
// [NewMultiProxy] do) and returns a handler that serves clients holding one of the tokens, each
// client session with a proxy of its own made from cfg.
func NewHTTPGateway(cfg GatewayConfig, tokens []ClientToken) (*HTTPGateway, error) {
	if len(tokens) == 0 {
		return nil, i18n.Errorf("no token: every client of an HTTP gateway needs one")
	}
	if _, err := cfg.session("", nil); err != nil {
		return nil, err
	}
	// One token is one flow session, whichever MCP session it uses: the proxies share them.
	policy, lock, lang, lim := cfg.gate()
	gate, _ := newListedGate(policy, lock, lang, nil)
	l, _ := i18n.ParseLang(lang) // the proxy's configuration has been checked above
	return newHTTPGateway(lim, l, tokens, func(client string) (clientServer, error) {
		return cfg.session(client, gate.flows)
	}), nil
}

func newHTTPGateway(lim Limits, lang i18n.Lang, tokens []ClientToken, newProxy func(string) (clientServer, error)) *HTTPGateway {
	ctx, cancel := context.WithCancel(context.Background())
	g := &HTTPGateway{newProxy: newProxy, lim: lim.orDefault(), lang: lang, tokens: tokens, ctx: ctx, cancel: cancel,
		sessions: map[string]*httpSession{}, stateless: map[string]*httpSession{}}
	go g.reap(SessionIdle)
	return g
}

// SessionIdle is how long a client session may go without a request before the gateway ends
// it (and stops its server): a client that vanished without ending its session holds nothing
// for long.
const SessionIdle = 30 * time.Minute

// reap ends, once a minute, the sessions idle for longer than idle, until the gateway closes.
func (g *HTTPGateway) reap(idle time.Duration) {
	tick := time.NewTicker(min(idle, time.Minute))
	defer tick.Stop()
	for {
		select {
		case <-g.ctx.Done():
			return
		case now := <-tick.C:
			g.mu.Lock()
			var idleOnes []*httpSession
			for _, s := range g.sessions {
				if now.Sub(time.Unix(0, s.used.Load())) > idle {
					idleOnes = append(idleOnes, s)
				}
			}
			g.mu.Unlock()
			for _, s := range idleOnes {
				g.end(s)
			}
		}
	}
}

// client returns the client whose token the request bears.
func (g *HTTPGateway) client(req *http.Request) (string, bool) {
	auth := req.Header.Get("Authorization")
	bearer, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok {
		return "", false
	}
	found := ""
	for _, t := range g.tokens {
		// Every token is compared, so the time taken says nothing of which one nearly matched.
		if subtle.ConstantTimeCompare([]byte(bearer), []byte(t.token)) == 1 {
			found = t.Client
		}
	}
	return found, found != ""
}

// localOrigin reports whether an Origin header names this machine.
func localOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	host := u.Hostname()
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// loopbackHost reports whether a Host header (name or name:port) names this machine.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

const sessionHeader = "Mcp-Session-Id"

func (g *HTTPGateway) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	// Listening on loopback, a request must name this machine in its Host too: a page that
	// rebinds its own name to 127.0.0.1 sends its own name.
	if local, ok := req.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && IsLoopback(local.String()) && !loopbackHost(req.Host) {
		refuse(w, req, g.lang, http.StatusForbidden, "Forbidden: the Host header does not name this machine")
		return
	}
	if origin := req.Header.Get("Origin"); origin != "" && !localOrigin(origin) {
		refuse(w, req, g.lang, http.StatusForbidden, "Forbidden: this gateway does not answer web pages of other origins")
		return
	}
	client, ok := g.client(req)
	if !ok {
		w.Header().Set("WWW-Authenticate", `Bearer realm="gatehouse"`)
		refuse(w, req, g.lang, http.StatusUnauthorized, "Unauthorized: a bearer token from the gateway's token file is required")
		return
	}
	id := req.Header.Get(sessionHeader)
	var body []byte
	switch req.Method {
	case http.MethodPost:
		if body, ok = g.readBody(w, req); !ok {
			return
		}
		if id == "" && isStateless(req, body) {
			s, err := g.statelessSession(client)
			if err != nil {
				refuse(w, req, g.lang, http.StatusServiceUnavailable, "Service Unavailable: %v", err)
				return
			}
			s.used.Store(time.Now().UnixNano())
			s.conn.servePOST(w, req, body)
			return
		}
	case http.MethodGet, http.MethodDelete:
		if id == "" {
			refuse(w, req, g.lang, http.StatusBadRequest, "Bad Request: %s is required", sessionHeader)
			return
		}
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		refuse(w, req, g.lang, http.StatusMethodNotAllowed, "Method Not Allowed: this gateway answers GET, POST and DELETE")
		return
	}
	var s *httpSession
	if id == "" {
		var err error
		if s, err = g.open(client, false); err != nil {
			refuse(w, req, g.lang, http.StatusServiceUnavailable, "Service Unavailable: %v", err)
			return
		}
		// A session starts with initialize. A first request that is not one (a ping) leaves
		// nothing to keep.
		defer func() {
			if !s.proxy.sawInitialize() {
				g.end(s)
			}
		}()
	} else {
		g.mu.Lock()
		s = g.sessions[id]
		g.mu.Unlock()
		// A session another token opened is as unknown to this one as a session that never was;
		// so is a stateless session, which no client is ever given the id of.
		if s == nil || s.client != client || s.stateless {
			refuse(w, req, g.lang, http.StatusNotFound, "Not Found: no such session")
			return
		}
	}
	s.used.Store(time.Now().UnixNano())
	if req.Method == http.MethodDelete {
		g.end(s)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if req.Method == http.MethodGet {
		s.conn.serveGET(w, req)
		return
	}
	s.conn.servePOST(w, req, body)
}

// isStateless reports whether a posted message is one of MCP 2026-07-28's: its
// Mcp-Protocol-Version header, its _meta, or its method (server/discover, which a client sends
// before it knows the version) says so.
func isStateless(req *http.Request, body []byte) bool {
	m, err := readObject(i18n.T("the message"), body)
	if err != nil || m.str("method") == "initialize" {
		return false // initialize starts a session, whatever header it comes with
	}
	if v := req.Header.Get("Mcp-Protocol-Version"); v != "" {
		return v >= modernProtocol
	}
	if m.str("method") == "server/discover" {
		return true
	}
	params := m.object("params")
	return params != nil && requestProtocol(params) >= modernProtocol
}

// statelessSession is the client's session for its 2026-07-28 requests, opened on the first.
func (g *HTTPGateway) statelessSession(client string) (*httpSession, error) {
	g.statelessMu.Lock()
	defer g.statelessMu.Unlock()
	g.mu.Lock()
	s := g.stateless[client]
	g.mu.Unlock()
	if s != nil {
		return s, nil
	}
	s, err := g.open(client, true)
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	g.stateless[client] = s
	g.mu.Unlock()
	return s, nil
}

// readBody reads a POST's body within the message limit and refuses a batch. It reports false
// when it answered the request itself.
func (g *HTTPGateway) readBody(w http.ResponseWriter, req *http.Request) ([]byte, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, req.Body, int64(g.lim.MaxMessageBytes)))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			refuse(w, req, g.lang, http.StatusRequestEntityTooLarge, "Request Entity Too Large: a message is at most %d bytes", mbe.Limit)
			return nil, false
		}
		refuse(w, req, g.lang, http.StatusBadRequest, "Bad Request: the body could not be read")
		return nil, false
	}
	if trimmed := bytes.TrimLeft(body, " \t\r\n"); len(trimmed) > 0 && trimmed[0] == '[' {
		refuse(w, req, g.lang, http.StatusBadRequest, "Bad Request: JSON-RPC batches are not accepted (MCP 2025-06-18 and later have none); send one message per request")
		return nil, false
	}
	return body, true
}

// open starts a session for a client: a transport of its own, and a proxy with its own server
// connection behind it. A stateless session's transport names no session to the client.
func (g *HTTPGateway) open(client string, stateless bool) (*httpSession, error) {
	p, err := g.newProxy(client)
	if err != nil {
		return nil, err
	}
	t := newHTTPConn(rand.Text())
	t.stateless, t.lang = stateless, g.lang
	ctx, cancel := context.WithCancel(g.ctx)
	s := &httpSession{client: client, proxy: p, conn: t, cancel: cancel, stateless: stateless}
	s.used.Store(time.Now().UnixNano())
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		cancel()
		return nil, i18n.Errorf("the gateway is shutting down")
	}
	g.sessions[t.id] = s
	g.wg.Add(1)
	g.mu.Unlock()
	ready := make(chan struct{})
	p.connected(func() { close(ready) })
	go func() {
		defer g.wg.Done()
		if err := p.Serve(ctx, t); err != nil && ctx.Err() == nil {
			p.note("session of %s: %v", client, err)
		}
		g.forget(s)
	}()
	select {
	case <-ready:
		return s, nil
	case <-time.After(g.lim.StartTimeout):
		g.end(s)
		return nil, i18n.Errorf("the session could not start in time")
	}
}

// end closes a session: its proxy stops, and so does its server.
func (g *HTTPGateway) end(s *httpSession) {
	g.forget(s)
	s.cancel()
}

// forget takes a session out of the gateway's tables.
func (g *HTTPGateway) forget(s *httpSession) {
	g.mu.Lock()
	delete(g.sessions, s.conn.id)
	if g.stateless[s.client] == s {
		delete(g.stateless, s.client)
	}
	g.mu.Unlock()
}

// EndStreams ends every session's standalone stream (the clients' GETs), so that a graceful
// shutdown waits only for the requests under way; give it to http.Server.RegisterOnShutdown.
func (g *HTTPGateway) EndStreams() {
	g.mu.Lock()
	sessions := make([]*httpSession, 0, len(g.sessions))
	for _, s := range g.sessions {
		sessions = append(sessions, s)
	}
	g.mu.Unlock()
	for _, s := range sessions {
		s.conn.endStandalone()
	}
}

// Sessions is how many client sessions are open.
func (g *HTTPGateway) Sessions() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.sessions)
}

// Close ends every session and waits, up to ctx, for their servers to stop.
func (g *HTTPGateway) Close(ctx context.Context) error {
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
	g.cancel()
	done := make(chan struct{})
	go func() { g.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// IsLoopback reports whether a listen address stays on this machine.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
