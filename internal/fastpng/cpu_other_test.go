//go:build !unix

package fastpng_test

import "time"

// cpuTime is not measured off Unix.
func cpuTime() time.Duration { return 0 }
