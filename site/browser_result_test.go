package site_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserResultCheck: the Decision pane checks a tool's result pasted beside the call: an
// e-mail that speaks to the assistant is flagged with its finding marked in the Result editor, an
// honest README passes, and the link carries the result.
func TestBrowserResultCheck(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "testdata", "result", "golden", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	h := newHarness(t)
	ctx := h.newTab("result")
	h.open(ctx, "result", h.server.URL+"/")
	h.do(ctx, "check an injected e-mail", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-decision")),
		typeText("#decision-result", read("openai-chat-injected-email/result.json")),
		waitTrue(`!document.getElementById('decision-result-check').hidden && document.querySelector('#decision-result-check .status') !== null`))
	if status := evaluate[string](h, ctx, `document.querySelector('#decision-result-check .status').dataset.status`); status != "warn" {
		t.Errorf("the injected e-mail's verdict is %q, want warn (flag)", status)
	}
	if rule := evaluate[string](h, ctx, `[...document.querySelectorAll('#decision-result-check .result-findings li')].map((li) => li.dataset.rule).join(' ')`); !strings.Contains(rule, "model-takeover") {
		t.Errorf("findings %q, want model-takeover", rule)
	}
	h.screenshot(ctx, "decision-result-flag")

	link := h.share(ctx)
	other := h.newTab("result-link")
	h.open(other, "result-link", link)
	h.do(other, "see the shared result's verdict", stepLimit,
		waitTrue(`document.querySelector('#decision-result-check .status')?.dataset.status === 'warn'`))
	h.checkRequests()
}
