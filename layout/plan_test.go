package layout

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

var papers = []struct {
	name string
	size Size
}{{"a4", A4}, {"letter", Letter}, {"a3", A3}, {"legal", Legal}}

var cards = []struct {
	name string
	size Size
}{{"poker", Poker}, {"bridge", Bridge}, {"tarot", Tarot}, {"mini", Mini}}

// TestPlanCounts checks the per-page counts with DefaultOptions (5 mm margin,
// crop marks, no bleed, no gap). Computed by hand: crop marks keep 2.5 mm
// (MarkGap + MinMarkLength) free beyond the 5 mm margin, so the usable area
// is the paper minus 15 mm each way; a direction holds floor(usable / card)
// cards. Portrait usable areas: a4 195x282, letter 200.9x264.4, legal
// 200.9x340.6, a3 282x405; landscape swaps them. The better orientation
// wins, portrait on a tie.
//
//	paper  card    portrait         landscape        chosen
//	a4     poker   3x3 = 9          4x2 = 8          portrait 9
//	a4     bridge  3x3 = 9          5x2 = 10 (280)   landscape 10
//	a4     tarot   2x2 = 4          4x1 = 4          portrait 4 (tie)
//	a4     mini    4x4 = 16         6x3 = 18         landscape 18
//	letter poker   3x3 = 9 (264)    4x2 = 8          portrait 9
//	letter bridge  3x3 = 9 (261)    4x2 = 8          portrait 9
//	letter tarot   2x2 = 4          3x1 = 3          portrait 4
//	letter mini    4x4 = 16         6x3 = 18 (264)   landscape 18
//	a3     poker   4x4 = 16         6x3 = 18         landscape 18
//	a3     bridge  5x4 = 20 (280)   7x3 = 21         landscape 21
//	a3     tarot   4x3 = 12 (280)   5x2 = 10         portrait 12
//	a3     mini    6x6 = 36         9x4 = 36         portrait 36 (tie)
//	legal  poker   3x3 = 9          5x2 = 10         landscape 10
//	legal  bridge  3x3 = 9          6x2 = 12 (336)   landscape 12
//	legal  tarot   2x2 = 4          4x1 = 4          portrait 4 (tie)
//	legal  mini    4x5 = 20         7x3 = 21         landscape 21
//
// (numbers in brackets: the tight direction's total, within the usable
// length.)
func TestPlanCounts(t *testing.T) {
	type want struct {
		cols, rows int
		landscape  bool
	}
	wants := map[string]want{
		"a4/poker": {3, 3, false}, "a4/bridge": {5, 2, true}, "a4/tarot": {2, 2, false}, "a4/mini": {6, 3, true},
		"letter/poker": {3, 3, false}, "letter/bridge": {3, 3, false}, "letter/tarot": {2, 2, false}, "letter/mini": {6, 3, true},
		"a3/poker": {6, 3, true}, "a3/bridge": {7, 3, true}, "a3/tarot": {4, 3, false}, "a3/mini": {6, 6, false},
		"legal/poker": {5, 2, true}, "legal/bridge": {6, 2, true}, "legal/tarot": {2, 2, false}, "legal/mini": {7, 3, true},
	}
	for _, p := range papers {
		for _, c := range cards {
			name := p.name + "/" + c.name
			t.Run(name, func(t *testing.T) {
				w, ok := wants[name]
				if !ok {
					t.Fatal("no expected count")
				}
				s := mustPlan(t, opts(p.size, c.size, nil))
				if s.Cols != w.cols || s.Rows != w.rows || s.Landscape != w.landscape {
					t.Errorf("got %dx%d landscape=%v, want %dx%d landscape=%v",
						s.Cols, s.Rows, s.Landscape, w.cols, w.rows, w.landscape)
				}
				if s.PerPage() != w.cols*w.rows {
					t.Errorf("PerPage = %d, want %d", s.PerPage(), w.cols*w.rows)
				}
				wantPage := p.size
				if w.landscape {
					wantPage = p.size.Rotated()
				}
				if s.Page != wantPage {
					t.Errorf("page %s, want %s", s.Page, wantPage)
				}
				checkGrid(t, s)
			})
		}
	}
}

// TestPlanInvariants checks every paper and card with other settings: bleed,
// gaps, no marks, cut lines, each back mode.
func TestPlanInvariants(t *testing.T) {
	variants := []struct {
		name string
		mod  func(*Options)
	}{
		{"bleed3", func(o *Options) { o.Bleed = 3 }},
		{"bleed2-gap4", func(o *Options) { o.Bleed = 2; o.Gap = 4 }},
		{"nomarks-margin0", func(o *Options) { o.Marks = MarksNone; o.Margin = 0 }},
		{"lines-gap1.5", func(o *Options) { o.Marks = MarksLines; o.Gap = 1.5 }},
		{"long", func(o *Options) { o.Backs = BacksLong }},
		{"short-bleed1", func(o *Options) { o.Backs = BacksShort; o.Bleed = 1 }},
		{"fold", func(o *Options) { o.Backs = BacksFold }},
		{"fold-bleed3-gap2", func(o *Options) { o.Backs = BacksFold; o.Bleed = 3; o.Gap = 2 }},
		{"custom-paper", func(o *Options) { o.Paper = Size{W: 330, H: 250}; o.Margin = 7 }},
	}
	for _, v := range variants {
		for _, p := range papers {
			for _, c := range cards {
				t.Run(v.name+"/"+p.name+"/"+c.name, func(t *testing.T) {
					s, err := Plan(opts(p.size, c.size, v.mod))
					if err != nil {
						if errors.Is(err, ErrNoFit) {
							t.Skipf("does not fit: %v", err)
						}
						t.Fatal(err)
					}
					checkGrid(t, s)
				})
			}
		}
	}
}

func TestPlanExplicitPokerA4(t *testing.T) {
	s := mustPlan(t, DefaultOptions())
	// 3 x 63 = 189 of 210 mm: 10.5 mm each side; 3 x 88 = 264 of 297: 16.5.
	for i, sl := range s.Slots {
		wantX := 10.5 + float64(i%3)*63
		wantY := 16.5 + float64(i/3)*88
		if !near(sl.X, wantX) || !near(sl.Y, wantY) || sl.W != 63 || sl.H != 88 {
			t.Errorf("slot %d = %+v, want (%g,%g) 63x88", i, sl, wantX, wantY)
		}
	}

	// 3 mm bleed: cells of 69x94 no longer fit 3 across 195 mm: 2 across,
	// 3 down (282 mm), or landscape 4 across (276 of 282), 2 down: 8.
	o := DefaultOptions()
	o.Bleed = 3
	s = mustPlan(t, o)
	if s.Cols != 4 || s.Rows != 2 || !s.Landscape {
		t.Fatalf("bleed 3: %dx%d landscape=%v, want 4x2 landscape", s.Cols, s.Rows, s.Landscape)
	}
	// 4 x 69 = 276 of 297: 10.5 each side, trim 3 further in.
	if got := s.Slots[0]; !near(got.X, 13.5) || !near(got.BleedRect().X, 10.5) || !near(got.BleedRect().W, 69) {
		t.Errorf("bleed 3 slot 0 = %+v bleed %+v", got, got.BleedRect())
	}
	// Gap 2 with bleed 3: neighbouring trims are 63 + 3 + 2 + 3 = 71 apart.
	o.Gap = 2
	o.Grid = Grid{Cols: 2, Rows: 2}
	s = mustPlan(t, o)
	if d := s.Slots[1].X - s.Slots[0].X; !near(d, 71) {
		t.Errorf("trim distance %g, want 71", d)
	}
	if d := s.Slots[2].Y - s.Slots[0].Y; !near(d, 96) {
		t.Errorf("row distance %g, want 96", d)
	}
}

func TestPlanGrid(t *testing.T) {
	tests := []struct {
		name       string
		paper      Size
		card       Size
		grid       Grid
		mod        func(*Options)
		cols, rows int
		landscape  bool
		errHas     []string // non-nil: an ErrNoFit error containing these
	}{
		{name: "3x3 fits", paper: A4, card: Poker, grid: Grid{3, 3}, cols: 3, rows: 3},
		{name: "2x2 fewer", paper: A4, card: Poker, grid: Grid{2, 2}, cols: 2, rows: 2},
		{name: "4x2 only landscape", paper: A4, card: Poker, grid: Grid{4, 2}, cols: 4, rows: 2, landscape: true},
		{name: "4 cols auto rows", paper: A4, card: Poker, grid: Grid{Cols: 4}, cols: 4, rows: 2, landscape: true},
		{name: "auto cols 3 rows", paper: A4, card: Mini, grid: Grid{Rows: 3}, cols: 6, rows: 3, landscape: true},
		{name: "4x4 too big", paper: A4, card: Poker, grid: Grid{4, 4},
			errHas: []string{"grid 4x4", "63x88", "210x297", "3x3 portrait", "4x2 landscape"}},
		{name: "4x3 too big both ways", paper: A4, card: Poker, grid: Grid{4, 3},
			errHas: []string{"3x3 portrait", "4x2 landscape"}},
		{name: "7 cols", paper: A4, card: Mini, grid: Grid{Cols: 7}, errHas: []string{"grid 7xauto", "6x3 landscape"}},
		{name: "card too big", paper: A4, card: Size{300, 400}, errHas: []string{"300x400 mm card does not fit", "210x297"}},
		{name: "bleed too big", paper: A4, card: Poker, mod: func(o *Options) { o.Bleed = 70 },
			errHas: []string{"70 mm bleed", "card does not fit"}},
		{name: "fold grid too big", paper: A4, card: Poker, grid: Grid{3, 3}, mod: func(o *Options) { o.Backs = BacksFold },
			errHas: []string{"2x2 landscape folded left/right", "fold-over"}},
		{name: "tiny card small grid", paper: A4, card: Size{0.1, 0.1}, grid: Grid{2, 2}, cols: 2, rows: 2},
		{name: "fold grid fits", paper: A4, card: Poker, grid: Grid{1, 2}, mod: func(o *Options) { o.Backs = BacksFold },
			cols: 1, rows: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := opts(tt.paper, tt.card, tt.mod)
			o.Grid = tt.grid
			s, err := Plan(o)
			if tt.errHas != nil {
				if err == nil {
					t.Fatalf("got %dx%d, want an error", s.Cols, s.Rows)
				}
				if !errors.Is(err, ErrNoFit) {
					t.Errorf("error %q does not wrap ErrNoFit", err)
				}
				for _, sub := range tt.errHas {
					if !strings.Contains(err.Error(), sub) {
						t.Errorf("error %q does not say %q", err, sub)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Cols != tt.cols || s.Rows != tt.rows || s.Landscape != tt.landscape {
				t.Errorf("got %dx%d landscape=%v, want %dx%d landscape=%v", s.Cols, s.Rows, s.Landscape, tt.cols, tt.rows, tt.landscape)
			}
			checkGrid(t, s)
		})
	}
}

func TestPlanBadOptions(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name   string
		mod    func(*Options)
		errHas string
	}{
		{"zero paper", func(o *Options) { o.Paper = Size{} }, "paper"},
		{"negative card", func(o *Options) { o.Card = Size{-63, 88} }, "card size"},
		{"nan card", func(o *Options) { o.Card = Size{nan, 88} }, "card size"},
		{"inf paper", func(o *Options) { o.Paper = Size{math.Inf(1), 297} }, "paper"},
		{"negative bleed", func(o *Options) { o.Bleed = -1 }, "bleed"},
		{"nan gap", func(o *Options) { o.Gap = nan }, "gap"},
		{"negative margin", func(o *Options) { o.Margin = -5 }, "margin"},
		{"negative grid", func(o *Options) { o.Grid = Grid{-1, 3} }, "grid"},
		{"bad marks", func(o *Options) { o.Marks = 7 }, "marks"},
		{"bad backs", func(o *Options) { o.Backs = -1 }, "backs"},
		{"huge offset", func(o *Options) { o.BackOffset = Offset{X: 30} }, "back offset"},
		{"nan offset", func(o *Options) { o.BackOffset = Offset{Y: nan} }, "back offset"},
		{"tiny card", func(o *Options) { o.Card = Size{1e-6, 1e-6} }, "per page"},
		{"tiny card fixed grid", func(o *Options) { o.Card = Size{0.1, 0.1}; o.Grid = Grid{Cols: 2000, Rows: 2000} }, "more than 1000"},
		{"overflowing grid", func(o *Options) { o.Grid = Grid{Cols: math.MaxInt, Rows: math.MaxInt} }, "more than 1000"},
		{"tiny card tall grid", func(o *Options) { o.Card = Size{0.1, 0.1}; o.Grid = Grid{Cols: 2, Rows: 2000} }, "more than 1000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := DefaultOptions()
			tt.mod(&o)
			s, err := Plan(o)
			if err == nil {
				t.Fatalf("got %dx%d, want an error", s.Cols, s.Rows)
			}
			if !strings.Contains(err.Error(), tt.errHas) {
				t.Errorf("error %q does not mention %q", err, tt.errHas)
			}
			if msg := err.Error(); msg[:1] != strings.ToLower(msg[:1]) {
				t.Errorf("error %q starts with a capital", msg)
			}
		})
	}
}

// TestPlanFold checks fold-over layouts and their hand-computed pair counts.
// Each half keeps margin + mark room (7.5 mm) on all four sides, fold side
// included. Poker on A4: portrait halves 105x297 (usable 90x282: 1x3) or
// 210x148.5 (195x133.5: 3x1); landscape halves 148.5x210 (133.5x195: 2x2 = 4)
// or 297x105 (282x90: 4x1 = 4, a tie, so the left/right fold stays). Tarot
// on A4: portrait left/right 90x282: 1x2 = 2, top/bottom 195x133.5: 2x1 = 2,
// landscape 133.5x195: 1x1, 282x90: none; the first 2 wins.
func TestPlanFold(t *testing.T) {
	tests := []struct {
		name       string
		card       Size
		cols, rows int
		landscape  bool
		fold       Line
	}{
		{"poker", Poker, 2, 2, true, Line{148.5, 0, 148.5, 210}},
		{"tarot", Tarot, 1, 2, false, Line{105, 0, 105, 297}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustPlan(t, opts(A4, tt.card, func(o *Options) { o.Backs = BacksFold; o.BackOffset = Offset{1, 1} }))
			if s.Cols != tt.cols || s.Rows != tt.rows || s.Landscape != tt.landscape || s.Fold != tt.fold {
				t.Fatalf("got %dx%d landscape=%v fold %+v, want %dx%d landscape=%v fold %+v",
					s.Cols, s.Rows, s.Landscape, s.Fold, tt.cols, tt.rows, tt.landscape, tt.fold)
			}
			checkGrid(t, s)
			f := s.Fold.X1
			for i, fr := range s.Slots {
				b := s.Backs[i]
				if !(fr.X+fr.W <= f) || !(b.X >= f) {
					t.Errorf("pair %d: front %+v and back %+v not on the two sides of the fold at %g", i, fr, b, f)
				}
				// Folding brings the back's far edge onto the front's far edge:
				// both are equally far from the fold, and level. The offset
				// does not apply.
				if !near(f-fr.X, b.X+b.W-f) || !near(fr.Y, b.Y) || b.Col != fr.Col || b.Row != fr.Row {
					t.Errorf("pair %d: back %+v is not front %+v mirrored across x=%g", i, b, fr, f)
				}
			}
		})
	}

	// A top/bottom fold: a long strip of paper where that is the only way.
	s := mustPlan(t, opts(Size{W: 100, H: 400}, Poker, func(o *Options) { o.Backs = BacksFold }))
	if s.Fold != (Line{0, 200, 100, 200}) || s.Fold.Vertical() {
		t.Fatalf("fold %+v, want the horizontal line y=200", s.Fold)
	}
	checkGrid(t, s)
	for i, fr := range s.Slots {
		b := s.Backs[i]
		if !near(200-fr.Y, b.Y+b.H-200) || !near(fr.X, b.X) || fr.Y+fr.H > 200 || b.Y < 200 {
			t.Errorf("pair %d: back %+v is not front %+v mirrored across y=200", i, b, fr)
		}
	}
	if got, want := s.BackArea(), (Rect{0, 200, 100, 200}); got != want {
		t.Errorf("BackArea %+v, want %+v", got, want)
	}
}

func TestSheetAreas(t *testing.T) {
	s := mustPlan(t, DefaultOptions())
	page := Rect{W: 210, H: 297}
	if s.FrontArea() != page || s.BackArea() != page || s.Folded() {
		t.Errorf("unfolded sheet: front %+v back %+v folded %v", s.FrontArea(), s.BackArea(), s.Folded())
	}
	if got := fmt.Sprint(s.Slots[4].Trim()); got != "{73.5 104.5 63 88}" {
		t.Errorf("centre slot trim %s", got)
	}
}

// TestFitCountsGapsBetweenCards: n cards in a row need n-1 gaps, none
// after the last card, so a length of exactly n cells and n-1 gaps holds n.
func TestFitCountsGapsBetweenCards(t *testing.T) {
	for _, c := range []struct {
		avail, cell, gap float64
		want             int
	}{
		{avail: 3*63 + 2*5, cell: 63, gap: 5, want: 3},        // exactly 3 cards and 2 gaps
		{avail: 3*63 + 2*5 - 0.01, cell: 63, gap: 5, want: 2}, // a hair short of the second gap
		{avail: 63, cell: 63, gap: 5, want: 1},                // one card needs no gap at all
		{avail: 62.9, cell: 63, gap: 5, want: 0},
		{avail: 2*63 + 0.5, cell: 63, gap: 0.5, want: 2},
		{avail: 3 * 63, cell: 63, gap: 0, want: 3},
	} {
		if got := fit(c.avail, c.cell, c.gap); got != c.want {
			t.Errorf("fit(%g, %g, %g) = %d, want %d", c.avail, c.cell, c.gap, got, c.want)
		}
	}
}

// TestPlanGapsOnlyBetweenCards plans a page sized for exactly 3×2 poker
// cards with 5 mm gaps between them (and 5 mm margins, no marks): the grid
// fills it, with no gap after the last column or row.
func TestPlanGapsOnlyBetweenCards(t *testing.T) {
	paper := Size{W: 2*5 + 3*Poker.W + 2*5, H: 2*5 + 2*Poker.H + 5}
	s := mustPlan(t, opts(paper, Poker, func(o *Options) { o.Marks = MarksNone; o.Gap = 5 }))
	if s.Cols != 3 || s.Rows != 2 || s.Page != paper {
		t.Fatalf("%.1f×%.1f mm paper: %dx%d cards on a %.1f×%.1f mm page, want 3x2 on the paper as given", paper.W, paper.H, s.Cols, s.Rows, s.Page.W, s.Page.H)
	}
	last := s.Slots[len(s.Slots)-1]
	if right := paper.W - (last.X + Poker.W); math.Abs(right-5) > 1e-6 {
		t.Errorf("last column ends %.3f mm from the edge, want the 5 mm margin", right)
	}
}
