package pdfgeom

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"gopkg.in/yaml.v3"
)

// corpusDir holds PDFs made by other tools, with a manifest of what a
// person would cut from them (pnp's corpus).
const corpusDir = "../../pnp/testdata/corpus"

// corpusFile is one entry of the corpus's manifest, as far as these tests
// read it.
type corpusFile struct {
	File  string `yaml:"file"`
	Tool  string `yaml:"tool"`
	Trims struct {
		Page  int          `yaml:"page"`
		Rects [][4]float64 `yaml:"rects"`
	} `yaml:"trims"`
}

var corpus struct {
	once  sync.Once
	files []corpusFile
	xts   map[string]*model.XRefTable
	err   error
}

// loadCorpus reads the manifest and opens every PDF once for the package.
func loadCorpus(t testing.TB) ([]corpusFile, map[string]*model.XRefTable) {
	t.Helper()
	corpus.once.Do(func() {
		b, err := os.ReadFile(filepath.Join(corpusDir, "manifest.yaml"))
		if err != nil {
			corpus.err = err
			return
		}
		if err := yaml.Unmarshal(b, &corpus.files); err != nil {
			corpus.err = err
			return
		}
		corpus.xts = map[string]*model.XRefTable{}
		for _, f := range corpus.files {
			b, err := os.ReadFile(filepath.Join(corpusDir, f.File))
			if err != nil {
				corpus.err = err
				return
			}
			corpus.xts[f.File] = openPDF(t, b)
		}
	})
	if corpus.err != nil {
		t.Fatal(corpus.err)
	}
	return corpus.files, corpus.xts
}

// TestCorpus reads every page of every corpus PDF and prints a table of
// what they draw; a few files' geometry, checked by hand, is asserted in
// TestCorpusGeometry.
func TestCorpus(t *testing.T) {
	files, xts := loadCorpus(t)
	var table strings.Builder
	fmt.Fprintf(&table, "%-34s %5s %7s %7s %6s %6s %6s %6s %7s %8s  %s\n", "file", "pages", "strokes", "fills", "rects", "clips", "images", "forms", "texts", "ops/page", "tool")
	for _, f := range files {
		xt := xts[f.File]
		var strokes, fills, rects, clips, images, forms, texts int
		var ops int64
		for nr := 1; nr <= xt.PageCount; nr++ {
			p, err := Read(context.Background(), xt, nr, Budget{})
			if err != nil {
				t.Errorf("%s: %v", f.File, err)
				continue
			}
			e, err := Check(context.Background(), xt, nr, Budget{})
			if err != nil || e.Ops != p.Cost.Ops || e.Placements != p.Cost.Placements {
				t.Errorf("%s page %d: Check = %+v, %v; Read's cost %+v", f.File, nr, e, err, p.Cost)
			}
			strokes += len(p.Strokes)
			fills += len(p.Fills)
			for _, fl := range p.Fills {
				if fl.Rect {
					rects++
				}
			}
			clips += len(p.Clips)
			images += len(p.Images)
			forms += len(p.Forms)
			texts += len(p.Texts)
			ops += p.Cost.Ops
			for _, bad := range p.check(1000) {
				t.Errorf("%s page %d: %s", f.File, nr, bad)
			}
		}
		tool := f.Tool
		if len(tool) > 40 {
			tool = tool[:40] + "…"
		}
		fmt.Fprintf(&table, "%-34s %5d %7d %7d %6d %6d %6d %6d %7d %8d  %s\n", f.File, xt.PageCount, strokes, fills, rects, clips, images, forms, texts, ops/int64(xt.PageCount), tool)
	}
	t.Logf("what the corpus's pages draw (all pages summed; rects: fills that are axis-aligned rectangles)\n%s", table.String())
}

// check returns what is wrong with a page read: a position more than slack
// mm off the page, a number not finite, a scope or parent out of range.
func (p *Page) check(slack float64) []string {
	var bad []string
	in := func(what string, r Rect) {
		if !finiteR(r) || r.W < 0 || r.H < 0 || r.X < -slack || r.Y < -slack || r.X+r.W > p.W+slack || r.Y+r.H > p.H+slack {
			bad = append(bad, fmt.Sprintf("%s at %+v", what, r))
		}
	}
	scope := func(what string, s Scope) {
		if s.Form < -1 || s.Form >= len(p.Forms) || s.Clip < -1 || s.Clip >= len(p.Clips) {
			bad = append(bad, fmt.Sprintf("%s in scope %+v", what, s))
		}
	}
	for _, s := range p.Strokes {
		in("stroke", bounds([]Point{s.A, s.B}))
		scope("stroke", s.Scope)
	}
	for _, f := range p.Fills {
		in("fill", f.Box)
		scope("fill", f.Scope)
	}
	for _, im := range p.Images {
		in("image", im.Box)
		scope("image", im.Scope)
	}
	for _, tx := range p.Texts {
		in("text", tx.Box)
		scope("text", tx.Scope)
	}
	for i, c := range p.Clips {
		if c.Parent >= i || c.Form >= len(p.Forms) {
			bad = append(bad, fmt.Sprintf("clip %d: %+v", i, c))
		}
	}
	return bad
}

// near25 says whether two boxes are the same to the manifest's precision
// (its trims are measured to about 0.25 mm).
func near25(a Rect, b [4]float64) bool {
	return math.Abs(a.X-b[0]) <= 0.25 && math.Abs(a.Y-b[1]) <= 0.25 && math.Abs(a.W-b[2]) <= 0.25 && math.Abs(a.H-b[3]) <= 0.25
}

// sameBoxes reports the boxes found that match no trim and the trims that
// no box matches.
func sameBoxes(t *testing.T, what string, got []Rect, want [][4]float64) {
	t.Helper()
	used := make([]bool, len(got))
	for _, w := range want {
		found := false
		for i, g := range got {
			if !used[i] && near25(g, w) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			t.Errorf("%s: no box at the trim %v", what, w)
		}
	}
	for i, g := range got {
		if !used[i] {
			t.Errorf("%s: a box at %.2f, %.2f, %.2fx%.2f is no trim", what, g.X, g.Y, g.W, g.H)
		}
	}
}

// rounded returns the distinct values of xs, each to 0.01 mm, sorted.
func rounded(xs []float64) []float64 {
	var out []float64
	for _, x := range xs {
		out = append(out, math.Round(x*100)/100)
	}
	sort.Float64s(out)
	return slices.Compact(out)
}

// TestCorpusGeometry checks what a few corpus pages draw against what was
// read off them by hand (the manifest's trims, and the lines seen in
// renders of the pages).
func TestCorpusGeometry(t *testing.T) {
	files, xts := loadCorpus(t)
	trims := map[string][][4]float64{}
	for _, f := range files {
		if f.Trims.Page == 1 {
			trims[f.File] = f.Trims.Rects
		}
	}
	page1 := func(t *testing.T, file string) *Page {
		p, err := Read(context.Background(), xts[file], 1, Budget{})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}

	// Inkscape (cairo) fills each square card with its colour.
	t.Run("cardfoldr-test.pdf", func(t *testing.T) {
		p := page1(t, "cardfoldr-test.pdf")
		var got []Rect
		for _, f := range p.Fills {
			if f.Rect && f.Box.W > 30 {
				got = append(got, f.Box)
			}
		}
		sameBoxes(t, "colour fills", got, trims["cardfoldr-test.pdf"])
	})

	// LibreOffice Impress frames each card in a thin grey rectangle,
	// begun mid-edge.
	t.Run("scrum-impress-88x63.pdf", func(t *testing.T) {
		p := page1(t, "scrum-impress-88x63.pdf")
		frames := map[int][]Point{}
		for _, s := range p.Strokes {
			if s.Color == (Color{204, 204, 204, true}) {
				frames[s.Path] = append(frames[s.Path], s.A, s.B)
			}
		}
		var got []Rect
		for _, pts := range frames {
			got = append(got, bounds(pts))
		}
		sameBoxes(t, "grey frames", got, trims["scrum-impress-88x63.pdf"])
		for _, pts := range frames {
			if len(pts) != 8 {
				t.Errorf("a frame of %d segments, want 4 (its halves of the edge it began on joined)", len(pts)/2)
			}
		}
	})

	// CardFoldr (pdf-lib): the fronts are images, left of a dashed fold
	// line at the page's middle; cut marks stand at the cards' edges
	// outside the grid.
	t.Run("cardfoldr-foldable.pdf", func(t *testing.T) {
		p := page1(t, "cardfoldr-foldable.pdf")
		var fronts []Rect
		for _, im := range p.Images {
			if im.Box.X < 105 {
				fronts = append(fronts, im.Box)
			}
		}
		sameBoxes(t, "front images", fronts, trims["cardfoldr-foldable.pdf"])
		var dashed []Stroke
		var xs, ys []float64
		for _, s := range p.Strokes {
			switch {
			case s.Dashed:
				dashed = append(dashed, s)
			case s.Color != black:
				// each mark is drawn twice: wide in white, then thin in black
			case s.A.X == s.B.X:
				xs = append(xs, s.A.X)
			case s.A.Y == s.B.Y:
				ys = append(ys, s.A.Y)
			}
		}
		if len(dashed) != 1 || math.Abs(dashed[0].A.X-105) > 0.01 || math.Abs(dashed[0].B.X-105) > 0.01 ||
			math.Abs(dashed[0].A.Y-dashed[0].B.Y) < 280 || dashed[0].Color != (Color{128, 128, 128, true}) {
			t.Errorf("dashed strokes %+v, want the grey fold line down the middle", dashed)
		}
		wantX := []float64{21, 61, 63, 103, 107, 147, 149, 189}
		wantY := []float64{23.5, 63.5, 65.5, 105.5, 107.5, 147.5, 149.5, 189.5, 191.5, 231.5, 233.5, 273.5}
		if got := rounded(xs); !slices.Equal(got, wantX) {
			t.Errorf("vertical cut marks at x %v, want %v", got, wantX)
		}
		if got := rounded(ys); !slices.Equal(got, wantY) {
			t.Errorf("horizontal cut marks at y %v, want %v", got, wantY)
		}
	})

	// jsPDF rules the page in thirds (70x99 cards): lines between some of
	// the cards, none along the page's left and top edges.
	t.Run("internetboardgame-cards.pdf", func(t *testing.T) {
		p := page1(t, "internetboardgame-cards.pdf")
		var xs, ys []float64
		for _, s := range p.Strokes {
			if math.Abs(s.Width-0.567) > 1e-3 {
				t.Errorf("stroke %+v, want 0.567 mm wide", s)
			}
			switch {
			case s.A.X == s.B.X:
				xs = append(xs, s.A.X)
			case s.A.Y == s.B.Y:
				ys = append(ys, s.A.Y)
			}
		}
		if got := rounded(xs); !slices.Equal(got, []float64{140, 210}) {
			t.Errorf("vertical rules at x %v, want 140 and 210", got)
		}
		if got := rounded(ys); !slices.Equal(got, []float64{99, 198, 297}) {
			t.Errorf("horizontal rules at y %v, want 99, 198 and 297", got)
		}
		if len(p.Strokes) != 15 || len(p.Texts) != 42 {
			t.Errorf("%d strokes and %d texts, want 15 and 42", len(p.Strokes), len(p.Texts))
		}
	})
}
