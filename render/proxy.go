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

// proxyArgs are what a face's template is rendered with: the card (a
// stand-in for the back of a card type), the side, and the face's size.
func (r *renderer) proxyArgs(f Face) (*cardsdb.Card, cardsdb.Size, templates.Side) {
	side := templates.Front
	if f.Second || f.Card == nil {
		side = templates.Back
	}
	card := f.Card
	if card == nil && f.BackType != "" {
		card = &cardsdb.Card{Type: f.BackType} // the back of a card of that type
	}
	s := r.faceSize(f)
	return card, cardsdb.Size{W: s.W, H: s.H}, side
}

// maxFrameInset is how far inside the trim a frame's outer edge may lie
// and still be run on into the bleed: a frame drawn at the card's edge.
const maxFrameInset = 1.0

// textFace draws f from its template into box, the face's bleed rectangle
// in its own (unturned) orientation, and reports whether the template is
// the user's own (a designed face, not a text proxy).
func (r *renderer) textFace(f Face, box layout.Rect) bool {
	card, size, side := r.proxyArgs(f)
	face := r.layOut(f, card, size, side)
	pdf := r.pdf
	b := r.sheet.Bleed
	x, y := box.X+b, box.Y+b
	ink := r.opts.InkSaver
	if face.HasBackground && !ink {
		pdf.SetFillColor(int(face.Background[0]), int(face.Background[1]), int(face.Background[2]))
		pdf.Rect(box.X, box.Y, box.W, box.H, "F")
	}
	if fr := face.Frame; b > 0 && !ink && fr.Width > 0 && fr.X-fr.Width/2 <= maxFrameInset {
		// The frame runs on into the bleed, as export mpc and png draw it,
		// so that a cut a little off shows no white sliver: a ring of its
		// colour from the bleed's edge to the frame's outer edge.
		e := b + max(fr.X-fr.Width/2, 0)
		pdf.SetFillColor(int(fr.Color[0]), int(fr.Color[1]), int(fr.Color[2]))
		pdf.Rect(box.X, box.Y, box.W, e, "F")
		pdf.Rect(box.X, box.Y+box.H-e, box.W, e, "F")
		pdf.Rect(box.X, box.Y+e, e, box.H-2*e, "F")
		pdf.Rect(box.X+box.W-e, box.Y+e, e, box.H-2*e, "F")
	}
	if fr := face.Frame; fr.Width > 0 {
		pdf.SetLineWidth(r.line(fr.Width))
		pdf.SetDrawColor(int(fr.Color[0]), int(fr.Color[1]), int(fr.Color[2]))
		pdf.Rect(x+fr.X, y+fr.Y, fr.W, fr.H, "D")
	}
	for _, l := range face.Layers {
		r.layer(f, &face, l, x, y, size)
	}
	for _, blk := range face.Blocks {
		r.block(f, &face, blk, x, y)
	}
	return face.Designed
}

// line is a line width as drawn: at most InkSaverLine with InkSaver.
func (r *renderer) line(w float64) float64 {
	if r.opts.InkSaver {
		return min(w, InkSaverLine)
	}
	return w
}

// block draws one text block of a face whose card's top-left corner is
// at (x, y).
func (r *renderer) block(f Face, face *templates.Face, blk templates.Block, x, y float64) {
	pdf := r.pdf
	ink := r.opts.InkSaver
	switch {
	case blk.HasFill && ink && blk.Border == 0:
		// The fill's outline, thin, in its colour.
		pdf.SetLineWidth(InkSaverLine)
		pdf.SetDrawColor(int(blk.Fill[0]), int(blk.Fill[1]), int(blk.Fill[2]))
		pdf.Rect(x+blk.X, y+blk.Y, blk.W, blk.H, "D")
	case blk.HasFill && !ink:
		pdf.SetFillColor(int(blk.Fill[0]), int(blk.Fill[1]), int(blk.Fill[2]))
		pdf.Rect(x+blk.X, y+blk.Y, blk.W, blk.H, "F")
	}
	if blk.Border > 0 {
		pdf.SetLineWidth(r.line(blk.Border))
		pdf.SetDrawColor(int(blk.BorderColor[0]), int(blk.BorderColor[1]), int(blk.BorderColor[2]))
		pdf.Rect(x+blk.X, y+blk.Y, blk.W, blk.H, "D")
	}
	r.useFont(blk.Bold, blk.Italic, blk.Size)
	col := blk.Color
	if ink && light(col) {
		col = templates.RGB{} // light text was on a fill that is not printed
	}
	pdf.SetTextColor(int(col[0]), int(col[1]), int(col[2]))
	for _, l := range blk.Lines {
		if l.Runs == nil {
			pdf.Text(x+l.X, y+l.Baseline, l.Text)
			continue
		}
		for _, run := range l.Runs {
			if run.Icon != nil {
				r.inlineIcon(f, run, x+l.X+run.X, y+l.Baseline, blk.Size)
				continue
			}
			if data := face.Fonts[run.Font]; data != nil {
				r.useTemplateFont(run.Font, data, blk.Size)
			} else {
				r.useFont(run.Bold, run.Italic, blk.Size)
			}
			pdf.Text(x+l.X+run.X, y+l.Baseline, run.Text)
		}
		r.useFont(blk.Bold, blk.Italic, blk.Size)
	}
}

// useTemplateFont selects a template's own font, registering it with the
// PDF the first time.
func (r *renderer) useTemplateFont(name string, data []byte, size float64) {
	if !r.fonts[name] {
		r.pdf.AddUTF8FontFromBytes(name, "", data)
		r.fonts[name] = true
	}
	r.pdf.SetFont(name, "", size)
}

// proxyKey identifies a laid-out text proxy: the copies of a card share
// one.
type proxyKey struct {
	game     *cardsdb.Game
	card     *cardsdb.Card
	second   bool
	backType string
	size     cardsdb.Size
}

// layOut lays out a text proxy once per card and side (issue 25: a card
// with megabytes of rules text was laid out again for every copy), and
// reports its warnings once.
func (r *renderer) layOut(f Face, card *cardsdb.Card, size cardsdb.Size, side templates.Side) templates.Face {
	k := proxyKey{f.Game, f.Card, f.Second, f.BackType, size}
	if face, ok := r.proxies[k]; ok {
		return face
	}
	face, warns := r.opts.Templates.Render(card, f.Game, size, side)
	for _, w := range warns {
		if w.Kind == templates.WarnReplaced && len(w.Chars) > 0 {
			// Once per character in the whole print, not once a card.
			var fresh []rune
			for _, c := range w.Chars {
				if !r.replaced[c] {
					fresh = append(fresh, c)
				}
			}
			if len(fresh) == 0 {
				continue
			}
			if r.replaced == nil {
				r.replaced = map[rune]bool{}
			}
			for _, c := range fresh {
				r.replaced[c] = true
			}
			w.Message = templates.ReplacedMessage(w.Card, fresh)
		}
		if w.Kind == templates.WarnFontStyle {
			// About the template, at its file:line:col, not the card.
			w.Message = w.String()
		}
		r.warn(w.Card, w.Kind, "%s", w.Message)
	}
	if r.proxies == nil {
		r.proxies = map[proxyKey]templates.Face{}
	}
	r.proxies[k] = face
	return face
}

// InkSaverLine is the widest line, in mm, that text proxies draw with
// RenderOptions.InkSaver.
const InkSaverLine = 0.2

// light reports whether a text colour is too light to read on white paper.
func light(c templates.RGB) bool {
	return 0.299*float64(c[0])+0.587*float64(c[1])+0.114*float64(c[2]) > 160
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
