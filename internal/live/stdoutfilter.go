package live

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/untrusted"
)

// Many stdio servers print a banner ("Server started") or a log line on stdout besides their
// messages. The official TypeScript SDK's clients skip such lines, so those servers work with
// every client built on it; gatehouse skips them too, and says so, rather than failing the
// handshake on the first byte that is not JSON. Only what gatehouse reads from a server it
// started is filtered: what a client sends the proxy is read strictly.

// maxNotedLines is how many skipped lines of one server are noted one by one; after them one
// note says that more are skipped, so that a server that logs on stdout does not flood stderr.
const maxNotedLines = 10

// maxNoteHead is how many bytes of a skipped line are kept for its note (the note quotes fewer
// characters, cut by [untrusted.Quote]); the rest of the line is counted, not kept.
const maxNoteHead = 512

type serverNotesKey struct{}

// WithServerNotes returns a context under which a server gatehouse starts reports its notes —
// a line it wrote on stdout that is not MCP and was skipped — to note, each a finished message
// ([i18n.Sprintf]) without a final line break. note may be called from several goroutines at
// once. Without it the notes go, prefixed with "gatehouse: ", to the writer that receives the
// server's stderr, or nowhere when there is none.
func WithServerNotes(ctx context.Context, note func(string)) context.Context {
	return context.WithValue(ctx, serverNotesKey{}, note)
}

// serverNotes is where the notes of a server started under ctx go; nil drops them.
func serverNotes(ctx context.Context, stderr io.Writer) func(string) {
	if note, ok := ctx.Value(serverNotesKey{}).(func(string)); ok && note != nil {
		return note
	}
	if stderr == nil {
		return nil
	}
	return func(s string) { fmt.Fprintf(stderr, "gatehouse: %s\n", s) }
}

// filterState is where a [stdoutFilter] is in the current line.
type filterState int

const (
	atLineStart filterState = iota // only blanks so far
	afterOpener                    // blanks, then '{' or '[', then perhaps blanks
	inMessage                      // a line that is passed on, up to its line break
	inOtherLine                    // a line that is skipped, up to its line break
)

// A stdoutFilter reads a started server's stdout and hands on only its lines that may be
// JSON-RPC messages, byte for byte; every other line is skipped and noted. A line is a message
// when, after blanks (space, tab, CR), it opens an object whose next non-blank byte is '"' or
// '}', or an array (a batch) whose next non-blank byte is '{' or ']'; so "[INFO] ready" and a
// printed JavaScript object ({ level: 'info' }) are skipped too, while no JSON-RPC message is.
// A line whose opener ends the line is handed on, for the decoder to judge. Blank lines are
// dropped. Memory is bounded: the bytes held while a line's kind is not yet known, and a
// skipped line's head, never exceed limit and [maxNoteHead]; a skipped line longer than limit
// is an error, as a message longer than limit is to the decoder.
type stdoutFilter struct {
	r      io.ReadCloser
	limit  int          // the longest line, in bytes
	note   func(string) // nil: notes are dropped
	server string       // the server's label, for notes

	state  filterState
	opener byte   // '{' or '[', after it
	held   []byte // the current line's bytes not yet handed on or skipped
	head   []byte // the start of a skipped line, for its note
	length int    // bytes of the skipped line so far
	noted  int    // skipped lines so far

	buf  []byte // what was read from r
	in   []byte // the part of buf not yet filtered
	rerr error  // r's error, returned once in is filtered
	err  error  // the filter's own error, which ends reading
}

func newStdoutFilter(r io.ReadCloser, server string, limit int, note func(string)) *stdoutFilter {
	return &stdoutFilter{r: r, server: server, limit: limit, note: note, buf: make([]byte, 32<<10)}
}

func (f *stdoutFilter) Close() error { return f.r.Close() }

func (f *stdoutFilter) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		if f.err != nil {
			return 0, f.err
		}
		n := f.filter(p)
		if n > 0 {
			return n, nil
		}
		if f.err != nil {
			return 0, f.err
		}
		if len(f.in) == 0 && f.rerr != nil {
			if n := f.end(p); n > 0 {
				return n, nil
			}
			return 0, f.rerr
		}
		if len(f.in) == 0 {
			m, err := f.r.Read(f.buf)
			f.in, f.rerr = f.buf[:m], err
		}
	}
}

// end is called once the server's stdout has ended: a skipped line without a line break is
// noted, and an opener not yet judged is handed on, for the decoder to report the cut message.
func (f *stdoutFilter) end(p []byte) int {
	switch f.state {
	case inOtherLine:
		f.skipped()
		f.state = atLineStart
	case afterOpener:
		f.state = inMessage
	}
	if f.state != inMessage {
		f.held = f.held[:0]
		return 0
	}
	n := copy(p, f.held)
	f.held = f.held[n:]
	return n
}

// filter moves what it can of f.in to p and returns how many bytes it wrote.
func (f *stdoutFilter) filter(p []byte) int {
	out := 0
	for out < len(p) && f.err == nil {
		if f.state == inMessage && len(f.held) > 0 {
			n := copy(p[out:], f.held)
			f.held = f.held[n:]
			out += n
			continue
		}
		if len(f.in) == 0 {
			break
		}
		switch f.state {
		case inMessage:
			chunk := f.in
			if i := bytes.IndexByte(chunk, '\n'); i >= 0 {
				chunk = chunk[:i+1]
			}
			n := copy(p[out:], chunk)
			out += n
			f.in = f.in[n:]
			if n == len(chunk) && chunk[n-1] == '\n' {
				f.state, f.held = atLineStart, f.held[:0]
			}
		case inOtherLine:
			chunk := f.in
			i := bytes.IndexByte(chunk, '\n')
			if i >= 0 {
				chunk = chunk[:i]
			}
			if room := maxNoteHead - len(f.head); room > 0 {
				f.head = append(f.head, chunk[:min(room, len(chunk))]...)
			}
			f.length += len(chunk)
			f.in = f.in[len(chunk):]
			if f.length > f.limit {
				f.err = i18n.Errorf("the server wrote a line of more than %d bytes on stdout that is not an MCP message", f.limit)
				break
			}
			if i >= 0 {
				f.in = f.in[1:]
				f.skipped()
				f.state = atLineStart
			}
		default:
			f.judge(f.in[0])
		}
	}
	return out
}

// judge takes the next byte of a line whose kind is not known yet.
func (f *stdoutFilter) judge(c byte) {
	blank := c == ' ' || c == '\t' || c == '\r'
	switch {
	case c == '\n' && f.state == atLineStart:
		f.held = f.held[:0] // a blank line
		f.in = f.in[1:]
		return
	case c == '\n':
		f.state = inMessage // an opener alone on its line
		return
	case blank:
	case f.state == atLineStart && (c == '{' || c == '['):
		f.state, f.opener = afterOpener, c
	case f.state == afterOpener && (f.opener == '{' && (c == '"' || c == '}') || f.opener == '[' && (c == '{' || c == ']')):
		f.state = inMessage // held bytes go first, then c
		return
	default:
		f.state, f.length = inOtherLine, len(f.held)
		f.head = append(f.head[:0], f.held[:min(len(f.held), maxNoteHead)]...)
		f.held = f.held[:0]
		return
	}
	f.held = append(f.held, c)
	f.in = f.in[1:]
	if len(f.held) > f.limit {
		f.err = i18n.Errorf("the server wrote a line of more than %d bytes on stdout that is not an MCP message", f.limit)
	}
}

// skipped notes the skipped line whose head f.head holds.
func (f *stdoutFilter) skipped() {
	f.noted++
	line := strings.TrimSpace(string(f.head))
	f.head, f.length = f.head[:0], 0
	if f.note == nil {
		return
	}
	switch {
	case f.noted <= maxNotedLines:
		f.note(i18n.Sprintf("server %s wrote a line that is not MCP on stdout; skipped: %s", f.server, untrusted.Quote(line)))
	case f.noted == maxNotedLines+1:
		f.note(i18n.Sprintf("server %s wrote more lines that are not MCP on stdout; they are skipped without a note", f.server))
	}
}

// readFailure is the error of a request whose answer will not come because reading from the
// peer ("server" or "client") stopped: it closed the connection (io.EOF), or it sent what could
// not be read, which is said as such rather than as a closed connection.
func readFailure(method, side string, readErr error) error {
	closed := readErr == nil || errors.Is(readErr, io.EOF)
	switch {
	case side == "client" && closed:
		return i18n.Errorf("%s: the client closed the connection before answering", method)
	case side == "client":
		return i18n.Errorf("%s: the client sent what gatehouse cannot read, before answering: %w", method, readErr)
	case closed:
		return i18n.Errorf("%s: the server closed the connection before answering", method)
	}
	return i18n.Errorf("%s: the server sent what gatehouse cannot read, before answering: %w", method, readErr)
}
