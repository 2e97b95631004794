package site_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/gatehouse-dev/gatehouse/core"
)

// hiddenModule writes about().hidden as the page's module, so that the page has the table from
// its first paint (the editor marks hidden characters before the checker has loaded) and never a
// hand copy of it.
func hiddenModule(ranges [][2]rune) string {
	var b strings.Builder
	b.WriteString(`// Generated from the API's about().hidden (internal/untrusted's Ranges) by
// go test ./site -run TestHiddenModule -update. Do not edit: change the Go table instead.

/** The characters gatehouse counts as hidden, as sorted inclusive [low, high] code points. */
export const hiddenRanges = /** @type {Array<[number, number]>} */ ([
`)
	for i, p := range ranges {
		if i%6 == 0 {
			b.WriteString("  ")
		}
		fmt.Fprintf(&b, "[0x%x, 0x%x],", p[0], p[1])
		if i%6 == 5 || i == len(ranges)-1 {
			b.WriteString("\n")
		} else {
			b.WriteString(" ")
		}
	}
	b.WriteString("]);\n")
	return b.String()
}

// TestHiddenModule: site/hidden.js holds exactly about().hidden (-update rewrites it).
func TestHiddenModule(t *testing.T) {
	want := hiddenModule(core.About(core.AboutRequest{}).Hidden)
	if *update {
		if err := os.WriteFile("hidden.js", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("hidden.js")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("site/hidden.js is not about().hidden: run go test ./site -run TestHiddenModule -update")
	}
}
