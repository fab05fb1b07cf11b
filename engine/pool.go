package engine

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// chunkRun is the ordered worker pool of a run (Run, PlayPaired): workers
// play chunks of ChunkSize games each into result buffers of type B, and
// the calling goroutine merges the buffers in chunk order, so that the
// result is the same for any number of workers. It bounds the chunks in
// flight to 2 per worker (a worker takes a buffer before it claims a
// chunk, and the merge gives it back), so a run's memory does not grow
// with its games; a worker calls its play function once per chunk, never
// per game, so the pool costs no allocation a game.
type chunkRun[B any] struct {
	// Games is the number of games; Workers the goroutines (0: one per
	// CPU, never more than the chunks).
	Games, Workers int
	Context        context.Context
	// NewBuffer makes a result buffer.
	NewBuffer func() B
	// NewWorker makes a worker's play function (its games, generators
	// and records are its own): play games lo to hi-1 into buf, which it
	// empties first, and report false when ctx was cancelled during them.
	NewWorker func() func(buf B, lo, hi int, ctx context.Context) bool
	// Merge merges the next chunk's buffer, in chunk order; games is the
	// number of games merged so far. It returns true to stop the run
	// (Precision reached).
	Merge func(buf B, games int) (stop bool)
}

// run plays the chunks and merges them, and returns the context's error
// if it was cancelled.
func (r *chunkRun[B]) run() error {
	ctx := r.Context
	if ctx == nil {
		ctx = context.Background()
	}
	workers := r.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	chunks := (r.Games + ChunkSize - 1) / ChunkSize
	workers = min(workers, chunks)

	type done struct {
		idx int
		buf B
	}
	pool := make(chan B, 2*workers)
	for range 2 * workers {
		pool <- r.NewBuffer()
	}
	results := make(chan done, 2*workers)
	var next atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			play := r.NewWorker()
			for {
				buf := <-pool
				idx := int(next.Add(1) - 1)
				if idx >= chunks || stop.Load() {
					pool <- buf
					return
				}
				if !play(buf, idx*ChunkSize, min((idx+1)*ChunkSize, r.Games), ctx) {
					stop.Store(true)
				}
				results <- done{idx, buf}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	pending := make(map[int]B, 2*workers)
	want, games := 0, 0
	for d := range results {
		if stop.Load() {
			pool <- d.buf
			continue
		}
		pending[d.idx] = d.buf
		for {
			buf, ok := pending[want]
			if !ok {
				break
			}
			delete(pending, want)
			games += min(ChunkSize, r.Games-want*ChunkSize)
			want++
			halt := r.Merge(buf, games)
			pool <- buf
			if halt && want < chunks {
				stop.Store(true)
				break
			}
		}
	}
	return ctx.Err()
}

// cancelled reports, every 64 games, whether ctx is done: what a worker
// checks between games.
func cancelled(ctx context.Context, i int) bool { return i%64 == 0 && ctx.Err() != nil }
