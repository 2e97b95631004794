package live

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A client on stdio sends one JSON-RPC message a line. The SDK's reader ends the connection on
// the first line it cannot decode, so one stray line (a typo in a hand-written test, a log line
// of a wrapper script) would take the gateway down with encoding/json's words. gatehouse reads
// each line of the client strictly first: a line that is not JSON is answered with a JSON-RPC
// parse error (-32700), one that is JSON but not a JSON-RPC message with an invalid request
// (-32600), both with id null as JSON-RPC 2.0 asks when the id cannot be known, and the line is
// dropped: nothing of it reaches the server. Reading goes on with the next line.

// JSON-RPC 2.0's codes for a line that is not a message.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// ClientStdio is the transport of a client that speaks to the proxy over r (its requests, one
// a line) and w (the proxy's answers). Lines of r that are not JSON-RPC messages are answered on
// w as above, in the language lang ("en", "fr" or "de", as [ProxyConfig.Lang]), and reported to
// note (the English message, without a final line break, which note words for its own reader;
// nil drops it); a line longer than limit bytes ends reading with an error, as a message longer
// than the limit always has. Neither r nor w is closed with the transport.
func ClientStdio(r io.Reader, w io.Writer, limit int, lang string, note func(string)) mcp.Transport {
	out := &clientWriter{w: w}
	l, _ := i18n.ParseLang(lang)
	return &clientStdio{
		lines: &clientLineReader{r: bufio.NewReaderSize(r, 64<<10), out: out, limit: limit, lang: l, note: note},
		out:   out,
		limit: limit,
	}
}

// clientStdio is the transport [ClientStdio] returns: the client's checked lines, read as a
// [streamConn] reads a server's stdout.
type clientStdio struct {
	lines *clientLineReader
	out   *clientWriter
	limit int
}

func (t *clientStdio) Connect(context.Context) (mcp.Connection, error) {
	return newStreamConn(i18n.T("the client"), t.lines, t.out, t.limit), nil
}

// clientWriter serializes the SDK's writes (one message each) and the reader's error answers,
// so that the two never interleave within a line.
type clientWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (c *clientWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.w.Write(p)
}

func (c *clientWriter) Close() error { return nil }

// A clientLineReader hands on the client's lines that are JSON-RPC messages, byte for byte,
// and answers the others. It holds at most one line, of at most limit bytes.
type clientLineReader struct {
	r     *bufio.Reader
	out   *clientWriter
	limit int
	lang  i18n.Lang // the language of the answers
	note  func(string)

	line    int    // lines read so far
	pending []byte // the part of the current message not yet handed on
	err     error  // what ends reading, returned once pending is handed on
}

func (c *clientLineReader) Close() error { return nil }

func (c *clientLineReader) Read(p []byte) (int, error) {
	for len(c.pending) == 0 {
		if c.err != nil {
			return 0, c.err
		}
		line, err := c.next()
		c.err = err
		if len(bytes.TrimSpace(line)) == 0 {
			continue // a blank line, or the end
		}
		c.line++
		if code, msg := judgeClientLine(c.line, line); code != 0 {
			if werr := c.answer(code, msg, line); werr != nil {
				c.err = werr
			}
			continue
		}
		c.pending = line
	}
	n := copy(p, c.pending)
	c.pending = c.pending[n:]
	return n, nil
}

// next reads one line with its line break, refusing one longer than the limit.
func (c *clientLineReader) next() ([]byte, error) {
	var line []byte
	for {
		chunk, err := c.r.ReadSlice('\n')
		if len(line)+len(chunk) > c.limit+1 { // the line break is not counted
			return nil, i18n.Errorf("the client sent a line of more than %d bytes", c.limit)
		}
		line = append(line, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return line, err
	}
}

// answer sends the error response to a line that is not a message, in the client's language,
// and notes it.
func (c *clientLineReader) answer(code int, msg string, line []byte) error {
	if c.note != nil {
		c.note(msg)
	}
	worded := msg
	if c.lang != i18n.English {
		// Judged again with a translation open, so that the message and its parts (the strict
		// reader's words) are remembered and written in the language: a rare line pays it.
		tr := i18n.Open(c.lang)
		_, again := judgeClientLine(c.line, line)
		worded = tr.Text(again)
		tr.Close()
	}
	data, err := json.Marshal(errorResponse{JSONRPC: "2.0", Error: wireError{Code: code, Message: c.lang.Sprintf("gatehouse: %v", worded)}})
	if err != nil {
		return err
	}
	_, err = c.out.Write(append(data, '\n'))
	return err
}

// errorResponse is a JSON-RPC error response whose request's id cannot be known: ID is always
// null.
type errorResponse struct {
	JSONRPC string    `json:"jsonrpc"`
	ID      *string   `json:"id"`
	Error   wireError `json:"error"`
}

type wireError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// judgeClientLine reads the n-th line of the client's stream strictly. It returns 0 for a
// JSON-RPC message (or a batch of them), else the error code and the message that says why.
func judgeClientLine(n int, line []byte) (code int, msg string) {
	// Without its line break, so that a message cut short is placed at its line's end.
	line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
	doc, probs := jsondoc.Parse(problem.SourceRequest, line)
	if len(probs) > 0 {
		p := probs[0]
		return codeParseError, i18n.Sprintf("line %d of the client's stream is not JSON: %s at column %d", n, p.Message, p.Column)
	}
	why := notAMessage(doc.Value, true)
	if why == "" {
		return 0, ""
	}
	return codeInvalidRequest, i18n.Sprintf("line %d of the client's stream is not a JSON-RPC message: %s", n, why)
}

// notAMessage says why v is not a JSON-RPC 2.0 message, or "" when it is one. It holds a
// message to at least what the SDK's decoder needs, so that no line handed on ends the
// connection there. batch allows an array of messages.
func notAMessage(v any, batch bool) string {
	if list, ok := v.([]any); ok && batch {
		if len(list) == 0 {
			return i18n.T("it is an empty batch")
		}
		for _, m := range list {
			if why := notAMessage(m, false); why != "" {
				return why
			}
		}
		return ""
	}
	m, ok := v.(map[string]any)
	if !ok {
		return i18n.Sprintf("it is %s, not an object", jsondoc.TypeName(v))
	}
	if a, b, twins := caseTwins(m); twins {
		return i18n.Sprintf("it has members %s and %s, whose names differ only in case", untrusted.Quote(a), untrusted.Quote(b))
	}
	if version, _ := m["jsonrpc"].(string); version != "2.0" {
		return i18n.T(`it lacks "jsonrpc": "2.0"`)
	}
	id, hasID := m["id"]
	if hasID && !validID(id) {
		return i18n.T(`its "id" is neither a string, an integer nor null`)
	}
	if method, hasMethod := m["method"]; hasMethod {
		if _, ok := method.(string); !ok {
			return i18n.T(`its "method" is not a string`)
		}
		return ""
	}
	if !hasID || id == nil {
		return i18n.T(`it has neither a "method" nor an "id"`)
	}
	_, hasResult := m["result"]
	e, hasError := m["error"]
	switch {
	case !hasResult && !hasError:
		return i18n.T(`it is an answer with neither a "result" nor an "error"`)
	case hasError && e != nil && !validError(e):
		return i18n.T(`its "error" is not an object with an integer "code" and a string "message"`)
	}
	return ""
}

// validID: JSON-RPC ids are strings, integers or null.
func validID(id any) bool {
	switch id := id.(type) {
	case nil, string:
		return true
	case json.Number:
		return isInt64(id)
	}
	return false
}

func validError(e any) bool {
	m, ok := e.(map[string]any)
	if !ok {
		return false
	}
	code, ok := m["code"].(json.Number)
	if !ok || !isInt64(code) {
		return false
	}
	_, ok = m["message"].(string)
	return ok
}

func isInt64(n json.Number) bool {
	num, ok := jsondoc.ParseNumber(string(n))
	if !ok {
		return false
	}
	_, whole, fits := num.Int()
	return whole && fits
}
