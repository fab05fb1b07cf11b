package layout

import (
	"math"
	"testing"
)

func checkFuzzedSize(t *testing.T, s string, got Size, err error) {
	if err != nil {
		return
	}
	for _, v := range []float64{got.W, got.H} {
		if math.IsNaN(v) || v < MinLength || v > MaxLength {
			t.Fatalf("%q parsed to %+v", s, got)
		}
	}
}

var fuzzSeeds = []string{"", "a4", "LETTER", "poker", "200x300", "0x0", "-5x3", "abc", "1e9x1",
	"NaNxNaN", "1e999x1", "x", "xx", "0x1p3", "63.5x88mm", " 10 x 10 ", "\x00x\xff", "1_0x10"}

func FuzzParsePaper(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParsePaper(s)
		checkFuzzedSize(t, s, got, err)
	})
}

func FuzzParseCardSize(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseCardSize(s)
		checkFuzzedSize(t, s, got, err)
	})
}

// FuzzPlan feeds Plan arbitrary numbers: it must never panic, and what it
// returns must hold together.
func FuzzPlan(f *testing.F) {
	f.Add(210.0, 297.0, 63.0, 88.0, 0.0, 0.0, 5.0, 0, 0, 0, 0)
	f.Add(215.9, 279.4, 70.0, 120.0, 3.0, 2.0, 0.0, 2, 1, 3, 1)
	f.Add(100.0, 400.0, 44.0, 63.0, 1.0, 1.0, 5.0, 0, 2, 0, 3)
	f.Add(1e300, 1e300, 1e-300, 1e-300, 0.0, 0.0, 0.0, 0, 0, 0, 1)
	f.Add(-1.0, math.NaN(), math.Inf(1), 0.0, -1.0, 0.0, 0.0, -3, 9, 1, 1)
	f.Fuzz(func(t *testing.T, pw, ph, cw, ch, bleed, gap, margin float64, cols, rows, marks, backs int) {
		o := Options{
			Paper: Size{pw, ph}, Card: Size{cw, ch},
			Grid: Grid{cols, rows}, Bleed: bleed, Gap: gap, Margin: margin,
			Marks: MarkStyle(marks), Backs: BackMode(backs),
		}
		s, err := Plan(o)
		if err != nil {
			return
		}
		if s.PerPage() < 1 || s.PerPage() > MaxPerPage || len(s.Slots) != s.PerPage() {
			t.Fatalf("%+v: %dx%d, %d slots", o, s.Cols, s.Rows, len(s.Slots))
		}
		_ = CropMarks(s)
		_ = CutLines(s)
		_ = BackSlots(s, BacksLong)
		_ = BackTurn(s, s.BackMode, Clockwise)
	})
}
