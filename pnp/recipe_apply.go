package pnp

import (
	"context"
	"fmt"

	"github.com/deckwright/deckwright/cardsdb"
)

// ApplyRecipe corrects res, what Import found reading pdfPath with
// rec.Options(), by the recipe: where a page's role, backs_of or grid in
// rec differs from what res holds, that page is read again the recipe's
// way and nothing else changes. An unchanged recipe changes nothing.
//
//   - skipped: the page's cards are dropped (its fronts, or its backs from
//     the cards they belong to).
//   - fronts: the page is read as fronts (on the recipe's grid when that
//     was changed too), its cards without backs unless a page of backs names it.
//   - backs: the page is read as backs (on the recipe's grid when changed)
//     and paired, as duplex backs are, with the cards of the page of fronts
//     backs_of names (by default the page it was paired with, else the
//     page of fronts before it); no fronts are cut from it.
//   - fold: the page is read as a fold sheet.
//   - a new grid alone, on a page of fronts or backs: the page is cut again
//     on it, each card keeping the back of the card it replaces at the same
//     row and column. A grid of rows and cols alone is fitted to the page
//     (as Options.Rows and Cols are).
//
// A page of rec that res does not hold, a page that cannot be read the way
// asked, or a backs_of naming no page of fronts is an error at its line.
func ApplyRecipe(ctx context.Context, pdfPath string, res *Result, rec *Recipe, file string) error {
	found := RecipeOf(res, rec.Source, rec.Options())
	byPage := map[int]RecipePage{}
	for _, p := range found.Pages {
		byPage[p.Page] = p
	}
	role := map[int]string{}
	for _, p := range rec.Pages {
		role[p.Page] = p.Role
	}
	at := func(p RecipePage, format string, args ...any) error {
		return &cardsdb.Error{Pos: cardsdb.Pos{File: file, Line: p.Line}, Msg: fmt.Sprintf("page %d: ", p.Page) + fmt.Sprintf(format, args...)}
	}
	a := &applier{ctx: ctx, path: pdfPath, rec: rec, res: res, file: file}
	defer a.close()
	// Pages of fronts, fold sheets and skipped pages first, so that a page
	// of backs finds the fronts it names already read the recipe's way.
	var backs []RecipePage
	for _, want := range rec.Pages {
		got, ok := byPage[want.Page]
		if !ok {
			return at(want, "not read")
		}
		if want.Role == "backs" {
			if want.BacksOf != 0 && role[want.BacksOf] != "fronts" {
				return at(want, "backs_of %d: page %d is not a page of fronts in %s", want.BacksOf, want.BacksOf, file)
			}
			backs = append(backs, want)
			continue
		}
		gridChanged := want.Grid != nil && !want.Grid.same(got.Grid)
		if want.Role == got.Role && !gridChanged {
			continue
		}
		var err error
		switch want.Role {
		case "skipped":
			skipPage(res, want.Page, "skipped in "+file)
			continue
		case "fold":
			if gridChanged {
				return at(want, "a grid is given, but the page is a fold sheet; a grid can be changed on pages of fronts or backs")
			}
			err = a.fold(want.Page)
		case "fronts":
			if want.Role == got.Role {
				err = a.recut(want.Page, want.Grid)
			} else {
				err = a.fronts(want.Page, changed(want.Grid, gridChanged))
			}
		}
		if err != nil {
			return at(want, "%s: %v", want.Role, err)
		}
	}
	for _, want := range backs {
		got := byPage[want.Page]
		of := want.BacksOf
		if of == 0 {
			of = got.BacksOf
		}
		if of == 0 || role[of] != "fronts" {
			of = 0
			for _, p := range rec.Pages {
				if p.Page < want.Page && p.Role == "fronts" {
					of = p.Page
				}
			}
		}
		if of == 0 {
			return at(want, "backs: no page of fronts before it to pair with; give backs_of: N")
		}
		gridChanged := want.Grid != nil && !want.Grid.same(got.Grid)
		var err error
		switch {
		case got.Role == "backs" && of == got.BacksOf && !gridChanged:
			continue
		case got.Role == "backs" && of == got.BacksOf:
			err = a.recut(want.Page, want.Grid)
		default:
			err = a.backs(want.Page, of, changed(want.Grid, gridChanged))
		}
		if err != nil {
			return at(want, "backs: %v", err)
		}
	}
	return nil
}

// changed is g when it was changed, else nil: a page whose role changed
// and whose grid did not is read as Import reads it (a page of card
// images from its images).
func changed(g *RecipeGrid, ok bool) *RecipeGrid {
	if ok {
		return g
	}
	return nil
}

// applier reads pages again for ApplyRecipe: raster cuts pages rendered
// (to cut them on a grid), read reads them as Import does.
type applier struct {
	ctx          context.Context
	path         string
	rec          *Recipe
	res          *Result
	file         string
	raster, read *importer
}

// close closes the importers made.
func (a *applier) close() {
	for _, im := range []*importer{a.raster, a.read} {
		if im != nil {
			im.close()
		}
	}
}

func (a *applier) importer(forceRaster bool) (*importer, error) {
	p := &a.read
	if forceRaster {
		p = &a.raster
	}
	if *p != nil {
		return *p, nil
	}
	f, err := openPDF(a.path)
	if err != nil {
		return nil, err
	}
	opt, err := a.rec.Options().normalize()
	if err != nil {
		return nil, err
	}
	if len(opt.BacksPages) > 0 || opt.Layout == LayoutAuto {
		opt.Layout = a.res.Layout
	}
	opt.BacksPages = nil // each page is read on its own here
	opt.forceRaster = forceRaster
	*p = &importer{ctx: a.ctx, f: f, opt: opt, id: importIDs.Add(1), faces: newFaceStore(opt)}
	return *p, nil
}

func (a *applier) recut(nr int, g *RecipeGrid) error {
	im, err := a.importer(true)
	if err != nil {
		return err
	}
	if err := im.recut(a.res, nr, g); err != nil {
		return err
	}
	a.report(nr).Given = a.file
	return nil
}

// side reads page nr whole, on grid g when one is given.
func (a *applier) side(nr int, g *RecipeGrid) (*side, error) {
	if g == nil {
		im, err := a.importer(false)
		if err != nil {
			return nil, err
		}
		return im.readWhole(nr)
	}
	im, err := a.importer(true)
	if err != nil {
		return nil, err
	}
	cuts, err := im.gridCuts(nr, g)
	if err != nil {
		return nil, err
	}
	s, err := im.load(nr)
	if err != nil {
		return nil, err
	}
	// Empty cells (the slots of a partly filled page) are not cards.
	kept := cuts[:0]
	for _, c := range cuts {
		if !blankInside(s.raster, pxRect(c.box, s.pxmm), s.pxmm) {
			kept = append(kept, c)
		}
	}
	cuts = kept
	sd := &side{w: s.p.w, h: s.p.h, cuts: cuts, report: PageReport{Page: nr, Method: "recipe", Rows: g.Rows, Cols: g.Cols, Cards: len(cuts), Confidence: 1}}
	if g.CellW == 0 {
		sd.report.Method = "given"
	}
	im.picture(nr, &sd.report)
	return sd, nil
}

// fronts reads page nr as fronts.
func (a *applier) fronts(nr int, g *RecipeGrid) error {
	sd, err := a.side(nr, g)
	if err != nil {
		return err
	}
	dropPage(a.res, nr)
	var cards []Card
	for _, c := range sd.cuts {
		cards = append(cards, Card{Front: c.face})
	}
	sd.report.Side, sd.report.Given = "fronts", a.file
	a.put(sd.report, cards)
	return nil
}

// backs reads page nr as the backs of page of's cards.
func (a *applier) backs(nr, of int, g *RecipeGrid) error {
	sd, err := a.side(nr, g)
	if err != nil {
		return err
	}
	dropPage(a.res, nr)
	fronts := &side{}
	var idx []int
	for i, c := range a.res.Cards {
		if c.Front.Page == of {
			fronts.cuts = append(fronts.cuts, cut{face: c.Front, box: c.Front.Trim})
			idx = append(idx, i)
		}
	}
	if rep := a.report(of); rep != nil {
		fronts.w, fronts.h = rep.W, rep.H
	}
	if fronts.w == 0 {
		fronts.w, fronts.h = sd.w, sd.h
	}
	im, err := a.importer(false)
	if err != nil {
		return err
	}
	for _, c := range im.pairPages(fronts, sd) {
		// pairPages keeps the fronts' order.
		a.res.Cards[idx[0]].Back = c.Back
		idx = idx[1:]
	}
	sd.report.Side, sd.report.BacksOf, sd.report.Given = "backs", of, a.file
	a.put(sd.report, nil)
	return nil
}

// fold reads page nr as a fold sheet.
func (a *applier) fold(nr int) error {
	im, err := a.importer(false)
	if err != nil {
		return err
	}
	fd, err := im.readFold(nr, true)
	if err != nil {
		return err
	}
	dropPage(a.res, nr)
	fd.report.Given = a.file
	a.put(fd.report, fd.cards)
	return nil
}

// report is the report of page nr in res.
func (a *applier) report(nr int) *PageReport {
	for i := range a.res.Pages {
		if a.res.Pages[i].Page == nr {
			return &a.res.Pages[i]
		}
	}
	return nil
}

// put sets page rep.Page's report and puts its cards in reading order:
// before the cards of the pages after it.
func (a *applier) put(rep PageReport, cards []Card) {
	order := map[int]int{}
	for i, p := range a.res.Pages {
		order[p.Page] = i
	}
	if old := a.report(rep.Page); old != nil {
		if rep.W == 0 {
			rep.W, rep.H, rep.Thumb = old.W, old.H, old.Thumb
		}
		*old = rep
	}
	at := len(a.res.Cards)
	for i, c := range a.res.Cards {
		if order[c.Front.Page] > order[rep.Page] {
			at = i
			break
		}
	}
	a.res.Cards = append(a.res.Cards[:at:at], append(cards, a.res.Cards[at:]...)...)
}

// dropPage drops the cards page nr gave: cards whose front it holds, and
// backs it holds from the cards they belong to.
func dropPage(res *Result, nr int) {
	var cards []Card
	for _, c := range res.Cards {
		if c.Front.Page == nr {
			continue
		}
		if c.Back != nil && c.Back.Page == nr {
			c.Back = nil
		}
		cards = append(cards, c)
	}
	res.Cards = cards
}

// gridCuts cuts page nr, rendered, on grid g: its cells, or for a grid of
// counts alone (no cell size) the lattice of that many cells fitted to the
// page, its empty cells left out.
func (im *importer) gridCuts(nr int, g *RecipeGrid) ([]cut, error) {
	s, err := im.load(nr)
	if err != nil {
		return nil, err
	}
	var cells []Face
	land := g.Rotation == 90
	if g.CellW == 0 {
		pg, err := givenGrid(s.raster, s.raster.Bounds(), im.opt.DPI, g.Rows, g.Cols)
		if err != nil {
			return nil, err
		}
		land = pg.landscape
		for _, c := range pg.cells {
			if blankInside(s.raster, c.trim, s.pxmm) {
				continue
			}
			t := c.trim
			cells = append(cells, Face{Row: c.row, Col: c.col, Trim: Rect{X: float64(t.Min.X) / s.pxmm, Y: float64(t.Min.Y) / s.pxmm, W: float64(t.Dx()) / s.pxmm, H: float64(t.Dy()) / s.pxmm}})
		}
	} else {
		cells = g.cells()
	}
	var cuts []cut
	for _, c := range cells {
		k := im.cutAt(s, c.Trim, land)
		k.face.Page, k.face.Row, k.face.Col = nr, c.Row, c.Col
		cuts = append(cuts, k)
	}
	return cuts, nil
}
