package engine_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/deckwright/deckwright/engine"
)

// dice rolls a die each turn and wins once the total reaches 20.
type dice struct{}

func (dice) Play(rng *rand.Rand, rec *engine.Record) engine.Outcome {
	total := 0
	for turn := 1; turn <= 20; turn++ {
		roll := 1 + rng.IntN(6)
		rec.Count(0, roll-1)
		if turn == 1 {
			rec.Opening(roll - 1)
		}
		if total += roll; total >= 20 {
			return engine.Outcome{Won: true, Turns: turn}
		}
	}
	return engine.Outcome{Turns: 20}
}

func Example() {
	spec := engine.Spec{Cards: []string{"1", "2", "3", "4", "5", "6"}, Events: []string{"rolled"}, MaxTurns: 20}
	s, err := engine.Run(spec, engine.Config{Games: 10000, Seed: 1}, func() engine.Game { return dice{} })
	if err != nil {
		panic(err)
	}
	fmt.Printf("won %d of %d; mean turn %.2f, median %d, p10 %d, p90 %d\n", s.Won, s.Games, s.Turns.Mean, s.Turns.Median, s.Turns.P10, s.Turns.P90)
	fmt.Printf("a first roll of 6 wins on turn %.2f on average, other first rolls on turn %.2f\n", s.Cards[5].WinTurnOpening, s.Cards[5].WinTurnOther)
	// Output:
	// won 10000 of 10000; mean turn 6.18, median 6, p10 5, p90 8
	// a first roll of 6 wins on turn 5.48 on average, other first rolls on turn 6.33
}
