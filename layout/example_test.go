package layout_test

import (
	"fmt"

	"github.com/deckwright/deckwright/layout"
)

// Poker cards on A4 paper with the default 5 mm margin and crop marks: three
// columns of 63 mm in 210 mm, three rows of 88 mm in 297 mm.
func ExamplePlan() {
	opts := layout.DefaultOptions()
	opts.Paper, _ = layout.ParsePaper("a4")
	opts.Card, _ = layout.ParseCardSize("poker")
	sheet, err := layout.Plan(opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%dx%d, %d per page, page %s mm, landscape %v\n",
		sheet.Cols, sheet.Rows, sheet.PerPage(), sheet.Page, sheet.Landscape)
	first := sheet.Slots[0]
	fmt.Printf("first card at (%g, %g), %gx%g mm\n", first.X, first.Y, first.W, first.H)
	fmt.Println(len(layout.CropMarks(sheet)), "crop marks")
	// Output:
	// 3x3, 9 per page, page 210x297 mm, landscape false
	// first card at (10.5, 16.5), 63x88 mm
	// 16 crop marks
}

// Duplex backs: turned over on the long edge of a portrait page, the back of
// the top-left card is printed where the top-right front is, shifted by the
// back offset.
func ExampleBackSlots() {
	opts := layout.DefaultOptions()
	opts.Backs = layout.BacksLong
	opts.BackOffset, _ = layout.ParseOffset("0.5,-0.3")
	sheet, _ := layout.Plan(opts)
	back := layout.BackSlots(sheet, layout.BacksLong)[0]
	fmt.Printf("front 0 at (%g, %g), its back at (%g, %g)\n", sheet.Slots[0].X, sheet.Slots[0].Y, back.X, back.Y)
	// Output:
	// front 0 at (10.5, 16.5), its back at (137, 16.2)
}
