package export

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"io"
	"math"
	"sync"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/faces"
	"github.com/deckwright/deckwright/render"
	"github.com/disintegration/imaging"
)

// Cricut Design Space's Print Then Cut takes images of at most 6.75 by
// 9.25 inches (on letter or A4 paper): larger ones it scales down or
// refuses. It cuts around the outline of every separate shape of an
// image, so each card must be an opaque shape of its own with transparent
// space around it.
const (
	CricutMaxW = 6.75 * 25.4 // mm
	CricutMaxH = 9.25 * 25.4 // mm
	// CricutDefaultGap is the transparent space between two cards, mm:
	// Design Space prints a bleed of about 1/8 inch around every shape
	// (its "Add bleed" setting, on by default), so two cards need twice
	// that and room for the blade.
	CricutDefaultGap = 8
	// CricutMinGap is the least gap Cricut accepts: less and the bleeds
	// Design Space prints run into the next card.
	CricutMinGap = 3
)

// CricutOptions says how to write Print Then Cut sheets.
type CricutOptions struct {
	Options
	// DPI is the sheets' resolution; 0 = faces.DefaultDPI (300, what
	// Design Space prints at).
	DPI int
	// Gap is the transparent space between cards and around the sheet's
	// cards (half of it at the sheet's edges), mm; 0 = CricutDefaultGap.
	Gap float64
	// Corner is the corner radius of each card's outline, mm (the blade
	// follows it); 0 = square corners.
	Corner float64
}

// CricutResult says what Cricut wrote.
type CricutResult struct {
	Result
	Sheets   int     `json:"sheets"`
	PerSheet int     `json:"cards_per_sheet"`
	Cols     int     `json:"cols"`
	Rows     int     `json:"rows"`
	Turned   bool    `json:"turned,omitempty"` // cards lie sideways on the sheets
	WidthIn  float64 `json:"width_in"`         // a full sheet's size in inches
	HeightIn float64 `json:"height_in"`
	Gap      float64 `json:"gap_mm"`
	Corner   float64 `json:"corner_mm"`
}

// CricutGrid works out how cards of w×h mm lie on a Print Then Cut sheet
// with gap mm between them (and half a gap around them): the columns and
// rows, and whether the cards are turned a quarter to fit more. It
// returns 0 cards when not even one fits.
func CricutGrid(w, h, gap float64) (cols, rows int, turned bool) {
	fit := func(w, h float64) (int, int) {
		return int(math.Floor((CricutMaxW + 1e-9) / (w + gap))), int(math.Floor((CricutMaxH + 1e-9) / (h + gap)))
	}
	cols, rows = fit(w, h)
	if c, r := fit(h, w); c*r > cols*rows {
		return c, r, true
	}
	if cols*rows == 0 {
		return 0, 0, false
	}
	return cols, rows, false
}

// Cricut writes the fronts of items as PNG sheets for Cricut's Print Then
// Cut into dir: sheet-01.png, sheet-02.png... Each is at most 6.75 × 9.25
// inches at opts.DPI, transparent but for the cards: every card is one
// opaque shape (its corners rounded by opts.Corner) with opts.Gap of
// transparent space around it, so that Design Space cuts each card on its
// own. Cards keep the deck's order, one per copy; a card's own second
// face (a double-faced card) is not on the sheets, as Print Then Cut
// prints one side.
func Cricut(ctx context.Context, dir string, items []render.Item, opts CricutOptions) (*CricutResult, error) {
	if len(items) == 0 {
		return nil, fmt.Errorf("no cards to export")
	}
	if opts.DPI == 0 {
		opts.DPI = faces.DefaultDPI
	}
	if opts.Gap == 0 {
		opts.Gap = CricutDefaultGap
	}
	if !(opts.Gap >= CricutMinGap && opts.Gap <= 50) {
		return nil, fmt.Errorf("gap %g mm: want %d to 50 mm (Design Space prints a bleed around each card, which must not reach the next)", opts.Gap, CricutMinGap)
	}
	if opts.DPI < 72 || opts.DPI > 600 {
		return nil, fmt.Errorf("dpi %d: want 72 to 600", opts.DPI)
	}
	// The card in portrait; landscape faces are turned into its slots.
	card := faces.TrimSize(render.Face{Game: items[0].Front.Game}, cardsdb.Size{})
	if !(opts.Corner >= 0 && 2*opts.Corner <= min(card.W, card.H)) {
		return nil, fmt.Errorf("corner %g mm: want 0 to half the card's width (%g mm)", opts.Corner, min(card.W, card.H)/2)
	}
	cols, rows, turned := CricutGrid(card.W, card.H, opts.Gap)
	if cols*rows == 0 {
		return nil, fmt.Errorf("a %gx%g mm card with %g mm gaps does not fit Print Then Cut's %.2fx%.2f in area", card.W, card.H, opts.Gap, CricutMaxW/25.4, CricutMaxH/25.4)
	}
	slotW, slotH := card.W, card.H
	if turned {
		slotW, slotH = slotH, slotW
	}
	px := func(mm float64) int { return int(math.Round(mm / 25.4 * float64(opts.DPI))) }
	res := &CricutResult{
		Result:   Result{Dir: dir, Cards: len(items), Sample: sampleOf(items)},
		PerSheet: cols * rows, Cols: cols, Rows: rows, Turned: turned,
		Gap: opts.Gap, Corner: opts.Corner,
	}
	res.WidthIn = float64(px(float64(cols)*(slotW+opts.Gap))) / float64(opts.DPI)
	res.HeightIn = float64(px(float64(rows)*(slotH+opts.Gap))) / float64(opts.DPI)
	own := 0
	for _, it := range items {
		if it.Own {
			own++
		}
	}

	out, err := newFolder(dir, opts.TempDir)
	if err != nil {
		return nil, err
	}
	fo := opts.faces()
	fo.DPI = opts.DPI
	per := cols * rows
	var mu sync.Mutex
	counted := map[faceID]bool{}
	warned := map[string]bool{}
	for start := 0; start < len(items); start += per {
		if err := ctx.Err(); err != nil {
			out.abort()
			return nil, err
		}
		part := items[start:min(start+per, len(items))]
		// The sheet is as tall as its rows of cards: a last sheet of two
		// cards is not a page of transparency.
		usedRows := (len(part) + cols - 1) / cols
		sheet := image.NewNRGBA(image.Rect(0, 0, px(float64(cols)*(slotW+opts.Gap)), px(float64(usedRows)*(slotH+opts.Gap))))
		fs := make([]render.Face, len(part))
		for i, it := range part {
			fs[i] = it.Front
		}
		uniq, index := distinct(fs)
		drawn := make([]*image.NRGBA, len(uniq))
		// A card on two sheets is drawn for each: count its face and its
		// warnings once.
		var sheetRes Result
		err := drawEach(ctx, uniq, fo, &sheetRes, func(i int, im *faces.Image) error {
			mu.Lock()
			if id := idOf(im.Face); !counted[id] {
				counted[id] = true
				res.count(im)
			}
			mu.Unlock()
			drawn[i] = cricutCard(im.Image, turned != im.Face.Landscape, opts.Corner/25.4*float64(opts.DPI))
			return nil
		})
		if err != nil {
			out.abort()
			return nil, err
		}
		for _, w := range sheetRes.Warnings {
			if !warned[w] {
				warned[w] = true
				res.Warnings = append(res.Warnings, w)
			}
		}
		for i := range part {
			c, r := i%cols, i/cols
			x := px(opts.Gap/2 + float64(c)*(slotW+opts.Gap))
			y := px(opts.Gap/2 + float64(r)*(slotH+opts.Gap))
			img := drawn[index[i]]
			draw.Draw(sheet, img.Bounds().Add(image.Pt(x, y)), img, image.Point{}, draw.Src)
		}
		data, err := encode(sheet, "png")
		data = withDPI(data, opts.DPI) // Design Space places it at its real size
		if err != nil {
			out.abort()
			return nil, err
		}
		name := fmt.Sprintf("sheet-%s.png", number(start/per+1, (len(items)+per-1)/per))
		if err := out.create(name, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
			out.abort()
			return nil, err
		}
		res.Sheets++
	}
	if err := out.commit(&res.Result); err != nil {
		out.abort()
		return nil, err
	}
	res.Notes = append(res.Notes,
		fmt.Sprintf("Cricut Design Space: New project > Upload > each sheet as a \"Print Then Cut\" image; insert it at %.2f x %.2f in (keep its size), Make It, turn \"Add bleed\" on, print, then cut on a mat", res.WidthIn, res.HeightIn))
	if turned {
		res.Notes = append(res.Notes, "cards lie sideways on the sheets: more fit that way")
	}
	if own > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d double-faced cards: only their first faces are on the sheets (Print Then Cut prints one side)", own))
	}
	return res, nil
}

// cricutCard makes one card's shape: the face turned a quarter clockwise
// if turn (as print and export tts turn landscape faces),
// made opaque on white (a transparent pixel inside a card would be cut
// out), and its corners cut round to radius px with an anti-aliased edge.
func cricutCard(face *image.NRGBA, turn bool, radius float64) *image.NRGBA {
	img := face
	if turn {
		img = imaging.Rotate270(face) // imaging turns counter-clockwise
	}
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.Draw(out, out.Bounds(), img, b.Min, draw.Over)
	if radius <= 0 {
		return out
	}
	w, h := float64(b.Dx()), float64(b.Dy())
	r := min(radius, w/2, h/2)
	n := int(math.Ceil(r))
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			// Distance from the pixel's centre to the corner circle's
			// centre, mirrored into all four corners.
			dx, dy := r-(float64(x)+0.5), r-(float64(y)+0.5)
			if dx <= 0 || dy <= 0 {
				continue
			}
			cover := math.Max(0, math.Min(1, r+0.5-math.Hypot(dx, dy)))
			for _, p := range [4]image.Point{{x, y}, {b.Dx() - 1 - x, y}, {x, b.Dy() - 1 - y}, {b.Dx() - 1 - x, b.Dy() - 1 - y}} {
				i := out.PixOffset(p.X, p.Y)
				out.Pix[i+3] = uint8(math.Round(float64(out.Pix[i+3]) * cover))
			}
		}
	}
	return out
}
