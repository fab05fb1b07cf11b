package render

import (
	"sync"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/templates"

	"github.com/deckwright/deckwright/layout"
)

// TemplateSource lays out text proxies; *templates.Set is one.
type TemplateSource interface {
	Render(card *cardsdb.Card, game *cardsdb.Game, size cardsdb.Size, side templates.Side) (templates.Face, []templates.Warning)
}

// bundledTemplates loads the bundled templates once.
var bundledTemplates = sync.OnceValues(templates.LoadBundled)

// textFace draws f as a text proxy into box, the face's bleed rectangle in
// its own (unturned) orientation.
func (r *renderer) textFace(f Face, box layout.Rect) {
	side := templates.Front
	if f.Second || f.Card == nil {
		side = templates.Back
	}
	b := r.sheet.Bleed
	size := cardsdb.Size{W: box.W - 2*b, H: box.H - 2*b}
	face, warns := r.opts.Templates.Render(f.Card, f.Game, size, side)
	for _, w := range warns {
		r.warn(w.Card, w.Kind, "%s", w.Message)
	}
	pdf := r.pdf
	x, y := box.X+b, box.Y+b
	if face.HasBackground {
		pdf.SetFillColor(int(face.Background[0]), int(face.Background[1]), int(face.Background[2]))
		pdf.Rect(box.X, box.Y, box.W, box.H, "F")
	}
	if fr := face.Frame; fr.Width > 0 {
		pdf.SetLineWidth(fr.Width)
		pdf.SetDrawColor(int(fr.Color[0]), int(fr.Color[1]), int(fr.Color[2]))
		pdf.Rect(x+fr.X, y+fr.Y, fr.W, fr.H, "D")
	}
	for _, blk := range face.Blocks {
		if blk.HasFill {
			pdf.SetFillColor(int(blk.Fill[0]), int(blk.Fill[1]), int(blk.Fill[2]))
			pdf.Rect(x+blk.X, y+blk.Y, blk.W, blk.H, "F")
		}
		if blk.Border > 0 {
			pdf.SetLineWidth(blk.Border)
			pdf.SetDrawColor(int(blk.BorderColor[0]), int(blk.BorderColor[1]), int(blk.BorderColor[2]))
			pdf.Rect(x+blk.X, y+blk.Y, blk.W, blk.H, "D")
		}
		r.useFont(blk.Bold, blk.Italic, blk.Size)
		pdf.SetTextColor(int(blk.Color[0]), int(blk.Color[1]), int(blk.Color[2]))
		for _, l := range blk.Lines {
			if l.Runs == nil {
				pdf.Text(x+l.X, y+l.Baseline, l.Text)
				continue
			}
			for _, run := range l.Runs {
				r.useFont(run.Bold, run.Italic, blk.Size)
				pdf.Text(x+l.X+run.X, y+l.Baseline, run.Text)
			}
			r.useFont(blk.Bold, blk.Italic, blk.Size)
		}
	}
}

// useFont selects the embedded Go font of a style, registering it with the
// PDF the first time.
func (r *renderer) useFont(bold, italic bool, size float64) {
	name := templates.FontName(bold, italic)
	if !r.fonts[name] {
		r.pdf.AddUTF8FontFromBytes(name, "", templates.FontTTF(bold, italic))
		r.fonts[name] = true
	}
	r.pdf.SetFont(name, "", size)
}
