package cli

import (
	"testing"

	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/search"
)

// A swap's estimate reads as what it does: a loss on a figure that is
// better lower is "later", not a negative "sooner" (issue 25 item 19).
func TestEstimateText(t *testing.T) {
	turns := engine.PairedFigure{Figure: engine.Figure{Lower: true, Unit: "turn"}}
	for _, tt := range []struct {
		e    search.Estimate
		want string
	}{
		{search.Estimate{Figure: turns, Gain: 0.31, GainCI: [2]float64{0.27, 0.35}, Games: 50}, "+0.31 turns sooner (95% CI 0.27 – 0.35, 50 games)"},
		{search.Estimate{Figure: turns, Gain: -0.08, GainCI: [2]float64{-0.14, -0.02}, Games: 50}, "0.08 turns later (95% CI 0.02 – 0.14, 50 games)"},
		{search.Estimate{Figure: turns, Gain: -0.001, GainCI: [2]float64{-0.1, 0.1}, Games: 1}, "+0.00 turns sooner (95% CI -0.10 – 0.10, 1 game)"},
	} {
		if got := estimateText(&tt.e); got != tt.want {
			t.Errorf("estimateText(%+v) = %q, want %q", tt.e.Gain, got, tt.want)
		}
	}
}
