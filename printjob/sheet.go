package printjob

import (
	"fmt"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/printer"
)

// Sheet is the page settings of a print as the command line's flags give
// them (print, build and print calibration share them); its errors name
// those flags (--paper, --grid). DefaultSheet holds the flags' defaults.
type Sheet struct {
	// Paper is a4, letter, a3, legal, a5, tabloid or WxH in mm.
	Paper string
	// CardSize is poker, bridge, tarot, mini or WxH in mm; "" for the
	// game's.
	CardSize string
	// Grid is the cards per page as CxR, or auto.
	Grid string
	// Marks is crop, lines or none.
	Marks string
	// Backs is none, long, short or fold.
	Backs string
	// BackOffset is the backs' shift X,Y in mm.
	BackOffset string
	// Gap, Bleed and Margin are in mm, 0 to 50.
	Gap, Bleed, Margin float64
	// Cutter lays the sheets out for a cutting machine (none, silhouette,
	// scanncut); Corner is the radius of its cut outlines, mm (0: the
	// game's, or square corners when given by name).
	Cutter string
	Corner float64
	// Printer names a printer profile whose paper, margin, back offset,
	// scale and flip apply where their settings are not Given; "" for
	// none. LoadPrinter finds it: the profile and the file it is kept in.
	Printer     string
	LoadPrinter func(name string) (p printer.Profile, file string, err error)
	// Given reports whether a setting was given by name ("paper",
	// "back-offset", "bleed"), over a printer profile's values and a
	// cutter's defaults; nil: none was.
	Given func(name string) bool
}

// DefaultSheet returns the sheet settings print uses unless told
// otherwise.
func DefaultSheet() Sheet {
	return Sheet{Paper: "a4", Grid: "auto", Marks: "crop", Backs: "none", BackOffset: "0,0", Margin: layout.DefaultMargin, Cutter: "none"}
}

func (s *Sheet) given(name string) bool { return s.Given != nil && s.Given(name) }

// squareCorners says whether --corner 0 was given: square corners asked
// for, not the default radius (as --gap 0 is a gap asked for).
func (s *Sheet) squareCorners() bool { return s.Corner == 0 && s.given("corner") }

// Layout turns the sheet settings into the job's layout options: its
// game's card size unless CardSize is given, and with a cutter the game's
// corner radius unless Corner is.
func (j *Job) Layout(s Sheet) (layout.Options, error) {
	lo, err := s.Options(j.Card)
	if err != nil {
		return lo, err
	}
	if lo.Cutter != layout.CutterNone && lo.Corner == 0 && !lo.SquareCorners && s.CardSize == "" && len(j.Games) > 0 {
		// The game's own corner radius (game.yaml card_size.corner_radius)
		// unless --corner gives one.
		lo.Corner = j.Games[0].CornerRadius
	}
	return lo, nil
}

// Options turns the sheet settings into layout options; card is the
// game's card size, used unless CardSize is given.
func (s Sheet) Options(card cardsdb.Size) (layout.Options, error) {
	o := layout.DefaultOptions()
	var err error
	if o.Paper, err = layout.ParsePaper(s.Paper); err != nil {
		return o, fmt.Errorf("--paper: %w", err)
	}
	o.Card = layout.Size{W: card.W, H: card.H}
	if s.CardSize != "" {
		if o.Card, err = layout.ParseCardSize(s.CardSize); err != nil {
			return o, fmt.Errorf("--card-size: %w", err)
		}
	}
	if o.Grid, err = layout.ParseGrid(s.Grid); err != nil {
		return o, fmt.Errorf("--grid: %w", err)
	}
	if o.Marks, err = layout.ParseMarks(s.Marks); err != nil {
		return o, fmt.Errorf("--marks: %w", err)
	}
	if o.Backs, err = layout.ParseBacks(s.Backs); err != nil {
		return o, fmt.Errorf("--backs: %w", err)
	}
	if o.BackOffset, err = layout.ParseOffset(s.BackOffset); err != nil {
		return o, fmt.Errorf("--back-offset: %w", err)
	}
	for _, v := range []struct {
		name string
		v    float64
	}{{"--gap", s.Gap}, {"--bleed", s.Bleed}, {"--margin", s.Margin}} {
		if v.v < 0 || v.v > 50 {
			return o, fmt.Errorf("%s %g: want 0 to 50 mm", v.name, v.v)
		}
	}
	o.Gap, o.Bleed, o.Margin = s.Gap, s.Bleed, s.Margin
	if o, err = s.applyPrinter(o); err != nil {
		return o, err
	}
	// An offset for backs that are not printed would be ignored in
	// silence (issue 25 item 16).
	if s.given("back-offset") && o.Backs == layout.BacksNone && o.BackOffset != (layout.Offset{}) {
		return o, fmt.Errorf("--back-offset %s moves the backs, but none are printed: add --backs long, short or fold", s.BackOffset)
	}
	return s.applyCutter(o)
}

// applyCutter sets Cutter and Corner into o. A cutter sheet has its
// template's slots and registration marks, so Grid, Gap and Marks do not
// apply; without Bleed given it gets the most bleed the template has room
// for (layout.SilhouetteMaxBleed).
func (s Sheet) applyCutter(o layout.Options) (layout.Options, error) {
	if strings.EqualFold(strings.TrimSpace(s.Cutter), "cricut") {
		return o, fmt.Errorf("--cutter cricut: Print Then Cut takes images, not a PDF: use deckwright export cricut DECK")
	}
	c, err := layout.ParseCutter(s.Cutter)
	if err != nil {
		return o, fmt.Errorf("--cutter: %w", err)
	}
	if s.Corner < 0 || s.Corner > 20 {
		return o, fmt.Errorf("--corner %g: want 0 to 20 mm", s.Corner)
	}
	if c == layout.CutterNone {
		if s.given("corner") {
			return o, fmt.Errorf("--corner is the corner radius of a cutter's outlines: give --cutter too")
		}
		return o, nil
	}
	if c == layout.CutterScanNCut {
		// Direct Cut: the usual grid, with white between the cards and
		// nothing printed beside them but their keylines.
		if s.given("marks") && o.Marks != layout.MarksNone { // --marks none asks for what Direct Cut needs
			return o, fmt.Errorf("--marks does not go with --cutter scanncut: the machine would take the marks for shapes to cut")
		}
		// --gap 0 is a gap asked for (too small), not the default: the
		// default is set here, where "given" is known (0 was taken for
		// "not given", and 6 mm used in silence).
		if !s.given("gap") {
			o.Gap = layout.ScanNCutGap
		} else if o.Gap < layout.ScanNCutMinGap {
			return o, fmt.Errorf("--cutter scanncut: --gap %g mm: Direct Cut needs at least %d mm of white between cards to find them apart", o.Gap, layout.ScanNCutMinGap)
		}
		o.Cutter, o.Corner, o.SquareCorners, o.Marks = c, s.Corner, s.squareCorners(), layout.MarksNone
		return o, nil
	}
	for _, name := range []string{"grid", "gap", "marks"} {
		if s.given(name) {
			return o, fmt.Errorf("--%s does not go with --cutter %s: the cutter's template places the cards and its registration marks", name, c)
		}
	}
	o.Cutter, o.Corner, o.SquareCorners, o.Marks = c, s.Corner, s.squareCorners(), layout.MarksNone
	if !s.given("bleed") {
		o.Bleed = layout.SilhouetteMaxBleed(o)
	}
	return o, nil
}

// applyPrinter sets the profile named by Printer into o: its paper,
// margin and back offset unless those were given, its scale, and its flip
// as the backs unless Backs was given. Backs for the other edge are
// refused: the offset was measured for the profile's.
func (s Sheet) applyPrinter(o layout.Options) (layout.Options, error) {
	if s.Printer == "" {
		return o, nil
	}
	if s.LoadPrinter == nil {
		return o, fmt.Errorf("--printer %s: no printer profiles here", s.Printer)
	}
	p, path, err := s.LoadPrinter(s.Printer)
	if err != nil {
		return o, err
	}
	q := p
	if s.given("paper") {
		q.Paper = ""
	}
	if s.given("margin") {
		q.Margin = nil
	}
	if s.given("back-offset") {
		q.Offset = o.BackOffset
	}
	o, err = q.Apply(o)
	if err != nil {
		return o, fmt.Errorf("%s: printer %s: %w", path, p.Name, err)
	}
	flip, _ := p.Backs()
	switch {
	case flip == layout.BacksNone:
	case !s.given("backs"):
		o.Backs = flip
	case (o.Backs == layout.BacksLong || o.Backs == layout.BacksShort) && o.Backs != flip:
		return o, fmt.Errorf("--backs %s: printer %s was measured flipping on the %s edge; calibrate it for %s (deckwright print calibration --backs %s) or drop --backs", o.Backs, p.Name, p.Flip, o.Backs, o.Backs)
	}
	return o, nil
}
