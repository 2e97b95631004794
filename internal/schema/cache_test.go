package schema_test

import (
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
	"github.com/gatehouse-dev/gatehouse/internal/schema"
)

// The cache gives the compiled schema back for the same texts and draft, and compiles anew for
// another draft; its own texts are never the caller's (a key outlives them).
func TestCacheKeepsCompiledSchemas(t *testing.T) {
	cache := schema.NewCache()
	parse := func(text string) *jsondoc.Document {
		doc, probs := jsondoc.Parse(problem.SourceSchema, []byte(text))
		if probs != nil {
			t.Fatal(probs)
		}
		return doc
	}
	a, _ := cache.Compile(parse(`{"type":"string"}`), "", nil)
	b, _ := cache.Compile(parse(`{"type":"string"}`), "2020-12", nil)
	if a == nil || a != b {
		t.Error("the same schema text compiled twice")
	}
	if c, _ := cache.Compile(parse(`{"type":"string"}`), "7", nil); c == a {
		t.Error("another draft must compile anew")
	}
	texts, _ := cache.CompileTexts(`{"type":"string"}`, "", nil)
	if texts != a {
		t.Error("a schema compiled from its document is not found by its text")
	}
	if uncached, _ := schema.Compile(parse(`{"type":"string"}`), "", nil); uncached == a {
		t.Error("Compile without a cache must compile")
	}
}
