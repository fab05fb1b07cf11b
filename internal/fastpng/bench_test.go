package fastpng_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"

	"github.com/deckwright/deckwright/internal/benchgame"
	"github.com/deckwright/deckwright/internal/fastpng"
	"github.com/deckwright/deckwright/internal/procstat"
)

// face is a poker card at 300 DPI as the layered benchmark draws it: a
// frame with its art window filled with a gradient and a little noise
// (as photographs and JPEG art have).
func face() *image.NRGBA {
	m := benchgame.Frame(744, 1039, 1)
	r := rand.New(rand.NewPCG(1, 2))
	for y := 0; y < 1039; y++ {
		for x := 0; x < 744; x++ {
			if m.NRGBAAt(x, y).A == 0 {
				n := r.IntN(12)
				m.SetNRGBA(x, y, color.NRGBA{uint8(x*200/744 + y/7 + n), uint8(y*200/1039 + n), uint8((x+y)%200 + n), 0xff})
			}
		}
	}
	return m
}

// BenchmarkEncode writes a card face with fastpng and with image/png at
// its fastest level.
func BenchmarkEncode(b *testing.B) {
	m := face()
	for _, tc := range []struct {
		name string
		enc  func(*bytes.Buffer) error
	}{
		{"fastpng", func(buf *bytes.Buffer) error { return fastpng.Encode(buf, m, 300) }},
		{"image-png", func(buf *bytes.Buffer) error {
			return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(buf, m)
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var buf bytes.Buffer
			cpu := procstat.CPU()
			for b.Loop() {
				buf.Reset()
				if err := tc.enc(&buf); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((procstat.CPU()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(buf.Len()), "bytes")
		})
	}
}
