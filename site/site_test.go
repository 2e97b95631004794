package site_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"github.com/gatehouse-dev/gatehouse/site"
)

// serve sends one request straight to the handler.
func serve(method, target string, header map[string]string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	site.Handler().ServeHTTP(w, r)
	return w
}

// wantSecurityHeaders checks the headers every response carries, errors included.
func wantSecurityHeaders(t *testing.T, what string, h http.Header) {
	t.Helper()
	want := map[string]string{
		"Content-Security-Policy":      "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
		"X-Content-Type-Options":       "nosniff",
		"Referrer-Policy":              "no-referrer",
		"Cross-Origin-Opener-Policy":   "same-origin",
		"Cross-Origin-Resource-Policy": "same-origin",
	}
	for k, v := range want {
		if got := h.Get(k); got != v {
			t.Errorf("%s: %s = %q, want %q", what, k, got, v)
		}
	}
	// Every feature off but clipboard-write for the page itself (Share, Copy).
	pp := h.Get("Permissions-Policy")
	for _, feature := range []string{"camera=()", "microphone=()", "geolocation=()", "usb=()", "payment=()", "clipboard-read=()", "clipboard-write=(self)"} {
		if !strings.Contains(pp, feature) {
			t.Errorf("%s: Permissions-Policy %q lacks %s", what, pp, feature)
		}
	}
}

func TestHandlerServesPageFiles(t *testing.T) {
	cases := []struct {
		path, contentType string
		contains          string // a string the body must hold
	}{
		// "/" is the page itself.
		{"/", "text/html; charset=utf-8", "<title>gatehouse"},
		{"/index.html", "text/html; charset=utf-8", "<title>gatehouse"},
		{"/style.css", "text/css; charset=utf-8", ":root"},
		{"/app.js", "text/javascript; charset=utf-8", "import"},
		{"/worker.js", "text/javascript; charset=utf-8", "./gatehouse.mjs"}, // as written, or minified
		{"/gatehouse.mjs", "text/javascript; charset=utf-8", "export async function load("},
		{"/sw.js", "text/javascript; charset=utf-8", "networkFirst"},
		// The API's declarations, for people embedding the wasm.
		{"/gatehouse.d.ts", "text/plain; charset=utf-8", "interface Gatehouse"},
	}
	if site.HasWasm() {
		cases = append(cases,
			struct{ path, contentType, contains string }{"/gatehouse.wasm", "application/wasm", "\x00asm"},
			struct{ path, contentType, contains string }{"/gatehouse-schema.wasm", "application/wasm", "\x00asm"},
			struct{ path, contentType, contains string }{"/wasm_exec.js", "text/javascript; charset=utf-8", "class"})
	} else {
		t.Log("gatehouse.wasm is not embedded (run `make wasm`): its headers are not checked")
	}
	for _, c := range cases {
		w := serve(http.MethodGet, c.path, nil)
		if w.Code != http.StatusOK {
			t.Errorf("GET %s: status %d", c.path, w.Code)
			continue
		}
		h := w.Header()
		wantSecurityHeaders(t, "GET "+c.path, h)
		if got := h.Get("Content-Type"); got != c.contentType {
			t.Errorf("GET %s: Content-Type %q, want %q", c.path, got, c.contentType)
		}
		if got := h.Get("Cache-Control"); got != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q, want no-cache", c.path, got)
		}
		if got := h.Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("GET %s: Vary %q, want Accept-Encoding", c.path, got)
		}
		if etag := h.Get("ETag"); !regexp.MustCompile(`^"[0-9a-f]{32}"$`).MatchString(etag) {
			t.Errorf("GET %s: ETag %q is not a strong validator of the content", c.path, etag)
		}
		if h.Get("Content-Encoding") != "" {
			t.Errorf("GET %s without Accept-Encoding: Content-Encoding %q", c.path, h.Get("Content-Encoding"))
		}
		if got := h.Get("Content-Length"); got != fmt.Sprint(w.Body.Len()) {
			t.Errorf("GET %s: Content-Length %s, body %d bytes", c.path, got, w.Body.Len())
		}
		if !strings.Contains(w.Body.String(), c.contains) {
			t.Errorf("GET %s: body lacks %q", c.path, c.contains)
		}
	}
}

func TestHandlerCompression(t *testing.T) {
	decoders := map[string]func(io.Reader) (io.Reader, error){
		"br":   func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
		"gzip": func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
	}
	paths := []string{"/", "/app.js", "/style.css", "/i18n.js"}
	if site.HasWasm() {
		paths = append(paths, "/gatehouse.wasm", "/gatehouse-schema.wasm")
	}
	cases := []struct {
		acceptEncoding, want string
	}{
		{"gzip, deflate, br, zstd", "br"}, // what Chromium sends: brotli is preferred
		{"gzip", "gzip"},
		{"br;q=0, gzip", "gzip"}, // q=0 refuses a coding
		{"identity", ""},         // nothing compressed
		{"*", "br"},              // any coding
		{"*;q=0, gzip;q=0.5", "gzip"},
		{"GZIP;Q=1.0", "gzip"}, // names and parameters are case-insensitive
		{"br;q=nonsense, gzip", "gzip"},
	}
	for _, path := range paths {
		plain := serve(http.MethodGet, path, nil)
		for _, c := range cases {
			start := time.Now()
			w := serve(http.MethodGet, path, map[string]string{"Accept-Encoding": c.acceptEncoding})
			elapsed := time.Since(start)
			what := fmt.Sprintf("GET %s, Accept-Encoding %q", path, c.acceptEncoding)
			if got := w.Header().Get("Content-Encoding"); got != c.want {
				t.Errorf("%s: Content-Encoding %q, want %q", what, got, c.want)
				continue
			}
			if got := w.Header().Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("%s: Vary %q", what, got)
			}
			body := w.Body.Bytes()
			if c.want != "" {
				if len(body) >= plain.Body.Len() {
					t.Errorf("%s: compressed %d bytes, not smaller than %d", what, len(body), plain.Body.Len())
				}
				r, err := decoders[c.want](bytes.NewReader(body))
				if err == nil {
					body, err = io.ReadAll(r)
				}
				if err != nil {
					t.Errorf("%s: decoding: %v", what, err)
					continue
				}
				if etag := w.Header().Get("ETag"); etag == plain.Header().Get("ETag") || !strings.HasSuffix(etag, "-"+c.want+`"`) {
					t.Errorf("%s: ETag %q must name the encoding (identity is %q)", what, etag, plain.Header().Get("ETag"))
				}
			}
			if !bytes.Equal(body, plain.Body.Bytes()) {
				t.Errorf("%s: decoded body differs from the file", what)
			}
			if path == "/gatehouse.wasm" && c.want != "" && elapsed > 10*time.Millisecond {
				t.Logf("%s: %d → %d bytes in %v (the first request compresses; later ones are cached)", what, plain.Body.Len(), w.Body.Len(), elapsed.Round(time.Millisecond))
			}
		}
	}
}

func TestHandlerConditionalRequests(t *testing.T) {
	for _, enc := range []string{"", "br", "gzip"} {
		first := serve(http.MethodGet, "/app.js", map[string]string{"Accept-Encoding": enc})
		etag := first.Header().Get("ETag")
		cases := []struct {
			ifNoneMatch string
			want        int
		}{
			{etag, http.StatusNotModified},
			{"W/" + etag, http.StatusNotModified},                 // weak comparison, as If-None-Match asks
			{`"other", ` + etag, http.StatusNotModified},          // a list
			{"*", http.StatusNotModified},                         // any
			{`"0123456789abcdef0123456789abcdef"`, http.StatusOK}, // another version
		}
		for _, c := range cases {
			w := serve(http.MethodGet, "/app.js", map[string]string{"Accept-Encoding": enc, "If-None-Match": c.ifNoneMatch})
			if w.Code != c.want {
				t.Errorf("encoding %q, If-None-Match %q: status %d, want %d", enc, c.ifNoneMatch, w.Code, c.want)
			}
			if w.Code == http.StatusNotModified {
				if w.Body.Len() != 0 || w.Header().Get("ETag") != etag || w.Header().Get("Cache-Control") != "no-cache" {
					t.Errorf("encoding %q: 304 with body %d bytes, ETag %q, Cache-Control %q", enc, w.Body.Len(), w.Header().Get("ETag"), w.Header().Get("Cache-Control"))
				}
				wantSecurityHeaders(t, "304", w.Header())
			}
		}
	}
}

func TestHandlerRefusesEverythingElse(t *testing.T) {
	cases := []struct {
		path string
		why  string
	}{
		{"/../go.mod", "a path above the site"},
		{"/%2e%2e/go.mod", "the same, percent-encoded"},
		{"/%2e%2e/", "a directory above"},
		{"/..%2fgo.mod", "an encoded slash"},
		{"/site.go", "the Go source beside the page"},
		{"/site_test.go", "a test file"},
		{"/testdata/", "a directory: no listing"},
		{"/testdata/pure_test.mjs", "a test file in a subdirectory"},
		{"/./index.html", "a path that is not exactly a file's name"},
		{"//index.html", "a doubled slash"},
		{"/index.html/", "a file as a directory"},
		{"/INDEX.HTML", "names are exact"},
		{"/favicon.ico", "a file the page does not have"},
		{"/.git/config", "a hidden file"},
		{"/index.html%00.js", "a NUL"},
	}
	for _, c := range cases {
		w := serve(http.MethodGet, c.path, nil)
		if w.Code != http.StatusNotFound {
			t.Errorf("GET %s (%s): status %d, want 404", c.path, c.why, w.Code)
		}
		wantSecurityHeaders(t, "GET "+c.path, w.Header())
		if strings.Contains(w.Body.String(), "<") {
			t.Errorf("GET %s: the 404 has markup: %q", c.path, w.Body.String())
		}
	}

	// The same through a real server and raw request lines, so no client cleans the paths first.
	server := httptest.NewServer(site.Handler())
	defer server.Close()
	for _, c := range cases {
		if strings.Contains(c.path, "%00") {
			continue
		}
		status := rawStatus(t, server.Listener.Addr().String(), "GET "+c.path+" HTTP/1.1")
		if status != http.StatusNotFound {
			t.Errorf("raw GET %s (%s): status %d, want 404", c.path, c.why, status)
		}
	}
}

// rawStatus sends one request line as written and returns the status code.
func rawStatus(t *testing.T, addr, requestLine string) int {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "%s\r\nHost: %s\r\nConnection: close\r\n\r\n", requestLine, addr)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%s: %v", requestLine, err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestHandlerMethods(t *testing.T) {
	get := serve(http.MethodGet, "/app.js", nil)
	head := serve(http.MethodHead, "/app.js", nil)
	if head.Code != http.StatusOK || head.Body.Len() != 0 {
		t.Errorf("HEAD: status %d, body %d bytes; want 200 and no body", head.Code, head.Body.Len())
	}
	for _, k := range []string{"Content-Type", "Content-Length", "ETag", "Cache-Control", "Content-Security-Policy"} {
		if head.Header().Get(k) != get.Header().Get(k) {
			t.Errorf("HEAD %s = %q, GET has %q", k, head.Header().Get(k), get.Header().Get(k))
		}
	}
	for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch, http.MethodOptions, "PROPFIND"} {
		for _, path := range []string{"/", "/app.js", "/nothing"} {
			w := serve(method, path, nil)
			if w.Code != http.StatusMethodNotAllowed {
				t.Errorf("%s %s: status %d, want 405", method, path, w.Code)
			}
			if allow := w.Header().Get("Allow"); allow != "GET, HEAD" {
				t.Errorf("%s %s: Allow %q", method, path, allow)
			}
			wantSecurityHeaders(t, method+" "+path, w.Header())
		}
	}
}

func TestPathsAndHasWasm(t *testing.T) {
	paths := site.Paths()
	if paths[0] != "/" || !slices.Contains(paths, "/index.html") || !slices.Contains(paths, "/app.js") {
		t.Errorf("Paths() = %v", paths)
	}
	hasWasm := slices.Contains(paths, "/gatehouse.wasm") && slices.Contains(paths, "/gatehouse-schema.wasm") && slices.Contains(paths, "/wasm_exec.js")
	if site.HasWasm() != hasWasm {
		t.Errorf("HasWasm() = %v, but Paths() lists the wasm: %v", site.HasWasm(), hasWasm)
	}
	for _, p := range paths {
		if w := serve(http.MethodGet, p, nil); w.Code != http.StatusOK {
			t.Errorf("GET %s (listed by Paths): status %d", p, w.Code)
		}
	}
}

// The service worker keeps exactly the page's files: every file it lists is served (or made by
// `make wasm`), and every page file is in one of its lists: the ones it keeps when it installs,
// among them the Schema module the page loads first, and the ones it keeps once the page fetches
// them, the whole module (which a visit to the Schema pane alone never loads).
func TestServiceWorkerListsThePage(t *testing.T) {
	installed, later := serviceWorkerList(t, "pageFiles"), serviceWorkerList(t, "laterFiles")
	generated := []string{"/gatehouse.wasm", "/gatehouse-schema.wasm", "/wasm_exec.js"}
	served := site.Paths()
	for _, p := range append(slices.Clone(installed), later...) {
		if !slices.Contains(served, p) && !slices.Contains(generated, p) {
			t.Errorf("sw.js keeps %s, which the site does not serve", p)
		}
		if slices.Contains(installed, p) && slices.Contains(later, p) {
			t.Errorf("sw.js lists %s both to install and to keep later", p)
		}
	}
	if !slices.Contains(installed, "/gatehouse-schema.wasm") || !slices.Contains(later, "/gatehouse.wasm") || slices.Contains(installed, "/gatehouse.wasm") {
		t.Errorf("sw.js must install the Schema module and keep gatehouse.wasm only once fetched: installs %v, later %v", installed, later)
	}
	for _, p := range served {
		if p == "/sw.js" || p == "/gatehouse.d.ts" {
			continue // the worker itself; the declarations are not part of the page
		}
		if !slices.Contains(installed, p) && !slices.Contains(later, p) {
			t.Errorf("sw.js does not keep %s: the page would not work offline", p)
		}
	}
}

// The page follows its own Content-Security-Policy and shows untrusted text as text: no inline
// script or style, no HTML built from strings, nothing fetched but its own files.
func TestPageSourceRules(t *testing.T) {
	html, err := os.ReadFile("index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []*regexp.Regexp{
		regexp.MustCompile(`<script(?:\s[^>]*)?>\s*[^<\s]`), // an inline script
		regexp.MustCompile(`<script(?:(?:\s+type="module")|\s*)>`),
		regexp.MustCompile(`<style`),
		regexp.MustCompile(`\sstyle=`),
		regexp.MustCompile(`\son[a-z]+=`),
		regexp.MustCompile(`(?:src|href)="(?:https?:)?//`), // another origin
	} {
		if loc := bad.FindIndex(html); loc != nil {
			t.Errorf("index.html breaks the CSP at %q", html[loc[0]:min(loc[1]+20, len(html))])
		}
	}

	forbidden := regexp.MustCompile(`\.innerHTML|\.outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function\(|XMLHttpRequest|sendBeacon|WebSocket|EventSource|\.setAttribute\('style'|localStorage|sessionStorage|indexedDB|https?://[a-z]`)
	fetches := regexp.MustCompile(`\bfetch\(`)
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	// The generated files (Go's wasm_exec.js, the CodeMirror bundle) are minified third-party code:
	// they are checked for network APIs only.
	network := regexp.MustCompile(`\bfetch\(|XMLHttpRequest|sendBeacon|WebSocket|EventSource|\beval\(|new Function\(`)
	for _, name := range []string{"codemirror.js"} {
		if src, err := os.ReadFile(name); err == nil {
			if m := network.FindString(string(src)); m != "" {
				t.Errorf("%s uses %q", name, m)
			}
		}
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".js") || name == "wasm_exec.js" || name == "codemirror.js" {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		// The words and example texts hold URLs that are data, not requests.
		isData := name == "examples.js" || name == "i18n.js" || strings.HasPrefix(name, "lang-")
		for i, line := range strings.Split(string(src), "\n") {
			code, _, _ := strings.Cut(line, "// ")
			// The SVG namespace is a name for createElementNS, not an address anything is fetched from.
			code = strings.ReplaceAll(code, "'http://www.w3.org/2000/svg'", "''")
			m := forbidden.FindString(code)
			// Only store.js keeps anything in the browser: the texts too large for a link.
			if m == "indexedDB" && name == "store.js" {
				m = ""
			}
			if m != "" && !isData {
				t.Errorf("%s:%d uses %q: %s", name, i+1, m, strings.TrimSpace(line))
			}
			// Only the worker (its own wasm) and the service worker (the page's files) fetch.
			if fetches.MatchString(code) && name != "worker.js" && name != "sw.js" {
				t.Errorf("%s:%d fetches: %s", name, i+1, strings.TrimSpace(line))
			}
		}
	}
}

// TestPureModules runs the tests of the page's DOM-free modules under Node.
func TestPureModules(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("GATEHOUSE_REQUIRE_BROWSER") == "1" {
			t.Fatal("node is not installed (GATEHOUSE_REQUIRE_BROWSER=1)")
		}
		t.Skip("SKIPPED, NOT TESTED: node is not installed")
	}
	out, err := exec.Command(node, "--test", "testdata/pure_test.mjs").CombinedOutput()
	if err != nil {
		t.Fatalf("node --test testdata/pure_test.mjs: %v\n%s", err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "# pass") || strings.HasPrefix(line, "# skipped") || strings.HasPrefix(line, "# fail") {
			t.Log(line)
		}
	}
}

// The page carries its policy in a meta tag too, for copies served by something other than
// gatehouse serve: the same policy as the header, less frame-ancestors (not allowed in meta).
func TestIndexCarriesThePolicy(t *testing.T) {
	rec := httptest.NewRecorder()
	site.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	m := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]+)">`).FindStringSubmatch(rec.Body.String())
	if m == nil {
		t.Fatal("index.html has no Content-Security-Policy meta tag")
	}
	want := strings.TrimSuffix(strings.Replace(site.ContentSecurityPolicy, "frame-ancestors 'none'", "", 1), "; ")
	if got := m[1]; got != want {
		t.Errorf("meta policy\n got %s\nwant %s", got, want)
	}
}

// serviceWorkerList is one of sw.js's lists of files (pageFiles, kept when it installs;
// laterFiles, once fetched), as the paths the site serves them at.
func serviceWorkerList(t testing.TB, name string) []string {
	t.Helper()
	sw, err := os.ReadFile("sw.js")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)const ` + name + ` = \[(.*?)\];`).FindSubmatch(sw)
	if block == nil {
		t.Fatalf("sw.js has no %s list", name)
	}
	var listed []string
	for _, m := range regexp.MustCompile(`'([^']+)'`).FindAllSubmatch(block[1], -1) {
		listed = append(listed, "/"+strings.TrimPrefix(string(m[1]), "./"))
	}
	return listed
}
