package faces_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	"github.com/disintegration/imaging"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/faces"
	"github.com/deckwright/deckwright/internal/forgetest"
	"github.com/deckwright/deckwright/internal/testenv"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
	"github.com/deckwright/deckwright/templates"
)

// blockTolerance is how far, in levels of a colour channel, the mean
// colour of any block of blockSize x blockSize pixels of a printed face
// may lie from the same block of its PNG. Renderers place the edges of
// text and shapes a fraction of a pixel apart (the worst block of the
// faces below is about 43 levels off); a white title printed black is
// over 100 levels off in the blocks of its letters.
const (
	blockSize      = 6
	blockTolerance = 64
)

// TestSheetLooksLikePNG: what print puts on a sheet is what export png,
// tts and mpc draw. For every example game with layered faces
// (docs/examples/forge, with its shape kinds completed) and every bundled
// game's templates (a card of each type, and a back), each face is
// printed twice in a row on a sheet, as the copies of a card are, the PDF
// rasterised with pdftoppm and every slot compared block by block with
// the face's PNG at the same resolution. The copies matter: gofpdf once
// forgot on a card's Q that the PDF had gone back to a black fill, and
// printed the white title of a card's second copy black.
func TestSheetLooksLikePNG(t *testing.T) {
	testenv.NeedTool(t, "pdftoppm")
	const dpi = 127
	type sheetCase struct {
		name  string
		faces []cardface.Face
		set   templates.Source
		bleed float64
		// quiet: the faces draw without warnings (the bundled games'
		// long texts are cut to fit, with one).
		quiet bool
	}
	var cases []sheetCase
	{
		// Forge's Tide Caller gets JPEG art wider than its window: the PDF
		// takes the file as it is, placed and clipped, the PNG cuts it.
		// The template gets the two shape kinds it lacks, a rounded
		// rectangle and a line, on spells: the unit shows the copies'
		// white title (an upstream gofpdf RoundedRect left a q open,
		// which hid it).
		g, set := forgetest.Load(t, forgetest.Copy(t,
			map[string][]byte{"cards/art/tide-caller.png": wideJPEG(t)},
			forgetest.Edit{File: "templates/default.yaml", Old: "  - name: sample\n", New: `  - name: rounded
    shape: rounded
    when: '{{eq .Type "spell"}}'
    x: 40
    y: 80
    w: 8
    h: 5
    radius: 1.5
    fill: "#ffffff"
    stroke: faction
    stroke_width: 0.4
  - name: rule
    shape: line
    when: '{{eq .Type "spell"}}'
    x: 6
    y: 79.5
    w: 30
    h: 1
    stroke: "#1c1a18"
    stroke_width: 0.3
  - name: sample
`}))
		// A unit (every layer: art, frame, title font, cost badge, rules
		// with an icon, power shield, the turned SAMPLE ribbon) and a spell
		// (no power, the JPEG art).
		var fs []cardface.Face
		for _, n := range []string{"Cinder Drake", "Tide Caller"} {
			fs = append(fs, cardface.CardItem(g, g.Card(n)).Front)
		}
		cases = append(cases, sheetCase{"forge", fs, set, 0, true}, sheetCase{"forge bleed 3", fs, set, 3, true})
	}
	{
		// Text that flows from the rules box into a second box beside
		// the power shield, and a title on one line (fit: line), in a
		// bigger font that makes both happen.
		g, set := forgetest.Load(t, forgetest.Copy(t, nil,
			forgetest.Edit{File: "templates/default.yaml", Old: "    font: {family: title, size: 12, min_size: 8}\n", New: "    font: {family: title, size: 15, min_size: 8}\n    fit: line\n"},
			forgetest.Edit{File: "templates/default.yaml", Old: `    h: 23
    font: {size: 8, min_size: 5.5}
    padding: 1
`, New: `    h: 11
    font: {size: 9, min_size: 5.5}
    padding: 1
    flow: rules-more
  - name: rules-more
    content: ""
    x: 5.5
    y: 67.5
    w: 44
    h: 11.5
    padding: 1
`}))
		var fs []cardface.Face
		for _, n := range []string{"Pearl Oracle", "Wandering Smith"} {
			f := cardface.CardItem(g, g.Card(n)).Front
			face, _ := set.Render(f.Card, g, cardsdb.Size{}, templates.Front)
			if n == "Pearl Oracle" && !hasBlock(face, "rules-more") {
				t.Fatalf("%s: no text flowed into rules-more: the case proves nothing", n)
			}
			fs = append(fs, f)
		}
		cases = append(cases, sheetCase{"forge with a flow and fit: line", fs, set, 0, true})
	}
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range db.Games() {
		var fs []cardface.Face
		seen := map[string]bool{}
		for _, c := range g.Cards {
			if seen[c.Type] {
				continue
			}
			seen[c.Type] = true
			it := cardface.CardItem(g, c)
			it.Front.Image = "" // drawn from its template
			fs = append(fs, it.Front)
			if len(fs) == 1 {
				fs = append(fs, cardface.Face{Game: g}) // the game's back (card-back template)
			}
		}
		cases = append(cases, sheetCase{g.ID, fs, nil, 0, false})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, s := range printVsPNG(t, c.faces, c.set, dpi, c.bleed) {
				if c.quiet && len(s.warnings) > 0 {
					t.Errorf("%s: warnings %v", s.name, s.warnings)
				}
				if s.mean > 8 {
					t.Errorf("%s: the printed face is %.1f levels from the PNG on average, want at most 8", s.name, s.mean)
				}
				if s.worst > blockTolerance {
					t.Errorf("%s: the block at %v px of the printed face is %.0f levels from the PNG's, want at most %d (keep the images with -keep DIR)", s.name, s.at, s.worst, blockTolerance)
				}
				if s.blank <= blockTolerance {
					t.Errorf("%s: a blank card is only %.0f levels from the printed face: the check proves nothing", s.name, s.blank)
				}
			}
		})
	}
}

// slotResult is how far one printed face lies from its PNG: its worst
// block, and the worst block of a blank (white) card, which must fail.
type slotResult struct {
	name         string
	worst, blank float64
	at           image.Point
	mean         float64 // the mean difference of a channel
	warnings     []templates.Warning
}

// printVsPNG prints fs, each twice in a row, on sheets of four by two
// slots with bleed, rasterises the PDF and compares every slot with the
// face's PNG (see worstBlock).
func printVsPNG(t *testing.T, fs []cardface.Face, set templates.Source, dpi int, bleed float64) []slotResult {
	t.Helper()
	var items []cardface.Item
	for _, f := range fs {
		items = append(items, cardface.Item{Front: f}, cardface.Item{Front: f})
	}
	card := fs[0].Game.CardSize
	const cols, rows = 4, 2
	sheet := layout.Options{
		Paper: layout.Size{W: cols * (card.W + 2*bleed), H: rows * (card.H + 2*bleed)},
		Card:  layout.Size{W: card.W, H: card.H}, Marks: layout.MarksNone, Bleed: bleed,
		Grid: layout.Grid{Cols: cols, Rows: rows},
	}
	opts := render.RenderOptions{Sheet: sheet, DPI: dpi}
	if set != nil {
		opts.Templates = set
	}
	var buf bytes.Buffer
	if _, err := render.Render(context.Background(), &buf, items, opts); err != nil {
		t.Fatal(err)
	}
	pdf := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := os.WriteFile(pdf, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	plan, err := layout.Plan(sheet)
	if err != nil {
		t.Fatal(err)
	}
	fopts := faces.Options{DPI: dpi, Bleed: bleed}
	if set != nil {
		fopts.Templates = set
	}
	pngs, err := faces.Render(context.Background(), fs, fopts)
	if err != nil {
		t.Fatal(err)
	}
	per := plan.PerPage()
	var pages []*image.NRGBA
	for n := 0; n*per < len(items); n++ {
		pages = append(pages, imaging.Clone(pdfToPNGPage(t, pdf, dpi, n+1)))
	}
	px := func(mm float64) int { return int(mm/25.4*float64(dpi) + 0.5) }
	var out []slotResult
	for i := range items {
		im := pngs[i/2]
		want := im.Image
		if want.Rect.Dx() > want.Rect.Dy() && card.H > card.W {
			want = imaging.Rotate270(want) // print turns a landscape face a quarter clockwise
		}
		r := plan.Slots[i%per].BleedRect()
		got := pages[i/per].SubImage(image.Rect(px(r.X), px(r.Y), px(r.X)+want.Rect.Dx(), px(r.Y)+want.Rect.Dy())).(*image.NRGBA)
		name := faceName(im.Face) + fmt.Sprintf(" (copy %d)", i%2+1)
		s := slotResult{name: name, warnings: im.Warnings, mean: meanAbsDiff(want, got)}
		s.worst, s.at = worstBlock(want, got, blockSize)
		blank := image.NewNRGBA(want.Rect)
		for j := range blank.Pix {
			blank.Pix[j] = 255
		}
		s.blank, _ = worstBlock(blank, got, blockSize)
		t.Logf("%s: worst block %.1f at %v, mean %.1f; a blank card %.1f", name, s.worst, s.at, s.mean, s.blank)
		save(t, name+".png", want)
		save(t, name+"-pdf.png", got)
		out = append(out, s)
	}
	return out
}

func faceName(f cardface.Face) string {
	if f.Card == nil {
		return f.Game.ID + " back"
	}
	return f.Card.Name
}

// worstBlock is the largest difference, in levels of a colour channel,
// between the mean colours of a and b over a block of n x n pixels, with
// blocks every n/2 pixels, and where that block is. Both images are
// compared from their top-left corners over the size they share.
func worstBlock(a, b *image.NRGBA, n int) (float64, image.Point) {
	w, h := min(a.Rect.Dx(), b.Rect.Dx()), min(a.Rect.Dy(), b.Rect.Dy())
	var worst float64
	var at image.Point
	for by := 0; by+n <= h; by += n / 2 {
		for bx := 0; bx+n <= w; bx += n / 2 {
			var s [3]int
			for y := by; y < by+n; y++ {
				pa := a.Pix[a.PixOffset(a.Rect.Min.X+bx, a.Rect.Min.Y+y):]
				pb := b.Pix[b.PixOffset(b.Rect.Min.X+bx, b.Rect.Min.Y+y):]
				for x := 0; x < 4*n; x += 4 {
					for c := range 3 {
						s[c] += int(pa[x+c]) - int(pb[x+c])
					}
				}
			}
			for _, v := range s {
				if d := float64(max(v, -v)) / float64(n*n); d > worst {
					worst, at = d, image.Pt(bx, by)
				}
			}
		}
	}
	return worst, at
}

// hasBlock reports whether a face has a block of box name, as a block or
// as a text layer.
func hasBlock(f templates.Layout, name string) bool {
	for _, b := range f.Blocks {
		if b.Box == name {
			return true
		}
	}
	for _, l := range f.Layers {
		if l.Block != nil && l.Block.Box == name {
			return true
		}
	}
	return false
}

// wideJPEG is card art wider than forge's art window, as a JPEG.
func wideJPEG(t *testing.T) []byte {
	t.Helper()
	wide := image.NewRGBA(image.Rect(0, 0, 700, 360))
	for y := 0; y < 360; y++ {
		for x := 0; x < 700; x++ {
			wide.Set(x, y, color.RGBA{uint8(x / 3), uint8(y / 2), uint8((x + y) % 200), 255})
		}
	}
	var jb bytes.Buffer
	if err := jpeg.Encode(&jb, wide, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	return jb.Bytes()
}
