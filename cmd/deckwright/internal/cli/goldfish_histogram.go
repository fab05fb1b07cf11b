package cli

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/deckwright/deckwright/engine"
)

// printHistogram draws the win turns as bars, with the chance to have won
// by each turn.
func printHistogram(w io.Writer, h []engine.Bin, unit string) {
	const width = 40
	most := 0
	for _, b := range h {
		most = max(most, b.Games)
	}
	fmt.Fprintf(w, "%*s  %8s  %6s\n", len(unit), unit, "games", "won by")
	parts := []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}
	for _, b := range h {
		eighths := 0
		if most > 0 {
			eighths = int(math.Round(float64(b.Games) * width * 8 / float64(most)))
		}
		if b.Games > 0 && eighths == 0 {
			eighths = 1
		}
		bar := strings.Repeat("█", eighths/8) + parts[eighths%8]
		fmt.Fprintf(w, "%*d  %8d  %6s  %s\n", len(unit), b.Turn, b.Games, engine.Pct(b.Cumulative), bar)
	}
}
