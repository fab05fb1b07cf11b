package faces_test

import (
	"context"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/faces"
)

// BenchmarkForgeFaces draws the worked example's faces at 300 DPI, each
// time afresh (art windows, frames, fonts): what export png does per card
// before it encodes the PNG.
func BenchmarkForgeFaces(b *testing.B) {
	g, set := forgeB(b)
	var fs []cardface.Face
	for _, c := range g.Cards {
		fs = append(fs, cardface.CardItem(g, c).Front)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := faces.Render(context.Background(), fs, faces.Options{DPI: 300, Templates: set}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/float64(len(fs)), "ms/face")
}
