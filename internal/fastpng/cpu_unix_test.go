//go:build unix

package fastpng_test

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used (user and system):
// on a shared machine the benchmarks report it beside the wall time,
// which other processes inflate.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
