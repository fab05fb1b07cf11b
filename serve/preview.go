package serve

import (
	"net/url"
	"strings"

	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/printjob"
)

// sheetPreview is one sheet of the print preview, drawn as SVG in mm:
// the page, the card slots with the faces of the cards that land in them
// (drawn by package faces, as the grid shows them), and the cutting
// guides.
type sheetPreview struct {
	Number    int
	W, H      float64
	Slots     []slotPreview
	Marks     []layout.Line
	MarkWidth float64
}

type slotPreview struct {
	X, Y, W, H float64
	Bleed      layout.Rect
	Name       string
	Lines      []string // the name, wrapped
	TX, TY     float64
	Art        bool
	Src        string // the face's image (/face/...), "" for a default back
}

// MaxPreviewSheets is how many sheets the print page previews.
const MaxPreviewSheets = 2

// previewSheets lays out the first sheets of a print as print does: the
// job's cards in print order on the sheets its layout options plan.
func previewSheets(job *printjob.Job, lo layout.Options) []sheetPreview {
	sheet, err := layout.Plan(lo)
	if err != nil {
		return nil // the print itself planned it: not reached
	}
	marks := layout.CropMarks(sheet)
	if sheet.Marks == layout.MarksLines {
		marks = layout.CutLines(sheet)
	} else if sheet.Marks == layout.MarksNone {
		marks = nil
	}
	var out []sheetPreview
	per := len(sheet.Slots)
	for start := 0; start < len(job.Items) && len(out) < MaxPreviewSheets && per > 0; start += per {
		p := sheetPreview{Number: len(out) + 1, W: sheet.Page.W, H: sheet.Page.H, Marks: marks, MarkWidth: 0.3}
		for i, sl := range sheet.Slots {
			if start+i >= len(job.Items) {
				break
			}
			it := job.Items[start+i]
			sp := slotPreview{X: sl.X, Y: sl.Y, W: sl.W, H: sl.H, Bleed: sl.BleedRect(), Name: it.Name(), Art: it.Front.Image != "", TX: sl.X + sl.W/2, TY: sl.Y + 8}
			sp.Lines = wrap(sp.Name, max(6, int(sl.W/2.6)))
			if c := it.Front.Card; c != nil && !it.Front.Second && it.Front.Game != nil {
				sp.Src = "/face/" + url.PathEscape(it.Front.Game.ID) + "/" + url.PathEscape(c.Name) + ".png"
			}
			p.Slots = append(p.Slots, sp)
		}
		out = append(out, p)
	}
	return out
}

// wrap breaks s into lines of at most n bytes at spaces.
func wrap(s string, n int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > n {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
