package art

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	"github.com/deckwright/deckwright/internal/jpegscans"
)

// jpegSegment makes one marker segment with payload p.
func jpegSegment(m byte, p string) []byte {
	b := []byte{0xff, m, 0, 0}
	binary.BigEndian.PutUint16(b[2:], uint16(len(p)+2))
	return append(b, p...)
}

// jpegWithMetadata returns jpg (a Go-encoded JPEG, which has no
// application segments) with segments that must be kept (JFIF, an ICC
// profile, Adobe's) and segments that must not (EXIF with a GPS tag, XMP,
// Photoshop's, a comment) put after its SOI marker, and junk after its
// end. keep is the file jpegEmbed should return.
func jpegWithMetadata(jpg []byte, junk int) (file, keep []byte) {
	kept := [][]byte{
		jpegSegment(0xe0, "JFIF\x00\x01\x02\x00\x00\x01\x00\x01\x00\x00"),
		jpegSegment(0xe2, "ICC_PROFILE\x00\x01\x01fake profile bytes"),
		jpegSegment(0xee, "Adobe\x00\x64\x00\x00\x00\x00\x01"),
	}
	dropped := [][]byte{
		jpegSegment(0xe1, "Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08GPS 51.5007N 0.1246W"),
		jpegSegment(0xe1, "http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta>secret</x:xmpmeta>"),
		jpegSegment(0xed, "Photoshop 3.0\x008BIM"),
		jpegSegment(0xfe, "made on Alice's laptop"),
		jpegSegment(0xe0, "AVI1 not JFIF"),
	}
	file = append(file, jpg[:2]...)
	keep = append(keep, jpg[:2]...)
	for i := range max(len(kept), len(dropped)) {
		if i < len(dropped) {
			file = append(file, dropped[i]...)
		}
		if i < len(kept) {
			file = append(file, kept[i]...)
			keep = append(keep, kept[i]...)
		}
	}
	file = append(file, jpg[2:]...)
	keep = append(keep, jpg[2:]...)
	file = append(file, bytes.Repeat([]byte("\xff\xd8junk after the end"), junk)...)
	return file, keep
}

func TestJPEGEmbed(t *testing.T) {
	jpg := artEncodeJPEG(t, artPaint(60, 84), 85)
	file, keep := jpegWithMetadata(jpg, 1000)
	got, err := jpegEmbed(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, keep) {
		t.Fatalf("jpegEmbed kept %d bytes, want %d: %q", len(got), len(keep), got[:min(len(got), 300)])
	}
	for _, secret := range []string{"GPS", "xmpmeta", "8BIM", "Alice", "AVI1", "junk"} {
		if bytes.Contains(got, []byte(secret)) {
			t.Errorf("%q passes through", secret)
		}
	}
	// The same pixels.
	a, err := jpeg.Decode(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	b, err := jpeg.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	if !sameImage(a, b) {
		t.Error("the embedded JPEG decodes to other pixels")
	}
	// A clean file is returned as it is, sharing its bytes.
	if got, err := jpegEmbed(jpg); err != nil || &got[0] != &jpg[0] || len(got) != len(jpg) {
		t.Errorf("a clean JPEG: got %d bytes (shared %v), %v", len(got), err == nil && &got[0] == &jpg[0], err)
	}
	// A progressive JPEG keeps every scan.
	prog, err := os.ReadFile(filepath.Join("testdata", "images", "progressive.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	pg, err := jpegEmbed(append(prog[:len(prog):len(prog)], "trailing"...))
	if err != nil {
		t.Fatal(err)
	}
	pa, _ := jpeg.Decode(bytes.NewReader(prog))
	pb, err := jpeg.Decode(bytes.NewReader(pg))
	if err != nil || !sameImage(pa, pb) {
		t.Errorf("progressive JPEG: decodes to other pixels (%v)", err)
	}
	// Broken structure: an error, never a guess.
	for name, bad := range map[string][]byte{
		"cut in a scan":          jpg[:len(jpg)-10],
		"no end marker":          jpg[:len(jpg)-2],
		"segment past the end":   append(append([]byte{}, jpg[:2]...), 0xff, 0xe1, 0xff, 0xff, 1, 2),
		"not a marker":           append(append([]byte{}, jpg[:2]...), 0x12, 0x34),
		"empty":                  nil,
		"only SOI":               jpg[:2],
		"segment length below 2": append(append([]byte{}, jpg[:2]...), 0xff, 0xe1, 0, 1, 0xff, 0xd9),
		// Viewers would take minutes to decode it.
		"101 progressive scans": jpegscans.Progressive(300, 420, 101),
	} {
		if _, err := jpegEmbed(bad); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func sameImage(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}

// TestPrepareImagesPassthroughStrips checks that passed-through art is
// embedded without its metadata and without what follows its end (64 MB
// of junk once made a 67 MB PDF).
func TestPrepareImagesPassthroughStrips(t *testing.T) {
	dir := t.TempDir()
	file, keep := jpegWithMetadata(artEncodeJPEG(t, artPaint(744, 1039), 85), 50000)
	p, err := artPrepareOne(t, poker(artWrite(t, dir, "meta.jpg", file), 0), PrepareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !p.Passthrough {
		t.Fatal("not passed through")
	}
	if !bytes.Equal(p.Data, keep) {
		t.Errorf("embedded %d bytes of a %d-byte file, want the %d of the image", len(p.Data), len(file), len(keep))
	}
	if cap(p.Data) > len(keep)+64 {
		t.Errorf("the embedded bytes hold on to %d bytes", cap(p.Data))
	}
}

// FuzzJPEGEmbed walks arbitrary bytes as a JPEG: jpegEmbed must never
// panic; what it returns starts and ends with SOI and EOI, is no longer
// than the input, gives itself back (nothing more to strip), and decodes
// to the same pixels as the input when both decode.
func FuzzJPEGEmbed(f *testing.F) {
	jpg := artEncodeJPEG(f, artPaint(16, 24), 80)
	file, _ := jpegWithMetadata(jpg, 2)
	f.Add(file)
	f.Add(jpg)
	f.Add(artWithOrientation(f, jpg, 6))
	for _, name := range []string{"cmyk.jpg", "quad444.jpg", "quad422.jpg", "progressive.jpg"} {
		data, err := os.ReadFile(filepath.Join("testdata", "images", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add(artJPEGHeader(0xc0, 8, 20, 28))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := jpegEmbed(data)
		if err != nil {
			return
		}
		if len(out) < 4 || out[0] != 0xff || out[1] != jpegSOI || out[len(out)-2] != 0xff || out[len(out)-1] != jpegEOI {
			t.Fatalf("output % x does not run from SOI to EOI", out[:min(len(out), 8)])
		}
		if len(out) > len(data) {
			t.Fatalf("output of %d bytes from %d", len(out), len(data))
		}
		again, err := jpegEmbed(out)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("output is not its own embedding: %v", err)
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
		if err != nil || cfg.Width*cfg.Height > 1<<16 {
			return
		}
		a, errA := jpeg.Decode(bytes.NewReader(data))
		b, errB := jpeg.Decode(bytes.NewReader(out))
		if errA == nil && errB == nil && !sameImage(a, b) {
			t.Fatal("the embedding decodes to other pixels")
		}
	})
}
