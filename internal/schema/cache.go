package schema

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/gatehouse-dev/gatehouse/internal/i18n"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// A Cache keeps compiled schemas by their texts: the page re-validates on every keystroke, and
// most keystrokes change the instance, not the schema. It keeps the most recent few, and is
// safe for concurrent use.
type Cache struct {
	mu    sync.Mutex
	order []cacheKey
	byKey map[cacheKey]*Schema
	// recent is, for each way of asserting formats, the last schema text served without
	// resources (see [Cache.recentFor]).
	recent [2]recentSchema
}

// A recentSchema is a schema text as a caller passed it, with the draft it was asked for and
// what it compiled to.
type recentSchema struct {
	text, draft string
	schema      *Schema
}

const (
	cacheSize = 32
	// Larger schema texts are compiled each time rather than kept alive as cache keys.
	cacheMaxKey = 4 << 20
)

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{byKey: map[cacheKey]*Schema{}} }

// cacheKey is the key of a compilation: the draft and every text, compared exactly. A struct of
// strings hashes the texts in place; only resources, rare, are joined into one string.
type cacheKey struct {
	draft, schema, resources string
	assertFormats            bool
}

// keyFor builds the key, or reports that the texts are too large to keep alive as a key. Give
// resources as texts or as documents.
func keyFor(draft, schema string, texts map[string]string, docs map[string]*jsondoc.Document) (cacheKey, bool) {
	if draft == "" {
		draft = DefaultDraft
	}
	size := len(schema)
	for u, t := range texts {
		size += len(u) + len(t)
	}
	for u, d := range docs {
		size += len(u) + len(d.Text)
	}
	if size > cacheMaxKey {
		return cacheKey{}, false
	}
	var b strings.Builder
	for _, u := range slices.Sorted(maps.Keys(texts)) {
		fmt.Fprintf(&b, "%d:%s%d:%s", len(u), u, len(texts[u]), texts[u])
	}
	for _, u := range slices.Sorted(maps.Keys(docs)) {
		fmt.Fprintf(&b, "%d:%s%d:%s", len(u), u, len(docs[u].Text), docs[u].Text)
	}
	return cacheKey{draft: draft, schema: schema, resources: b.String()}, true
}

func (c *Cache) get(key cacheKey, ok bool) *Schema {
	if !ok || c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.byKey[key]
}

func (c *Cache) put(key cacheKey, ok bool, s *Schema) {
	if !ok || c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[key]; ok {
		return
	}
	// The schema text may point into a caller's buffer (the wasm exports pass texts without
	// copying them); a key kept for later is a copy of its own.
	key.schema = strings.Clone(key.schema)
	c.byKey[key] = s
	c.order = append(c.order, key)
	if len(c.order) > cacheSize {
		delete(c.byKey, c.order[0])
		c.order = c.order[1:]
	}
}

// Compile is [Compile] through the cache, keyed by the documents' texts. A nil cache compiles.
func (c *Cache) Compile(schema *jsondoc.Document, draft string, resources map[string]*jsondoc.Document) (*Schema, problem.Problems) {
	return c.compile(schema, draft, resources, false)
}

func (c *Cache) compile(schema *jsondoc.Document, draft string, resources map[string]*jsondoc.Document, assertFormats bool) (*Schema, problem.Problems) {
	key, ok := keyFor(draft, string(schema.Text), nil, resources)
	key.assertFormats = assertFormats
	if s := c.get(key, ok); s != nil {
		return s, nil
	}
	s, probs := compile(schema, draft, resources, assertFormats)
	if s != nil {
		c.put(key, ok, s)
	}
	return s, probs
}

// CompileTexts parses a schema text and its resources (further schema documents by URL) and
// compiles them through the cache: a schema whose texts were compiled before is not even parsed
// again. A problem in a resource names it (Problem.Document).
func (c *Cache) CompileTexts(schemaText, draft string, resources map[string]string) (*Schema, problem.Problems) {
	return c.CompileTextsFormats(schemaText, draft, resources, false)
}

// CompileTextsFormats is [Cache.CompileTexts], with "format" asserted when assertFormats is
// true (see [CompileAssertingFormats]); each way is compiled and kept on its own.
func (c *Cache) CompileTextsFormats(schemaText, draft string, resources map[string]string, assertFormats bool) (s *Schema, probs problem.Problems) {
	if len(resources) == 0 {
		if s := c.recentFor(schemaText, draft, assertFormats); s != nil {
			return s, nil
		}
		defer func() {
			if s != nil {
				c.remember(schemaText, draft, assertFormats, s)
			}
		}()
	}
	key, ok := keyFor(draft, schemaText, resources, nil)
	key.assertFormats = assertFormats
	if s := c.get(key, ok); s != nil {
		return s, nil
	}
	schemaDoc, ps := jsondoc.ParseString(problem.SourceSchema, schemaText)
	probs = append(probs, ps...)
	docs := map[string]*jsondoc.Document{}
	for _, u := range slices.Sorted(maps.Keys(resources)) {
		doc, ps := jsondoc.ParseString(problem.SourceSchema, resources[u])
		for i := range ps {
			ps[i].Message = i18n.Sprintf("resource %s: %s", u, ps[i].Message)
			ps[i].Document = u
		}
		probs = append(probs, ps...)
		docs[u] = doc
	}
	if len(probs) > 0 {
		return nil, probs
	}
	return c.compile(schemaDoc, draft, docs, assertFormats)
}

// recentFor returns the schema the same text compiled to on the last call that passed it. A
// caller checking many instances against one schema passes the same string every time (the
// wasm's loader passes the same buffer while the schema does not change), and Go's string
// comparison returns at once for the same bytes' address and length, on every port (wasm's
// memequal included): that spares hashing the whole text, twice a check (README "Speed"), while
// another string of the same text is still found by its bytes.
func (c *Cache) recentFor(text, draft string, assertFormats bool) *Schema {
	if c == nil || len(text) == 0 {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	r := &c.recent[formatsIndex(assertFormats)]
	if r.schema != nil && r.text == text && r.draft == draft {
		return r.schema
	}
	return nil
}

// remember keeps text as the recent one for its way of asserting formats: the caller's own
// string, not a copy, since the same string passed again compares at once. A text too large to
// be a cache key is not kept alive.
func (c *Cache) remember(text, draft string, assertFormats bool, s *Schema) {
	if c == nil || len(text) == 0 || len(text) > cacheMaxKey {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.recent[formatsIndex(assertFormats)] = recentSchema{text: text, draft: draft, schema: s}
}

func formatsIndex(assertFormats bool) int {
	if assertFormats {
		return 1
	}
	return 0
}
