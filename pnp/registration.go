package pnp

import (
	"image"
	"math"
)

// Registration marks of print-and-cut sheets, in mm: the Silhouette
// Cameo layout (as silhouette-card-maker draws it) puts a filled square
// in the top-left corner and an L-shaped corner at the top-right and
// bottom-left, each about 10 mm in from the page's edges: the square
// about 6 mm a side, the Ls about 8 mm along each arm, 1 mm thick. Other
// sizes are allowed within these bounds.
const (
	regCorner    = 25.0 // marks lie this close to their corner of the page
	regSquareMin = 3.0  // the square's side
	regSquareMax = 10.0
	regLMin      = 4.0 // an L's arms
	regLMax      = 15.0
	regPad       = 0.5 // blanked around each mark
)

// regMark is one registration mark found, in full-resolution pixels.
type regMark struct {
	box  image.Rectangle
	kind string // "square", "L top-right", "L bottom-left"
}

// findRegistration looks for the three registration marks of a
// print-and-cut sheet in the corners of page (rendered at dpi): a filled
// square top-left, an L opening down-left at the top-right and an L
// opening up-right at the bottom-left. It returns them only when all three
// are there.
func findRegistration(page *image.NRGBA, dpi int) []regMark {
	k := max(1, int(math.Round(float64(dpi)/detectDPI)))
	g := toGrey(page, page.Bounds(), k)
	pxmm := float64(dpi) / 25.4 / float64(k)
	c := int(regCorner * pxmm)
	if g.w < 3*c || g.h < 3*c {
		return nil
	}
	paper := g.paper()
	dark := func(x, y int) bool { return g.at(x, y) < paper-2*inkLevel }
	full := func(r image.Rectangle) image.Rectangle {
		return image.Rect(r.Min.X*k, r.Min.Y*k, r.Max.X*k, r.Max.Y*k).Add(page.Bounds().Min)
	}
	var marks []regMark
	for _, want := range []struct {
		kind   string
		window image.Rectangle
	}{
		{"square", image.Rect(0, 0, c, c)},
		{"L top-right", image.Rect(g.w-c, 0, g.w, c)},
		{"L bottom-left", image.Rect(0, g.h-c, c, g.h)},
	} {
		found := false
		for _, box := range components(want.window, dark) {
			if markShape(box, want.kind, dark, pxmm) {
				marks = append(marks, regMark{box: full(box), kind: want.kind})
				found = true
				break
			}
		}
		if !found {
			return nil
		}
	}
	return marks
}

// components returns the bounding boxes of the 4-connected sets of dark
// pixels within window that do not touch its inner sides (a mark stands
// alone in its corner; a card reaching into the corner is no mark).
func components(window image.Rectangle, dark func(x, y int) bool) []image.Rectangle {
	w, h := window.Dx(), window.Dy()
	seen := make([]bool, w*h)
	var out []image.Rectangle
	var stack []image.Point
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if seen[y*w+x] || !dark(window.Min.X+x, window.Min.Y+y) {
				continue
			}
			seen[y*w+x] = true
			stack = append(stack[:0], image.Pt(x, y))
			box := image.Rect(x, y, x+1, y+1)
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				box = box.Union(image.Rect(p.X, p.Y, p.X+1, p.Y+1))
				for _, d := range [4]image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					q := p.Add(d)
					if q.X < 0 || q.Y < 0 || q.X >= w || q.Y >= h || seen[q.Y*w+q.X] || !dark(window.Min.X+q.X, window.Min.Y+q.Y) {
						continue
					}
					seen[q.Y*w+q.X] = true
					stack = append(stack, q)
				}
			}
			if box.Min.X > 0 && box.Min.Y > 0 && box.Max.X < w && box.Max.Y < h {
				out = append(out, box.Add(window.Min))
			}
		}
	}
	return out
}

// markShape reports whether the dark pixels in box make the mark kind.
func markShape(box image.Rectangle, kind string, dark func(x, y int) bool, pxmm float64) bool {
	w, h := float64(box.Dx())/pxmm, float64(box.Dy())/pxmm
	if math.Abs(w-h) > 1.5 {
		return false
	}
	fill := func(r image.Rectangle) float64 {
		r = r.Intersect(box)
		if r.Empty() {
			return 0
		}
		n := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if dark(x, y) {
					n++
				}
			}
		}
		return float64(n) / float64(r.Dx()*r.Dy())
	}
	if kind == "square" {
		return w >= regSquareMin && w <= regSquareMax && fill(box) >= 0.85
	}
	if w < regLMin || w > regLMax {
		return false
	}
	// Two full arms along the corner's sides, and nothing in the rest.
	t := max(1, int(math.Ceil(0.25*float64(min(box.Dx(), box.Dy())))))
	var armA, armB, rest image.Rectangle
	switch kind {
	case "L top-right":
		armA = image.Rect(box.Min.X, box.Min.Y, box.Max.X, box.Min.Y+t)
		armB = image.Rect(box.Max.X-t, box.Min.Y, box.Max.X, box.Max.Y)
		rest = image.Rect(box.Min.X, box.Min.Y+t, box.Max.X-t, box.Max.Y)
	default: // "L bottom-left"
		armA = image.Rect(box.Min.X, box.Max.Y-t, box.Max.X, box.Max.Y)
		armB = image.Rect(box.Min.X, box.Min.Y, box.Min.X+t, box.Max.Y)
		rest = image.Rect(box.Min.X+t, box.Min.Y, box.Max.X, box.Max.Y-t)
	}
	return fill(armA) >= 0.3 && fill(armB) >= 0.3 && fill(rest) <= 0.05
}

// blankMarks paints the marks (and regPad mm around them) the colour of
// the paper beside them, so that grid finding sees neither cards nor
// guides in them.
func blankMarks(page *image.NRGBA, marks []regMark, dpi int) {
	pad := int(math.Ceil(regPad * float64(dpi) / 25.4))
	for _, m := range marks {
		r := m.box.Inset(-pad).Intersect(page.Bounds())
		// The paper's colour: the pixel just outside the padded box.
		at := image.Pt(r.Max.X, r.Max.Y)
		if !at.In(page.Bounds()) {
			at = r.Min.Sub(image.Pt(1, 1))
		}
		var px [4]uint8 = [4]uint8{255, 255, 255, 255}
		if at.In(page.Bounds()) {
			o := page.PixOffset(at.X, at.Y)
			copy(px[:], page.Pix[o:o+4])
		}
		for y := r.Min.Y; y < r.Max.Y; y++ {
			row := page.Pix[page.PixOffset(r.Min.X, y):page.PixOffset(r.Max.X, y)]
			for i := 0; i < len(row); i += 4 {
				copy(row[i:i+4], px[:])
			}
		}
	}
}
