package site_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/gatehouse-dev/gatehouse/core"
	"github.com/gatehouse-dev/gatehouse/site"
)

// BenchmarkBrowserLinkCold measures what a colleague opening a shared link to the Decision pane
// pays on a first visit (a fresh profile per run): the time from navigation to the link's verdict
// on show, and the bytes the server sent meanwhile. The Schema pane alone needs only the Schema
// module; a link to another pane starts on the whole module (its pane is read from the link's
// first characters), and sw.js fetches the Schema module beside it for offline use. Run with
// -benchtime=1x; GATEHOUSE_MEASURE_RUNS sets the runs (3).
func BenchmarkBrowserLinkCold(b *testing.B) {
	if !site.HasWasm() {
		b.Fatal("the generated files are not embedded: run `make wasm`")
	}
	chromium := chromiumPath()
	if chromium == "" {
		b.Fatal("no Chromium found: install it (apt-get install -y chromium) or set $CHROMIUM")
	}
	fragment := decisionLink(b)
	for b.Loop() {
		measureLink(b, chromium, fragment)
	}
}

// decisionLink is a shared link to the Decision pane holding a call its policy denies.
func decisionLink(t testing.TB) string {
	t.Helper()
	read := func(name string) string {
		body, err := os.ReadFile(filepath.Join("..", "testdata", "gate", "send-email-grant-missing", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(body)
	}
	var state core.State
	state.Pane = "decision"
	state.Panes.Decision.Call, state.Panes.Decision.Catalog, state.Panes.Decision.Policy = read("call.json"), read("catalog.json"), read("policy.json")
	link := core.EncodeState(core.EncodeStateRequest{State: state})
	if link.Fragment == "" {
		t.Fatalf("no link: %v", link.Problems)
	}
	return link.Fragment
}

func measureLink(b *testing.B, chromium, fragment string) {
	var sent atomic.Int64
	page := site.Handler()
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		page.ServeHTTP(countingWriter{w, &sent}, r)
	}))
	defer server.Close()
	for _, p := range site.Paths() { // compressed once per process, as in BenchmarkBrowserReady
		req := httptest.NewRequest(http.MethodGet, p, nil)
		req.Header.Set("Accept-Encoding", "br, gzip")
		page.ServeHTTP(httptest.NewRecorder(), req)
	}
	runs := 3
	if n, err := strconv.Atoi(os.Getenv("GATEHOUSE_MEASURE_RUNS")); err == nil && n > 0 {
		runs = n
	}
	var times []int
	var bytes []int64
	for i := range runs {
		ms, n, _ := linkRun(b, chromium, server.URL+"/"+fragment, &sent, "")
		b.Logf("run %d: the link's verdict %d ms after navigation, %d bytes sent", i+1, ms, n)
		times = append(times, ms)
		bytes = append(bytes, n)
	}
	slices.Sort(times)
	slices.Sort(bytes)
	b.ReportMetric(float64(times[len(times)/2]), "ms/link-verdict-cold")
	b.ReportMetric(float64(bytes[len(bytes)/2]), "bytes/link-visit")
	b.Logf("measure: a Decision link, cold (fresh profile, %d runs): verdict %d–%d ms (median %d), %.2f MB sent",
		runs, times[0], times[len(times)-1], times[len(times)/2], float64(bytes[len(bytes)/2])/1e6)
}

// linkRun opens url in a Chromium of its own and returns the ms from navigation to the Decision
// pane's verdict, the bytes the server sent until then and, when asked, what the expression
// then evaluates to in the page.
func linkRun(t testing.TB, chromium, url string, sent *atomic.Int64, then string) (int, int64, string) {
	t.Helper()
	opts := browserOptions(chromium, t.TempDir())
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(allocCtx)
	defer cancel()
	ctx, cancelTime := context.WithTimeout(ctx, 3*stepLimit)
	defer cancelTime()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting %s: %v", chromium, err)
	}
	before := sent.Load()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("opening the link: %v", err)
	}
	// The verdict's time is taken in the page, when it first shows.
	ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`new Promise((resolve) => {
		const done = () => document.getElementById('decision-summary')?.dataset.state === 'deny';
		if (done()) return resolve(performance.now());
		new MutationObserver((_, observer) => { if (done()) { observer.disconnect(); resolve(performance.now()); } })
			.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("the link's verdict: %v", err)
	}
	n := sent.Load() - before
	var value string
	if then != "" {
		if value, err = chromedp.Run(ctx, chromedp.Evaluate[string](then)); err != nil {
			t.Fatalf("%s: %v", then, err)
		}
	}
	return int(ms), n, value
}

// TestBrowserLinkStartsOnItsModule: a shared link names its pane before its compressed texts
// (internal/state, Encode), so a first visit to a Decision link starts on the whole module at
// once, fetched once (sw.js keeps the Schema module for offline use, in the background).
func TestBrowserLinkStartsOnItsModule(t *testing.T) {
	if !site.HasWasm() {
		t.Fatal("the generated files are not embedded: run `make wasm`")
	}
	chromium := chromiumPath()
	if chromium == "" {
		t.Fatal("no Chromium found: install it (apt-get install -y chromium) or set $CHROMIUM")
	}
	fragment := decisionLink(t)
	var mu sync.Mutex
	sentWhole := map[string]int{}
	var sent atomic.Int64
	page := site.Handler()
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-None-Match") == "" { // a revalidation is answered without a body
			mu.Lock()
			sentWhole[r.URL.Path]++
			mu.Unlock()
		}
		page.ServeHTTP(countingWriter{w, &sent}, r)
	}))
	defer server.Close()
	_, _, first := linkRun(t, chromium, server.URL+"/"+fragment, &sent, `document.body.dataset.firstModule`)
	if first != "gatehouse.wasm" {
		t.Errorf("a Decision link started on %q, want gatehouse.wasm", first)
	}
	mu.Lock()
	defer mu.Unlock()
	if n := sentWhole["/gatehouse.wasm"]; n != 1 {
		t.Errorf("a Decision link asked for gatehouse.wasm %d times, want once", n)
	}
}
