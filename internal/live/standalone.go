package live

import (
	"bufio"
	"bytes"
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// A server of the initialize protocol over Streamable HTTP sends what belongs to no request of
// the client's (a tools/list_changed notification, a request of its own made outside a call) on
// the standalone stream, which the client opens with a GET once the session has started. The
// SDK's client connection opens it only for the SDK's own client session, which the proxy,
// passing messages as they come, does not use; so the proxy opens it itself: without it a
// server's list_changed would never arrive (and a changed tool would stay offered), nor would a
// question the server asks on it.
//
// The stream is read for as long as the session lasts. A server that offers none (405) is left
// alone; a stream that breaks is opened again, from the last event seen, a bounded number of
// times in a row.

// maxStandaloneRetries bounds the attempts in a row to open the standalone stream.
const maxStandaloneRetries = 5

// openStandalone reads the server's standalone stream until ctx ends, handing each message to
// ep as its own reading does (answers to gatehouse's requests to their waiters, the rest to
// handle). version is the protocol the session negotiated. It does nothing for a link that is no
// stateful Streamable HTTP session.
func (l *link) openStandalone(ctx context.Context, ep *endpoint, version string, handle func(jsonrpc.Message)) {
	if l.http == nil || l.conn.SessionID() == "" || version >= modernProtocol {
		return
	}
	lastEvent := ""
	for failures := 0; failures < maxStandaloneRetries && ctx.Err() == nil; {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, l.server.URL, nil)
		if err != nil {
			return
		}
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set(sessionHeader, l.conn.SessionID())
		req.Header.Set("Mcp-Protocol-Version", version)
		if lastEvent != "" {
			req.Header.Set("Last-Event-ID", lastEvent)
		}
		resp, err := l.http.Do(req)
		if err != nil {
			failures++
			pause(ctx, failures)
			continue
		}
		if resp.StatusCode == http.StatusMethodNotAllowed || resp.StatusCode == http.StatusNotFound {
			resp.Body.Close()
			return // the server offers no standalone stream, or the session is gone
		}
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
			resp.Body.Close()
			failures++
			pause(ctx, failures)
			continue
		}
		if readEvents(resp, l.maxEvent, &lastEvent, func(msg jsonrpc.Message) { ep.accept(msg, handle) }) {
			failures = 0 // the stream worked for a while: a new run of attempts
		} else {
			failures++
		}
		resp.Body.Close()
		pause(ctx, failures)
	}
}

// pause waits a little longer after each failure, or until ctx ends.
func pause(ctx context.Context, failures int) {
	select {
	case <-ctx.Done():
	case <-time.After(time.Duration(failures) * 200 * time.Millisecond):
	}
}

// readEvents reads server-sent events until the stream ends, handing each message on; an event
// larger than max ends it. It reports whether any message came.
func readEvents(resp *http.Response, max int, lastEvent *string, take func(jsonrpc.Message)) bool {
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 0, 64<<10), max+64)
	var data bytes.Buffer
	got := false
	for sc.Scan() {
		line := sc.Bytes()
		switch {
		case len(line) == 0:
			if data.Len() > 0 {
				if msg, err := jsonrpc.DecodeMessage(data.Bytes()); err == nil {
					take(msg)
					got = true
				}
				data.Reset()
			}
		case bytes.HasPrefix(line, []byte("data:")):
			if data.Len() > 0 {
				data.WriteByte('\n')
			}
			data.Write(bytes.TrimPrefix(bytes.TrimPrefix(line, []byte("data:")), []byte(" ")))
		case bytes.HasPrefix(line, []byte("id:")):
			*lastEvent = strings.TrimSpace(string(line[3:]))
		}
	}
	return got
}
