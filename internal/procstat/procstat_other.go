//go:build !unix

package procstat

import "time"

// CPU is not measured off Unix.
func CPU() time.Duration { return 0 }

// PeakRSS is not measured off Unix.
func PeakRSS() int64 { return 0 }
