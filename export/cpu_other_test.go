//go:build !unix

package export_test

import "time"

// cpuTime is not measured off Unix.
func cpuTime() time.Duration { return 0 }

// peakRSS is not measured off Unix.
func peakRSS() int64 { return 0 }
