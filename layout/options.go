package layout

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// DefaultMargin is the default minimum distance between anything printed and
// the paper edge: most office printers cannot print closer than about 5 mm.
const DefaultMargin = 5.0

// MaxBackOffset bounds each component of Options.BackOffset: a printer that
// misregisters the back side by more than this is not worth correcting.
const MaxBackOffset = 20.0

// MaxPerPage bounds the number of cards on one page; more means the card
// size is surely wrong (and the slot list would be huge).
const MaxPerPage = 1000

// MarkStyle says how the cutting guides are drawn.
type MarkStyle int

// The mark styles. The zero value is MarksCrop, the default.
const (
	MarksCrop  MarkStyle = iota // short crop marks outside the grid, see CropMarks
	MarksLines                  // full-length cut lines along the trim edges, see CutLines
	MarksNone                   // no guides
)

var markNames = []string{MarksCrop: "crop", MarksLines: "lines", MarksNone: "none"}

// String returns the flag spelling of m: "crop", "lines" or "none".
func (m MarkStyle) String() string {
	if m >= 0 && int(m) < len(markNames) {
		return markNames[m]
	}
	return "MarkStyle(" + strconv.Itoa(int(m)) + ")"
}

// ParseMarks parses crop (the default, also for ""), lines or none, in any case.
func ParseMarks(s string) (MarkStyle, error) {
	key := strings.ToLower(strings.TrimSpace(s))
	if key == "" {
		return MarksCrop, nil
	}
	for i, name := range markNames {
		if key == name {
			return MarkStyle(i), nil
		}
	}
	return 0, fmt.Errorf("marks %q: unknown style (want %s)", s, strings.Join(markNames, ", "))
}

// BackMode says whether and how card backs are printed.
type BackMode int

// The back modes. The zero value is BacksNone.
const (
	BacksNone  BackMode = iota // fronts only
	BacksLong                  // duplex, the sheet flipped on its long edge
	BacksShort                 // duplex, the sheet flipped on its short edge
	BacksFold                  // fronts and backs on one side, folded in half
)

var backNames = []string{BacksNone: "none", BacksLong: "long", BacksShort: "short", BacksFold: "fold"}

// String returns the flag spelling of b: "none", "long", "short" or "fold".
func (b BackMode) String() string {
	if b >= 0 && int(b) < len(backNames) {
		return backNames[b]
	}
	return "BackMode(" + strconv.Itoa(int(b)) + ")"
}

// ParseBacks parses none (the default, also for ""), long, short or fold, in
// any case.
func ParseBacks(s string) (BackMode, error) {
	key := strings.ToLower(strings.TrimSpace(s))
	if key == "" {
		return BacksNone, nil
	}
	for i, name := range backNames {
		if key == name {
			return BackMode(i), nil
		}
	}
	return 0, fmt.Errorf("backs %q: unknown mode (want %s)", s, strings.Join(backNames, ", "))
}

// Grid is a number of columns and rows of cards; 0 in either means "as many
// as fit".
type Grid struct {
	Cols, Rows int
}

// String formats g as "3x3", with "auto" for a zero count.
func (g Grid) String() string {
	part := func(n int) string {
		if n == 0 {
			return "auto"
		}
		return strconv.Itoa(n)
	}
	if g == (Grid{}) {
		return "auto"
	}
	return part(g.Cols) + "x" + part(g.Rows)
}

// ParseGrid parses "COLSxROWS" such as "3x3"; "" or "auto" is the zero Grid
// (as many as fit), and either count may be "auto" ("4xauto").
func ParseGrid(s string) (Grid, error) {
	key := strings.ToLower(strings.TrimSpace(s))
	if key == "" || key == "auto" {
		return Grid{}, nil
	}
	cs, rs, ok := strings.Cut(key, "x")
	if !ok {
		return Grid{}, fmt.Errorf("grid %q: want COLSxROWS such as 3x3, or auto", s)
	}
	cols, err := parseCount(cs)
	if err != nil {
		return Grid{}, fmt.Errorf("grid %q: columns %w", s, err)
	}
	rows, err := parseCount(rs)
	if err != nil {
		return Grid{}, fmt.Errorf("grid %q: rows %w", s, err)
	}
	return Grid{Cols: cols, Rows: rows}, nil
}

func parseCount(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "auto" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) {
			err = ne.Err
		}
		return 0, fmt.Errorf("%q: want a whole number or auto: %w", s, err)
	}
	if n < 1 {
		return 0, fmt.Errorf("%d is less than 1", n)
	}
	if n > MaxPerPage {
		return 0, fmt.Errorf("%d is more than %d", n, MaxPerPage)
	}
	return n, nil
}

// Offset is a shift in millimetres: X to the right, Y downwards.
type Offset struct {
	X, Y float64
}

// ParseOffset parses "X,Y" in millimetres such as "0.5,-0.3"; "" is no
// offset. Each value must be within ±MaxBackOffset.
func ParseOffset(s string) (Offset, error) {
	key := strings.TrimSpace(s)
	if key == "" {
		return Offset{}, nil
	}
	xs, ys, ok := strings.Cut(key, ",")
	if !ok {
		return Offset{}, fmt.Errorf("offset %q: want X,Y in millimetres such as 0.5,-0.3", s)
	}
	x, err := parseShift(xs)
	if err != nil {
		return Offset{}, fmt.Errorf("offset %q: x %w", s, err)
	}
	y, err := parseShift(ys)
	if err != nil {
		return Offset{}, fmt.Errorf("offset %q: y %w", s, err)
	}
	return Offset{X: x, Y: y}, nil
}

func parseShift(s string) (float64, error) {
	s = strings.TrimSpace(s)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		if err == nil {
			err = strconv.ErrSyntax
		}
		var ne *strconv.NumError
		if errors.As(err, &ne) {
			err = ne.Err
		}
		return 0, fmt.Errorf("%q is not a number: %w", s, err)
	}
	if math.Abs(v) > MaxBackOffset {
		return 0, fmt.Errorf("%s mm is more than %s mm either way", s, fmtMM(MaxBackOffset))
	}
	return v, nil
}

// Scale is a stretch factor in each direction: X across, Y down. The zero
// Scale, like 1,1, is no stretch.
type Scale struct {
	X, Y float64
}

// MaxBackScale bounds how far each factor of a Scale may differ from 1: a
// printer that stretches its backs by more than 5% needs mending, and a
// bigger value is a typo.
const MaxBackScale = 0.05

// ParseScale parses "SX,SY" such as "1.002,0.998"; "" is no stretch. Each
// factor must be within 1±MaxBackScale.
func ParseScale(s string) (Scale, error) {
	key := strings.TrimSpace(s)
	if key == "" {
		return Scale{}, nil
	}
	xs, ys, ok := strings.Cut(key, ",")
	if !ok {
		return Scale{}, fmt.Errorf("scale %q: want SX,SY such as 1.002,0.998", s)
	}
	var v [2]float64
	for i, part := range []string{xs, ys} {
		part = strings.TrimSpace(part)
		f, err := strconv.ParseFloat(part, 64)
		if err != nil || !finite(f) {
			return Scale{}, fmt.Errorf("scale %q: %q is not a number", s, part)
		}
		if math.Abs(f-1) > MaxBackScale+eps {
			return Scale{}, fmt.Errorf("scale %q: %s is not within %g to %g", s, part, 1-MaxBackScale, 1+MaxBackScale)
		}
		v[i] = f
	}
	return Scale{X: v[0], Y: v[1]}, nil
}

// factors returns the scale's factors, 1 for a zero Scale.
func (s Scale) factors() (x, y float64) {
	if s == (Scale{}) {
		return 1, 1
	}
	return s.X, s.Y
}

// Options describe a sheet to plan. Start from DefaultOptions: Plan takes
// every value literally (a zero Margin is no margin at all).
type Options struct {
	Paper Size // the paper as given; Plan may turn it to landscape
	Card  Size // the trimmed card, which is the slot size (cards are never scaled)
	Grid  Grid // fixed columns and rows; zero counts mean as many as fit

	Gap   float64 // space between neighbouring cells (bleed rectangles), mm
	Bleed float64 // extra image around each card on every side, mm

	Marks MarkStyle // cutting guides

	Backs      BackMode // card backs
	BackOffset Offset   // shift of duplex backs on the back side, as the printer sees it
	// BackScale stretches the positions of duplex backs about the page
	// centre (not the cards themselves), to make up for a printer that
	// prints one side slightly bigger than the other; zero is none.
	BackScale Scale

	Margin float64 // minimum distance from the paper edge, mm (DefaultMargin)

	// Cutter lays the sheet out for a cutting machine's print-and-cut
	// template instead of the grid (see Plan).
	Cutter Cutter
	// Corner is the corner radius of the cards' cut outlines, mm; 0 is
	// DefaultCorner of the card size, unless SquareCorners.
	Corner float64
	// SquareCorners cuts the outlines with square corners (a radius of 0
	// asked for, not the default).
	SquareCorners bool
}

// DefaultOptions returns poker cards on A4 paper with crop marks, no bleed,
// no gap, no backs and a DefaultMargin margin.
func DefaultOptions() Options {
	return Options{
		Paper:  A4,
		Card:   Poker,
		Marks:  MarksCrop,
		Backs:  BacksNone,
		Margin: DefaultMargin,
	}
}

func finite(v float64) bool {
	return !math.IsNaN(v) && !math.IsInf(v, 0)
}

func (o Options) validate() error {
	checkSize := func(what string, s Size) error {
		if !finite(s.W) || !finite(s.H) || s.W <= 0 || s.H <= 0 {
			return fmt.Errorf("%s %s mm: width and height must be positive", what, s)
		}
		return nil
	}
	if err := checkSize("paper", o.Paper); err != nil {
		return err
	}
	if err := checkSize("card size", o.Card); err != nil {
		return err
	}
	for _, v := range []struct {
		name string
		val  float64
	}{{"gap", o.Gap}, {"bleed", o.Bleed}, {"margin", o.Margin}} {
		if !finite(v.val) || v.val < 0 {
			return fmt.Errorf("%s %s mm: must be zero or more", v.name, fmtMM(v.val))
		}
	}
	if o.Grid.Cols < 0 || o.Grid.Rows < 0 {
		return fmt.Errorf("grid %dx%d: counts must be zero (auto) or more", o.Grid.Cols, o.Grid.Rows)
	}
	if o.Grid.Cols > MaxPerPage || o.Grid.Rows > MaxPerPage || o.Grid.Cols*o.Grid.Rows > MaxPerPage {
		return fmt.Errorf("grid %s: more than %d cards per page", o.Grid, MaxPerPage)
	}
	if o.Marks < 0 || int(o.Marks) >= len(markNames) {
		return fmt.Errorf("marks: unknown style %d", int(o.Marks))
	}
	if o.Backs < 0 || int(o.Backs) >= len(backNames) {
		return fmt.Errorf("backs: unknown mode %d", int(o.Backs))
	}
	off := o.BackOffset
	if !finite(off.X) || !finite(off.Y) || math.Abs(off.X) > MaxBackOffset || math.Abs(off.Y) > MaxBackOffset {
		return fmt.Errorf("back offset %s,%s mm: each value must be within ±%s mm",
			fmtMM(off.X), fmtMM(off.Y), fmtMM(MaxBackOffset))
	}
	if o.Cutter < 0 || int(o.Cutter) >= len(cutterNames) {
		return fmt.Errorf("cutter: unknown machine %d", int(o.Cutter))
	}
	if !finite(o.Corner) || o.Corner < 0 || 2*o.Corner > min(o.Card.W, o.Card.H) {
		return fmt.Errorf("corner %s mm: want 0 to half the card's width", fmtMM(o.Corner))
	}
	if sc := o.BackScale; sc != (Scale{}) {
		if !finite(sc.X) || !finite(sc.Y) || math.Abs(sc.X-1) > MaxBackScale+eps || math.Abs(sc.Y-1) > MaxBackScale+eps {
			return fmt.Errorf("back scale %g,%g: each factor must be within %g to %g", sc.X, sc.Y, 1-MaxBackScale, 1+MaxBackScale)
		}
	}
	return nil
}
