package pnp

import (
	"context"
	"image"
	"fmt"
	"os"
	"testing"

	"github.com/deckwright/deckwright/layout"
)

func TestDebugLattice(t *testing.T) {
	if os.Getenv("PNPDEBUG") == "" {
		t.Skip()
	}
	o := layout.DefaultOptions()
	o.Bleed, o.Marks = 3, layout.MarksLines
	pr := printDeck(t, t.TempDir(), 9, o, 100)
	f, _ := openPDF(pr.path)
	p, _ := f.page(1)
	img, err := rasterize(context.Background(), pr.path, p, 100)
	if err != nil {
		t.Fatal(err)
	}
	g := toGrey(img, image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()), 1)
	pxmm := 100 / 25.4
	px, py := profiles(g, g.paper(), pxmm)
	for _, ax := range []axisProfiles{px, py} {
		for _, n := range []float64{63, 88} {
			l := fitAxis(ax, n*pxmm, pxmm)
			fmt.Printf("n=%g x0=%.1fmm cell=%.1fmm pitch=%.1fmm centre=%.2f score=%.0f\n", n, float64(l.x0)/pxmm, float64(l.cell)/pxmm, float64(l.pitch)/pxmm, (float64(l.x0)+float64(l.cell)/2)/pxmm, l.score)
		}
	}
	for i := range px.edge {
		if px.edge[i] > px.noise || px.rise[i] > 0 || px.fall[i] > 0 {
			fmt.Printf("x=%.1fmm left=%.0f right=%.0f rise=%.0f fall=%.0f\n", float64(i)/pxmm, px.left[i], px.right[i], px.rise[i], px.fall[i])
		}
	}
}

func TestDebugSkew(t *testing.T) {
	if os.Getenv("PNPDEBUG") == "" {
		t.Skip()
	}
	o := layout.DefaultOptions()
	o.Bleed, o.Marks = 3, layout.MarksLines
	pr := printDeck(t, t.TempDir(), 10, o, 100)
	f, _ := openPDF(pr.path)
	for _, nr := range []int{1, 2} {
		p, _ := f.page(nr)
		img, _ := rasterize(context.Background(), pr.path, p, 100)
		_, a := deskew(img, 100)
		fmt.Println("page", nr, "skew", a)
	}
}

func TestDebugImport(t *testing.T) {
	if os.Getenv("PNPDEBUG") == "" {
		t.Skip()
	}
	o := layout.DefaultOptions()
	o.Bleed, o.Marks = 3, layout.MarksLines
	pr := printDeck(t, t.TempDir(), 9, o, 100)
	res, err := Import(context.Background(), pr.path, Options{Layout: LayoutFronts, DPI: 100, CardW: 63, CardH: 88, forceRaster: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Cards {
		fmt.Printf("%d r%dc%d %+v\n", c.Front.Page, c.Front.Row, c.Front.Col, c.Front.Trim)
	}
}
