package live

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An httpConn is one client session of the HTTP gateway as the proxy sees it: a connection of
// JSON-RPC messages (the SDK's mcp.Connection), spoken as MCP's Streamable HTTP transport
// (2025-06-18 and 2025-11-25, and 2026-07-28's requests without a session).
//
// The SDK's own server transport relates a notification to the request it belongs to only
// through a context value of its own server, so a proxy that relays messages would have every
// progress notification go out on the standalone stream, where it can arrive after the result
// it announces. This connection relates them itself: a request's POST stream carries its
// answer, its progress notifications (by the progressToken it gave), and, while it is the only
// request under way, what the server sends meanwhile (log messages, sampling and elicitation
// requests). Everything else goes on the standalone stream (the client's GET), held for it in a
// bounded queue until it opens.
type httpConn struct {
	id        string
	stateless bool      // MCP 2026-07-28's requests, which name no session: no Mcp-Session-Id is sent
	lang      i18n.Lang // the gateway's language, of the HTTP errors a person reads
	incoming  chan jsonrpc.Message
	done      chan struct{}
	once      sync.Once

	mu         sync.Mutex
	streams    map[string]*sseStream // the POST streams of requests under way, by request id
	progress   map[string]string     // progressToken → the request id it belongs to
	standalone *sseStream            // the client's GET stream; nil while none is open
	queued     [][]byte              // messages waiting for the GET stream
}

// maxQueued bounds the messages held for a standalone stream the client has not opened.
const maxQueued = 1024

// An sseStream is one open response of server-sent events.
type sseStream struct {
	events chan []byte
	closed chan struct{} // closed when the HTTP response ends
	once   sync.Once
}

func newHTTPConn(id string) *httpConn {
	return &httpConn{id: id, incoming: make(chan jsonrpc.Message, 16), done: make(chan struct{}),
		streams: map[string]*sseStream{}, progress: map[string]string{}}
}

// Connect makes the connection an mcp.Transport, for [Proxy.Serve].
func (c *httpConn) Connect(context.Context) (mcp.Connection, error) { return c, nil }

func (c *httpConn) SessionID() string { return c.id }

func (c *httpConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case m := <-c.incoming:
		return m, nil
	case <-c.done:
		return nil, io.EOF
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *httpConn) Close() error {
	c.once.Do(func() { close(c.done) })
	return nil
}

// Write sends a message to the client on the stream it belongs to.
func (c *httpConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	c.mu.Lock()
	var s *sseStream
	last := false
	switch m := msg.(type) {
	case *jsonrpc.Response:
		key := idKey(m.ID)
		s, last = c.streams[key], true
		delete(c.streams, key)
		for token, owner := range c.progress {
			if owner == key {
				delete(c.progress, token)
			}
		}
		if s == nil {
			c.mu.Unlock()
			return nil // the client gave up on it: nobody to tell
		}
	case *jsonrpc.Request:
		if m.Method == "notifications/progress" {
			if p, err := readObject(i18n.T("the progress notification"), m.Params); err == nil {
				if token := p.raw("progressToken"); token != nil {
					s = c.streams[c.progress[string(token)]]
				}
			}
		} else if bytes.Contains(m.Params, []byte(metaSubscriptionID)) {
			// Under 2026-07-28 a notification of a subscriptions/listen stream names it; only
			// such a notification is read here.
			if p, err := readObject(i18n.T("the notification"), m.Params); err == nil {
				if meta := p.object("_meta"); meta != nil {
					if id, ok := readID(meta.fields[metaSubscriptionID]); ok {
						s = c.streams[idKey(id)]
					}
				}
			}
		}
		if s == nil && len(c.streams) == 1 {
			for _, only := range c.streams {
				s = only
			}
		}
		if s == nil {
			s = c.standalone
		}
		if s == nil {
			if len(c.queued) >= maxQueued {
				c.queued = c.queued[1:]
			}
			c.queued = append(c.queued, data)
			c.mu.Unlock()
			return nil
		}
	}
	c.mu.Unlock()
	select {
	case s.events <- data:
	case <-s.closed:
	case <-c.done:
		return io.EOF
	case <-ctx.Done():
		return ctx.Err()
	}
	if last {
		s.end()
	}
	return nil
}

// deliver hands a message from the client to the proxy.
func (c *httpConn) deliver(ctx context.Context, m jsonrpc.Message) error {
	select {
	case c.incoming <- m:
		return nil
	case <-c.done:
		return i18n.Errorf("the session has ended")
	case <-ctx.Done():
		return ctx.Err()
	}
}

// servePOST takes one message the client posted (body: read and bounded by the gateway): a
// request gets a stream of events that ends with its answer; anything else is accepted.
func (c *httpConn) servePOST(w http.ResponseWriter, req *http.Request, body []byte) {
	msg, err := jsonrpc.DecodeMessage(body)
	if err != nil {
		refuse(w, req, c.lang, http.StatusBadRequest, "Bad Request: the body is not one JSON-RPC message: %v", err)
		return
	}
	if !c.stateless {
		w.Header().Set(sessionHeader, c.id)
	}
	r, isRequest := msg.(*jsonrpc.Request)
	if !isRequest || !r.IsCall() {
		if err := c.deliver(req.Context(), msg); err != nil {
			refuse(w, req, c.lang, http.StatusNotFound, "Not Found: %v", err)
			return
		}
		w.WriteHeader(http.StatusAccepted)
		return
	}
	s := &sseStream{events: make(chan []byte, 64), closed: make(chan struct{})}
	defer close(s.closed)
	key := idKey(r.ID)
	c.mu.Lock()
	if _, busy := c.streams[key]; busy {
		c.mu.Unlock()
		refuse(w, req, c.lang, http.StatusBadRequest, "Bad Request: a request with this id is under way")
		return
	}
	c.streams[key] = s
	if p, err := readObject(i18n.T("the request's parameters"), r.Params); err == nil {
		if meta := p.object("_meta"); meta != nil {
			if token := meta.raw("progressToken"); token != nil {
				c.progress[string(token)] = key
			}
		}
	}
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		if c.streams[key] == s {
			delete(c.streams, key)
		}
		c.mu.Unlock()
	}()
	if err := c.deliver(req.Context(), msg); err != nil {
		refuse(w, req, c.lang, http.StatusNotFound, "Not Found: %v", err)
		return
	}
	c.stream(w, req, s)
}

// serveGET opens the standalone stream: what the server sends unrelated to a request.
func (c *httpConn) serveGET(w http.ResponseWriter, req *http.Request) {
	s := &sseStream{events: make(chan []byte, 64), closed: make(chan struct{})}
	defer close(s.closed)
	c.mu.Lock()
	if c.standalone != nil {
		c.mu.Unlock()
		refuse(w, req, c.lang, http.StatusConflict, "Conflict: the standalone stream is already open")
		return
	}
	c.standalone = s
	queued := c.queued
	c.queued = nil
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		if c.standalone == s {
			c.standalone = nil
		}
		c.mu.Unlock()
	}()
	go func() {
		for _, data := range queued {
			select {
			case s.events <- data:
			case <-s.closed:
				return
			}
		}
	}()
	w.Header().Set(sessionHeader, c.id)
	c.stream(w, req, s)
}

// endStandalone ends the client's standalone stream, if one is open: a gateway that shuts down
// waits for requests under way, not for a stream that would stay open for ever.
func (c *httpConn) endStandalone() {
	c.mu.Lock()
	s := c.standalone
	c.standalone = nil
	c.mu.Unlock()
	if s != nil {
		s.end()
	}
}

// end closes the stream's events, once.
func (s *sseStream) end() {
	s.once.Do(func() { close(s.events) })
}

// stream writes a stream's events until it ends (its last event sent), the client goes, or the
// session ends.
func (c *httpConn) stream(w http.ResponseWriter, req *http.Request, s *sseStream) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache, no-transform")
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	if flusher != nil {
		flusher.Flush()
	}
	for {
		select {
		case data, open := <-s.events:
			if !open {
				return
			}
			if _, err := fmt.Fprintf(w, "event: message\ndata: %s\n\n", data); err != nil {
				return
			}
			if flusher != nil {
				flusher.Flush()
			}
		case <-req.Context().Done():
			return
		case <-c.done:
			return
		}
	}
}
