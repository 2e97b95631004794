//go:build !unix

package testenv

import "time"

// ProcessCPU is not measured here: benchmarks report the wall clock alone.
func ProcessCPU() (spent time.Duration, ok bool) { return 0, false }
