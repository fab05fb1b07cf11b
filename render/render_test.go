package render_test

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/deckwright/deckwright/art"
	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/cardsdb/cardsdbtest"
	"github.com/deckwright/deckwright/internal/pdfcontent"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// ---- Reading a PDF back ----

// pdfDoc is what a test needs to know of a written PDF, read back with
// pdfcpu: its pages, the images drawn on each with where and how they are
// drawn, and its fonts.
type pdfDoc struct {
	raw    []byte
	pages  []pdfPage
	images map[string]pdfImage // image XObjects by resource name
	fonts  []pdfFont
}

// pdfPage is one page: its MediaBox size in points and what its content
// stream draws.
type pdfPage struct {
	w, h  float64         // points
	draws []pdfDraw       // images, in drawing order
	texts int             // text-showing operators (Tj, TJ, ', ")
	fonts map[string]bool // font resources selected with Tf
	fills int             // painting operators that fill (f, F, f*, B, B*, b, b*)
	lineW float64         // the widest line width set with w, points
}

// pdfImage is an image XObject.
type pdfImage struct {
	name   string
	w, h   int // pixels
	filter string
	smask  bool
	sum    [sha256.Size]byte // of the stream as stored (a JPEG's own bytes for DCTDecode)
}

// pdfDraw is one image drawn on a page: the image, the rectangle it covers
// in mm from the page's top left (y down, as layout measures), and how it
// is turned: where the image's own top-left corner landed.
type pdfDraw struct {
	pdfImage
	box  layout.Rect
	turn layout.Turn
}

// pdfFont is a font dictionary of the document.
type pdfFont struct {
	base     string
	subtype  string
	embedded bool // it, or its descendant CIDFont, has a FontFile2 stream with data
}

var disableConfig sync.Once

// knownVersionBug matches pdfcpu's complaint about the /Duplex viewer
// preference in a file that declares an older PDF version than 1.7; see
// TestRenderPDFVersion.
var knownVersionBug = regexp.MustCompile(`ViewerPreferences\.Duplex: .*unsupported in version`)

// readPDF reads data back with pdfcpu. It fails the test when pdfcpu
// cannot parse it, and reports it when pdfcpu's validation rejects it
// (except for the known version bug, which TestRenderPDFVersion reports).
func readPDF(t testing.TB, data []byte) *pdfDoc {
	t.Helper()
	if err := validatePDF(data); err != nil && !knownVersionBug.MatchString(err.Error()) {
		t.Errorf("pdfcpu rejects the PDF: %v", err)
	}
	ctx, err := api.ReadContext(bytes.NewReader(data), pdfConf())
	if err != nil {
		t.Fatalf("pdfcpu cannot read the PDF back: %v", err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		t.Fatalf("pdfcpu cannot count the pages: %v", err)
	}
	if err := api.OptimizeContext(ctx); err != nil {
		t.Fatalf("pdfcpu cannot index the PDF: %v", err)
	}
	doc := &pdfDoc{raw: data, images: map[string]pdfImage{}}
	dims, err := ctx.XRefTable.PageDims()
	if err != nil {
		t.Fatalf("page sizes: %v", err)
	}
	if len(dims) != ctx.PageCount {
		t.Fatalf("%d page sizes for %d pages", len(dims), ctx.PageCount)
	}
	sel := types.IntSet{}
	for i := 1; i <= ctx.PageCount; i++ {
		sel[i] = true
	}
	perPage, _, err := pdfcpu.Images(ctx, sel)
	if err != nil {
		t.Fatalf("listing images: %v", err)
	}
	for _, m := range perPage {
		for _, img := range m {
			sd, _, err := ctx.XRefTable.DereferenceStreamDict(*types.NewIndirectRef(img.ObjNr, 0))
			if err != nil || sd == nil {
				t.Fatalf("image %s (obj %d): %v", img.Name, img.ObjNr, err)
			}
			doc.images[img.Name] = pdfImage{name: img.Name, w: img.Width, h: img.Height, filter: img.Filter,
				smask: img.HasSMask, sum: sha256.Sum256(sd.Raw)}
		}
	}
	for i := 1; i <= ctx.PageCount; i++ {
		d, _, _, err := ctx.XRefTable.PageDict(i, false)
		if err != nil {
			t.Fatalf("page %d: %v", i, err)
		}
		content, err := ctx.XRefTable.PageContent(d, i)
		if err != nil {
			t.Fatalf("page %d content: %v", i, err)
		}
		p := pdfPage{w: dims[i-1].Width, h: dims[i-1].Height, fonts: map[string]bool{}}
		if err := p.scan(content, doc.images); err != nil {
			t.Fatalf("page %d content: %v", i, err)
		}
		doc.pages = append(doc.pages, p)
	}
	doc.fonts = readFonts(t, ctx.XRefTable)
	return doc
}

func pdfConf() *model.Configuration {
	disableConfig.Do(api.DisableConfigDir) // never touch the user's config folder
	conf := model.NewDefaultConfiguration()
	conf.Cmd = model.LISTIMAGES
	return conf
}

// validatePDF runs pdfcpu's validation (its default, relaxed mode).
func validatePDF(data []byte) error {
	_, err := api.ReadAndValidate(bytes.NewReader(data), pdfConf())
	return err
}

// readFonts lists every font dictionary in the document.
func readFonts(t testing.TB, xt *model.XRefTable) []pdfFont {
	t.Helper()
	dict := func(o types.Object) types.Dict {
		o, err := xt.Dereference(o)
		if err != nil {
			t.Fatalf("fonts: %v", err)
		}
		switch v := o.(type) {
		case types.Dict:
			return v
		case types.StreamDict:
			return v.Dict
		}
		return nil
	}
	name := func(d types.Dict, key string) string {
		if n := d.NameEntry(key); n != nil {
			return *n
		}
		return ""
	}
	// hasFile reports whether a font dict's descriptor holds a TrueType
	// font program with some bytes.
	hasFile := func(fd types.Dict) bool {
		desc := dict(fd["FontDescriptor"])
		if desc == nil {
			return false
		}
		ref := desc.IndirectRefEntry("FontFile2")
		if ref == nil {
			return false
		}
		sd, _, err := xt.DereferenceStreamDict(*ref)
		if err != nil || sd == nil {
			return false
		}
		return len(sd.Raw) > 0 || (sd.StreamLength != nil && *sd.StreamLength > 0)
	}
	var fonts []pdfFont
	for nr := 1; nr <= xt.MaxObjNr; nr++ {
		e, ok := xt.Find(nr)
		if !ok || e.Free || e.Object == nil {
			continue
		}
		var d types.Dict
		switch v := e.Object.(type) {
		case types.Dict:
			d = v
		default:
			continue
		}
		if name(d, "Type") != "Font" {
			continue
		}
		f := pdfFont{base: name(d, "BaseFont"), subtype: name(d, "Subtype")}
		switch f.subtype {
		case "Type0":
			if arr := d.ArrayEntry("DescendantFonts"); len(arr) == 1 {
				f.embedded = hasFile(dict(arr[0]))
			}
		case "CIDFontType2":
			continue // listed with its Type0 parent
		default:
			f.embedded = hasFile(d)
		}
		fonts = append(fonts, f)
	}
	return fonts
}

// matrix is a PDF transformation matrix [a b c d e f].
type matrix = pdfcontent.Matrix

const ptPerMM = 72 / 25.4

// scan reads a content stream for the few operators that tell what is
// drawn where: q, Q and cm for the transformation, Do for images, Tf and
// the text-showing operators.
func (p *pdfPage) scan(content []byte, images map[string]pdfImage) error {
	ctm := pdfcontent.Identity
	var stack []matrix
	var operands []string
	err := pdfcontent.Scan(content, func(tok pdfcontent.Token) error {
		if tok.Operand {
			operands = append(operands, string(tok.Raw))
			return nil
		}
		switch string(tok.Raw) {
		case "q":
			stack = append(stack, ctm)
		case "Q":
			if len(stack) == 0 {
				return fmt.Errorf("Q without q")
			}
			ctm, stack = stack[len(stack)-1], stack[:len(stack)-1]
		case "cm":
			if len(operands) != 6 {
				return fmt.Errorf("cm with %d operands", len(operands))
			}
			var m matrix
			for i, s := range operands {
				v, err := strconv.ParseFloat(s, 64)
				if err != nil {
					return fmt.Errorf("cm operand %q", s)
				}
				m[i] = v
			}
			ctm = m.Mul(ctm)
		case "Do":
			if len(operands) != 1 || operands[0][0] != '/' {
				return fmt.Errorf("Do with operands %q", operands)
			}
			name := operands[0][1:]
			img, ok := images[name]
			if !ok {
				return fmt.Errorf("Do %s: no such image", name)
			}
			p.draws = append(p.draws, p.placed(img, ctm))
		case "Tf":
			if len(operands) == 2 {
				p.fonts[operands[0]] = true
			}
		case "Tj", "TJ", "'", "\"":
			p.texts++
		case "f", "F", "f*", "B", "B*", "b", "b*":
			p.fills++
		case "w":
			if len(operands) == 1 {
				if v, err := strconv.ParseFloat(operands[0], 64); err == nil {
					p.lineW = math.Max(p.lineW, v)
				}
			}
		}
		operands = operands[:0]
		return nil
	})
	if err != nil {
		return err
	}
	if len(stack) != 0 {
		return fmt.Errorf("%d q without Q", len(stack))
	}
	return nil
}

// placed works out where the unit square, mapped by ctm, lies on the page
// in mm from the top left, and which quarter turn maps the image's top-left
// corner to where it landed.
func (p *pdfPage) placed(img pdfImage, ctm matrix) pdfDraw {
	toMM := func(x, y float64) (float64, float64) { return x / ptPerMM, (p.h - y) / ptPerMM }
	x0, y0 := math.Inf(1), math.Inf(1)
	x1, y1 := math.Inf(-1), math.Inf(-1)
	for _, c := range [][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
		x, y := toMM(ctm.Apply(c[0], c[1]))
		x0, y0, x1, y1 = math.Min(x0, x), math.Min(y0, y), math.Max(x1, x), math.Max(y1, y)
	}
	box := layout.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
	// The image's top-left corner is (0, 1) in image space.
	tx, ty := toMM(ctm.Apply(0, 1))
	left, top := math.Abs(tx-x0) < 0.05, math.Abs(ty-y0) < 0.05
	turn := layout.Turn(-1)
	switch {
	case left && top:
		turn = layout.NoTurn
	case !left && top:
		turn = layout.Clockwise // top-left went to the top right
	case !left && !top:
		turn = layout.HalfTurn
	case left && !top:
		turn = layout.CounterClockwise // top-left went to the bottom left
	}
	return pdfDraw{pdfImage: img, box: box, turn: turn}
}

// viewerPrefs reads the catalog's ViewerPreferences as name values.
func viewerPrefs(t testing.TB, data []byte) map[string]string {
	t.Helper()
	ctx, err := api.ReadContext(bytes.NewReader(data), pdfConf())
	if err != nil {
		t.Fatalf("pdfcpu cannot read the PDF back: %v", err)
	}
	root, err := ctx.XRefTable.Catalog()
	if err != nil {
		t.Fatalf("catalog: %v", err)
	}
	out := map[string]string{}
	o, ok := root.Find("ViewerPreferences")
	if !ok {
		return out
	}
	o, err = ctx.XRefTable.Dereference(o)
	if err != nil {
		t.Fatalf("viewer preferences: %v", err)
	}
	d, _ := o.(types.Dict)
	for k, v := range d {
		out[k] = fmt.Sprint(v)
	}
	return out
}

// pdfVersion returns the version in the file header, "1.4" for "%PDF-1.4".
func pdfVersion(data []byte) string {
	line, _, _ := bytes.Cut(data, []byte("\n"))
	return strings.TrimPrefix(strings.TrimSpace(string(line)), "%PDF-")
}

// ---- Inputs ----

// paint returns a w×h opaque image whose content depends on seed, smooth
// enough to compress like art.
func paint(w, h, seed int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	s := float64(seed + 1)
	for y := range h {
		for x := range w {
			fx, fy := float64(x)/float64(w), float64(y)/float64(h)
			m.Pix[m.PixOffset(x, y)+0] = uint8(128 + 100*math.Sin(s*3*fx+2*fy))
			m.Pix[m.PixOffset(x, y)+1] = uint8(128 + 100*math.Cos(5*fy-s*fx))
			m.Pix[m.PixOffset(x, y)+2] = uint8(128 + 100*math.Sin(9*fx*fy+s))
			m.Pix[m.PixOffset(x, y)+3] = 255
		}
	}
	return m
}

func jpegBytes(t testing.TB, m image.Image, q int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: q}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// hugePNG returns the start of a PNG whose header says w×h pixels: enough
// for the header check, which must refuse it before decoding anything.
func hugePNG(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	chunk := append([]byte("IHDR"), ihdr...)
	binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}

// Art sizes used below, for 63×88 mm cards. full has more pixels than 300
// DPI needs; small is a 241 DPI JPEG (passed through as it is); low is 121
// DPI (below render.MinDPI).
var (
	fullArt  = [2]int{900, 1257}
	smallArt = [2]int{600, 838}
	lowArt   = [2]int{300, 419}
)

// pixels is round(mm/25.4*dpi), the pixel count of prepared art.
func pixels(mm float64, dpi int) int { return int(math.Round(mm / 25.4 * float64(dpi))) }

// gameDir writes a small game into a temporary folder: game.yaml (with
// back, when not "", as its back: block), cards/cards.yaml with the given
// card entries, and files (paths relative to the game folder). Card image
// paths are relative to cards/.
func gameDir(t testing.TB, back string, cards []string, files map[string][]byte) *cardsdb.Game {
	t.Helper()
	dir := t.TempDir()
	game := `id: art-test
name: Art Test
card_size: {width: 63, height: 88}
types:
  - id: unit
    name: Unit
  - id: realm
    name: Realm
    landscape: true
sections:
  - id: main
    name: Main
    types: [unit, realm]
`
	if back != "" {
		game += "back: " + back + "\n"
	}
	all := map[string][]byte{
		"game.yaml":        []byte(game),
		"cards/cards.yaml": []byte("game: art-test\ncards:\n" + strings.Join(cards, "\n") + "\n"),
	}
	maps.Copy(all, files)
	for name, data := range all {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db := cardsdb.Empty()
	if err := db.AddPath(dir); err != nil {
		t.Fatalf("loading the test game: %v", err)
	}
	g, err := db.LookupGame("art-test")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// cardItems returns one item per named card of g, in that order.
func cardItems(t testing.TB, g *cardsdb.Game, names ...string) []cardface.Item {
	t.Helper()
	var items []cardface.Item
	for _, n := range names {
		c := g.Card(n)
		if c == nil {
			t.Fatalf("no card %q in %s", n, g.ID)
		}
		items = append(items, cardface.CardItem(g, c))
	}
	return items
}

// render renders items with the bundled templates, A4 and poker-size
// defaults changed by mod, and reads the PDF back.
func renderPDF(t testing.TB, items []cardface.Item, mod func(*render.RenderOptions)) (*render.Report, *pdfDoc) {
	t.Helper()
	opts := render.RenderOptions{Sheet: layout.DefaultOptions()}
	if mod != nil {
		mod(&opts)
	}
	var buf bytes.Buffer
	rep, err := render.Render(context.Background(), &buf, items, opts)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	if rep == nil {
		t.Fatal("Render returned no report")
	}
	return rep, readPDF(t, buf.Bytes())
}

// warnKinds counts the report's warnings by kind.
func warnKinds(rep *render.Report) map[string]int {
	m := map[string]int{}
	for _, w := range rep.Warnings {
		m[w.Kind]++
	}
	return m
}

const (
	a4W, a4H         = 595.28, 841.89 // points
	letterW, letterH = 612, 792
	a3W, a3H         = 841.89, 1190.55
)

// nearPt compares lengths in points as written by gofpdf (2 decimals).
func nearPt(a, b float64) bool { return math.Abs(a-b) < 0.01 }

// nearMM compares positions in mm read back from a PDF.
func nearMM(a, b float64) bool { return math.Abs(a-b) < 0.02 }

func sameRect(a, b layout.Rect) bool {
	return nearMM(a.X, b.X) && nearMM(a.Y, b.Y) && nearMM(a.W, b.W) && nearMM(a.H, b.H)
}

// checkPages checks the page count, that every page has the size w×h
// points, and that the report agrees with the PDF.
func checkPages(t *testing.T, rep *render.Report, doc *pdfDoc, pages int, w, h float64) {
	t.Helper()
	if len(doc.pages) != pages || rep.Pages != pages {
		t.Errorf("PDF has %d pages, report says %d, want %d", len(doc.pages), rep.Pages, pages)
	}
	for i, p := range doc.pages {
		if !nearPt(p.w, w) || !nearPt(p.h, h) {
			t.Errorf("page %d is %.2fx%.2f pt, want %.2fx%.2f", i+1, p.w, p.h, w, h)
		}
	}
}

// checkEmbeddedFonts checks that the PDF's fonts are the Go fonts of the
// text proxies, every one embedded as a TrueType program, and that pages
// with text select them.
func checkEmbeddedFonts(t *testing.T, doc *pdfDoc) {
	t.Helper()
	if len(doc.fonts) == 0 {
		t.Fatal("the PDF has no fonts, but text proxies were drawn")
	}
	for _, f := range doc.fonts {
		if !f.embedded {
			t.Errorf("font %s (%s) is not embedded (no FontFile2 with data)", f.base, f.subtype)
		}
		if !strings.Contains(strings.ToLower(f.base), "go") {
			t.Errorf("font %s is not one of the Go fonts", f.base)
		}
	}
	texts := 0
	for i, p := range doc.pages {
		texts += p.texts
		if p.texts > 0 && len(p.fonts) == 0 {
			t.Errorf("page %d shows text without selecting a font", i+1)
		}
	}
	if texts == 0 {
		t.Error("no page shows any text")
	}
}

// ---- Rendering bundled decks (text proxies) ----

func TestRenderBundled(t *testing.T) {
	// The bundled games have back images (TestBundledBacks); here every
	// face is a text proxy, backs included, as for a game without one.
	cosmos := func(t *testing.T) []cardface.Item {
		return textBacks(cardface.DeckItems(cardsdbtest.Deck(t, "seeker-chronicles/cosmos")))
	}
	tests := []struct {
		name      string
		items     func(*testing.T) []cardface.Item
		mod       func(*layout.Options)
		pages     int
		w, h      float64 // page size, points
		perPage   int
		textFaces int
		warns     map[string]int // every warning, by kind
	}{
		{name: "cosmos-a4", items: cosmos, pages: 6, w: a4W, h: a4H, perPage: 9, textFaces: 46},
		{name: "cosmos-letter", items: cosmos, mod: func(o *layout.Options) { o.Paper = layout.Letter },
			pages: 6, w: letterW, h: letterH, perPage: 9, textFaces: 46},
		// A3 holds 6x3 poker cards turned to landscape, 4x4 upright.
		{name: "cosmos-a3", items: cosmos, mod: func(o *layout.Options) { o.Paper = layout.A3 },
			pages: 3, w: a3H, h: a3W, perPage: 18, textFaces: 46},
		{name: "cosmos-backs-long", items: cosmos, mod: func(o *layout.Options) { o.Backs = layout.BacksLong },
			pages: 12, w: a4W, h: a4H, perPage: 9, textFaces: 92, warns: map[string]int{"missing-back": 1}},
		{name: "cosmos-backs-short", items: cosmos, mod: func(o *layout.Options) { o.Backs = layout.BacksShort },
			pages: 12, w: a4W, h: a4H, perPage: 9, textFaces: 92, warns: map[string]int{"missing-back": 1}},
		// Folded, landscape A4 holds 2x2 pairs on each half.
		{name: "cosmos-fold", items: cosmos, mod: func(o *layout.Options) { o.Backs = layout.BacksFold },
			pages: 12, w: a4H, h: a4W, perPage: 4, textFaces: 92, warns: map[string]int{"missing-back": 1}},
		{name: "cosmos-lines-bleed-gap", items: cosmos, mod: func(o *layout.Options) {
			o.Marks, o.Bleed, o.Gap = layout.MarksLines, 2, 1
		}, pages: 6, w: a4H, h: a4W, perPage: 8, textFaces: 46}, // 67x92 cells: 4x2 on landscape A4
		{name: "seeker-chronicles-set", items: func(t *testing.T) []cardface.Item {
			return cardface.SetItems(cardsdbtest.Game(t, "seeker-chronicles"))
		}, w: a4W, h: a4H, perPage: 9},
		// Realms are landscape cards turned into portrait slots.
		{name: "ember-covenant-mono", items: func(t *testing.T) []cardface.Item {
			return cardface.DeckItems(cardsdbtest.Deck(t, "arkhtide/ember-covenant-mono"))
		}, pages: 6, w: a4W, h: a4H, perPage: 9, textFaces: 48},
		{name: "ember-covenant-mono-backs-long", items: func(t *testing.T) []cardface.Item {
			return textBacks(cardface.DeckItems(cardsdbtest.Deck(t, "arkhtide/ember-covenant-mono")))
		}, mod: func(o *layout.Options) { o.Backs = layout.BacksLong },
			pages: 12, w: a4W, h: a4H, perPage: 9, textFaces: 96, warns: map[string]int{"missing-back": 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := tt.items(t)
			if tt.pages == 0 { // a whole set: one page per 9 cards
				tt.pages = (len(items) + tt.perPage - 1) / tt.perPage
				tt.textFaces = len(items)
			}
			rep, doc := renderPDF(t, items, func(o *render.RenderOptions) {
				if tt.mod != nil {
					tt.mod(&o.Sheet)
				}
			})
			checkPages(t, rep, doc, tt.pages, tt.w, tt.h)
			if rep.Cards != len(items) || rep.PerPage != tt.perPage {
				t.Errorf("report: %d cards, %d per page; want %d, %d", rep.Cards, rep.PerPage, len(items), tt.perPage)
			}
			if rep.TextFaces != tt.textFaces || rep.Images != 0 || rep.Passthrough != 0 || rep.Cached != 0 {
				t.Errorf("report: %d text faces, %d images, %d passthrough, %d cached; want %d text faces and no art",
					rep.TextFaces, rep.Images, rep.Passthrough, rep.Cached, tt.textFaces)
			}
			if len(doc.images) != 0 {
				t.Errorf("%d images in a PDF of text proxies", len(doc.images))
			}
			if kinds := warnKinds(rep); !maps.Equal(kinds, tt.warns) && len(kinds)+len(tt.warns) > 0 {
				t.Errorf("warnings %v, want %v: %q", kinds, tt.warns, rep.Warnings)
			}
			for _, w := range rep.Warnings {
				if w.Message == "" || w.Kind == "" {
					t.Errorf("warning without kind or message: %+v", w)
				}
			}
			checkEmbeddedFonts(t, doc)
			if rep.Sheet.PerPage() != rep.PerPage || rep.Sheet.BackMode != func() layout.BackMode {
				o := layout.DefaultOptions()
				if tt.mod != nil {
					tt.mod(&o)
				}
				return o.Backs
			}() {
				t.Errorf("report's sheet %+v does not match", rep.Sheet)
			}
			// Every page of fronts has text; with duplex backs, so has
			// every page of backs (the game's back text).
			for i, p := range doc.pages {
				if p.texts == 0 {
					t.Errorf("page %d has no text", i+1)
				}
			}
		})
	}
}

// textBacks takes the back images off items, so that their backs print as
// text proxies.
func textBacks(items []cardface.Item) []cardface.Item {
	for i := range items {
		if !items[i].Own {
			items[i].Back.Image = ""
		}
	}
	return items
}

// ---- Rendering art ----

// artFiles are the art files of the test games, made once.
var artFiles = sync.OnceValue(func() map[string][]byte {
	enc := func(m image.Image) []byte {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: 90}); err != nil {
			panic(err)
		}
		return b.Bytes()
	}
	translucent := image.NewNRGBA(image.Rect(0, 0, fullArt[0], fullArt[1]))
	for i := range translucent.Pix {
		translucent.Pix[i] = uint8(i * 7 % 251)
	}
	var alpha bytes.Buffer
	if err := png.Encode(&alpha, translucent); err != nil {
		panic(err)
	}
	small := enc(paint(smallArt[0], smallArt[1], 7))
	return map[string][]byte{
		"cards/art/a.jpg":         enc(paint(fullArt[0], fullArt[1], 1)),
		"cards/art/b.jpg":         enc(paint(fullArt[0], fullArt[1], 2)),
		"cards/art/twin.jpg":      enc(paint(fullArt[0], fullArt[1], 3)),
		"cards/art/twin-back.jpg": enc(paint(fullArt[0], fullArt[1], 4)),
		"cards/art/back.jpg":      enc(paint(fullArt[0], fullArt[1], 5)),
		"cards/art/small.jpg":     small,
		"cards/art/low.jpg":       enc(paint(lowArt[0], lowArt[1], 8)),
		"cards/art/alpha.png":     alpha.Bytes(),
		"cards/art/realm.jpg":     enc(paint(fullArt[1], fullArt[0], 9)),
		"cards/art/realm-b.jpg":   enc(paint(fullArt[1], fullArt[0], 10)),
		"cards/art/corrupt.jpg":   append([]byte("\xff\xd8\xff\xe0"), bytes.Repeat([]byte("not a jpeg "), 50)...),
		"cards/art/truncated.jpg": small[:len(small)/2],
		"cards/art/text.jpg":      []byte("just some text, not an image\n"),
		"cards/art/huge.png":      hugePNG(12000, 9000), // 108 megapixels
	}
})

// The cards of the art test game.
var artCards = []string{
	"  - {name: Alpha, type: unit, image: art/a.jpg}",
	"  - {name: Beta, type: unit, image: art/b.jpg}",
	"  - {name: Alpha Again, type: unit, image: art/a.jpg}",
	"  - {name: Small, type: unit, image: art/small.jpg}",
	"  - {name: Low, type: unit, image: art/low.jpg}",
	"  - {name: Translucent, type: unit, image: art/alpha.png}",
	"  - {name: Missing, type: unit, image: art/nope.jpg}",
	"  - {name: Corrupt, type: unit, image: art/corrupt.jpg}",
	"  - {name: Truncated, type: unit, image: art/truncated.jpg}",
	"  - {name: Text File, type: unit, image: art/text.jpg}",
	"  - {name: Huge, type: unit, image: art/huge.png}",
	"  - {name: Twin, type: unit, image: art/twin.jpg, back: {name: Twin Reborn, text: Again, image: art/twin-back.jpg}}",
	"  - {name: Twin Text, type: unit, back: {name: Twin Text Reborn, text: Turned over}}",
	"  - {name: Vale, type: realm, image: art/realm.jpg}",
	"  - {name: Two Vales, type: realm, image: art/realm.jpg, back: {name: Other Vale, image: art/realm-b.jpg}}",
	"  - {name: Plain, type: unit}",
	"  - {name: Wide Unit, type: unit, image: art/realm.jpg, landscape: true}",
	"  - {name: Tall Vale, type: realm, image: art/a.jpg, landscape: false}",
	"  - name: Verbose\n    type: unit\n    text: " + strings.Repeat("This card has far more rules text than any card could hold. ", 60),
	"  - {name: \"Rocket \U0001F680\", type: unit, text: \"Lift off \u2728\U0001F680 now\"}",
}

// wantDraw is an image expected on a page: its slot's rectangle, its turn
// and its pixel size.
type wantDraw struct {
	box  layout.Rect
	turn layout.Turn
	w, h int
	path string
}

// ownTurn is how a face is turned in a front slot of sheet: landscape faces
// a quarter turn clockwise.
func ownTurn(sheet layout.Sheet, f cardface.Face) layout.Turn {
	size := sheet.Card
	if f.Landscape {
		size = size.Rotated()
	}
	if layout.FitRotation(size, sheet.Card) {
		return layout.Clockwise
	}
	return layout.NoTurn
}

// expectDraws works out, from the sheet's geometry alone, which images each
// page should draw where: faces whose art is in size (by path), fronts at
// Slots, backs at Backs (on the next page for duplex, on the same page for
// a fold), each turned as BackTurn says for its own orientation.
func expectDraws(sheet layout.Sheet, items []cardface.Item, size map[string][2]int) [][]wantDraw {
	per := sheet.PerPage()
	var pages [][]wantDraw
	for start := 0; start < len(items); start += per {
		page := items[start:min(start+per, len(items))]
		var fronts, backs []wantDraw
		for i, it := range page {
			if s, ok := size[it.Front.Image]; ok && it.Front.Image != "" {
				fronts = append(fronts, wantDraw{sheet.Slots[i].BleedRect(), ownTurn(sheet, it.Front), s[0], s[1], it.Front.Image})
			}
			if sheet.BackMode == layout.BacksNone {
				continue
			}
			if s, ok := size[it.Back.Image]; ok && it.Back.Image != "" {
				turn := layout.BackTurn(sheet, sheet.BackMode, ownTurn(sheet, it.Back))
				backs = append(backs, wantDraw{sheet.Backs[i].BleedRect(), turn, s[0], s[1], it.Back.Image})
			}
		}
		switch sheet.BackMode {
		case layout.BacksFold:
			pages = append(pages, append(fronts, backs...))
		case layout.BacksLong, layout.BacksShort:
			pages = append(pages, fronts, backs)
		default:
			pages = append(pages, fronts)
		}
	}
	return pages
}

// preparedJPEGs prepares the art of items as Render does (the same specs)
// and returns the SHA-256 of each JPEG by path: a JPEG is embedded in the
// PDF as it is, so the drawn image can be told by its bytes.
func preparedJPEGs(t *testing.T, items []cardface.Item, opts render.RenderOptions) map[string][sha256.Size]byte {
	t.Helper()
	sheet, err := layout.Plan(opts.Sheet)
	if err != nil {
		t.Fatal(err)
	}
	dpi := cmp.Or(opts.DPI, 300)
	var specs []art.ImageSpec
	seen := map[string]bool{}
	add := func(f cardface.Face) {
		if f.Image == "" || seen[f.Image] {
			return
		}
		seen[f.Image] = true
		size := sheet.Card
		if f.Landscape {
			size = size.Rotated()
		}
		specs = append(specs, art.ImageSpec{FS: f.FS, Path: f.Image, TrimW: size.W, TrimH: size.H, Bleed: sheet.Bleed, DPI: dpi})
	}
	for _, it := range items {
		add(it.Front)
		if sheet.BackMode != layout.BacksNone {
			add(it.Back)
		}
	}
	res, errs := art.PrepareImages(context.Background(), specs, art.PrepareOptions{})
	sums := map[string][sha256.Size]byte{}
	for i, p := range res {
		if errs[i] == nil && p.Type == "jpg" {
			sums[specs[i].Path] = sha256.Sum256(p.Data)
		}
	}
	return sums
}

// checkDraws compares the images drawn on each page with want, in drawing
// order, and checks that no image is drawn stretched. sums tells JPEG art
// apart by its bytes.
func checkDraws(t *testing.T, doc *pdfDoc, want [][]wantDraw, sums map[string][sha256.Size]byte) {
	t.Helper()
	if len(want) != len(doc.pages) {
		t.Errorf("expected draws for %d pages, the PDF has %d", len(want), len(doc.pages))
		return
	}
	for p, page := range doc.pages {
		for _, d := range page.draws {
			w, h := d.box.W, d.box.H
			if d.turn%2 == 1 {
				w, h = h, w // the image's own width lies along the page's y
			}
			if r := (float64(d.w) / float64(d.h)) / (w / h); math.Abs(r-1) > 0.02 {
				t.Errorf("page %d: %dx%d image drawn %.1fx%.1f mm in its own orientation (turn %d): stretched by %.2f",
					p+1, d.w, d.h, w, h, d.turn, r)
			}
		}
		if len(page.draws) != len(want[p]) {
			t.Errorf("page %d draws %d images, want %d", p+1, len(page.draws), len(want[p]))
			continue
		}
		for i, d := range page.draws {
			wd := want[p][i]
			if !sameRect(d.box, wd.box) || d.turn != wd.turn || d.w != wd.w || d.h != wd.h {
				t.Errorf("page %d image %d: %dx%d px at %+v turn %d; want %s, %dx%d px at %+v turn %d",
					p+1, i, d.w, d.h, d.box, d.turn, wd.path, wd.w, wd.h, wd.box, wd.turn)
			}
			if sum, ok := sums[wd.path]; ok && sum != d.sum {
				t.Errorf("page %d image %d is not the prepared %s", p+1, i, wd.path)
			}
		}
	}
}

func TestRenderArt(t *testing.T) {
	full := [2]int{pixels(63, 300), pixels(88, 300)}       // 744x1039
	landscape := [2]int{pixels(88, 300), pixels(63, 300)}  // 1039x744
	bleed3 := [2]int{pixels(63+6, 300), pixels(88+6, 300)} // 815x1110
	dpi150 := [2]int{pixels(63, 150), pixels(88, 150)}     // 372x520
	if full != [2]int{744, 1039} || bleed3 != [2]int{815, 1110} || dpi150 != [2]int{372, 520} {
		t.Fatalf("pixel arithmetic: %v %v %v", full, bleed3, dpi150)
	}
	art := func(names ...string) map[string][2]int {
		m := map[string][2]int{}
		for i := 0; i+1 < len(names); i += 2 {
			m["cards/art/"+names[i]] = map[string][2]int{"full": full, "landscape": landscape, "bleed3": bleed3,
				"dpi150": dpi150, "small": smallArt, "low": lowArt}[names[i+1]]
		}
		return m
	}
	const gameBack = "{image: cards/art/back.jpg, text: Art Test}"
	tests := []struct {
		name  string
		back  string   // the game's back: block
		cards []string // names of the cards to print, one item each
		mod   func(*render.RenderOptions)

		pages                                  int
		images, textFaces, passthrough, cached int
		objects                                int               // image XObjects drawn on pages (soft masks not counted)
		drawn                                  map[string][2]int // art drawn from, by path, with its pixel size
		warns                                  map[string]int    // every warning, by kind
		messages                               []string          // regexps each matching some warning message
		check                                  func(t *testing.T, rep *render.Report, doc *pdfDoc)
	}{
		{name: "300dpi", cards: []string{"Alpha", "Beta"},
			pages: 1, images: 2, objects: 2, drawn: art("a.jpg", "full", "b.jpg", "full")},
		{name: "bleed-3mm", cards: []string{"Alpha", "Beta"}, mod: func(o *render.RenderOptions) { o.Sheet.Bleed = 3 },
			pages: 1, images: 2, objects: 2, drawn: art("a.jpg", "bleed3", "b.jpg", "bleed3")},
		{name: "150dpi", cards: []string{"Alpha", "Beta"}, mod: func(o *render.RenderOptions) { o.DPI = 150 },
			pages: 1, images: 2, objects: 2, drawn: art("a.jpg", "dpi150", "b.jpg", "dpi150")},
		// Art used by several cards and copies is embedded once.
		{name: "shared-art", cards: []string{"Alpha", "Alpha Again", "Alpha", "Beta", "Alpha"},
			pages: 1, images: 5, objects: 2, drawn: art("a.jpg", "full", "b.jpg", "full")},
		{name: "passthrough-jpeg", cards: []string{"Small"},
			pages: 1, images: 1, passthrough: 1, objects: 1, drawn: art("small.jpg", "small"),
			check: func(t *testing.T, rep *render.Report, doc *pdfDoc) {
				if !bytes.Contains(doc.raw, artFiles()["cards/art/small.jpg"]) {
					t.Error("the passed-through JPEG's bytes are not in the PDF")
				}
				for _, img := range doc.images {
					if img.filter != "DCTDecode" {
						t.Errorf("passed-through JPEG has filter %q, want DCTDecode", img.filter)
					}
				}
			}},
		// Bleed needs new pixels: the JPEG cannot go through as it is.
		{name: "no-passthrough-with-bleed", cards: []string{"Small"}, mod: func(o *render.RenderOptions) { o.Sheet.Bleed = 3 },
			pages: 1, images: 1, objects: 1,
			drawn: map[string][2]int{"cards/art/small.jpg": {600 + 2*29, 838 + 2*29}}, // round(3*600/63) = round(3*838/88) = 29
			check: func(t *testing.T, rep *render.Report, doc *pdfDoc) {
				if bytes.Contains(doc.raw, artFiles()["cards/art/small.jpg"]) {
					t.Error("the source JPEG went into the PDF unchanged although it needed bleed")
				}
			}},
		{name: "low-dpi", cards: []string{"Low", "Alpha"},
			pages: 1, images: 2, passthrough: 1, objects: 2, drawn: art("low.jpg", "low", "a.jpg", "full"),
			warns: map[string]int{"low-dpi": 1}, messages: []string{`^Low: art cards/art/low\.jpg is 121 DPI at the printed size, below 200`}},
		{name: "png-with-transparency", cards: []string{"Translucent"},
			pages: 1, images: 1, objects: 1, drawn: art("alpha.png", "full"),
			check: func(t *testing.T, rep *render.Report, doc *pdfDoc) {
				masked := 0
				for _, img := range doc.images {
					if img.smask {
						masked++
					}
				}
				if masked != 1 {
					t.Errorf("%d images with a soft mask, want 1 (the PNG's transparency)", masked)
				}
			}},
		{name: "missing-art", cards: []string{"Missing", "Alpha"},
			pages: 1, images: 1, textFaces: 1, objects: 1, drawn: art("a.jpg", "full"),
			warns: map[string]int{"missing-image": 1}, messages: []string{`^Missing: .*nope\.jpg.*text proxy`}},
		{name: "corrupt-art", cards: []string{"Corrupt"},
			pages: 1, textFaces: 1, warns: map[string]int{"missing-image": 1}, messages: []string{`^Corrupt: .*corrupt\.jpg`}},
		// A JPEG cut short is not passed through as it is.
		{name: "truncated-jpeg", cards: []string{"Truncated"},
			pages: 1, textFaces: 1, warns: map[string]int{"missing-image": 1}, messages: []string{`^Truncated: .*truncated\.jpg`}},
		{name: "not-an-image", cards: []string{"Text File"},
			pages: 1, textFaces: 1, warns: map[string]int{"missing-image": 1}, messages: []string{`text\.jpg.*unknown image format`}},
		{name: "over-100-megapixels", cards: []string{"Huge"},
			pages: 1, textFaces: 1, warns: map[string]int{"missing-image": 1},
			messages: []string{`^Huge: .*huge\.png.*12000×9000 pixels \(108\.0 megapixels\) is over the 100-megapixel limit`}},
		// Without backs the game's back image is not even prepared.
		{name: "no-backs-no-back-image", back: gameBack, cards: []string{"Alpha"},
			pages: 1, images: 1, objects: 1, drawn: art("a.jpg", "full")},
		{name: "duplex-long-game-back", back: gameBack, cards: []string{"Alpha", "Beta", "Plain"},
			mod:   func(o *render.RenderOptions) { o.Sheet.Backs = layout.BacksLong },
			pages: 2, images: 5, textFaces: 1, objects: 3, drawn: art("a.jpg", "full", "b.jpg", "full", "back.jpg", "full")},
		{name: "duplex-short-game-back", back: gameBack, cards: []string{"Alpha", "Beta"},
			mod:   func(o *render.RenderOptions) { o.Sheet.Backs = layout.BacksShort },
			pages: 2, images: 4, objects: 3, drawn: art("a.jpg", "full", "b.jpg", "full", "back.jpg", "full")},
		{name: "duplex-no-back-image", back: "{text: Art Test}", cards: []string{"Alpha", "Beta"},
			mod:   func(o *render.RenderOptions) { o.Sheet.Backs = layout.BacksLong },
			pages: 2, images: 2, textFaces: 2, objects: 2, drawn: art("a.jpg", "full", "b.jpg", "full"),
			warns: map[string]int{"missing-back": 1}, messages: []string{`^Art Test has no back image`}},
		{name: "duplex-unreadable-back", back: "{image: cards/art/gone.jpg}", cards: []string{"Alpha"},
			mod:   func(o *render.RenderOptions) { o.Sheet.Backs = layout.BacksLong },
			pages: 2, images: 1, textFaces: 1, objects: 1, drawn: art("a.jpg", "full"),
			warns: map[string]int{"missing-back": 1, "missing-image": 1}, messages: []string{`gone\.jpg could not be read`}},
		// Only double-faced cards: no game back is needed, no warning.
		{name: "duplex-only-double-faced", cards: []string{"Twin", "Twin Text"},
			mod:   func(o *render.RenderOptions) { o.Sheet.Backs = layout.BacksLong },
			pages: 2, images: 2, textFaces: 2, objects: 2, drawn: art("twin.jpg", "full", "twin-back.jpg", "full")},
		{name: "double-faced-long", back: gameBack, cards: []string{"Twin", "Alpha"},
			mod:   func(o *render.RenderOptions) { o.Sheet.Backs = layout.BacksLong },
			pages: 2, images: 4, objects: 4, drawn: art("twin.jpg", "full", "twin-back.jpg", "full", "a.jpg", "full", "back.jpg", "full"),
			check: func(t *testing.T, rep *render.Report, doc *pdfDoc) {
				// Long-edge flip of portrait A4: the first card's back is
				// at the top right, the second's in the middle.
				backs := doc.pages[1].draws
				if len(backs) != 2 {
					t.Fatalf("%d backs", len(backs))
				}
				for i, at := range [][2]float64{{136.5, 16.5}, {73.5, 16.5}} {
					d := backs[i]
					if !nearMM(d.box.X, at[0]) || !nearMM(d.box.Y, at[1]) || d.turn != layout.NoTurn {
						t.Errorf("back %d at (%.2f, %.2f) turn %d, want (%g, %g) unturned", i, d.box.X, d.box.Y, d.turn, at[0], at[1])
					}
				}
				if backs[0].sum == backs[1].sum {
					t.Error("the double-faced card's back is the game's back")
				}
			}},
		{name: "double-faced-short", back: gameBack, cards: []string{"Twin", "Alpha"},
			mod:   func(o *render.RenderOptions) { o.Sheet.Backs = layout.BacksShort },
			pages: 2, images: 4, objects: 4, drawn: art("twin.jpg", "full", "twin-back.jpg", "full", "a.jpg", "full", "back.jpg", "full")},
		{name: "double-faced-fold", back: gameBack, cards: []string{"Twin", "Alpha", "Beta", "Twin", "Alpha"},
			mod:   func(o *render.RenderOptions) { o.Sheet.Backs = layout.BacksFold },
			pages: 2, images: 10, objects: 5, drawn: art("twin.jpg", "full", "twin-back.jpg", "full", "a.jpg", "full", "b.jpg", "full", "back.jpg", "full")},
		// A landscape realm goes into a portrait slot turned clockwise.
		{name: "landscape-realm", cards: []string{"Alpha", "Vale"},
			pages: 1, images: 2, objects: 2, drawn: art("realm.jpg", "landscape", "a.jpg", "full"),
			check: func(t *testing.T, rep *render.Report, doc *pdfDoc) {
				if d := doc.pages[0].draws[1]; d.turn != layout.Clockwise || !nearMM(d.box.W, 63) || !nearMM(d.box.H, 88) {
					t.Errorf("realm drawn turned %d over %+v, want clockwise over a 63x88 slot", d.turn, d.box)
				}
			}},
		// A card of a portrait type that is landscape by its own key
		// (what import pnp writes) is drawn as a realm is; a realm that
		// says landscape: false is drawn upright.
		{name: "landscape-card-of-portrait-type", cards: []string{"Alpha", "Wide Unit", "Tall Vale"},
			pages: 1, images: 3, objects: 2, drawn: art("realm.jpg", "landscape", "a.jpg", "full"),
			check: func(t *testing.T, rep *render.Report, doc *pdfDoc) {
				ds := doc.pages[0].draws
				if len(ds) != 3 {
					t.Fatalf("%d images drawn, want 3", len(ds))
				}
				if d := ds[1]; d.turn != layout.Clockwise || !nearMM(d.box.W, 63) || !nearMM(d.box.H, 88) {
					t.Errorf("Wide Unit drawn turned %d over %+v, want clockwise over a 63x88 slot", d.turn, d.box)
				}
				if d := ds[2]; d.turn != layout.NoTurn {
					t.Errorf("Tall Vale drawn turned %d, want upright", d.turn)
				}
			}},
		{name: "landscape-double-faced-long", cards: []string{"Twin Text", "Two Vales"},
			mod:   func(o *render.RenderOptions) { o.Sheet.Backs = layout.BacksLong },
			pages: 2, images: 2, textFaces: 2, objects: 2, drawn: art("realm.jpg", "landscape", "realm-b.jpg", "landscape"),
			check: func(t *testing.T, rep *render.Report, doc *pdfDoc) {
				if d := doc.pages[1].draws[0]; d.turn != layout.CounterClockwise {
					t.Errorf("realm's own back turned %d, want counter-clockwise behind a clockwise front", d.turn)
				}
			}},
		{name: "landscape-double-faced-short", cards: []string{"Twin Text", "Two Vales"},
			mod:   func(o *render.RenderOptions) { o.Sheet.Backs = layout.BacksShort },
			pages: 2, images: 2, textFaces: 2, objects: 2, drawn: art("realm.jpg", "landscape", "realm-b.jpg", "landscape")},
		// In the first column the turned image's box starts left of the
		// page (x = 42 - 44 mm), and gofpdf moves images with a negative x
		// unless ImageOptions.AllowNegativePosition is set.
		{name: "landscape-realm-first-column", cards: []string{"Vale"},
			pages: 1, images: 1, objects: 1, drawn: art("realm.jpg", "landscape")},
		{name: "landscape-bleed", cards: []string{"Vale"}, mod: func(o *render.RenderOptions) { o.Sheet.Bleed = 2 },
			pages: 1, images: 1, objects: 1,
			drawn: map[string][2]int{"cards/art/realm.jpg": {pixels(88+4, 300), pixels(63+4, 300)}}},
		// A realm with the game's (portrait) back: the back must be drawn
		// upright in its slot, not turned with the realm and stretched.
		{name: "landscape-realm-game-back", back: gameBack, cards: []string{"Alpha", "Vale"},
			mod:   func(o *render.RenderOptions) { o.Sheet.Backs = layout.BacksLong },
			pages: 2, images: 4, objects: 3, drawn: art("a.jpg", "full", "realm.jpg", "landscape", "back.jpg", "full")},
		{name: "text-cut", cards: []string{"Verbose"},
			pages: 1, textFaces: 1, warns: map[string]int{"text-cut": 1}, messages: []string{`Verbose`}},
		{name: "emoji-replaced", cards: []string{"Rocket \U0001F680", "Plain"},
			pages: 1, textFaces: 2, warns: map[string]int{"replaced-chars": 1}},
	}
	artFiles() // made once, before the parallel subtests
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			g := gameDir(t, tt.back, artCards, artFiles())
			items := cardItems(t, g, tt.cards...)
			var opts render.RenderOptions
			rep, doc := renderPDF(t, items, func(o *render.RenderOptions) {
				if tt.mod != nil {
					tt.mod(o)
				}
				opts = *o
			})
			sheet, err := layout.Plan(opts.Sheet)
			if err != nil {
				t.Fatal(err)
			}
			checkPages(t, rep, doc, tt.pages, sheet.Page.W*ptPerMM, sheet.Page.H*ptPerMM)
			if rep.Cards != len(items) || rep.Images != tt.images || rep.TextFaces != tt.textFaces ||
				rep.Passthrough != tt.passthrough || rep.Cached != tt.cached {
				t.Errorf("report: %d cards, %d images, %d text faces, %d passthrough, %d cached; want %d, %d, %d, %d, %d",
					rep.Cards, rep.Images, rep.TextFaces, rep.Passthrough, rep.Cached,
					len(items), tt.images, tt.textFaces, tt.passthrough, tt.cached)
			}
			if len(doc.images) != tt.objects {
				t.Errorf("%d image objects in the PDF, want %d", len(doc.images), tt.objects)
			}
			if kinds := warnKinds(rep); !maps.Equal(kinds, tt.warns) && len(kinds)+len(tt.warns) > 0 {
				t.Errorf("warnings %v, want %v: %q", kinds, tt.warns, rep.Warnings)
			}
			for _, re := range tt.messages {
				found := false
				for _, w := range rep.Warnings {
					found = found || regexp.MustCompile(re).MatchString(w.Message)
				}
				if !found {
					t.Errorf("no warning matches %q: %q", re, rep.Warnings)
				}
			}
			checkDraws(t, doc, expectDraws(sheet, items, tt.drawn), preparedJPEGs(t, items, opts))
			if tt.textFaces > 0 {
				checkEmbeddedFonts(t, doc)
			}
			if tt.check != nil {
				tt.check(t, rep, doc)
			}
		})
	}
}

// ---- Same input, same bytes ----

// renderBytes renders items and returns the PDF.
func renderBytes(t testing.TB, items []cardface.Item, opts render.RenderOptions) ([]byte, *render.Report) {
	t.Helper()
	var buf bytes.Buffer
	rep, err := render.Render(context.Background(), &buf, items, opts)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	return buf.Bytes(), rep
}

// equalWidthGame is a game of n cards, each with its own art of the same
// size, so that every prepared image has the same pixel width: the case
// where gofpdf used to write images in random map order.
func equalWidthGame(t testing.TB, n int) (*cardsdb.Game, []cardface.Item) {
	t.Helper()
	var cards []string
	files := map[string][]byte{}
	var names []string
	for i := range n {
		name := fmt.Sprintf("Art %d", i)
		names = append(names, name)
		cards = append(cards, fmt.Sprintf("  - {name: %s, type: unit, image: art/%d.jpg}", name, i))
		files[fmt.Sprintf("cards/art/%d.jpg", i)] = jpegBytes(t, paint(fullArt[0], fullArt[1], 20+i), 90)
	}
	g := gameDir(t, "", cards, files)
	return g, cardItems(t, g, names...)
}

func TestRenderDeterministic(t *testing.T) {
	t.Run("text-proxies", func(t *testing.T) {
		items := cardface.DeckItems(cardsdbtest.Deck(t, "seeker-chronicles/cosmos"))
		opts := render.RenderOptions{Sheet: layout.DefaultOptions(), Title: "cosmos"}
		opts.Sheet.Backs = layout.BacksLong
		first, _ := renderBytes(t, items, opts)
		for run := 1; run < 3; run++ {
			if again, _ := renderBytes(t, items, opts); !bytes.Equal(first, again) {
				t.Fatalf("run %d gave other bytes (%d vs %d bytes)", run+1, len(again), len(first))
			}
		}
	})
	t.Run("five-equal-width-images", func(t *testing.T) {
		_, items := equalWidthGame(t, 5)
		cache := t.TempDir()
		base := render.RenderOptions{Sheet: layout.DefaultOptions()}
		first, rep := renderBytes(t, items, base)
		doc := readPDF(t, first)
		if len(doc.images) != 5 || rep.Images != 5 {
			t.Fatalf("%d images in the PDF, %d in the report, want 5", len(doc.images), rep.Images)
		}
		for _, img := range doc.images {
			if img.w != 744 || img.h != 1039 {
				t.Fatalf("image %dx%d, want every image 744x1039", img.w, img.h)
			}
		}
		// Again and again, with other worker counts, and through a cold
		// and then a warm cache: always the same bytes.
		variants := []struct {
			name       string
			workers    int
			cache      string
			wantCached int
		}{
			{"again", 0, "", 0},
			{"one-worker", 1, "", 0},
			{"three-workers", 3, "", 0},
			{"cold-cache", 2, cache, 0},
			{"warm-cache", 2, cache, 5},
			{"warm-cache-one-worker", 1, cache, 5},
			{"again-2", 0, "", 0},
		}
		for _, v := range variants {
			opts := base
			opts.Workers, opts.CacheDir = v.workers, v.cache
			got, rep := renderBytes(t, items, opts)
			if !bytes.Equal(got, first) {
				t.Errorf("%s: other bytes than the first run (%d vs %d bytes)", v.name, len(got), len(first))
			}
			if rep.Cached != v.wantCached {
				t.Errorf("%s: %d images from the cache, want %d", v.name, rep.Cached, v.wantCached)
			}
		}
	})
}

// ---- Errors, options, report ----

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

func TestRenderErrors(t *testing.T) {
	items := cardface.DeckItems(cardsdbtest.Deck(t, "seeker-chronicles/cosmos"))
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	diskFull := errors.New("disk full")
	tests := []struct {
		name  string
		ctx   context.Context
		items []cardface.Item
		w     io.Writer
		mod   func(*render.RenderOptions)
		is    error  // errors.Is target, if any
		msg   string // regexp of the message
	}{
		{name: "no-items", items: nil, msg: `^nothing to print$`},
		{name: "dpi-too-low", mod: func(o *render.RenderOptions) { o.DPI = 49 }, msg: `dpi 49 is outside 50 to 1200`},
		{name: "dpi-too-high", mod: func(o *render.RenderOptions) { o.DPI = 1201 }, msg: `dpi 1201 is outside 50 to 1200`},
		{name: "card-does-not-fit", mod: func(o *render.RenderOptions) { o.Sheet.Card = layout.Size{W: 300, H: 400} },
			is: layout.ErrNoFit, msg: `300x400 mm card does not fit`},
		{name: "grid-does-not-fit", mod: func(o *render.RenderOptions) { o.Sheet.Grid = layout.Grid{Cols: 4, Rows: 4} },
			is: layout.ErrNoFit, msg: `grid 4x4 .* the most that fits is 3x3 portrait`},
		{name: "cancelled", ctx: cancelled, is: context.Canceled},
		{name: "write-fails", w: failWriter{diskFull}, is: diskFull},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := cmp.Or[context.Context](tt.ctx, context.Background())
			in := items
			if tt.name == "no-items" {
				in = tt.items
			}
			opts := render.RenderOptions{Sheet: layout.DefaultOptions()}
			if tt.mod != nil {
				tt.mod(&opts)
			}
			var buf bytes.Buffer
			w := io.Writer(&buf)
			if tt.w != nil {
				w = tt.w
			}
			rep, err := render.Render(ctx, w, in, opts)
			if err == nil {
				t.Fatalf("no error; report %+v", rep)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %q is not %v", err, tt.is)
			}
			if tt.msg != "" && !regexp.MustCompile(tt.msg).MatchString(err.Error()) {
				t.Errorf("error %q does not match %q", err, tt.msg)
			}
			if buf.Len() != 0 {
				t.Errorf("%d bytes written despite the error", buf.Len())
			}
		})
	}
}

func TestRenderCancelledWhilePreparingArt(t *testing.T) {
	_, items := equalWidthGame(t, 3)
	ctx, cancel := context.WithCancel(context.Background())
	opts := render.RenderOptions{Sheet: layout.DefaultOptions(), Workers: 1}
	opts.Progress = func(stage string, done, total int) {
		if stage == "art" && done == 1 {
			cancel()
		}
	}
	var buf bytes.Buffer
	_, err := render.Render(ctx, &buf, items, opts)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
	if buf.Len() != 0 {
		t.Errorf("%d bytes written by a cancelled render", buf.Len())
	}
}

func TestRenderProgress(t *testing.T) {
	_, items := equalWidthGame(t, 2)
	items = append(items, cardface.DeckItems(cardsdbtest.Deck(t, "seeker-chronicles/cosmos"))[:10]...)
	last := map[string][2]int{}
	var mu sync.Mutex
	opts := render.RenderOptions{Sheet: layout.DefaultOptions(), Progress: func(stage string, done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if p, ok := last[stage]; ok && done < p[0] {
			t.Errorf("%s went back from %d to %d", stage, p[0], done)
		}
		last[stage] = [2]int{done, total}
	}}
	renderBytes(t, items, opts)
	if last["art"] != [2]int{2, 2} {
		t.Errorf("art progress ended at %v, want 2 of 2", last["art"])
	}
	if last["pages"] != [2]int{12, 12} {
		t.Errorf("pages progress ended at %v, want 12 of 12 cards", last["pages"])
	}
}

func TestRenderReport(t *testing.T) {
	g := gameDir(t, "{text: Art Test}", artCards, artFiles())
	items := cardItems(t, g, "Alpha", "Small", "Low", "Missing", "Plain", "Alpha", "Twin", "Beta", "Small", "Plain", "Alpha")
	opts := render.RenderOptions{Sheet: layout.DefaultOptions(), CacheDir: t.TempDir()}
	opts.Sheet.Backs = layout.BacksLong
	_, rep := renderBytes(t, items, opts)
	// 11 cards, 9 a page: 2 pages of fronts, each with a page of backs.
	// Faces: fronts from art: Alpha x3, Small x2, Low, Twin, Beta = 8;
	// Twin's back from art too. Text: Missing, Plain x2, and the game's
	// back of the 10 other cards. Of them the backs: Twin's from art, the
	// game's 10 as text.
	want := render.Report{Pages: 4, Cards: 11, PerPage: 9, Images: 9, TextFaces: 13, Passthrough: 2, BackImages: 1, BackTextFaces: 10}
	got := *rep
	got.Warnings, got.Sheet = nil, layout.Sheet{}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("report %+v, want %+v", got, want)
	}
	if k := warnKinds(rep); !maps.Equal(k, map[string]int{"low-dpi": 1, "missing-image": 1, "missing-back": 1}) {
		t.Errorf("warnings %v", rep.Warnings)
	}
	// The same again comes from the cache, but for the JPEGs that went
	// through untouched.
	_, again := renderBytes(t, items, opts)
	if again.Cached != 4 || again.Passthrough != 2 {
		t.Errorf("second run: %d cached, %d passthrough; want 4 (Alpha, Beta, Twin and its back) and 2", again.Cached, again.Passthrough)
	}
	// The JSON form, as deckwright print --json shows it.
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	keys := slices.Sorted(maps.Keys(m))
	wantKeys := []string{"back_designed_faces", "back_images", "back_text_faces", "cached", "cards", "designed_faces", "images", "pages", "passthrough", "per_page", "text_faces", "warnings"}
	if !slices.Equal(keys, wantKeys) {
		t.Errorf("JSON keys %q, want %q", keys, wantKeys)
	}
	ws, _ := m["warnings"].([]any)
	if len(ws) != 3 {
		t.Fatalf("JSON warnings %v", m["warnings"])
	}
	if w, _ := ws[0].(map[string]any); w["kind"] == nil || w["message"] == nil || w["card"] == nil {
		t.Errorf("JSON warning %v lacks card, kind or message", w)
	}
}

// ---- PDF details ----

// TestRenderViewerPreferences checks that every PDF asks to be printed at
// actual size, and duplex ones which edge to flip on.
func TestRenderViewerPreferences(t *testing.T) {
	items := cardface.DeckItems(cardsdbtest.Deck(t, "seeker-chronicles/cosmos"))[:3]
	for _, tt := range []struct {
		backs  layout.BackMode
		duplex string
	}{
		{layout.BacksNone, ""},
		{layout.BacksLong, "DuplexFlipLongEdge"},
		{layout.BacksShort, "DuplexFlipShortEdge"},
		{layout.BacksFold, ""},
	} {
		t.Run(tt.backs.String(), func(t *testing.T) {
			opts := render.RenderOptions{Sheet: layout.DefaultOptions()}
			opts.Sheet.Backs = tt.backs
			data, _ := renderBytes(t, items, opts)
			prefs := viewerPrefs(t, data)
			if prefs["PrintScaling"] != "None" {
				t.Errorf("PrintScaling %q, want None (print at actual size)", prefs["PrintScaling"])
			}
			if prefs["Duplex"] != tt.duplex {
				t.Errorf("Duplex %q, want %q", prefs["Duplex"], tt.duplex)
			}
		})
	}
}

// TestRenderPDFVersion checks that each PDF declares a version that has
// the features it uses: /PrintScaling is PDF 1.6, /Duplex PDF 1.7, and
// pdfcpu rejects a /Duplex in an older file.
func TestRenderPDFVersion(t *testing.T) {
	items := cardface.DeckItems(cardsdbtest.Deck(t, "seeker-chronicles/cosmos"))[:3]
	check := func(t *testing.T, data []byte) {
		t.Helper()
		v := pdfVersion(data)
		want := "1.6"
		if bytes.Contains(data, []byte("/Duplex")) {
			want = "1.7"
		}
		if v < want {
			t.Errorf("the file says PDF %s but uses features of PDF %s", v, want)
		}
		if err := validatePDF(data); err != nil {
			t.Errorf("pdfcpu rejects the PDF: %v", err)
		}
	}
	// The header once said %PDF-1.3 while the catalog had /PrintScaling
	// (1.6) and /Duplex (1.7), which pdfcpu rejects.
	for _, backs := range []layout.BackMode{layout.BacksNone, layout.BacksFold, layout.BacksLong, layout.BacksShort} {
		t.Run(backs.String(), func(t *testing.T) {
			opts := render.RenderOptions{Sheet: layout.DefaultOptions()}
			opts.Sheet.Backs = backs
			data, _ := renderBytes(t, items, opts)
			check(t, data)
		})
	}
	t.Run("calibration", func(t *testing.T) {
		var buf bytes.Buffer
		o := layout.DefaultOptions()
		o.Backs = layout.BacksLong
		if err := render.Calibration(&buf, o); err != nil {
			t.Fatal(err)
		}
		check(t, buf.Bytes())
	})
}

func TestCalibration(t *testing.T) {
	tests := []struct {
		name  string
		mod   func(*layout.Options)
		w, h  float64
		prefs string
		err   string
	}{
		{name: "a4-long", mod: func(o *layout.Options) { o.Backs = layout.BacksLong }, w: a4W, h: a4H, prefs: "DuplexFlipLongEdge"},
		{name: "letter-short", mod: func(o *layout.Options) { o.Backs, o.Paper = layout.BacksShort, layout.Letter }, w: letterW, h: letterH, prefs: "DuplexFlipShortEdge"},
		{name: "offset", mod: func(o *layout.Options) { o.Backs, o.BackOffset = layout.BacksLong, layout.Offset{X: 0.5, Y: -0.3} }, w: a4W, h: a4H, prefs: "DuplexFlipLongEdge"},
		{name: "no-backs", mod: func(o *layout.Options) { o.Backs = layout.BacksNone }, err: "choose backs long or short"},
		{name: "fold", mod: func(o *layout.Options) { o.Backs = layout.BacksFold }, err: "choose backs long or short"},
		{name: "tiny-paper", mod: func(o *layout.Options) { o.Backs, o.Paper = layout.BacksLong, layout.Size{W: 70, H: 100} }, err: "too small"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := layout.DefaultOptions()
			tt.mod(&o)
			var buf bytes.Buffer
			err := render.Calibration(&buf, o)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v, want one saying %q", err, tt.err)
				}
				if buf.Len() != 0 {
					t.Errorf("%d bytes written despite the error", buf.Len())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			doc := readPDF(t, buf.Bytes())
			if len(doc.pages) != 2 {
				t.Fatalf("%d pages, want 2", len(doc.pages))
			}
			for i, p := range doc.pages {
				if !nearPt(p.w, tt.w) || !nearPt(p.h, tt.h) {
					t.Errorf("page %d is %.2fx%.2f pt, want %.2fx%.2f", i+1, p.w, p.h, tt.w, tt.h)
				}
				if p.texts == 0 {
					t.Errorf("page %d has no instructions", i+1)
				}
			}
			prefs := viewerPrefs(t, buf.Bytes())
			if prefs["Duplex"] != tt.prefs || prefs["PrintScaling"] != "None" {
				t.Errorf("viewer preferences %v, want Duplex %s and PrintScaling None", prefs, tt.prefs)
			}
		})
	}
}
