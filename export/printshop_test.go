package export_test

import (
	"bytes"
	"context"
	"fmt"
	"image/color"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/export"
	"github.com/deckwright/deckwright/internal/testenv"
	"github.com/deckwright/deckwright/layout"
)

var boxLine = regexp.MustCompile(`(?m)^Page\s+(\d+)\s+(MediaBox|CropBox|BleedBox|TrimBox|ArtBox):\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*$`)

// pdfBoxes reads every page's boxes as pdfinfo -box prints them, in points:
// boxes[page][name] = [x0, y0, x1, y1].
func pdfBoxes(t *testing.T, file string, pages int) map[int]map[string][4]float64 {
	t.Helper()
	out, err := exec.Command("pdfinfo", "-box", "-f", "1", "-l", strconv.Itoa(pages), file).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfinfo: %v\n%s", err, out)
	}
	if !regexp.MustCompile(fmt.Sprintf(`(?m)^Pages:\s+%d$`, pages)).Match(out) {
		t.Fatalf("pdfinfo does not count %d pages:\n%s", pages, out)
	}
	boxes := map[int]map[string][4]float64{}
	for _, m := range boxLine.FindAllStringSubmatch(string(out), -1) {
		p, _ := strconv.Atoi(m[1])
		var b [4]float64
		for i := range b {
			b[i], _ = strconv.ParseFloat(m[3+i], 64)
		}
		if boxes[p] == nil {
			boxes[p] = map[string][4]float64{}
		}
		boxes[p][m[2]] = b
	}
	return boxes
}

// TestPrintShopBoxes writes a print shop's PDF of 4 cards (one card twice,
// one double-faced) and reads it back with poppler as a shop's software
// would: 8 pages of 63x88 mm plus 1/8 inch on every side, each with its
// TrimBox on the card and its BleedBox on the whole page, and the pages,
// rendered, in the order front, back, front, back...
func TestPrintShopBoxes(t *testing.T) {
	testenv.NeedTool(t, "pdfinfo")
	testenv.NeedTool(t, "pdftoppm")
	_, items := artGame(t, 2, []int{2, 1}, true, "")
	var buf bytes.Buffer
	rep, err := export.PrintShop(context.Background(), &buf, items, export.PrintShopOptions{
		Card: layout.Size{W: 63, H: 88}, Bleed: export.PrintShopBleed,
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pages != 8 || rep.PerPage != 1 {
		t.Errorf("report: %d pages, %d a page; want 8 pages, 1 a page", rep.Pages, rep.PerPage)
	}
	file := filepath.Join(t.TempDir(), "shop.pdf")
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	const pt = 72 / 25.4 // points a millimetre
	b := export.PrintShopBleed * pt
	w, h := (63+2*export.PrintShopBleed)*pt, (88+2*export.PrintShopBleed)*pt
	want := map[string][4]float64{
		"MediaBox": {0, 0, w, h},
		"BleedBox": {0, 0, w, h},
		"TrimBox":  {b, b, w - b, h - b},
	}
	boxes := pdfBoxes(t, file, 8)
	for p := 1; p <= 8; p++ {
		for name, wb := range want {
			gb, ok := boxes[p][name]
			if !ok {
				t.Errorf("page %d: no %s", p, name)
				continue
			}
			for i := range gb {
				if math.Abs(gb[i]-wb[i]) > 0.02 {
					t.Errorf("page %d: %s = %.2f, want %.2f", p, name, gb, wb)
					break
				}
			}
		}
	}
	// The pages' colours, in the middle of each page: the card's art, then
	// the game's back (or the double-faced card's own second face).
	prefix := filepath.Join(t.TempDir(), "p")
	if out, err := exec.Command("pdftoppm", "-png", "-r", "20", file, prefix).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	back, twin, twinBack := colorOf(1000), colorOf(500), colorOf(2000)
	order := []color.NRGBA{colorOf(0), back, colorOf(0), back, colorOf(1), back, twin, twinBack}
	for p, wantC := range order {
		img := readImage(t, fmt.Sprintf("%s-%d.png", prefix, p+1))
		bd := img.Bounds()
		if c := img.NRGBAAt(bd.Dx()/2, bd.Dy()/2); !near(c, wantC) {
			t.Errorf("page %d is %v in the middle, want %v", p+1, c, wantC)
		}
	}
}

// A print shop's PDF keeps art at its own resolution: art of 2000 px
// across a 63 mm card (806 DPI) is not reduced by default (PrintShopDPI,
// 1200), and is reduced when DPI asks for less.
func TestPrintShopDPI(t *testing.T) {
	testenv.NeedTool(t, "pdfimages")
	fsys := fstest.MapFS{
		"game.yaml":          {Data: []byte("id: fine\nname: Fine\ncard_size: {width: 63, height: 88}\ntypes:\n  - {id: unit, name: Unit}\nsections:\n  - {id: main, name: Main, types: [unit]}\n")},
		"cards/core.yaml":    {Data: []byte("game: fine\ncards:\n  - {name: Fine, type: unit, image: art/fine.png}\n")},
		"cards/art/fine.png": {Data: flatPNG(t, 2000, 2794, colorOf(3))},
	}
	db := cardsdb.Empty()
	if err := db.AddFS(fsys, ".", "test:"); err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("fine")
	items := []cardface.Item{cardface.CardItem(g, g.Cards[0])}
	widest := func(dpi int) int {
		t.Helper()
		file := filepath.Join(t.TempDir(), "shop.pdf")
		var buf bytes.Buffer
		if _, err := export.PrintShop(context.Background(), &buf, items, export.PrintShopOptions{Card: layout.Size{W: 63, H: 88}, Bleed: export.PrintShopBleed, FrontsOnly: true, DPI: dpi}); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("pdfimages", "-list", file).CombinedOutput()
		if err != nil {
			t.Fatalf("pdfimages: %v\n%s", err, out)
		}
		w := 0
		for _, line := range strings.Split(string(out), "\n")[2:] {
			if f := strings.Fields(line); len(f) > 4 {
				n, _ := strconv.Atoi(f[3])
				w = max(w, n)
			}
		}
		return w
	}
	if w := widest(0); w < 2000 {
		t.Errorf("default DPI: the art is %d px wide in the PDF, want its own 2000 px or more (with its bleed)", w)
	}
	if w := widest(300); w < 700 || w > 900 {
		t.Errorf("DPI 300: the art is %d px wide in the PDF, want about 820 (69.35 mm at 300 DPI)", w)
	}
}
