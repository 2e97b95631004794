package site_test

// Browser tests of the page on a phone and from the keyboard, and axe-core's accessibility
// rules in Chromium: wide and narrow, light and dark.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// screen is a window size and colour scheme the page is checked in.
type screen struct {
	name          string
	width, height int64
	scheme        string
}

var screens = []screen{
	{"wide-light", 1400, 900, "light"},
	{"wide-dark", 1400, 900, "dark"},
	{"phone-light", 390, 844, "light"},
	{"phone-dark", 390, 844, "dark"},
}

// emulate sizes the window (a phone is mobile, with touch) and picks the colour scheme.
func emulate(s screen) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.EmulateViewport(s.width, s.height, func(p *emulation.SetDeviceMetricsOverrideParams, touch *emulation.SetTouchEmulationEnabledParams) {
			p.Mobile = s.width < 600
			touch.Enabled = s.width < 600
		}),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			// Reduced motion: no colour transition is caught half-way when the scheme changes.
			_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: s.scheme}, {Name: "prefers-reduced-motion", Value: "reduce"}},
			})
			return err
		}))
}

// axeSource is axe-core, from the npm lockfile (make npm).
func axeSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		skipOrFail(t, "axe-core is not installed (run `make npm`): %v", err)
	}
	return string(b)
}

// TestBrowserAccessibility runs axe-core on each pane with an example loaded, at 1400×900 and
// 390 px, light and dark: no violation of serious or critical impact. On the phone, nothing is
// wider than the screen and every control is a touch target of at least 40 px.
func TestBrowserAccessibility(t *testing.T) {
	axe := axeSource(t)
	h := newHarness(t)
	// One page for every screen: the sizes and colour schemes change under it, as media queries
	// do, so the examples load once and axe is read once.
	ctx := h.newTab("a11y")
	h.open(ctx, "a11y", h.server.URL+"/")
	h.do(ctx, "load axe", stepLimit, chromedp.Evaluate[chromedp.Void](axe))
	for i, s := range screens {
		h.do(ctx, "emulate "+s.name, shortLimit, emulate(s))
		for _, pane := range []struct{ tab, menu, example, summary string }{
			{"#tab-schema", "#schema-examples", "invalid", "schema-summary"},
			{"#tab-decision", "#decision-examples", "poisoned-search", "decision-summary"},
			{"#tab-diff", "#diff-examples", "rug-pull", "diff-summary"},
		} {
			steps := []chromedp.Action[chromedp.Void]{chromedp.Click(chromedp.CSS(pane.tab))}
			if i > 0 {
				// The examples were loaded on the first screen.
			} else {
				steps = append(steps, chooseExample(pane.menu, pane.example))
			}
			steps = append(steps, waitTrue(fmt.Sprintf(`!['idle', 'busy'].includes(document.getElementById(%q).dataset.state)`, pane.summary)))
			h.do(ctx, s.name+": "+pane.tab, stepLimit, steps...)
			if s.width == 390 {
				h.screenshot(ctx, s.name+"-"+strings.TrimPrefix(pane.tab, "#tab-"))
			}

			got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(async () => {
				const result = await axe.run(document, { resultTypes: ['violations'] });
				return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
					.map((v) => v.id + ' (' + v.impact + '): ' + v.help + ' — ' + v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(' | '));
			})()`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatalf("%s %s: axe: %v", s.name, pane.tab, err)
			}
			for _, v := range got {
				t.Errorf("%s %s: axe: %s", s.name, pane.tab, v)
			}

			if s.width < 600 {
				if w := evaluate[[]int](h, ctx, `[document.documentElement.scrollWidth, innerWidth]`); w[0] > w[1] {
					t.Errorf("%s %s: the page is %d px wide on a %d px screen (it scrolls sideways): %v", s.name, pane.tab, w[0], w[1],
						evaluate[[]string](h, ctx, `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && e.checkVisibility()).slice(0, 8).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))`))
				}
				small := evaluate[[]string](h, ctx, `[...document.querySelectorAll('button, select, input:not([type=file]), [role=tab], summary, a[href]')]
					.filter((e) => e.checkVisibility() && !e.closest('.visually-hidden') && !(e.matches('input[type=radio]')))
					// A checkbox is pressed through its label, which is the target to measure.
					.map((e) => e.matches('input[type=checkbox]') && e.closest('label') ? e.closest('label') : e)
					.map((e) => [e, e.getBoundingClientRect()])
					.filter(([e, r]) => r.width > 0 && (r.height < 40 || r.width < 40))
					.map(([e, r]) => (e.id || e.textContent.trim().slice(0, 20) || e.tagName) + ' ' + Math.round(r.width) + '×' + Math.round(r.height))`)
				for _, s2 := range small {
					t.Errorf("%s %s: a touch target under 40 px: %s", s.name, pane.tab, s2)
				}
			}
		}
	}
	h.checkRequests()
}

// TestBrowserKeyboard: every tab list answers the arrow keys, Escape closes the share box and
// the Examples menu, and the menu loads an example only when one is chosen.
func TestBrowserKeyboard(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("keys")
	h.open(ctx, "keys", h.server.URL+"/")

	// ArrowDown on the closed Examples button opens the menu and loads nothing; Escape closes it.
	h.do(ctx, "arrow into the Examples menu", shortLimit,
		chromedp.Click(chromedp.CSS("#tab-decision")),
		chromedp.Focus(chromedp.CSS("#decision-examples")),
		pressKey("ArrowDown", "ArrowDown", 40, 0, ""),
		pressKey("ArrowDown", "ArrowDown", 40, 0, ""))
	if state := evaluate[string](h, ctx, `document.getElementById('decision-summary').dataset.state`); state != "idle" {
		t.Errorf("arrow keys on the Examples menu loaded something: the pane is %q", state)
	}
	h.do(ctx, "open it with Enter, arrow, Escape", shortLimit,
		chromedp.Focus(chromedp.CSS("#decision-examples")),
		pressKey("Enter", "Enter", 13, 0, "\r"),
		waitTrue(`document.querySelector('#decision-examples + [popover]').matches(':popover-open')`),
		waitTrue(`document.activeElement?.dataset.example === 'send-deny'`),
		pressKey("ArrowDown", "ArrowDown", 40, 0, ""),
		waitTrue(`document.activeElement?.dataset.example === 'send-allow'`),
		pressKey("Escape", "Escape", 27, 0, ""),
		waitTrue(`!document.querySelector('#decision-examples + [popover]').matches(':popover-open')`))
	if state := evaluate[string](h, ctx, `document.getElementById('decision-summary').dataset.state`); state != "idle" {
		t.Errorf("moving through the open menu loaded an example: the pane is %q", state)
	}
	h.do(ctx, "choose one with Enter", stepLimit,
		chromedp.Focus(chromedp.CSS("#decision-examples")),
		pressKey("Enter", "Enter", 13, 0, "\r"),
		waitTrue(`document.activeElement?.dataset.example === 'send-deny'`),
		pressKey("ArrowDown", "ArrowDown", 40, 0, ""),
		pressKey("Enter", "Enter", 13, 0, "\r"),
		waitTrue(`document.getElementById('decision-summary').dataset.state === 'allow'`))

	// The Report / RFC 6902 patch tabs answer the arrow keys.
	h.do(ctx, "arrow between Report and Patch", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-diff")),
		chooseExample("#diff-examples", "rug-pull"),
		waitTrue(`document.getElementById('diff-summary').dataset.state === 'high'`),
		chromedp.Focus(chromedp.CSS("#diff-report-tab")),
		pressKey("ArrowRight", "ArrowRight", 39, 0, ""),
		waitTrue(`document.activeElement.id === 'diff-patch-tab' && !document.getElementById('diff-patch-view').hidden`),
		pressKey("Home", "Home", 36, 0, ""),
		waitTrue(`document.activeElement.id === 'diff-report-tab' && document.getElementById('diff-patch-view').hidden`))

	// Escape closes the share box and gives the focus back to Share.
	h.share(ctx)
	h.do(ctx, "close the share box with Escape", shortLimit,
		chromedp.Focus(chromedp.CSS("#share-link")),
		pressKey("Escape", "Escape", 27, 0, ""),
		waitTrue(`document.getElementById('share-box').hidden && document.activeElement.id === 'share'`))
	h.checkRequests()
}

// TestBrowserScreenshots takes the README's pictures of the page into docs/. It runs under make
// screenshots (GATEHOUSE_SCREENSHOTS=1); make test leaves it out, what it shows being tested
// elsewhere.
func TestBrowserScreenshots(t *testing.T) {
	if os.Getenv("GATEHOUSE_SCREENSHOTS") != "1" {
		t.Skip("SKIPPED: the README's pictures are taken by make screenshots (GATEHOUSE_SCREENSHOTS=1)")
	}
	dir := filepath.Join("..", "docs")
	h := newHarness(t)
	ctx := h.newTab("pictures")
	shoot := func(name string) {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("screenshot %s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", filepath.Join(dir, name))
	}
	h.do(ctx, "a wide screen", shortLimit, emulate(screens[0]))
	h.open(ctx, "pictures", h.server.URL+"/")
	h.do(ctx, "the rug pull, in the Diff pane", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-diff")),
		chooseExample("#diff-examples", "rug-pull"),
		waitTrue(`document.getElementById('diff-summary').dataset.state === 'high'`),
		chromedp.Evaluate[chromedp.Void](`(() => {
			const e = document.getElementById('diff-right').editor;
			e.goTo(8, 22);
			document.querySelector('#pane-diff .columns').scrollIntoView();
		})()`))
	shoot("page-diff.png")
	h.do(ctx, "a call denied, in the Decision pane, dark", stepLimit,
		emulate(screens[1]),
		chromedp.Click(chromedp.CSS("#tab-decision")),
		chooseExample("#decision-examples", "duplicate-key"),
		waitTrue(`document.getElementById('decision-summary').dataset.state === 'deny'`),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('decision-call').editor.goTo(6, 18)`),
		chromedp.Sleep(300*time.Millisecond), // the editor scrolls to its cursor on the next frame
		chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.querySelector('#pane-decision .result').getBoundingClientRect().top + scrollY - 380)`),
		// With the result in view, the verdict bar steps aside.
		waitTrue(`document.querySelector('#pane-decision .verdict-bar').dataset.inView === 'true'`),
		chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.getElementById('decision-call').getBoundingClientRect().top + scrollY - 60)`),
		chromedp.Sleep(300*time.Millisecond))
	shoot("page-decision-dark.png")
	h.do(ctx, "a phone", stepLimit,
		emulate(screens[2]),
		chromedp.Click(chromedp.CSS("#tab-schema")),
		chooseExample("#schema-examples", "invalid"),
		waitTrue(`document.getElementById('schema-summary').dataset.state === 'invalid'`),
		chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`))
	shoot("page-phone.png")
	h.checkRequests()
}
