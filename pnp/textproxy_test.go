package pnp

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// TestTextProxyRaster imports deckwright's own text-proxy sheets (no art:
// each card a dark frame inside its trim, a title bar, text boxes) from
// the raster: the cards lie edge to edge, so no line shows between two
// of them, and the lines inside the cards are as long as their edges.
// The backs are light cards with a frame drawn 2 mm inside the trim.
func TestTextProxyRaster(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	_, g := seeker(t)
	if g == nil || len(g.Cards) < 10 {
		t.Fatal("the bundled seeker-chronicles game is missing or small")
	}
	for _, b := range []struct {
		mode layout.BackMode
		lay  Layout
		flip string
		dpi  int // 300 finds the grid on a page averaged down to 150 DPI
	}{{layout.BacksNone, LayoutFronts, "", 300}, {layout.BacksLong, LayoutDuplex, "long", 150}} {
		t.Run(b.mode.String(), func(t *testing.T) {
			t.Parallel()
			o := layoutDefaults()
			o.Backs = b.mode
			sheet, err := layout.Plan(o)
			if err != nil {
				t.Fatal(err)
			}
			per := sheet.PerPage()
			n := per + 1 // a second page with one card
			var items []cardface.Item
			for _, c := range g.Cards[:n] {
				it := cardface.CardItem(g, c)
				it.Back.Image = "" // the game's back as a text proxy, not its sample back image
				items = append(items, it)
			}
			var buf bytes.Buffer
			rep, err := render.Render(context.Background(), &buf, items, render.RenderOptions{Sheet: o, DPI: 150})
			if err != nil {
				t.Fatalf("printing: %v", err)
			}
			if rep.Images != 0 {
				t.Fatalf("printed %d faces from art, want text proxies only", rep.Images)
			}
			path := filepath.Join(t.TempDir(), "proxies.pdf")
			if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			res, err := Import(context.Background(), path, Options{Layout: b.lay, Flip: b.flip, DPI: b.dpi, MaxPages: 10}.withCard(o.Card))
			if err != nil {
				t.Fatalf("Import: %v", err)
			}
			if len(res.Cards) != n {
				t.Fatalf("%d cards, want %d (pages %+v)", len(res.Cards), n, res.Pages)
			}
			for k, c := range res.Cards {
				slot := rep.Sheet.Slots[k%per]
				page := k/per + 1
				if b.mode == layout.BacksLong {
					page = 2*(k/per) + 1
				}
				f := c.Front
				if f.Page != page || f.Row != slot.Row+1 || f.Col != slot.Col+1 {
					t.Errorf("card %d at page %d r%dc%d, want page %d r%dc%d", k, f.Page, f.Row, f.Col, page, slot.Row+1, slot.Col+1)
				}
				for _, d := range []float64{f.Trim.X - slot.X, f.Trim.Y - slot.Y, f.Trim.X + f.Trim.W - slot.X - slot.W, f.Trim.Y + f.Trim.H - slot.Y - slot.H} {
					if math.Abs(d) > 0.5 {
						t.Errorf("card %d cut at %+v, trim is %+v: %.2f mm off", k, f.Trim, slot.Trim(), d)
						break
					}
				}
				if (c.Back != nil) != (b.mode != layout.BacksNone) {
					t.Errorf("card %d: back %v with backs %s", k, c.Back != nil, b.mode)
				}
			}
		})
	}
}

// TestTextProxyDedupe imports deckwright's own text proxies of cards that
// look alike from afar (the three Guardians, Laika and Comet: frames, bars
// and boxes in the same places, a few words apart), some printed twice on
// two pages: every card stays its own, and the copies are found. Two pages
// of fronts must not be guessed to be a page of fronts and its backs.
func TestTextProxyDedupe(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	_, g := seeker(t)
	names := []string{
		"Johnson", "Newton", "Hawking", "Laika", "Comet", "Laika", "Spaceflight", "Optical Prism", "Hawking Radiation",
		"Comet", "Newton", "Rogue Star", "Red Giant", "Nebula", "Johnson", "Supernova", "Laika", "Cosmic Jet",
	}
	var items []cardface.Item
	distinct := map[string]int{}
	for _, n := range names {
		c := g.Card(n)
		if c == nil {
			t.Fatalf("no card %q in the bundled seeker-chronicles game", n)
		}
		items = append(items, cardface.CardItem(g, c))
		distinct[n]++
	}
	o := layoutDefaults()
	o.Backs = layout.BacksNone
	var buf bytes.Buffer
	rep, err := render.Render(context.Background(), &buf, items, render.RenderOptions{Sheet: o, DPI: 150})
	if err != nil {
		t.Fatalf("printing: %v", err)
	}
	if rep.Images != 0 || rep.Sheet.PerPage() != 9 {
		t.Fatalf("printed %d faces from art, %d a page; want text proxies, 9 a page", rep.Images, rep.Sheet.PerPage())
	}
	path := filepath.Join(t.TempDir(), "proxies.pdf")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Import(context.Background(), path, Options{DPI: 150}.withCard(o.Card))
	if err != nil {
		t.Fatalf("Import: %v", err)
	}
	for _, p := range res.Pages {
		if p.Side != "fronts" {
			t.Errorf("page %d guessed to hold %s, want fronts (a PDF of fronts only)", p.Page, p.Side)
		}
	}
	if len(res.Cards) != len(names) {
		t.Fatalf("%d cards, want %d (pages %+v)", len(res.Cards), len(names), res.Pages)
	}
	sum, err := Write(context.Background(), res, filepath.Join(t.TempDir(), "o"), WriteOptions{Game: g})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Distinct != len(distinct) {
		t.Errorf("%d distinct cards, want %d", sum.Distinct, len(distinct))
	}
	// Every card is grouped with exactly the cards of its name.
	var sigs []*faceSig
	for _, c := range res.Cards {
		sigs = append(sigs, newFaceSig(c.Front))
	}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			if got, want := sigs[i].same(sigs[j]), names[i] == names[j]; got != want {
				t.Errorf("card %d (%s) and card %d (%s): same = %v, want %v", i+1, names[i], j+1, names[j], got, want)
			}
		}
	}
}

// TestTextProxyLandscape imports deckwright's own text proxies printed as
// 88×63 mm landscape cards, 7 mm apart on portrait A4 (the Cosmos deck in
// order, so a page holds three copies of one card on one half). Each
// card's thick frame has an inner edge that, folded by the pitch, pairs
// with its neighbour's as well as its own outer edges do: the grid must
// keep the outer ones, and with bare paper around the cards, find every
// page's. The copies must not make a page look like a fold sheet: alone
// it is one in doubt, and with the next page it is fronts.
func TestTextProxyLandscape(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	_, g := seeker(t)
	names := []string{"Johnson", "Newton", "Hawking", "Spaceflight", "Optical Prism", "Hawking Radiation", "Laika", "Comet",
		"Comet", "Rogue Star", "Rogue Star", "Rogue Star", "Red Giant", "Red Giant", "Nebula", "Nebula"}
	o := layoutDefaults()
	o.Paper = layout.Size{W: 210, H: 297}
	o.Card = layout.Size{W: 88, H: 63}
	o.Gap, o.Bleed, o.Marks, o.Backs = 7, 0, layout.MarksNone, layout.BacksNone
	var items []cardface.Item
	for _, n := range names {
		c := g.Card(n)
		if c == nil {
			t.Fatalf("no card %q in %s", n, g.Name)
		}
		items = append(items, cardface.CardItem(g, c))
	}
	var buf bytes.Buffer
	rep, err := render.Render(context.Background(), &buf, items, render.RenderOptions{Sheet: o, DPI: 150})
	if err != nil {
		t.Fatalf("printing: %v", err)
	}
	if per := rep.Sheet.PerPage(); per != 8 || rep.Sheet.Page.W > rep.Sheet.Page.H {
		t.Fatalf("%d cards a page on %gx%g mm paper, want 8 on portrait A4", per, rep.Sheet.Page.W, rep.Sheet.Page.H)
	}
	path := filepath.Join(t.TempDir(), "landscape.pdf")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// Read from its picture: the shapes the PDF draws would give the
	// cards without the edge search this tests. 150 DPI, as the corpus.
	opt := Options{DPI: 150, CardW: 63, CardH: 88, forceRaster: true}
	res, err := Import(context.Background(), path, opt)
	if err != nil {
		t.Fatalf("Import: %v", err)
	}
	if res.Layout != LayoutFronts || len(res.Cards) != len(names) {
		t.Fatalf("layout %s (%s), %d cards; want fronts, %d cards (pages %+v)", res.Layout, res.LayoutReason, len(res.Cards), len(names), res.Pages)
	}
	for k, c := range res.Cards {
		slot := rep.Sheet.Slots[k%8]
		f := c.Front
		if !f.Rotated {
			t.Errorf("card %d not read as landscape", k)
		}
		for _, d := range []float64{f.Trim.X - slot.X, f.Trim.Y - slot.Y, f.Trim.X + f.Trim.W - slot.X - slot.W, f.Trim.Y + f.Trim.H - slot.Y - slot.H} {
			if math.Abs(d) > 0.5 {
				t.Errorf("card %d (%s) cut at %+v, trim is %+v: %.2f mm off", k, names[k], f.Trim, slot.Trim(), d)
				break
			}
		}
	}
	if pages, _ := res.Uncertain(); len(pages) != 0 {
		t.Errorf("pages %v uncertain, want none", pages)
	}

	// Page 2 alone: three Rogue Stars on its top half could be a fold
	// sheet's backs; if it is read so, the page is uncertain and says why.
	opt.Pages = []int{2}
	res, err = Import(context.Background(), path, opt)
	if err != nil {
		t.Fatalf("Import page 2: %v", err)
	}
	if res.Layout == LayoutFold {
		if pages, why := res.Uncertain(); len(pages) != 1 || !strings.Contains(strings.Join(why, " "), "--layout fronts") {
			t.Errorf("page 2 read as a fold sheet without a doubt (uncertain %v %q)", pages, why)
		}
	}
}
