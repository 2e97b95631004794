package problem

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// TestProblemsJSON: the list's own writer gives exactly what encoding/json gives for each
// problem, with and without HTML escaping, for awkward texts and every optional field.
func TestProblemsJSON(t *testing.T) {
	texts := []string{"", "plain", `quote " and \ backslash`, "<a&b>", "line\nbreak\ttab\r\b\f", "\x00\x1f\x7f",
		"é😀", "\u2028\u2029", "bad\xffutf8\xc3", "\u200b\u202e", "/items/0/kind"}
	r := rand.New(rand.NewPCG(1, 2))
	pick := func() string { return texts[r.IntN(len(texts))] }
	var ps Problems
	for range 500 {
		p := Problem{Source: Source(pick()), Kind: []Kind{KindValidation, KindParse, KindRule}[r.IntN(3)], Message: pick(),
			Line: r.IntN(3), Column: r.IntN(3) - 1, InstanceLocation: pick(), KeywordLocation: pick(), Document: pick(), Offset: r.IntN(5) - 1}
		if r.IntN(2) == 0 {
			p.Alternative = &Alternative{Of: pick(), Branch: r.IntN(3), Best: r.IntN(2) == 0}
		}
		if r.IntN(4) == 0 {
			p.InstanceLocation, p.KeywordLocation = "", ""
		}
		ps = append(ps, p)
	}
	for _, escapeHTML := range []bool{true, false} {
		var want, got bytes.Buffer
		for i := range ps {
			enc := json.NewEncoder(&want)
			enc.SetEscapeHTML(escapeHTML)
			if err := enc.Encode(ps[i : i+1 : i+1][0]); err != nil {
				t.Fatal(err)
			}
		}
		enc := json.NewEncoder(&got)
		enc.SetEscapeHTML(escapeHTML)
		if err := enc.Encode(ps); err != nil {
			t.Fatal(err)
		}
		var list []json.RawMessage
		if err := json.Unmarshal(got.Bytes(), &list); err != nil {
			t.Fatal(err)
		}
		for i, raw := range bytes.Split(bytes.TrimSpace(want.Bytes()), []byte("\n")) {
			if !bytes.Equal(raw, list[i]) {
				// Unmarshal into RawMessage keeps the bytes as written.
				t.Fatalf("escapeHTML %v, problem %d:\n got %s\nwant %s", escapeHTML, i, list[i], raw)
			}
		}
	}
	if b, _ := json.Marshal(Problems(nil)); string(b) != "null" {
		t.Errorf("nil problems: %s", b)
	}
}
