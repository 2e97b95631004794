package live

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ownIDPrefix starts the id of every request gatehouse itself sends (a listing, an elicitation),
// so that their answers are told apart from the answers it passes on. A peer's request whose id
// starts with it is refused: its answer could not be routed. Its random part keeps two
// gatehouses in a chain apart: 'gatehouse catalog' reading a configuration that 'gatehouse
// install' rewrote talks to a 'gatehouse proxy', and neither takes the other's ids for its own.
var ownIDPrefix = "gatehouse/" + rand.Text()[:8] + "/"

// An endpoint is one side of an MCP connection, as a stream of JSON-RPC messages: gatehouse
// sends its own requests on it and waits for their answers, and every other message read is
// handed on.
type endpoint struct {
	side string // "client" or "server", for messages
	conn mcp.Connection

	seq     atomic.Uint64
	mu      sync.Mutex
	waiting map[string]chan *jsonrpc.Response // requests that wait for their answer, by id's JSON
	closed  chan struct{}                     // closed when the read loop ends
	readErr error                             // why it ended, once closed is
}

func newEndpoint(side string, conn mcp.Connection) *endpoint {
	return &endpoint{side: side, conn: conn, waiting: map[string]chan *jsonrpc.Response{}, closed: make(chan struct{})}
}

// run reads messages until the connection ends, handing every one that does not answer one of
// gatehouse's own requests to handle, in the order read. handle must not wait on this endpoint.
// The error says why reading stopped (io.EOF when the peer closed the stream).
func (e *endpoint) run(ctx context.Context, handle func(jsonrpc.Message)) error {
	defer close(e.closed)
	for {
		msg, err := e.conn.Read(ctx)
		if err != nil {
			e.readErr = err
			return err
		}
		e.accept(msg, handle)
	}
}

// accept takes one message read from the peer: an answer to one of gatehouse's own requests
// goes to its waiter, anything else to handle.
func (e *endpoint) accept(msg jsonrpc.Message, handle func(jsonrpc.Message)) {
	if resp, ok := msg.(*jsonrpc.Response); ok && e.deliver(resp) {
		return
	}
	handle(msg)
}

// deliver hands an answer to the request of gatehouse's that waits for it.
func (e *endpoint) deliver(resp *jsonrpc.Response) bool {
	key := idKey(resp.ID)
	e.mu.Lock()
	ch, found := e.waiting[key]
	delete(e.waiting, key)
	e.mu.Unlock()
	if found {
		ch <- resp
		return true
	}
	// An answer to an own request nobody waits for any more (it timed out) is dropped: it
	// belongs to no peer request either.
	_, own := ownID(resp.ID)
	return own
}

// idKey is an id as its JSON, which tells the number 1 from the string "1".
func idKey(id jsonrpc.ID) string {
	b, _ := json.Marshal(id.Raw())
	return string(b)
}

// ownID reports whether id is one gatehouse gave, and its text.
func ownID(id jsonrpc.ID) (string, bool) {
	s, ok := id.Raw().(string)
	return s, ok && strings.HasPrefix(s, ownIDPrefix)
}

// send writes one message.
func (e *endpoint) send(ctx context.Context, msg jsonrpc.Message) error {
	if err := e.conn.Write(ctx, msg); err != nil {
		return fmt.Errorf("writing to the %s: %w", e.side, err)
	}
	return nil
}

// request sends a request of gatehouse's own and waits for its answer until ctx is done. An
// answer that is a JSON-RPC error is returned as a *jsonrpc.Error.
func (e *endpoint) request(ctx context.Context, method string, params any) (json.RawMessage, error) {
	raw, err := json.Marshal(params)
	if err != nil {
		return nil, fmt.Errorf("%s: encoding the parameters: %v", method, err)
	}
	idText := ownIDPrefix + strconv.FormatUint(e.seq.Add(1), 10)
	id, err := jsonrpc.MakeID(idText)
	if err != nil {
		return nil, err
	}
	return e.requestAs(ctx, id, method, raw)
}

// requestAs sends a request under the given id (a client's, passed on) and waits for its
// answer until ctx is done, as [endpoint.request] does.
func (e *endpoint) requestAs(ctx context.Context, id jsonrpc.ID, method string, raw json.RawMessage) (json.RawMessage, error) {
	key := idKey(id)
	ch := make(chan *jsonrpc.Response, 1)
	e.mu.Lock()
	e.waiting[key] = ch
	e.mu.Unlock()
	defer func() {
		e.mu.Lock()
		delete(e.waiting, key)
		e.mu.Unlock()
	}()
	if err := e.send(ctx, &jsonrpc.Request{ID: id, Method: method, Params: raw}); err != nil {
		return nil, err
	}
	select {
	case resp := <-ch:
		if resp.Error != nil {
			var werr *jsonrpc.Error
			if errors.As(resp.Error, &werr) {
				return nil, werr
			}
			return nil, resp.Error
		}
		return resp.Result, nil
	case <-e.closed:
		return nil, readFailure(method, e.side, e.readErr)
	case <-ctx.Done():
		// Tell the peer to stop working on it (a person's dialog to close), as MCP asks of a
		// requester that gives up; best effort, and bounded.
		nctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		defer cancel()
		e.notify(nctx, "notifications/cancelled", &mcp.CancelledParams{RequestID: id.Raw(), Reason: "gatehouse: " + context.Cause(ctx).Error()})
		return nil, fmt.Errorf("%s: no answer from the %s: %w", method, e.side, context.Cause(ctx))
	}
}

// notify sends a notification of gatehouse's own.
func (e *endpoint) notify(ctx context.Context, method string, params any) error {
	raw, err := json.Marshal(params)
	if err != nil {
		return err
	}
	return e.send(ctx, &jsonrpc.Request{Method: method, Params: raw})
}

// reply answers a peer's request with a result.
func (e *endpoint) reply(ctx context.Context, id jsonrpc.ID, result any) error {
	raw, err := json.Marshal(result)
	if err != nil {
		return err
	}
	return e.send(ctx, &jsonrpc.Response{ID: id, Result: raw})
}

// replyError answers a peer's request with a JSON-RPC error.
func (e *endpoint) replyError(ctx context.Context, id jsonrpc.ID, code int64, message string) error {
	return e.send(ctx, &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: code, Message: message}})
}
