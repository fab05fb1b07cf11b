package pnp

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// forEach calls f(0) ... f(n-1) on up to GOMAXPROCS goroutines and
// returns when all have returned. The calls must not depend on each
// other; each writes only its own results.
func forEach(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f(i)
			}
		})
	}
	wg.Wait()
}
