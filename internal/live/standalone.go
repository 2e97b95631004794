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

// openStandalone opens the server's standalone stream and reads it until ctx ends, handing each
// message to ep as its own reading does (answers to gatehouse's requests to their waiters, the
// rest to handle). version is the protocol the session negotiated. The first opening is waited
// for (up to standaloneWait), as the SDK's client does, so that a request sent after it finds the stream open (a server
// may send its questions about a call there); the reading goes on in the background. It does
// nothing for a link that is no stateful Streamable HTTP session.
func (l *link) openStandalone(ctx context.Context, ep *endpoint, version string, handle func(jsonrpc.Message)) {
	if l.http == nil || l.conn.SessionID() == "" || version >= modernProtocol {
		return
	}
	lastEvent := ""
	take := func(msg jsonrpc.Message) { ep.accept(msg, handle) }
	// connect opens the stream once: the response, nil when there is none to read, and whether
	// to stop trying.
	connect := func() (*http.Response, bool) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, l.server.URL, nil)
		if err != nil {
			return nil, true
		}
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set(sessionHeader, l.conn.SessionID())
		req.Header.Set("Mcp-Protocol-Version", version)
		if lastEvent != "" {
			req.Header.Set("Last-Event-ID", lastEvent)
		}
		resp, err := l.http.Do(req)
		if err != nil {
			return nil, false
		}
		switch {
		case resp.StatusCode == http.StatusMethodNotAllowed || resp.StatusCode == http.StatusNotFound:
			resp.Body.Close()
			return nil, true // the server offers no standalone stream, or the session is gone
		case resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream"):
			resp.Body.Close()
			return nil, false
		}
		return resp, false
	}
	opened := make(chan struct{})
	go func() {
		resp, stop := connect()
		close(opened)
		if stop {
			return
		}
		for failures := 0; failures < maxStandaloneRetries && ctx.Err() == nil; {
			if resp == nil {
				failures++
				pause(ctx, failures)
				var stop bool
				if resp, stop = connect(); stop {
					return
				}
				continue
			}
			if readEvents(resp, l.maxEvent, &lastEvent, take) {
				failures = 0 // the stream worked for a while: a new run of attempts
			}
			resp.Body.Close()
			resp = nil
		}
	}()
	// A server slow to open it does not hold the session up for long.
	select {
	case <-opened:
	case <-ctx.Done():
	case <-time.After(standaloneWait):
	}
}

// standaloneWait bounds the wait for the standalone stream to open.
const standaloneWait = 5 * time.Second

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
