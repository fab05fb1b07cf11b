package pnp

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"sort"

	"github.com/disintegration/imaging"
)

// DefaultMaxPages is the number of pages Import reads at most when
// Options.MaxPages is 0.
const DefaultMaxPages = 1000

// resample is the filter faces are resampled with.
var resample = imaging.CatmullRom

// Import reads the print-and-play PDF at pdfPath and cuts out its cards.
//
// Each page is read one at a time. A page whose cards are separate images
// (images of the card's size, with or without bleed, either way up) is cut
// where its content stream places them: JPEG images are decoded at their
// own resolution; other images, and pages that also draw text, are cut
// from the page rendered with pdftoppm at Options.DPI. Any other page (a
// scan, an exported sheet, vector art) is rendered with pdftoppm, turned
// straight when it is skewed by up to about 1°, and searched for the
// lattice of card-sized cells (the card plus up to 6 mm of bleed per side,
// up to 20 mm apart) that best explains its edges: crop marks, cut lines,
// the gaps between cards or the edges of cards laid edge to edge. Cells
// with nothing printed in them (a partly empty last row) are skipped; a
// page where no such grid explains what is printed is an error naming it.
//
// Faces are cut at the trim line (the card centred in its cell; with
// Options.KeepBleed, the whole cell) and resampled to Options.DPI. A card
// that lies landscape on the page is turned a quarter turn clockwise into
// a portrait face, with Face.Rotated set.
//
// Backs follow Options.Layout. LayoutAuto guesses: a page whose cards
// split into two halves that mirror each other across the page's middle,
// at least two thirds of one half the same face, is a fold sheet; else,
// when the PDF has an even number of pages, at least two thirds of the
// second page's cards are one face that the first page does not show,
// and they lie at the mirrored places of the first page's, it is duplex;
// else fronts. Faces are compared as Write compares them (see SameFace):
// text cards, a frame and a few words, are told apart by their words. A duplex back is the card at the place mirrored
// across the page (left-right for a long-edge flip of a portrait page,
// top-bottom for a short-edge flip, the other way round on a landscape
// page); backs printed upside down by a top-bottom flip are turned upright.
//
// PageReport.Method is "images" for pages read from their image
// placements; on a raster it is "gaps" when nothing is printed outside the
// cards, else "marks" or "lines" for short or long guides (the part of cut
// lines beside the cards may be short enough to read as marks). The
// registration marks of a print-and-cut sheet (the Silhouette Cameo's: a
// filled square top-left, L-shaped corners top-right and bottom-left) are
// found on a page that is not made of card images, blanked before the
// grid is looked for (they are neither cards nor guides) and reported in
// PageReport.Registration.
//
// Import needs pdftoppm (poppler-utils) only for pages that are not made
// of JPEG card images; when it is needed and missing, the error says how
// to install it. It honours ctx between pages and while rendering.
func Import(ctx context.Context, pdfPath string, opt Options) (*Result, error) {
	opt, err := opt.normalize()
	if err != nil {
		return nil, err
	}
	f, err := openPDF(pdfPath)
	if err != nil {
		return nil, err
	}
	pages := opt.Pages
	if pages == nil {
		if f.pages > opt.MaxPages {
			return nil, fmt.Errorf("%s has %d pages, more than the %d read at most; choose some with --pages", pdfPath, f.pages, opt.MaxPages)
		}
		for i := 1; i <= f.pages; i++ {
			pages = append(pages, i)
		}
	}
	if len(pages) > opt.MaxPages {
		return nil, fmt.Errorf("%d pages asked for, more than the %d read at most", len(pages), opt.MaxPages)
	}
	for _, p := range pages {
		if p < 1 || p > f.pages {
			return nil, fmt.Errorf("page %d: %s has pages 1 to %d", p, pdfPath, f.pages)
		}
	}
	im := &importer{ctx: ctx, f: f, opt: opt}
	if opt.Layout == LayoutAuto {
		im.guessing = true
		im.opt.Layout, err = im.guessLayout(pages)
		im.guessing = false
		if err != nil {
			return nil, err
		}
	}
	res := &Result{}
	switch im.opt.Layout {
	case LayoutFronts:
		for _, nr := range pages {
			side, err := im.readWhole(nr)
			if err != nil {
				return nil, err
			}
			side.report.Side = "fronts"
			res.Pages = append(res.Pages, side.report)
			for _, c := range side.cuts {
				res.Cards = append(res.Cards, Card{Front: c.face})
			}
		}
	case LayoutDuplex:
		if len(pages)%2 != 0 {
			return nil, fmt.Errorf("page %d: a duplex PDF has a page of backs after each page of fronts, but there is no page after it (use --layout fronts, or choose pages with --pages)", pages[len(pages)-1])
		}
		for i := 0; i < len(pages); i += 2 {
			fronts, err := im.readWhole(pages[i])
			if err != nil {
				return nil, err
			}
			backs, err := im.readWhole(pages[i+1])
			if err != nil {
				return nil, err
			}
			fronts.report.Side, backs.report.Side = "fronts", "backs"
			res.Pages = append(res.Pages, fronts.report, backs.report)
			mirrorX := duplexMirrorsX(fronts.w, fronts.h, im.opt.Flip)
			res.Cards = append(res.Cards, pair(fronts.cuts, backs.cuts, func(r Rect) (float64, float64) {
				if mirrorX {
					return fronts.w - r.cx(), r.cy()
				}
				return r.cx(), fronts.h - r.cy()
			}, !mirrorX, im.opt)...)
		}
	case LayoutFold:
		for _, nr := range pages {
			fs, err := im.readFold(nr)
			if err != nil {
				return nil, err
			}
			res.Pages = append(res.Pages, fs.report)
			res.Cards = append(res.Cards, fs.cards...)
		}
	}
	shareBacks(res.Cards)
	return res, nil
}

// normalize checks the options and fills in the defaults.
func (o Options) normalize() (Options, error) {
	if o.DPI == 0 {
		o.DPI = 300
	}
	if o.DPI < 50 || o.DPI > 1200 {
		return o, fmt.Errorf("dpi %d is outside 50 to 1200", o.DPI)
	}
	if o.MaxPages <= 0 {
		o.MaxPages = DefaultMaxPages
	}
	if !(o.CardW > 0 && o.CardH > 0 && o.CardW < 1000 && o.CardH < 1000) {
		return o, fmt.Errorf("card size %gx%g mm: width and height must be positive (the game's card size, or --card-size)", o.CardW, o.CardH)
	}
	if o.CardW > o.CardH {
		o.CardW, o.CardH = o.CardH, o.CardW
	}
	switch o.Flip {
	case "":
		o.Flip = "long"
	case "long", "short":
	default:
		return o, fmt.Errorf("flip %q: want long or short", o.Flip)
	}
	switch o.Layout {
	case LayoutAuto, LayoutDuplex, LayoutFold, LayoutFronts:
	default:
		return o, fmt.Errorf("layout %q: want duplex, fold or fronts", o.Layout)
	}
	return o, nil
}

// duplexMirrorsX reports whether turning a w×h page over the edge named by
// flip mirrors x rather than y (as layout.BackSlots does).
func duplexMirrorsX(w, h float64, flip string) bool {
	return (flip != "short") == (w <= h)
}

type importer struct {
	ctx      context.Context
	f        *pdfFile
	opt      Options
	recent   []*source
	failed   map[int]error // pages that could not be loaded
	guessing bool          // guessLayout is reading
}

// cut is one face cut from a page, with its trimmed rectangle in mm from
// the page's top left.
type cut struct {
	face Face
	box  Rect
}

// side is the cards found on one page (or one half of a fold sheet).
type side struct {
	w, h   float64 // the page, mm
	cuts   []cut
	report PageReport
}

// source is one page being read: its PDF description, its card images and,
// once rendered, its raster.
type source struct {
	p      *pdfPage
	cards  []placed // the images of the card's size
	native bool     // every card image can be decoded from its own bytes
	raster *image.NRGBA
	pxmm   float64 // raster pixels per mm
	// registration: the raster held a print-and-cut sheet's registration
	// marks, now blanked.
	registration bool
}

func (im *importer) load(nr int) (*source, error) {
	if err := im.ctx.Err(); err != nil {
		return nil, err
	}
	for _, s := range im.recent {
		if s.p.nr == nr {
			return s, nil
		}
	}
	// Keep the last two pages while guessing the layout (it reads the
	// first two, and they are read again right after), else the last one;
	// a page is let go before the next is rendered.
	keep := 1
	if im.guessing {
		keep = 2
	}
	if len(im.recent) >= keep {
		im.recent = im.recent[len(im.recent)-keep+1:]
	}
	if err, ok := im.failed[nr]; ok {
		return nil, err
	}
	s, err := im.loadPage(nr)
	if err != nil {
		if !isFatal(err) {
			if im.failed == nil {
				im.failed = map[int]error{}
			}
			im.failed[nr] = err // not read again
		}
		return nil, err
	}
	im.recent = append(im.recent, s)
	return s, nil
}

func (im *importer) loadPage(nr int) (*source, error) {
	p, err := im.f.page(nr)
	if err != nil {
		return nil, err
	}
	if p.maxSide > maxPixels {
		return nil, fmt.Errorf("page %d: an image of %d megapixels is over the cap of %d", nr, p.maxSide/1_000_000, maxPixels/1_000_000)
	}
	s := &source{p: p}
	if !p.forms && !im.opt.forceRaster {
		for _, pl := range p.images {
			if _, _, ok := im.cardBox(pl.box); ok && pl.turn >= 0 {
				s.cards = append(s.cards, pl)
			}
		}
	}
	s.native = len(s.cards) > 0 && !p.text
	for _, pl := range s.cards {
		if !pl.native() {
			s.native = false
		}
	}
	if !s.native {
		img, err := rasterize(im.ctx, im.f.path, p, im.opt.DPI)
		if err != nil {
			return nil, err
		}
		s.pxmm = float64(im.opt.DPI) / 25.4
		if len(s.cards) == 0 {
			img, _ = deskew(img, im.opt.DPI)
			if marks := findRegistration(img, im.opt.DPI); marks != nil {
				blankMarks(img, marks, im.opt.DPI)
				s.registration = true
			}
		}
		s.raster = img
	}
	return s, nil
}

// cardBox reports whether an image placed over box holds one card (with
// equal bleed all round), and the bleed on each side and whether it lies
// landscape.
func (im *importer) cardBox(box Rect) (bleed float64, landscape, ok bool) {
	for _, land := range []bool{false, true} {
		w, h := im.opt.CardW, im.opt.CardH
		if land {
			w, h = h, w
		}
		bx, by := (box.W-w)/2, (box.H-h)/2
		if bx >= -sizeSlack/2 && by >= -sizeSlack/2 && bx <= maxBleed && by <= maxBleed && math.Abs(bx-by) < 0.75 {
			return max(0, (bx+by)/2), land, true
		}
	}
	return 0, false, false
}

// readWhole finds the cards on a whole page.
func (im *importer) readWhole(nr int) (*side, error) {
	s, err := im.load(nr)
	if err != nil {
		return nil, err
	}
	return im.readRegion(s, Rect{W: s.p.w, H: s.p.h})
}

// readRegion finds the cards within region (mm) of a loaded page.
func (im *importer) readRegion(s *source, region Rect) (*side, error) {
	sd := &side{w: s.p.w, h: s.p.h, report: PageReport{Page: s.p.nr}}
	if len(s.cards) > 0 {
		var in []placed
		for _, pl := range s.cards {
			if pl.box.cx() >= region.X && pl.box.cx() < region.X+region.W && pl.box.cy() >= region.Y && pl.box.cy() < region.Y+region.H {
				in = append(in, pl)
			}
		}
		if len(in) == 0 {
			return nil, fmt.Errorf("page %d: no card images in this part of the page", s.p.nr)
		}
		rows, cols := gridPlaces(in, im.opt.CardW)
		for i, pl := range in {
			c, err := im.cutPlaced(s, pl)
			if err != nil {
				return nil, fmt.Errorf("page %d: %w", s.p.nr, err)
			}
			c.face.Page, c.face.Row, c.face.Col = s.p.nr, rows[i], cols[i]
			sd.cuts = append(sd.cuts, c)
			sd.report.Rows = max(sd.report.Rows, rows[i])
			sd.report.Cols = max(sd.report.Cols, cols[i])
		}
		sort.SliceStable(sd.cuts, func(i, j int) bool {
			a, b := sd.cuts[i].face, sd.cuts[j].face
			return a.Row < b.Row || a.Row == b.Row && a.Col < b.Col
		})
		sd.report.Method = "images"
		sd.report.Cards = len(sd.cuts)
		return sd, nil
	}
	px := image.Rect(int(region.X*s.pxmm), int(region.Y*s.pxmm), int((region.X+region.W)*s.pxmm), int((region.Y+region.H)*s.pxmm))
	g, err := findGrid(s.raster, px, im.opt.DPI, im.opt.CardW, im.opt.CardH)
	if err != nil {
		return nil, fmt.Errorf("page %d: no grid of %gx%g mm cards found: %v (is the card size right? pass --card-size)", s.p.nr, im.opt.CardW, im.opt.CardH, err)
	}
	for _, c := range g.cells {
		if err := im.ctx.Err(); err != nil {
			return nil, err
		}
		r := c.trim
		if im.opt.KeepBleed {
			r = c.bleed
		}
		face := im.finish(subImage(s.raster, r), float64(r.Dx())/s.pxmm, float64(r.Dy())/s.pxmm, g.landscape)
		face.Page, face.Row, face.Col = s.p.nr, c.row, c.col
		t := c.trim
		face.Trim = Rect{X: float64(t.Min.X) / s.pxmm, Y: float64(t.Min.Y) / s.pxmm, W: float64(t.Dx()) / s.pxmm, H: float64(t.Dy()) / s.pxmm}
		sd.cuts = append(sd.cuts, cut{face: face, box: face.Trim})
	}
	sd.report.Method, sd.report.Rows, sd.report.Cols, sd.report.Cards = g.method, g.rows, g.cols, len(sd.cuts)
	sd.report.Registration = s.registration
	return sd, nil
}

// cutPlaced cuts the card an image placed on the page shows.
func (im *importer) cutPlaced(s *source, pl placed) (cut, error) {
	bleed, land, _ := im.cardBox(pl.box)
	w, h := im.opt.CardW, im.opt.CardH
	if land {
		w, h = h, w
	}
	cx, cy := pl.box.cx(), pl.box.cy()
	trim := Rect{X: cx - w/2, Y: cy - h/2, W: w, H: h}
	want := trim
	if im.opt.KeepBleed {
		want = Rect{X: cx - w/2 - bleed, Y: cy - h/2 - bleed, W: w + 2*bleed, H: h + 2*bleed}
	}
	var src image.Image
	if s.native {
		img, err := im.f.decodeNative(pl)
		if err != nil {
			return cut{}, err
		}
		b := img.Bounds()
		sx, sy := float64(b.Dx())/pl.box.W, float64(b.Dy())/pl.box.H
		r := image.Rect(
			int(math.Round((want.X-pl.box.X)*sx)), int(math.Round((want.Y-pl.box.Y)*sy)),
			int(math.Round((want.X+want.W-pl.box.X)*sx)), int(math.Round((want.Y+want.H-pl.box.Y)*sy))).Add(b.Min).Intersect(b)
		src = subImage(img, r)
	} else {
		r := image.Rect(int(math.Round(want.X*s.pxmm)), int(math.Round(want.Y*s.pxmm)),
			int(math.Round((want.X+want.W)*s.pxmm)), int(math.Round((want.Y+want.H)*s.pxmm)))
		src = subImage(s.raster, r)
	}
	face := im.finish(src, want.W, want.H, land)
	face.Trim = trim
	return cut{face: face, box: trim}, nil
}

// finish resamples a face of w×h mm to the output DPI, turns a landscape
// face into a portrait one and hashes it.
func (im *importer) finish(src image.Image, w, h float64, landscape bool) Face {
	pw := max(1, int(math.Round(w/25.4*float64(im.opt.DPI))))
	ph := max(1, int(math.Round(h/25.4*float64(im.opt.DPI))))
	img := imaging.Resize(src, pw, ph, resample)
	if landscape {
		img = imaging.Rotate270(img)
	}
	return Face{Image: compact(img), Hash: Hash(img), Rotated: landscape}
}

// subImage returns the part r of img without copying it when img can
// tell one.
func subImage(img image.Image, r image.Rectangle) image.Image {
	r = r.Intersect(img.Bounds())
	if s, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	}); ok {
		return s.SubImage(r)
	}
	return imaging.Crop(img, r)
}

// gridPlaces numbers placed cards by row and column (1-based): cards
// whose centres are less than half a card apart share a row or column.
func gridPlaces(pls []placed, cardW float64) (rows, cols []int) {
	number := func(vals []float64) []int {
		idx := make([]int, len(vals))
		order := make([]int, len(vals))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool { return vals[order[a]] < vals[order[b]] })
		n, start := 0, math.Inf(-1)
		for _, i := range order {
			if vals[i]-start > cardW/2 {
				n++
				start = vals[i]
			}
			idx[i] = n
		}
		return idx
	}
	xs := make([]float64, len(pls))
	ys := make([]float64, len(pls))
	for i, pl := range pls {
		xs[i], ys[i] = pl.box.cx(), pl.box.cy()
	}
	return number(ys), number(xs)
}

// pair gives each front the back whose centre is nearest the front's
// mirrored centre (within half a card), turned upright when the sheet was
// turned over top to bottom.
func pair(fronts, backs []cut, mirror func(Rect) (float64, float64), upsideDown bool, opt Options) []Card {
	used := make([]bool, len(backs))
	cards := make([]Card, 0, len(fronts))
	for _, f := range fronts {
		mx, my := mirror(f.box)
		best, bestD := -1, opt.CardW/2
		for j, b := range backs {
			if used[j] {
				continue
			}
			if d := math.Hypot(b.box.cx()-mx, b.box.cy()-my); d < bestD {
				best, bestD = j, d
			}
		}
		card := Card{Front: f.face}
		if best >= 0 {
			used[best] = true
			back := backs[best].face
			if upsideDown {
				turned := imaging.Rotate180(back.Image)
				back.Image, back.Hash = compact(turned), Hash(turned)
			}
			card.Back = &back
		}
		cards = append(cards, card)
	}
	return cards
}

// fold is what a fold sheet gave.
type fold struct {
	cards      []Card
	report     PageReport
	sharedBack bool    // one half's cards share one picture
	gutter     float64 // mm from the fold line to the nearest card
}

// readFold reads a page with fronts on one half and backs on the other.
// The fold runs across the middle of the page, up-down or left-right,
// whichever pairs more cards; the half whose cards all share one picture
// holds the backs, else the left (or top) half holds the fronts.
func (im *importer) readFold(nr int) (*fold, error) {
	s, err := im.load(nr)
	if err != nil {
		return nil, err
	}
	var best *fold
	var errs []error
	for _, vertical := range []bool{true, false} {
		fd, err := im.foldHalves(s, vertical)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if best == nil || fd.rank() > best.rank() {
			best = fd
		}
	}
	if best == nil {
		return nil, fmt.Errorf("page %d: not a fold sheet: %w", nr, errors.Join(errs...))
	}
	return best, nil
}

// rank orders the ways to fold a sheet: one half holding a shared back
// first, then more cards paired.
func (f *fold) rank() int {
	r := f.pairs() + 100*min(int(f.gutter), 99)
	if f.sharedBack {
		r += 100000
	}
	return r
}

func (f *fold) pairs() int {
	n := 0
	for _, c := range f.cards {
		if c.Back != nil {
			n++
		}
	}
	return n
}

// foldHalves reads the two halves of a fold sheet folded along the
// vertical (or horizontal) middle line.
func (im *importer) foldHalves(s *source, vertical bool) (*fold, error) {
	w, h := s.p.w, s.p.h
	var a, b Rect
	if vertical {
		a, b = Rect{W: w / 2, H: h}, Rect{X: w / 2, W: w / 2, H: h}
	} else {
		a, b = Rect{W: w, H: h / 2}, Rect{Y: h / 2, W: w, H: h / 2}
	}
	first, err := im.readRegion(s, a)
	if err != nil {
		return nil, err
	}
	second, err := im.readRegion(s, b)
	if err != nil {
		return nil, err
	}
	for _, sd := range []*side{first, second} {
		for _, c := range sd.cuts {
			if vertical && (c.box.X < w/2) != (c.box.X+c.box.W <= w/2+0.5) ||
				!vertical && (c.box.Y < h/2) != (c.box.Y+c.box.H <= h/2+0.5) {
				return nil, fmt.Errorf("a card crosses the fold")
			}
		}
	}
	fronts, backs := first, second
	if uniform(first.cuts) && !uniform(second.cuts) {
		fronts, backs = second, first
	}
	shared := uniform(backs.cuts)
	gutter := math.Inf(1)
	for _, sd := range []*side{first, second} {
		for _, c := range sd.cuts {
			if vertical {
				gutter = min(gutter, math.Abs(c.box.X-w/2), math.Abs(c.box.X+c.box.W-w/2))
			} else {
				gutter = min(gutter, math.Abs(c.box.Y-h/2), math.Abs(c.box.Y+c.box.H-h/2))
			}
		}
	}
	mirror := func(r Rect) (float64, float64) {
		if vertical {
			return w - r.cx(), r.cy()
		}
		return r.cx(), h - r.cy()
	}
	if len(s.cards) == 0 && !im.opt.KeepBleed {
		im.alignBacks(s, fronts.cuts, backs.cuts, mirror)
	}
	cards := pair(fronts.cuts, backs.cuts, mirror, !vertical, im.opt)
	rep := fronts.report
	rep.Side = "fold"
	return &fold{cards: cards, report: rep, sharedBack: shared, gutter: gutter}, nil
}

// alignBacks cuts each back of a rendered fold sheet again where folding
// puts it: at its front's mirrored place, when the grid found on the
// backs' half put it more than half a millimetre away. Folded and cut
// along the fronts' trim lines, the sheet gives that back; and a half of
// identical backs printed to their bleed between cut lines drawn for a
// whole sheet shows fewer clear edges than the fronts' half.
func (im *importer) alignBacks(s *source, fronts, backs []cut, mirror func(Rect) (float64, float64)) {
	used := make([]bool, len(backs))
	for _, f := range fronts {
		mx, my := mirror(f.box)
		best, bestD := -1, im.opt.CardW/2
		for j, b := range backs {
			if d := math.Hypot(b.box.cx()-mx, b.box.cy()-my); !used[j] && d < bestD {
				best, bestD = j, d
			}
		}
		if best < 0 {
			continue
		}
		used[best] = true
		if bestD <= 0.5 {
			continue
		}
		b := backs[best]
		trim := Rect{X: mx - b.box.W/2, Y: my - b.box.H/2, W: b.box.W, H: b.box.H}
		r := image.Rect(int(math.Round(trim.X*s.pxmm)), int(math.Round(trim.Y*s.pxmm)),
			int(math.Round((trim.X+trim.W)*s.pxmm)), int(math.Round((trim.Y+trim.H)*s.pxmm)))
		if !r.In(s.raster.Bounds()) {
			continue
		}
		face := im.finish(subImage(s.raster, r), trim.W, trim.H, b.face.Rotated)
		face.Page, face.Row, face.Col, face.Trim = b.face.Page, b.face.Row, b.face.Col, trim
		backs[best] = cut{face: face, box: trim}
	}
}

// uniform reports whether at least two faces were cut and at least two
// thirds of them are one card face (a back most cards share; the others
// may have backs of their own). Faces are compared as Write compares them
// (see faceSig.same): the hash alone sees only the frame of a text card.
func uniform(cuts []cut) bool {
	_, ok := common(cuts)
	return ok
}

// common returns the face most of cuts share, when they are uniform.
func common(cuts []cut) (*faceSig, bool) {
	if len(cuts) < 2 {
		return nil, false
	}
	var g grouper
	for _, c := range cuts {
		g.add(c.face)
	}
	best := g.reps[0]
	for _, r := range g.reps {
		if r.size > best.size {
			best = r
		}
	}
	return best.sig, best.size >= 2 && 3*best.size >= 2*len(cuts)
}

// guessLayout guesses where the backs are (see Import).
func (im *importer) guessLayout(pages []int) (Layout, error) {
	if fd, err := im.readFold(pages[0]); err == nil && fd.pairs() == len(fd.cards) && len(fd.cards) > 0 {
		var backs []cut
		for _, c := range fd.cards {
			backs = append(backs, cut{face: *c.Back})
		}
		if uniform(backs) || len(fd.cards) == 1 {
			return LayoutFold, nil
		}
	} else if err != nil && isFatal(err) {
		return "", err
	}
	if len(pages) >= 2 && len(pages)%2 == 0 {
		fronts, err := im.readWhole(pages[0])
		if err != nil {
			return "", err
		}
		backs, err := im.readWhole(pages[1])
		if err != nil {
			return "", err
		}
		back, shared := common(backs.cuts)
		if shared && !holds(fronts.cuts, back) || len(backs.cuts) == 1 && len(fronts.cuts) == 1 {
			mirrorX := duplexMirrorsX(fronts.w, fronts.h, im.opt.Flip)
			cards := pair(fronts.cuts, backs.cuts, func(r Rect) (float64, float64) {
				if mirrorX {
					return fronts.w - r.cx(), r.cy()
				}
				return r.cx(), fronts.h - r.cy()
			}, false, im.opt)
			matched := 0
			for _, c := range cards {
				if c.Back != nil {
					matched++
				}
			}
			if matched == len(cards) && matched == len(backs.cuts) {
				return LayoutDuplex, nil
			}
		}
	}
	return LayoutFronts, nil
}

// holds reports whether one of cuts shows face: a page of fronts does not
// hold the back printed behind it (two pages of fronts, each mostly one
// card, are not a page of fronts and its backs).
func holds(cuts []cut, face *faceSig) bool {
	for _, c := range cuts {
		if face.same(newFaceSig(c.face)) {
			return true
		}
	}
	return false
}

// isFatal reports errors that no other layout would avoid.
func isFatal(err error) bool {
	return errors.Is(err, errNoPdftoppm) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// shareBacks makes backs that are the same picture share one image, so
// that a shared back is held in memory once.
func shareBacks(cards []Card) {
	var seen []*faceSig
	for _, c := range cards {
		if c.Back == nil {
			continue
		}
		sig := newFaceSig(*c.Back)
		shared := false
		for _, s := range seen {
			if s.hash == c.Back.Hash && s.img.Bounds().Size() == c.Back.Image.Bounds().Size() && (s.img == c.Back.Image || s.same(sig)) {
				c.Back.Image = s.img
				shared = true
				break
			}
		}
		if !shared && len(seen) < 64 {
			seen = append(seen, sig)
		}
	}
}
