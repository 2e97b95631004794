//go:build unix

package testenv

import (
	"syscall"
	"time"
)

// ProcessCPU is the CPU time the process has used so far, user and system, every thread's (the
// collector's too): on a machine other work shares, it measures a benchmark where the wall clock
// does not. ok is false where it cannot be read.
func ProcessCPU() (spent time.Duration, ok bool) {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0, false
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano()), true
}
