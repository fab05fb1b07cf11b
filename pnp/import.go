package pnp

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/disintegration/imaging"

	"github.com/deckwright/deckwright/internal/pdfgeom"
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
// with nothing printed in them (a partly empty last row) are skipped, and
// so is a cell that lacks the look of the page's cards, listed in
// PageReport.NotCards (a deck's credits in the slot after its last card;
// see leaveOutNotCards). A page where no such grid explains what is printed, or whose grid is one
// picture cut into cells (a map, a board) or a booklet's panels of text
// (see classify.go), is skipped with the reason in PageReport.Skipped; the
// import fails (ErrNoCardPages) only when no page holds cards. A partly
// filled page is cut on the grid of the last full page of its kind (see
// keepGrid). Each page gets a Confidence and, when in doubt, a Doubt (see
// UncertainBelow and Result.Uncertain).
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
// else, when the first four pages alternate (the first and third alike in
// colour, the second and fourth alike, each unlike the next, the second's
// cards at the mirrored places of the first's: each card has a back of
// its own), it is duplex; else fronts. Faces are compared as Write
// compares them (see SameFace):
// text cards, a frame and a few words, are told apart by their words. A duplex back is the card at the place mirrored
// across the page (left-right for a long-edge flip of a portrait page,
// top-bottom for a short-edge flip, the other way round on a landscape
// page); backs printed upside down by a top-bottom flip are turned upright.
//
// Two corrections a user gives change this. With Options.Rows and Cols
// (a grid's counts), every page is rendered and cut on the lattice of that
// many cells fitted to it (see givenGrid), whatever the card size; a
// partly filled page keeps the cells of the last full page of its kind
// when its print lies in them (PageReport.Method "given"). With
// Options.BacksPages, those pages are backs, each paired with a page of
// fronts before it (see readBacksPages), and the others fronts.
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
	if err := backsPagesCheck(opt.BacksPages, pages); err != nil {
		return nil, err
	}
	if err := checkBudget(ctx, f, pages, opt); err != nil {
		return nil, err
	}
	im := &importer{ctx: ctx, f: f, opt: opt, id: importIDs.Add(1), faces: newFaceStore(opt)}
	im.startPages(pages)
	defer im.close()
	res := &Result{Layout: opt.Layout, LayoutReason: "asked for"}
	if !opt.SizeGiven && opt.Rows == 0 {
		im.opt.CardW, im.opt.CardH, res.SizeReason = im.chooseSize(pages)
	}
	res.CardW, res.CardH = im.opt.CardW, im.opt.CardH
	if len(opt.BacksPages) > 0 {
		res.Layout, res.LayoutReason = LayoutDuplex, "pages of backs given"
		im.opt.Layout = LayoutDuplex
	}
	if im.opt.Layout == LayoutAuto {
		im.guessing = true
		res.Layout, res.LayoutReason, err = im.guessLayout(pages)
		im.guessing = false
		if err != nil {
			return nil, err
		}
		im.opt.Layout = res.Layout
	}
	// A page that holds no grid of cards, or cannot be read, is skipped
	// and reported; only errors no page would escape stop the import.
	var skipped []error
	skip := func(nr int, why string, err error) error {
		if err != nil && isFatal(err) {
			return err
		}
		if err != nil {
			skipped = append(skipped, err)
			why = skipReason(nr, err)
		}
		rep := PageReport{Page: nr, Side: "skipped", Skipped: why}
		var ge *gridError
		if errors.As(err, &ge) {
			rep.Grid = ge.grid
		}
		im.picture(nr, &rep)
		res.Pages = append(res.Pages, rep)
		return nil
	}
	switch {
	case len(im.opt.BacksPages) > 0:
		if err := im.readBacksPages(res, pages, skip); err != nil {
			return nil, err
		}
	case im.opt.Layout == LayoutFronts:
		var backs sharedBacks
		for _, nr := range pages {
			side, err := im.readWhole(nr)
			if err != nil {
				if err := skip(nr, "", err); err != nil {
					return nil, err
				}
				continue
			}
			if opt.Layout == LayoutAuto && backs.of(side, res) {
				res.Pages = append(res.Pages, side.report)
				continue
			}
			side.report.Side = "fronts"
			backs.fronts(side, len(res.Cards))
			res.Pages = append(res.Pages, side.report)
			for _, c := range side.cuts {
				res.Cards = append(res.Cards, Card{Front: c.face})
			}
		}
	case im.opt.Layout == LayoutDuplex:
		// Pages before the first that holds cards (a cover, the rules)
		// are not paired.
		start := 0
		for start < len(pages) && im.opt.Layout == LayoutDuplex && len(pages)-start >= 2 {
			if _, err := im.readWhole(pages[start]); err == nil || isFatal(err) {
				break
			} else if err := skip(pages[start], "", err); err != nil {
				return nil, err
			}
			start++
		}
		if (len(pages)-start)%2 != 0 {
			return nil, fmt.Errorf("page %d: a duplex PDF has a page of backs after each page of fronts, but there is no page after it (use --layout fronts, or choose pages with --pages)", pages[len(pages)-1])
		}
		for i := start; i < len(pages); i += 2 {
			fronts, err := im.readWhole(pages[i])
			if err != nil {
				if err := skip(pages[i], "", err); err != nil {
					return nil, err
				}
				if err := skip(pages[i+1], fmt.Sprintf("the backs of page %d, which was skipped", pages[i]), nil); err != nil {
					return nil, err
				}
				continue
			}
			fronts.report.Side = "fronts"
			backs, err := im.readBacks(pages[i+1], fronts)
			if err != nil {
				res.Pages = append(res.Pages, fronts.report)
				if err := skip(pages[i+1], "", err); err != nil {
					return nil, err
				}
				for _, c := range fronts.cuts {
					res.Cards = append(res.Cards, Card{Front: c.face})
				}
				continue
			}
			backs.report.Side = "backs"
			cards := im.pairPages(fronts, backs)
			res.Pages = append(res.Pages, fronts.report, backs.report)
			res.Cards = append(res.Cards, cards...)
		}
	case im.opt.Layout == LayoutFold:
		for _, nr := range pages {
			fs, err := im.readFold(nr, true)
			if err != nil {
				if err := skip(nr, "", err); err != nil {
					return nil, err
				}
				continue
			}
			res.Pages = append(res.Pages, fs.report)
			res.Cards = append(res.Cards, fs.cards...)
		}
	}
	if err := im.regrid(res); err != nil {
		return nil, err
	}
	skipped = append(skipped, dropLeaflets(res)...)
	if len(res.Cards) == 0 && len(skipped) > 0 {
		if len(skipped) == 1 {
			return nil, fmt.Errorf("%w: %w", ErrNoCardPages, skipped[0])
		}
		var why []string
		for _, err := range skipped[:min(3, len(skipped))] {
			why = append(why, err.Error())
		}
		more := ""
		if len(skipped) > 3 {
			more = fmt.Sprintf("; and %d more pages", len(skipped)-3)
		}
		return nil, fmt.Errorf("%w: %s%s", ErrNoCardPages, strings.Join(why, "; "), more)
	}
	assess(res, im.layoutDoubt)
	shareBacks(res.Cards)
	return res, nil
}

// checkBudget counts, before any page is read or rendered, what drawing
// each page to be read costs (pdfgeom.Check: each distinct form read once,
// its placements multiplied out) and refuses the PDF when a page is over
// pdfgeom's budget: a few kilobytes of forms that draw each other 10 ways
// 10 deep would keep pdftoppm busy for minutes. The error names the file
// and the page. Other trouble Check sees (content it cannot split) is left
// to the page's own reading, which skips a page it cannot read.
func checkBudget(ctx context.Context, f *pdfFile, pages []int, opt Options) error {
	if opt.noBudget {
		return nil
	}
	for _, nr := range pages {
		if err := ctx.Err(); err != nil {
			return err
		}
		_, err := pdfgeom.Check(ctx, f.ctx.XRefTable, nr, pdfgeom.Budget{})
		var refused *pdfgeom.RefusedError
		if errors.As(err, &refused) {
			return fmt.Errorf("%s: %w", f.path, err)
		}
	}
	return nil
}

// ErrNoCardPages is wrapped by Import's error when no page read holds a
// grid of cards; the error names each page's reason.
var ErrNoCardPages = errors.New("no page holds cards")

// skipReason is the reason a page was skipped, without the page number
// its error starts with.
func skipReason(nr int, err error) string {
	return strings.TrimPrefix(err.Error(), fmt.Sprintf("page %d: ", nr))
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
	if (o.Rows > 0) != (o.Cols > 0) || o.Rows < 0 || o.Cols < 0 || o.Rows > MaxGridCells || o.Cols > MaxGridCells {
		return o, fmt.Errorf("grid %dx%d: want 1 to %d rows and columns", o.Rows, o.Cols, MaxGridCells)
	}
	if len(o.BacksPages) > 0 && (o.Layout == LayoutFold || o.Layout == LayoutFronts) {
		return o, fmt.Errorf("pages of backs and layout %s: pages of backs are paired with pages of fronts (layout duplex)", o.Layout)
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
	// refs holds the grid of the last full page read of odd and of even
	// pages (see keepGrid).
	refs map[int]*refGrid
	// faces keeps the faces cut (see faceStore); nil keeps them in memory.
	faces *faceStore
	// layoutDoubt says why the layout guessed may be wrong (see assess).
	layoutDoubt string

	// Pages read (see pages.go).
	memos  map[int]*pageMemo
	order  []int // the pages in the order the import reads them
	spill  spill
	bg     context.Context // rendering ahead; nil: not started
	stopBG context.CancelFunc
	wg     sync.WaitGroup
	// id tells this import's page rasters from another's (see
	// nameRaster): one of importIDs.
	id uint64
}

// importIDs numbers the imports of this process.
var importIDs atomic.Uint64

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
	// look is the look the page's cards are held to, ownLook the one
	// they share on their own (see leaveOutNotCards).
	look, ownLook cardLook
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
	thumb        *image.NRGBA // a small copy of raster, for the contact sheet
	// grids holds the grids searched for on the page (see gridAt):
	// guessing the layout reads a page that the import then reads again.
	grids map[gridKey]gridFound
}

// gridKey is what a grid search depends on besides the page's raster.
type gridKey struct {
	px           image.Rectangle
	cardW, cardH float64
	noFrames     bool
	measured     bool   // measuredGrid, not findGrid
	other        string // "repeat": repeatGrid; "rules": ruledGrid; "blocks": blocksGrid
}

type gridFound struct {
	g   *pageGrid
	err error
}

// gridAt is findGrid (measured: measuredGrid) on region px of s's raster,
// searched once per page and size: both read nothing but the raster. The
// grid returned is the caller's own to change.
func (im *importer) gridAt(s *source, px image.Rectangle, cardW, cardH float64, noFrames, measured bool) (*pageGrid, error) {
	return im.gridBy(s, gridKey{px, cardW, cardH, noFrames, measured, ""})
}

// otherAt is repeatGrid (kind "repeat"), ruledGrid ("rules") or
// blocksGrid ("blocks") on region
// px of s's raster, searched once per page; none assumes a size.
func (im *importer) otherAt(s *source, px image.Rectangle, kind string) *pageGrid {
	g, _ := im.gridBy(s, gridKey{px: px, other: kind})
	return g
}

func (im *importer) gridBy(s *source, key gridKey) (*pageGrid, error) {
	px := key.px
	f, ok := s.grids[key]
	if !ok {
		switch {
		case key.other == "repeat":
			f.g = repeatGrid(s.raster, px, im.opt.DPI)
		case key.other == "rules":
			f.g = ruledGrid(s.raster, px, im.opt.DPI)
		case key.other == "blocks":
			f.g = blocksGrid(s.raster, px, im.opt.DPI)
		case key.measured:
			f.g = measuredGrid(s.raster, px, im.opt.DPI, key.cardW, key.cardH, key.noFrames, nil)
		default:
			f.g, f.err = findGrid(s.raster, px, im.opt.DPI, key.cardW, key.cardH, key.noFrames)
		}
		if s.grids == nil {
			s.grids = map[gridKey]gridFound{}
		}
		s.grids[key] = f
	}
	if f.err != nil || f.g == nil {
		return nil, f.err
	}
	g := *f.g
	g.cells = slices.Clone(f.g.cells)
	return &g, nil
}

// wholePx is the whole page in pixels of its raster, as every reading of
// the whole page looks at it (the size choice, the layout guess, the cut):
// the page's size in mm at the raster's pixels a mm, which leaves out the
// last row or column pdftoppm draws part of a pixel of. One region, so a
// grid scored to choose the size is the grid cut.
func (s *source) wholePx() image.Rectangle {
	return image.Rect(0, 0, int(s.p.w*s.pxmm), int(s.p.h*s.pxmm))
}

// load gives page nr read, its raster rendered (see pages.go).
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
	im.prefetch(nr)
	return s, nil
}

func (im *importer) loadPage(nr int) (*source, error) {
	m, err := im.memo(nr)
	if err != nil {
		return nil, err
	}
	s := m.src
	if !s.native {
		img, reg, err := im.raster(m)
		if err != nil {
			return nil, err
		}
		s.raster, s.registration = img, reg
		if im.id != 0 {
			nameRaster(img, im.id<<24|uint64(nr))
		}
	}
	return &s, nil
}

// describe reads page nr's PDF description and finds its card images.
func (im *importer) describe(nr int) (*source, error) {
	p, err := im.f.page(nr)
	if err != nil {
		return nil, err
	}
	if p.maxSide > maxPixels {
		return nil, fmt.Errorf("page %d: an image of %d megapixels is over the cap of %d", nr, p.maxSide/1_000_000, maxPixels/1_000_000)
	}
	s := &source{p: p}
	if !p.forms && !im.opt.forceRaster && im.opt.Rows == 0 {
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
		s.pxmm = float64(im.opt.DPI) / 25.4
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
	im.picture(s.p.nr, &sd.report)
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
	whole := region.X == 0 && region.Y == 0 && math.Abs(region.W-s.p.w) < 0.5 && math.Abs(region.H-s.p.h) < 0.5
	if whole {
		px = s.wholePx()
	}
	g, err := im.pageGridOf(s, px, region, whole)
	if err != nil {
		return nil, err
	}
	if whole && len(g.cells) > 1 && im.opt.Rows == 0 {
		if pic, _ := pictureAcross(s.raster, g.cells, s.pxmm); pic {
			// A grid whose cells one picture runs on across is wrong
			// (cards of another size, their pictures cut through):
			// the readings that assume no size take its place, the
			// first whose cells hold pictures of their own.
			for _, alt := range []func() *pageGrid{
				func() *pageGrid { return im.otherAt(s, px, "rules") },
				func() *pageGrid {
					m, _ := im.gridAt(s, px, im.opt.CardW, im.opt.CardH, false, true)
					if m != nil && !edgesInked(s.raster, m.cells, s.pxmm) {
						return nil
					}
					return m
				},
			} {
				if a := alt(); a != nil && a.method != g.method && len(a.cells) > 1 {
					if pic, _ := pictureAcross(s.raster, a.cells, s.pxmm); !pic {
						g = a
						break
					}
				}
			}
		}
	}
	if g.method != "given" && (snapToMarks(s.raster, g.cells, s.pxmm) || extendOverBands(s.raster, g.cells, s.pxmm)) {
		// The grid held the cards' bleed (they are cut at their marks),
		// or left out their frames (they are cut round them).
		var w, h float64
		for _, c := range g.cells {
			w += float64(c.trim.Dx())
			h += float64(c.trim.Dy())
		}
		n := float64(len(g.cells)) * s.pxmm
		g.trimW, g.trimH = w/n, h/n
		g.countUnseen()
	}
	if whole {
		sd.report.Grid = gridRects(g.cells, s.pxmm)
	}
	// Empty card frames (a sheet printed with fewer cards than slots)
	// are not cards.
	what := make([]int, len(g.cells))
	cols := make([][3]int, len(g.cells))
	for i, c := range g.cells {
		r, ruled := c.trim, g.method == "rules"
		if ruled {
			// Cut lines, not frames, bound these cells: what lies
			// near their edges is the cards' own (a word in a corner).
			r = r.Inset(int(1.5 * s.pxmm))
		}
		cols[i], what[i] = plainWithin(s.raster, r, s.pxmm, !ruled)
	}
	// Cards of one plain colour (backs with no frame) are cards when two
	// or more share the colour, a back repeated: one block of a colour
	// alone (the black half of a fold sheet's inside) is no card.
	kept := g.cells[:0:0]
	for i, c := range g.cells {
		alike := 0
		for j := range g.cells {
			if what[j] == cellPlain && nearColour(cols[j], cols[i]) {
				alike++
			}
		}
		if what[i] == cellPrinted || what[i] == cellPlain && alike >= 2 {
			kept = append(kept, c)
		}
	}
	if len(kept) == 0 {
		if blankInside(s.raster, s.raster.Bounds(), s.pxmm) {
			return nil, fmt.Errorf("page %d: a blank page", s.p.nr)
		}
		return nil, fmt.Errorf("page %d: only empty card frames (%d)", s.p.nr, len(g.cells))
	}
	// A cell holding something that is not a card (the deck's credits)
	// lacks the look of the page's cards.
	g.cells = im.leaveOutNotCards(s, sd, kept, whole)
	if whole && len(g.cells) > 1 {
		if debugClassify != nil {
			debugClassify(fmt.Sprintf("page %d %s %dx%d", s.p.nr, g.method, g.cols, g.rows))
		}
		if pic, why := pictureAcross(s.raster, g.cells, s.pxmm); pic {
			return nil, &gridError{err: fmt.Errorf("page %d: %s: %s", s.p.nr, noCards, why), grid: sd.report.Grid}
		}
		if ok, why := leaflet(s.raster, g.cells, s.pxmm, s.p.w, s.p.h); ok {
			sd.report.leaflet = why
		}
	}
	if err := im.ctx.Err(); err != nil {
		return nil, err
	}
	// The cells are resampled, compacted and hashed side by side: they
	// only read the page.
	faces := make([]Face, len(g.cells))
	forEach(len(g.cells), func(i int) {
		r := g.cells[i].trim
		if im.opt.KeepBleed {
			r = g.cells[i].bleed
		}
		faces[i] = im.finish(subImage(s.raster, r), float64(r.Dx())/s.pxmm, float64(r.Dy())/s.pxmm, g.landscape)
	})
	for i, c := range g.cells {
		face := faces[i]
		face.Page, face.Row, face.Col = s.p.nr, c.row, c.col
		t := c.trim
		face.Trim = Rect{X: float64(t.Min.X) / s.pxmm, Y: float64(t.Min.Y) / s.pxmm, W: float64(t.Dx()) / s.pxmm, H: float64(t.Dy()) / s.pxmm}
		sd.cuts = append(sd.cuts, cut{face: face, box: face.Trim})
	}
	sd.report.fit, sd.report.fitFactor = fitDoubt(g)
	sd.report.edgeless = g.edgeless
	sd.report.rowsOnly = g.rowsOnly
	sd.report.Method, sd.report.Rows, sd.report.Cols, sd.report.Cards = g.method, g.rows, g.cols, len(sd.cuts)
	if g.method == "given" {
		sd.report.Given = fmt.Sprintf("--grid %dx%d", im.opt.Rows, im.opt.Cols)
	}
	reportSize(&sd.report, g, im.opt.CardW, im.opt.CardH)
	sd.report.Registration = s.registration
	if whole && !im.opt.KeepBleed {
		sd.report.Doubt = im.keepGrid(s, sd, g.landscape)
	}
	return sd, nil
}

// pageGridOf finds the grid of cards in region (mm; px in pixels of s's
// raster; whole: the whole page): the grid given (Options.Rows and Cols) fitted to it,
// else the grid the page's edges show for the card size given.
func (im *importer) pageGridOf(s *source, px image.Rectangle, region Rect, whole bool) (*pageGrid, error) {
	if im.opt.Rows > 0 {
		if whole {
			if g := im.givenRef(s); g != nil {
				return g, nil
			}
		}
		g, err := givenGrid(s.raster, px, im.opt.DPI, im.opt.Rows, im.opt.Cols)
		if err != nil {
			return nil, fmt.Errorf("page %d: %s: %v", s.p.nr, noCards, err)
		}
		return g, nil
	}
	if whole {
		if g := im.trimBoxGrid(s); g != nil {
			return g, nil
		}
		// The cards a vector page states in its own shapes come first:
		// what the PDF draws is measured, where a picture of it is read
		// (see geometryGrid).
		if g := im.geometryGrid(s); g != nil {
			return g, nil
		}
	}
	g, err := im.sizedGrid(s, px, im.opt.CardW, im.opt.CardH)
	if err == nil && whole && g.method == "lines" && !edgesInked(s.raster, g.cells, s.pxmm) {
		// Lines of text read as cut lines: the cards' edges must be seen
		// along most of their length.
		g, err = nil, fmt.Errorf("the lines found run through printed matter, not along card edges")
	}
	if err == nil && whole && len(g.cells) > 1 {
		if m := im.atMarks(s, g); m != nil {
			g = m
		}
	}
	if err == nil && whole && fitBound(g) < 1-tieMargin {
		// The game's size is a prior: a grid at it that leaves print
		// outside its cards or edges unseen gives way to a grid at a
		// size measured on the page that reads it better by the one
		// objective (see measuredGrid), when that size is the one the
		// cards of an earlier page of its kind were cut at. A size
		// seen on one page alone is often a design inside the cards
		// (a back's inner frame on its bleed).
		if m := im.seenAgain(s, px); m != nil && fitScore(s.raster, m) > fitScore(s.raster, g)+tieMargin {
			g = m
		}
	}
	if err != nil {
		if g = im.dividedPage(s, region); g == nil && whole {
			g = im.refPageGrid(s)
		}
		if g == nil {
			// No grid of cards of the size given: the cards' size is
			// measured on the page (see measuredGrid). Its cards' edges
			// must be seen along most of their length: lines of text
			// repeat at a pitch too.
			if m, _ := im.gridAt(s, px, im.opt.CardW, im.opt.CardH, false, true); m != nil && edgesInked(s.raster, m.cells, s.pxmm) {
				g = m
			}
		}
		if g == nil && whole {
			// Cells ruled across the page and running to its edge (see
			// ruledGrid).
			g = im.otherAt(s, px, "rules")
		}
		if g == nil && whole {
			// Nor any edge: cards found by their repetition (see
			// repeatGrid). Whole pages only: read on half of a fold
			// sheet, it cut one card's print as two cards (a raster
			// round trip of a fold sheet of bridge cards).
			g = im.otherAt(s, px, "repeat")
		}
		if g == nil && whole {
			// Nor a design the cards share: cards found by the blocks
			// of their print (see blocksGrid).
			g = im.otherAt(s, px, "blocks")
		}
		if g == nil {
			return nil, fmt.Errorf("page %d: %s: %v (are the cards %gx%g mm? pass --card-size)", s.p.nr, noCards, err, im.opt.CardW, im.opt.CardH)
		}
	}
	return g, nil
}

// atMarks is the grid the crop marks around g's cells bound (see
// marksSize and marksCells), when their size is not g's (within
// sizeSame), every cell of it holds print and nearly all the page's
// print (all but 3%) lies within their bleed: the publisher's marks
// state where the cards are cut, where a lattice at the game's size may
// fit their print as well (square cards with bleed read as 88×63 mm).
// Else nil.
func (im *importer) atMarks(s *source, g *pageGrid) *pageGrid {
	xs, ys := cropMarks(s.raster, g.cells, s.pxmm, true), cropMarks(s.raster, g.cells, s.pxmm, false)
	w, h, ok := marksSize(xs, ys, s.pxmm)
	gw, gh := float64(g.cells[0].trim.Dx())/s.pxmm, float64(g.cells[0].trim.Dy())/s.pxmm
	if !ok || math.Abs(w-gw) <= sizeSame*gw && math.Abs(h-gh) <= sizeSame*gh {
		return nil
	}
	cells := marksCells(xs, ys, w, h, s.pxmm)
	if len(cells) == 0 {
		return nil
	}
	bleeds := make([]gridCell, len(cells))
	m := &pageGrid{method: "marks", cells: cells, landscape: w > h, trimW: w, trimH: h}
	for i, c := range cells {
		if !c.trim.In(s.raster.Bounds()) || blankInside(s.raster, c.trim, s.pxmm) {
			return nil
		}
		bleeds[i] = gridCell{trim: c.bleed}
		m.rows, m.cols = max(m.rows, c.row), max(m.cols, c.col)
	}
	if inkOutside(s.raster, bleeds, s.pxmm) > 0.03 {
		return nil
	}
	return m
}

// trimBoxGrid is one card cut at the page's TrimBox, when the page
// states one a card's size (each side within minCardMM and maxCardMM)
// and nearly all its print (all but 3%) lies within it and maxBleed
// around it: a PDF of one card a page, its bleed and crop marks around
// (InDesign's export of a deck). A sheet's TrimBox (A4 within a bleed) is
// no card's size. Else nil.
func (im *importer) trimBoxGrid(s *source) *pageGrid {
	t := s.p.trimBox
	if t.W < minCardMM || t.H < minCardMM || t.W > maxCardMM || t.H > maxCardMM {
		return nil
	}
	r := pxRect(t, s.pxmm)
	if !r.In(s.raster.Bounds()) || blankInside(s.raster, r, s.pxmm) {
		return nil
	}
	b := r.Inset(-int(maxBleed * s.pxmm)).Intersect(s.raster.Bounds())
	if inkOutside(s.raster, []gridCell{{trim: b}}, s.pxmm) > 0.03 {
		return nil
	}
	return &pageGrid{cells: []gridCell{{trim: r, bleed: b, row: 1, col: 1}}, rows: 1, cols: 1, landscape: t.W > t.H, method: "trimbox", trimW: t.W, trimH: t.H}
}

// seenAgain is the grid of region px of s at a size measured on it (see
// measuredGrid), when the cards of the last full page of s's kind read
// before it were cut at that size (within sizeSame) and its cards' edges
// are seen; else nil.
func (im *importer) seenAgain(s *source, px image.Rectangle) *pageGrid {
	ref := im.refs[im.gridKind(s.p.nr)]
	if ref == nil || ref.page == s.p.nr || len(ref.cells) == 0 {
		return nil
	}
	m, _ := im.gridAt(s, px, im.opt.CardW, im.opt.CardH, false, true)
	if m == nil || len(m.cells) == 0 {
		return nil
	}
	t := ref.cells[0].trim
	if math.Abs(m.trimW-t.W) > sizeSame*t.W || math.Abs(m.trimH-t.H) > sizeSame*t.H || !edgesInked(s.raster, m.cells, s.pxmm) {
		return nil
	}
	return m
}

// sizedGrid is the grid of w×h mm cards in region px of s's raster (see
// gridAt). Lines a card apart in a design repeated on every card (a page
// of one back) can pass for frames; cut there, the cells would run on
// into each other as pieces of one picture. Then the cells stand where
// their own edges put them.
func (im *importer) sizedGrid(s *source, px image.Rectangle, w, h float64) (*pageGrid, error) {
	g, err := im.gridAt(s, px, w, h, false, false)
	if err == nil && g.framed && len(g.cells) > 1 {
		if pic, _ := pictureAcross(s.raster, g.cells, s.pxmm); pic {
			if g2, err2 := im.gridAt(s, px, w, h, true, false); err2 == nil {
				g = g2
			}
		}
	}
	return g, err
}

// thumbSide is the longer side of a page's thumbnail, in pixels.
const thumbSide = 300

// picture fills in a report's page size and, when the page was rendered,
// its thumbnail.
func (im *importer) picture(nr int, rep *PageReport) {
	for _, s := range im.recent {
		if s.p.nr != nr {
			continue
		}
		rep.W, rep.H = s.p.w, s.p.h
		if s.raster != nil && s.thumb == nil {
			b := s.raster.Bounds()
			if b.Dx() >= b.Dy() {
				s.thumb = imaging.Resize(s.raster, thumbSide, 0, imaging.Box)
			} else {
				s.thumb = imaging.Resize(s.raster, 0, thumbSide, imaging.Box)
			}
		}
		if s.thumb != nil {
			rep.Thumb = s.thumb
		}
		return
	}
	if _, failed := im.failed[nr]; failed {
		return // it is not read again
	}
	if p, err := im.f.page(nr); err == nil {
		rep.W, rep.H = p.w, p.h
	}
}

// dividedPage reads a page (or region) that is a whole number of cards
// with nothing between them and no margin: cards edge to edge up to the
// page's edge, where no edge shows apart from the page's own, or one card
// the size of the page. The card size given is a prior: the page is
// divided evenly when each card is within 4% of it (12% for one card a
// page), and cut at the size measured so.
func (im *importer) dividedPage(s *source, region Rect) *pageGrid {
	if region.X != 0 || region.Y != 0 || math.Abs(region.W-s.p.w) > 0.5 || math.Abs(region.H-s.p.h) > 0.5 {
		return nil
	}
	for _, land := range []bool{false, true} {
		w, h := im.opt.CardW, im.opt.CardH
		if land {
			w, h = h, w
		}
		cols, rows := math.Round(region.W/w), math.Round(region.H/h)
		if cols < 1 || rows < 1 || cols*rows > 100 {
			continue
		}
		tol := 0.04
		if cols*rows == 1 {
			tol = 0.12
		}
		cw, ch := region.W/cols, region.H/rows
		if math.Abs(cw-w) > tol*w || math.Abs(ch-h) > tol*h {
			continue
		}
		g := &pageGrid{rows: int(rows), cols: int(cols), landscape: cw > ch, method: "page", trimW: cw, trimH: ch}
		for r := 0; r < g.rows; r++ {
			for c := 0; c < g.cols; c++ {
				px := image.Rect(int(math.Round(float64(c)*cw*s.pxmm)), int(math.Round(float64(r)*ch*s.pxmm)),
					int(math.Round(float64(c+1)*cw*s.pxmm)), int(math.Round(float64(r+1)*ch*s.pxmm))).Intersect(s.raster.Bounds())
				g.cells = append(g.cells, gridCell{trim: px, bleed: px, row: r + 1, col: c + 1})
			}
		}
		return g
	}
	return nil
}

// edgesInked reports whether the cells' edges look like card edges
// rather than lines cut through printed matter: an edge whose band (0.7
// mm each side) holds ink along part of its length only, between 10%
// and 70% (lines of text crossing it), is suspect, and the cells pass
// unless three or more and a sixth of their edges are (a page of rules
// read as cards has a quarter; cards, none or nearly none). A cut line, a frame or a card's own
// background inks an edge along most of its length; a white card between
// lines drawn elsewhere leaves it bare.
func edgesInked(img *image.NRGBA, cells []gridCell, pxmm float64) bool {
	band := max(1, int(0.7*pxmm))
	e := newEdgeScan(img, pxmm, 240)
	suspect := func(vertical bool, at, from, to int) bool {
		n, hit := e.scan(vertical, at, from, to, band)
		return n > 0 && 10*hit > n && 10*hit < 7*n && !e.dashed(vertical, at, from, to)
	}
	total, bad := 0, 0
	for _, c := range cells {
		r := c.trim
		for _, e := range []bool{
			suspect(true, r.Min.X, r.Min.Y, r.Max.Y), suspect(true, r.Max.X-1, r.Min.Y, r.Max.Y),
			suspect(false, r.Min.Y, r.Min.X, r.Max.X), suspect(false, r.Max.Y-1, r.Min.X, r.Max.X),
		} {
			total++
			if e {
				bad++
			}
		}
	}
	return bad < 3 || 6*bad < total
}

// edgeScan reads the ink along the edges of cells on a page.
type edgeScan struct {
	img     *image.NRGBA
	level   int // a pixel of luma below it is inked
	wide    int // the band a dotted line is looked for in, pixels each side
	stripe  int // the width across the edge a dotted line's ink lies in
	perLine []int
}

func newEdgeScan(img *image.NRGBA, pxmm float64, level int) *edgeScan {
	wide := int(2 * pxmm)
	return &edgeScan{img: img, level: level, wide: wide, stripe: max(1, int(math.Ceil(1.2*pxmm))), perLine: make([]int, 2*wide+1)}
}

// scan reads an edge at at (x when vertical, else y) from..to along it,
// every second pixel: n points, hit of them inked within band across
// it; perLine counts the inked points at each offset across it.
func (e *edgeScan) scan(vertical bool, at, from, to, band int) (n, hit int) {
	clear(e.perLine)
	b := e.img.Bounds()
	for t := from; t < to; t += 2 {
		n++
		got := false
		for d := -band; d <= band; d++ {
			x, y := at+d, t
			if !vertical {
				x, y = t, at+d
			}
			if (image.Point{x, y}).In(b) && luma(e.img.Pix[e.img.PixOffset(x, y):]) < e.level {
				e.perLine[d+e.wide]++
				got = true
			}
		}
		if got {
			hit++
		}
	}
	return n, hit
}

// bestLine is the most points perLine holds at one offset.
func (e *edgeScan) bestLine() int { return slices.Max(e.perLine) }

// dashed reports whether the ink along an edge lies on one line: nine
// in ten of the inked pixels across a band 2 mm each side of it lie
// within 1.2 mm of each other. A dotted cut line between cards, or a
// dashed one, inks part of the edge's length, as text crossing it does,
// but always at one place across it.
func (e *edgeScan) dashed(vertical bool, at, from, to int) bool {
	e.scan(vertical, at, from, to, e.wide)
	all, best := 0, 0
	for i := range e.perLine {
		all += e.perLine[i]
		in := 0
		for j := i; j < min(len(e.perLine), i+e.stripe); j++ {
			in += e.perLine[j]
		}
		best = max(best, in)
	}
	return all > 0 && 10*best >= 9*all
}

// blankInside reports whether nothing is printed inside a card's trim r
// (pixels of img, pxmm a millimetre) away from its border: an empty frame
// drawn for a card that is not there. All but 0.2% of the inside must lie
// within 6 grey levels of its commonest level, less than half a mm² more
// than 64 levels from it (a letter is more), and that level must be
// paper's (see paperLike) or run on past the cell's edges (colourEnds):
// art, even smooth and faint, spreads wider, and a card printed in one
// plain colour with no frame (a back of cyan) is a card, not bare paper.
// The border, 6% of the card's shorter side and at least 3 mm, is left
// out: frames and rounded corners lie there.
func blankInside(img *image.NRGBA, r image.Rectangle, pxmm float64) bool {
	return blankWithin(img, r, pxmm, true)
}

// blankWithin is blankInside, leaving out the band along r's edges (where
// a frame or a neighbour's bleed lies) only when inset.
func blankWithin(img *image.NRGBA, r image.Rectangle, pxmm float64, inset bool) bool {
	_, plain := plainWithin(img, r, pxmm, inset)
	return plain == cellBare
}

// What a cell holds, by plainWithin.
const (
	cellBare    = iota // nothing printed: paper
	cellPrinted        // print of more than one colour
	cellPlain          // one colour not paper's, ending at the cell's edges (see colourEnds)
)

// plainWithin says what r holds (bare, printed or plain; see blankInside
// and colourEnds) and, when it holds one colour, which.
func plainWithin(img *image.NRGBA, r image.Rectangle, pxmm float64, inset bool) ([3]int, int) {
	whole := r
	if inset {
		r = r.Inset(int(math.Max(3*pxmm, 0.06*float64(min(r.Dx(), r.Dy())))))
	}
	r = r.Intersect(img.Bounds())
	if r.Empty() {
		return [3]int{}, cellPrinted
	}
	var hist [256]int
	var sum [256][3]int // the red, green and blue of each grey level's pixels
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		row := img.Pix[img.PixOffset(r.Min.X, y):]
		for x := 0; x < r.Dx(); x += 2 {
			p := row[4*x:]
			v := luma(p)
			hist[v]++
			sum[v][0] += int(p[0])
			sum[v][1] += int(p[1])
			sum[v][2] += int(p[2])
			n++
		}
	}
	mode := 0
	for v := range hist {
		if hist[v] > hist[mode] {
			mode = v
		}
	}
	c := hist[mode]
	col := [3]int{sum[mode][0] / c, sum[mode][1] / c, sum[mode][2] / c}
	paper := paperLike(mode, col[0], col[1], col[2])
	if !paper && !colourEnds(img, whole, col, pxmm) {
		paper = true // a cell of a larger block of one colour: no card
	}
	off, dark := 0, 0
	for v, c := range hist {
		if v < mode-6 || v > mode+6 {
			off += c
		}
		if v < mode-64 || v > mode+64 {
			dark += c
		}
	}
	if float64(8*dark) >= pxmm*pxmm {
		// Half a mm² of ink far from the commonest level: one letter
		// ("i" alone on a large card), which no paper's grain nor a
		// picture's noise reaches.
		return col, cellPrinted
	}
	if !inset {
		// Cells with nothing on their edges to leave out (ruled cells)
		// hold a card when they hold a word: 3 mm² of print.
		if float64(4*off) >= 3*pxmm*pxmm {
			return col, cellPrinted
		}
	} else if off*500 >= n { // over 0.2% of the inside
		return col, cellPrinted
	}
	if paper {
		return col, cellBare
	}
	return col, cellPlain
}

// colourEnds reports whether col, the one colour a cell r holds, ends at
// each of its four edges: along the middle of each side, in a band from
// 0.4 to 1.2 mm outside it (or past the page's edge), most pixels are of
// another colour. A card printed in one plain colour shows its edges; a
// cell inside a larger block of one colour (the black half of a fold
// sheet's inside) does not, and is no card.
func colourEnds(img *image.NRGBA, r image.Rectangle, col [3]int, pxmm float64) bool {
	near, far := max(1, int(0.4*pxmm)), max(2, int(1.2*pxmm))
	w, h := r.Dx(), r.Dy()
	bands := []image.Rectangle{
		image.Rect(r.Min.X+w/5, r.Min.Y-far, r.Max.X-w/5, r.Min.Y-near),
		image.Rect(r.Min.X+w/5, r.Max.Y+near, r.Max.X-w/5, r.Max.Y+far),
		image.Rect(r.Min.X-far, r.Min.Y+h/5, r.Min.X-near, r.Max.Y-h/5),
		image.Rect(r.Max.X+near, r.Min.Y+h/5, r.Max.X+far, r.Max.Y-h/5),
	}
	for _, b := range bands {
		b = b.Intersect(img.Bounds())
		if b.Empty() {
			continue // the page ends there
		}
		same, n := 0, 0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			row := img.Pix[img.PixOffset(b.Min.X, y):]
			for x := 0; x < b.Dx(); x++ {
				p := row[4*x:]
				n++
				if nearColour([3]int{int(p[0]), int(p[1]), int(p[2])}, col) {
					same++
				}
			}
		}
		if 2*same >= n {
			return false
		}
	}
	return true
}

// nearColour reports whether two colours (red, green, blue) are one
// colour as printed and rendered: each channel within 24 levels.
func nearColour(a, b [3]int) bool {
	return abs(a[0]-b[0]) <= 24 && abs(a[1]-b[1]) <= 24 && abs(a[2]-b[2]) <= 24
}

// paperLike reports whether a colour (its grey level v and its red,
// green and blue) could be bare paper, rendered or scanned: light, at
// least 200 of 255, and near grey (its channels within 24 levels of each
// other). A page's paper is white when rendered, off-white when scanned.
func paperLike(v, r, g, b int) bool {
	return v >= 200 && max(r, g, b)-min(r, g, b) <= 24
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
	return Face{Image: im.faces.keep(img), Hash: Hash(img), Rotated: landscape}
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
				turned := imaging.Rotate180(Pixels(back.Image))
				back.Image, back.Hash = compact(turned), Hash(turned)
			}
			card.Back = &back
		}
		cards = append(cards, card)
	}
	return cards
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
