package pdfgeom_test

import (
	"context"
	"fmt"
	"os"

	"github.com/deckwright/deckwright/internal/pdfgeom"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// Read the cut lines and card frames of the first page of a cardfoldr
// fold sheet.
func Example() {
	api.DisableConfigDir()
	f, err := os.Open("../../pnp/testdata/corpus/cardfoldr-foldable.pdf")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	ctx, err := api.ReadContext(f, model.NewDefaultConfiguration())
	if err == nil {
		err = ctx.EnsurePageCount()
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := pdfgeom.Read(context.Background(), ctx.XRefTable, 1, pdfgeom.Budget{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("page %d: %.0fx%.0f mm, %d images\n", p.Nr, p.W, p.H, len(p.Images))
	im := p.Images[0]
	fmt.Printf("the first at %.1f, %.1f, %.1fx%.1f mm\n", im.Box.X, im.Box.Y, im.Box.W, im.Box.H)
	dashed := 0
	for _, s := range p.Strokes {
		if s.Dashed {
			dashed++
		}
	}
	fmt.Printf("%d strokes, %d of them dashed\n", len(p.Strokes), dashed)
	// Output:
	// page 1: 210x297 mm, 24 images
	// the first at 63.0, 23.5, 40.0x40.0 mm
	// 225 strokes, 1 of them dashed
}
