package diff

import (
	"github.com/gatehouse-dev/gatehouse/internal/catalog"
	"github.com/gatehouse-dev/gatehouse/internal/jsondoc"
	"github.com/gatehouse-dev/gatehouse/internal/lint"
	"github.com/gatehouse-dev/gatehouse/internal/problem"
)

// verifyLock is the "lock" mode of [Compare]: left is the lock, right the catalog.
// It also returns the catalog as parsed.
func verifyLock(left, right *jsondoc.Document, probs problem.Problems) (*catalog.LockReport, *catalog.Catalog, []lint.Finding, problem.Problems) {
	lock, lp := catalog.ParseLock(left)
	probs = append(probs, lp...)
	c, cp := catalog.Parse(right)
	probs = append(probs, cp...)
	if lock == nil || c == nil {
		return nil, c, nil, probs
	}
	rep, vp := catalog.VerifyLock(lock, c, left, right)
	probs = append(probs, vp...)
	return rep, c, lint.Catalog(c, right), probs
}
