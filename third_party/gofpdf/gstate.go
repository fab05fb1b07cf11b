package gofpdf

// deckwright patch: the graphics-state cache follows q/Q. See
// README.deckwright.md.

// gstate is the part of Fpdf's state that mirrors the PDF graphics state
// (colours, line style, transparency, the text state's font and word
// spacing): what a "q" operator saves and its "Q" restores.
//
// Upstream gofpdf keeps one copy of these values and never restores them
// when a transformation or clipping context ends, so after TransformEnd it
// believes the colours set inside are still in force while the PDF has gone
// back to the earlier ones. Text is the visible victim: its colour is
// written only when it differs from the cached fill colour, so white text
// after a context that had set a white fill came out in the restored fill
// colour, black (jung-kurt/gofpdf issue 234).
type gstate struct {
	draw, fill, text colorType
	colorFlag        bool
	lineWidth        float64
	capStyle         int
	joinStyle        int
	dashArray        []float64
	dashPhase        float64
	alpha            float64
	blendMode        string
	fontFamily       string
	fontStyle        string
	underline        bool
	strikeout        bool
	fontSizePt       float64
	fontSize         float64
	currentFont      fontDefType
	isCurrentUTF8    bool
	ws               float64
}

// pushGState records the cached graphics state beside a "q" written to
// the page.
func (f *Fpdf) pushGState() {
	f.gstack = append(f.gstack, gstate{
		draw: f.color.draw, fill: f.color.fill, text: f.color.text,
		colorFlag: f.colorFlag,
		lineWidth: f.lineWidth, capStyle: f.capStyle, joinStyle: f.joinStyle,
		dashArray: f.dashArray, dashPhase: f.dashPhase,
		alpha: f.alpha, blendMode: f.blendMode,
		fontFamily: f.fontFamily, fontStyle: f.fontStyle,
		underline: f.underline, strikeout: f.strikeout,
		fontSizePt: f.fontSizePt, fontSize: f.fontSize,
		currentFont: f.currentFont, isCurrentUTF8: f.isCurrentUTF8,
		ws: f.ws,
	})
}

// popGState restores the cached graphics state saved by the "q" that the
// "Q" just written closes.
func (f *Fpdf) popGState() {
	n := len(f.gstack)
	if n == 0 {
		return
	}
	s := f.gstack[n-1]
	f.gstack = f.gstack[:n-1]
	f.color.draw, f.color.fill, f.color.text = s.draw, s.fill, s.text
	f.colorFlag = s.colorFlag
	f.lineWidth, f.capStyle, f.joinStyle = s.lineWidth, s.capStyle, s.joinStyle
	f.dashArray, f.dashPhase = s.dashArray, s.dashPhase
	f.alpha, f.blendMode = s.alpha, s.blendMode
	f.fontFamily, f.fontStyle = s.fontFamily, s.fontStyle
	f.underline, f.strikeout = s.underline, s.strikeout
	f.fontSizePt, f.fontSize = s.fontSizePt, s.fontSize
	f.currentFont, f.isCurrentUTF8 = s.currentFont, s.isCurrentUTF8
	f.ws = s.ws
}
