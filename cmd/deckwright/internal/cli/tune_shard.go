package cli

import (
	"fmt"

	"github.com/deckwright/deckwright/engine/search"
)

// tuneSettings are tune's own settings in a partial result.
type tuneSettings struct {
	Pool   string `json:"pool,omitempty"`
	Figure string `json:"figure,omitempty"`
	Top    int    `json:"top"`
}

// A tune race is sharded round by round: each round's games are cut into
// the N shards, and every shard plays its part of the round for every swap
// still in the race (which swaps those are depends on the rounds before,
// all shards' sums added up). So a round is N runs of tune --shard K/N
// --json (--state STATE after the first), then deckwright merge of the N
// parts, which answers the next STATE, or once the race is over the
// report of the single run.

// tuneShard plays shard K/N of the next round of the race and writes its
// partial result.
func tuneShard(opts *tuneOptions, gopts *goldfishOptions, p *playtest, prob *search.Problem) error {
	pt := newPartial("tune", gopts.shard, gopts, p)
	pt.Decks = append(pt.Decks, partialDeck{Deck: "pool:" + opts.pool, Fingerprint: poolPrint(opts.pool, prob.Pool)})
	pt.Tune = &tuneSettings{Pool: opts.pool, Figure: opts.figure, Top: opts.top}
	tr, err := search.NewTuneRace(prob, opts.games)
	if err != nil {
		return searchError(err)
	}
	return shardRound(opts.io, tr, pt, opts.state, "a tune race", "race")
}

// mergeTune adds up the N parts of a round of a tune race: it prints the
// report once the race is over, else the state the next round starts from.
func mergeTune(opts *mergeOptions, parts []*partial) error {
	first := parts[0]
	if first.Tune == nil || len(first.Decks) != 2 {
		return usageError("%s: a tune part without its settings", first.file)
	}
	if err := sameRounds(parts); err != nil {
		return err
	}
	topts := &tuneOptions{compareOptions: compareOptions{io: opts.io, g: opts.g, a: first.Decks[0].Deck, game: first.Game, set: settingsFrom(first.Settings),
		games: first.TotalGames, seed: first.Seed, maxTurns: first.MaxTurns, json: opts.json}, pool: first.Tune.Pool, figure: first.Tune.Figure, top: first.Tune.Top}
	gopts := topts.goldfish()
	gopts.force = first.Force
	if err := gopts.check(); err != nil {
		return usageError("the parts' settings: %v", err)
	}
	if topts.top < 1 {
		return usageError("the parts' settings: --top %d: want 1 or more", topts.top)
	}
	p, prob, err := topts.problem(gopts)
	if err != nil {
		return err
	}
	if err := samePrints(first, p, topts.pool, prob); err != nil {
		return err
	}
	tr, err := search.NewTuneRace(prob, topts.games)
	if err != nil {
		return searchError(err)
	}
	round, rounds, err := mergeRound(tr, parts)
	if err != nil {
		return err
	}
	if next, _, _, more := tr.Round(); more {
		if !opts.g.quiet {
			fmt.Fprintf(opts.io.Err, "deckwright: round %d of the race merged, %d swaps go on; play round %d: tune ... --shard K/%d --json --state FILE, FILE this output\n", round, tr.Racing(), next, first.Shards)
		}
		return writeJSON(opts.io, stateAfter(first, rounds))
	}
	res, err := tr.Result()
	if err != nil {
		return searchError(err)
	}
	return writeTune(topts, p, res)
}
