package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// Game plays games of one compiled deck. A Game keeps whatever state it
// likes between calls to reuse memory; the runner makes one per worker
// and never calls one from two goroutines.
type Game interface {
	// Play plays one whole game drawing every random number from rng, and
	// reports what happened to rec.
	Play(rng *rand.Rand, rec *Record) Outcome
}

// Config says how many games a run plays and how.
type Config struct {
	// Games is the number of games to play; with Precision, the most.
	Games int
	// Seed is the base seed: game i draws from rand.NewPCG(Seed, i).
	Seed uint64
	// First is the index of the first game of a paired run (RunPaired,
	// PlayPaired): it plays games First to First+Games-1, so that a search
	// can add games to an estimate, or check on games it never played.
	// Run plays games First to First+Games-1 as well: a shard of a run
	// (see Counts).
	First int
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
	// Precision, when positive, stops the run at the end of the first
	// chunk after which the 95% CI of the mean win turn is narrower than
	// ± Precision turns.
	Precision float64
	// Progress, if set, is called from the calling goroutine with the
	// games done so far and Games.
	Progress func(done, total int)
	// Context, if set, stops the run when it is cancelled: workers check
	// it between games, and Run returns its error.
	Context context.Context
}

// ChunkSize is the number of games a worker plays at a time. Chunks are
// merged in order and Precision is checked between chunks, so results
// depend on it but never on the number of workers.
const ChunkSize = 1000

// MinPrecisionGames is the fewest won games after which Precision may stop
// a run.
const MinPrecisionGames = 100

// Stream returns the random generator of game i of a run with seed: the
// PCG stream (seed, i). Traces and tests use it to replay one game.
func Stream(seed uint64, i int) *rand.Rand { return rand.New(rand.NewPCG(seed, uint64(i))) }

// Run plays the games of cfg with newGame's games, on cfg.Workers
// goroutines, and returns their statistics. Game i always draws from the
// stream (cfg.Seed, i) (games cfg.First to cfg.First+cfg.Games-1), and the chunks of games are merged in order, so
// the result is the same for any number of workers.
func Run(spec Spec, cfg Config, newGame func() Game) (*Summary, error) {
	total, precise, err := run(spec, cfg, newGame)
	if err != nil {
		return nil, err
	}
	s := total.Summarize()
	s.Precision = precise || cfg.Precision > 0 && total.won >= MinPrecisionGames && s.Turns.HalfWidth() < cfg.Precision
	return s, nil
}

// run is Run's engine: it returns the counts of the games played and
// whether Precision stopped the run.
func run(spec Spec, cfg Config, newGame func() Game) (*Record, bool, error) {
	if cfg.Games <= 0 {
		return nil, false, errors.New("engine: Games must be positive")
	}
	if spec.MaxTurns <= 0 {
		return nil, false, errors.New("engine: Spec.MaxTurns must be positive")
	}
	if cfg.Precision < 0 || math.IsNaN(cfg.Precision) || cfg.First < 0 {
		return nil, false, fmt.Errorf("engine: Precision %v must not be negative, nor First %d", cfg.Precision, cfg.First)
	}
	total := newRecord(&spec)
	precise := false
	cr := chunkRun[*Record]{Games: cfg.Games, Workers: cfg.Workers, Context: cfg.Context,
		NewBuffer: func() *Record { return newRecord(&spec) },
		NewWorker: func() func(*Record, int, int, context.Context) bool {
			g := newGame()
			pcg := rand.NewPCG(0, 0)
			rng := rand.New(pcg)
			seed, first := cfg.Seed, uint64(cfg.First)
			return func(rec *Record, lo, hi int, ctx context.Context) bool {
				rec.reset()
				for i := lo; i < hi; i++ {
					if cancelled(ctx, i) {
						return false
					}
					pcg.Seed(seed, first+uint64(i))
					rec.begin()
					rec.end(g.Play(rng, rec))
				}
				return true
			}
		},
		Merge: func(rec *Record, games int) bool {
			total.add(rec)
			if cfg.Progress != nil {
				cfg.Progress(int(total.games), cfg.Games)
			}
			if cfg.Precision > 0 && total.won >= MinPrecisionGames && games < cfg.Games {
				if t := dist(total.wonHist, total.games); t.HalfWidth() < cfg.Precision {
					precise = true
					return true
				}
			}
			return false
		}}
	if err := cr.run(); err != nil {
		return nil, false, err
	}
	return total, precise, nil
}
