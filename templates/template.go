package templates

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync/atomic"
	"text/template"
	"unicode/utf8"

	"github.com/deckwright/deckwright/cardsdb"
)

// Template is a card-face template: boxes of text laid out in millimetres
// on a card of its design size, a frame, and colours per faction. Parse
// reads one from YAML; a Set finds the one for a card. A Template is
// read-only once parsed and safe for concurrent use.
type Template struct {
	// Name is the template's lookup name: "default", "arkhtide/realm".
	Name string
	// File is where it was read from, for messages.
	File string
	// Size is the card size the boxes are laid out on; Render scales
	// them to the card it draws.
	Size cardsdb.Size
	// Description is the template's own note on what it is for.
	Description string

	frame         frameSpec
	factionColors map[string]RGB
	palette       []RGB
	neutral       RGB
	labels        map[string]string
	lineHeight    float64
	notice        *box
	boxes         []*box
	pos           cardsdb.Pos

	layers []*layer
	fonts  map[string]*userFont
	// sum is the SHA-256 of the template's source, in hex.
	sum string
	// dir is the folder the template was read from, where the files of
	// its layers and fonts are; nil for a template parsed alone.
	dir fs.FS
	// warnings are the template's own (a style its font family has no
	// file for), given once, with the first face Render draws; warned
	// says they were.
	warnings []Warning
	warned   *atomic.Bool
}

// layered reports whether the template has layers.
func (t *Template) layered() bool { return len(t.layers) > 0 }

// frameSpec is the template's frame: a background over the whole card and
// a line drawn inset from its edge.
type frameSpec struct {
	border     float64 // line width, mm; 0 = none
	color      paint
	background paint
	inset      float64 // from the card edge to the line's outer edge, mm
}

// box is one text box of a template.
type box struct {
	name                string
	x, y, w, h          float64
	content             string
	tmpl                *template.Template
	size, minSize       float64
	bold, italic        bool
	align, valign       string
	wrap                bool
	fill, color, bColor paint
	border, padding     float64
	lineHeight          float64
	always              bool
	pos                 cardsdb.Pos
	// line is fit: line: the text stays on one line, shrunk to fit.
	line bool
	// flow names the box the text that does not fit goes on in (flowPos
	// is where); next is that box and prev the box flowing into this
	// one, once linked (decoder.flows). noContent marks a box without
	// content: of its own, which only a box flowed into may be.
	flow      string
	flowPos   cardsdb.Pos
	next      *box
	prev      *box
	noContent bool
	// family is a font of the template's fonts:, ff its face (with the Go
	// font of the box's style as fallback); "" and nil for the Go fonts.
	family string
	ff     *face
	// styled, for a family with a file for more than one style, is its
	// face of each style (fontStyle; the box's own face for a style
	// without a file): the rules text's **bold** and *italic* marks print
	// in them. nil for a family of one file.
	styled *[4]*face

	// The notice box only: the lines it prints.
	sampleText, provisionalText string
}

// textBoxes lists the boxes of the template's text layers and its boxes,
// in drawing order (the notice box aside).
func (t *Template) textBoxes() []*box {
	var out []*box
	for _, l := range t.layers {
		if l.kind == LayerText && l.box != nil {
			out = append(out, l.box)
		}
	}
	return append(out, t.boxes...)
}

// Boxes lists the names of the template's boxes in drawing order.
func (t *Template) Boxes() []string {
	out := make([]string, len(t.boxes))
	for i, b := range t.boxes {
		out[i] = b.name
	}
	return out
}

// Side is which side of a card Render draws.
type Side int

// The sides of a card.
const (
	// Front is the card's face.
	Front Side = iota
	// Back is the second face of a double-faced card (Card.Back) or,
	// for a card without one, the game's card back.
	Back
)

func (s Side) String() string {
	if s == Back {
		return "back"
	}
	return "front"
}

// Face is one side of a card laid out for drawing: the template's boxes
// filled with the card's text, fitted and positioned. Every length is in
// millimetres from the card's top-left corner (y grows downwards, as in
// gofpdf with unit "mm"); font sizes are in points.
type Face struct {
	Template string // name of the template used
	// Designed reports that the template is the user's own (a game
	// folder's templates/, or --templates), not a bundled one: a face a
	// designer made, not one of deckwright's text proxies.
	Designed bool
	Size     cardsdb.Size // the card size the face is laid out on
	Side     Side
	// Image is the art of this side in the game's FS (Card.Image,
	// Card.Back.Image or Game.Back.Image), "" for none. A text proxy is
	// drawn when there is none or it cannot be read.
	Image string
	// Background fills the whole card (and its bleed) when HasBackground.
	Background    RGB
	HasBackground bool
	Frame         Frame
	// Layers are drawn in order after the frame and before Blocks: the
	// images, shapes and text of a layered template.
	Layers []Layer
	// Blocks are drawn in order, later ones over earlier ones.
	Blocks []Block
	// Fonts holds the TrueType data of the template fonts the face's runs
	// use (Run.Font), by name; the Go fonts are not in it.
	Fonts map[string][]byte
	// FontFiles names the file, in the template's folder, each of Fonts
	// was read from ("fonts/title.ttf"), by the same names.
	FontFiles map[string]string
	// TemplateFile is the file the template was read from (Template.File)
	// and TemplateSum the SHA-256 of its bytes in hex: a card's face
	// changes with its template (package changes).
	TemplateFile, TemplateSum string
}

// marked reports whether a block of the face shows ProvisionalMark.
func (f *Face) marked() bool {
	for _, b := range f.Blocks {
		for _, l := range b.Lines {
			if strings.Contains(l.Text, ProvisionalMark) {
				return true
			}
		}
	}
	return false
}

// Frame is the line around a card face: a rectangle stroked along its
// centre line with Width and Color; Width 0 means no frame.
type Frame struct {
	X, Y, W, H float64
	Width      float64
	Color      RGB
}

// Block is one text box of a face, ready to draw: fill the rectangle X, Y,
// W, H with Fill when HasFill, stroke it with Border and BorderColor when
// Border > 0, then draw each line in Font at Size points in Color, its
// baseline at (Line.X, Line.Baseline).
type Block struct {
	Box        string // the template box it comes from: "name", "rules"
	X, Y, W, H float64
	Lines      []Line
	Size       float64 // font size used, pt (after shrinking)
	Font       string  // FontName(Bold, Italic)
	Bold       bool
	Italic     bool
	Align      string // left, center or right (already applied to Line.X)
	VAlign     string // top, middle or bottom (already applied to Line.Baseline)
	Color      RGB
	Fill       RGB
	HasFill    bool
	Border     float64 // line width, mm; 0 = none
	// BorderColor is the colour of the border line.
	BorderColor RGB
	LineHeight  float64 // distance between baselines, mm
	Cut         bool    // the text did not fit and ends in Ellipsis
}

// Line is one line of a block: its text, where its baseline starts and
// its width, all in mm on the card.
type Line struct {
	Text     string
	X        float64 // left end of the baseline
	Baseline float64
	W        float64
	// Runs splits a line that mixes font styles (bold or italic runs of
	// rules text); nil when the whole line is in the block's font.
	Runs []Run
}

// The kinds of Warning.
const (
	WarnCut        = "text-cut"       // text cut with an ellipsis
	WarnReplaced   = "replaced-chars" // characters the font cannot draw
	WarnTemplate   = "template-error" // a box's content failed to execute
	WarnNoTemplate = "no-template"    // no template for the card
)

// Warning is a problem with one card's face that does not stop printing.
type Warning struct {
	Card    string      `json:"card"`
	Box     string      `json:"box,omitempty"`
	Kind    string      `json:"kind"`
	Message string      `json:"message"`
	Pos     cardsdb.Pos `json:"pos"` // the card's place in its card file
	// BoxPos is the place in the template of the box a warning is about
	// (text cut to fit), when it is one.
	BoxPos cardsdb.Pos `json:"box_pos,omitzero"`
	// Chars are the characters a WarnReplaced warning is about, so that a
	// print run can warn once per character (ReplacedMessage).
	Chars []rune `json:"chars,omitempty"`
}

// String formats the warning as "file:line:col: message" when the card's
// position is known.
func (w Warning) String() string {
	if p := w.Pos.String(); p != "" {
		return p + ": " + w.Message
	}
	return w.Message
}

// Notice lines a face prints unless its notice box says otherwise.
const (
	SampleNotice      = "SAMPLE — not a publisher's card"
	ProvisionalNotice = ProvisionalMark + " provisional value"
)

// MaxBoxText is the most text, in bytes, laid out in one box: far more
// than a card can show; the rest is cut with a warning.
const MaxBoxText = 16 << 10

// Render lays out one side of a card on a card of the given size (its own
// size as it is read: 88×63 for a landscape Arkhtide realm; zero means the
// template's Size). Boxes are scaled from the template's size to it, x and
// y separately, font sizes by the smaller of the two factors.
//
// A card that is a sample gets the SampleNotice line and one with
// provisional values gets ProvisionalNotice, in the notice box. card nil
// renders the game's card back; side Back for a card without a second face
// renders its back: its type's (cardsdb.Game.BackFor) when game.yaml gives
// the type one, else the game's. Render never fails: text that does not fit, characters the font
// cannot draw and content that fails to execute are warnings.
func (t *Template) Render(card *cardsdb.Card, game *cardsdb.Game, size cardsdb.Size, side Side) (Face, []Warning) {
	if !(size.W > 0 && size.H > 0) {
		size = t.Size
	}
	design := t.Size
	if !(design.W > 0 && design.H > 0) {
		design = size // a Template not made by Parse: nothing to scale
	}
	backOf := "" // the card type whose back (cardsdb.Game.BackFor) a card back shows
	if side == Back && card != nil && card.Back == nil {
		backOf, card = card.Type, nil
	}
	r := renderer{t: t, card: card, game: game}
	if len(t.warnings) > 0 && t.warned != nil && t.warned.CompareAndSwap(false, true) {
		for _, w := range t.warnings {
			w.Card = r.cardName()
			r.warns = append(r.warns, w)
		}
	}
	r.sx, r.sy = size.W/design.W, size.H/design.H
	r.sf = min(r.sx, r.sy)
	r.fc = t.factionColor(card, game)
	f := Face{Template: t.Name, Designed: !t.bundled(), TemplateFile: t.File, TemplateSum: t.sum, Size: size, Side: side}
	switch {
	case card == nil && game != nil:
		f.Image = game.BackFor(backOf).Image
	case card != nil && side == Back:
		f.Image = card.Back.Image
	case card != nil:
		f.Image = card.Image
	}
	f.Background, f.HasBackground = t.frame.background.resolve(r.fc)
	if t.frame.border > 0 {
		in := t.frame.inset*r.sf + t.frame.border/2
		f.Frame = Frame{X: in, Y: in, W: size.W - 2*in, H: size.H - 2*in, Width: t.frame.border}
		f.Frame.Color, _ = t.frame.color.resolve(r.fc)
	}
	data := newData(card, game, side, t.labels)
	if data.cut > 0 {
		r.warn("", WarnCut, "text of %q is %d KiB: only its first %d KiB are used", r.cardName(), data.cut>>10, MaxCardText>>10)
	}
	if card == nil && game != nil && game.BackFor(backOf).Text != "" {
		data.Name = game.BackFor(backOf).Text
	}
	r.layoutFlows(&f, data)
	r.renderLayers(&f, data)
	for _, bx := range t.boxes {
		if _, ok := r.flowed[bx]; ok {
			r.addBlock(&f, bx, "")
			continue
		}
		if bx.tmpl == nil {
			continue
		}
		text, err := execute(bx.tmpl, data)
		if err != nil {
			r.warn(bx.name, WarnTemplate, "box %q of template %s failed: %v; the box is left empty", bx.name, t.Name, cleanExecErr(err))
			continue
		}
		r.addBlock(&f, bx, text)
	}
	if card != nil && t.notice != nil {
		var lines []string
		if card.Sample {
			lines = append(lines, t.notice.sampleText)
		}
		// The footnote explains the marks: only a face that shows a
		// provisional value (marked ProvisionalMark) needs it.
		if card.HasProvisional() && f.marked() {
			lines = append(lines, t.notice.provisionalText)
		}
		if len(lines) > 0 {
			r.addBlock(&f, t.notice, strings.Join(lines, " · "))
		}
	}
	if len(r.replaced) > 0 {
		r.warnReplaced()
	}
	if len(r.fellBack) > 0 {
		r.warnFallback()
	}
	f.FontFiles = t.fontFiles(f.Fonts)
	return f, r.warns
}

// fontFiles names the file, in the templates folder, of each of a face's
// fonts (Face.Fonts), nil for none.
func (t *Template) fontFiles(fonts map[string][]byte) map[string]string {
	if len(fonts) == 0 {
		return nil
	}
	out := map[string]string{}
	for _, uf := range t.fonts {
		for i, fc := range uf.faces {
			if fc != nil && fonts[fc.name] != nil {
				out[fc.name] = uf.files[i]
			}
		}
	}
	return out
}

// renderer holds what Render needs while it lays out one face.
type renderer struct {
	t          *Template
	card       *cardsdb.Card
	game       *cardsdb.Game
	sx, sy, sf float64
	fc         RGB
	replaced   []rune
	warns      []Warning
	// fellBack are the characters a template font lacked, by family.
	fellBack map[string][]rune
	// flowed holds the blocks of the boxes of flows, laid out before
	// the face is drawn (nil for a box left empty); on holds the when:
	// of the layers, worked out once.
	flowed map[*box]*Block
	on     map[*layer]bool
}

func (r *renderer) cardName() string {
	switch {
	case r.card != nil:
		return r.card.Name
	case r.game != nil:
		return "card back of " + r.game.Name
	}
	return "card back"
}

func (r *renderer) warn(boxName, kind, format string, args ...any) {
	w := Warning{Card: r.cardName(), Box: boxName, Kind: kind, Message: fmt.Sprintf(format, args...)}
	if r.card != nil {
		w.Pos = r.card.Pos
	}
	r.warns = append(r.warns, w)
}

// addBlock fits text into a box and appends the block, unless the text is
// empty and the box is not drawn when empty. A box of a flow (flow:)
// appends the block its flow laid out for it (layoutFlows) instead.
func (r *renderer) addBlock(f *Face, bx *box, text string) {
	if blk, ok := r.flowed[bx]; ok {
		if blk != nil {
			f.Blocks = append(f.Blocks, *blk)
		}
		return
	}
	text, styles := r.prepare(bx, text)
	if strings.TrimSpace(text) == "" && !bx.always {
		return
	}
	f.Blocks = append(f.Blocks, r.layoutBlock(f, bx, bx, text, styles, bx.size*r.sf, bx.minSize*r.sf))
}

// prepare takes the marks (bold, italic, icons) out of a box's text, as
// the font of box bx sets them, and bounds its length.
func (r *renderer) prepare(bx *box, text string) (string, []byte) {
	var icons []*cardsdb.IconDef
	if r.game != nil {
		icons = r.game.Icons
	}
	var keep func(rune, byte) bool
	switch {
	case bx.styled != nil:
		// A character the family's file of its style has is kept, where
		// the Go fonts have none.
		keep = func(c rune, st byte) bool {
			return bx.styled[FontStyle(bx.bold || st&1 != 0, bx.italic || st&2 != 0)].has(c)
		}
	case bx.ff != nil:
		keep = func(c rune, _ byte) bool { return bx.ff.has(c) }
	}
	text, styles, bad := stripMarks(text, len(icons), keep)
	if bx.ff != nil && bx.styled == nil {
		styles = nil // a family of one file prints rules text plain
	}
	if len(text) > MaxBoxText {
		// No card shows more; fitting megabytes would take seconds.
		n := MaxBoxText
		for n > 0 && !utf8.RuneStart(text[n]) {
			n--
		}
		r.warn(bx.name, WarnCut, "text of %q in box %q is %d KiB: only its first %d KiB are laid out", r.cardName(), bx.name, len(text)>>10, MaxBoxText>>10)
		text = text[:n]
		if styles != nil {
			styles = styles[:n]
		}
	}
	for _, c := range bad {
		if !containsRune(r.replaced, c) {
			r.replaced = append(r.replaced, c)
		}
	}
	return text, styles
}

// fitOptions are the options Fit sets the text of box bx with at size
// (shrinking to minSize): bx's font, and for text with bold runs its bold
// face, so that no line is wider than the box whatever its runs.
func (r *renderer) fitOptions(bx *box, styles []byte, size, minSize float64) FitOptions {
	measure := bx.ff
	if bx.styled != nil && hasStyle(styles, 1) {
		measure = bx.styled[FontStyle(true, bx.italic)]
	}
	return FitOptions{
		face:       measure,
		Size:       size,
		MinSize:    minSize,
		Bold:       bx.bold || hasStyle(styles, 1),
		Italic:     bx.italic,
		Wrap:       bx.wrap,
		LineHeight: bx.lineHeight,
		Line:       bx.line,
	}
}

// inner is the room inside box bx's padding, in mm, as laid out.
func (r *renderer) inner(bx *box) (float64, float64) {
	pad := bx.padding * r.sf
	return max(0, bx.w*r.sx-2*pad), max(0, bx.h*r.sy-2*pad)
}

// layoutBlock lays text out in box geo (its place, padding, alignment and
// paint) in the font of box font (the box a flow starts from, or geo
// itself), from size down to minSize points.
func (r *renderer) layoutBlock(f *Face, geo, font *box, text string, styles []byte, size, minSize float64) Block {
	blk := Block{
		Box:    geo.name,
		X:      geo.x * r.sx,
		Y:      geo.y * r.sy,
		W:      geo.w * r.sx,
		H:      geo.h * r.sy,
		Bold:   font.bold,
		Italic: font.italic,
		Font:   FontName(font.bold, font.italic),
		Align:  geo.align,
		VAlign: geo.valign,
		Border: geo.border,
	}
	blk.Color, _ = geo.color.resolve(r.fc)
	blk.Fill, blk.HasFill = geo.fill.resolve(r.fc)
	blk.BorderColor, _ = geo.bColor.resolve(r.fc)
	pad := geo.padding * r.sf
	iw, ih := r.inner(geo)
	fit := Fit(text, iw, ih, r.fitOptions(font, styles, size, minSize))
	blk.Size, blk.LineHeight, blk.Cut = fit.Size, fit.LineHeight, fit.Cut
	ff := fontFace(font.bold, font.italic)
	var missing []rune
	if font.ff != nil {
		ff = font.ff
		blk.Font = ff.name
		if f.Fonts == nil {
			f.Fonts = map[string][]byte{}
		}
		f.Fonts[ff.name] = ff.ttf
	}
	var icons []*cardsdb.IconDef
	if r.game != nil {
		icons = r.game.Icons
	}
	sizeMM := fit.Size * PtToMM
	textH := float64(len(fit.Lines)) * fit.LineHeight
	top := blk.Y + pad
	switch geo.valign {
	case "middle":
		top += (ih - textH) / 2
	case "bottom":
		top += ih - textH
	}
	// Each line's box is LineHeight tall with the glyphs' ascent and
	// descent centred in it.
	first := top + (fit.LineHeight-(ff.ascent+ff.descent)*sizeMM)/2 + ff.ascent*sizeMM
	blk.Lines = make([]Line, len(fit.Lines))
	pos := 0
	for i, l := range fit.Lines {
		w := unitsToMM(float64(ff.units(l)), fit.Size)
		var runs []Run
		if font.styled != nil {
			runs, w = familyRuns(l, runeStyles(l, text, styles, &pos), font.styled, font.bold, font.italic, fit.Size, &missing, icons)
			for _, sf := range font.styled {
				for _, r := range runs {
					if r.Font == sf.name {
						f.Fonts[sf.name] = sf.ttf
					}
				}
			}
		} else if font.ff != nil {
			runs = fontRuns(l, ff, fit.Size, &missing, icons, font.bold, font.italic)
		} else if styles != nil {
			runs, w = lineRuns(l, text, styles, &pos, font.bold, font.italic, fit.Size, icons)
			if len(runs) == 1 && runs[0].Icon == nil && runs[0].Bold == font.bold && runs[0].Italic == font.italic {
				runs = nil
			}
		}
		x := blk.X + pad
		switch geo.align {
		case "center":
			x += (iw - w) / 2
		case "right":
			x += iw - w
		}
		blk.Lines[i] = Line{Text: l, X: x, Baseline: first + float64(i)*fit.LineHeight, W: w, Runs: runs}
	}
	if len(missing) > 0 {
		if r.fellBack == nil {
			r.fellBack = map[string][]rune{}
		}
		for _, c := range missing {
			if !containsRune(r.fellBack[font.family], c) {
				r.fellBack[font.family] = append(r.fellBack[font.family], c)
			}
		}
	}
	if fit.Cut {
		r.warnCut(geo, font, fit)
	}
	return blk
}

// warnCut says that the text of a box did not fit, naming the card and
// the box at its place in the template, and what would make room.
func (r *renderer) warnCut(geo, font *box, fit Fitted) {
	where := fmt.Sprintf("box %q (%s)", geo.name, geo.pos)
	if geo != font {
		where += fmt.Sprintf(", where box %q flows,", font.name)
	}
	fix := "shorten the text, lower the box's min_size, make the box bigger or give it flow: NAME, a box to go on in"
	switch {
	case geo.line:
		fix = "shorten the text or lower the box's min_size"
	case geo != font || geo.next != nil:
		fix = "shorten the text, lower the first box's min_size or make the boxes bigger"
	}
	r.warns = append(r.warns, Warning{
		Card: r.cardName(), Box: geo.name, Kind: WarnCut, Pos: r.cardPos(), BoxPos: geo.pos,
		Message: fmt.Sprintf("text of %q does not fit %s at %gpt: cut after %q; %s", r.cardName(), where, round1(fit.Size), fit.CutAfter, fix),
	})
}

func (r *renderer) cardPos() cardsdb.Pos {
	if r.card != nil {
		return r.card.Pos
	}
	return cardsdb.Pos{}
}

// flowPart is the text of one box of a flow: the box (its place in the
// flow) and where the text starts in the flow's text.
type flowPart struct {
	box  int
	off  int
	text string
}

// padStyles grows styles (one style byte a byte of text) to n bytes.
func padStyles(styles []byte, n int) []byte {
	for len(styles) < n {
		styles = append(styles, 0)
	}
	return styles
}

// layoutFlows lays out each flow of the template (a box with flow: and
// the boxes its text goes on in) before the face is drawn, into flowed:
// the text of every box of the flow, one after the other, is set in the
// font of its first box at the largest size, down to its min_size, at
// which it fits the boxes, each box holding what it can and the rest
// going on in the next; at min_size what the last box cannot hold is cut.
// The text of a box flowed into that has content of its own follows the
// flowed text, from that box on. A text layer whose when: is false is
// left out of its flow.
func (r *renderer) layoutFlows(f *Face, data *Data) {
	layerOf := map[*box]*layer{}
	for _, l := range r.t.layers {
		if l.box != nil {
			layerOf[l.box] = l
		}
	}
	for _, head := range r.t.textBoxes() {
		if head.next == nil || head.prev != nil {
			continue
		}
		if r.flowed == nil {
			r.flowed = map[*box]*Block{}
		}
		var members []*box
		var parts []flowPart // each box's own text, from its box on
		for m := head; m != nil; m = m.next {
			r.flowed[m] = nil
			if l := layerOf[m]; l != nil && !r.layerOn(l, data) {
				continue
			}
			members = append(members, m)
			if m.tmpl == nil {
				continue
			}
			s, err := execute(m.tmpl, data)
			if err != nil {
				r.warn(m.name, WarnTemplate, "box %q of template %s failed: %v; the box is left empty", m.name, r.t.Name, cleanExecErr(err))
				continue
			}
			if strings.TrimSpace(s) != "" {
				parts = append(parts, flowPart{box: len(members) - 1, text: s})
			}
		}
		if len(members) == 0 {
			continue
		}
		font := head
		if layerOf[head] != nil && !r.layerOn(layerOf[head], data) {
			font = members[0]
		}
		// The parts one after another, a line break between them, their
		// marks taken out each on its own.
		var text string
		var styles []byte
		for i, p := range parts {
			t, st := r.prepare(font, p.text)
			if i > 0 {
				text += "\n"
				if styles != nil || st != nil {
					styles = append(padStyles(styles, len(text)-1), 0)
				}
			}
			parts[i].off = len(text)
			text += t
			if st != nil {
				styles = append(padStyles(styles, parts[i].off), st...)
			}
		}
		if styles != nil {
			styles = padStyles(styles, len(text))
		}
		if strings.TrimSpace(text) == "" {
			for _, m := range members {
				if m.always {
					blk := r.layoutBlock(f, m, font, "", nil, font.size*r.sf, font.size*r.sf)
					r.flowed[m] = &blk
				}
			}
			continue
		}
		rooms := make([][2]float64, len(members))
		for i, m := range members {
			rooms[i][0], rooms[i][1] = r.inner(m)
		}
		cuts, size := flowSplit(text, parts, rooms, r.fitOptions(font, styles, font.size*r.sf, font.minSize*r.sf))
		for i, m := range members {
			piece := text[cuts[i]:cuts[i+1]]
			var st []byte
			if styles != nil {
				st = styles[cuts[i]:cuts[i+1]]
			}
			if strings.TrimSpace(piece) == "" && !m.always {
				continue
			}
			blk := r.layoutBlock(f, m, font, piece, st, size, size)
			r.flowed[m] = &blk
		}
	}
}

func (r *renderer) warnReplaced() {
	r.warn("", WarnReplaced, "%s", ReplacedMessage(r.cardName(), r.replaced))
	r.warns[len(r.warns)-1].Chars = append([]rune(nil), r.replaced...)
}

// ReplacedMessage is the WarnReplaced message for card: the characters the
// card font cannot draw, replaced by Replacement.
func ReplacedMessage(card string, chars []rune) string {
	codes := make([]string, len(chars))
	for i, c := range chars {
		codes[i] = fmt.Sprintf("%U %q", c, c)
	}
	noun := "character"
	if len(chars) > 1 {
		noun = "characters"
	}
	return fmt.Sprintf("%q: %d %s the card font cannot draw replaced by %U: %s", card, len(chars), noun, Replacement, strings.Join(codes, ", "))
}

// warnFallback warns, once per font, of the characters a template font
// has no glyph for, which were drawn in the Go font.
func (r *renderer) warnFallback() {
	fams := make([]string, 0, len(r.fellBack))
	for k := range r.fellBack {
		fams = append(fams, k)
	}
	sort.Strings(fams)
	for _, fam := range fams {
		list := r.fellBack[fam]
		codes := make([]string, len(list))
		for i, c := range list {
			codes[i] = fmt.Sprintf("%q (%U)", c, c)
		}
		r.warn("", WarnFallback, "%q: font %q has no glyph for %s; drawn in the Go font", r.cardName(), fam, strings.Join(codes, ", "))
	}
}

func containsRune(list []rune, r rune) bool {
	for _, x := range list {
		if x == r {
			return true
		}
	}
	return false
}

func round1(v float64) float64 { return float64(int(v*10+0.5)) / 10 }

// factionColor returns the colour of the card's first faction: the
// template's faction_colors entry, else (for a faction the game does not
// call neutral) the palette colour at the faction's place in the game,
// else neutral_color.
func (t *Template) factionColor(c *cardsdb.Card, g *cardsdb.Game) RGB {
	if c == nil {
		return t.neutral
	}
	id := c.Faction()
	if id == "" {
		return t.neutral
	}
	if col, ok := t.factionColors[id]; ok {
		return col
	}
	if g == nil || len(t.palette) == 0 || g.Factions.IsNeutral(id) {
		return t.neutral
	}
	i := 0
	for _, v := range g.Factions.Values {
		if v.ID == id {
			return t.palette[i%len(t.palette)]
		}
		if !g.Factions.IsNeutral(v.ID) {
			i++
		}
	}
	return t.neutral
}

// hasStyle reports whether any byte has the style bit.
func hasStyle(styles []byte, bit byte) bool {
	for _, s := range styles {
		if s&bit != 0 {
			return true
		}
	}
	return false
}
