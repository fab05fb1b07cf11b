package render_test

import (
	"bytes"
	"context"
	"github.com/deckwright/deckwright/cardsdb/cardsdbtest"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// TestTextProxyBleedTakesFrame prints a text proxy with 3 mm of bleed: the
// bleed takes the colour of the frame drawn at the card's edge, so that a
// cut a little off shows no white sliver (as export mpc and png draw it).
func TestTextProxyBleedTakesFrame(t *testing.T) {
	g := cardsdbtest.Game(t, "seeker-chronicles")
	items := cardface.SetItems(g)[:1]
	opts := render.RenderOptions{Sheet: layout.DefaultOptions()}
	opts.Sheet.Bleed = 3
	var pdf bytes.Buffer
	rep, err := render.Render(context.Background(), &pdf, items, opts)
	if err != nil {
		t.Fatal(err)
	}
	page := renderGray(t, pdf.Bytes(), 100)[0]
	s := rep.Sheet.Slots[0]
	for _, p := range []struct {
		what string
		x, y float64
	}{
		{"left bleed", s.X - 1.5, s.Y + s.H/2},
		{"top bleed", s.X + s.W/2, s.Y - 1.5},
		{"right bleed", s.X + s.W + 1.5, s.Y + s.H/2},
		{"bottom bleed", s.X + s.W/2, s.Y + s.H + 1.5},
		{"bleed corner", s.X - 2.5, s.Y - 2.5},
	} {
		if !page.dark(page.px(p.x), page.px(p.y)) {
			t.Errorf("%s at %.1f,%.1f mm is light: the frame does not run on into the bleed", p.what, p.x, p.y)
		}
	}
	// Without bleed, nothing is drawn outside the card.
	opts.Sheet.Bleed = 0
	pdf.Reset()
	if rep, err = render.Render(context.Background(), &pdf, items, opts); err != nil {
		t.Fatal(err)
	}
	page = renderGray(t, pdf.Bytes(), 100)[0]
	s = rep.Sheet.Slots[0]
	if page.dark(page.px(s.X-1.5), page.px(s.Y+s.H/2)) {
		t.Error("without bleed, ink left of the card")
	}
}
