package procstat

import (
	"runtime"
	"testing"
)

// TestCounts: on Unix, spinning adds processor time and the peak
// resident size is at least what the test holds.
func TestCounts(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("not measured off Unix")
	}
	before := CPU()
	x := 0
	for i := 0; CPU()-before < 20e6 && i < 1e10; i++ {
		x += i
	}
	if CPU()-before < 20e6 {
		t.Fatalf("CPU did not grow: %v then %v", before, CPU())
	}
	held := make([]byte, 64<<20)
	for i := range held {
		held[i] = byte(i)
	}
	if got := PeakRSS(); got < int64(len(held)) {
		t.Fatalf("PeakRSS %d, holding %d", got, len(held))
	}
	runtime.KeepAlive(held)
	_ = x
}
