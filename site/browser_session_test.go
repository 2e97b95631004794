package site_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserSessionMode: the Decision pane replays the GitHub issue → private repository →
// pull request session: a timeline of three calls and three results, the pull request denied
// with an arrow from the private file's result, and the link carries the session.
func TestBrowserSessionMode(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "testdata", "flow", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	h := newHarness(t)
	ctx := h.newTab("session")
	h.open(ctx, "session", h.server.URL+"/")
	h.do(ctx, "replay the session", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-decision")),
		chromedp.Click(chromedp.CSS("#decision-mode-session")),
		typeText("#decision-catalog", read("catalog.json")),
		typeText("#decision-policy", read("policy.json")),
		typeText("#decision-transcript", read("github-private-repo/anthropic.json")),
		waitTrue(`document.getElementById('decision-summary').dataset.state === 'deny'`),
		waitTrue(`document.querySelectorAll('#pane-decision .session-arrows > path').length === 2`))
	if n := evaluate[float64](h, ctx, `document.querySelectorAll('#pane-decision .session-call').length`); n != 3 {
		t.Errorf("%v calls on the timeline, want 3", n)
	}
	if n := evaluate[float64](h, ctx, `document.querySelectorAll('#pane-decision .session-result').length`); n != 3 {
		t.Errorf("%v results on the timeline, want 3", n)
	}
	if reason := evaluate[string](h, ctx, `document.querySelector('#pane-decision .session-call[data-index="2"]').dataset.reason`); reason != "flow" {
		t.Errorf("the pull request's reason is %q, want flow", reason)
	}
	h.screenshot(ctx, "decision-session")

	link := h.share(ctx)
	other := h.newTab("session-link")
	h.open(other, "session-link", link)
	h.do(other, "see the shared session", stepLimit,
		waitTrue(`document.getElementById('decision-summary').dataset.state === 'deny'`),
		waitTrue(`document.querySelectorAll('#pane-decision .session-call').length === 3`))
	h.checkRequests()
}
