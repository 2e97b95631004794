//go:build !unix

package lint

import "time"

// processCPU is not measured here: benchmarks report the wall clock alone.
func processCPU() (time.Duration, bool) { return 0, false }
