package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/jung-kurt/gofpdf"

	"github.com/deckwright/deckwright/art"
	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/templates"
)

// iconInset is the share of an icon's square (one em) left empty on each
// side, so that an icon does not touch the words around it.
const iconInset = 0.1

// iconImage is an icon's image registered with the PDF: its name there and
// its pixel size, or ok false when it could not be read.
type iconImage struct {
	name string
	w, h int
	ok   bool
}

// inlineIcon draws an icon run of a text proxy line from its image: fitted,
// its proportions kept, into the run's square (inset by iconInset), centred
// across and standing on the baseline at x, baseline. An icon whose image
// cannot be read prints its fallback text (its glyph), or an empty square
// for an icon without one, with one warning per icon.
func (r *renderer) inlineIcon(f cardface.Face, run templates.Run, x, baseline, size float64) {
	img := r.iconImage(f, run)
	side := run.W * (1 - 2*iconInset)
	if !img.ok {
		if run.Icon.Glyph != "" {
			// run.Text: the glyph as the Go font can draw it (Sanitize).
			r.useFont(run.Bold, run.Italic, size)
			r.pdf.Text(x, baseline, run.Text)
			return
		}
		r.pdf.SetLineWidth(0.1)
		r.pdf.Rect(x+run.W*iconInset, baseline-side, side, side, "D")
		return
	}
	w, h := side, side
	if img.w > img.h {
		h = side * float64(img.h) / float64(img.w)
	} else {
		w = side * float64(img.w) / float64(img.h)
	}
	opt := gofpdf.ImageOptions{ImageType: "png", AllowNegativePosition: true}
	r.pdf.ImageOptions(img.name, x+(run.W-w)/2, baseline-h, w, h, false, opt, 0, "")
}

// iconImage reads, checks and registers an icon's image the first time a
// face of its game draws it.
func (r *renderer) iconImage(f cardface.Face, run templates.Run) iconImage {
	k := artKey{gameID(f), run.Icon.Image}
	if img, ok := r.icons[k]; ok {
		return img
	}
	if r.icons == nil {
		r.icons = map[artKey]iconImage{}
	}
	data, w, h, err := art.ReadIcon(art.ImageSpec{FS: f.FS, Path: run.Icon.Image})
	if err != nil {
		game := "the game"
		if f.Game != nil {
			game = f.Game.Name
		}
		instead := "printing its glyph instead"
		if g := run.Icon.Glyph; g != "" && run.Text != g {
			instead = fmt.Sprintf("printing its glyph %q as %q instead (the card font cannot draw all of it)", g, run.Text)
		}
		r.warn("", "missing-icon", "icon [%s] of %s: %s: %v; %s", run.Icon.Name, game, run.Icon.Image, err, instead)
		r.icons[k] = iconImage{}
		return iconImage{}
	}
	sum := sha256.Sum256(data)
	img := iconImage{name: "icon-" + hex.EncodeToString(sum[:16]), w: w, h: h, ok: true}
	if r.pdf.GetImageInfo(img.name) == nil {
		r.pdf.RegisterImageOptionsReader(img.name, gofpdf.ImageOptions{ImageType: "png"}, bytes.NewReader(data))
	}
	r.icons[k] = img
	return img
}
