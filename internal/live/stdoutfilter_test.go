package live

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// chunkedReader hands out its text size bytes at a time, as a pipe may.
type chunkedReader struct {
	text string
	size int
}

func (r *chunkedReader) Read(p []byte) (int, error) {
	if r.text == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), r.size)], r.text)
	r.text = r.text[n:]
	return n, nil
}

func (r *chunkedReader) Close() error { return nil }

// filtered runs text through a filter fed size bytes per read and read one byte at a time or
// all at once, and returns what the decoder would get, the notes and the error that ended it.
func filtered(text string, size, limit int, oneByte bool) (out string, notes []string, err error) {
	f := newStdoutFilter(&chunkedReader{text: text, size: size}, "demo", limit, func(s string) { notes = append(notes, s) })
	var r io.Reader = f
	if oneByte {
		r = iotest.OneByteReader(f)
	}
	b, err := io.ReadAll(r)
	return string(b), notes, err
}

func TestStdoutFilter(t *testing.T) {
	cases := []struct {
		name  string
		in    string
		out   string   // what the decoder reads
		notes []string // what each note quotes
	}{
		// Only messages: every byte passes, leading blanks and CRLF included.
		{"messages only", "{\"jsonrpc\":\"2.0\",\"id\":1}\n  \t{\"a\": [1, {}]}\r\n[{\"jsonrpc\":\"2.0\"}]\n", "{\"jsonrpc\":\"2.0\",\"id\":1}\n  \t{\"a\": [1, {}]}\r\n[{\"jsonrpc\":\"2.0\"}]\n", nil},
		// A banner before the first message, as many npm servers print.
		{"banner", "Server started\n{\"id\":1}\n", "{\"id\":1}\n", []string{`"Server started"`}},
		// Blank lines are dropped; a CRLF banner is quoted without its CR.
		{"blank lines and CRLF", "\r\n\n   \n\t\r\nMCP server running on stdio\r\n\r\n{ \"id\" : 2 }\r\n", "{ \"id\" : 2 }\r\n", []string{`"MCP server running on stdio"`}},
		// A log line in brackets and a printed JavaScript object are not messages; a batch and
		// an empty object are.
		{"brackets", "[INFO] ready\n{ level: 'info' }\n[ {\"id\":3}]\n{}\n[]\n", "[ {\"id\":3}]\n{}\n[]\n", []string{`"[INFO] ready"`, `"{ level: 'info' }"`}},
		// An opener alone on its line is handed on, for the decoder to judge.
		{"opener alone", "{\n", "{\n", nil},
		// The last line without a line break: a message passes, other text is noted.
		{"message at the end", "{\"id\":4}", "{\"id\":4}", nil},
		{"banner at the end", "{\"id\":5}\nbye", "{\"id\":5}\n", []string{`"bye"`}},
		{"opener at the end", "hello\n  [", "  [", []string{`"hello"`}},
		// Hidden characters in a banner are quoted visibly.
		{"hidden characters", "ready\u202e\x1b[0m\n", "", []string{`"ready\u202e\x1b[0m"`}},
	}
	for _, c := range cases {
		for _, size := range []int{1, 2, 3, 7, 4096} {
			for _, oneByte := range []bool{false, true} {
				out, notes, err := filtered(c.in, size, 1<<10, oneByte)
				if err != nil {
					t.Errorf("%s (reads of %d): %v", c.name, size, err)
				}
				if out != c.out {
					t.Errorf("%s (reads of %d, one byte %v): the decoder reads %q, want %q", c.name, size, oneByte, out, c.out)
				}
				if len(notes) != len(c.notes) {
					t.Errorf("%s (reads of %d): notes %q, want %d", c.name, size, notes, len(c.notes))
					continue
				}
				for i, n := range notes {
					want := "server demo wrote a line that is not MCP on stdout; skipped: " + c.notes[i]
					if n != want {
						t.Errorf("%s (reads of %d): note %q, want %q", c.name, size, n, want)
					}
				}
			}
		}
	}
}

// TestStdoutFilterBounds: a skipped line longer than the message limit is an error, as a long
// message is; a flood of short lines is noted a few times, then once more, and holds no memory.
func TestStdoutFilterBounds(t *testing.T) {
	const limit = 1 << 10
	for _, in := range []string{
		strings.Repeat("x", limit+1) + "\n{\"id\":1}\n",
		strings.Repeat(" ", limit+1) + "{\"id\":1}\n",
		"{" + strings.Repeat(" ", limit+1) + "\"id\":1}\n",
	} {
		out, _, err := filtered(in, 100, limit, false)
		if err == nil || !strings.Contains(err.Error(), "more than 1024 bytes") || out != "" {
			t.Errorf("a line of %d bytes: read %q, error %v", len(in), out, err)
		}
	}
	// A long line under the limit is skipped, its head kept only.
	out, notes, err := filtered(strings.Repeat("y", limit-1)+"\n{\"id\":1}\n", 100, limit, false)
	if err != nil || out != "{\"id\":1}\n" || len(notes) != 1 || !strings.HasSuffix(notes[0], `yyy…"`) {
		t.Errorf("a long skipped line: %q %q %v", out, notes, err)
	}

	var flood bytes.Buffer
	for range 10000 {
		flood.WriteString("debug: tick\n")
	}
	flood.WriteString("{\"id\":1}\n")
	f := newStdoutFilter(&chunkedReader{text: flood.String(), size: 512}, "demo", limit, nil)
	var noted []string
	f.note = func(s string) { noted = append(noted, s) }
	b, err := io.ReadAll(f)
	if err != nil || string(b) != "{\"id\":1}\n" {
		t.Errorf("after a flood: %q %v", b, err)
	}
	if len(noted) != maxNotedLines+1 || !strings.Contains(noted[maxNotedLines], "skipped without a note") {
		t.Errorf("a flood gave %d notes, want %d, the last saying more are skipped: %q", len(noted), maxNotedLines+1, noted[len(noted)-1])
	}
	if cap(f.head) > maxNoteHead || cap(f.held) > limit {
		t.Errorf("the filter holds %d bytes of head and %d held", cap(f.head), cap(f.held))
	}
}

// TestStdoutFilterReadError: an error reading the server's stdout comes through as it is.
func TestStdoutFilterReadError(t *testing.T) {
	broken := errors.New("broken pipe")
	f := newStdoutFilter(io.NopCloser(iotest.ErrReader(broken)), "demo", 1<<10, nil)
	if _, err := io.ReadAll(f); !errors.Is(err, broken) {
		t.Errorf("the error is %v, want %v", err, broken)
	}
}

// TestReadFailure: only a peer that closed the connection is said to have closed it.
func TestReadFailure(t *testing.T) {
	if err := readFailure("initialize", "server", io.EOF); err.Error() != "initialize: the server closed the connection before answering" {
		t.Errorf("at EOF: %v", err)
	}
	syntax := errors.New("invalid character 'S' looking for beginning of value")
	err := readFailure("initialize", "server", syntax)
	if strings.Contains(err.Error(), "closed") || !strings.Contains(err.Error(), "invalid character 'S'") || !errors.Is(err, syntax) {
		t.Errorf("on a read error: %v", err)
	}
}

// TestServerNotes: the notes go where the context says, else to the server's stderr writer
// (the proxy's), else nowhere.
func TestServerNotes(t *testing.T) {
	var w bytes.Buffer
	serverNotes(context.Background(), &w)("server demo wrote a line")
	if w.String() != "gatehouse: server demo wrote a line\n" {
		t.Errorf("to the stderr writer: %q", w.String())
	}
	var got string
	ctx := WithServerNotes(context.Background(), func(s string) { got = s })
	serverNotes(ctx, &w)("to the context")
	if got != "to the context" || strings.Contains(w.String(), "to the context") {
		t.Errorf("under WithServerNotes: %q, and the writer has %q", got, w.String())
	}
	if serverNotes(context.Background(), nil) != nil {
		t.Error("with neither, the notes go somewhere")
	}
}
