package templates

import (
	"io"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// benchCards returns 500 cards of the bundled games, in file order over
// and over, with their games.
func benchCards(b *testing.B) ([]*cardsdb.Card, []*cardsdb.Game) {
	var cards []*cardsdb.Card
	var games []*cardsdb.Game
	for len(cards) < 500 {
		for _, id := range []string{"seeker-chronicles", "arkhtide"} {
			g := game(b, id)
			for _, c := range g.Cards {
				if len(cards) < 500 {
					cards = append(cards, c)
					games = append(games, g)
				}
			}
		}
	}
	return cards, games
}

// BenchmarkRender500 lays out 500 text-proxy faces (one op): the issue
// wants 500 text proxies printed in 3 s, PDF included.
func BenchmarkRender500(b *testing.B) {
	set := bundledSet(b)
	cards, games := benchCards(b)
	fontFace(false, false) // measure the fonts outside the loop
	b.ReportAllocs()
	for b.Loop() {
		for i, c := range cards {
			set.Render(c, games[i], cardsdb.Size{}, Front)
		}
	}
}

// BenchmarkRenderAndDraw500 lays out 500 faces and draws them into a PDF
// with gofpdf, fonts registered and output written: the text-proxy part of
// a 500-card print.
func BenchmarkRenderAndDraw500(b *testing.B) {
	set := bundledSet(b)
	cards, games := benchCards(b)
	b.ReportAllocs()
	for b.Loop() {
		pdf := newPDF(b)
		pdf.SetCompression(true)
		for i, c := range cards {
			if i%9 == 0 {
				pdf.AddPage()
			}
			f, _ := set.Render(c, games[i], cardsdb.Size{}, Front)
			drawFace(pdf, f, 5+float64(i%3)*65, 5+float64(i%9/3)*92)
		}
		if err := pdf.Output(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFit sets a long rules text in a box that makes it shrink.
func BenchmarkFit(b *testing.B) {
	text := rules + " " + rules + " " + rules
	b.ReportAllocs()
	for b.Loop() {
		Fit(text, 55, 25, FitOptions{Size: 8, MinSize: 5, Wrap: true})
	}
}
