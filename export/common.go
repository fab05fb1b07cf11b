package export

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"math"
	"runtime"
	"strings"
	"sync"
	"unicode"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/faces"
	"github.com/deckwright/deckwright/internal/fastpng"
	"github.com/deckwright/deckwright/render"
	"golang.org/x/text/unicode/norm"
)

// Options are the settings every export shares.
type Options struct {
	// Templates draws text proxies; nil uses the bundled templates.
	Templates render.TemplateSource
	// CacheDir and Workers tune the art pipeline (art.PrepareOptions).
	CacheDir string
	Workers  int
	// TempDir, when set, hears of the temporary folder an export writes
	// into: made true once it exists, false once it is gone (moved into
	// place or removed), so that a caller that may be stopped before the
	// export returns (Ctrl-C) can remove it.
	TempDir func(dir string, made bool)
}

func (o Options) faces() faces.Options {
	return faces.Options{Templates: o.Templates, CacheDir: o.CacheDir, Workers: o.Workers}
}

// Result says what an export wrote.
type Result struct {
	Dir   string   `json:"dir"`
	Files []string `json:"files"` // slash-separated, inside Dir, sorted
	Cards int      `json:"cards"` // physical cards exported
	// ArtFaces, DesignedFaces and TextFaces count the distinct faces
	// drawn from art, from the user's own templates and as text proxies
	// (the bundled templates).
	ArtFaces      int `json:"art_faces"`
	TextFaces     int `json:"text_faces"`
	DesignedFaces int `json:"designed_faces"`
	// Sample reports that a card is a sample or carries provisional values
	// (each image says so on its face too).
	Sample   bool     `json:"sample"`
	Warnings []string `json:"warnings,omitempty"`
	// Notes say what was done that a user may want to know.
	Notes []string `json:"notes,omitempty"`
}

// count counts a face drawn among the faces of its kind.
func (res *Result) count(im *faces.Image) {
	switch {
	case im.Art:
		res.ArtFaces++
	case im.Designed:
		res.DesignedFaces++
	default:
		res.TextFaces++
	}
}

// faceID identifies what a face looks like, as faces.Render shares them.
type faceID struct {
	game   *cardsdb.Game
	card   *cardsdb.Card
	second bool
	image  string
	land   bool
}

func idOf(f render.Face) faceID { return faceID{f.Game, f.Card, f.Second, f.Image, f.Landscape} }

// distinct lists the distinct faces among fs in their first order, and
// for each face of fs its index in that list.
func distinct(fs []render.Face) (uniq []render.Face, index []int) {
	seen := map[faceID]int{}
	index = make([]int, len(fs))
	for i, f := range fs {
		k := idOf(f)
		j, ok := seen[k]
		if !ok {
			j = len(uniq)
			seen[k] = j
			uniq = append(uniq, f)
		}
		index[i] = j
	}
	return uniq, index
}

// batch is how many faces are drawn at once: enough for the art pipeline
// to work in parallel, few enough to keep memory flat on big decks.
const batch = 32

// drawEach draws every face of fs (which should be distinct) in batches
// and calls each for every face with its image, from several goroutines
// at once. Art that cannot be read fails the run, naming every card whose
// art failed, once all faces have been tried.
func drawEach(ctx context.Context, fs []render.Face, fo faces.Options, res *Result, each func(i int, im *faces.Image) error) error {
	var artErrs []error
	var mu sync.Mutex
	for start := 0; start < len(fs); start += batch {
		part := fs[start:min(start+batch, len(fs))]
		imgs, err := faces.Render(ctx, part, fo)
		if err != nil {
			return err
		}
		var wg sync.WaitGroup
		errs := make([]error, len(imgs))
		next := make(chan int)
		for range min(runtime.GOMAXPROCS(0), len(imgs)) {
			wg.Go(func() {
				for j := range next {
					if ctx.Err() != nil {
						errs[j] = ctx.Err()
						continue
					}
					errs[j] = each(start+j, imgs[j])
				}
			})
		}
		for j, im := range imgs {
			if im.ArtErr != nil {
				artErrs = append(artErrs, fmt.Errorf("%s: %w", im.Face.Name(), im.ArtErr))
			}
			mu.Lock()
			res.count(im)
			for _, w := range im.Warnings {
				res.Warnings = append(res.Warnings, w.String())
			}
			mu.Unlock()
			next <- j
		}
		close(next)
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return err
		}
	}
	if len(artErrs) > 0 {
		return &ArtError{Errs: artErrs}
	}
	return nil
}

// ArtError lists the faces whose art could not be read.
type ArtError struct{ Errs []error }

func (e *ArtError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s could not be read; nothing written (fix the image: lines, or remove them to export text proxies)", cardsdb.Plural(len(e.Errs), "card image"))
	for _, err := range e.Errs {
		b.WriteString("\n\t")
		b.WriteString(err.Error())
	}
	return b.String()
}

// Unwrap returns the errors of each face.
func (e *ArtError) Unwrap() []error { return e.Errs }

// sampleOf reports whether an item's card is a sample or has provisional
// values.
func sampleOf(items []render.Item) bool {
	for _, it := range items {
		if c := it.Front.Card; c != nil && (c.Sample || c.HasProvisional()) {
			return true
		}
	}
	return false
}

// encode writes img as PNG or JPEG (quality 92). Faces and sheets (NRGBA)
// go through fastpng, three times as fast as image/png.
func encode(img image.Image, format string) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	if format == "jpeg" {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 92})
	} else if m, ok := img.(*image.NRGBA); ok {
		err = fastpng.Encode(&buf, m, 0)
	} else {
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		err = enc.Encode(&buf, img)
	}
	return buf.Bytes(), err
}

// withDPI marks a PNG with its resolution: a pHYs chunk right after IHDR
// (PNG 1.2, 4.2.4.2; pixels per metre, unit 1). Programs that place an image
// at its printed size (word processors, GIMP, Inkscape; whether Cricut
// Design Space reads it is not verified here) read it; without it they take
// 72 or 96 DPI and place a 300 DPI image three or four times too large.
// data is returned as it is when it is not a PNG with its IHDR first.
func withDPI(data []byte, dpi int) []byte {
	const ihdrEnd = 8 + 4 + 4 + 13 + 4 // signature, IHDR's length, type, data, CRC
	if dpi <= 0 || len(data) < ihdrEnd || string(data[12:16]) != "IHDR" {
		return data
	}
	ppm := uint32(math.Round(float64(dpi) / 0.0254))
	chunk := make([]byte, 0, 21)
	chunk = binary.BigEndian.AppendUint32(chunk, 9)
	chunk = append(chunk, "pHYs"...)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = binary.BigEndian.AppendUint32(chunk, ppm)
	chunk = append(chunk, 1) // the unit is the metre
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	out := make([]byte, 0, len(data)+len(chunk))
	out = append(out, data[:ihdrEnd]...)
	out = append(out, chunk...)
	return append(out, data[ihdrEnd:]...)
}

// ext is a format's file extension.
func ext(format string) string {
	if format == "jpeg" {
		return ".jpg"
	}
	return ".png"
}

// slug turns a card name into a file name part: lower-case letters and
// digits of any script, accents taken off, the rest one "-"; at most 60
// bytes; "card" when nothing is left.
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFKD.String(name) {
		if b.Len() >= 60 {
			break
		}
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
		default:
			dash = true
		}
	}
	if b.Len() == 0 {
		return "card"
	}
	return b.String()
}

// number formats i (from 1) with at least three digits, and as many as
// the largest number n needs.
func number(i, n int) string {
	w := max(3, len(fmt.Sprint(n)))
	return fmt.Sprintf("%0*d", w, i)
}
