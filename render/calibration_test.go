package render_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/deckwright/deckwright/internal/testenv"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// gray is a page rendered by pdftoppm -gray, one byte a pixel.
type gray struct {
	w, h int
	pix  []byte
	dpi  float64
}

// renderGray renders every page of a PDF at dpi with pdftoppm.
func renderGray(t *testing.T, pdf []byte, dpi int) []gray {
	t.Helper()
	testenv.NeedTool(t, "pdftoppm")
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftoppm", "-r", strconv.Itoa(dpi), "-gray", in, filepath.Join(dir, "p")).CombinedOutput()
	if err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	var pages []gray
	for i := 1; ; i++ {
		data, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("p-%d.pgm", i)))
		if os.IsNotExist(err) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		g, err := readPGM(data)
		if err != nil {
			t.Fatalf("page %d: %v", i, err)
		}
		g.dpi = float64(dpi)
		pages = append(pages, g)
	}
	return pages
}

func readPGM(data []byte) (gray, error) {
	r := bufio.NewReader(bytes.NewReader(data))
	var w, h, maxv int
	var magic string
	if _, err := fmt.Fscan(r, &magic, &w, &h, &maxv); err != nil || magic != "P5" || maxv != 255 {
		return gray{}, fmt.Errorf("not an 8-bit PGM (%q %d %d %d): %v", magic, w, h, maxv, err)
	}
	if _, err := r.ReadByte(); err != nil {
		return gray{}, err
	}
	pix := make([]byte, w*h)
	if _, err := io.ReadFull(r, pix); err != nil {
		return gray{}, err
	}
	return gray{w: w, h: h, pix: pix}, nil
}

// px and mm convert between millimetres and pixel indexes (pixel i covers
// [i, i+1) pixels, its centre at i+0.5).
func (g gray) px(mm float64) int     { return int(math.Floor(mm / 25.4 * g.dpi)) }
func (g gray) mm(px float64) float64 { return (px + 0.5) * 25.4 / g.dpi }
func (g gray) dark(x, y int) bool {
	return x >= 0 && y >= 0 && x < g.w && y < g.h && g.pix[y*g.w+x] < 128
}

// runs finds the dark runs across a band: for vertical marks (vertical
// true) the columns from a to b (mm) that are dark on every row from c to
// d (mm), and the other way round for horizontal marks. It returns each
// run's centre in mm.
func (g gray) runs(vertical bool, a, b, c, d float64) []float64 {
	full := func(i int) bool {
		for j := g.px(c); j <= g.px(d); j++ {
			x, y := i, j
			if !vertical {
				x, y = j, i
			}
			if !g.dark(x, y) {
				return false
			}
		}
		return true
	}
	var out []float64
	start := -1
	for i := g.px(a); i <= g.px(b)+1; i++ {
		if i <= g.px(b) && full(i) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, g.mm(float64(start+i-1)/2))
			start = -1
		}
	}
	return out
}

// one finds the single run of runs, or fails.
func (g gray) one(t *testing.T, what string, vertical bool, a, b, c, d float64) float64 {
	t.Helper()
	r := g.runs(vertical, a, b, c, d)
	if len(r) != 1 {
		t.Fatalf("%s: %d marks %v between %.1f and %.1f mm, want 1", what, len(r), r, a, b)
	}
	return r[0]
}

// TestCalibrationReadBack renders the calibration sheet at 600 DPI, finds
// the front crosses and the back rulers in the pixels, and reads the rulers
// as a person would after turning the sheet over: where each front line,
// carried to the back by the flip, meets its ruler. A sheet printed with
// offset o on an exact printer must read -o at every target (and the scale's
// share at the corners), the 0 ticks must stand where the arithmetic of the
// flip puts them and the ticks every 0.5 mm, all to 0.1 mm.
func TestCalibrationReadBack(t *testing.T) {
	const tol = 0.1
	tests := []struct {
		name  string
		paper layout.Size
		backs layout.BackMode
		off   layout.Offset
		scale layout.Scale
	}{
		{"a4-long", layout.A4, layout.BacksLong, layout.Offset{}, layout.Scale{}},
		{"a4-short-offset", layout.A4, layout.BacksShort, layout.Offset{X: 1.5, Y: -0.5}, layout.Scale{}},
		{"letter-long-scale", layout.Letter, layout.BacksLong, layout.Offset{X: -1, Y: 2}, layout.Scale{X: 1.004, Y: 0.997}},
		{"letter-short", layout.Letter, layout.BacksShort, layout.Offset{X: 0.5, Y: 0.5}, layout.Scale{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := layout.DefaultOptions()
			o.Paper, o.Backs, o.BackOffset, o.BackScale = tt.paper, tt.backs, tt.off, tt.scale
			var buf bytes.Buffer
			if err := render.Calibration(&buf, o); err != nil {
				t.Fatal(err)
			}
			pages := renderGray(t, buf.Bytes(), 600)
			if len(pages) != 2 {
				t.Fatalf("%d pages, want 2", len(pages))
			}
			front, back := pages[0], pages[1]
			W, H := tt.paper.W, tt.paper.H
			sx, sy := tt.scale.X, tt.scale.Y
			if tt.scale == (layout.Scale{}) {
				sx, sy = 1, 1
			}
			// flip carries a point of the front to the back, as turning the
			// sheet over does: a portrait page turned over its long edge
			// mirrors x, over its short edge y.
			flip := func(x, y float64) (float64, float64) {
				if tt.backs == layout.BacksLong {
					return W - x, y
				}
				return x, H - y
			}
			targets := [][2]float64{{W / 2, H / 2}, {30, 30}, {W - 30, 30}, {30, H - 30}, {W - 30, H - 30}}
			for i, tg := range targets {
				// The front cross: its upright line below the centre, its
				// level line right of it.
				fx := front.one(t, fmt.Sprintf("target %d front upright", i), true, tg[0]-3, tg[0]+3, tg[1]+4, tg[1]+12)
				fy := front.one(t, fmt.Sprintf("target %d front level", i), false, tg[1]-3, tg[1]+3, tg[0]+4, tg[0]+12)
				if math.Abs(fx-tg[0]) > tol || math.Abs(fy-tg[1]) > tol {
					t.Errorf("target %d: front cross at %.2f,%.2f, want %.2f,%.2f", i, fx, fy, tg[0], tg[1])
				}
				// Where the back's 0 ticks must be: behind the cross,
				// stretched about the centre, then moved by the offset.
				mx, my := flip(tg[0], tg[1])
				bx := W/2 + (mx-W/2)*sx + tt.off.X
				by := H/2 + (my-H/2)*sy + tt.off.Y
				lineX, lineY := by+render.RulerGap, bx+render.RulerGap
				zx := back.one(t, fmt.Sprintf("target %d X ruler 0", i), true, bx-3, bx+3, lineX-render.RulerZeroTick+0.3, lineX-0.5)
				zy := back.one(t, fmt.Sprintf("target %d Y ruler 0", i), false, by-3, by+3, lineY-render.RulerZeroTick+0.3, lineY-0.5)
				if math.Abs(zx-bx) > tol || math.Abs(zy-by) > tol {
					t.Errorf("target %d: back 0 ticks at %.2f,%.2f, want %.2f,%.2f", i, zx, zy, bx, by)
				}
				// Every tick, on the side away from the target.
				n := int(2*render.RulerRange/render.RulerStep) + 1
				for _, r := range []struct {
					name     string
					vertical bool
					zero     float64
					ticks    []float64
				}{
					{"X", true, zx, back.runs(true, bx-render.RulerRange-0.3, bx+render.RulerRange+0.3, lineX+0.25, lineX+0.7)},
					{"Y", false, zy, back.runs(false, by-render.RulerRange-0.3, by+render.RulerRange+0.3, lineY+0.25, lineY+0.7)},
				} {
					if len(r.ticks) != n {
						t.Errorf("target %d %s ruler: %d ticks, want %d", i, r.name, len(r.ticks), n)
						continue
					}
					for k, c := range r.ticks {
						want := r.zero + (float64(k)-float64(n/2))*render.RulerStep
						if math.Abs(c-want) > tol {
							t.Errorf("target %d %s ruler: tick %d at %.2f, want %.2f", i, r.name, k, c, want)
						}
					}
				}
				// The reading: where the front lines, turned over, cross
				// the rulers, from the 0 found on the back.
				rx, _ := flip(fx, 0)
				_, ry := flip(0, fy)
				gotX, gotY := rx-zx, ry-zy
				wantX := -(tt.off.X + (mx-W/2)*(sx-1))
				wantY := -(tt.off.Y + (my-H/2)*(sy-1))
				if math.Abs(gotX-wantX) > tol || math.Abs(gotY-wantY) > tol {
					t.Errorf("target %d reads %.2f,%.2f, want %.2f,%.2f", i, gotX, gotY, wantX, wantY)
				}
			}
		})
	}
}
