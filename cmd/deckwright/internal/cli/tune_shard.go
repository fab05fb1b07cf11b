package cli

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/deckwright/deckwright/engine"
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
	if opts.state != "" {
		st, err := readPart(opts.state)
		if err != nil {
			return err
		}
		if st.Command != "tune-state" {
			return usageError("--state %s: a %s part, not the state merge writes between the rounds of a tune race", opts.state, st.Command)
		}
		as := *st
		as.Command = "tune"
		if d := sameRun(&as, pt); d != "" {
			return usageError("--state %s is of another run: %s", opts.state, d)
		}
		if err := replayRounds(tr, st.Rounds); err != nil {
			return usageError("--state %s: %v", opts.state, err)
		}
		pt.Rounds = st.Rounds
	}
	round, first, n, ok := tr.Round()
	if !ok {
		return usageError("--state %s: the race is over after round %d; deckwright merge printed its report", opts.state, round)
	}
	lo, count := shardGames(gopts.shard.k, gopts.shard.n, n)
	sums, err := tr.PlayPart(lo, count)
	if err != nil {
		return searchError(err)
	}
	pt.Round, pt.First, pt.Games, pt.RoundSums = round, first+lo, count, sums
	return writeJSON(opts.io, pt)
}

// replayRounds adds the sums of the rounds played to a new race.
func replayRounds(tr *search.TuneRace, rounds [][][]engine.PairSums) error {
	for i, r := range rounds {
		if err := tr.AddRound(r); err != nil {
			return fmt.Errorf("round %d: %w", i+1, err)
		}
	}
	return nil
}

// mergeTune adds up the N parts of a round of a tune race: it prints the
// report once the race is over, else the state the next round starts from.
func mergeTune(opts *mergeOptions, parts []*partial) error {
	first := parts[0]
	if first.Tune == nil || len(first.Decks) != 2 {
		return usageError("%s: a tune part without its settings", first.file)
	}
	prior, _ := json.Marshal(first.Rounds)
	for _, pt := range parts[1:] {
		b, _ := json.Marshal(pt.Rounds)
		if pt.Round != first.Round || !bytes.Equal(b, prior) {
			return usageError("%s and %s are parts of different rounds of the race (round %d and %d, or other states)", first.file, pt.file, first.Round, pt.Round)
		}
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
	for i, fp := range []string{fingerprint(p), poolPrint(topts.pool, prob.Pool)} {
		if fp != first.Decks[i].Fingerprint {
			return usageError("%s is not what the shards played: its cards or card data changed since (fingerprint %.12s, the parts' %.12s); play the shards again", first.Decks[i].Deck, fp, first.Decks[i].Fingerprint)
		}
	}
	tr, err := search.NewTuneRace(prob, topts.games)
	if err != nil {
		return searchError(err)
	}
	if err := replayRounds(tr, first.Rounds); err != nil {
		return usageError("%s: %v", first.file, err)
	}
	round, firstGame, n, ok := tr.Round()
	if !ok || round != first.Round {
		return usageError("%s: round %d, but the race's next round is %d", first.file, first.Round, round)
	}
	total := make([][]engine.PairSums, tr.Racing())
	for _, pt := range parts {
		lo, count := shardGames(pt.Shard, pt.Shards, n)
		if pt.First != firstGame+lo || pt.Games != count {
			return usageError("%s: shard %d/%d of round %d holds games %d to %d, want %d to %d", pt.file, pt.Shard, pt.Shards, round, pt.First+1, pt.First+pt.Games, firstGame+lo+1, firstGame+lo+count)
		}
		if len(pt.RoundSums) != len(total) {
			return usageError("%s: sums of %d swaps, want the %d in round %d", pt.file, len(pt.RoundSums), len(total), round)
		}
		for i, sums := range pt.RoundSums {
			if total[i] == nil {
				total[i] = make([]engine.PairSums, len(sums))
			}
			if len(sums) != len(total[i]) {
				return usageError("%s: sums of %d figures, want %d", pt.file, len(sums), len(total[i]))
			}
			for f := range sums {
				if sums[f].Games() > count {
					return usageError("%s: sums of %d games, in a part of %d", pt.file, sums[f].Games(), count)
				}
				if err := total[i][f].AddChecked(&sums[f]); err != nil {
					return usageError("%s: %v", pt.file, err)
				}
			}
		}
	}
	if err := tr.AddRound(total); err != nil {
		return usageError("round %d: %v", round, err)
	}
	if next, _, _, more := tr.Round(); more {
		st := *first
		st.Command, st.Shard, st.First, st.Games, st.Round, st.RoundSums = "tune-state", 0, 0, 0, 0, nil
		st.Rounds = append(append([][][]engine.PairSums{}, first.Rounds...), total)
		if !opts.g.quiet {
			fmt.Fprintf(opts.io.Err, "deckwright: round %d of the race merged, %d swaps go on; play round %d: tune ... --shard K/%d --json --state FILE, FILE this output\n", round, tr.Racing(), next, first.Shards)
		}
		return writeJSON(opts.io, &st)
	}
	res, err := tr.Result()
	if err != nil {
		return searchError(err)
	}
	return writeTune(topts, p, res)
}
