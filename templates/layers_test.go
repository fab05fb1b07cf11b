package templates

import (
	"bytes"
	"math"
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/jung-kurt/gofpdf"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/deckwright/deckwright/cardsdb"
)

// layeredFS is a templates folder with a font (Go Smallcaps cut to ASCII),
// a file that is no font, a corrupt CFF font and a frame.
func layeredFS(t *testing.T, tmpl string) fstest.MapFS {
	t.Helper()
	ascii, err := os.ReadFile("testdata/fonts/smallcaps-ascii.ttf")
	if err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{
		"default.yaml":          {Data: []byte(tmpl)},
		"fonts/title.ttf":       {Data: ascii},
		"fonts/notafont.ttf":    {Data: []byte("this is a text file, not a font\n")},
		"fonts/cff.otf":         {Data: append([]byte("OTTO"), make([]byte, 200)...)},
		"frames/ember.png":      {Data: []byte("a frame")},
		"frames/tide.png":       {Data: []byte("a frame")},
		"frames/deep/other.png": {Data: []byte("a frame")},
	}
}

// TestLayerErrors: every problem of a layered template at its
// file:line:col, with a suggestion where a name is close (issue 22).
func TestLayerErrors(t *testing.T) {
	src := `size: {width: 63, height: 88}
fonts:
  title: fonts/titel.ttf
  plain: fonts/notafont.ttf
  cff: fonts/cff.otf
  out: ../fonts/title.ttf
layers:
  - {name: frame, image: frames/embr.png, x: 0, y: 0, w: 63, h: 88}
  - {name: escape, image: ../secret.png, x: 0, y: 0, w: 10, h: 10}
  - {name: big, shape: rect, fill: "#000000", x: 50, y: 80, w: 20, h: 10}
  - {name: cond, shape: rect, fill: "#000000", x: 0, y: 0, w: 5, h: 5, when: "{{.Name}}"}
  - {name: hex, shape: hexagon, fill: "#000000", x: 0, y: 0, w: 5, h: 5}
  - {name: title, content: "{{.Name}}", font: {family: titl}, x: 3, y: 3, w: 50, h: 8}
  - {name: art, image: '{{.Field "art"}}', ancor: top, x: 5, y: 13, w: 53, h: 38}
  - {name: both, image: frames/tide.png, shape: rect, x: 0, y: 0, w: 5, h: 5}
  - {name: poly, shape: polygon, fill: faction, points: [[0, 0], [5, 0]], x: 0, y: 0, w: 5, h: 5}
  - {name: nothing, shape: rect, x: 0, y: 0, w: 5, h: 5}
  - {name: fit, image: frames/tide.png, fit: fill, x: 0, y: 0, w: 5, h: 5}
`
	set := NewSet()
	err := set.AddFS(layeredFS(t, src), "mine/")
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		`mine/default.yaml:3:10: font file "fonts/titel.ttf": file does not exist; did you mean "fonts/title.ttf"?`,
		`mine/default.yaml:4:10: font file "fonts/notafont.ttf": not a TrueType or OpenType font`,
		`mine/default.yaml:5:8: font file "fonts/cff.otf": not a usable OpenType font with PostScript (CFF) outlines (`,
		`mine/default.yaml:6:8: font file "../fonts/title.ttf" leads outside the folder`,
		`mine/default.yaml:8:26: image "frames/embr.png" is not in the templates folder; did you mean "frames/ember.png"?`,
		`mine/default.yaml:9:27: image "../secret.png" leads outside the folder`,
		`mine/default.yaml:10:5: layer "big" goes outside the 63x88 mm card`,
		`mine/default.yaml:11:78: when must render true or false, but renders "" on a blank card`,
		`mine/default.yaml:12:24: shape must be one of rect, rounded, ellipse, polygon, line, found "hexagon"`,
		`mine/default.yaml:13:47: font family "titl" is not among the template's fonts (cff, out, plain, title); did you mean "title"?`,
		`mine/default.yaml:14:44: unknown key "ancor" in image layer; did you mean "anchor"?`,
		`mine/default.yaml:15:5: layer has both image and shape`,
		`mine/default.yaml:16:5: polygon "poly" needs points: at least 3 corners`,
		`mine/default.yaml:17:5: shape "nothing" has neither fill nor stroke`,
		`mine/default.yaml:18:46: image fit must be one of cover, contain, stretch, found "fill"`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("errors lack\n\t%s\nin\n%v", want, err)
		}
	}
	if len(set.Names()) != 0 {
		t.Error("a folder with errors added templates")
	}
}

// TestLayers renders a layered template: layers in order, when: choosing
// them, a shape in the faction's colour, an image path from a card field,
// boxes after the layers.
func TestLayers(t *testing.T) {
	src := `size: {width: 63, height: 88}
faction_colors: {ember: "#aa0000"}
layers:
  - {name: frame, image: 'frames/{{.FactionID}}.png', x: 0, y: 0, w: 63, h: 88, bleed: true, fit: stretch}
  - {name: badge, shape: ellipse, fill: faction, x: 2, y: 2, w: 10, h: 10, when: '{{.Has "cost"}}', opacity: 0.5, rotation: 15}
  - {name: title, content: "{{.Name}}", x: 14, y: 2, w: 45, h: 8}
  - {name: art, image: '{{.Field "art"}}', anchor: bottom-right, fit: contain, x: 5, y: 13, w: 53, h: 38}
boxes:
  - {name: rules, content: "{{.Text}}", x: 3, y: 60, w: 57, h: 20}
`
	set := NewSet()
	if err := set.AddFS(layeredFS(t, src), "mine/"); err != nil {
		t.Fatal(err)
	}
	g := &cardsdb.Game{ID: "g", Name: "G", Dir: "g", FS: fstest.MapFS{"cards/art/drake.png": {Data: []byte("x")}},
		Types: []*cardsdb.CardType{{ID: "unit", Name: "Unit", Fields: []*cardsdb.Field{{Name: "cost", Kind: cardsdb.KindInt}, {Name: "art", Kind: cardsdb.KindString}}}}}
	drake := &cardsdb.Card{Name: "Drake", Type: "unit", Factions: []string{"ember"}, Text: "Flying.", Pos: cardsdb.Pos{File: "g/cards/cards.yaml", Line: 3},
		Fields: map[string]cardsdb.Value{"cost": {Kind: cardsdb.KindInt, Int: 4}, "art": {Kind: cardsdb.KindString, Str: "art/drake.png"}}}
	face, warns := set.Render(drake, g, cardsdb.Size{W: 63, H: 88}, Front)
	if len(warns) != 0 {
		t.Errorf("warnings %v", warns)
	}
	var names []string
	for _, l := range face.Layers {
		names = append(names, l.Name)
	}
	if strings.Join(names, " ") != "frame badge title art" {
		t.Fatalf("layers %v", names)
	}
	if l := face.Layers[0]; l.Image != "frames/ember.png" || !l.Bleed || l.Fit != FitStretch || !strings.HasPrefix(l.ImageKey, "templates:") {
		t.Errorf("frame %+v", l)
	}
	if l := face.Layers[1]; l.Kind != LayerShape || l.Fill != (RGB{0xaa, 0, 0}) || !l.HasFill || l.Opacity != 0.5 || l.Rotation != 15 {
		t.Errorf("badge %+v", l)
	}
	if l := face.Layers[2]; l.Block == nil || l.Block.Lines[0].Text != "Drake" {
		t.Errorf("title %+v", l)
	}
	if l := face.Layers[3]; l.Image != "cards/art/drake.png" || l.Fit != FitContain || l.AnchorX != 1 || l.AnchorY != 1 || !strings.HasPrefix(l.ImageKey, "game:g:") {
		t.Errorf("art %+v", l)
	}
	if len(face.Blocks) != 1 || face.Blocks[0].Box != "rules" {
		t.Errorf("blocks %+v", face.Blocks)
	}
	// Without a cost, a faction or art: no badge, a missing frame and
	// art (warnings, the layers left out).
	plain := &cardsdb.Card{Name: "Plain", Type: "unit", Fields: map[string]cardsdb.Value{"art": {Kind: cardsdb.KindString, Str: "art/none.png"}}}
	face, warns = set.Render(plain, g, cardsdb.Size{W: 63, H: 88}, Front)
	if len(face.Layers) != 1 || face.Layers[0].Name != "title" {
		t.Errorf("layers of a plain card: %+v", face.Layers)
	}
	if len(warns) != 2 || !strings.Contains(warns[0].Message, `image "frames/.png" of layer "frame" is in neither the templates folder nor the game's folder`) || warns[1].Kind != WarnImage {
		t.Errorf("warnings %v", warns)
	}
	// Bleed: a layer at the card's edges grows by the bleed there only.
	l := Layer{X: 0, Y: 10, W: 63, H: 20, Bleed: true}
	if x, y, w, h := l.Rect(cardsdb.Size{W: 63, H: 88}, 3); x != -3 || y != 10 || w != 69 || h != 20 {
		t.Errorf("bleed rect %g %g %g %g", x, y, w, h)
	}
}

// TestTemplateFontFallback: a template font without a glyph draws it in
// the Go font, with a warning naming the card and the character.
func TestTemplateFontFallback(t *testing.T) {
	src := `size: {width: 63, height: 88}
fonts: {title: fonts/title.ttf}
layers:
  - {name: title, content: "{{.Name}}", font: {family: title, size: 10}, x: 3, y: 3, w: 57, h: 8}
`
	set := NewSet()
	if err := set.AddFS(layeredFS(t, src), "mine/"); err != nil {
		t.Fatal(err)
	}
	c := &cardsdb.Card{Name: "Thryïnn Arkhé", Type: "unit", Pos: cardsdb.Pos{File: "cards.yaml", Line: 7, Col: 5}}
	face, warns := set.Render(c, nil, cardsdb.Size{W: 63, H: 88}, Front)
	if len(warns) != 1 || warns[0].Kind != WarnFallback || warns[0].String() != `cards.yaml:7:5: "Thryïnn Arkhé": font "title" has no glyph for 'ï' (U+00EF), 'é' (U+00E9); drawn in the Go font` {
		t.Fatalf("warnings %v", warns)
	}
	b := face.Layers[0].Block
	var fonts []string
	for _, r := range b.Lines[0].Runs {
		fonts = append(fonts, r.Text+"="+r.Font)
	}
	own := b.Font
	if len(face.Fonts[own]) == 0 || !strings.HasPrefix(own, "tpl-") {
		t.Fatalf("block font %q, face fonts %d", own, len(face.Fonts))
	}
	want := "Thry=" + own + " ï=GoRegular nn Arkh=" + own + " é=GoRegular"
	if got := strings.Join(fonts, " "); got != want {
		t.Errorf("runs %s\nwant %s", got, want)
	}
}

// styledFS is layeredFS with the Go fonts as a family's styles.
func styledFS(t *testing.T, tmpl string) fstest.MapFS {
	fsys := layeredFS(t, tmpl)
	fsys["fonts/body.ttf"] = &fstest.MapFile{Data: goregular.TTF}
	fsys["fonts/body-bold.ttf"] = &fstest.MapFile{Data: gobold.TTF}
	fsys["fonts/body-bolditalic.ttf"] = &fstest.MapFile{Data: gobolditalic.TTF}
	return fsys
}

// TestTemplateFontStyles: a family given a file per style prints a bold
// (italic, bold italic) box in that style's file; a style without a file
// prints in the regular file, with one warning at the template's
// file:line:col, given with the first face only.
func TestTemplateFontStyles(t *testing.T) {
	src := `size: {width: 63, height: 88}
fonts:
  body: {regular: fonts/body.ttf, bold: fonts/body-bold.ttf, bold_italic: fonts/body-bolditalic.ttf}
  title: fonts/title.ttf
layers:
  - {name: plain, content: "{{.Name}}", font: {family: body}, x: 3, y: 3, w: 57, h: 8}
  - {name: strong, content: "{{.Name}}", font: {family: body, bold: true}, x: 3, y: 13, w: 57, h: 8}
  - {name: both, content: "{{.Name}}", font: {family: body, bold: true, italic: true}, x: 3, y: 23, w: 57, h: 8}
  - {name: slanted, content: "{{.Name}}", font: {family: body, italic: true}, x: 3, y: 33, w: 57, h: 8}
  - {name: caps, content: "{{.Name}}", font: {family: title, bold: true}, x: 3, y: 43, w: 57, h: 8}
`
	set := NewSet()
	if err := set.AddFS(styledFS(t, src), "mine/"); err != nil {
		t.Fatal(err)
	}
	c := &cardsdb.Card{Name: "Ember Drake", Type: "unit", Pos: cardsdb.Pos{File: "cards.yaml", Line: 7, Col: 5}}
	face, warns := set.Render(c, nil, cardsdb.Size{W: 63, H: 88}, Front)
	var got []string
	for _, w := range warns {
		got = append(got, w.Kind+" "+w.String())
	}
	want := []string{
		`font-style mine/default.yaml:9:49: font family "body" has no italic file: the italic text of box "slanted" prints in its regular file; add italic: FILE under fonts: body`,
		`font-style mine/default.yaml:10:46: font family "title" has no bold file: the bold text of box "caps" prints in its regular file; add bold: FILE under fonts: title`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	data := map[string][]byte{}
	for _, l := range face.Layers {
		b := l.Block
		if b == nil || len(b.Lines) == 0 || len(b.Lines[0].Runs) == 0 {
			t.Fatalf("layer %q drew nothing", l.Name)
		}
		for _, r := range b.Lines[0].Runs {
			if r.Font != b.Font {
				t.Errorf("layer %q: run %q in %q, want the block's font %q", l.Name, r.Text, r.Font, b.Font)
			}
		}
		data[l.Name] = face.Fonts[b.Font]
	}
	for name, ttf := range map[string][]byte{"plain": goregular.TTF, "strong": gobold.TTF, "both": gobolditalic.TTF, "slanted": goregular.TTF} {
		ttf = loadedTTF(t, ttf)
		if !bytes.Equal(data[name], ttf) {
			t.Errorf("layer %q prints in a font of %d bytes, want the file of %d bytes", name, len(data[name]), len(ttf))
		}
	}
	// Once: the next card hears no more of it.
	if _, warns := set.Render(&cardsdb.Card{Name: "Tide", Type: "unit"}, nil, cardsdb.Size{W: 63, H: 88}, Front); len(warns) != 0 {
		t.Errorf("second face: warnings %v", warns)
	}
}

// TestTemplateFontStyleErrors: a family without its regular file, an
// unknown style and a missing style file, each at its file:line:col.
func TestTemplateFontStyleErrors(t *testing.T) {
	src := `size: {width: 63, height: 88}
fonts:
  body: {bold: fonts/body-bold.ttf}
  text: {regular: fonts/body.ttf, bolt: fonts/body-bold.ttf}
  other: {regular: fonts/body.ttf, italic: fonts/body-italc.ttf}
layers:
  - {name: plain, content: "{{.Name}}", font: {family: body}, x: 3, y: 3, w: 57, h: 8}
`
	err := NewSet().AddFS(styledFS(t, src), "mine/")
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		`mine/default.yaml:3:9: font family "body" has no regular file; add regular: FILE`,
		`mine/default.yaml:4:35: unknown key "bolt" in font family text; did you mean "bold"? (allowed: regular, bold, italic, bold_italic)`,
		`mine/default.yaml:5:44: italic font file "fonts/body-italc.ttf": file does not exist`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in:\n%v", want, err)
		}
	}
}

// loadedTTF returns the bytes a template prints a font file in: the file
// as internal/fontfile rebuilt it.
func loadedTTF(t *testing.T, file []byte) []byte {
	t.Helper()
	f, err := loadFont(file)
	if err != nil {
		t.Fatal(err)
	}
	return f.ttf
}

// TestCFFFont: a real OpenType font with PostScript (CFF) outlines loads
// as a family's file: it is converted to TrueType outlines (the PDF
// writer cannot embed CFF ones: if a gofpdf update ever can, this test
// says so), measured as the source font, and printed embedded.
func TestCFFFont(t *testing.T) {
	cff, err := os.ReadFile("testdata/fonts/cfftest.otf")
	if err != nil {
		t.Fatal(err)
	}
	fsys := layeredFS(t, "size: {width: 63, height: 88}\nfonts:\n  title: {regular: fonts/title.ttf, bold: fonts/real-cff.otf}\nboxes:\n  - {name: t, content: x, x: 1, y: 1, w: 10, h: 10, font: {family: title, bold: true}}\n")
	fsys["fonts/real-cff.otf"] = &fstest.MapFile{Data: cff}
	if err := NewSet().AddFS(fsys, "mine/"); err != nil {
		t.Fatal(err)
	}

	f, err := loadFont(cff)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(f.ttf, []byte{0, 1, 0, 0}) {
		t.Errorf("the font kept is not TrueType: it starts %q", f.ttf[:4])
	}
	// Widths as the source font's, in thousandths of an em.
	src, err := sfnt.Parse(cff)
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	for _, r := range "01Q中" {
		gi, err := src.GlyphIndex(&buf, r)
		if err != nil || gi == 0 {
			t.Fatalf("%q: no glyph in the source (%v)", r, err)
		}
		adv, err := src.GlyphAdvance(&buf, gi, fixed.I(int(src.UnitsPerEm())), font.HintingNone)
		if err != nil {
			t.Fatal(err)
		}
		want := int(float64(adv)/64*1000/float64(src.UnitsPerEm()) + 0.5)
		if got := int(f.widths[r]); got != want {
			t.Errorf("%q: width %d, source %d", r, got, want)
		}
	}
	if f.widths['A'] != noGlyph {
		t.Errorf("'A' measured %d, but the font has no glyph for it", f.widths['A'])
	}

	printPDF := func(name string, data []byte) ([]byte, error) {
		pdf := gofpdf.New("P", "mm", "A4", "")
		pdf.AddUTF8FontFromBytes(name, "", data)
		pdf.AddPage()
		pdf.SetFont(name, "", 12)
		pdf.Text(10, 10, "Q01")
		var out bytes.Buffer
		err := pdf.Output(&out)
		return out.Bytes(), err
	}
	if _, err := printPDF("cff", cff); err == nil {
		t.Error("gofpdf embedded a CFF font: the conversion in loadFont can go")
	}
	out, err := printPDF(f.name, f.ttf)
	if err != nil {
		t.Fatalf("the converted font does not print: %v", err)
	}
	// Embedded, and named by its PostScript name behind a subset tag.
	ps, err := src.Name(&buf, sfnt.NameIDPostScript)
	if err != nil || ps == "" {
		t.Fatalf("the source font has no PostScript name (%v)", err)
	}
	if !bytes.Contains(out, []byte("/FontFile2")) || !regexp.MustCompile(`/BaseFont /[A-Z]{6}\+`+regexp.QuoteMeta(ps)+`\b`).Match(out) {
		t.Errorf("the converted font is not embedded in the PDF as ABCDEF+%s", ps)
	}
}

// TestTemplateFontStyleMarks: in a family with style files, the rules
// text's **bold** and *italic* marks print in the family's file of that
// style (the box's own for a style without one, Go Bold for a character
// the bold file lacks); a family of one file still prints them plain.
func TestTemplateFontStyleMarks(t *testing.T) {
	src := `size: {width: 63, height: 88}
fonts:
  body: {regular: fonts/body.ttf, bold: fonts/title.ttf}
  plain: fonts/body.ttf
layers:
  - {name: rules, content: "{{.Text}}", font: {family: body}, x: 3, y: 3, w: 57, h: 20}
  - {name: flat, content: "{{.Text}}", font: {family: plain}, x: 3, y: 30, w: 57, h: 20}
`
	set := NewSet()
	if err := set.AddFS(styledFS(t, src), "mine/"); err != nil {
		t.Fatal(err)
	}
	c := &cardsdb.Card{Name: "C", Type: "unit", Text: "Deal **3 é** damage, *then* draw."}
	face, _ := set.Render(c, nil, cardsdb.Size{W: 63, H: 88}, Front)
	name := func(ttf []byte) string {
		for n, data := range face.Fonts {
			if bytes.Equal(data, ttf) {
				return n
			}
		}
		return "?"
	}
	smallcaps, err := os.ReadFile("testdata/fonts/smallcaps-ascii.ttf")
	if err != nil {
		t.Fatal(err)
	}
	reg, bold := name(loadedTTF(t, goregular.TTF)), name(loadedTTF(t, smallcaps))
	runs := func(b *Block) string {
		var out []string
		for _, l := range b.Lines {
			for _, r := range l.Runs {
				f := r.Font
				switch f {
				case reg:
					f = "regular"
				case bold:
					f = "bold"
				}
				out = append(out, r.Text+"="+f)
			}
		}
		return strings.Join(out, "|")
	}
	if got, want := runs(face.Layers[0].Block), "Deal =regular|3 =bold|é=GoBold| damage, =regular|then=regular| draw.=regular"; got != want {
		t.Errorf("styled family: runs %s\nwant %s", got, want)
	}
	if got, want := runs(face.Layers[1].Block), "Deal 3 é damage, then draw.=regular"; got != want {
		t.Errorf("family of one file: runs %s\nwant %s", got, want)
	}
}

// TestTemplateFontIcons: in a box set in a template's own font family
// (of one file, or with style files), an image icon is an icon run one em
// wide, as in the Go fonts, not a replaced character; an icon that is a
// character the family lacks prints in the Go font (a fallback warning),
// and one no font has is replaced, with the replaced warning.
func TestTemplateFontIcons(t *testing.T) {
	src := `size: {width: 63, height: 88}
fonts:
  title: fonts/title.ttf
  body: {regular: fonts/title.ttf, bold: fonts/body-bold.ttf}
layers:
  - {name: one, content: "{{.Text}}", font: {family: title, size: 10}, x: 3, y: 3, w: 57, h: 20}
  - {name: styled, content: "{{.Text}}", font: {family: body, size: 10}, x: 3, y: 30, w: 57, h: 20}
`
	set := NewSet()
	if err := set.AddFS(styledFS(t, src), "mine/"); err != nil {
		t.Fatal(err)
	}
	gem := &cardsdb.IconDef{Name: "gem", Image: "icons/gem.png"}
	up := &cardsdb.IconDef{Name: "up", Glyph: "▲"}
	snow := &cardsdb.IconDef{Name: "snow", Glyph: "☃"}
	g := &cardsdb.Game{ID: "g", Name: "G", Icons: []*cardsdb.IconDef{up, gem, snow}}
	c := &cardsdb.Card{Name: "C", Type: "unit", Text: "Pay [gem], **gain [gem]** [up] [snow]"}
	face, warns := set.Render(c, g, cardsdb.Size{W: 63, H: 88}, Front)
	kinds := map[string]int{}
	for _, w := range warns {
		kinds[w.Kind]++
		if w.Kind == WarnReplaced && (len(w.Chars) != 1 || w.Chars[0] != '☃') {
			t.Errorf("replaced %q, want only the snowman no font has: %s", w.Chars, w.Message)
		}
		if w.Kind == WarnFallback && !strings.Contains(w.Message, "U+25B2") {
			t.Errorf("fallback warning %q does not name the ▲ icon", w.Message)
		}
	}
	if kinds[WarnReplaced] != 1 || kinds[WarnFallback] != 2 {
		t.Errorf("warnings %v: want one replaced (☃) and a fallback per family (▲)", warns)
	}
	if len(face.Layers) != 2 {
		t.Fatalf("%d layers, want 2", len(face.Layers))
	}
	for _, l := range face.Layers {
		b := l.Block
		var icons []Run
		var text strings.Builder
		for _, line := range b.Lines {
			for _, r := range line.Runs {
				if r.Icon != nil {
					icons = append(icons, r)
					continue
				}
				text.WriteString(r.Text)
				if strings.ContainsRune(r.Text, '▲') && r.Font != FontName(r.Bold, r.Italic) {
					t.Errorf("%s: ▲ set in %s, want the Go font", b.Box, r.Font)
				}
			}
		}
		if len(icons) != 2 || icons[0].Icon != gem || icons[1].Icon != gem {
			t.Fatalf("%s: icon runs %+v, want gem twice", b.Box, icons)
		}
		em := b.Size * PtToMM
		for _, r := range icons {
			if d := r.W - em; d > 1e-9 || d < -1e-9 {
				t.Errorf("%s: icon %.3f mm wide, want one em %.3f", b.Box, r.W, em)
			}
		}
		if l.Name == "styled" && !icons[1].Bold {
			t.Errorf("styled: the icon in bold text is not bold: %+v", icons[1])
		}
		if got := text.String(); strings.ContainsFunc(got, func(r rune) bool { return isIconMark(r, iconMarks) }) || strings.Count(got, string(Replacement)) != 1 || !strings.Contains(got, "▲") {
			t.Errorf("%s: text %q, want ▲ kept, one replacement (☃) and no icon mark", b.Box, got)
		}
	}
}

// TestStripMarksKeep: a character the Go fonts lack is kept when the
// template font of its style has it, and replaced otherwise.
func TestStripMarksKeep(t *testing.T) {
	keep := func(r rune, st byte) bool { return r == '★' && st&1 != 0 }
	out, _, bad := stripMarks("★ \x02★\x02", 0, keep)
	if out != string(Replacement)+" ★" || len(bad) != 1 || bad[0] != '★' {
		t.Errorf("stripMarks = %q, %q; want the plain ★ replaced, the bold one kept", out, bad)
	}
	out, _, bad = stripMarks("★", 0, func(r rune, _ byte) bool { return r == '★' })
	if out != "★" || len(bad) != 0 {
		t.Errorf("unmarked stripMarks = %q, %q; want ★ kept", out, bad)
	}
	// An icon font's private-use glyph is text, not the mark of one of
	// the game's image icons.
	pua := func(r rune, _ byte) bool { return r == '\uE001' }
	out, _, bad = stripMarks("\uE001 "+string(iconMark+1), 2, pua)
	if out != "\uE001 "+string(iconMark+1) || len(bad) != 0 {
		t.Errorf("stripMarks = %q, %q; want the glyph and the mark both kept", out, bad)
	}
	runs, _ := lineRuns(out, out, make([]byte, len(out)), new(int), false, false, 10, []*cardsdb.IconDef{{Name: "a"}, {Name: "b", Image: "b.png"}})
	if len(runs) != 2 || runs[0].Icon != nil || runs[0].Text != "\uE001 " || runs[1].Icon == nil || runs[1].Icon.Name != "b" {
		t.Errorf("runs %+v: want the glyph as text, then icon b", runs)
	}
}

// BenchmarkLoadCFFFont loads Source Sans 3 (2,478 glyphs, CFF outlines) as
// a template font: the conversion to TrueType outlines, the measuring and
// the PDF writer's check, the cost a template with it adds to a command.
func BenchmarkLoadCFFFont(b *testing.B) {
	data, err := os.ReadFile("testdata/fonts/SourceSans3-Regular.otf")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := loadFont(data); err != nil {
			b.Fatal(err)
		}
	}
}

// A bleed layer grows into the bleed on each edge it touches, within
// 0.01 mm (sizes written with decimals, 87.995 for the 88 mm edge), and
// not on an edge it stops short of.
func TestLayerRectBleedEdges(t *testing.T) {
	size := cardsdb.Size{W: 63, H: 88}
	for _, tt := range []struct {
		name       string
		l          Layer
		x, y, w, h float64
	}{
		{"bottom exact", Layer{X: 10, Y: 78, W: 20, H: 10}, 10, 78, 20, 13},
		{"bottom within tolerance", Layer{X: 10, Y: 78, W: 20, H: 9.995}, 10, 78, 20, 12.995},
		{"bottom short", Layer{X: 10, Y: 78, W: 20, H: 9.98}, 10, 78, 20, 9.98},
		{"right within tolerance", Layer{X: 43, Y: 10, W: 19.995, H: 20}, 43, 10, 22.995, 20},
		{"right short", Layer{X: 43, Y: 10, W: 19.98, H: 20}, 43, 10, 19.98, 20},
		{"top-left within tolerance", Layer{X: 0.005, Y: 0.005, W: 20, H: 20}, -2.995, -2.995, 23, 23},
		{"top-left short", Layer{X: 0.02, Y: 0.02, W: 20, H: 20}, 0.02, 0.02, 20, 20},
	} {
		tt.l.Bleed = true
		x, y, w, h := tt.l.Rect(size, 3)
		near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
		if !near(x, tt.x) || !near(y, tt.y) || !near(w, tt.w) || !near(h, tt.h) {
			t.Errorf("%s: rect %g %g %g %g, want %g %g %g %g", tt.name, x, y, w, h, tt.x, tt.y, tt.w, tt.h)
		}
	}
}

// A when: renders true or false with spaces and newlines around it (a
// block scalar, an if with spaces inside): the result is trimmed, when
// the template is read and when each card is drawn.
func TestLayerWhenTrimmed(t *testing.T) {
	src := `size: {width: 63, height: 88}
layers:
  - name: badge
    shape: rect
    fill: "#000000"
    x: 0
    y: 0
    w: 5
    h: 5
    when: |
      {{if .Has "cost"}} true {{else}}
        false {{end}}
`
	tmpl, err := Parse("mine/default.yaml", "default", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	g := &cardsdb.Game{ID: "g", Name: "G", Types: []*cardsdb.CardType{{ID: "unit", Name: "Unit", Fields: []*cardsdb.Field{{Name: "cost", Kind: cardsdb.KindInt}}}}}
	for _, tt := range []struct {
		card   *cardsdb.Card
		layers int
	}{
		{&cardsdb.Card{Name: "Drake", Type: "unit", Fields: map[string]cardsdb.Value{"cost": {Kind: cardsdb.KindInt, Int: 4}}}, 1},
		{&cardsdb.Card{Name: "Plain", Type: "unit"}, 0},
	} {
		face, warns := tmpl.Render(tt.card, g, cardsdb.Size{W: 63, H: 88}, Front)
		if len(face.Layers) != tt.layers || len(warns) != 0 {
			t.Errorf("%s: %d layers, want %d; warnings %v", tt.card.Name, len(face.Layers), tt.layers, warns)
		}
	}
}
