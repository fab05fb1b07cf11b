// Copyright 2026 The deckwright Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jpeg

import (
	"bytes"
	"image"
	stdjpeg "image/jpeg"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// plane is one channel of a decoded image.
type plane struct {
	pix          []uint8
	stride, step int // bytes between rows, and between samples of a row
	w, h         int
}

func (p plane) at(x, y int) uint8 { return p.pix[y*p.stride+x*p.step] }

// planes splits img into its channels: Y, Cb, Cr for YCbCr, one for Gray,
// four for CMYK and RGBA.
func planes(t *testing.T, img image.Image) []plane {
	t.Helper()
	switch m := img.(type) {
	case *image.Gray:
		return []plane{{m.Pix, m.Stride, 1, m.Rect.Dx(), m.Rect.Dy()}}
	case *image.YCbCr:
		w, h := m.Rect.Dx(), m.Rect.Dy()
		sx, sy := 1, 1
		switch m.SubsampleRatio {
		case image.YCbCrSubsampleRatio422:
			sx = 2
		case image.YCbCrSubsampleRatio420:
			sx, sy = 2, 2
		case image.YCbCrSubsampleRatio440:
			sy = 2
		case image.YCbCrSubsampleRatio411:
			sx = 4
		case image.YCbCrSubsampleRatio410:
			sx, sy = 4, 2
		}
		cw, ch := (w+sx-1)/sx, (h+sy-1)/sy
		return []plane{
			{m.Y, m.YStride, 1, w, h},
			{m.Cb, m.CStride, 1, cw, ch},
			{m.Cr, m.CStride, 1, cw, ch},
		}
	case *image.CMYK:
		return interleaved(m.Pix, m.Stride, m.Rect)
	case *image.RGBA:
		return interleaved(m.Pix, m.Stride, m.Rect)
	}
	t.Fatalf("unexpected image type %T", img)
	return nil
}

func interleaved(pix []uint8, stride int, r image.Rectangle) []plane {
	ps := make([]plane, 4)
	for c := range ps {
		ps[c] = plane{pix[c:], stride, 4, r.Dx(), r.Dy()}
	}
	return ps
}

// boxPSNR is the PSNR of the scaled plane s against the plane f shrunk by
// k with a box filter (partial boxes at the right and bottom edges).
func boxPSNR(f, s plane, k int) float64 {
	var se float64
	n := 0
	for y := range s.h {
		for x := range s.w {
			var sum, cnt int
			for yy := y * k; yy < min(f.h, (y+1)*k); yy++ {
				for xx := x * k; xx < min(f.w, (x+1)*k); xx++ {
					sum += int(f.at(xx, yy))
					cnt++
				}
			}
			if cnt == 0 {
				continue
			}
			d := float64(sum)/float64(cnt) - float64(s.at(x, y))
			se += d * d
			n++
		}
	}
	if se == 0 {
		return math.Inf(1)
	}
	return 10 * math.Log10(255*255/(se/float64(n)))
}

// minPSNR is the least PSNR of a scaled decode against a box-shrunk full
// decode. The reduced IDCT is a sharper low-pass than a box (it drops the
// high frequencies a box lets alias through), so the two differ most on
// images with much detail per pixel: the 150×103 video frames of testdata
// give 34.2 to 34.9 dB at 1/2 in luma and 33.6 dB in the CMYK frame's black
// (the worst cases), 35 dB and more at
// 1/4, 41 dB and more at 1/8. The 2000×2800 art of bench/run gives 37.8 dB
// and more at 1/2.
const minPSNR = 33

func TestDecodeScaled(t *testing.T) {
	files, err := filepath.Glob("testdata/*.jpeg")
	if err != nil || len(files) == 0 {
		t.Fatal("no test files", err)
	}
	for _, file := range files {
		if filepath.Base(file) == "video-001.progressive.truncated.jpeg" {
			continue // TestDecodeScaledTruncated
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			full, err := stdjpeg.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			// Scale 1 is image/jpeg, bit for bit.
			same, err := DecodeScaled(bytes.NewReader(data), 1)
			if err != nil {
				t.Fatal(err)
			}
			fp, sp := planes(t, full), planes(t, same)
			for c := range fp {
				if fp[c].w != sp[c].w || fp[c].h != sp[c].h || boxPSNR(fp[c], sp[c], 1) != math.Inf(1) {
					t.Errorf("scale 1, channel %d differs from image/jpeg", c)
				}
			}
			b := full.Bounds()
			for _, k := range []int{2, 4, 8} {
				img, err := DecodeScaled(bytes.NewReader(data), k)
				if err != nil {
					t.Fatalf("1/%d: %v", k, err)
				}
				want := image.Rect(0, 0, (b.Dx()+k-1)/k, (b.Dy()+k-1)/k)
				if img.Bounds() != want {
					t.Fatalf("1/%d: bounds %v, want %v", k, img.Bounds(), want)
				}
				sp := planes(t, img)
				if len(sp) != len(fp) {
					t.Fatalf("1/%d: %T, want %T", k, img, full)
				}
				for c := range fp {
					if filepath.Base(file) == "video-001.rgb.jpeg" && c > 0 {
						// G and B are subsampled and handed over
						// nearest-neighbour upsampled, at each scale
						// its own: only the shapes compare.
						continue
					}
					if w, h := (fp[c].w+k-1)/k, (fp[c].h+k-1)/k; sp[c].w != w || sp[c].h != h {
						t.Errorf("1/%d channel %d: %d×%d, want %d×%d", k, c, sp[c].w, sp[c].h, w, h)
						continue
					}
					psnr := boxPSNR(fp[c], sp[c], k)
					if psnr < minPSNR {
						t.Errorf("1/%d channel %d: PSNR %.1f dB against a box-shrunk full decode, want ≥ %v", k, c, psnr, minPSNR)
					}
					t.Logf("1/%d channel %d: %.1f dB", k, c, psnr)
				}
			}
		})
	}
}

func TestDecodeScaledDenom(t *testing.T) {
	data, err := os.ReadFile("testdata/video-001.jpeg")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{0, 3, 16, -2} {
		if _, err := DecodeScaled(bytes.NewReader(data), k); err == nil {
			t.Errorf("denominator %d: no error", k)
		}
	}
}

func TestDecodeScaledTruncated(t *testing.T) {
	data, err := os.ReadFile("testdata/video-001.jpeg")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{1, 2, 4, 8} {
		if _, err := DecodeScaled(bytes.NewReader(data[:len(data)/2]), k); err == nil {
			t.Errorf("1/%d: half a baseline file decoded without error", k)
		}
	}
	// Like image/jpeg, a progressive file cut after a scan decodes to what
	// its scans give.
	data, err = os.ReadFile("testdata/video-001.progressive.truncated.jpeg")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{1, 2, 4, 8} {
		img, err := DecodeScaled(bytes.NewReader(data), k)
		if err != nil {
			t.Fatalf("1/%d: %v", k, err)
		}
		if want := image.Rect(0, 0, (150+k-1)/k, (103+k-1)/k); img.Bounds() != want {
			t.Errorf("1/%d: bounds %v, want %v", k, img.Bounds(), want)
		}
	}
}
