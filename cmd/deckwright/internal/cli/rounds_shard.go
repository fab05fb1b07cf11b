package cli

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/search"
)

// roundRace is a search played round by round, whose rounds shards play
// in parts: search.TuneRace and search.OptimizeRace.
type roundRace interface {
	Round() (round, first, n int, ok bool)
	Racing() int
	PlayPart(lo, count int) ([][]engine.PairSums, error)
	AddRound(sums [][]engine.PairSums) error
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

// samePrints checks that the deck and the pool are what the shards played.
func samePrints(first *partial, p *playtest, pool string, prob *search.Problem) error {
	for i, fp := range []string{fingerprint(p), poolPrint(pool, prob.Pool)} {
		if fp != first.Decks[i].Fingerprint {
			return usageError("%s is not what the shards played: its cards or card data changed since (fingerprint %.12s, the parts' %.12s); play the shards again", first.Decks[i].Deck, fp, first.Decks[i].Fingerprint)
		}
	}
	return nil
}
