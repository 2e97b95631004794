package site_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/serviceworker"
	"github.com/chromedp/chromedp"

	"github.com/gatehouse-dev/gatehouse/site"
)

// BenchmarkBrowserReady takes the page's start-up measurements, once (make measure runs it with
// -benchtime=1x): for each of its runs a Chromium of its own with
// a fresh profile (so nothing is cached: neither HTTP responses, nor the service worker, nor V8's
// code cache), the first visit's transfer as the server sent it, the time from navigation until
// the checker is ready (body[data-checker=ready]) and until every pane's worker is, then two
// reloads of the same tab (the warm case: the service worker and the caches in place), and a third
// with the service worker stopped first, as the browser stops it once it has idled (~30 s): a
// person's reload after a while, where its start is paid before it can answer anything. Each
// number is a benchmark metric (the median of the runs) and a "measure:" line with the range.
// GATEHOUSE_MEASURE_RUNS sets the number of runs (5; 2 under GATEHOUSE_MEASURE=small).
func BenchmarkBrowserReady(b *testing.B) {
	if !site.HasWasm() {
		b.Fatal("the generated files are not embedded: run `make wasm`")
	}
	chromium := chromiumPath()
	if chromium == "" {
		b.Fatal("no Chromium found: install it (apt-get install -y chromium) or set $CHROMIUM")
	}
	for b.Loop() {
		measureReady(b, chromium)
	}
}

// measureReady is one run of [BenchmarkBrowserReady].
func measureReady(t *testing.B, chromium string) {
	var sent atomic.Int64
	page := site.Handler()
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		page.ServeHTTP(countingWriter{w, &sent}, r)
	}))
	defer server.Close()
	// The server compresses each file on its first request; that is paid once per process, not
	// per visit, so it is paid here before the first run.
	for _, p := range site.Paths() {
		req := httptest.NewRequest(http.MethodGet, p, nil)
		req.Header.Set("Accept-Encoding", "br, gzip")
		page.ServeHTTP(httptest.NewRecorder(), req)
	}

	runs := 5
	if os.Getenv("GATEHOUSE_MEASURE") == "small" {
		runs = 2
	}
	if n, err := strconv.Atoi(os.Getenv("GATEHOUSE_MEASURE_RUNS")); err == nil && n > 0 {
		runs = n
	}
	type visit struct{ cold, lanes, warm1, warm2, stopped int }
	var visits []visit
	var transfers []int64
	for i := range runs {
		v, transfer := readyRun(t, chromium, server.URL, &sent)
		t.Logf("run %d: cold %d ms (the shown pane's worker %d ms), reloads %d and %d ms, with the service worker stopped %d ms, first visit %d bytes", i+1, v[0], v[1], v[2], v[3], v[4], transfer)
		visits = append(visits, visit{v[0], v[1], v[2], v[3], v[4]})
		transfers = append(transfers, transfer)
	}
	span := func(key string, f func(visit) int) string {
		var xs []int
		for _, v := range visits {
			xs = append(xs, f(v))
		}
		slices.Sort(xs)
		t.ReportMetric(float64(xs[len(xs)/2]), "ms/"+key)
		return fmt.Sprintf("%d–%d ms (median %d)", xs[0], xs[len(xs)-1], xs[len(xs)/2])
	}
	slices.Sort(transfers)
	t.ReportMetric(float64(transfers[len(transfers)/2]), "bytes/first-visit")
	t.Logf("measure: first visit transfer %.2f MB (brotli as served; every file the page and its service worker fetched)", float64(transfers[len(transfers)/2])/1e6)
	t.Logf("measure: ready, cold (fresh profile, %d runs): %s; the shown pane's worker ready %s", runs, span("ready-cold", func(v visit) int { return v.cold }), span("pane-worker-cold", func(v visit) int { return v.lanes }))
	t.Logf("measure: ready, warm reload: first reload %s, second reload %s", span("ready-reload1", func(v visit) int { return v.warm1 }), span("ready-reload2", func(v visit) int { return v.warm2 }))
	t.Logf("measure: ready, reload with the service worker stopped: %s", span("ready-reload-sw-stopped", func(v visit) int { return v.stopped }))
}

// readyRun is one cold visit and three reloads in a Chromium of its own; it returns the cold
// ready time, the time every pane's worker was ready, the reloads' ready times (the third with
// the service worker stopped), and the bytes the server sent for the first visit.
func readyRun(t testing.TB, chromium, url string, sent *atomic.Int64) ([5]int, int64) {
	t.Helper()
	dir := t.TempDir()
	opts := browserOptions(chromium, dir)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(allocCtx)
	defer cancel()
	ctx, cancelTime := context.WithTimeout(ctx, 3*stepLimit)
	defer cancelTime()
	// The browser starts on a blank page, so its own start-up is not counted.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting %s: %v", chromium, err)
	}
	readyNow := func(what string) int {
		t.Helper()
		if err := chromedp.Do(ctx, waitTrue(`document.body?.dataset.readyMs !== undefined || document.body?.dataset.checker === 'failed'`)); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		// After the worker's steps, the page's own: its document parsed (domInteractive) and its
		// modules run (app.js, a module script, has run by DOMContentLoaded), from the same
		// navigation: the ready time is the later of the two paths, and the page's is the one its
		// main thread takes.
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.checker === 'ready' ? document.body.dataset.readyMs + ' ' + document.body.dataset.startup + ' ' +
			JSON.stringify(((n) => ({ parsed: Math.round(n.domInteractive), modulesRun: Math.round(n.domContentLoadedEventStart) }))(performance.getEntriesByType('navigation')[0])) : 'failed: ' + document.getElementById('checker-status').textContent`))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		var n int
		if _, err := fmt.Sscan(ms, &n); err != nil {
			t.Fatalf("%s: the checker did not start: %s", what, ms)
		}
		// The page's worker's steps and the page's (ms since navigation): where the time went.
		t.Logf("%s: ready at %s", what, ms)
		return n
	}
	var v [5]int
	before := sent.Load()
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/")); err != nil {
		t.Fatalf("first visit: %v", err)
	}
	v[0] = readyNow("first visit")
	// Settled: every pane's worker is up and the service worker has kept the page's files.
	if err := chromedp.Do(ctx, waitTrue(`document.body.dataset.lanesMs !== undefined`)); err != nil {
		t.Fatalf("first visit settling: %v", err)
	}
	lanes, err := chromedp.Run(ctx, chromedp.Evaluate[string](`navigator.serviceWorker.ready.then(() => new Promise((r) => setTimeout(r, 500))).then(() => document.body.dataset.lanesMs)`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("first visit settling: %v", err)
	}
	fmt.Sscan(lanes, &v[1])
	transfer := sent.Load() - before
	for i := 2; i < 5; i++ {
		// Each reload waits for V8 to have written its cache of the last one's code (it does so
		// in the background, after the module has run).
		time.Sleep(2 * time.Second)
		if i == 4 {
			if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
				if _, err := cdp.Call(ctx, t, serviceworker.Enable, cdp.Empty{}); err != nil {
					return err
				}
				if _, err := cdp.Call(ctx, t, serviceworker.StopAllWorkers, cdp.Empty{}); err != nil {
					return err
				}
				_, err := cdp.Call(ctx, t, serviceworker.Disable, cdp.Empty{})
				return err
			})); err != nil {
				t.Fatalf("stopping the service worker: %v", err)
			}
			time.Sleep(200 * time.Millisecond)
		}
		if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
			t.Fatalf("reload: %v", err)
		}
		v[i] = readyNow("reload")
	}
	return v, transfer
}

// countingWriter adds the body bytes a response sends to a counter.
type countingWriter struct {
	http.ResponseWriter
	n *atomic.Int64
}

func (w countingWriter) Write(b []byte) (int, error) {
	n, err := w.ResponseWriter.Write(b)
	w.n.Add(int64(n))
	return n, err
}
