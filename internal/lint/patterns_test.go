package lint

import (
	"testing"

	"github.com/gatehouse-dev/gatehouse/internal/lazyregexp"
)

// TestEveryPhraseCompiles builds the tables the lint makes on first use (every rule's phrases,
// every language's, the groups made of them) and then compiles every pattern made so far: a
// bad pattern in a phrase fails here, named, rather than on the first text that reaches it.
func TestEveryPhraseCompiles(t *testing.T) {
	buildPhraseTables()
	languagePhrases()
	groupPhrases()
	if err := lazyregexp.CompileAll(); err != nil {
		t.Fatal(err)
	}
}
