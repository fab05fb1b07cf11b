package layout

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

func TestParsePaper(t *testing.T) {
	tests := []struct {
		in     string
		want   Size
		errHas string // "" means no error
	}{
		{"", A4, ""},
		{"a4", A4, ""},
		{"A4", A4, ""},
		{" Letter ", Letter, ""},
		{"LEGAL", Legal, ""},
		{"a3", A3, ""},
		{"a5", A5, ""},
		{"Tabloid", Tabloid, ""},
		{"148x210", A5, ""},
		{"279.4x431.8", Tabloid, ""},
		{"200x300", Size{200, 300}, ""},
		{"200X300", Size{200, 300}, ""},
		{"215.9x279.4mm", Letter, ""},
		{" 297 x 210 ", Size{297, 210}, ""},
		{"0x0", Size{}, "width 0 mm is not positive"},
		{"-5x3", Size{}, "width -5 mm is not positive"},
		{"5x-3", Size{}, "height -3 mm is not positive"},
		{"abc", Size{}, "unknown name"},
		{"b5", Size{}, "unknown name"},
		{"1e9x1", Size{}, "more than 2000 mm"},
		{"200x2001", Size{}, "more than 2000 mm"},
		{"0.5x300", Size{}, "less than 1 mm"},
		{"x300", Size{}, "width is missing"},
		{"200x", Size{}, "height is missing"},
		{"axb", Size{}, `"a" is not a number`},
		{"NaNx300", Size{}, "is not a number"},
		{"infx300", Size{}, "is not a number"},
		{"1e999x300", Size{}, `width "1e999": value out of range`},
		{"200x300x400", Size{}, "height"},
		{"0x10p3", Size{}, "width 0 mm"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParsePaper(tt.in)
			checkParse(t, got, err, tt.want, tt.errHas)
			if err != nil && !strings.Contains(err.Error(), "a4, letter, legal, a3, a5, tabloid") {
				t.Errorf("error %q does not name the allowed values", err)
			}
		})
	}
}

func TestParseCardSize(t *testing.T) {
	tests := []struct {
		in     string
		want   Size
		errHas string
	}{
		{"poker", Poker, ""},
		{"Bridge", Bridge, ""},
		{"TAROT", Tarot, ""},
		{"mini", Mini, ""},
		{"88x63", Size{88, 63}, ""},
		{"63.5x88.9", Size{63.5, 88.9}, ""},
		{"2.5x3.5in", Size{63.5, 88.9}, ""}, // the field's poker size
		{"2.25X3.5 IN", Size{57.2, 88.9}, ""},
		{"axbin", Size{}, "in inches"},
		{"", Size{}, "empty"},
		{"0x0", Size{}, "not positive"},
		{"-5x3", Size{}, "not positive"},
		{"abc", Size{}, "unknown name"},
		{"a4", Size{}, "unknown name"},
		{"1e9x1", Size{}, "more than 2000"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseCardSize(tt.in)
			checkParse(t, got, err, tt.want, tt.errHas)
			if err != nil && !strings.Contains(err.Error(), "poker, bridge, tarot, mini") {
				t.Errorf("error %q does not name the allowed values", err)
			}
		})
	}
}

func checkParse[T comparable](t *testing.T, got T, err error, want T, errHas string) {
	t.Helper()
	if errHas == "" {
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		if got != want {
			t.Errorf("got %+v, want %+v", got, want)
		}
		return
	}
	if err == nil {
		t.Fatalf("got %+v, want an error containing %q", got, errHas)
	}
	if !strings.Contains(err.Error(), errHas) {
		t.Errorf("error %q does not contain %q", err, errHas)
	}
	if msg := err.Error(); msg[:1] != strings.ToLower(msg[:1]) {
		t.Errorf("error %q starts with a capital", msg)
	}
}

func TestParseErrorsWrap(t *testing.T) {
	_, err := ParsePaper("axb")
	if !errors.Is(err, errNotNumber) {
		t.Errorf("%v does not wrap errNotNumber", err)
	}
	_, err = ParseCardSize("1e999x5")
	if !errors.Is(err, strconv.ErrRange) {
		t.Errorf("%v does not wrap strconv.ErrRange", err)
	}
	_, err = ParseGrid("axb")
	if !errors.Is(err, strconv.ErrSyntax) {
		t.Errorf("%v does not wrap strconv.ErrSyntax", err)
	}
	_, err = ParseOffset("a,1")
	if !errors.Is(err, strconv.ErrSyntax) {
		t.Errorf("%v does not wrap strconv.ErrSyntax", err)
	}
}

func TestParseMarks(t *testing.T) {
	tests := []struct {
		in     string
		want   MarkStyle
		errHas string
	}{
		{"", MarksCrop, ""},
		{"crop", MarksCrop, ""},
		{"Lines", MarksLines, ""},
		{" NONE ", MarksNone, ""},
		{"dashed", 0, "want crop, lines, none"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseMarks(tt.in)
			checkParse(t, got, err, tt.want, tt.errHas)
		})
	}
	for _, m := range []MarkStyle{MarksCrop, MarksLines, MarksNone} {
		if got, err := ParseMarks(m.String()); err != nil || got != m {
			t.Errorf("ParseMarks(%q) = %v, %v", m.String(), got, err)
		}
	}
	if got := MarkStyle(9).String(); got != "MarkStyle(9)" {
		t.Errorf("unknown style string %q", got)
	}
}

func TestParseBacks(t *testing.T) {
	tests := []struct {
		in     string
		want   BackMode
		errHas string
	}{
		{"", BacksNone, ""},
		{"none", BacksNone, ""},
		{"LONG", BacksLong, ""},
		{"short", BacksShort, ""},
		{"Fold", BacksFold, ""},
		{"duplex", 0, "want none, long, short, fold"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseBacks(tt.in)
			checkParse(t, got, err, tt.want, tt.errHas)
		})
	}
	for _, b := range []BackMode{BacksNone, BacksLong, BacksShort, BacksFold} {
		if got, err := ParseBacks(b.String()); err != nil || got != b {
			t.Errorf("ParseBacks(%q) = %v, %v", b.String(), got, err)
		}
	}
	if got := BackMode(-1).String(); got != "BackMode(-1)" {
		t.Errorf("unknown mode string %q", got)
	}
}

func TestParseGrid(t *testing.T) {
	tests := []struct {
		in     string
		want   Grid
		errHas string
	}{
		{"", Grid{}, ""},
		{"auto", Grid{}, ""},
		{"3x3", Grid{3, 3}, ""},
		{"4X2", Grid{4, 2}, ""},
		{"4xauto", Grid{Cols: 4}, ""},
		{"autox3", Grid{Rows: 3}, ""},
		{" 2 x 5 ", Grid{2, 5}, ""},
		{"0x0", Grid{}, "less than 1"},
		{"-5x3", Grid{}, "columns -5 is less than 1"},
		{"3x0", Grid{}, "rows 0 is less than 1"},
		{"abc", Grid{}, "want COLSxROWS"},
		{"1e9x1", Grid{}, "whole number"},
		{"2.5x3", Grid{}, "whole number"},
		{"5000x1", Grid{}, "more than 1000"},
		{"99999999999999999999x1", Grid{}, "whole number"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseGrid(tt.in)
			checkParse(t, got, err, tt.want, tt.errHas)
		})
	}
	for _, g := range []Grid{{}, {3, 3}, {4, 0}, {0, 2}} {
		if got, err := ParseGrid(g.String()); err != nil || got != g {
			t.Errorf("ParseGrid(%q) = %v, %v", g.String(), got, err)
		}
	}
}

func TestParseOffset(t *testing.T) {
	tests := []struct {
		in     string
		want   Offset
		errHas string
	}{
		{"", Offset{}, ""},
		{"0.5,-0.3", Offset{0.5, -0.3}, ""},
		{" -1 , 2 ", Offset{-1, 2}, ""},
		{"0,0", Offset{}, ""},
		{"20,-20", Offset{20, -20}, ""},
		{"0.5", Offset{}, "want X,Y"},
		{"a,1", Offset{}, `x "a" is not a number`},
		{"1,", Offset{}, `y "" is not a number`},
		{"NaN,1", Offset{}, "not a number"},
		{"1,inf", Offset{}, "not a number"},
		{"25,0", Offset{}, "more than 20 mm"},
		{"1e9,1", Offset{}, "more than 20 mm"},
		{"1,2,3", Offset{}, "not a number"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseOffset(tt.in)
			checkParse(t, got, err, tt.want, tt.errHas)
		})
	}
}

func TestSizeHelpers(t *testing.T) {
	if got := Letter.String(); got != "215.9x279.4" {
		t.Errorf("Letter.String() = %q", got)
	}
	if got := A4.Rotated(); got != (Size{297, 210}) || !got.Landscape() || A4.Landscape() {
		t.Errorf("A4.Rotated() = %v", got)
	}
	for _, p := range papers {
		if got, err := ParsePaper(p.size.String()); err != nil || got != p.size {
			t.Errorf("ParsePaper(%q) = %v, %v", p.size.String(), got, err)
		}
	}
}
