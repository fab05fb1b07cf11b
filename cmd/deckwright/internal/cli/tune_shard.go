package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/deckwright/deckwright/cardsdb"
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

// roundRace is a search played round by round, whose rounds shards play
// in parts: search.TuneRace and search.OptimizeRace.
type roundRace interface {
	Round() (round, first, n int, ok bool)
	Racing() int
	PlayPart(lo, count int) ([][]engine.PairSums, error)
	AddRound(sums [][]engine.PairSums) error
}

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

// shardRound plays shard K/N (pt's) of the next round of a race, its
// rounds before replayed from state (merge's answer after the last round,
// "" for round 1), and writes its partial result. what names the search
// ("a tune race"), over what ends ("race").
func shardRound(io IO, tr roundRace, pt *partial, state, what, over string) error {
	if state != "" {
		st, err := readPart(state)
		if err != nil {
			return err
		}
		if st.Command != pt.Command+"-state" {
			return usageError("--state %s: %s part, not the state merge writes between the rounds of %s", state, article(st.Command), what)
		}
		as := *st
		as.Command = pt.Command
		if d := sameRun(&as, pt); d != "" {
			return usageError("--state %s is of another run: %s", state, d)
		}
		if err := replayRounds(tr, st.Rounds); err != nil {
			return usageError("--state %s: %v", state, err)
		}
		pt.Rounds = st.Rounds
	}
	round, first, n, ok := tr.Round()
	if !ok {
		return usageError("--state %s: the %s is over after round %d; deckwright merge printed its report", state, over, round)
	}
	lo, count := shardGames(pt.Shard, pt.Shards, n)
	sums, err := tr.PlayPart(lo, count)
	if err != nil {
		return searchError(err)
	}
	pt.Round, pt.First, pt.Games, pt.RoundSums = round, first+lo, count, sums
	return writeJSON(io, pt)
}

// replayRounds adds the sums of the rounds played to a new race.
func replayRounds(tr roundRace, rounds [][][]engine.PairSums) error {
	for i, r := range rounds {
		if err := tr.AddRound(r); err != nil {
			return fmt.Errorf("round %d: %w", i+1, err)
		}
	}
	return nil
}

// sameRounds checks that the parts are of one round, after the same
// rounds before.
func sameRounds(parts []*partial) error {
	first := parts[0]
	prior, _ := json.Marshal(first.Rounds)
	for _, pt := range parts[1:] {
		b, _ := json.Marshal(pt.Rounds)
		if pt.Round != first.Round || !bytes.Equal(b, prior) {
			return usageError("%s and %s are parts of different rounds of the race (round %d and %d, or other states)", first.file, pt.file, first.Round, pt.Round)
		}
	}
	return nil
}

// mergeRound replays the rounds before the parts' round on tr, adds up
// the N parts of that round and adds the round to tr. It returns the
// round merged and the sums of every round so far, the next state's.
func mergeRound(tr roundRace, parts []*partial) (int, [][][]engine.PairSums, error) {
	first := parts[0]
	if err := replayRounds(tr, first.Rounds); err != nil {
		return 0, nil, usageError("%s: %v", first.file, err)
	}
	round, firstGame, n, ok := tr.Round()
	if !ok || round != first.Round {
		return 0, nil, usageError("%s: round %d, but the race's next round is %d", first.file, first.Round, round)
	}
	total := make([][]engine.PairSums, tr.Racing())
	for _, pt := range parts {
		lo, count := shardGames(pt.Shard, pt.Shards, n)
		if pt.First != firstGame+lo || pt.Games != count {
			return 0, nil, usageError("%s: shard %d/%d of round %d holds games %d to %d, want %d to %d", pt.file, pt.Shard, pt.Shards, round, pt.First+1, pt.First+pt.Games, firstGame+lo+1, firstGame+lo+count)
		}
		if len(pt.RoundSums) != len(total) {
			return 0, nil, usageError("%s: sums of %d swaps, want the %d in round %d", pt.file, len(pt.RoundSums), len(total), round)
		}
		for i, sums := range pt.RoundSums {
			if total[i] == nil {
				total[i] = make([]engine.PairSums, len(sums))
			}
			if len(sums) != len(total[i]) {
				return 0, nil, usageError("%s: sums of %d figures, want %d", pt.file, len(sums), len(total[i]))
			}
			for f := range sums {
				if sums[f].Games() > count {
					return 0, nil, usageError("%s: sums of %d games, in a part of %d", pt.file, sums[f].Games(), count)
				}
				if err := total[i][f].AddChecked(&sums[f]); err != nil {
					return 0, nil, usageError("%s: %v", pt.file, err)
				}
			}
		}
	}
	if err := tr.AddRound(total); err != nil {
		return 0, nil, usageError("round %d: %v", round, err)
	}
	return round, append(append([][][]engine.PairSums{}, first.Rounds...), total), nil
}

// stateAfter is the state merge writes after a round of the parts': the
// run, the rounds before and the one merged (the race's last).
func stateAfter(first *partial, rounds [][][]engine.PairSums) *partial {
	st := *first
	st.Command, st.Shard, st.First, st.Games, st.Round, st.RoundSums = first.Command+"-state", 0, 0, 0, 0, nil
	st.Rounds = rounds
	return &st
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

// samePrints checks that the deck and the pool are what the shards played.
func samePrints(first *partial, p *playtest, pool string, prob *search.Problem) error {
	for i, fp := range []string{fingerprint(p), poolPrint(pool, prob.Pool)} {
		if fp != first.Decks[i].Fingerprint {
			return usageError("%s is not what the shards played: its cards or card data changed since (fingerprint %.12s, the parts' %.12s); play the shards again", first.Decks[i].Deck, fp, first.Decks[i].Fingerprint)
		}
	}
	return nil
}

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
