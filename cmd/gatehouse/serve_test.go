package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"github.com/gatehouse-dev/gatehouse/site"
)

// TestServe starts `gatehouse serve --addr 127.0.0.1:0` as a process, reads the address it
// prints, checks what it serves, and stops it with SIGINT. Without the wasm built in, serve
// must refuse to start and say how to fix it; the handler's checks then run in process, and
// the end-to-end part is skipped loudly (GATEHOUSE_REQUIRE_WASM=1 makes that a failure).
func TestServe(t *testing.T) {
	cmd := exec.Command(binary, "serve", "--addr", "127.0.0.1:0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewReader(stdout)
	first, _ := lines.ReadString('\n')

	if !site.HasWasm() {
		err := cmd.Wait()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitUsage {
			t.Errorf("serve without the wasm: %v, want exit %d", err, exitUsage)
		}
		if !strings.Contains(stderr.String(), "make wasm") {
			t.Errorf("serve without the wasm says %q; it should say to run make wasm", stderr.String())
		}
		srv := httptest.NewServer(site.Handler())
		defer srv.Close()
		checkServedPage(t, srv.URL)
		if os.Getenv("GATEHOUSE_REQUIRE_WASM") == "1" {
			t.Fatal("site/gatehouse.wasm is required (GATEHOUSE_REQUIRE_WASM=1) but was not built in: run make wasm")
		}
		t.Skip("SKIPPED: the end-to-end serve test needs site/gatehouse.wasm built in: run make wasm, then go test ./cmd/gatehouse")
	}

	defer cmd.Process.Kill()
	// An address that cannot be bound is exit 3, said plainly.
	if code, _, stderr := runIn(t, "", "serve", "--addr", "127.0.0.1:99999"); code != exitUsage || !strings.Contains(stderr, "cannot listen on 127.0.0.1:99999") {
		t.Errorf("serve on a bad address: exit %d, %q", code, stderr)
	}
	const prefix = "gatehouse: serving the page at "
	if !strings.HasPrefix(first, prefix) {
		t.Fatalf("serve printed %q first, want %q and the URL (stderr: %s)", first, prefix, stderr.String())
	}
	base := strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(first, prefix)), "/")
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("serve is at %q, want loopback", base)
	}
	checkServedPage(t, base)
	checkCompressed(t, base, "/gatehouse.wasm", "application/wasm")

	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(lines)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve after SIGINT: %v, want exit 0 (stderr: %s)", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop within 10s of SIGINT")
	}
	if !strings.Contains(string(rest), "stopped") {
		t.Errorf("serve printed %q after SIGINT, want it to say it stopped", rest)
	}
}

// The headers every response carries, errors included.
var wantHeaders = map[string]string{
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy":        "no-referrer",
}

// checkHeaders checks the security headers on one response.
func checkHeaders(t *testing.T, what string, h http.Header) {
	t.Helper()
	for k, v := range wantHeaders {
		if got := h.Get(k); got != v {
			t.Errorf("%s: %s = %q, want %q", what, k, got, v)
		}
	}
	csp := h.Get("Content-Security-Policy")
	for _, directive := range []string{"default-src 'none'", "frame-ancestors 'none'", "script-src 'self' 'wasm-unsafe-eval'", "connect-src 'self'"} {
		if !strings.Contains(csp, directive) {
			t.Errorf("%s: Content-Security-Policy %q lacks %q", what, csp, directive)
		}
	}
}

// client does not ask for compression on its own, so the tests see exactly what they ask for.
var client = &http.Client{Transport: &http.Transport{DisableCompression: true}, Timeout: 10 * time.Second}

func get(t *testing.T, url, acceptEncoding string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// checkServedPage checks every file the page is made of, and that nothing else is served.
func checkServedPage(t *testing.T, base string) {
	t.Helper()
	types := map[string]string{".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm"}
	var index []byte
	for _, p := range site.Paths() {
		resp, body := get(t, base+p, "")
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %s, want 200", p, resp.Status)
			continue
		}
		checkHeaders(t, "GET "+p, resp.Header)
		ext := path.Ext(p)
		if p == "/" {
			ext, index = ".html", body
		}
		if want, ok := types[ext]; ok && !strings.HasPrefix(resp.Header.Get("Content-Type"), want) {
			t.Errorf("GET %s: Content-Type %q, want %s", p, resp.Header.Get("Content-Type"), want)
		}
		if resp.Header.Get("Content-Encoding") != "" {
			t.Errorf("GET %s without Accept-Encoding: Content-Encoding %q", p, resp.Header.Get("Content-Encoding"))
		}
	}
	// "/" is the page itself, not a listing of the files.
	if _, body := get(t, base+"/index.html", ""); !bytes.Equal(body, index) {
		t.Error("GET / is not index.html")
	}

	// Nothing but the page's own files: no source, no directory listing, no way out.
	for _, p := range []string{
		"/site.go", "/nope.html", "/schemas/", "/index.html/", "/.", "/./index.html",
		"/../go.mod", "/..%2fgo.mod", "/%2e%2e/go.mod", "/%2e%2e%2fgo.mod", "//etc/passwd",
		"/..\\go.mod", "/index.html%00", "/embed", "/?", "/.git/config",
	} {
		status, header := rawGet(t, base, p)
		if p == "/?" {
			if status != http.StatusOK {
				t.Errorf("GET %s: %d, want 200 (the page)", p, status)
			}
			continue
		}
		// 400 is as good as 404: the server refused a request line it could not read.
		if status != http.StatusNotFound && status != http.StatusBadRequest {
			t.Errorf("GET %s: %d, want 404", p, status)
		}
		checkHeaders(t, "GET "+p, header)
	}
	req, _ := http.NewRequest(http.MethodPost, base+"/", strings.NewReader("x"))
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %s, want 405", resp.Status)
	}
	checkHeaders(t, "POST /", resp.Header)
}

// rawGet sends the request line exactly as written, since an HTTP client would clean the path
// ("/../go.mod") that the test is about.
func rawGet(t *testing.T, base, target string) (int, http.Header) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, "GET "+target+" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Header
}

// checkCompressed checks that a file comes brotli- and gzip-compressed when the browser accepts
// it, and that both decompress to the file itself.
func checkCompressed(t *testing.T, base, p, contentType string) {
	t.Helper()
	resp, plain := get(t, base+p, "identity")
	if ct := resp.Header.Get("Content-Type"); ct != contentType {
		t.Errorf("GET %s: Content-Type %q, want %q", p, ct, contentType)
	}
	decoders := map[string]func(io.Reader) (io.Reader, error){
		"br":   func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
		"gzip": func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
	}
	for enc, decode := range decoders {
		resp, body := get(t, base+p, enc)
		checkHeaders(t, "GET "+p+" ("+enc+")", resp.Header)
		if got := resp.Header.Get("Content-Encoding"); got != enc {
			t.Errorf("GET %s with Accept-Encoding %s: Content-Encoding %q", p, enc, got)
			continue
		}
		if ct := resp.Header.Get("Content-Type"); ct != contentType {
			t.Errorf("GET %s (%s): Content-Type %q, want %q", p, enc, ct, contentType)
		}
		if !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("GET %s (%s): no Vary: Accept-Encoding", p, enc)
		}
		if len(body) >= len(plain) {
			t.Errorf("GET %s (%s): %d bytes, not smaller than %d", p, enc, len(body), len(plain))
		}
		r, err := decode(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, plain) {
			t.Errorf("GET %s (%s): does not decompress to the file (%v)", p, enc, err)
		}
	}
}
