package cli

import (
	"fmt"
	"slices"
	"time"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine/search"
)

// optimizeSettings are optimize's own settings in a partial result (the
// games of a race's first round are its total_games).
type optimizeSettings struct {
	Pool   string   `json:"pool,omitempty"`
	Figure string   `json:"figure,omitempty"`
	Evals  int      `json:"evals"`
	Check  int      `json:"check"`
	Keep   []string `json:"keep,omitempty"`
}

func (a *optimizeSettings) equal(b *optimizeSettings) bool {
	return a.Pool == b.Pool && a.Figure == b.Figure && a.Evals == b.Evals && a.Check == b.Check && slices.Equal(a.Keep, b.Keep)
}

// An optimize climb is sharded round by round as a tune race is: its
// rounds are those of each step's race, one step after the other, and
// then the round of the final check.

// optimizeShard plays shard K/N of the next round of the climb and writes
// its partial result.
func optimizeShard(opts *optimizeOptions, gopts *goldfishOptions, p *playtest, prob *search.Problem) error {
	pt := newPartial("optimize", gopts.shard, gopts, p)
	pt.Decks = append(pt.Decks, partialDeck{Deck: "pool:" + opts.pool, Fingerprint: poolPrint(opts.pool, prob.Pool)})
	pt.Optimize = &optimizeSettings{Pool: opts.pool, Figure: opts.figure, Evals: opts.evals, Check: opts.check, Keep: opts.keep}
	o, err := search.NewOptimizeRace(prob, search.Budget{Evals: opts.evals}, opts.games, opts.check)
	if err != nil {
		return searchError(err)
	}
	return shardRound(opts.io, o, pt, opts.state, "an optimize climb", "climb")
}

// mergeOptimize adds up the N parts of a round of an optimize climb: it
// prints the report once the final check is merged, else the state the
// next round starts from.
func mergeOptimize(opts *mergeOptions, parts []*partial) error {
	first := parts[0]
	if first.Optimize == nil || len(first.Decks) != 2 {
		return usageError("%s: an optimize part without its settings", first.file)
	}
	if err := sameRounds(parts); err != nil {
		return err
	}
	st := first.Optimize
	oopts := &optimizeOptions{tuneOptions: tuneOptions{compareOptions: compareOptions{io: opts.io, g: opts.g, a: first.Decks[0].Deck, game: first.Game, set: settingsFrom(first.Settings),
		games: first.TotalGames, seed: first.Seed, maxTurns: first.MaxTurns, json: opts.json}, pool: st.Pool, figure: st.Figure},
		evals: st.Evals, check: st.Check, keep: st.Keep, budget: time.Minute}
	if err := oopts.checkSearch(); err != nil || oopts.evals < 1 {
		return usageError("the parts' settings: --evals %d, --games %d, --check %d: want --evals ≥ 1, --games and --check ≥ 2", oopts.evals, oopts.games, oopts.check)
	}
	gopts := oopts.goldfish()
	gopts.force = first.Force
	if err := gopts.check(); err != nil {
		return usageError("the parts' settings: %v", err)
	}
	p, prob, err := oopts.optProblem(gopts)
	if err != nil {
		return err
	}
	if err := samePrints(first, p, oopts.pool, prob); err != nil {
		return err
	}
	o, err := search.NewOptimizeRace(prob, search.Budget{Evals: oopts.evals}, oopts.games, oopts.check)
	if err != nil {
		return searchError(err)
	}
	round, rounds, err := mergeRound(o, parts)
	if err != nil {
		return err
	}
	if next, _, _, more := o.Round(); more {
		if !opts.g.quiet {
			what := "the final check"
			if step, checking := o.Step(); !checking {
				what = fmt.Sprintf("step %d's race, %s", step, cardsdb.Plural(o.Racing(), "list"))
			}
			fmt.Fprintf(opts.io.Err, "deckwright: round %d of the climb merged; play round %d (%s): optimize ... --shard K/%d --json --state FILE, FILE this output\n", round, next, what, first.Shards)
		}
		return writeJSON(opts.io, stateAfter(first, rounds))
	}
	res, err := o.Result()
	if err != nil {
		return searchError(err)
	}
	return writeOptimize(oopts, p, res)
}
