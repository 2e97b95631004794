package site_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// BenchmarkBrowserCatalogPaste measures the Diff pane alone on two catalogs of n tools
// (GATEHOUSE_PASTE_TOOLS, 10,000 unless set), pasted one after the other as a person pastes
// them (each paste its own task) and, as the page's other benchmark does, both in one task: paste
// to result, the longest main-thread task, how long each paste's own call took, and every long
// task from the first paste, by its start; then each long animation frame with the scripts that
// ran in it (Long Animation Frames API: which file and task type held the page). Each number is a
// metric and a "measure:" line; nothing is asserted against a time.
func BenchmarkBrowserCatalogPaste(b *testing.B) {
	n := 10000
	if s := os.Getenv("GATEHOUSE_PASTE_TOOLS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	for b.Loop() {
		h := newHarness(b)
		for _, joined := range []bool{false, true} {
			name := "apart"
			if joined {
				name = "joined"
			}
			ctx := h.newTab("paste-" + name)
			h.open(ctx, "paste-"+name, h.server.URL+"/")
			sendCorpus(h, ctx)
			h.do(ctx, "diff pane", shortLimit, waitTrue(`document.body.dataset.lanesMs !== undefined`), chromedp.Click(chromedp.CSS("#tab-diff")))
			sizes := evaluate[[]int](h, ctx, fmt.Sprintf(`makeCatalogs(%d, 'left', 'right')`, n))
			var r struct {
				Ms, Longest, Frame int
				State              string
				Tasks              [][2]int
				Pasted             []int
				Frames             []string
			}
			js := fmt.Sprintf(`(async () => {
				window.loaf = [];
				new PerformanceObserver((l) => { for (const e of l.getEntries()) loaf.push(e); }).observe({ type: 'long-animation-frame' });
				const r = await measure.run([['#diff-left', 'left'], ['#diff-right', 'right']], 'diff-summary', {apart: %v});
				for (let i = 0; i < 5; i++) await measure.frame();
				r.tasks = measure.tasks.filter((t) => t.start + t.duration > r.t0).map((t) => [Math.round(t.start - r.t0), Math.round(t.duration)]);
				r.frames = loaf.filter((f) => f.startTime + f.duration > r.t0 && f.duration > 50).map((f) => Math.round(f.startTime - r.t0) + ' ' + Math.round(f.duration) + 'ms render ' + Math.round(f.startTime + f.duration - f.renderStart) + ' style ' + Math.round(f.startTime + f.duration - (f.styleAndLayoutStart || f.startTime + f.duration)) + ': ' + f.scripts.map((s) => s.invoker + '@' + s.sourceURL.split('/').pop() + ' ' + s.sourceFunctionName + ':' + s.sourceCharPosition + '=' + Math.round(s.duration)).join(', '));
				return r;
			})()`, !joined)
			h.do(ctx, "paste two catalogs "+name, 3*stepLimit, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
				var err error
				r, err = chromedp.Run(ctx, chromedp.Evaluate[struct {
					Ms, Longest, Frame int
					State              string
					Tasks              [][2]int
					Pasted             []int
					Frames             []string
				}](js, chromedp.EvalAwaitPromise))
				return err
			}))
			tasks, _ := json.Marshal(r.Tasks)
			b.Logf("measure: two catalogs of %d tools (%d and %d bytes), pasted %s: paste to result %d ms, longest main-thread task %d ms, longest frame %d ms (result: %s); each paste's own task %v ms; long tasks [start, ms] %s",
				n, sizes[0], sizes[1], name, r.Ms, r.Longest, r.Frame, r.State, r.Pasted, tasks)
			for _, f := range r.Frames {
				b.Logf("frame %s", f)
			}
			b.ReportMetric(float64(r.Longest), "longest-task-ms/"+name)
			b.ReportMetric(float64(r.Ms), "paste-to-result-ms/"+name)
			if name == "apart" {
				h.screenshot(ctx, "paste-diff")
			}
		}
	}
}

// TestBrowserLargePaste: a text pasted over the length the editor reads in slices goes in as a
// paste does: in place of the selection, CRLF line ends made LF, one step of Undo.
func TestBrowserLargePaste(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("large-paste")
	h.open(ctx, "large-paste", h.server.URL+"/")
	h.do(ctx, "paste a long text", stepLimit,
		chromedp.Evaluate[chromedp.Void](`(() => {
			const e = document.querySelector('#schema-instance').editor;
			e.value = '[1, 2]';
			e.focus();
			e.view.dispatch({ selection: { anchor: 1, head: 2 } });
			window.pasted = ('"' + 'x'.repeat(100) + '",\r\n').repeat(4000) + '3';
			const data = new DataTransfer();
			data.setData('text/plain', window.pasted);
			e.view.contentDOM.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
		})()`),
		waitTrue(editorJS("#schema-instance")+`.length > 300000`))
	if ok := evaluate[bool](h, ctx, editorJS("#schema-instance")+`.value === '[' + window.pasted.replaceAll('\r\n', '\n') + ', 2]'`); !ok {
		t.Error("the pasted text is not in place of the selection, with its line ends made LF")
	}
	h.do(ctx, "undo", shortLimit,
		chromedp.Evaluate[chromedp.Void](`(() => { const v = `+editorJS("#schema-instance")+`.view; v.focus(); })()`),
		pressKey("z", "KeyZ", 90, 2, ""))
	if got := evaluate[string](h, ctx, editorJS("#schema-instance")+`.value`); got != "[1, 2]" {
		t.Errorf("after one Undo the text is %.40q, want [1, 2]", got)
	}
}

// TestBrowserLargePasteSuperseded: a change of the text while a long paste is still being read
// (a key typed, a short paste) wins: the long text does not land after it.
func TestBrowserLargePasteSuperseded(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("large-paste-superseded")
	h.open(ctx, "large-paste-superseded", h.server.URL+"/")
	h.do(ctx, "paste a long text, then type before it is read", stepLimit,
		chromedp.Evaluate[chromedp.Void](`(() => {
			const e = document.querySelector('#schema-instance').editor;
			e.value = '[1, 2]';
			e.focus();
			const data = new DataTransfer();
			data.setData('text/plain', ('"' + 'x'.repeat(100) + '",\n').repeat(40000) + '3');
			e.view.contentDOM.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
			e.view.dispatch({ changes: { from: 0, to: e.view.state.doc.length, insert: '[7]' }, userEvent: 'input.type' });
			window.typedAt = performance.now();
		})()`),
		// The long paste takes many slices; wait well past the time it needs.
		waitTrue(`performance.now() - window.typedAt > 3000`))
	if got := evaluate[string](h, ctx, editorJS("#schema-instance")+`.value`); got != "[7]" {
		t.Errorf("after typing during a long paste the text is %.40q, want [7]: the paste landed after the typing", got)
	}
}
