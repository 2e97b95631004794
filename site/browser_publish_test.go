package site_test

// The page hosted anywhere: dist/ (make dist) served by a plain static file server, and the
// single self-contained file (make single) opened from disk.

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/site"
)

// TestWriteDist: every file the handler serves is in dist/ byte for byte, with brotli and gzip
// copies that decode to it, and each host's header file carries exactly the headers the handler
// sends.
func TestWriteDist(t *testing.T) {
	if !site.HasWasm() {
		skipOrFail(t, "the generated files are not embedded: run `make wasm`")
	}
	dir := t.TempDir()
	if err := site.WriteDist(dir); err != nil {
		t.Fatal(err)
	}
	for _, p := range site.Paths() {
		if p == "/" {
			continue
		}
		want := serve(http.MethodGet, p, nil).Body.Bytes()
		got, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("dist%s differs from what the handler serves (%v)", p, err)
		}
		for ext, decode := range map[string]func(io.Reader) (io.Reader, error){
			".br": func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
			".gz": func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
		} {
			f, err := os.Open(filepath.Join(dir, p+ext))
			if err != nil {
				if len(want) > 1000 {
					t.Errorf("dist%s%s is missing", p, ext)
				}
				continue
			}
			r, err := decode(f)
			if err == nil {
				got, err = io.ReadAll(r)
			}
			f.Close()
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("dist%s%s does not decode to the file (%v)", p, ext, err)
			}
		}
	}
	headers := site.Headers()
	if len(headers) < 6 {
		t.Fatalf("Headers() = %v", headers)
	}
	for _, name := range site.HeaderFiles {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		text := string(b)
		if name == "vercel.json" {
			var v struct {
				Headers []struct {
					Source  string
					Headers []struct{ Key, Value string }
				}
			}
			if err := json.Unmarshal(b, &v); err != nil || len(v.Headers) != 1 || v.Headers[0].Source != "/(.*)" {
				t.Errorf("vercel.json: %v %s", err, text)
				continue
			}
			for i, h := range headers {
				if i >= len(v.Headers[0].Headers) || v.Headers[0].Headers[i].Key != h[0] || v.Headers[0].Headers[i].Value != h[1] {
					t.Errorf("vercel.json: header %d is not %s: %s", i, h[0], h[1])
				}
			}
			continue
		}
		for _, h := range headers {
			var want string
			switch name {
			case "_headers":
				want = "  " + h[0] + ": " + h[1] + "\n"
			case ".htaccess":
				want = fmt.Sprintf("Header always set %s %q\n", h[0], h[1])
			case "nginx.conf":
				want = fmt.Sprintf("add_header %s %q always;\n", h[0], h[1])
			}
			if !strings.Contains(text, want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
	}
}

// TestBrowserDist: dist/ served by a plain static file server (no headers of ours: the policy
// comes from index.html's meta tag) checks, shares and opens a link made for it, as
// `gatehouse link --base` makes them.
func TestBrowserDist(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	if err := site.WriteDist(dir); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var served []string
	static := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		served = append(served, r.URL.Path)
		mu.Unlock()
		http.FileServer(http.Dir(dir)).ServeHTTP(w, r)
	}))
	defer static.Close()

	// A link to the hosted copy, as `gatehouse link --base URL` writes it.
	encoded := core.EncodeState(core.EncodeStateRequest{State: core.State{Pane: "decision"}})
	if len(encoded.Problems) > 0 {
		t.Fatal(encoded.Problems)
	}
	fragment := encoded.Fragment
	ctx := h.newTab("dist")
	h.open(ctx, "dist", static.URL+"/"+fragment)
	if pane := evaluate[string](h, ctx, `document.body.dataset.pane`); pane != "decision" {
		t.Errorf("the link opened the %q pane, want decision", pane)
	}
	h.do(ctx, "gate a call on the hosted copy", stepLimit,
		chooseExample("#decision-examples", "send-deny"),
		waitTrue(`document.getElementById('decision-summary').dataset.state === 'deny'`))
	link := h.share(ctx)
	if !strings.HasPrefix(link, static.URL+"/#v1.") {
		t.Errorf("the shared link %q does not point at the hosted copy", link)
	}
	h.checkNoCSPViolations()
	mu.Lock()
	defer mu.Unlock()
	for _, p := range served {
		if p != "/" && !slices.Contains(site.Paths(), p) {
			t.Errorf("the page asked the static server for %s, which is not one of its files", p)
		}
	}
}

// TestBrowserSingleFile: `make single`'s file, opened from disk, checks with the same policy
// (hashes for its one script and style, never 'unsafe-inline'), and asks for nothing.
func TestBrowserSingleFile(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "gatehouse.html")
	// What `make single` runs: the page's modules bundled by esbuild, then written as one file.
	cmd := exec.Command("go", "run", "./publish", "-app", "app.js", "-worker", "worker.js", "-single", file)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run ./publish -single: %v\n%s", err, out)
	}
	page, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	policy := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]+)">`).FindSubmatch(page)
	if policy == nil {
		t.Fatal("the single file has no policy")
	}
	if p := string(policy[1]); strings.Contains(p, "unsafe-inline") || !strings.Contains(p, "script-src 'sha256-") ||
		!strings.Contains(p, "style-src 'sha256-") || !strings.Contains(p, "connect-src 'none'") || !strings.Contains(p, "default-src 'none'") {
		t.Errorf("the single file's policy is %s", p)
	}
	t.Logf("the single file: %d bytes", len(page))

	ctx := h.newTab("single")
	var mu sync.Mutex
	var urls []string
	chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			urls = append(urls, e.Request.URL)
			mu.Unlock()
		}
	})
	h.do(ctx, "open the file", stepLimit,
		chromedp.Navigate("file://"+file),
		waitTrue(`document.body.dataset.restored === 'true'`))
	if state := evaluate[string](h, ctx, `document.body.dataset.checker`); state != "ready" {
		t.Fatalf("the checker did not start from the single file: %q (%s)", state, evaluate[string](h, ctx, `document.getElementById('checker-status').textContent`))
	}
	h.do(ctx, "check in the single file", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-diff")),
		chooseExample("#diff-examples", "rug-pull"),
		waitTrue(`document.getElementById('diff-summary').dataset.state === 'high'`),
		typeText("#diff-right", `{"tools": [`),
		waitTrue(`document.getElementById('diff-summary').dataset.state === 'problems'`))
	h.checkNoCSPViolations()
	mu.Lock()
	defer mu.Unlock()
	for _, u := range urls {
		if !strings.HasPrefix(u, "file://") && !strings.HasPrefix(u, "blob:") && !strings.HasPrefix(u, "data:") {
			t.Errorf("the single file asked for %s", u)
		}
	}
	h.mu.Lock()
	for _, c := range h.console {
		t.Errorf("console: %s", c)
	}
	h.mu.Unlock()
}
