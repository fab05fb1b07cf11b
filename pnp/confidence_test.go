package pnp

import (
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
