package pnp

import (
	"bytes"
	"fmt"
	"html/template"
	"image"
	"image/color"
	"image/png"
	"strings"

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
		draw.ApproxBiLinear.Scale(img, dst, c.Front.Pixels(), c.Front.Image.Bounds(), draw.Src, nil)
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
table { border-collapse: collapse; margin-bottom: 1em; }
td, th { border: 1px solid #ccc; padding: 2px 6px; font-size: 13px; text-align: left; }
tr.skipped td { color: #b00; }
tr.uncertain td { background: #fff0d8; }
p.uncertain { color: #a50; font-weight: bold; }
img.pages { max-width: 100%; }
</style>
</head>
<body>
<h1>{{.Source}}</h1>
<p>{{len .Tiles}} cut cards, {{.Distinct}} distinct, for game <code>{{.Game}}</code>.
Each card shows its front and back as stored, its page, row and column in the PDF,
and the name it has in <code>cards/pnp.yaml</code>.
<a href="contact-pages.png">contact-pages.png</a> (under <a href="#pages">Pages read</a>) shows every page read with the grid found on it in orange and the cards cut from it in green with their numbers; pages skipped are framed in red with the reason, uncertain pages in orange with the doubt.{{if .DefaultBack}}
Cards without a back of their own take the game's default back: <img src="{{.DefaultBack}}" alt="default back" style="width:40px;vertical-align:middle">{{end}}</p>
{{if .Pages}}<h2 id="pages">Pages read</h2>
{{if .Uncertain}}<p class="uncertain">Uncertain: {{.Uncertain}}. Look at these pages below.</p>
{{end}}<table>
<tr><th>page</th><th>read as</th><th>cards</th><th>grid</th><th>sure</th><th>note</th></tr>
{{range .Pages}}<tr{{if .Class}} class="{{.Class}}"{{end}}><td>{{.Page}}</td><td>{{.Side}}</td><td>{{.Cards}}</td><td>{{.Grid}}</td><td>{{.Sure}}</td><td>{{.Note}}</td></tr>
{{end}}</table>
<p><img class="pages" src="contact-pages.png" alt="every page read, with the grid found on it in orange and the cards cut in green; skipped pages framed in red"></p>
{{end}}<h2 id="cards">Cards cut</h2>
<div class="grid">
{{range .Tiles}}<figure id="p{{.Page}}-r{{.Row}}c{{.Col}}">
<img src="{{.Front}}" alt="front">{{if .Back}} <img src="{{.Back}}" alt="back">{{end}}
<figcaption>#{{.Index}} page {{.Page}}, row {{.Row}}, column {{.Col}}<br><b>{{.Name}}</b>{{if gt .Copies 1}} ({{.Copies}} copies){{end}}{{if .Existing}} (a card of the game){{end}}</figcaption>
</figure>
{{end}}</div>
</body>
</html>
`))

// htmlPage is one page read, as the contact sheet's table shows it.
type htmlPage struct {
	Page, Cards                   int
	Side, Grid, Sure, Note, Class string
}

func htmlPages(res *Result) []htmlPage {
	var out []htmlPage
	for _, pg := range res.Pages {
		h := htmlPage{Page: pg.Page, Cards: pg.Cards, Side: pg.Side}
		if pg.Rows > 0 {
			h.Grid = fmt.Sprintf("%dx%d, %s", pg.Cols, pg.Rows, pg.Method)
		}
		if pg.Confidence > 0 {
			h.Sure = fmt.Sprintf("%.0f%%", 100*pg.Confidence)
		}
		switch {
		case pg.Skipped != "":
			h.Note, h.Class = "skipped: "+pg.Skipped, "skipped"
		case pg.Doubt != "" && pg.Confidence < UncertainBelow:
			h.Note, h.Class = "uncertain: "+pg.Doubt, "uncertain"
		default:
			h.Note = pg.Doubt
		}
		if n := notCardNote(len(pg.NotCards)); n != "" && pg.Skipped == "" {
			if h.Note != "" {
				h.Note += "; "
			}
			h.Note += n
		}
		out = append(out, h)
	}
	return out
}

type htmlTile struct {
	Index, Page, Row, Col, Copies int
	Name, Front, Back             string
	Existing                      bool
}

// contactHTML writes the contact sheet as a page beside the images.
func (p *plan) contactHTML(res *Result, opt WriteOptions) ([]byte, error) {
	data := struct {
		Source, Game, DefaultBack, Uncertain string
		Distinct                             int
		Tiles                                []htmlTile
		Pages                                []htmlPage
	}{Source: opt.Source, Game: opt.Game.ID, Distinct: len(p.entries), Pages: htmlPages(res)}
	if unsure, why := res.Uncertain(); len(unsure) > 0 {
		nrs := make([]string, len(unsure))
		for i, n := range unsure {
			nrs[i] = fmt.Sprint(n)
		}
		word := "page"
		if len(nrs) > 1 {
			word = "pages"
		}
		data.Uncertain = fmt.Sprintf("%s %s (%s)", word, strings.Join(nrs, ", "), strings.Join(why, "; "))
	}
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

// The pages sheet (ContactPages): every page read, as rendered (a blank
// page where the cards were read from their images), with the grid found
// on it in thin orange (its empty cells too) and the trim of each card cut
// from it drawn over it in green with its number; a skipped page is
// framed in red with the reason under it, over the grid that was found
// there and rejected (a map, a board, a booklet); an uncertain page (see
// UncertainBelow) is framed in orange with its doubt under it. It shows
// at a glance what was cut where, and what was left out.
const (
	pageTile      = thumbSide // the page's longer side, pixels
	pageLabelH    = 70        // a label and up to four lines of reason
	pagesCols     = 6
	pagesMaxPages = 120 // pages drawn at most (the first ones)
)

// pagesSheet draws the pages sheet.
func (p *plan) pagesSheet(res *Result) ([]byte, error) {
	pages := res.Pages[:min(len(res.Pages), pagesMaxPages)]
	cols := min(len(pages), pagesCols)
	rows := (len(pages) + cols - 1) / cols
	tileW, tileH := pageTile+2*tilePad, pageTile+pageLabelH+2*tilePad
	img := image.NewRGBA(image.Rect(0, 0, cols*tileW, rows*tileH))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	green := color.RGBA{0, 170, 0, 255}
	red := color.RGBA{210, 0, 0, 255}
	orange := color.RGBA{235, 130, 0, 255}
	type cutOn struct {
		trim  Rect
		index int
	}
	byPage := map[int][]cutOn{}
	for i, c := range res.Cards {
		idx := p.entries[p.byCard[i]].index
		byPage[c.Front.Page] = append(byPage[c.Front.Page], cutOn{c.Front.Trim, idx})
		if c.Back != nil {
			byPage[c.Back.Page] = append(byPage[c.Back.Page], cutOn{c.Back.Trim, idx})
		}
	}
	for k, pg := range pages {
		x0, y0 := (k%cols)*tileW+tilePad, (k/cols)*tileH+tilePad
		w, h := pg.W, pg.H
		if w <= 0 || h <= 0 {
			w, h = 210, 297
		}
		box := fitBox(image.Rect(0, 0, int(w*10), int(h*10)), pageTile, pageTile)
		dst := box.Add(image.Pt(x0, y0))
		if pg.Thumb != nil {
			draw.ApproxBiLinear.Scale(img, dst, pg.Thumb, pg.Thumb.Bounds(), draw.Src, nil)
		}
		uncertain := pg.Skipped == "" && pg.Doubt != "" && pg.Confidence < UncertainBelow
		frame, width := color.Color(color.RGBA{120, 120, 120, 255}), 1
		switch {
		case pg.Skipped != "":
			frame, width = red, 3
		case uncertain:
			frame, width = orange, 3
		}
		strokeRect(img, dst, frame, width)
		scale := float64(dst.Dx()) / w
		for _, c := range pg.Grid {
			r := image.Rect(dst.Min.X+int(c.X*scale), dst.Min.Y+int(c.Y*scale),
				dst.Min.X+int((c.X+c.W)*scale), dst.Min.Y+int((c.Y+c.H)*scale))
			strokeRect(img, r, orange, 1)
		}
		for _, c := range pg.NotCards {
			// A cell left out as not a card: crossed out in red.
			r := image.Rect(dst.Min.X+int(c.X*scale), dst.Min.Y+int(c.Y*scale),
				dst.Min.X+int((c.X+c.W)*scale), dst.Min.Y+int((c.Y+c.H)*scale))
			strokeRect(img, r, red, 2)
			crossOut(img, r, red)
		}
		d := &font.Drawer{Dst: img, Src: image.NewUniform(green), Face: basicfont.Face7x13}
		for _, c := range byPage[pg.Page] {
			r := image.Rect(dst.Min.X+int(c.trim.X*scale), dst.Min.Y+int(c.trim.Y*scale),
				dst.Min.X+int((c.trim.X+c.trim.W)*scale), dst.Min.Y+int((c.trim.Y+c.trim.H)*scale))
			strokeRect(img, r, green, 2)
			d.Dot = fixed.P(r.Min.X+4, r.Min.Y+14)
			d.DrawString(fmt.Sprintf("#%d", c.index))
		}
		label := fmt.Sprintf("page %d: %s", pg.Page, pg.Side)
		if pg.Skipped == "" {
			label += fmt.Sprintf(", %d cut", len(byPage[pg.Page]))
		}
		if pg.Confidence > 0 {
			label += fmt.Sprintf(", %.0f%% sure", 100*pg.Confidence)
		}
		d = &font.Drawer{Dst: img, Src: image.NewUniform(color.Black), Face: basicfont.Face7x13}
		d.Dot = fixed.P(x0, y0+pageTile+14)
		d.DrawString(label)
		why, col := pg.Skipped, red
		if uncertain {
			why, col = "uncertain: "+pg.Doubt, orange
		}
		if n := notCardNote(len(pg.NotCards)); n != "" && pg.Skipped == "" {
			if why != "" {
				why += "; "
			}
			why += n
		}
		d.Src = image.NewUniform(col)
		for line, text := range wrapText(why, pageTile/7, 4) {
			d.Dot = fixed.P(x0, y0+pageTile+28+13*line)
			d.DrawString(text)
		}
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// wrapText breaks s into at most lines lines of at most width bytes,
// at spaces where it can; the last line ends in "..." when s is longer.
func wrapText(s string, width, lines int) []string {
	var out []string
	for s != "" && len(out) < lines {
		if len(s) <= width {
			out = append(out, s)
			break
		}
		cut := width
		for i := width; i > width/2; i-- {
			if s[i] == ' ' {
				cut = i
				break
			}
		}
		if len(out) == lines-1 {
			out = append(out, s[:width-3]+"...")
			break
		}
		out = append(out, s[:cut])
		s = strings.TrimLeft(s[cut:], " ")
	}
	return out
}

// strokeRect draws r's outline, t pixels wide, inside r.
func strokeRect(img *image.RGBA, r image.Rectangle, c color.Color, t int) {
	r = r.Intersect(img.Bounds())
	if r.Empty() {
		return
	}
	u := image.NewUniform(c)
	for _, s := range []image.Rectangle{
		{r.Min, image.Pt(r.Max.X, r.Min.Y+t)}, {image.Pt(r.Min.X, r.Max.Y-t), r.Max},
		{r.Min, image.Pt(r.Min.X+t, r.Max.Y)}, {image.Pt(r.Max.X-t, r.Min.Y), r.Max},
	} {
		draw.Draw(img, s.Intersect(r), u, image.Point{}, draw.Src)
	}
}

// crossOut draws the two diagonals of r in c, 2 px wide.
func crossOut(img *image.RGBA, r image.Rectangle, c color.Color) {
	r = r.Intersect(img.Bounds())
	n := max(r.Dx(), r.Dy())
	if n == 0 {
		return
	}
	for i := 0; i <= n; i++ {
		x := r.Min.X + i*(r.Dx()-1)/n
		y := r.Min.Y + i*(r.Dy()-1)/n
		for _, p := range []image.Point{{x, y}, {x + 1, y}, {r.Max.X - 1 - (x - r.Min.X), y}, {r.Max.X - 2 - (x - r.Min.X), y}} {
			if p.In(r) {
				img.Set(p.X, p.Y, c)
			}
		}
	}
}
