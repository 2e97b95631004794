package site_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserResultCheck: the Decision pane checks a tool's result pasted beside the call: an
// e-mail that speaks to the assistant is flagged with its finding marked in the Result editor;
// the Examples menu's schema mismatch is blocked and its honest README passes; the link carries
// the result.
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

	h.do(ctx, "load the schema mismatch example", stepLimit,
		chooseExample("#decision-examples", "result-schema-mismatch"),
		waitTrue(`document.querySelector('#decision-result-check .status')?.dataset.status === 'bad'`))
	if facts := evaluate[string](h, ctx, `document.querySelector('#decision-result-check .result-facts').textContent`); !strings.Contains(facts, "fails") {
		t.Errorf("the schema line reads %q, want structuredContent fails", facts)
	}
	h.do(ctx, "load the honest README example", stepLimit,
		chooseExample("#decision-examples", "result-honest-readme"),
		waitTrue(`document.querySelector('#decision-result-check .status')?.dataset.status === 'ok'`))
	h.do(ctx, "load the injected e-mail example", stepLimit,
		chooseExample("#decision-examples", "result-injected-email"),
		waitTrue(`document.querySelector('#decision-result-check .status')?.dataset.status === 'warn'`))

	link := h.share(ctx)
	other := h.newTab("result-link")
	h.open(other, "result-link", link)
	h.do(other, "see the shared result's verdict", stepLimit,
		waitTrue(`document.querySelector('#decision-result-check .status')?.dataset.status === 'warn'`))
	h.checkRequests()
}
