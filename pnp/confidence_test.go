package pnp

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

// TestAssess checks each page's confidence and doubt: a page read well
// is certain; a card the grid missed among the others, a front without
// its back, backs that match no card, a grid unlike the full page's and
// two pages that may pair are doubts that make a page uncertain, named
// by Result.Uncertain.
func TestAssess(t *testing.T) {
	t.Parallel()
	grid := func(page int, places ...int) []Card {
		var cards []Card
		for _, k := range places {
			cards = append(cards, Card{Front: Face{Page: page, Row: 1 + k/3, Col: 1 + k%3}})
		}
		return cards
	}
	withBacks := func(cards []Card, page, n int) []Card {
		for i := range cards[:n] {
			cards[i].Back = &Face{Page: page, Row: cards[i].Front.Row, Col: 4 - cards[i].Front.Col}
		}
		return cards
	}
	page := func(nr int, side, method string, cards int) PageReport {
		return PageReport{Page: nr, Side: side, Method: method, Rows: 3, Cols: 3, Cards: cards}
	}
	for _, tc := range []struct {
		name        string
		res         Result
		layoutDoubt string
		unsure      []int
		why         string
	}{
		{
			name: "full pages and a partly filled last page",
			res: Result{Layout: LayoutFronts, Pages: []PageReport{page(1, "fronts", "lines", 9), page(2, "fronts", "lines", 5)},
				Cards: append(grid(1, 0, 1, 2, 3, 4, 5, 6, 7, 8), grid(2, 0, 1, 2, 3, 4)...)},
		},
		{
			name:   "a card missed among the others",
			res:    Result{Layout: LayoutFronts, Pages: []PageReport{page(1, "fronts", "gaps", 8)}, Cards: grid(1, 0, 1, 2, 3, 5, 6, 7, 8)},
			unsure: []int{1}, why: "1 cell of its grid left empty among its cards",
		},
		{
			name: "a front without a back",
			res: Result{Layout: LayoutDuplex, Pages: []PageReport{page(1, "fronts", "gaps", 9), page(2, "backs", "marks", 8)},
				Cards: withBacks(grid(1, 0, 1, 2, 3, 4, 5, 6, 7, 8), 2, 8)},
			unsure: []int{1, 2}, why: "1 of 9 cards found no back",
		},
		{
			name: "backs that match no card",
			res: Result{Layout: LayoutDuplex, Pages: []PageReport{page(1, "fronts", "images", 8), page(2, "backs", "images", 9)},
				Cards: withBacks(grid(1, 0, 1, 2, 3, 4, 5, 6, 7), 2, 8)},
			unsure: []int{2}, why: "1 of its 9 backs match no card of page 1",
		},
		{
			name: "a grid unlike the full page's",
			res: Result{Layout: LayoutFronts, Pages: []PageReport{page(1, "fronts", "lines", 9), {Page: 3, Side: "fronts", Method: "lines", Rows: 1, Cols: 2, Cards: 2, Doubt: "2 cards, not on the grid of page 1's 9"}},
				Cards: append(grid(1, 0, 1, 2, 3, 4, 5, 6, 7, 8), grid(3, 0, 1)...)},
			unsure: []int{3}, why: "not on the grid of page 1",
		},
		{
			name: "two pages that may pair",
			res: Result{Layout: LayoutFronts, Pages: []PageReport{page(1, "fronts", "images", 9), page(2, "fronts", "images", 9)},
				Cards: append(grid(1, 0, 1, 2, 3, 4, 5, 6, 7, 8), grid(2, 0, 1, 2, 3, 4, 5, 6, 7, 8)...)},
			layoutDoubt: "pages 1 and 2 look unlike", unsure: []int{1, 2}, why: "pages 1 and 2 look unlike",
		},
	} {
		res := tc.res
		assess(&res, tc.layoutDoubt)
		unsure, why := res.Uncertain()
		if !reflect.DeepEqual(unsure, tc.unsure) || tc.why != "" && !strings.Contains(strings.Join(why, "; "), tc.why) {
			t.Errorf("%s: uncertain %v (%q), want %v (%q)", tc.name, unsure, why, tc.unsure, tc.why)
		}
		for _, p := range res.Pages {
			if p.Confidence <= 0 || p.Confidence > 1 || (p.Confidence < UncertainBelow) != (p.Doubt != "") {
				t.Errorf("%s: page %d confidence %.2f, doubt %q", tc.name, p.Page, p.Confidence, p.Doubt)
			}
		}
	}
}

// TestFitDoubt checks how a grid's fit costs a page confidence: a few
// edges unseen or cells a little apart cost little, more makes the page
// uncertain, and a grid that fits costs nothing.
func TestFitDoubt(t *testing.T) {
	for _, tc := range []struct {
		weak, edges int
		spread      float64
		want        string
		uncertain   bool
	}{
		{0, 12, 0.3, "", false},
		{1, 12, 0, "1 of its grid's 12 card edges not clearly seen", false},
		{3, 12, 0, "3 of its grid's 12 card edges not clearly seen", true},
		{0, 12, 1.5, "its cells vary in size by 1.5 mm", false},
		{0, 12, 2.4, "its cells vary in size by 2.4 mm", true},
		{1, 12, 1.5, "1 of its grid's 12 card edges not clearly seen; its cells vary in size by 1.5 mm", true},
	} {
		why, factor := fitDoubt(&pageGrid{weakEdges: tc.weak, unseen: tc.weak, edges: tc.edges, spread: tc.spread})
		if why != tc.want {
			t.Errorf("%d/%d edges, %.1f mm: doubt %q, want %q", tc.weak, tc.edges, tc.spread, why, tc.want)
		}
		res := Result{Pages: []PageReport{{Page: 1, Side: "fronts", Method: "gaps", Cards: 9, Rows: 3, Cols: 3, fit: why, fitFactor: factor}}}
		assess(&res, "")
		if unsure, _ := res.Uncertain(); (len(unsure) > 0) != tc.uncertain {
			t.Errorf("%q: confidence %.2f, uncertain %v, want %v", why, res.Pages[0].Confidence, unsure, tc.uncertain)
		}
		if tc.want == "" && res.Pages[0].Confidence != methodConfidence["gaps"] {
			t.Errorf("a grid that fits: confidence %.2f, want %.2f", res.Pages[0].Confidence, methodConfidence["gaps"])
		}
	}
}

// TestFitDoubtPage reads a sheet whose middle column of cards is 2 mm
// narrower than the others (a sheet laid out by hand): the grid is found,
// and the page says its cells vary in size; the same sheet with equal
// cards says nothing.
func TestFitDoubtPage(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	for _, narrow := range []float64{0, 2} {
		pdf := sheetPDF()
		pdf.AddPage()
		for i := 0; i < 9; i++ {
			x, y := grid3(i, 4)
			w := 63.0
			if i%3 == 1 {
				w -= narrow
				x += narrow / 2
			}
			r, g, b := (i*67)%200+30, (i*131)%200+30, (i*47)%200+30
			pdf.SetFillColor(r, g, b)
			pdf.Rect(x, y, w, 88, "F")
			pdf.SetFillColor(255-r, 255-g, 255-b)
			pdf.Circle(x+w/2, y+30+float64(i%4)*8, 12, "F")
		}
		res, err := Import(context.Background(), savePDF(t, pdf), Options{CardW: 63, CardH: 88, DPI: 150, forceRaster: true})
		if err != nil {
			t.Fatal(err)
		}
		p := res.Pages[0]
		if p.Cards != 9 {
			t.Fatalf("narrow %g: %d cards, want 9", narrow, p.Cards)
		}
		t.Logf("narrow %g mm: confidence %.2f, doubt %q", narrow, p.Confidence, p.Doubt)
		if says := strings.Contains(p.Doubt, "cells vary in size"); says != (narrow > 0) {
			t.Errorf("narrow %g mm: doubt %q (confidence %.2f)", narrow, p.Doubt, p.Confidence)
		}
	}
}
