package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// A streamConn is a connection of JSON-RPC messages one after another on a stream: to a server
// started as a command (its stdin, and its stdout after the stdout filter), and to a client on
// stdio (its checked lines). It stands in for the SDK's stdio connection, whose reader hands
// every message from a goroutine of its own to the reader over a channel, and decodes each one
// two or three times (as a batch first, then as one message, then its method) with a decoder
// that allocates 32 KB each time: on the proxy's path that is a wake-up and 64–96 KB of garbage
// for every message. Here the message is read by the goroutine that asks for it, with one
// decoder for the connection's life, and decoded once.
//
// A read blocked on a server's stdout ends when the connection is closed (which closes the
// stdout pipe), as every user of a server's link does when it is done; a read blocked on the
// client's stdin ends with the client's stream, as the SDK's own reader does. ctx is looked at
// before each read.
type streamConn struct {
	peer string // "the server" or "the client", for messages
	r    io.ReadCloser
	w    io.WriteCloser
	dec  *json.Decoder
	lim  *frameLimit

	readMu sync.Mutex
	queue  []jsonrpc.Message // the rest of a batch

	writeMu sync.Mutex
	once    sync.Once
	closed  chan struct{}
}

func newStreamConn(peer string, r io.ReadCloser, w io.WriteCloser, limit int) *streamConn {
	lim := &frameLimit{r: r, limit: limit}
	return &streamConn{peer: peer, r: r, w: w, dec: json.NewDecoder(lim), lim: lim, closed: make(chan struct{})}
}

func (c *streamConn) SessionID() string { return "" }

func (c *streamConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	c.readMu.Lock()
	defer c.readMu.Unlock()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(c.queue) > 0 {
		m := c.queue[0]
		c.queue = c.queue[1:]
		return m, nil
	}
	select {
	case <-c.closed:
		return nil, io.EOF
	default:
	}
	var raw json.RawMessage
	c.lim.count = 0
	if err := c.dec.Decode(&raw); err != nil {
		select {
		case <-c.closed:
			return nil, io.EOF
		default:
		}
		if errors.Is(err, errFrameLimit) {
			return nil, i18n.Errorf("a message from %s is larger than %d bytes", c.peer, c.lim.limit)
		}
		return nil, err
	}
	if trimmed := bytes.TrimLeft(raw, " \t\r\n"); len(trimmed) > 0 && trimmed[0] == '[' {
		var batch []json.RawMessage
		if err := json.Unmarshal(raw, &batch); err != nil {
			return nil, err
		}
		if len(batch) == 0 {
			return nil, i18n.Errorf("%s sent an empty batch", c.peer)
		}
		for _, one := range batch {
			m, err := decodeMessage(one)
			if err != nil {
				return nil, err
			}
			c.queue = append(c.queue, m)
		}
		m := c.queue[0]
		c.queue = c.queue[1:]
		return m, nil
	}
	return decodeMessage(raw)
}

// decodeMessage reads one JSON-RPC message as the SDK's jsonrpc.DecodeMessage does (the
// version tag "2.0"; a method makes it a request, else it is a response, which needs an id;
// member names in their exact case), without the SDK's decoder, which allocates 32 KB for each
// value it decodes (twice for a request).
func decodeMessage(raw json.RawMessage) (jsonrpc.Message, error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(raw, &members); err != nil {
		return nil, i18n.Errorf("the message is not a JSON-RPC message: %v", err)
	}
	var version string
	if err := json.Unmarshal(members["jsonrpc"], &version); err != nil || version != "2.0" {
		return nil, i18n.Errorf("the message is not JSON-RPC 2.0 (its jsonrpc member is %s)", shownMember(members["jsonrpc"]))
	}
	var idValue any
	if rawID, ok := members["id"]; ok {
		if err := json.Unmarshal(rawID, &idValue); err != nil {
			return nil, err
		}
	}
	id, err := jsonrpc.MakeID(idValue)
	if err != nil {
		return nil, err
	}
	if rawMethod, ok := members["method"]; ok {
		var method string
		if err := json.Unmarshal(rawMethod, &method); err != nil {
			return nil, i18n.Errorf("the message's method is not a string: %v", err)
		}
		return &jsonrpc.Request{ID: id, Method: method, Params: members["params"]}, nil
	}
	if !id.IsValid() {
		return nil, i18n.Errorf("the message is neither a request (it has no method) nor an answer (it has no id)")
	}
	resp := &jsonrpc.Response{ID: id, Result: members["result"]}
	if rawError, ok := members["error"]; ok && string(rawError) != "null" {
		var e jsonrpc.Error
		if err := json.Unmarshal(rawError, &e); err != nil {
			return nil, i18n.Errorf("the message's error is not a JSON-RPC error: %v", err)
		}
		resp.Error = &e
	}
	return resp, nil
}

// shownMember is a member's JSON as a message shows it: "missing" when there is none.
func shownMember(raw json.RawMessage) string {
	if raw == nil {
		return i18n.T("missing")
	}
	return string(raw)
}

func (c *streamConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	select {
	case <-c.closed:
		return io.EOF
	default:
	}
	_, err = c.w.Write(append(data, '\n'))
	return err
}

func (c *streamConn) Close() error {
	var err error
	c.once.Do(func() {
		close(c.closed)
		err = errors.Join(c.w.Close(), c.r.Close())
	})
	return err
}

// errFrameLimit ends the reading of a message longer than the limit.
var errFrameLimit = errors.New("message too large")

// A frameLimit bounds the bytes the decoder may read for one message.
type frameLimit struct {
	r     io.Reader
	limit int
	count int
}

func (l *frameLimit) Read(p []byte) (int, error) {
	if l.limit > 0 {
		if l.count >= l.limit {
			return 0, errFrameLimit
		}
		if len(p) > l.limit-l.count {
			p = p[:l.limit-l.count]
		}
	}
	n, err := l.r.Read(p)
	l.count += n
	return n, err
}
