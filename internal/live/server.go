package live

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Server says how to reach one MCP server: a command to start (stdio), or a URL.
type Server struct {
	// Name is what a client configuration calls the server; "" for one named on the command line.
	Name string
	// Command is the program and its arguments, for a server spoken to on its stdio.
	Command []string
	// Env is added to gatehouse's own environment for the command; Dir is its working directory.
	Env map[string]string
	Dir string
	// URL is the endpoint of a server spoken to over HTTP: Streamable HTTP, or the older HTTP+SSE
	// transport when SSE is set.
	URL string
	SSE bool
	// Headers are sent with every HTTP request (an Authorization header, say). They are never
	// written anywhere: not in messages, not in the catalog, not in the log.
	Headers map[string]string
}

// Label names the server in messages: its configured name, else its command line or its URL
// without credentials or query (which may carry a token).
func (s Server) Label() string {
	if s.Name != "" {
		return s.Name
	}
	if s.URL != "" {
		return safeURL(s.URL)
	}
	return strings.Join(s.Command, " ")
}

// safeURL drops the user information, query and fragment of a URL for messages.
func safeURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(an unreadable URL)"
	}
	u.User, u.RawQuery, u.Fragment = nil, "", ""
	return u.String()
}

func (s Server) check() error {
	switch {
	case len(s.Command) > 0 && s.URL != "":
		return fmt.Errorf("server %s has both a command and a URL: give one", s.Label())
	case len(s.Command) == 0 && s.URL == "":
		return fmt.Errorf("server %q has neither a command nor a URL", s.Name)
	case s.URL != "":
		u, err := url.Parse(s.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("server %s: the URL must be http:// or https:// with a host", s.Label())
		}
	case s.Command[0] == "":
		return fmt.Errorf("server %q: the command is empty", s.Name)
	}
	return nil
}

// A ServerError says why a server could not be used, with what it wrote to stderr last and how
// it exited, for a server gatehouse started.
type ServerError struct {
	Server string // its label
	Step   string // "start", "handshake", "listing tools", …
	Err    error
	Exit   string // "exit status 1", "signal: killed"; "" while running or for HTTP
	Stderr string // the end of its standard error, for a started server
}

func (e *ServerError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "server %s: %s: %v", e.Server, e.Step, e.Err)
	if e.Exit != "" {
		fmt.Fprintf(&b, " (the server exited: %s)", e.Exit)
	}
	if tail := strings.TrimSpace(e.Stderr); tail != "" {
		b.WriteString("; its stderr ended with:")
		for _, line := range strings.Split(tail, "\n") {
			b.WriteString("\n    " + line)
		}
	}
	return b.String()
}

func (e *ServerError) Unwrap() error { return e.Err }

// A link is a connection to a server and, for a command, the running process.
type link struct {
	server   Server
	conn     mcp.Connection
	proc     *process     // nil over HTTP
	http     *http.Client // over Streamable HTTP, for the standalone stream (standalone.go); else nil
	maxEvent int          // the largest event read from it
}

// dial starts the server's command or connects to its URL. What the command writes to stderr
// goes to stderr (nil: nowhere) and its end is kept for errors.
func dial(ctx context.Context, s Server, lim Limits, stderr io.Writer) (*link, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	if s.URL != "" {
		client := &http.Client{Transport: &httpTransport{headers: s.Headers, maxBody: int64(lim.MaxMessageBytes)}}
		var t mcp.Transport = &mcp.StreamableClientTransport{Endpoint: s.URL, HTTPClient: client, MaxRetries: 2, MaxEventSize: lim.MaxMessageBytes}
		if s.SSE {
			t = &mcp.SSEClientTransport{Endpoint: s.URL, HTTPClient: client}
		}
		conn, err := t.Connect(ctx)
		if err != nil {
			return nil, &ServerError{Server: s.Label(), Step: "connect", Err: err}
		}
		l := &link{server: s, conn: conn}
		if !s.SSE {
			l.http, l.maxEvent = client, lim.MaxMessageBytes
		}
		return l, nil
	}
	proc, err := startProcess(s, stderr)
	if err != nil {
		return nil, &ServerError{Server: s.Label(), Step: "start", Err: err}
	}
	stdout := newStdoutFilter(proc.stdout, s.Label(), lim.MaxMessageBytes, serverNotes(ctx, stderr))
	return &link{server: s, conn: newStreamConn(i18n.T("the server"), stdout, proc.stdin, lim.MaxMessageBytes), proc: proc}, nil
}

// close ends the connection and, for a command, stops the process: its input is closed (the
// MCP way to ask a stdio server to exit), then SIGTERM, then SIGKILL.
func (l *link) close(lim Limits) {
	l.conn.Close()
	if l.proc != nil {
		l.proc.stop(lim.StopTimeout)
	}
}

// fail wraps err as a [ServerError] for step, with the process's exit and stderr when it has
// stopped (given a moment to, since a crash is often why the connection broke).
func (l *link) fail(step string, err error) error {
	var se *ServerError
	if errors.As(err, &se) {
		return err
	}
	e := &ServerError{Server: l.server.Label(), Step: step, Err: err}
	if l.proc != nil {
		select {
		case <-l.proc.exited:
		case <-time.After(500 * time.Millisecond):
		}
		e.Exit, e.Stderr = l.proc.exitStatus(), l.proc.stderr.String()
	}
	return e
}

// A process is a started server command.
type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout io.ReadCloser
	stderr *tail
	exited chan struct{}
	mu     sync.Mutex
	err    error // from Wait, once exited is closed
}

func startProcess(s Server, stderr io.Writer) (*process, error) {
	cmd := exec.Command(s.Command[0], s.Command[1:]...)
	cmd.Dir = s.Dir
	if len(s.Env) > 0 {
		cmd.Env = os.Environ()
		keys := make([]string, 0, len(s.Env))
		for k := range s.Env {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			cmd.Env = append(cmd.Env, k+"="+s.Env[k])
		}
	}
	// Pipes of our own rather than StdoutPipe: Wait closes those when the process exits, which
	// could drop the last messages it wrote.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	p := &process{cmd: cmd, stdin: inW, stdout: outR, stderr: &tail{max: 8 << 10}, exited: make(chan struct{})}
	cmd.Stdin, cmd.Stdout = inR, outW
	cmd.Stderr = p.stderr
	if stderr != nil {
		cmd.Stderr = io.MultiWriter(p.stderr, stderr)
	}
	// A grandchild that keeps stderr open must not hold Wait for ever.
	cmd.WaitDelay = time.Second
	ownProcessGroup(cmd)
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	go func() {
		err := cmd.Wait()
		p.mu.Lock()
		p.err = err
		p.mu.Unlock()
		close(p.exited)
	}()
	return p, nil
}

// stop closes the process's input, waits up to d for it to exit, then signals its process group
// to terminate, and after d more kills it.
func (p *process) stop(d time.Duration) {
	p.stdin.Close()
	select {
	case <-p.exited:
	case <-time.After(d):
		terminate(p.cmd)
		select {
		case <-p.exited:
		case <-time.After(d):
			kill(p.cmd)
			<-p.exited
		}
	}
	// The server is gone; whatever still holds the group (a grandchild) goes too.
	kill(p.cmd)
	p.stdout.Close()
}

// exitStatus is how the process ended, or "" while it runs.
func (p *process) exitStatus() string {
	select {
	case <-p.exited:
	default:
		return ""
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err == nil {
		return "exit status 0"
	}
	var ee *exec.ExitError
	if errors.As(p.err, &ee) {
		return ee.String()
	}
	return p.err.Error()
}

// A tail keeps the last bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

// String is the kept text from its first whole line on, at most the last 20 lines.
func (t *tail) String() string {
	t.mu.Lock()
	s := string(t.buf)
	full := len(t.buf) < t.max
	t.mu.Unlock()
	if !full {
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			s = s[i+1:]
		}
	}
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 20 {
		lines = lines[len(lines)-20:]
	}
	return strings.Join(lines, "\n")
}

// httpTransport adds the configured headers to every request and caps a response body that is
// one JSON message (an SSE stream is capped per event by the SDK instead).
type httpTransport struct {
	headers map[string]string
	maxBody int64
}

func (t *httpTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if len(t.headers) > 0 {
		req = req.Clone(req.Context())
		for k, v := range t.headers {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		resp.Body = &cappedBody{ReadCloser: resp.Body, limit: t.maxBody, left: t.maxBody}
	}
	return resp, nil
}

// cappedBody fails a read past its limit rather than hand on a truncated message.
type cappedBody struct {
	io.ReadCloser
	limit, left int64
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		var one [1]byte
		if n, err := b.ReadCloser.Read(one[:]); n == 0 && err != nil {
			return 0, err // the body ended at the limit exactly
		}
		return 0, fmt.Errorf("the server's HTTP response is larger than %d bytes, the most gatehouse reads", b.limit)
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.ReadCloser.Read(p)
	b.left -= int64(n)
	return n, err
}
