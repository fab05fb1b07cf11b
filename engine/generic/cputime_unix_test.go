//go:build unix

package generic

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used (user and system):
// on a shared machine a benchmark's games per CPU second say what the
// engine does with the cores it gets, which wall time does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
