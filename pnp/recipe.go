package pnp

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/cardsdb"
)

// RecipeFile is the recipe Write puts at the top of the card folder: what
// Import decided about each page, in millimetres, for the user to read,
// correct and replay (see Recipe).
const RecipeFile = "recipe.yaml"

// Recipe is what an import decided, written down so that it can be
// replayed and corrected: the options it read the PDF with and, per page,
// its role, the reason, the grid its cards were cut on, the page its backs
// belong to and how sure the importer was.
//
// Replaying a recipe (ApplyRecipe after Import with Recipe.Options) gives
// the same cards as the import that wrote it. A page whose role is changed
// (to fronts, backs of the page backs_of names, fold or skipped) is read
// that way; a page of fronts or backs whose grid is changed (its origin,
// pitch, cell, rows or columns) is cut again on that grid; nothing else
// changes (see ApplyRecipe).
type Recipe struct {
	Source    string  // the PDF's file name, for the reader
	CardW     float64 // the card size read at, mm (portrait)
	CardH     float64
	SizeWhy   string // why, when it is not the size given but measured
	DPI       int
	Layout    Layout // as asked for: auto, or the layout given
	Found     Layout // the layout the cards were read with (auto's guess)
	FoundWhy  string
	Flip      string
	KeepBleed bool
	// Rows and Cols are the grid given for every page (--grid), 0 when
	// none was; BacksPages the pages of backs given (--backs-pages).
	Rows, Cols int
	BacksPages []int
	Pages      []RecipePage
}

// RecipePage is one page of a Recipe.
type RecipePage struct {
	Page       int
	Role       string // fronts, backs, fold or skipped
	Reason     string // why: how the grid was found, or why the page was skipped
	BacksOf    int    // for a page of backs, the page of fronts they belong to
	Grid       *RecipeGrid
	Confidence float64
	Doubt      string
	// Line is the line of the page's entry in the recipe read (0 for a
	// recipe made by RecipeOf).
	Line int
}

// RecipeGrid is the grid a page's cards were cut on, in mm from the page's
// top-left corner: the first cell's trim at X, Y; Rows×Cols cells of
// CellW×CellH, PitchX and PitchY apart (from one cell's left or top edge
// to the next); Rotation 90 when the cards lie landscape on the page.
type RecipeGrid struct {
	X, Y           float64
	PitchX, PitchY float64
	CellW, CellH   float64
	Rows, Cols     int
	Rotation       int
}

// Options are the Import options that replay the recipe.
func (r *Recipe) Options() Options {
	var pages []int
	for _, p := range r.Pages {
		pages = append(pages, p.Page)
	}
	return Options{CardW: r.CardW, CardH: r.CardH, SizeGiven: true, DPI: r.DPI, Layout: r.Layout, Flip: r.Flip, KeepBleed: r.KeepBleed, Pages: pages, MaxPages: max(DefaultMaxPages, len(pages)),
		Rows: r.Rows, Cols: r.Cols, BacksPages: r.BacksPages}
}

// RecipeOf is the recipe of an import: res as Import returned it for
// source read with opt.
func RecipeOf(res *Result, source string, opt Options) *Recipe {
	opt, _ = opt.normalize()
	r := &Recipe{Source: source, CardW: opt.CardW, CardH: opt.CardH, DPI: opt.DPI, Layout: opt.Layout, Found: res.Layout, FoundWhy: res.LayoutReason, Flip: opt.Flip, KeepBleed: opt.KeepBleed,
		Rows: opt.Rows, Cols: opt.Cols, BacksPages: opt.BacksPages}
	if res.CardW > 0 {
		r.CardW, r.CardH, r.SizeWhy = res.CardW, res.CardH, res.SizeReason
	}
	faces := map[int][]Face{}
	backsOf := map[int]int{}
	for _, c := range res.Cards {
		faces[c.Front.Page] = append(faces[c.Front.Page], c.Front)
		if c.Back != nil && c.Back.Page != c.Front.Page {
			faces[c.Back.Page] = append(faces[c.Back.Page], *c.Back)
			backsOf[c.Back.Page] = c.Front.Page
		}
	}
	for _, p := range res.Pages {
		rp := RecipePage{Page: p.Page, Role: p.Side, Confidence: math.Round(p.Confidence*100) / 100, Doubt: p.Doubt, BacksOf: backsOf[p.Page]}
		switch {
		case p.Side == "skipped":
			rp.Reason = p.Skipped
		case p.Method == "recipe":
			rp.Reason = "grid from the recipe"
		case p.Method == "given":
			rp.Reason = fmt.Sprintf("grid of %dx%d fitted to the page", p.Rows, p.Cols)
		case p.Method != "":
			rp.Reason = "grid found by " + p.Method
		}
		if p.SideReason != "" {
			rp.Reason += "; " + p.SideReason
		}
		if p.Given != "" && p.Side != "skipped" {
			rp.Reason += " (" + p.Given + ")"
		}
		switch p.Side {
		case "fronts", "backs":
			rp.Grid = gridOf(faces[p.Page], p.Rows, p.Cols)
		case "fold":
			rp.Grid = frontsGrid(faces[p.Page])
		}
		r.Pages = append(r.Pages, rp)
	}
	return r
}

// frontsGrid is the grid the fronts of a fold sheet were cut on: its
// rows and columns are those the fronts take of the page's grid, the
// backs' half left out (a grid to read, not to change: the fold is read
// again as Import reads it).
func frontsGrid(fronts []Face) *RecipeGrid {
	if len(fronts) == 0 {
		return nil
	}
	r0, c0, r1, c1 := fronts[0].Row, fronts[0].Col, fronts[0].Row, fronts[0].Col
	for _, f := range fronts {
		r0, c0, r1, c1 = min(r0, f.Row), min(c0, f.Col), max(r1, f.Row), max(c1, f.Col)
	}
	own := make([]Face, len(fronts))
	for i, f := range fronts {
		f.Row, f.Col = f.Row-r0+1, f.Col-c0+1
		own[i] = f
	}
	return gridOf(own, r1-r0+1, c1-c0+1)
}

// gridOf is the grid the faces of one page were cut on.
func gridOf(faces []Face, rows, cols int) *RecipeGrid {
	if len(faces) == 0 {
		return nil
	}
	f := faces[0]
	g := &RecipeGrid{X: f.Trim.X, Y: f.Trim.Y, CellW: f.Trim.W, CellH: f.Trim.H, Rows: rows, Cols: cols, PitchX: f.Trim.W, PitchY: f.Trim.H}
	if f.Rotated {
		g.Rotation = 90
	}
	// Each axis: the first cell's edge less its index times the pitch,
	// the pitch from the two faces farthest apart along it.
	lo, hi := f, f
	top, bottom := f, f
	for _, e := range faces {
		if e.Col < lo.Col {
			lo = e
		}
		if e.Col > hi.Col {
			hi = e
		}
		if e.Row < top.Row {
			top = e
		}
		if e.Row > bottom.Row {
			bottom = e
		}
	}
	if hi.Col > lo.Col {
		g.PitchX = (hi.Trim.X - lo.Trim.X) / float64(hi.Col-lo.Col)
	}
	if bottom.Row > top.Row {
		g.PitchY = (bottom.Trim.Y - top.Trim.Y) / float64(bottom.Row-top.Row)
	}
	g.X = lo.Trim.X - float64(lo.Col-1)*g.PitchX
	g.Y = top.Trim.Y - float64(top.Row-1)*g.PitchY
	g.round()
	return g
}

// round rounds the grid to the 0.01 mm the recipe is written in.
func (g *RecipeGrid) round() {
	for _, v := range []*float64{&g.X, &g.Y, &g.PitchX, &g.PitchY, &g.CellW, &g.CellH} {
		*v = math.Round(*v*100) / 100
	}
}

// same reports whether two grids are the same to the 0.01 mm written.
func (g *RecipeGrid) same(h *RecipeGrid) bool {
	if g == nil || h == nil {
		return g == h
	}
	if g.CellW == 0 || h.CellW == 0 { // counts alone
		return g.Rows == h.Rows && g.Cols == h.Cols
	}
	a, b := *g, *h
	a.round()
	b.round()
	return a == b
}

// cells are the grid's trims, in reading order, with their row and column.
func (g *RecipeGrid) cells() []Face {
	var out []Face
	for r := 0; r < g.Rows; r++ {
		for c := 0; c < g.Cols; c++ {
			out = append(out, Face{Row: r + 1, Col: c + 1, Rotated: g.Rotation == 90,
				Trim: Rect{X: g.X + float64(c)*g.PitchX, Y: g.Y + float64(r)*g.PitchY, W: g.CellW, H: g.CellH}})
		}
	}
	return out
}

func mm(v float64) string { return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) }

// Marshal writes the recipe as YAML, with a header that says how to use
// it. It records the line of each page's entry in r.Pages[i].Line.
func (r *Recipe) Marshal() []byte {
	var b bytes.Buffer
	b.WriteString(`# What import pnp decided about each page of ` + r.Source + `, in mm from the
# page's top-left corner. Correct a wrong guess here and replay it:
#   deckwright import pnp ` + r.Source + ` --game GAME --recipe recipe.yaml
# role: fronts, backs (of page backs_of), fold or skipped: the page is read so.
# grid: the first card's trim at x, y; rows x cols cards of cell mm, pitch mm
# apart; rotation 90 when landscape. Change a number and the page is cut again
# on that grid ({rows: 3, cols: 3} alone: fitted); nothing else changes.
`)
	fmt.Fprintf(&b, "source: %s\n", strconv.Quote(r.Source))
	if r.SizeWhy != "" {
		fmt.Fprintf(&b, "# card size: %s\n", strings.ReplaceAll(r.SizeWhy, "\n", " "))
	}
	fmt.Fprintf(&b, "card_size: %sx%s\n", mm(r.CardW), mm(r.CardH))
	fmt.Fprintf(&b, "dpi: %d\n", r.DPI)
	if r.Layout == LayoutAuto && r.Found != "" {
		fmt.Fprintf(&b, "# layout auto read the cards as %s: %s\n", r.Found, strings.ReplaceAll(r.FoundWhy, "\n", " "))
	}
	lay := string(r.Layout)
	if r.Layout == LayoutAuto {
		lay = "auto"
	}
	fmt.Fprintf(&b, "layout: %s\n", lay)
	fmt.Fprintf(&b, "flip: %s\n", r.Flip)
	fmt.Fprintf(&b, "keep_bleed: %v\n", r.KeepBleed)
	if r.Rows > 0 {
		fmt.Fprintf(&b, "grid: %dx%d\n", r.Rows, r.Cols)
	}
	if len(r.BacksPages) > 0 {
		var nrs []string
		for _, n := range r.BacksPages {
			nrs = append(nrs, strconv.Itoa(n))
		}
		fmt.Fprintf(&b, "backs_pages: [%s]\n", strings.Join(nrs, ", "))
	}
	b.WriteString("pages:\n")
	for i := range r.Pages {
		p := &r.Pages[i]
		p.Line = bytes.Count(b.Bytes(), []byte("\n")) + 1
		fmt.Fprintf(&b, "  - page: %d\n", p.Page)
		fmt.Fprintf(&b, "    role: %s\n", p.Role)
		if p.Reason != "" {
			fmt.Fprintf(&b, "    reason: %s\n", strconv.Quote(p.Reason))
		}
		if p.BacksOf != 0 {
			fmt.Fprintf(&b, "    backs_of: %d\n", p.BacksOf)
		}
		if g := p.Grid; g != nil {
			fmt.Fprintf(&b, "    grid: {x: %s, y: %s, rows: %d, cols: %d, cell: %sx%s, pitch: %sx%s, rotation: %d}\n",
				mm(g.X), mm(g.Y), g.Rows, g.Cols, mm(g.CellW), mm(g.CellH), mm(g.PitchX), mm(g.PitchY), g.Rotation)
		}
		fmt.Fprintf(&b, "    confidence: %s\n", strconv.FormatFloat(p.Confidence, 'f', -1, 64))
		if p.Doubt != "" {
			fmt.Fprintf(&b, "    doubt: %s\n", strconv.Quote(p.Doubt))
		}
	}
	return b.Bytes()
}

// recipeError is an error at a node of the recipe file.
func recipeError(file string, n *yaml.Node, format string, args ...any) error {
	return &cardsdb.Error{Pos: cardsdb.Pos{File: file, Line: n.Line, Col: n.Column}, Msg: fmt.Sprintf(format, args...)}
}

// ParseRecipe reads a recipe written by Write (and perhaps edited); file
// names it in errors, which give the line and column.
func ParseRecipe(file string, data []byte) (*Recipe, error) {
	if err := cardsdb.CheckText(file, data); err != nil {
		return nil, err
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: "not YAML: " + err.Error()}
	}
	doc := &root
	if doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		doc = doc.Content[0]
	}
	if doc.Kind != yaml.MappingNode {
		return nil, recipeError(file, doc, "want a recipe (source:, card_size:, pages: ...) as import pnp writes it")
	}
	r := &Recipe{}
	number := func(n *yaml.Node, what string, lo, hi float64) (float64, error) {
		v, err := strconv.ParseFloat(n.Value, 64)
		if n.Kind != yaml.ScalarNode || err != nil || !(v >= lo && v <= hi) {
			return 0, recipeError(file, n, "%s %q: want a number from %g to %g", what, n.Value, lo, hi)
		}
		return v, nil
	}
	integer := func(n *yaml.Node, what string, lo, hi int) (int, error) {
		v, err := strconv.Atoi(n.Value)
		if n.Kind != yaml.ScalarNode || err != nil || v < lo || v > hi {
			return 0, recipeError(file, n, "%s %q: want a whole number from %d to %d", what, n.Value, lo, hi)
		}
		return v, nil
	}
	size := func(n *yaml.Node, what string) (float64, float64, error) {
		a, b, ok := strings.Cut(n.Value, "x")
		w, err1 := strconv.ParseFloat(a, 64)
		h, err2 := strconv.ParseFloat(b, 64)
		if n.Kind != yaml.ScalarNode || !ok || err1 != nil || err2 != nil || !(w > 0 && h > 0 && w < 1000 && h < 1000) {
			return 0, 0, recipeError(file, n, "%s %q: want WxH in mm, such as 63x88", what, n.Value)
		}
		return w, h, nil
	}
	var pagesNode *yaml.Node
	haveLayout := false
	d := &yamlDecoder{file: file}
	top, err := d.pairs(doc, "recipe")
	if err != nil {
		return nil, err
	}
	for _, kv := range top {
		k, v := kv.K, kv.V
		switch k.Value {
		case "source":
			r.Source = v.Value
		case "card_size":
			r.CardW, r.CardH, err = size(v, "card_size")
		case "dpi":
			r.DPI, err = integer(v, "dpi", 72, 1200)
		case "layout":
			r.Layout, haveLayout = Layout(v.Value), true
			if v.Value == "auto" {
				r.Layout = LayoutAuto
			} else if r.Layout != LayoutDuplex && r.Layout != LayoutFold && r.Layout != LayoutFronts {
				err = recipeError(file, v, "layout %q: want auto, duplex, fold or fronts", v.Value)
			}
		case "flip":
			r.Flip = v.Value
			if r.Flip != "long" && r.Flip != "short" {
				err = recipeError(file, v, "flip %q: want long or short", v.Value)
			}
		case "keep_bleed":
			r.KeepBleed = v.Value == "true"
			if v.Value != "true" && v.Value != "false" {
				err = recipeError(file, v, "keep_bleed %q: want true or false", v.Value)
			}
		case "grid":
			r.Rows, r.Cols, err = ParseGridCounts(v.Value)
			if err != nil || v.Kind != yaml.ScalarNode {
				err = recipeError(file, v, "grid %q: want ROWSxCOLS, such as 3x3, from 1 to %d each", v.Value, MaxGridCells)
			}
		case "backs_pages":
			if v.Kind != yaml.SequenceNode {
				err = recipeError(file, v, "backs_pages: want a list of page numbers, such as [2, 4]")
			}
			for _, n := range v.Content {
				var nr int
				if nr, err = integer(n, "backs_pages", 1, 1_000_000); err != nil {
					break
				}
				r.BacksPages = append(r.BacksPages, nr)
			}
		case "pages":
			pagesNode = v
		default:
			err = recipeError(file, k, "unknown key %q (a recipe has source, card_size, dpi, layout, flip, keep_bleed, grid, backs_pages and pages)", k.Value)
		}
		if err != nil {
			return nil, err
		}
	}
	if r.CardW == 0 || r.DPI == 0 || !haveLayout || r.Flip == "" {
		return nil, recipeError(file, doc, "a recipe needs card_size, dpi, layout and flip")
	}
	if pagesNode == nil || pagesNode.Kind != yaml.SequenceNode || len(pagesNode.Content) == 0 {
		n := doc
		if pagesNode != nil {
			n = pagesNode
		}
		return nil, recipeError(file, n, "a recipe needs pages: a list of the pages read")
	}
	seen := map[int]bool{}
	for _, pn := range pagesNode.Content {
		if pn.Kind != yaml.MappingNode {
			return nil, recipeError(file, pn, "a page: want page:, role: and perhaps grid:")
		}
		p := RecipePage{Line: pn.Line}
		fields, err := d.pairs(pn, "page")
		if err != nil {
			return nil, err
		}
		for _, kv := range fields {
			k, v := kv.K, kv.V
			switch k.Value {
			case "page":
				p.Page, err = integer(v, "page", 1, 1_000_000)
				if err == nil && seen[p.Page] {
					err = recipeError(file, v, "page %d is listed twice", p.Page)
				}
				seen[p.Page] = true
			case "role":
				p.Role = v.Value
				switch p.Role {
				case "fronts", "backs", "fold", "skipped":
				default:
					err = recipeError(file, v, "role %q: want fronts, backs, fold or skipped", v.Value)
				}
			case "reason":
				p.Reason = v.Value
			case "doubt":
				p.Doubt = v.Value
			case "backs_of":
				p.BacksOf, err = integer(v, "backs_of", 1, 1_000_000)
			case "confidence":
				p.Confidence, err = number(v, "confidence", 0, 1)
			case "grid":
				p.Grid, err = parseGrid(file, v, number, integer, size)
			default:
				err = recipeError(file, k, "unknown key %q in a page (page, role, reason, backs_of, grid, confidence, doubt)", k.Value)
			}
			if err != nil {
				return nil, err
			}
		}
		if p.Page == 0 || p.Role == "" {
			return nil, recipeError(file, pn, "a page needs page: and role:")
		}
		r.Pages = append(r.Pages, p)
	}
	return r, nil
}

func parseGrid(file string, n *yaml.Node,
	number func(*yaml.Node, string, float64, float64) (float64, error),
	integer func(*yaml.Node, string, int, int) (int, error),
	size func(*yaml.Node, string) (float64, float64, error)) (*RecipeGrid, error) {
	if n.Kind != yaml.MappingNode {
		return nil, recipeError(file, n, "grid: want {x, y, rows, cols, cell, pitch, rotation}")
	}
	g := &RecipeGrid{}
	have := map[string]bool{}
	fields, err := (&yamlDecoder{file: file}).pairs(n, "grid")
	if err != nil {
		return nil, err
	}
	for _, kv := range fields {
		k, v := kv.K, kv.V
		have[k.Value] = true
		switch k.Value {
		case "x":
			g.X, err = number(v, "grid x", -1000, 10000)
		case "y":
			g.Y, err = number(v, "grid y", -1000, 10000)
		case "rows":
			g.Rows, err = integer(v, "grid rows", 1, 100)
		case "cols":
			g.Cols, err = integer(v, "grid cols", 1, 100)
		case "cell":
			g.CellW, g.CellH, err = size(v, "grid cell")
		case "pitch":
			g.PitchX, g.PitchY, err = size(v, "grid pitch")
		case "rotation":
			g.Rotation, err = integer(v, "grid rotation", 0, 90)
			if err == nil && g.Rotation != 0 && g.Rotation != 90 {
				err = recipeError(file, v, "grid rotation %d: want 0 or 90", g.Rotation)
			}
		default:
			err = recipeError(file, k, "unknown key %q in a grid (x, y, rows, cols, cell, pitch, rotation)", k.Value)
		}
		if err != nil {
			return nil, err
		}
	}
	if have["rows"] && have["cols"] && !have["x"] && !have["y"] && !have["cell"] && !have["pitch"] && !have["rotation"] {
		return g, nil // counts alone: the lattice is fitted to the page
	}
	for _, k := range []string{"x", "y", "rows", "cols", "cell", "pitch"} {
		if !have[k] {
			return nil, recipeError(file, n, "grid: no %s (give x, y, rows, cols, cell and pitch, or rows and cols alone to fit that many cards to the page)", k)
		}
	}
	return g, nil
}

// skipPage drops the cards of page nr (fronts, or backs from the cards
// they belong to) and marks it skipped for why.
func skipPage(res *Result, nr int, why string) {
	dropPage(res, nr)
	for i := range res.Pages {
		if res.Pages[i].Page == nr {
			p := &res.Pages[i]
			p.Side, p.Skipped, p.Cards, p.Confidence, p.Doubt = "skipped", why, 0, 1, ""
		}
	}
}

// recut cuts page nr again on grid g.
func (im *importer) recut(res *Result, nr int, g *RecipeGrid) error {
	cut, err := im.gridCuts(nr, g)
	if err != nil {
		return err
	}
	var cuts []Face
	for _, c := range cut {
		cuts = append(cuts, c.face)
	}
	// Fronts: each new card keeps the back of the old card at its row
	// and column. Backs: each back goes to the card whose old back stood
	// at its row and column.
	var rep *PageReport
	for i := range res.Pages {
		if res.Pages[i].Page == nr {
			rep = &res.Pages[i]
		}
	}
	at := func(f Face) [2]int { return [2]int{f.Row, f.Col} }
	if rep.Side == "backs" {
		newBack := map[[2]int]Face{}
		for _, f := range cuts {
			newBack[at(f)] = f
		}
		for i := range res.Cards {
			if b := res.Cards[i].Back; b != nil && b.Page == nr {
				if f, ok := newBack[at(*b)]; ok {
					res.Cards[i].Back = &f
				} else {
					res.Cards[i].Back = nil
				}
			}
		}
	} else {
		backs := map[[2]int]*Face{}
		first := -1
		var rest []Card
		for _, c := range res.Cards {
			if c.Front.Page != nr {
				rest = append(rest, c)
				continue
			}
			if first < 0 {
				first = len(rest)
			}
			backs[at(c.Front)] = c.Back
		}
		if first < 0 {
			first = len(rest)
		}
		var mine []Card
		for _, f := range cuts {
			mine = append(mine, Card{Front: f, Back: backs[at(f)]})
		}
		res.Cards = append(rest[:first:first], append(mine, rest[first:]...)...)
	}
	rep.Rows, rep.Cols, rep.Cards = g.Rows, g.Cols, len(cuts)
	rep.Method, rep.Confidence, rep.Doubt = "recipe", 1, ""
	rep.Grid = nil
	if g.CellW == 0 {
		rep.Method = "given"
	}
	return nil
}
