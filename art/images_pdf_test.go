package art

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/jung-kurt/gofpdf"
)

// TestPreparedImagesEmbed checks that gofpdf embeds every kind of prepared
// image as it is: re-encoded colour and grey JPEGs, PNGs with transparency
// and JPEGs passed through (progressive among them), each drawn over its
// card's bleed rectangle.
func TestPreparedImagesEmbed(t *testing.T) {
	dir := t.TempDir()
	gray := image.NewGray(image.Rect(0, 0, 900, 1257))
	for i := range gray.Pix {
		gray.Pix[i] = uint8(i % 253)
	}
	alpha := image.NewNRGBA(image.Rect(0, 0, 300, 420))
	for i := range alpha.Pix {
		alpha.Pix[i] = uint8(i % 256)
	}
	alpha.SetNRGBA(0, 0, color.NRGBA{1, 2, 3, 4})
	specs := []ImageSpec{
		poker(artWrite(t, dir, "colour.jpg", artEncodeJPEG(t, artPaint(1000, 1400), 90)), 3),
		poker(artWrite(t, dir, "gray.jpg", artEncodeJPEG(t, gray, 90)), 3),
		poker(artWrite(t, dir, "alpha.png", artEncodePNG(t, alpha)), 3),
		poker(artWrite(t, dir, "small.jpg", artEncodeJPEG(t, artPaint(600, 838), 90)), 0),
		poker(filepath.Join("testdata", "images", "progressive.jpg"), 0),
		poker(filepath.Join("testdata", "images", "cmyk.jpg"), 0),
		poker(filepath.Join("testdata", "images", "alpha.webp"), 0),
	}
	res, errs := PrepareImages(context.Background(), specs, PrepareOptions{})
	pdf := gofpdf.New("P", "mm", "A4", "")
	pdf.AddPage()
	images, masks := 0, 0
	for i, p := range res {
		if errs[i] != nil {
			t.Fatalf("spec %d: %v", i, errs[i])
		}
		opts := gofpdf.ImageOptions{ImageType: p.Type}
		pdf.RegisterImageOptionsReader(p.Key, opts, bytes.NewReader(p.Data))
		b := specs[i].Bleed
		pdf.ImageOptions(p.Key, 5+float64(i%3)*69, 5+float64(i/3)*94, 63+2*b, 88+2*b, false, opts, 0, "")
		if err := pdf.Error(); err != nil {
			t.Fatalf("spec %d (%s, passthrough %v): gofpdf: %v", i, p.Type, p.Passthrough, err)
		}
		images++
		if p.Type == "png" {
			masks++
		}
	}
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(out.Bytes(), []byte("/Subtype /Image")); n != images+masks {
		t.Errorf("PDF holds %d images, want %d (%d with a soft mask)", n, images+masks, masks)
	}
	if !res[3].Passthrough || !res[4].Passthrough {
		t.Errorf("small and progressive JPEGs were not passed through")
	}
}
