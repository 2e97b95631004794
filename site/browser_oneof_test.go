package site_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserOneOf: three items that each match none of a oneOf's alternatives are three rows,
// each naming the alternatives' discriminator, each with its closest alternative's problem
// under it, and no row for the other alternatives' problems.
func TestBrowserOneOf(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("oneof")
	h.open(ctx, "oneof", h.server.URL+"/")
	schema := `{"items":{"oneOf":[{"properties":{"kind":{"const":"a"}},"required":["kind"]},{"properties":{"kind":{"const":"b"}},"required":["kind"]}]}}`
	h.do(ctx, "paste a oneOf and three items", stepLimit,
		typeText("#schema-schema", schema),
		typeText("#schema-instance", `[{"kind":"x"},{"kind":"y"},{"kind":"z"}]`),
		waitTrue(`document.getElementById('schema-summary').dataset.state === 'invalid'`))
	rows := evaluate[[]string](h, ctx, `[...document.querySelectorAll('#pane-schema .problems:not(.closest) > li > .located .message')].map((e) => e.textContent)`)
	want := `matches none of the 2 alternatives of oneOf ("kind" must be "a" or "b")`
	if len(rows) != 3 || rows[0] != want || rows[2] != want {
		t.Fatalf("top-level rows %q, want three saying %s", rows, want)
	}
	closest := evaluate[[]string](h, ctx, `[...document.querySelectorAll('#pane-schema .problems.closest .message')].map((e) => e.textContent)`)
	if fmt.Sprint(closest) != fmt.Sprint([]string{"value must be 'a'", "value must be 'a'", "value must be 'a'"}) {
		t.Errorf("under the rows %q, want alternative 0's problem once each", closest)
	}
	if all := evaluate[string](h, ctx, `document.getElementById('pane-schema').textContent`); strings.Contains(all, "value must be 'b'") {
		t.Error("the other alternative's problems are listed")
	}
	h.checkRequests()
}

// TestBrowserGateOneOf: in the Decision pane, arguments that match none of a oneOf's
// alternatives are shown as validate shows them: one row per value naming the alternatives,
// its closest alternative's problem under it, none of the other alternative's.
func TestBrowserGateOneOf(t *testing.T) {
	h := newHarness(t)
	ctx := h.newTab("gate-oneof")
	h.open(ctx, "gate-oneof", h.server.URL+"/")
	kinds := `{"oneOf":[{"properties":{"kind":{"const":"a"}},"required":["kind"]},{"properties":{"kind":{"const":"b"}},"required":["kind"]}]}`
	h.do(ctx, "paste a catalog whose tool takes a list of oneOf items, and a call with two bad items", stepLimit,
		chromedp.Click(chromedp.CSS("#tab-decision")),
		chooseExample("#decision-examples", "send-deny"),
		settled("decision-summary"),
		typeText("#decision-catalog", `{"tools":[{"name":"send","inputSchema":{"type":"object","properties":{"list":{"type":"array","items":`+kinds+`}}}}]}`),
		typeText("#decision-policy", `{"allow_tools":["send"]}`),
		typeText("#decision-call", `{"type":"tool_use","id":"t1","name":"send","input":{"list":[{"kind":"x"},{"kind":"a"},{"kind":"z"}]}}`),
		waitTrue(`document.querySelector('#pane-decision [data-verdict]')?.dataset.reason === 'arguments_invalid'`))
	rows := evaluate[[]string](h, ctx, `[...document.querySelectorAll('#pane-decision .verdict .problems:not(.closest) > li > .located .message')].map((e) => e.textContent)`)
	want := `matches none of the 2 alternatives of oneOf ("kind" must be "a" or "b")`
	if len(rows) != 2 || rows[0] != want || rows[1] != want {
		t.Fatalf("rows %q, want two saying %s", rows, want)
	}
	closest := evaluate[[]string](h, ctx, `[...document.querySelectorAll('#pane-decision .verdict .problems.closest .message')].map((e) => e.textContent)`)
	if fmt.Sprint(closest) != fmt.Sprint([]string{"value must be 'a'", "value must be 'a'"}) {
		t.Errorf("under the rows %q, want alternative 0's problem once each", closest)
	}
	if all := evaluate[string](h, ctx, `document.querySelector('#pane-decision .verdict').textContent`); strings.Contains(all, "value must be 'b'") {
		t.Error("the other alternative's problems are listed")
	}
	h.checkRequests()
}
