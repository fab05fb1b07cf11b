package faces_test

import (
	"context"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/faces"
)

// BenchmarkTextProxy draws the 23 distinct text proxies of the Cosmos
// starter (Seeker Chronicles) at 150 and 300 DPI: what a web view or an
// export pays per card without art.
func BenchmarkTextProxy(b *testing.B) {
	g := game(b, "seeker-chronicles")
	var fs []cardface.Face
	for _, c := range g.Cards[:23] {
		fs = append(fs, cardface.CardItem(g, c).Front)
	}
	for _, dpi := range []int{150, 300} {
		b.Run(itoa(dpi)+"dpi", func(b *testing.B) {
			for b.Loop() {
				if _, err := faces.Render(context.Background(), fs, faces.Options{DPI: dpi}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(fs))/1e6, "ms/face")
		})
	}
}
