package core

import (
	"regexp"
	"sync"
)

// A lazyRegexp is a regular expression compiled on first use. The page waits for core's package
// initialisation before its first result, and compiling every lint and secrets pattern there cost
// about a fifth of that wait in wasm, for patterns a Schema-pane user never needs. (The standard
// library keeps the same helper, internal/lazyregexp, for the same reason.)
type lazyRegexp struct {
	src  string
	once sync.Once
	rx   *regexp.Regexp
}

// lazyRE returns a lazyRegexp for src; like regexp.MustCompile, a bad pattern panics, on first
// use: every pattern is a constant, and the tests use each one.
func lazyRE(src string) *lazyRegexp { return &lazyRegexp{src: src} }

func (r *lazyRegexp) re() *regexp.Regexp {
	r.once.Do(func() { r.rx = regexp.MustCompile(r.src) })
	return r.rx
}

func (r *lazyRegexp) MatchString(s string) bool            { return r.re().MatchString(s) }
func (r *lazyRegexp) FindStringIndex(s string) []int       { return r.re().FindStringIndex(s) }
func (r *lazyRegexp) FindStringSubmatch(s string) []string { return r.re().FindStringSubmatch(s) }
func (r *lazyRegexp) FindStringSubmatchIndex(s string) []int {
	return r.re().FindStringSubmatchIndex(s)
}
func (r *lazyRegexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.re().FindAllStringSubmatchIndex(s, n)
}
func (r *lazyRegexp) String() string { return r.src }
