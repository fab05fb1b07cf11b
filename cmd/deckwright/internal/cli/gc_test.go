package cli

import (
	"runtime/debug"
	"sync"
	"testing"
)

// gcPercent reads the GC target (SetGCPercent is the only reader).
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestLoadingGCRestores holds the raised GC target while any load is under
// way, overlapping ones included, and restores the caller's after the last.
func TestLoadingGCRestores(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(123))
	first := loadingGC()
	second := loadingGC()
	if got := gcPercent(); got != gcPercentLoading {
		t.Fatalf("GC target %d during two loads, want %d", got, gcPercentLoading)
	}
	first()
	if got := gcPercent(); got != gcPercentLoading {
		t.Fatalf("GC target %d while the second load runs, want %d", got, gcPercentLoading)
	}
	second()
	if got := gcPercent(); got != 123 {
		t.Fatalf("GC target %d after the loads, want the caller's 123", got)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { loadingGC()() })
	}
	wg.Wait()
	if got := gcPercent(); got != 123 {
		t.Fatalf("GC target %d after concurrent loads, want the caller's 123", got)
	}
}
