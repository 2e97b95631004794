package lazyregexp

import (
	"strings"
	"testing"
)

func TestCompileAllNamesABadPattern(t *testing.T) {
	saved := len(all)
	t.Cleanup(func() { all = all[:saved] })
	New(`(?i)unclosed (group`)
	err := CompileAll()
	if err == nil || !strings.Contains(err.Error(), "unclosed (group") {
		t.Fatalf("CompileAll = %v, want the bad pattern named", err)
	}
}
