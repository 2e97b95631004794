package site_test

// Browser tests: the page served by site.Handler on 127.0.0.1, driven in headless Chromium.
// They need the checker (site/gatehouse.wasm, from `make wasm`) and a Chromium binary; without
// either they skip loudly, unless GATEHOUSE_REQUIRE_BROWSER=1 (make test) turns that into a
// failure. Every test records every request the browser makes and that the server sees, and
// checks that only the page's own files were fetched and that no request carried pane text.
//
// Screenshots land in $TMPDIR/gatehouse-*.png for a person to look at.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/internal/testenv"

	"github.com/gatehouse-dev/gatehouse/site"
)

// The seed 000 texts (seeds/000_*.txt), as a person would type them.
// Seed 000's decision and schema, as testdata/seed000 holds them (checked against the article by
// core's tests).
var (
	seedDecision = testenv.SeedText("decision.json")
	seedSchema   = testenv.SeedText("schema.json")
)

// Time limits of one step. A step takes well under a second on an idle machine (the first load,
// which compiles the wasm and compresses it on the server, a few); the limits are generous so a
// busy CI machine does not fail the tests, while a page that never answers still does.
const (
	stepLimit  = 60 * time.Second
	shortLimit = 15 * time.Second
)

// paneMarkers are strings of the pane texts the tests use; no request URL may contain one.
var paneMarkers = []string{"send_email", "argumentsValid", "read_inbox", "grant_missing", "id_rsa", "search_docs"}

// skipOrFail skips with a loud message, or fails when the environment demands the browser tests.
func skipOrFail(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if os.Getenv("GATEHOUSE_REQUIRE_BROWSER") == "1" {
		t.Fatal(msg + " (GATEHOUSE_REQUIRE_BROWSER=1)")
	}
	t.Skip("SKIPPED, NOT TESTED: " + msg)
}

// chromiumPath finds the browser: $CHROMIUM, else the usual names on PATH.
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// A request is one request the page made, as the browser reported it.
type request struct {
	tab, url, method string
	postData         bool
	afterLoad        bool
}

// A harness is one test's server and browser, with what both saw.
type harness struct {
	t      testing.TB
	server *httptest.Server

	mu         sync.Mutex
	served     []string       // "METHOD /path?query", as the server saw them
	bodies     map[string]int // path → how many responses sent it whole (200, not 304)
	requests   []request
	loaded     map[string]bool // tab → the page has loaded, so later requests count as "after load"
	console    []string        // exceptions and CSP refusals: any is a failure
	consoleAll []string        // every console message, shown when a step fails
	browserCtx context.Context
	tabs       []tab
}

// newHarness starts the page's server and a fresh headless Chromium.
func newHarness(t testing.TB) *harness {
	t.Helper()
	if testing.Short() && os.Getenv("GATEHOUSE_REQUIRE_BROWSER") != "1" {
		t.Skip("SKIPPED, NOT TESTED: browser tests are not run with -short")
	}
	if !site.HasWasm() {
		skipOrFail(t, "site/gatehouse.wasm and site/wasm_exec.js are not embedded: run `make wasm`, then test again")
	}
	chromium := chromiumPath()
	if chromium == "" {
		skipOrFail(t, "no Chromium found: install it (apt-get install -y chromium) or set $CHROMIUM")
	}

	h := &harness{t: t, loaded: map[string]bool{}, bodies: map[string]int{}}
	page := site.Handler()
	h.server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.mu.Lock()
		h.served = append(h.served, r.Method+" "+r.URL.RequestURI())
		h.mu.Unlock()
		rec := &statusWriter{ResponseWriter: w}
		page.ServeHTTP(rec, r)
		if rec.status == http.StatusOK && r.Method == http.MethodGet {
			h.mu.Lock()
			h.bodies[r.URL.Path]++
			h.mu.Unlock()
		}
	}))
	t.Cleanup(h.server.Close)

	browserCtx, err := sharedBrowser(chromium)
	if err != nil {
		t.Fatalf("starting %s: %v", chromium, err)
	}
	h.browserCtx = browserCtx
	return h
}

// statusWriter keeps the status a response was sent with.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// The browser is started once for all the tests (each test's tabs get fresh browser contexts,
// so nothing is shared between them but the process) and stopped by TestMain.
var browser struct {
	once    sync.Once
	ctx     context.Context
	err     error
	dataDir string
	stop    []func()
}

func sharedBrowser(chromium string) (context.Context, error) {
	browser.once.Do(func() {
		dir, err := os.MkdirTemp("", "gatehouse-chromium-")
		if err != nil {
			browser.err = err
			return
		}
		browser.dataDir = dir
		opts := browserOptions(chromium, dir)
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelBrowser := chromedp.NewContext(allocCtx)
		browser.stop = []func(){cancelBrowser, cancelAlloc}
		browser.ctx = ctx
		browser.err = chromedp.Do(ctx)
	})
	return browser.ctx, browser.err
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, stop := range browser.stop {
		stop()
	}
	if browser.dataDir != "" {
		os.RemoveAll(browser.dataDir)
	}
	os.Exit(code)
}

// newTab opens a tab in a fresh browser context (no storage, cache or service worker shared with
// other tabs), recording its requests and console.
func (h *harness) newTab(name string) context.Context {
	h.t.Helper()
	ctx, cancel := chromedp.NewContext(h.browserCtx, chromedp.WithNewBrowserContext())
	h.t.Cleanup(cancel)
	err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			h.mu.Lock()
			h.requests = append(h.requests, request{
				tab: name, url: e.Request.URL, method: e.Request.Method,
				postData: e.Request.HasPostData, afterLoad: h.loaded[name],
			})
			h.mu.Unlock()
		}
	})
	if err != nil {
		h.t.Fatalf("listening to the tab: %v", err)
	}
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			text := name + ": " + string(m.Type) + ": " + m.Text
			h.mu.Lock()
			h.consoleAll = append(h.consoleAll, text)
			if m.Type == chromedp.ConsoleException || strings.Contains(m.Text, "Content Security Policy") {
				h.console = append(h.console, text)
			}
			h.mu.Unlock()
		}
	}()
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		// Every refusal of the Content-Security-Policy in the page is kept, to be counted by
		// checkRequests: the page must cause none (CodeMirror's styles included).
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: cspRecorder})
		return err
	})); err != nil {
		h.t.Fatalf("enabling network events: %v", err)
	}
	h.mu.Lock()
	h.tabs = append(h.tabs, tab{name, ctx})
	h.mu.Unlock()
	return ctx
}

// cspRecorder runs in every page before its own scripts and keeps each securitypolicyviolation.
const cspRecorder = `window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
	window.cspViolations.push(e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber);
});`

// A tab is one of the test's browser tabs.
type tab struct {
	name string
	ctx  context.Context
}

// checkNoCSPViolations fails the test for each securitypolicyviolation a tab saw.
func (h *harness) checkNoCSPViolations() {
	h.t.Helper()
	h.mu.Lock()
	tabs := slices.Clone(h.tabs)
	h.mu.Unlock()
	for _, tab := range tabs {
		v, err := chromedp.Run(tab.ctx, chromedp.Evaluate[[]string](`window.cspViolations ?? ['the recorder did not run']`))
		if err != nil {
			continue // the tab has gone (its server was closed, or it navigated away and back)
		}
		for _, violation := range v {
			h.t.Errorf("%s: Content-Security-Policy violation: %s", tab.name, violation)
		}
	}
}

// open loads a URL in the tab and waits until the checker is ready and the link's state applied.
func (h *harness) open(ctx context.Context, tab, link string) {
	h.t.Helper()
	shown := link
	if len(shown) > 120 {
		shown = shown[:120] + fmt.Sprintf("… (%d characters)", len(link))
	}
	h.do(ctx, "open "+shown, stepLimit,
		chromedp.Navigate(link),
		waitTrue(`document.body.dataset.restored === 'true'`))
	state := evaluate[string](h, ctx, `document.body.dataset.checker`)
	if state != "ready" {
		h.t.Fatalf("the checker did not start: %q (%s)", state, evaluate[string](h, ctx, `document.getElementById('checker-status').textContent`))
	}
	h.t.Logf("checker ready %s ms after navigation", evaluate[string](h, ctx, `document.body.dataset.readyMs`))
	h.mu.Lock()
	h.loaded[tab] = true
	h.mu.Unlock()
}

// do runs actions with a time limit, failing the test with what was being done.
func (h *harness) do(ctx context.Context, what string, limit time.Duration, actions ...chromedp.Action[chromedp.Void]) {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	start := time.Now()
	if err := chromedp.Do(ctx, actions...); err != nil {
		h.screenshot(context.WithoutCancel(ctx), "failed-"+h.t.Name())
		h.mu.Lock()
		h.t.Logf("console:\n%s", strings.Join(h.consoleAll, "\n"))
		h.mu.Unlock()
		h.t.Fatalf("%s: %v", what, err)
	}
	h.t.Logf("%s: %v", what, time.Since(start).Round(time.Millisecond))
}

// evaluate returns the value of a JavaScript expression in the page.
func evaluate[T any](h *harness, ctx context.Context, expr string) T {
	h.t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		h.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// waitTrue waits until a JavaScript expression is truthy; the step's time limit bounds the wait.
func waitTrue(expr string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Poll[any](expr, chromedp.WithPollingTimeout(0), chromedp.WithPollingInterval(50*time.Millisecond))(ctx, t)
		if errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("gave up waiting for %s", expr)
		}
		return chromedp.Void{}, err
	}
}

// editorJS is the JavaScript expression of the page's Editor whose element matches selector
// (editor.js sets it on the element; its view is CodeMirror's).
func editorJS(selector string) string {
	return fmt.Sprintf(`document.querySelector(%q).editor`, selector)
}

// typeText replaces the whole text of an editor as a person pasting would: focus, select all,
// insert (through the browser's input pipeline, so the editor sees real input events).
func typeText(selector, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			const e = %s;
			e.focus();
			e.view.dispatch({ selection: { anchor: 0, head: e.view.state.doc.length } });
		})()`, editorJS(selector))),
		insertText(text))
}

// replaceText selects the first occurrence of old in an editor and types replacement over it.
func replaceText(selector, old, replacement string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			const e = %s;
			const old = %q;
			const at = e.value.indexOf(old);
			if (at < 0) throw new Error('text not found');
			e.focus();
			e.view.dispatch({ selection: { anchor: at, head: at + old.length } });
		})()`, editorJS(selector), old)),
		insertText(replacement))
}

// typeInput replaces the text of an input element as typing would.
func typeInput(selector, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Focus(chromedp.CSS(selector)),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).select()`, selector)),
		insertText(text))
}

func insertText(text string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: text})
		return err
	})
}

// chooseExample opens an Examples menu with a click and chooses one of its entries.
func chooseExample(selector, id string) chromedp.Action[chromedp.Void] {
	item := fmt.Sprintf(`[popover]:popover-open [data-example=%q]`, id)
	return chromedp.Steps(
		chromedp.Click(chromedp.CSS(selector)),
		waitTrue(fmt.Sprintf(`document.querySelector(%q) !== null`, item)),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).click()`, item)))
}

// share presses Share and returns the link it made.
func (h *harness) share(ctx context.Context) string {
	h.t.Helper()
	h.do(ctx, "share", stepLimit,
		chromedp.Evaluate[chromedp.Void](`document.getElementById('share-box').dataset.ready = ''`),
		chromedp.Click(chromedp.CSS("#share")),
		waitTrue(`document.getElementById('share-box').dataset.ready === 'true'`))
	link := evaluate[string](h, ctx, `document.getElementById('share-link').value`)
	if !strings.Contains(link, "#v1.") {
		h.t.Fatalf("the shared link has no state: %q", link)
	}
	if href := evaluate[string](h, ctx, `location.href`); href != link {
		h.t.Errorf("the address bar (%q) differs from the shared link (%q)", href, link)
	}
	return link
}

// screenshot saves the whole page for a person to look at.
func (h *harness) screenshot(ctx context.Context, name string) {
	h.t.Helper()
	// Rows off screen are skipped by content-visibility, so a full-page picture would show them
	// blank: have them drawn first.
	chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('li').forEach((e) => { e.style.contentVisibility = 'visible'; })`))
	h.keepPicture(ctx, name, chromedp.FullScreenshot(100))
}

// checkRequests asserts that the browser fetched only the page's own files, from the page's own
// origin, with GET and no body, and that no URL carried pane text; the server's log must agree.
func (h *harness) checkRequests() {
	h.t.Helper()
	h.checkNoCSPViolations()
	h.mu.Lock()
	defer h.mu.Unlock()
	origin, _ := url.Parse(h.server.URL)
	allowed := site.Paths()
	for _, r := range h.requests {
		u, err := url.Parse(r.url)
		if err != nil {
			h.t.Errorf("%s: unreadable request URL %q", r.tab, r.url)
			continue
		}
		if u.Scheme == "data" || u.Scheme == "blob" {
			continue // the inline favicon, a file the page makes to save: not network requests
		}
		switch {
		case u.Host != origin.Host || u.Scheme != origin.Scheme:
			h.t.Errorf("%s: request to another origin: %s %s", r.tab, r.method, r.url)
		case !slices.Contains(allowed, u.Path):
			h.t.Errorf("%s: request for something that is not a page file: %s %s", r.tab, r.method, r.url)
		case r.method != http.MethodGet || r.postData:
			h.t.Errorf("%s: request that is not a plain GET: %s %s (body: %v)", r.tab, r.method, r.url, r.postData)
		case u.RawQuery != "":
			h.t.Errorf("%s: request with a query: %s", r.tab, r.url)
		}
		if r.afterLoad {
			for _, marker := range paneMarkers {
				if strings.Contains(r.url, marker) {
					h.t.Errorf("%s: a request after load carried pane text %q: %s", r.tab, marker, r.url)
				}
			}
		}
	}
	for _, s := range h.served {
		method, uri, _ := strings.Cut(s, " ")
		if method != http.MethodGet || !slices.Contains(allowed, uri) {
			h.t.Errorf("the server saw a request that is not a page file: %s", s)
		}
	}
	if len(h.requests) == 0 || len(h.served) == 0 {
		h.t.Errorf("no request was recorded (browser %d, server %d): the recording is broken", len(h.requests), len(h.served))
	}
	for _, c := range h.console {
		h.t.Errorf("console: %s", c)
	}
	h.t.Logf("%d requests seen by the browser, %d by the server, all the page's own files", len(h.requests), len(h.served))
}

// TestBrowserSchemaPane: type the seed 000 decision and schema, see "valid"; break the decision,
// see the problem at its line; share, open the link in a fresh browser context, see the same.
func TestBrowserSchemaPane(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("first")
	h.open(ctx, "first", h.server.URL+"/")

	h.do(ctx, "type the seed texts", stepLimit,
		typeText("#schema-instance", seedDecision),
		typeText("#schema-schema", seedSchema),
		waitTrue(`document.getElementById('schema-summary').dataset.state === 'valid'`))
	if got := evaluate[string](h, ctx, `document.getElementById('schema-summary').textContent`); !strings.Contains(got, "valid") {
		t.Errorf("summary = %q, want it to say valid", got)
	}

	// decision "yes": the seed's first invalid document, a problem on line 6.
	h.do(ctx, "break the decision", stepLimit,
		replaceText("#schema-instance", `"deny"`, `"yes"`),
		waitTrue(`document.getElementById('schema-summary').dataset.state === 'invalid'`))
	where := evaluate[string](h, ctx, `document.querySelector('#pane-schema .problem .where').textContent`)
	if where != "instance 6:15" {
		t.Errorf("the first problem is at %q, want instance 6:15", where)
	}
	if msg := evaluate[string](h, ctx, `document.querySelector('#pane-schema .problem .message').textContent`); !strings.Contains(msg, "allow") {
		t.Errorf("the problem says %q, want the allowed values", msg)
	}
	// The problem is marked at its exact range ("yes", quotes included), with a gutter marker.
	instance := editorJS("#schema-instance")
	wantOffset := strings.Index(strings.Replace(seedDecision, `"deny"`, `"yes"`, 1), `"yes"`)
	h.do(ctx, "see the problem marked", shortLimit,
		waitTrue(fmt.Sprintf(`JSON.stringify(%s.marks.map(m => [m.from, m.to])) === '[[%d,%d]]'`, instance, wantOffset, wantOffset+5)),
		waitTrue(`document.getElementById('schema-instance').shadowRoot.querySelector('.cm-lint-marker-error') !== null`),
		waitTrue(`document.getElementById('schema-instance').shadowRoot.querySelector('.cm-lintRange-error')?.textContent === '"yes"'`))
	// Clicking the problem selects its range in the instance.
	h.do(ctx, "click the problem", shortLimit, chromedp.Click(chromedp.CSS("#pane-schema .problem button")))
	cursor := evaluate[[]any](h, ctx, `[document.activeElement.id, `+instance+`.selection.from, `+instance+`.selection.to]`)
	if fmt.Sprint(cursor) != fmt.Sprint([]any{"schema-instance", float64(wantOffset), float64(wantOffset + 5)}) {
		t.Errorf("after the click, focus and selection = %v, want [schema-instance %d %d]", cursor, wantOffset, wantOffset+5)
	}
	h.screenshot(ctx, "schema")

	link := h.share(ctx)
	other := h.newTab("second")
	h.open(other, "second", link)
	h.do(other, "see the shared result", stepLimit,
		waitTrue(`document.getElementById('schema-summary').dataset.state === 'invalid'`))
	wantInstance := strings.Replace(seedDecision, `"deny"`, `"yes"`, 1)
	if got := evaluate[string](h, other, editorJS("#schema-instance")+`.value`); got != wantInstance {
		t.Errorf("the link restored the instance as %q, want %q", got, wantInstance)
	}
	if got := evaluate[string](h, other, editorJS("#schema-schema")+`.value`); got != seedSchema {
		t.Errorf("the link restored the schema as %q, want the seed schema", got)
	}
	h.checkRequests()
}

// TestBrowserLinks: a damaged fragment says so clearly and leaves empty panes; the language
// picker switches the page's words; texts too large for a link are refused with a message.
func TestBrowserLinks(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("damaged")
	h.open(ctx, "damaged", h.server.URL+"/#v1.AAAA-this-is-not-deflate")
	if code := evaluate[string](h, ctx, `document.getElementById('notice').hidden ? '' : document.getElementById('notice').dataset.code`); code != "damaged" {
		t.Errorf("notice = %q, want the damaged-link notice", code)
	}
	if text := evaluate[string](h, ctx, editorJS("#schema-instance")+`.value + `+editorJS("#schema-schema")+`.value`); text != "" {
		t.Errorf("the panes are not empty: %q", text)
	}
	h.do(ctx, "switch to French", shortLimit,
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('lang'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`),
		waitTrue(`document.getElementById('tab-schema').textContent === 'Schéma'`))
	if lang := evaluate[string](h, ctx, `document.documentElement.lang`); lang != "fr" {
		t.Errorf("html lang = %q, want fr", lang)
	}
	// The checker's own messages follow the page's language (issue 10).
	h.do(ctx, "a problem, in French", stepLimit,
		chromedp.Evaluate[chromedp.Void](editorJS("#schema-schema")+`.value = '{"type": "string"}'`),
		chromedp.Evaluate[chromedp.Void](editorJS("#schema-instance")+`.value = '42'`),
		waitTrue(`document.getElementById('schema-summary').dataset.state === 'invalid'`))
	if text := evaluate[string](h, ctx, `document.getElementById('pane-schema').textContent`); !strings.Contains(text, "number trouvé, string attendu") {
		t.Errorf("the Schema pane in French does not say %q", "number trouvé, string attendu")
	}
	h.do(ctx, "back to English, the message too", stepLimit,
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('lang'); s.value = 'en'; s.dispatchEvent(new Event('change')); })()`),
		waitTrue(`document.getElementById('pane-schema').textContent.includes('got number, want string')`))
	h.do(ctx, "French again", shortLimit,
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('lang'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`),
		waitTrue(`document.getElementById('tab-schema').textContent === 'Schéma'`))
	// The page reads the checker's answers with numbers exact (JSON.rawJSON, in Chromium).
	exact, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`import('./text.js').then((m) => JSON.stringify(m.parseExact('{"n":12345678901234567890,"m":[1.5]}')))`,
		chromedp.EvalAwaitPromise))
	if err != nil || exact != `{"n":12345678901234567890,"m":[1.5]}` {
		t.Errorf("parseExact in the page = %q, %v; want the number kept exact", exact, err)
	}

	// 2.3 MB that deflate cannot shrink much: the link would be cut, so Share says so and the
	// page drops the fragment rather than leave a broken link in the address bar.
	h.do(ctx, "paste 2.3 MB", stepLimit,
		chromedp.Evaluate[chromedp.Void](`(() => {
			const chunks = [];
			for (let i = 0; i < 26; i++) {
				const bytes = crypto.getRandomValues(new Uint8Array(65536));
				chunks.push(btoa(String.fromCharCode(...bytes)));
			}
			document.getElementById('schema-instance').editor.value = '"' + chunks.join('') + '"';
		})()`),
		waitTrue(`document.getElementById('schema-summary').dataset.state !== 'busy'`),
		chromedp.Click(chromedp.CSS("#share")),
		waitTrue(`!document.getElementById('notice').hidden && document.getElementById('notice').dataset.code === 'too-large'`))
	if hash := evaluate[string](h, ctx, `location.hash`); hash != "" {
		t.Errorf("the address bar kept a fragment of %d characters", len(hash))
	}
	h.checkRequests()
}

// TestBrowserDecisionPane: the send_email example is denied (grant_missing); adding "send" to
// the grant flips it to allow; the shared link reopens with the same verdict.
func TestBrowserDecisionPane(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("first")
	h.open(ctx, "first", h.server.URL+"/")
	h.do(ctx, "load the send_email example", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-decision")),
		chooseExample("#decision-examples", "send-deny"),
		waitTrue(`document.getElementById('decision-summary').dataset.state === 'deny'`))
	if reason := evaluate[string](h, ctx, `document.querySelector('#pane-decision .verdict').dataset.reason`); reason != "grant_missing" {
		t.Errorf("reason = %q, want grant_missing", reason)
	}
	if word := evaluate[string](h, ctx, `document.querySelector('#pane-decision .verdict-word').textContent`); !strings.Contains(word, "DENY") {
		t.Errorf("the verdict reads %q, want the word DENY (not colour alone)", word)
	}
	h.screenshot(ctx, "decision-deny")

	h.do(ctx, "add send to the grant", stepLimit,
		replaceText("#decision-policy", `"grant": ["read_inbox"]`, `"grant": ["read_inbox", "send"]`),
		waitTrue(`document.getElementById('decision-summary').dataset.state === 'allow'`))
	h.screenshot(ctx, "decision-allow")

	link := h.share(ctx)
	other := h.newTab("second")
	h.open(other, "second", link)
	h.do(other, "see the shared verdict", stepLimit,
		waitTrue(`document.getElementById('decision-summary').dataset.state === 'allow'`))
	if pane := evaluate[string](h, other, `document.body.dataset.pane`); pane != "decision" {
		t.Errorf("the link opened the %q pane, want decision", pane)
	}
	h.checkRequests()
}

// TestBrowserDiffPane: the rug-pull example flags search_docs as changed, high risk, with its
// reasons, the description's word diff and the lint findings of the right catalog.
func TestBrowserDiffPane(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("first")
	h.open(ctx, "first", h.server.URL+"/")
	h.do(ctx, "load the rug-pull example", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-diff")),
		chooseExample("#diff-examples", "rug-pull"),
		waitTrue(`document.getElementById('diff-summary').dataset.state === 'high'`))
	// The lint legend says what each severity means and lists every rule under the severity it gives.
	if n := evaluate[int](h, ctx, `document.querySelectorAll('#lint-legend li[data-rule]').length`); n != len(core.About(core.AboutRequest{}).LintRules) {
		t.Errorf("the lint legend lists %d rules", n)
	}
	if dts := evaluate[int](h, ctx, `document.querySelectorAll('#lint-legend dt').length`); dts != 3 {
		t.Errorf("the lint legend explains %d severities, want 3", dts)
	}
	row := `document.querySelector('#pane-diff .tool-row[data-tool="search_docs"]')`
	if risk := evaluate[string](h, ctx, row+`.dataset.risk`); risk != "high" {
		t.Errorf("search_docs risk = %q, want high", risk)
	}
	reasons := evaluate[[]string](h, ctx, `[...`+row+`.querySelectorAll('.reasons li')].map(li => li.textContent)`)
	if len(reasons) == 0 || !strings.Contains(strings.Join(reasons, " "), "description") {
		t.Errorf("search_docs reasons = %q, want at least one about its description", reasons)
	}
	if inserted := evaluate[string](h, ctx, row+`.querySelector('.word-diff ins')?.textContent ?? ''`); !strings.Contains(inserted, "id_rsa") {
		t.Errorf("the word diff inserts %q, want the text asking for id_rsa", inserted)
	}
	if high := evaluate[int](h, ctx, `document.querySelectorAll('#pane-diff .lint .finding.severity-high').length`); high == 0 {
		t.Error("the lint panel shows no high finding for the poisoned description")
	}
	h.screenshot(ctx, "diff")
	h.checkRequests()
}

// TestBrowserReloadFromCopy: once the service worker has kept the page, a reload is answered
// from its copy: the server sees no request for any page file (the browser may still ask for
// sw.js, to find a new version), and the checker starts as on the first visit.
func TestBrowserReloadFromCopy(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("reload")
	h.open(ctx, "reload", h.server.URL+"/")
	// Wait until the service worker controls the tab and has kept every file of the page.
	files := len(serviceWorkerList(t, "pageFiles"))
	deadline := time.Now().Add(stepLimit)
	for {
		kept, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`navigator.serviceWorker.ready
			.then(() => caches.keys())
			.then((names) => caches.open(names.find((n) => /^gatehouse-[0-9a-f]{32}$/.test(n)) ?? 'none'))
			.then((cache) => cache.keys())
			.then((kept) => navigator.serviceWorker.controller !== null && kept.length === %d)`, files), chromedp.EvalAwaitPromise))
		if err == nil && kept {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the service worker did not keep the page's %d files: %v", files, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	h.mu.Lock()
	before := len(h.served)
	h.mu.Unlock()
	h.do(ctx, "reload", stepLimit,
		chromedp.Reload(),
		waitTrue(`document.body.dataset.restored === 'true' && document.body.dataset.checker === 'ready'`))
	h.mu.Lock()
	asked := slices.Clone(h.served[before:])
	h.mu.Unlock()
	for _, r := range asked {
		if r != "GET /sw.js" {
			t.Errorf("the reload asked the server for %q; want every page file from the service worker's copy (all: %v)", r, asked)
		}
	}
	h.checkRequests()
}

// TestBrowserOffline: once loaded, the page works with the server gone (the service worker
// answers from its copy): a shared link opens, the checker runs, Format keeps numbers exact; and
// the whole module, kept once a pane used it (it is not installed with the page), still decides.
func TestBrowserOffline(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("offline")
	h.open(ctx, "offline", h.server.URL+"/")
	h.do(ctx, "decide once online", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-decision")),
		chooseExample("#decision-examples", "send-deny"),
		waitTrue(`document.getElementById('decision-summary').dataset.state === 'deny'`),
		chromedp.Click(chromedp.CSS("#tab-schema")))
	h.do(ctx, "type a text", stepLimit,
		typeText("#schema-instance", `{"n":12345678901234567890,"list":[1,2]}`),
		typeText("#schema-schema", `{"type":"object","required":["n"]}`),
		waitTrue(`document.getElementById('schema-summary').dataset.state === 'valid'`))
	link := h.share(ctx)

	// Wait until the service worker has kept the whole page, both modules included.
	deadline := time.Now().Add(stepLimit)
	for {
		kept, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`navigator.serviceWorker.ready
			.then(() => caches.keys())
			.then((names) => caches.open(names.find((n) => /^gatehouse-[0-9a-f]{32}$/.test(n)) ?? 'none'))
			.then((cache) => Promise.all(['./', 'app.js', 'worker.js', 'wasm_exec.js', 'gatehouse-schema.wasm', 'gatehouse.wasm', 'codemirror.js'].map((f) => cache.match(f))))
			.then((hits) => hits.every(Boolean))`, chromedp.EvalAwaitPromise))
		if err == nil && kept {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the service worker did not keep the page's files: %v", err)
		}
		time.Sleep(200 * time.Millisecond)
	}

	h.server.CloseClientConnections()
	h.server.Close()
	h.do(ctx, "reload with the server gone", stepLimit,
		chromedp.Reload(),
		waitTrue(`document.body.dataset.restored === 'true'`))
	if state := evaluate[string](h, ctx, `document.body.dataset.checker`); state != "ready" {
		t.Fatalf("offline, the checker did not start: %q", state)
	}
	if href := evaluate[string](h, ctx, `location.href`); href != link {
		t.Errorf("offline, the page is at %q, want %q", href, link)
	}
	h.do(ctx, "format offline", stepLimit,
		waitTrue(`document.getElementById('schema-summary').dataset.state === 'valid'`),
		chromedp.Click(chromedp.CSS(`#pane-schema .editor[data-source=instance] button[data-i18n="editor.format"]`)),
		waitTrue(editorJS("#schema-instance")+`.value.includes('\n')`))
	want := "{\n  \"n\": 12345678901234567890,\n  \"list\": [\n    1,\n    2\n  ]\n}\n"
	if got := evaluate[string](h, ctx, editorJS("#schema-instance")+`.value`); got != want {
		t.Errorf("formatted offline: %q, want %q", got, want)
	}
	h.do(ctx, "decide offline", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-decision")),
		chooseExample("#decision-examples", "send-deny"),
		waitTrue(`document.getElementById('decision-summary').dataset.state === 'deny'`))
	h.checkRequests()
}

// TestBrowserSchemaResources: a $ref across documents resolves from a pasted resource, and a
// problem inside that resource is named by its URL and opens it at the right place.
func TestBrowserSchemaResources(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("resources")
	h.open(ctx, "resources", h.server.URL+"/")
	const defs = "{\n  \"$defs\": {\"small\": {\"maximum\": 10}}\n}"
	h.do(ctx, "validate across two documents", stepLimit,
		typeText("#schema-instance", `{"n": 50}`),
		typeText("#schema-schema", `{"properties": {"n": {"$ref": "https://example.com/defs.json#/$defs/small"}}}`),
		chromedp.Click(chromedp.CSS("#schema-add-document")),
		typeInput("#schema-resource-url", "https://example.com/defs.json"),
		typeText("#schema-resource", defs),
		waitTrue(`document.querySelector('#pane-schema .problem .where')?.textContent === 'instance 1:7'`))

	h.do(ctx, "break the resource", stepLimit,
		replaceText("#schema-resource", "10", `"ten"`),
		waitTrue(`document.querySelector('#pane-schema .problem .where')?.textContent === 'https://example.com/defs.json 2:34'`))
	// Show the main schema, then click the problem: the resource opens with the cursor on it.
	h.do(ctx, "click the resource's problem", shortLimit,
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#pane-schema .doc-tabs button').click()`),
		chromedp.Click(chromedp.CSS("#pane-schema .problem button")))
	cursor := evaluate[[]any](h, ctx, `[document.activeElement.id, `+editorJS("#schema-resource")+`.selection.from]`)
	if want := []any{"schema-resource", float64(strings.Index(defs, "10"))}; fmt.Sprint(cursor) != fmt.Sprint(want) {
		t.Errorf("after the click, focus and cursor = %v, want %v", cursor, want)
	}
	h.checkRequests()
}

// TestBrowserSchemaDocumentTabs: the document tabs are a keyboard-usable tab list.
func TestBrowserSchemaDocumentTabs(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("tabs")
	h.open(ctx, "tabs", h.server.URL+"/")
	h.do(ctx, "add a document", shortLimit, chromedp.Click(chromedp.CSS("#schema-add-document")))
	state := `[...document.querySelectorAll('#pane-schema .doc-tab')].map(b => [b.getAttribute('aria-selected'), b.tabIndex, b.getAttribute('aria-controls')].join()).join(' | ')`
	want := "false,-1,schema-main-panel | true,0,schema-resource-panel"
	if got := evaluate[string](h, ctx, state); got != want {
		t.Errorf("tabs after adding a document: %q, want %q", got, want)
	}
	// ArrowRight from the last tab wraps to the first, which takes the focus and shows its panel.
	h.do(ctx, "arrow to the main schema", shortLimit,
		chromedp.Focus(chromedp.CSS("#schema-doc-tab-1")),
		chromedp.Evaluate[chromedp.Void](`document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}))`))
	if got := evaluate[string](h, ctx, `document.activeElement.id + ' ' + document.getElementById('schema-main-panel').hidden + ' ' + document.getElementById('schema-resource-panel').hidden`); got != "schema-doc-tab-0 false true" {
		t.Errorf("after ArrowRight: %q", got)
	}
	h.checkRequests()
}

// browserOptions start a headless Chromium with a profile of its own in dir that asks nothing of
// the network but the test server: a request anywhere else fails at once.
func browserOptions(chromium, dir string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.UserDataDir(dir),
		chromedp.WindowSize(1400, 1000),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"),
	)
}
