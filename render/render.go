package render

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"time"

	"github.com/jung-kurt/gofpdf"

	"github.com/deckwright/deckwright/art"
	"github.com/deckwright/deckwright/templates"

	"github.com/deckwright/deckwright/layout"
)

// MinDPI is the resolution below which art prints visibly soft: such art
// gets a warning.
const MinDPI = 200

// RenderOptions says how to print a set of cards.
type RenderOptions struct {
	Sheet    layout.Options // page geometry
	DPI      int            // art resolution in the PDF (default 300)
	CacheDir string         // prepared-art cache, "" for none
	Workers  int            // art preparation workers, 0 = one per core
	// Templates draws text proxies; nil uses the bundled templates.
	Templates TemplateSource
	// Progress, when set, hears how far each stage is.
	Progress func(stage string, done, total int)
	Title    string
	// InkSaver draws text proxies without solid fills (a block's fill
	// becomes its thin outline, light text turns black) and with lines no
	// wider than InkSaverLine.
	InkSaver bool
	// PageBoxes gives every page a TrimBox around its trimmed cards and a
	// BleedBox around their bleed, which print shops read to cut (see
	// export.PrintShop: one card a page).
	PageBoxes bool
}

// Warning is a problem found while printing that does not stop the print:
// art below MinDPI, art missing or unreadable (a text proxy is printed
// instead), text cut to fit its box, a duplex print without a back image.
type Warning struct {
	Card    string `json:"card"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

func (w Warning) String() string { return w.Message }

// Report says what Render printed.
type Report struct {
	Pages       int       `json:"pages"`
	Cards       int       `json:"cards"`
	PerPage     int       `json:"per_page"`
	Images      int       `json:"images"`      // faces printed from art, fronts and backs
	TextFaces   int       `json:"text_faces"`  // faces printed as text proxies (bundled templates), fronts and backs
	Passthrough int       `json:"passthrough"` // JPEGs embedded untouched
	Cached      int       `json:"cached"`      // art taken from the cache
	Warnings    []Warning `json:"warnings"`
	// Notes tell of things put right on the way, such as a damaged art
	// cache entry that was rebuilt.
	Notes []string `json:"notes,omitempty"`
	// Designed counts the faces printed from the user's own templates
	// (templates.Face.Designed), fronts and backs: designed faces, not
	// text proxies.
	Designed int `json:"designed_faces"`
	// BackImages, BackTextFaces and BackDesigned are the backs among
	// Images, TextFaces and Designed (0 without backs).
	BackImages    int          `json:"back_images"`
	BackTextFaces int          `json:"back_text_faces"`
	BackDesigned  int          `json:"back_designed_faces"`
	Sheet         layout.Sheet `json:"-"`
}

// fixedDate is the creation date written into every PDF, so that the same
// input gives the same bytes.
var fixedDate = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// Render draws items onto sheets and writes the PDF to w. Art is prepared
// in parallel first; a face whose art is missing or unreadable is printed as
// a text proxy, with a warning.
//
// The PDF is streamed: each page is written to w once the next is begun,
// with the art it is the first to use, and then dropped from memory, so
// memory does not grow with the number of pages. When Render fails (or ctx
// is cancelled) w may hold part of a PDF: write to a temporary file and
// rename it into place on success.
func Render(ctx context.Context, w io.Writer, items []Item, opts RenderOptions) (*Report, error) {
	if len(items) == 0 {
		return nil, fmt.Errorf("nothing to print")
	}
	sheet, err := layout.Plan(opts.Sheet)
	if err != nil {
		return nil, err
	}
	if opts.DPI == 0 {
		opts.DPI = 300
	}
	if opts.DPI < 50 || opts.DPI > 1200 {
		return nil, fmt.Errorf("dpi %d is outside 50 to 1200", opts.DPI)
	}
	if opts.Templates == nil {
		set, err := bundledTemplates()
		if err != nil {
			return nil, fmt.Errorf("bundled templates: %w", err)
		}
		opts.Templates = set
	}
	r := &renderer{opts: opts, sheet: sheet, rep: &Report{Sheet: sheet, PerPage: sheet.PerPage(), Cards: len(items), Warnings: []Warning{}}}
	if err := r.prepareArt(ctx, items); err != nil {
		return nil, err
	}
	r.prepareLayers(ctx, items)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r.warnBacks(items)
	if err := r.draw(ctx, w, items); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := r.pdf.Output(w); err != nil {
		return nil, fmt.Errorf("writing pdf: %w", err)
	}
	return r.rep, nil
}

type renderer struct {
	opts  RenderOptions
	sheet layout.Sheet
	rep   *Report
	pdf   *gofpdf.Fpdf
	art   map[artKey]*registered // prepared art by face
	fonts map[string]bool
	icons map[artKey]iconImage // inline icons of rules text, by game and path
	// warned holds the warnings given, so that the copies of a card
	// (each drawn again) warn once.
	warned map[Warning]bool
	// replaced holds the characters a replaced-chars warning named.
	replaced map[rune]bool
	// proxies are the text proxies laid out, by card and side.
	proxies map[proxyKey]templates.Face
	// layerImgs are the pictures of image layers, prepared.
	layerImgs map[layerKey]*layerReg
}

type artKey struct {
	game string
	path string
}

type registered struct {
	name string
	typ  string
	img  *art.PreparedImage // nil once the PDF holds the image
}

func (r *renderer) progress(stage string, done, total int) {
	if r.opts.Progress != nil {
		r.opts.Progress(stage, done, total)
	}
}

func (r *renderer) warn(card, kind, format string, args ...any) {
	w := Warning{Card: card, Kind: kind, Message: fmt.Sprintf(format, args...)}
	if r.warned[w] {
		return
	}
	if r.warned == nil {
		r.warned = map[Warning]bool{}
	}
	r.warned[w] = true
	r.rep.Warnings = append(r.rep.Warnings, w)
}

// faceSize is a face's own size: the card, turned for landscape faces.
func (r *renderer) faceSize(f Face) layout.Size {
	if f.Landscape && r.sheet.Card.H > r.sheet.Card.W {
		return r.sheet.Card.Rotated()
	}
	return r.sheet.Card
}

func (r *renderer) backs() bool { return r.sheet.BackMode != layout.BacksNone }

// prepareArt prepares every distinct piece of art the items use.
func (r *renderer) prepareArt(ctx context.Context, items []Item) error {
	r.art = map[artKey]*registered{}
	var specs []art.ImageSpec
	var keys []artKey
	var names []string
	add := func(f Face, name string) {
		if f.Image == "" {
			return
		}
		k := artKey{f.Game.ID, f.Image}
		if _, ok := r.art[k]; ok {
			return
		}
		r.art[k] = nil
		s := r.faceSize(f)
		specs = append(specs, art.ImageSpec{FS: f.FS, Path: f.Image, TrimW: s.W, TrimH: s.H, Bleed: r.sheet.Bleed, DPI: r.opts.DPI})
		keys = append(keys, k)
		names = append(names, name)
	}
	for _, it := range items {
		add(it.Front, it.Name())
		if r.backs() {
			add(it.Back, it.Name())
		}
	}
	if len(specs) == 0 {
		return nil
	}
	imgs, errs := art.PrepareImages(ctx, specs, art.PrepareOptions{
		Workers:  r.opts.Workers,
		CacheDir: r.opts.CacheDir,
		Progress: func(done, total int) { r.progress("art", done, total) },
	})
	if err := ctx.Err(); err != nil {
		return err
	}
	for i, k := range keys {
		if errs[i] != nil {
			r.warn(names[i], "missing-image", "%s: %v; printing a text proxy instead", names[i], errs[i])
			delete(r.art, k)
			continue
		}
		img := imgs[i]
		if img.SourceDPI > 0 && img.SourceDPI < MinDPI {
			r.warn(names[i], "low-dpi", "%s: art %s is %.0f DPI at the printed size, below %d; it will print soft", names[i], specs[i].Path, img.SourceDPI, MinDPI)
		}
		if img.Passthrough {
			r.rep.Passthrough++
		}
		if img.Cached {
			r.rep.Cached++
		}
		if img.CacheRebuilt {
			r.rep.Notes = append(r.rep.Notes, fmt.Sprintf("%s: the art cache entry of %s was damaged: removed and prepared again", names[i], specs[i].Path))
		}
		// Named by content and parameters: the same art used by two cards
		// (or two paths to the same file) is embedded once.
		r.art[k] = &registered{name: "art-" + img.Key, typ: img.Type, img: img}
	}
	return nil
}

// warnBacks warns once per game when a duplex or fold print has no back
// image to print behind its cards.
func (r *renderer) warnBacks(items []Item) {
	if !r.backs() {
		return
	}
	seen := map[string]bool{}
	for _, it := range items {
		g, b := it.Back.Game, it.Back
		if it.Own || g == nil || seen[g.ID+"\x00"+b.BackType] {
			continue
		}
		seen[g.ID+"\x00"+b.BackType] = true
		what, where := g.Name, "back: {image: ...} in its game.yaml"
		if b.BackType != "" {
			what = g.Name + " (" + g.TypeName(b.BackType) + ")"
			where = "back: {image: ...} under the type in its game.yaml"
		}
		if b.Image != "" && r.art[artKey{g.ID, b.Image}] != nil {
			continue
		}
		card, size, side := r.proxyArgs(b)
		if face := r.layOut(b, card, size, side); face.Designed {
			// A back of the game's own card-back template is designed,
			// not a text stand-in; a back image that cannot be read
			// still is a mistake.
			if b.Image != "" {
				r.warn("", "missing-back", "%s's back image %s could not be read: backs are printed from template %s", what, b.Image, face.Template)
			}
			continue
		}
		if b.Image == "" {
			r.warn("", "missing-back", "%s has no back image: backs are printed as text (set %s, or make a card-back.yaml template in its templates/ folder)", what, where)
		} else {
			r.warn("", "missing-back", "%s's back image %s could not be read: backs are printed as text", what, b.Image)
		}
	}
}

func (r *renderer) newPDF(w io.Writer) {
	p := r.sheet.Page
	// gofpdf swaps a custom size for "L"; the sheet's page is already in
	// its orientation, so it is given as it is.
	pdf := gofpdf.NewCustom(&gofpdf.InitType{UnitStr: "mm", OrientationStr: "P", Size: gofpdf.SizeType{Wd: p.W, Ht: p.H}})
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetCompression(true)
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(fixedDate)
	pdf.SetModificationDate(fixedDate)
	pdf.SetProducer("deckwright", false)
	pdf.SetCreator("deckwright", false)
	if r.opts.Title != "" {
		pdf.SetTitle(r.opts.Title, true)
	}
	prefs := "/PrintScaling /None"
	switch r.sheet.BackMode {
	case layout.BacksLong:
		prefs += " /Duplex /DuplexFlipLongEdge"
	case layout.BacksShort:
		prefs += " /Duplex /DuplexFlipShortEdge"
	}
	pdf.SetViewerPreferences(prefs)
	pdf.OutputStream(w)
	r.pdf = pdf
	r.fonts = map[string]bool{}
}

// draw lays the items out page by page: fronts, then (duplex) a page of
// backs mirrored behind them, or (fold) backs on the same page.
func (r *renderer) draw(ctx context.Context, w io.Writer, items []Item) error {
	r.newPDF(w)
	per := r.sheet.PerPage()
	for start := 0; start < len(items); start += per {
		if err := ctx.Err(); err != nil {
			return err
		}
		page := items[start:min(start+per, len(items))]
		r.pdf.AddPage()
		r.rep.Pages++
		if r.sheet.BackMode == layout.BacksFold {
			r.pageBoxes(append(r.sheet.Slots[:len(page):len(page)], r.sheet.Backs[:len(page)]...))
		} else {
			r.pageBoxes(r.sheet.Slots[:len(page)])
		}
		for i, it := range page {
			r.face(it.Front, r.sheet.Slots[i].BleedRect(), r.frontTurn(it.Front))
		}
		if r.sheet.BackMode == layout.BacksFold {
			for i, it := range page {
				r.back(it.Back, r.sheet.Backs[i].BleedRect(), layout.BackTurn(r.sheet, r.sheet.BackMode, r.frontTurn(it.Back)))
			}
			r.foldLine()
		}
		r.marks()
		r.regMarks()
		r.keylines(len(page))
		if r.sheet.BackMode == layout.BacksLong || r.sheet.BackMode == layout.BacksShort {
			r.pdf.AddPage()
			r.rep.Pages++
			r.pageBoxes(r.sheet.Backs[:len(page)])
			for i, it := range page {
				r.back(it.Back, r.sheet.Backs[i].BleedRect(), layout.BackTurn(r.sheet, r.sheet.BackMode, r.frontTurn(it.Back)))
			}
		}
		r.progress("pages", min(start+per, len(items)), len(items))
		if err := r.pdf.Error(); err != nil {
			return fmt.Errorf("drawing page %d: %w", r.rep.Pages, err)
		}
	}
	return r.pdf.Error()
}

func (r *renderer) frontTurn(f Face) layout.Turn {
	if layout.FitRotation(r.faceSize(f), r.sheet.Card) {
		return layout.Clockwise
	}
	return layout.NoTurn
}

// face draws one face into rect (the slot's bleed rectangle), turned by t.
// back draws a card's back as face does, counting it among the backs.
func (r *renderer) back(f Face, rect layout.Rect, t layout.Turn) {
	images, text, designed := r.rep.Images, r.rep.TextFaces, r.rep.Designed
	r.face(f, rect, t)
	r.rep.BackImages += r.rep.Images - images
	r.rep.BackTextFaces += r.rep.TextFaces - text
	r.rep.BackDesigned += r.rep.Designed - designed
}

func (r *renderer) face(f Face, rect layout.Rect, t layout.Turn) {
	box := layout.ImageBox(rect, t)
	cx, cy := rect.Center()
	pdf := r.pdf
	pdf.TransformBegin()
	if t != layout.NoTurn {
		pdf.TransformRotate(t.Degrees(), cx, cy)
	}
	if reg := r.art[artKey{gameID(f), f.Image}]; f.Image != "" && reg != nil {
		// A turned image's box can start left of the page; gofpdf would
		// otherwise move it to the current x.
		opt := gofpdf.ImageOptions{ImageType: reg.typ, AllowNegativePosition: true}
		if pdf.GetImageInfo(reg.name) == nil {
			pdf.RegisterImageOptionsReader(reg.name, opt, bytes.NewReader(reg.img.Data))
		}
		reg.img = nil // the PDF has its own copy, written out with the page
		pdf.ImageOptions(reg.name, box.X, box.Y, box.W, box.H, false, opt, 0, "")
		r.rep.Images++
	} else if r.textFace(f, box) {
		r.rep.Designed++
	} else {
		r.rep.TextFaces++
	}
	pdf.TransformEnd()
}

func gameID(f Face) string {
	if f.Game == nil {
		return ""
	}
	return f.Game.ID
}

// marks draws the crop marks or cut lines of the sheet.
func (r *renderer) marks() {
	var lines []layout.Line
	switch r.sheet.Marks {
	case layout.MarksCrop:
		lines = layout.CropMarks(r.sheet)
	case layout.MarksLines:
		lines = layout.CutLines(r.sheet)
	}
	if len(lines) == 0 {
		return
	}
	r.pdf.SetDrawColor(0, 0, 0)
	r.pdf.SetLineWidth(0.15)
	if r.sheet.Marks == layout.MarksLines {
		r.pdf.SetDrawColor(150, 150, 150)
		r.pdf.SetDashPattern([]float64{1, 1}, 0)
	}
	for _, l := range lines {
		r.pdf.Line(l.X1, l.Y1, l.X2, l.Y2)
	}
	r.pdf.SetDashPattern(nil, 0)
}

// foldLine draws the dashed line a fold sheet is folded along.
func (r *renderer) foldLine() {
	l := r.sheet.Fold
	r.pdf.SetDrawColor(120, 120, 120)
	r.pdf.SetLineWidth(0.2)
	r.pdf.SetDashPattern([]float64{3, 2}, 0)
	r.pdf.Line(l.X1, l.Y1, l.X2, l.Y2)
	r.pdf.SetDashPattern(nil, 0)
}
