//go:build unix

package procstat

import (
	"syscall"
	"time"
)

// CPU is the processor time the process has used (user and system), or
// 0 when it cannot be read.
func CPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// PeakRSS is the most memory the process has held at once, in bytes
// (ru_maxrss is in kilobytes on Linux), or 0 when it cannot be read.
func PeakRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return int64(ru.Maxrss) * 1024
}
