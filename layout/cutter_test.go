package layout

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// px turns template pixels (300 an inch) into mm, as the test reads
// silhouette-card-maker's layouts.json.
func px(v float64) float64 { return v * 25.4 / 300 }

func TestSilhouettePlan(t *testing.T) {
	tests := []struct {
		name     string
		paper    Size
		card     Size
		page     Size
		template string
		slotW    float64 // template slot width, px
		xs, ys   []float64
	}{
		{"letter-poker", Letter, Poker, Size{279.4, 215.9}, "letter_poker", 748, []float64{132, 895, 1657, 2420}, []float64{220, 1283}},
		{"letter-bridge", Letter, Bridge, Size{279.4, 215.9}, "letter_bridge", 673, []float64{256, 961, 1666, 2371}, []float64{214, 1288}},
		{"a4-poker", A4, Poker, Size{297, 210}, "a4_poker", 748, []float64{236, 999, 1761, 2524}, []float64{185, 1248}},
		{"a4-bridge-landscape-paper", A4.Rotated(), Bridge, Size{297, 210}, "a4_bridge", 673, []float64{359, 1064, 1769, 2475}, []float64{179, 1252}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := opts(tt.paper, tt.card, func(o *Options) { o.Cutter = CutterSilhouette; o.Bleed = 0.5 })
			s := mustPlan(t, o)
			if s.Page != tt.page || !s.Landscape || s.Template != tt.template {
				t.Errorf("page %v landscape %v template %q, want %v landscape, %q", s.Page, s.Landscape, s.Template, tt.page, tt.template)
			}
			if len(s.Slots) != 8 || s.PerPage() != 8 || len(s.Skipped) != 0 {
				t.Fatalf("%d slots (skipped %v), want the template's 8", len(s.Slots), s.Skipped)
			}
			for i, sl := range s.Slots {
				// The card centred in the template slot.
				wantX := px(tt.xs[i%4]) + (px(tt.slotW)-tt.card.W)/2
				wantY := px(tt.ys[i/4]) + (px(1049)-tt.card.H)/2
				if math.Abs(sl.X-wantX) > 1e-6 || math.Abs(sl.Y-wantY) > 1e-6 || sl.W != tt.card.W || sl.Bleed != 0.5 {
					t.Errorf("slot %d at %.3f,%.3f, want %.3f,%.3f", i, sl.X, sl.Y, wantX, wantY)
				}
			}
			// The marks: a 72 px square 112 px in from the top left, Ls of
			// 97 px arms 13 px thick at the top right and bottom left.
			W, H := tt.page.W, tt.page.H
			want := []Rect{
				{px(112), px(112), px(72), px(72)},
				{W - px(112+97), px(112), px(97), px(13)},
				{W - px(112+13), px(112), px(13), px(97)},
				{px(112), H - px(112+97), px(13), px(97)},
				{px(112), H - px(112+13), px(97), px(13)},
			}
			for i, m := range s.RegMarks {
				w := want[i]
				if !near(m.X, w.X) || !near(m.Y, w.Y) || !near(m.W, w.W) || !near(m.H, w.H) {
					t.Errorf("mark %d = %+v, want %+v", i, m, w)
				}
				for j, sl := range s.Slots {
					if overlap(sl.BleedRect(), m) {
						t.Errorf("slot %d's bleed overlaps mark %d", j, i)
					}
				}
			}
			if s.Corner != 3 {
				t.Errorf("corner %g, want the default 3", s.Corner)
			}
		})
	}
}

func TestSilhouetteMaxBleed(t *testing.T) {
	// Letter poker: columns 762 or 763 px apart, the least 762 px
	// (64.52 mm) for 63 mm cards: 0.75 mm either side (rows have more).
	// But slot 4's bottom edge is 1.17 mm above the bottom-left L (the
	// card centred in its slot: 1283 px down, 0.41 mm more, 88 mm tall),
	// so 0.67 mm keeps MarkClearance.
	o := opts(Letter, Poker, func(o *Options) { o.Cutter = CutterSilhouette })
	b := SilhouetteMaxBleed(o)
	slot4 := px(1283) + (px(1049)-88)/2 + 88
	if want := math.Floor((215.9-px(112+97)-slot4-MarkClearance)*100) / 100; b != want || b >= math.Floor((px(762)-63)/2*100)/100 {
		t.Errorf("max bleed %g, want %g", b, want)
	}
	if s := mustPlan(t, func() Options { p := o; p.Bleed = b; return p }()); len(s.Slots) != 8 {
		t.Errorf("at the most bleed %d slots (skipped %v), want 8", len(s.Slots), s.Skipped)
	}
	// A4 poker has more room: there the neighbours decide.
	a4 := opts(A4, Poker, func(o *Options) { o.Cutter = CutterSilhouette })
	if b, want := SilhouetteMaxBleed(a4), math.Floor((px(762)-63)/2*100)/100; b != want {
		t.Errorf("a4 max bleed %g, want %g", b, want)
	}
	// Legal has no template: no bleed fits.
	if b := SilhouetteMaxBleed(opts(Legal, Poker, func(o *Options) { o.Cutter = CutterSilhouette })); b != 0 {
		t.Errorf("legal max bleed %g, want 0", b)
	}
	o.Bleed = b
	s := mustPlan(t, o)
	for i := 1; i < len(s.Slots); i++ {
		if overlap(s.Slots[i-1].BleedRect(), s.Slots[i].BleedRect()) {
			t.Errorf("slots %d and %d overlap at the most bleed", i-1, i)
		}
	}
	// More bleed, up to what fits between neighbours, leaves slot 4 empty;
	// more than that is an error.
	o.Bleed = 0.75
	if s := mustPlan(t, o); len(s.Skipped) != 1 || s.Skipped[0] != 4 {
		t.Errorf("bleed 0.75: skipped %v, want slot 4", s.Skipped)
	}
	o.Bleed = 0.8
	if _, err := Plan(o); err == nil || !strings.Contains(err.Error(), "bleed 0.8 mm: at most 0.75 mm fits between 63x88 mm cards") {
		t.Errorf("bleed over the most: %v", err)
	}
	if SilhouetteMaxBleed(opts(Legal, Poker, nil)) != 0 {
		t.Error("legal paper has a max bleed")
	}
}

// TestSilhouetteSkip: a card as big as the template slot, with the bleed
// that fits, comes within MarkClearance of the top-right L on letter paper
// (the L ends 17.69 mm down; slot 3's bleed starts 18.0 mm down) and of
// the bottom-left L (it starts 198.2 mm down; slot 4's bleed ends 198.05
// mm down): those two slots are left empty, and only those.
func TestSilhouetteSkip(t *testing.T) {
	o := opts(Letter, Size{63.3, 88.8}, func(o *Options) { o.Cutter = CutterSilhouette })
	o.Bleed = 0.6 // what fits between neighbours: (762 px - 63.3 mm)/2
	s := mustPlan(t, o)
	if len(s.Skipped) != 2 || s.Skipped[0] != 3 || s.Skipped[1] != 4 || len(s.Slots) != 6 || s.PerPage() != 6 {
		t.Fatalf("skipped %v, %d slots; want slots 3 and 4 skipped, 6 left", s.Skipped, len(s.Slots))
	}
	dy := (px(1049) - 88.8) / 2
	if gap := px(220) + dy - o.Bleed - px(112+97); gap >= MarkClearance {
		t.Errorf("the test's premise is wrong: %.2f mm between slot 3 and the top-right L", gap)
	}
	if gap := (215.9 - px(112+97)) - (px(1283) + dy + 88.8 + o.Bleed); gap >= MarkClearance {
		t.Errorf("the test's premise is wrong: %.2f mm between slot 4 and the bottom-left L", gap)
	}
	for _, sl := range s.Slots {
		if sl.Row*4+sl.Col == 3 || sl.Row*4+sl.Col == 4 {
			t.Errorf("slot %d,%d is still there", sl.Col, sl.Row)
		}
	}
	// Without bleed, or with the bleed SilhouetteMaxBleed says, all stay.
	for _, b := range []float64{0, SilhouetteMaxBleed(o)} {
		o.Bleed = b
		if s := mustPlan(t, o); len(s.Skipped) != 0 || b > 0.5 {
			t.Errorf("bleed %g: skipped %v, want none (and a bleed under 0.5)", b, s.Skipped)
		}
	}
}

func TestSilhouetteErrors(t *testing.T) {
	tests := []struct {
		name string
		mod  func(*Options)
		err  string
	}{
		{"legal", func(o *Options) { o.Paper = Legal }, "templates are for letter and a4"},
		{"tarot", func(o *Options) { o.Card = Tarot }, "70x120 mm card does not fit the template slots (bridge 56.98x88.82 mm, poker 63.33x88.82 mm)"},
		{"fold", func(o *Options) { o.Backs = BacksFold }, "backs fold"},
		{"corner", func(o *Options) { o.Corner = 40 }, "corner 40 mm"},
	}
	for _, tt := range tests {
		o := opts(Letter, Poker, func(o *Options) { o.Cutter = CutterSilhouette; tt.mod(o) })
		_, err := Plan(o)
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.err)
		}
		if tt.name == "tarot" && !errors.Is(err, ErrNoFit) {
			t.Errorf("tarot: %v does not wrap ErrNoFit", err)
		}
	}
	if c, err := ParseCutter("Silhouette"); err != nil || c != CutterSilhouette {
		t.Errorf("ParseCutter(Silhouette) = %v, %v", c, err)
	}
	if _, err := ParseCutter("cricut"); err == nil || !strings.Contains(err.Error(), "want none, silhouette") {
		t.Errorf("ParseCutter(cricut) error %v", err)
	}
}

// TestSilhouetteBacks: duplex backs of a cutter sheet mirror its slots
// like any other sheet's, skipped slots included.
func TestSilhouetteBacks(t *testing.T) {
	o := opts(A4, Poker, func(o *Options) { o.Cutter = CutterSilhouette; o.Backs = BacksLong })
	s := mustPlan(t, o)
	if len(s.Backs) != len(s.Slots) {
		t.Fatalf("%d backs for %d slots", len(s.Backs), len(s.Slots))
	}
	for i, b := range s.Backs {
		// A landscape page turned over its long edge mirrors y.
		f := s.Slots[i]
		if !near(b.X, f.X) || !near(b.Y, s.Page.H-f.Y-f.H) {
			t.Errorf("back %d at %.2f,%.2f, want %.2f,%.2f", i, b.X, b.Y, f.X, s.Page.H-f.Y-f.H)
		}
	}
}

// The corner radius a cut outline gets when none is given: 3 mm, and 2 mm
// for a card under 50 mm on its shorter side (either way up); a ScanNCut
// sheet of mini cards cuts them so.
func TestDefaultCorner(t *testing.T) {
	for _, tt := range []struct {
		card Size
		want float64
	}{
		{Poker, 3}, {Bridge, 3}, {Size{50, 70}, 3}, {Size{70, 50}, 3},
		{Size{44, 68}, 2}, {Size{49.9, 70}, 2}, {Size{88, 45}, 2},
	} {
		if got := DefaultCorner(tt.card); got != tt.want {
			t.Errorf("DefaultCorner(%v) = %g, want %g", tt.card, got, tt.want)
		}
	}
	s := mustPlan(t, opts(A4, Size{44, 68}, func(o *Options) { o.Cutter = CutterScanNCut }))
	if s.Corner != 2 {
		t.Errorf("ScanNCut sheet of 44x68 mm cards: corner %g, want the default 2", s.Corner)
	}
	s = mustPlan(t, opts(A4, Size{44, 68}, func(o *Options) { o.Cutter = CutterScanNCut; o.Corner = 1 }))
	if s.Corner != 1 {
		t.Errorf("ScanNCut sheet with corner 1: corner %g", s.Corner)
	}
}
