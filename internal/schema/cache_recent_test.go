package schema

import (
	"strings"
	"testing"
)

// A schema text passed again is served the schema it compiled to on the last call, and only for
// the same draft and way of asserting formats; an equal text in another string is served it too.
func TestCacheServesTheRecentText(t *testing.T) {
	cache := NewCache()
	text := `{"type":"object","properties":{"when":{"format":"date"}}}`
	first, probs := cache.CompileTextsFormats(text, "", nil, false)
	if probs != nil || first == nil {
		t.Fatal(probs)
	}
	if got := cache.recentFor(text, "", false); got != first {
		t.Fatalf("the same string is not served the recent schema: %p, want %p", got, first)
	}
	if got := cache.recentFor(strings.Clone(text), "", false); got != first {
		t.Error("an equal text in another string was not served the recent schema")
	}
	if got := cache.recentFor(text, "7", false); got != nil {
		t.Error("another draft was served the recent schema")
	}
	if got := cache.recentFor(text, "", true); got != nil {
		t.Error("formats asserted were served the schema compiled without")
	}
	asserted, probs := cache.CompileTextsFormats(text, "", nil, true)
	if probs != nil || asserted == first {
		t.Fatalf("formats asserted: %v, the same schema as without: %v", probs, asserted == first)
	}
	if again, _ := cache.CompileTextsFormats(text, "", nil, false); again != first {
		t.Error("the schema compiled without formats asserted was forgotten when the other was kept")
	}
	if clone, _ := cache.CompileTextsFormats(strings.Clone(text), "", nil, false); clone != first {
		t.Error("an equal text in another string compiled anew")
	}
	// A text with resources is never served as the recent one: the resources are part of its key.
	withResources, probs := cache.CompileTextsFormats(text, "", map[string]string{"https://example.com/a.json": `{}`}, false)
	if probs != nil || withResources == first {
		t.Fatalf("with resources: %v, served the schema compiled without: %v", probs, withResources == first)
	}
	// A schema that does not compile is not remembered.
	if s, probs := cache.CompileTextsFormats(`{"type":1}`, "", nil, false); s != nil || probs == nil {
		t.Fatal("a bad schema compiled")
	}
	if got := cache.recentFor(`{"type":1}`, "", false); got != nil {
		t.Error("a schema that did not compile was remembered")
	}
}
