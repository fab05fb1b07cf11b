package pnp

import (
	"image"
	"testing"
)

// TestOverlappingCells checks what overlapping calls cells lying over
// each other: cells that share a ruled line (a pixel or two) do not,
// rows a card's height apart at a lesser pitch do.
func TestOverlappingCells(t *testing.T) {
	t.Parallel()
	const pxmm = 300 / 25.4
	cell := func(x, y, w, h int) gridCell {
		return gridCell{trim: image.Rect(x, y, x+w, y+h)}
	}
	ruled := []gridCell{cell(0, 0, 750, 1040), cell(748, 0, 750, 1040), cell(0, 1038, 750, 1040)}
	if overlapping(ruled, pxmm) {
		t.Error("cells sharing their ruled lines overlap")
	}
	stacked := []gridCell{cell(0, 0, 750, 1040), cell(0, 892, 750, 1040)}
	if !overlapping(stacked, pxmm) {
		t.Error("rows 75.5 mm apart of cells 88 mm tall do not overlap")
	}
}
