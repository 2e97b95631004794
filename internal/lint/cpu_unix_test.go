//go:build unix

package lint

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used, user and system: on a machine other work
// shares, it measures a benchmark where the wall clock does not.
func processCPU() (time.Duration, bool) {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0, false
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()), true
}
