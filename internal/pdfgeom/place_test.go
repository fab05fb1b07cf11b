package pdfgeom

import (
	"fmt"
	"testing"
)

// imageObj is an image XObject of 4x2 pixels.
var imageObj = stream("/Type /XObject /Subtype /Image /Width 4 /Height 2 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode", "jpeg")

func TestImageTurns(t *testing.T) {
	// The box on the page, in points from the bottom left.
	const bx, by, bw, bh = 100.0, 200.0, 60.0, 40.0
	for _, tc := range []struct {
		name     string
		cm       string
		turn     int
		mirrored bool
		skewed   bool
	}{
		{"upright", fmt.Sprintf("%g 0 0 %g %g %g", bw, bh, bx, by), 0, false, false},
		{"a quarter turn clockwise", fmt.Sprintf("0 %g %g 0 %g %g", -bh, bw, bx, by+bh), 1, false, false},
		{"upside down", fmt.Sprintf("%g 0 0 %g %g %g", -bw, -bh, bx+bw, by+bh), 2, false, false},
		{"a quarter turn anticlockwise", fmt.Sprintf("0 %g %g 0 %g %g", bh, -bw, bx+bw, by), 3, false, false},
		{"mirrored", fmt.Sprintf("%g 0 0 %g %g %g", -bw, bh, bx+bw, by), 0, true, false},
		{"flipped top to bottom", fmt.Sprintf("%g 0 0 %g %g %g", bw, -bh, bx, by+bh), 2, true, false},
		{"mirrored and turned", fmt.Sprintf("0 %g %g 0 %g %g", bh, bw, bx, by), 1, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := readPage(t, onePage(t, "/Resources << /XObject << /Im 5 0 R >> >>", "q "+tc.cm+" cm /Im Do Q", imageObj))
			if len(p.Images) != 1 {
				t.Fatalf("%d images, want 1", len(p.Images))
			}
			im := p.Images[0]
			if !sameRect(im.Box, box(bx, by, bw, bh)) {
				t.Errorf("box %+v, want %+v", im.Box, box(bx, by, bw, bh))
			}
			if im.Turn != tc.turn || im.Mirrored != tc.mirrored || im.Skewed != tc.skewed {
				t.Errorf("turn %d mirrored %v skewed %v, want %d %v %v", im.Turn, im.Mirrored, im.Skewed, tc.turn, tc.mirrored, tc.skewed)
			}
			if im.W != 4 || im.H != 2 || im.Filter != "DCTDecode" || im.ColorSpace != "DeviceRGB" || im.Components != 3 || im.BPC != 8 ||
				im.Name != "Im" || im.Obj.ObjectNumber.Value() != 5 || im.Inline || im.Stencil || im.SMask {
				t.Errorf("image %+v", im)
			}
		})
	}
	t.Run("sheared", func(t *testing.T) {
		p := readPage(t, onePage(t, "/Resources << /XObject << /Im 5 0 R >> >>", "q 60 10 0 40 100 200 cm /Im Do Q", imageObj))
		if im := p.Images[0]; !im.Skewed || !sameRect(im.Box, box(100, 200, 60, 50)) {
			t.Errorf("image %+v, want skewed over 60x50 pt", im)
		}
	})
}

func TestImageKinds(t *testing.T) {
	p := readPage(t, onePage(t, "/Resources << /XObject << /A 5 0 R /B 6 0 R /C 7 0 R >> >>",
		"q 10 0 0 10 0 0 cm /A Do /B Do /C Do /Missing Do Q "+
			"q 60 0 0 40 100 200 cm BI /W 4 /H 2 /CS /RGB /BPC 8 /F [/AHx /Fl] ID 00ff00ff> EI Q "+
			"q 10 0 0 10 0 0 cm BI /IM true /W 8 /H 8 /F /AHx ID ffffffffffffffff> EI Q",
		stream("/Type /XObject /Subtype /Image /Width 3 /Height 3 /ColorSpace [/ICCBased 8 0 R] /BitsPerComponent 8 /SMask 6 0 R /Filter [/FlateDecode /DCTDecode]", "x"),
		stream("/Type /XObject /Subtype /Image /Width 3 /Height 3 /ColorSpace /DeviceGray /BitsPerComponent 8", "123456789"),
		stream("/Type /XObject /Subtype /Image /Width 8 /Height 1 /ImageMask true /BitsPerComponent 1", "x"),
		stream("/N 4", "icc")))
	want := []string{
		"A ICCBased 4 3x3 smask=true stencil=false inline=false filter=FlateDecode DCTDecode",
		"B DeviceGray 1 3x3 smask=false stencil=false inline=false filter=",
		"C  0 8x1 smask=false stencil=true inline=false filter=",
		" DeviceRGB 3 4x2 smask=false stencil=false inline=true filter=ASCIIHexDecode FlateDecode",
		"  0 8x8 smask=false stencil=true inline=true filter=ASCIIHexDecode",
	}
	if len(p.Images) != len(want) {
		t.Fatalf("%d images %+v, want %d", len(p.Images), p.Images, len(want))
	}
	for i, im := range p.Images {
		got := fmt.Sprintf("%s %s %d %dx%d smask=%v stencil=%v inline=%v filter=%s", im.Name, im.ColorSpace, im.Components, im.W, im.H, im.SMask, im.Stencil, im.Inline, im.Filter)
		if got != want[i] {
			t.Errorf("image %d: %s\nwant %s", i, got, want[i])
		}
	}
	if !sameRect(p.Images[3].Box, box(100, 200, 60, 40)) {
		t.Errorf("inline image box %+v", p.Images[3].Box)
	}
	if p.Cost.Images != 5 {
		t.Errorf("cost counts %d images, want 5", p.Cost.Images)
	}
}

func TestClips(t *testing.T) {
	p := readPage(t, onePage(t, "/Resources << /XObject << /Im 5 0 R >> /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>",
		"q 50 50 200 100 re W n q 200 0 0 100 50 50 cm /Im Do Q 60 60 m 100 60 l S Q "+
			"q 300 300 100 100 re W n q 380 380 50 50 re W n 390 390 5 5 re f Q BT /F1 10 Tf 310 310 Td (ab) Tj ET Q "+
			"10 10 m 20 10 l S "+
			"q 0 0 m 100 0 l 50 80 l h W n 5 5 10 10 re f Q",
		imageObj))
	want := []Clip{
		{Box: box(50, 50, 200, 100), Visible: box(50, 50, 200, 100), Parent: -1, Form: -1, Images: 1, Paths: 1},
		{Box: box(300, 300, 100, 100), Visible: box(300, 300, 100, 100), Parent: -1, Form: -1, Paths: 1, Texts: 1},
		{Box: box(380, 380, 50, 50), Visible: box(380, 380, 20, 20), Parent: 1, Form: -1, Paths: 1},
	}
	if len(p.Clips) != len(want) {
		t.Fatalf("clips %+v, want %+v", p.Clips, want)
	}
	for i, c := range p.Clips {
		w := want[i]
		if !sameRect(c.Box, w.Box) || !sameRect(c.Visible, w.Visible) || c.Parent != w.Parent || c.Form != w.Form ||
			c.Images != w.Images || c.Paths != w.Paths || c.Texts != w.Texts {
			t.Errorf("clip %d = %+v\nwant %+v", i, c, w)
		}
	}
	if c := p.Images[0].Clip; c != 0 {
		t.Errorf("the image is in clip %d, want 0", c)
	}
	var clips []int
	for _, s := range p.Strokes {
		clips = append(clips, s.Clip)
	}
	for _, f := range p.Fills {
		clips = append(clips, f.Clip)
	}
	clips = append(clips, p.Texts[0].Clip)
	if fmt.Sprint(clips) != "[0 -1 2 -1 1]" {
		t.Errorf("strokes, fills and text in clips %v, want [0 -1 2 -1 1]", clips)
	}
}

func TestShading(t *testing.T) {
	p := readPage(t, onePage(t, "/Resources << /Shading << /Sh0 << /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 1 0] /Function << /FunctionType 2 /Domain [0 1] /N 1 >> >> >> >>",
		"q 10 10 100 100 re W n /Sh0 sh Q /Sh0 sh"))
	if len(p.Shadings) != 2 || !sameRect(p.Shadings[0].Box, box(10, 10, 100, 100)) || !sameRect(p.Shadings[1].Box, box(0, 0, 595, 842)) || p.Shadings[0].Clip != 0 {
		t.Errorf("shadings %+v", p.Shadings)
	}
}

// gridForm is a form of 2x3 cells of 100 pt, each filled and framed,
// moved by its /Matrix 10 pt right and up.
var gridForm = stream("/Type /XObject /Subtype /Form /BBox [0 0 200 300] /Matrix [1 0 0 1 10 10] /Resources << >>",
	"0 0 100 100 re 100 0 100 100 re 0 100 100 100 re 100 100 100 100 re 0 200 100 100 re 100 200 100 100 re f "+
		"0 0 200 300 re S")

func TestFormsFollowed(t *testing.T) {
	p := readPage(t, onePage(t, "/Resources << /XObject << /Fm 5 0 R >> >>",
		"q 1 0 0 1 40 390 cm /Fm Do Q q 0.5 0 0 0.5 295 45 cm /Fm Do Q", gridForm))
	if len(p.Forms) != 2 {
		t.Fatalf("forms %+v, want 2 placements", p.Forms)
	}
	wantForms := []Rect{box(50, 400, 200, 300), box(300, 50, 100, 150)}
	for i, f := range p.Forms {
		if !sameRect(f.Box, wantForms[i]) || f.Name != "Fm" || f.Obj.ObjectNumber.Value() != 5 || f.Depth != 1 || f.Parent != -1 {
			t.Errorf("form %d = %+v, want box %+v", i, f, wantForms[i])
		}
	}
	if len(p.Fills) != 12 {
		t.Fatalf("%d fills, want 6 cells twice", len(p.Fills))
	}
	for i, f := range p.Fills {
		form, k := i/6, i%6
		col, row := float64(k%2), float64(k/2)
		want := box(50+100*col, 400+100*row, 100, 100)
		if form == 1 {
			want = box(300+50*col, 50+50*row, 50, 50)
		}
		if !sameRect(f.Box, want) || !f.Rect || f.Form != form {
			t.Errorf("fill %d = %+v, want %+v in form %d", i, f, want, form)
		}
	}
	if len(p.Strokes) != 8 || p.Strokes[4].Form != 1 || !about(p.Strokes[4].Width, mm(0.5)) {
		t.Errorf("strokes %+v, want each form's frame, its width scaled", p.Strokes)
	}
	if p.Cost.Placements != 2 || p.Cost.Forms != 1 || p.Cost.Depth != 1 {
		t.Errorf("cost %+v, want 2 placements of 1 form, 1 deep", p.Cost)
	}
}

func TestNestedForms(t *testing.T) {
	// The outer form has no resources of its own: it uses the page's,
	// which name the inner form; the inner form's image is its own.
	p := readPage(t, onePage(t, "/Resources << /XObject << /Outer 5 0 R /Inner 6 0 R >> >>",
		"q 1 0 0 1 100 100 cm /Outer Do Q",
		stream("/Type /XObject /Subtype /Form /BBox [0 0 300 300]", "q 1 0 0 1 50 50 cm /Inner Do Q 0 0 300 300 re W n"),
		stream("/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /Im 7 0 R >> >>", "q 100 0 0 100 0 0 cm /Im Do Q"),
		imageObj))
	if len(p.Forms) != 2 || p.Forms[1].Parent != 0 || p.Forms[1].Depth != 2 || !sameRect(p.Forms[1].Box, box(150, 150, 100, 100)) {
		t.Fatalf("forms %+v", p.Forms)
	}
	if len(p.Images) != 1 || p.Images[0].Form != 1 || !sameRect(p.Images[0].Box, box(150, 150, 100, 100)) {
		t.Errorf("images %+v, want one in the inner form", p.Images)
	}
	if len(p.Clips) != 1 || p.Clips[0].Form != 0 {
		t.Errorf("clips %+v, want the outer form's", p.Clips)
	}
}

func TestPageBox(t *testing.T) {
	// A 100x50 pt rectangle in the top-left corner of a crop box 300x550
	// pt set inside the media box, on a page turned each way.
	const crop = "/MediaBox [0 0 595 842] /CropBox [100 50 400 600]"
	for _, tc := range []struct {
		rotate       int
		w, h         float64 // pt
		x, y, rw, rh float64 // pt from the displayed top left
		imageTurn    int
	}{
		{0, 300, 550, 0, 0, 100, 50, 0},
		{90, 550, 300, 500, 0, 50, 100, 1},
		{180, 300, 550, 200, 500, 100, 50, 2},
		{270, 550, 300, 0, 200, 50, 100, 3},
		{-90, 550, 300, 0, 200, 50, 100, 3},
		{450, 550, 300, 500, 0, 50, 100, 1},
	} {
		t.Run(fmt.Sprint(tc.rotate), func(t *testing.T) {
			p := readPage(t, onePage(t, fmt.Sprintf("%s /Rotate %d /Resources << /XObject << /Im 5 0 R >> >>", crop, tc.rotate),
				"100 550 100 50 re f q 100 0 0 50 100 550 cm /Im Do Q", imageObj))
			if !about(p.W, mm(tc.w)) || !about(p.H, mm(tc.h)) || p.Rotate != ((tc.rotate%360)+360)%360 {
				t.Errorf("page %.2fx%.2f mm turned %d, want %.2fx%.2f", p.W, p.H, p.Rotate, mm(tc.w), mm(tc.h))
			}
			want := Rect{mm(tc.x), mm(tc.y), mm(tc.rw), mm(tc.rh)}
			if len(p.Fills) != 1 || !sameRect(p.Fills[0].Box, want) || !p.Fills[0].Rect {
				t.Errorf("fills %+v, want %+v", p.Fills, want)
			}
			if len(p.Images) != 1 || !sameRect(p.Images[0].Box, want) || p.Images[0].Turn != tc.imageTurn || p.Images[0].Mirrored {
				t.Errorf("images %+v, want %+v turned %d", p.Images, want, tc.imageTurn)
			}
		})
	}
	t.Run("crop box outside the media box", func(t *testing.T) {
		p := readPage(t, onePage(t, "/MediaBox [0 0 595 842] /CropBox [700 900 800 1000]", ""))
		if !about(p.W, mm(595)) || !about(p.H, mm(842)) {
			t.Errorf("page %.1fx%.1f mm, want the media box", p.W, p.H)
		}
	})
	t.Run("no content", func(t *testing.T) {
		xt := openPDF(t, buildPDF("<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
			"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>"))
		p := readPage(t, xt)
		if !about(p.W, mm(595)) || len(p.Fills)+len(p.Strokes)+len(p.Texts) != 0 || p.Cost.Ops != 0 {
			t.Errorf("page %+v, want an empty A4 page", p)
		}
	})
	t.Run("media box origin", func(t *testing.T) {
		p := readPage(t, onePage(t, "/MediaBox [-100 -200 495 642]", "-100 632 10 10 re f"))
		if !sameRect(p.Fills[0].Box, Rect{0, 0, mm(10), mm(10)}) {
			t.Errorf("fill %+v, want at the top left", p.Fills[0].Box)
		}
	})
}

func TestText(t *testing.T) {
	fonts := "/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> /F2 7 0 R >> >>"
	for _, tc := range []struct {
		name, content string
		origin        []Point
		boxes         []Rect
		glyphs        []int
		size          float64 // mm
		invisible     bool
	}{
		{"Tj", "BT /F1 10 Tf 100 700 Td (Hello) Tj ET", []Point{pt(100, 700)}, []Rect{box(100, 698, 25, 10)}, []int{5}, mm(10), false},
		{"escapes", `BT /F1 10 Tf 100 700 Td (a\(b\)\101\
) Tj ET`, []Point{pt(100, 700)}, []Rect{box(100, 698, 25, 10)}, []int{5}, mm(10), false},
		{"T* and TL", "BT /F1 10 Tf 12 TL 100 700 Td (ab) Tj T* (cd) Tj ET", []Point{pt(100, 700), pt(100, 688)},
			[]Rect{box(100, 698, 10, 10), box(100, 686, 10, 10)}, []int{2, 2}, mm(10), false},
		{"TD sets the leading", "BT /F1 10 Tf 100 700 Td 0 -20 TD (ab) Tj ' ET", []Point{pt(100, 680)}, []Rect{box(100, 678, 10, 10)}, []int{2}, mm(10), false},
		{"one after another", "BT /F1 10 Tf 100 100 Td (ab) Tj (cd) Tj ET", []Point{pt(100, 100), pt(110, 100)},
			[]Rect{box(100, 98, 10, 10), box(110, 98, 10, 10)}, []int{2, 2}, mm(10), false},
		{"TJ", "BT /F1 10 Tf 100 100 Td [(ab) -1000 (cd)] TJ ET", []Point{pt(100, 100)}, []Rect{box(100, 98, 30, 10)}, []int{4}, mm(10), false},
		{"Type0", "BT /F2 20 Tf 1 0 0 1 50 50 Tm <00410042> Tj ET", []Point{pt(50, 50)}, []Rect{box(50, 46, 20, 20)}, []int{2}, mm(20), false},
		{"Tm scaled", "BT /F1 1 Tf 10 0 0 10 100 100 Tm (ab) Tj ET", []Point{pt(100, 100)}, []Rect{box(100, 98, 10, 10)}, []int{2}, mm(10), false},
		{"invisible", "BT /F1 10 Tf 3 Tr 100 100 Td (ab) Tj ET", []Point{pt(100, 100)}, []Rect{box(100, 98, 10, 10)}, []int{2}, mm(10), true},
		{"empty", "BT /F1 10 Tf 100 100 Td () Tj [-500] TJ ET", nil, nil, nil, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := readPage(t, onePage(t, fonts, tc.content, "<< >>", "<< >>", "<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H >>"))
			if len(p.Texts) != len(tc.origin) {
				t.Fatalf("texts %+v, want %d", p.Texts, len(tc.origin))
			}
			for i, tx := range p.Texts {
				if !samePoint(tx.Origin, tc.origin[i]) || !sameRect(tx.Box, tc.boxes[i]) || tx.Glyphs != tc.glyphs[i] || !about(tx.Size, tc.size) || tx.Invisible != tc.invisible {
					t.Errorf("text %d = %+v\nwant origin %v box %+v glyphs %d size %.3f invisible %v", i, tx, tc.origin[i], tc.boxes[i], tc.glyphs[i], tc.size, tc.invisible)
				}
			}
		})
	}
}
