// Package lazyregexp holds regular expressions compiled on first use. The page waits for the
// wasm's package initialisation before its first result, and compiling every lint and secrets
// pattern there cost about a fifth of that wait, for patterns a Schema-pane user never needs.
// (The standard library keeps the same helper, internal/lazyregexp, for the same reason.)
package lazyregexp

import (
	"fmt"
	"regexp"
	"sync"
)

// A Regexp is a regular expression compiled on first use.
type Regexp struct {
	src  string
	once sync.Once
	rx   *regexp.Regexp
}

// New returns a Regexp for src; like regexp.MustCompile, a bad pattern panics, on first use:
// every pattern is a constant, and the tests use each one.
//
//go:noinline
func New(src string) *Regexp {
	r := &Regexp{src: src}
	allMu.Lock()
	all = append(all, r)
	allMu.Unlock()
	return r
}

// all is every Regexp made so far: the package-level variables of every package the program
// imports, and the patterns a package builds on first use (lint's phrase tables) once built.
// Lint calls build those tables under their own sync.Once, so two may append at once.
var (
	allMu sync.Mutex
	all   []*Regexp
)

// CompileAll compiles every pattern made so far and reports the first that does not compile. A
// package's test calls it, after building whatever it builds on first use, so that a bad pattern
// fails there, at once, rather than panicking on the first text that reaches it (a panic the API
// turns into an internal error, far from the pattern's line).
func CompileAll() error {
	allMu.Lock()
	defer allMu.Unlock()
	for _, r := range all {
		if _, err := regexp.Compile(r.src); err != nil {
			return fmt.Errorf("lazyregexp: %w", err)
		}
	}
	return nil
}

func (r *Regexp) re() *regexp.Regexp {
	r.once.Do(func() { r.rx = regexp.MustCompile(r.src) })
	return r.rx
}

func (r *Regexp) MatchString(s string) bool            { return r.re().MatchString(s) }
func (r *Regexp) FindStringIndex(s string) []int       { return r.re().FindStringIndex(s) }
func (r *Regexp) FindStringSubmatch(s string) []string { return r.re().FindStringSubmatch(s) }
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.re().FindStringSubmatchIndex(s)
}
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.re().FindAllStringSubmatchIndex(s, n)
}
func (r *Regexp) String() string { return r.src }

// NumSubexp is [regexp.Regexp.NumSubexp].
func (r *Regexp) NumSubexp() int                             { return r.re().NumSubexp() }
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int { return r.re().FindAllStringIndex(s, n) }
func (r *Regexp) FindString(s string) string                 { return r.re().FindString(s) }
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.re().ReplaceAllString(src, repl)
}
