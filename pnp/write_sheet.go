package pnp

import (
	"bytes"
	"fmt"
	"html/template"
	"image"
	"image/color"
	"image/png"

	"golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// The contact sheet: one tile per cut card, in reading order, each with
// the card's number in the cards file, its page, row and column. A sheet
// holds at most sheetTiles cards (a few PDF pages' worth, about 8
// megapixels); a bigger import gets more sheets: contact-sheet-2.png ...
const (
	tileFaceW  = 150
	tileFaceH  = 210
	tileLabelH = 30 // two lines of 7×13 text
	tilePad    = 6
	sheetCols  = 10
	sheetTiles = 200
)

// sheetGeometry returns the columns and rows of a sheet of n tiles.
func sheetGeometry(n int) (cols, rows int) {
	cols = min(n, sheetCols)
	return cols, (n + cols - 1) / cols
}

// contactName is the file of the i-th (0-based) contact sheet.
func contactName(i int) string {
	if i == 0 {
		return ContactPNG
	}
	return fmt.Sprintf("contact-sheet-%d.png", i+1)
}

// contactSheet draws the cut cards first to first+n-1 (their fronts) as
// tiles labelled "#N" (the card's entry in the cards file) and "pP rRcC".
func (p *plan) contactSheet(res *Result, first, n int) ([]byte, error) {
	cols, rows := sheetGeometry(n)
	tileW, tileH := tileFaceW+2*tilePad, tileFaceH+tileLabelH+2*tilePad
	img := image.NewRGBA(image.Rect(0, 0, cols*tileW, rows*tileH))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	d := &font.Drawer{Dst: img, Src: image.NewUniform(color.Black), Face: basicfont.Face7x13}
	for k := 0; k < n; k++ {
		i := first + k
		c := res.Cards[i]
		x0, y0 := (k%cols)*tileW+tilePad, (k/cols)*tileH+tilePad
		box := fitBox(c.Front.Image.Bounds(), tileFaceW, tileFaceH)
		dst := box.Add(image.Pt(x0+(tileFaceW-box.Dx())/2, y0+(tileFaceH-box.Dy())/2))
		draw.ApproxBiLinear.Scale(img, dst, c.Front.Image, c.Front.Image.Bounds(), draw.Src, nil)
		e := p.entries[p.byCard[i]]
		for j, line := range []string{fmt.Sprintf("#%d", e.index), fmt.Sprintf("p%d r%dc%d", c.Front.Page, c.Front.Row, c.Front.Col)} {
			d.Dot = fixed.P(x0, y0+tileFaceH+12+13*j)
			d.DrawString(line)
		}
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// fitBox is the largest rectangle of src's shape inside w × h, at 0,0.
func fitBox(src image.Rectangle, w, h int) image.Rectangle {
	sw, sh := src.Dx(), src.Dy()
	if sw <= 0 || sh <= 0 {
		return image.Rect(0, 0, w, h)
	}
	if sw*h > sh*w {
		return image.Rect(0, 0, w, max(1, sh*w/sw))
	}
	return image.Rect(0, 0, max(1, sw*h/sh), h)
}

var sheetHTML = template.Must(template.New("sheet").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Contact sheet: {{.Source}}</title>
<style>
body { font-family: sans-serif; margin: 1em; }
.grid { display: flex; flex-wrap: wrap; gap: 12px; }
figure { margin: 0; width: 170px; }
figure img { width: 80px; border: 1px solid #999; }
figcaption { font-size: 12px; }
</style>
</head>
<body>
<h1>{{.Source}}</h1>
<p>{{len .Tiles}} cut cards, {{.Distinct}} distinct, for game <code>{{.Game}}</code>.
Each card shows its front and back as stored, its page, row and column in the PDF,
and the name it has in <code>cards/pnp.yaml</code>.{{if .DefaultBack}}
Cards without a back of their own take the game's default back: <img src="{{.DefaultBack}}" alt="default back" style="width:40px;vertical-align:middle">{{end}}</p>
<div class="grid">
{{range .Tiles}}<figure id="p{{.Page}}-r{{.Row}}c{{.Col}}">
<img src="{{.Front}}" alt="front">{{if .Back}} <img src="{{.Back}}" alt="back">{{end}}
<figcaption>#{{.Index}} page {{.Page}}, row {{.Row}}, column {{.Col}}<br><b>{{.Name}}</b>{{if gt .Copies 1}} ({{.Copies}} copies){{end}}{{if .Existing}} (a card of the game){{end}}</figcaption>
</figure>
{{end}}</div>
</body>
</html>
`))

type htmlTile struct {
	Index, Page, Row, Col, Copies int
	Name, Front, Back             string
	Existing                      bool
}

// contactHTML writes the contact sheet as a page beside the images.
func (p *plan) contactHTML(res *Result, opt WriteOptions) ([]byte, error) {
	data := struct {
		Source, Game, DefaultBack string
		Distinct                  int
		Tiles                     []htmlTile
	}{Source: opt.Source, Game: opt.Game.ID, Distinct: len(p.entries)}
	if data.Source == "" {
		data.Source = "print-and-play import"
	}
	if p.defaultBack != nil {
		data.DefaultBack = DefaultBack
	}
	for i, c := range res.Cards {
		e := p.entries[p.byCard[i]]
		data.Tiles = append(data.Tiles, htmlTile{
			Index: e.index, Page: c.Front.Page, Row: c.Front.Row, Col: c.Front.Col, Copies: e.copies,
			Name: e.name, Front: e.image, Back: e.backImage, Existing: e.existing,
		})
	}
	var b bytes.Buffer
	if err := sheetHTML.Execute(&b, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
