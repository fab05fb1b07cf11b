package layout

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Size is a width and a height in millimetres.
type Size struct {
	W, H float64
}

// Paper sizes in portrait orientation.
var (
	A4     = Size{W: 210, H: 297}
	Letter = Size{W: 215.9, H: 279.4}
	Legal  = Size{W: 215.9, H: 355.6}
	A3     = Size{W: 297, H: 420}
	A5     = Size{W: 148, H: 210}
	// Tabloid is US tabloid or ledger, 11×17 inches.
	Tabloid = Size{W: 279.4, H: 431.8}
)

// Card sizes (portrait). Poker is 63×88 mm, the size most card games print
// (Magic, Pokémon, the "standard" or "Euro poker" size); printers and US
// tools mean 2.5×3.5 in (63.5×88.9 mm) by poker, written "2.5x3.5in" here
// (see ParseCardSize and docs/pnp.md).
var (
	Poker  = Size{W: 63, H: 88}
	Bridge = Size{W: 56, H: 87}
	Tarot  = Size{W: 70, H: 120}
	Mini   = Size{W: 44, H: 63}
)

// Bounds for a length given as WxH: smaller or larger values are mistakes.
const (
	MinLength = 1.0    // millimetres
	MaxLength = 2000.0 // millimetres
)

type preset struct {
	name string
	size Size
}

var paperPresets = []preset{{"a4", A4}, {"letter", Letter}, {"legal", Legal}, {"a3", A3}, {"a5", A5}, {"tabloid", Tabloid}}

var cardPresets = []preset{{"poker", Poker}, {"bridge", Bridge}, {"tarot", Tarot}, {"mini", Mini}}

// String formats s as "WxH" with no needless digits, e.g. "215.9x279.4".
func (s Size) String() string {
	return fmtMM(s.W) + "x" + fmtMM(s.H)
}

// Rotated returns s turned a quarter turn: width and height swapped.
func (s Size) Rotated() Size {
	return Size{W: s.H, H: s.W}
}

// Landscape reports whether s is wider than tall.
func (s Size) Landscape() bool {
	return s.W > s.H
}

func fmtMM(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// ParsePaper parses a paper size: a4 (the default, also for ""), letter,
// legal, a3, a5, tabloid (11×17 in) in any case, or WxH in millimetres such as "200x300". The result
// is as given (the presets are portrait); [Plan] chooses the orientation.
func ParsePaper(s string) (Size, error) {
	if strings.TrimSpace(s) == "" {
		return A4, nil
	}
	return parseSize("paper", s, paperPresets, "200x300")
}

// ParseCardSize parses a card size: poker (63x88), bridge (56x87), tarot
// (70x120), mini (44x63), in any case, or WxH in millimetres such as
// "88x63", or in inches with "in" after it, such as "2.5x3.5in" (the
// field's poker size, 63.5x88.9 mm). There is no default: the game
// decides it.
func ParseCardSize(s string) (Size, error) {
	if key := strings.ToLower(strings.TrimSpace(s)); strings.HasSuffix(key, "in") && strings.Contains(key, "x") {
		sz, err := parseSize("card size", strings.TrimSuffix(key, "in"), cardPresets, "2.5x3.5in")
		if err != nil {
			return Size{}, fmt.Errorf("%w (in inches)", err)
		}
		return Size{W: math.Round(sz.W*254) / 10, H: math.Round(sz.H*254) / 10}, nil
	}
	return parseSize("card size", s, cardPresets, "63x88")
}

func parseSize(kind, s string, presets []preset, example string) (Size, error) {
	names := make([]string, len(presets))
	for i, p := range presets {
		names[i] = p.name
	}
	want := fmt.Sprintf("want %s, or WxH in millimetres such as %s", strings.Join(names, ", "), example)

	key := strings.ToLower(strings.TrimSpace(s))
	if key == "" {
		return Size{}, fmt.Errorf("%s is empty (%s)", kind, want)
	}
	for _, p := range presets {
		if key == p.name {
			return p.size, nil
		}
	}
	key = strings.TrimSpace(strings.TrimSuffix(key, "mm"))
	ws, hs, ok := strings.Cut(key, "x")
	if !ok {
		return Size{}, fmt.Errorf("%s %q: unknown name (%s)", kind, s, want)
	}
	w, err := parseLength(ws)
	if err != nil {
		return Size{}, fmt.Errorf("%s %q: width %w (%s)", kind, s, err, want)
	}
	h, err := parseLength(hs)
	if err != nil {
		return Size{}, fmt.Errorf("%s %q: height %w (%s)", kind, s, err, want)
	}
	return Size{W: w, H: h}, nil
}

// errNotNumber is wrapped by parse errors for text that is no number at all.
var errNotNumber = errors.New("is not a number")

// parseLength parses one length of a WxH size. Its errors read well after
// "width " or "height ".
func parseLength(s string) (float64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, errors.New("is missing")
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange) {
			return 0, fmt.Errorf("%q: %w", s, ne.Err)
		}
		return 0, fmt.Errorf("%q %w", s, errNotNumber)
	}
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return 0, fmt.Errorf("%q %w", s, errNotNumber)
	case v <= 0:
		return 0, fmt.Errorf("%s mm is not positive", s)
	case v < MinLength:
		return 0, fmt.Errorf("%s mm is less than %s mm", s, fmtMM(MinLength))
	case v > MaxLength:
		return 0, fmt.Errorf("%s mm is more than %s mm", s, fmtMM(MaxLength))
	}
	return v, nil
}
