package art

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"io/fs"
	"math"

	"github.com/deckwright/deckwright/internal/safefile"
	scaledjpeg "github.com/deckwright/deckwright/third_party/jpeg"
)

// artSource is an art file read into memory, with what its header says.
type artSource struct {
	data   []byte
	sum    [sha256.Size]byte // of data
	format string            // "jpeg", "png", "gif" or "webp"
	cfg    image.Config
	// coefBytes is the memory a progressive JPEG's decoder keeps for
	// its coefficients between scans (0 for other art).
	coefBytes int64
}

// readArt reads spec's file, checking its header before reading the rest.
// An SVG is drawn now, holding the memory of its drawing from budget.
func readArt(spec ImageSpec, budget *artBudget) (*artSource, error) {
	if err := spec.check(); err != nil {
		return nil, err
	}
	f, err := openArt(spec)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	if fi, err := f.Stat(); err == nil {
		if n := fi.Size(); n > maxArtFileBytes {
			return nil, fmt.Errorf("%d MB is over the %d MB limit for an art file: scale it down", n>>20, maxArtFileBytes>>20)
		} else if n > 0 {
			buf.Grow(int(n) + bytes.MinRead)
		}
	}
	// The size is checked again as the file is read: it may grow.
	lf := safefile.LimitReader(f, maxArtFileBytes)
	br := bufio.NewReader(io.TeeReader(lf, &buf))
	magic, _ := br.Peek(16)
	if head, _ := br.Peek(512); isSVG(head) {
		src, err := readSVG(spec, br, budget) // drawn at the print's size: svg.go
		if err == nil {
			src.sum = sha256.Sum256(src.data)
		}
		return src, err
	}
	if err := sniffArt(magic); err != nil {
		return nil, err
	}
	cfg, format, err := image.DecodeConfig(br)
	if err != nil {
		return nil, headerError(err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("corrupt %s header: size %d×%d", format, cfg.Width, cfg.Height)
	}
	if n := int64(cfg.Width) * int64(cfg.Height); n > artMaxPixels {
		return nil, fmt.Errorf("%d×%d pixels (%.1f megapixels) is over the %g-megapixel limit: scale it down",
			cfg.Width, cfg.Height, float64(n)/1e6, float64(artMaxPixels)/1e6)
	}
	src := &artSource{format: format, cfg: cfg}
	if err := src.checkDecoded(1); err != nil {
		return nil, err
	}
	if _, err := buf.ReadFrom(lf); errors.Is(err, safefile.ErrTooBig) {
		return nil, fmt.Errorf("over the %d MB limit for an art file: scale it down", maxArtFileBytes>>20)
	} else if err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	src.data = buf.Bytes()
	if format == "jpeg" {
		// A progressive JPEG's coefficients take 4 bytes a sample of
		// each component while it is decoded; the header says whether
		// it is one.
		if src.coefBytes, err = scaledjpeg.ProgressiveBytes(bytes.NewReader(src.data)); err != nil {
			return nil, headerError(err)
		}
		if err := src.checkDecoded(1); err != nil {
			return nil, err
		}
	}
	src.sum = sha256.Sum256(src.data)
	return src, nil
}

// maxArtFileBytes is the largest art file read: far more than any card's
// art needs, small enough that a hostile file cannot exhaust memory.
const maxArtFileBytes = 256 << 20

// MaxDecodedMB is the most memory, in MiB, that preparing one piece of art
// may take, worked out from its header (width × height × bytes per pixel of
// the decoded image and of the copies made of it) before anything is
// decoded: 100 megapixels of 8-bit RGBA or YCbCr (a JPEG), a third of that
// of 16-bit RGBA.
const MaxDecodedMB = 400

// artMaxDecoded is MaxDecodedMB in bytes; tests lower it.
var artMaxDecoded int64 = MaxDecodedMB << 20

// openArt opens spec's file, which must be a regular file: a FIFO would
// block the worker forever, a device would never end (internal/safefile).
func openArt(spec ImageSpec) (fs.File, error) {
	var f fs.File
	var err error
	if spec.FS == nil {
		f, err = safefile.OpenPath(spec.Path)
	} else {
		f, err = safefile.Open(spec.FS, spec.Path)
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is added by the caller
		}
		return nil, fmt.Errorf("open: %w", err)
	}
	return f, nil
}

// decodedBytes is the memory that preparing src takes at most, from its
// header and its EXIF orientation orient (1 when unknown): the decoded
// image (the decoders give 16-bit images 8 bytes per RGBA pixel, 2 per grey
// one; YCbCr at most 3, CMYK 4) plus the 8-bit RGBA copy (4 bytes a pixel)
// made of any image that is not 8-bit grey, YCbCr or RGBA, or that is
// turned upright, plus a progressive JPEG's coefficients.
func (src *artSource) decodedBytes(orient int) int64 {
	m := src.cfg.ColorModel
	per := bytesPerPixel(m)
	switch m {
	case color.GrayModel, color.YCbCrModel, color.RGBAModel, color.NRGBAModel:
		if orient != 1 {
			per += 4
		}
	default:
		per += 4
	}
	return int64(src.cfg.Width)*int64(src.cfg.Height)*int64(per) + src.coefBytes
}

// checkDecoded refuses src when preparing it would take more than
// MaxDecodedMB.
func (src *artSource) checkDecoded(orient int) error {
	n := src.decodedBytes(orient)
	if n <= artMaxDecoded {
		return nil
	}
	cfg := src.cfg
	kind, hint := colorModelName(cfg.ColorModel), deepHint(cfg.ColorModel)
	if src.coefBytes > 0 {
		kind = "progressive " + kind
		hint = " or save it as a baseline (not progressive) JPEG"
	}
	return fmt.Errorf("%d×%d pixels of %s take %d MB to prepare, over the %d MB limit: scale it down%s",
		cfg.Width, cfg.Height, kind, n>>20, artMaxDecoded>>20, hint)
}

func bytesPerPixel(m color.Model) int {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 4 // RGBA, NRGBA, CMYK, NYCbCrA (5 at most; WebP with alpha is 4:2:0)
}

// colorModelName names a header's pixel kind for messages.
func colorModelName(m color.Model) string {
	switch m {
	case color.Gray16Model:
		return "16-bit grey"
	case color.RGBA64Model, color.NRGBA64Model:
		return "16-bit colour"
	case color.GrayModel:
		return "8-bit grey"
	}
	return "8-bit colour"
}

// deepHint suggests saving 16-bit art with 8 bits per channel.
func deepHint(m color.Model) string {
	if bytesPerPixel(m) == 8 || m == color.Gray16Model {
		return " or save it with 8 bits per channel"
	}
	return ""
}

// artMagic is how each supported format starts; '?' matches any byte.
var artMagic = []struct{ format, magic string }{
	{"jpeg", "\xff\xd8\xff"},
	{"png", "\x89PNG\r\n\x1a\n"},
	{"gif", "GIF87a"},
	{"gif", "GIF89a"},
	{"webp", "RIFF????WEBP"},
}

// otherMagic names some formats that are not supported, for a clearer
// message.
var otherMagic = []struct{ format, magic string }{
	{"BMP", "BM"},
	{"TIFF", "II*\x00"},
	{"TIFF", "MM\x00*"},
	{"HEIF or AVIF", "????ftyp"},
	{"PDF", "%PDF"},
	{"SVG", "<svg"},
	{"SVG or XML", "<?xml"},
	{"Photoshop", "8BPS"},
}

func magicMatch(b []byte, magic string) bool {
	if len(b) < len(magic) {
		return false
	}
	for i := range len(magic) {
		if magic[i] != '?' && magic[i] != b[i] {
			return false
		}
	}
	return true
}

// sniffArt checks the first bytes of a file for a supported format, so that
// no other decoder that happens to be registered ever sees it.
func sniffArt(b []byte) error {
	for _, m := range artMagic {
		if magicMatch(b, m.magic) {
			return nil
		}
	}
	for _, m := range otherMagic {
		if magicMatch(b, m.magic) {
			return fmt.Errorf("unsupported image format %s (want JPEG, PNG, WebP or GIF)", m.format)
		}
	}
	if len(b) == 0 {
		return errors.New("empty file (want a JPEG, PNG, WebP or GIF image)")
	}
	return errors.New("unknown image format (want JPEG, PNG, WebP or GIF)")
}

// headerError explains why an image header could not be read.
func headerError(err error) error {
	var ju jpeg.UnsupportedError
	switch {
	case errors.Is(err, image.ErrFormat):
		return errors.New("unknown image format (want JPEG, PNG, WebP or GIF)")
	case errors.As(err, &ju):
		return fmt.Errorf("%w (save it as a baseline or progressive 8-bit JPEG)", err)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("corrupt image: the file ends inside its header")
	}
	return fmt.Errorf("corrupt image header: %w", err)
}

// check rejects parameters that cannot give an image.
func (s ImageSpec) check() error {
	ok := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	switch {
	case s.Path == "":
		return errors.New("no file name")
	case !ok(s.TrimW) || !ok(s.TrimH) || s.TrimW <= 0 || s.TrimH <= 0:
		return fmt.Errorf("card size %g×%g mm: want positive sizes", s.TrimW, s.TrimH)
	case !ok(s.Bleed) || s.Bleed < 0:
		return fmt.Errorf("bleed %g mm: want 0 or more", s.Bleed)
	case s.DPI <= 0:
		return fmt.Errorf("resolution %d DPI: want a positive DPI", s.DPI)
	}
	w, h := artPixels(s.TrimW+2*s.Bleed, s.DPI), artPixels(s.TrimH+2*s.Bleed, s.DPI)
	if w < 1 || h < 1 || float64(w)*float64(h) > MaxMegapixels*1e6 || w >= 1<<16 || h >= 1<<16 {
		return fmt.Errorf("printed size %g×%g mm at %d DPI is %d×%d pixels: want 1 to %d megapixels",
			s.TrimW+2*s.Bleed, s.TrimH+2*s.Bleed, s.DPI, w, h, MaxMegapixels)
	}
	return nil
}
