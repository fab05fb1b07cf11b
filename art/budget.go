package art

import "sync"

// artBudget bounds the bytes of decoded images held at once over all
// workers, so that a few huge images are decoded one at a time.
type artBudget struct {
	mu    sync.Mutex
	cond  *sync.Cond
	free  int64
	total int64
}

func newArtBudget(total int64) *artBudget {
	b := &artBudget{free: total, total: total}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// acquire waits until n bytes (at most the whole budget) are free and
// takes them.
func (b *artBudget) acquire(n int64) {
	n = min(n, b.total)
	b.mu.Lock()
	for b.free < n {
		b.cond.Wait()
	}
	b.free -= n
	b.mu.Unlock()
}

// release gives back what acquire(n) took.
func (b *artBudget) release(n int64) {
	n = min(n, b.total)
	b.mu.Lock()
	b.free += n
	b.mu.Unlock()
	b.cond.Broadcast()
}
