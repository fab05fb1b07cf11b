//go:build unix

package export_test

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

// peakRSS is the most memory the process has held at once, in bytes
// (ru_maxrss is in kilobytes on Linux).
func peakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return int64(ru.Maxrss) * 1024
}
