package art

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	_ "image/gif" // GIF art
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"

	"github.com/disintegration/imaging"

	scaledjpeg "github.com/deckwright/deckwright/third_party/jpeg"
	_ "golang.org/x/image/webp" // WebP art
)

// MaxMegapixels is the largest art PrepareImages accepts, in millions of
// pixels, read from the file's header before anything is decoded. Bigger art
// would take gigabytes of memory to decode for no visible gain in print.
const MaxMegapixels = 100

// ImageSpec asks for one card face's art, prepared for printing.
type ImageSpec struct {
	FS           fs.FS   // where Path lives (a game's files); nil = the OS file system
	Path         string  // the art file: JPEG, PNG, WebP, GIF or SVG (drawn at DPI: svg.go)
	TrimW, TrimH float64 // the card's trimmed size in mm, in the card's own orientation
	Bleed        float64 // mm of bleed to add on every side by extending the art's edges
	DPI          int     // target resolution at the printed size
}

// PreparedImage is art ready to embed in a PDF.
//
// Data covers the trimmed card plus Bleed on every side, and is meant to be
// drawn over exactly that rectangle, whatever W and H are: art with fewer
// pixels than the target resolution is never enlarged, so W and H may be
// smaller than the size asked for (SourceDPI then says by how much).
type PreparedImage struct {
	Data        []byte  // JPEG (or PNG for art with transparency) bytes to embed as they are
	Type        string  // "jpg" or "png" (gofpdf ImageOptions.ImageType)
	W, H        int     // pixel size of Data, covering trim + bleed
	SourceDPI   float64 // the source art's resolution at the printed trim size (for the <200 DPI warning)
	Passthrough bool    // the source JPEG was embedded untouched
	Cached      bool    // came from the disk cache
	// CacheRebuilt reports that the disk cache held a damaged file for this
	// art, which was removed and replaced.
	CacheRebuilt bool
	// Key identifies the source content and the preparation parameters
	// (lower-case hex): equal Keys mean equal Data, so it serves as the name
	// to register the image under in a PDF, once for all its uses.
	Key string
}

// PrepareOptions tunes PrepareImages.
type PrepareOptions struct {
	Workers  int                   // 0 = runtime.NumCPU()
	CacheDir string                // "" = no disk cache
	Progress func(done, total int) // may be nil; called from one goroutine at a time
}

// DefaultCacheDir returns the directory for prepared art in the user's cache
// directory: os.UserCacheDir()/deckwright/images, or "" (no disk cache) when
// the system has no cache directory.
func DefaultCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "deckwright", "images")
}

// artMaxPixels is MaxMegapixels in pixels; tests lower it.
var artMaxPixels int64 = MaxMegapixels * 1_000_000

// Tuning constants; every one that changes the output is part of the cache
// key through artVersion.
const (
	artQuality = 90 // JPEG quality of re-encoded art
	// artVersion names the preparation method; change it whenever the
	// output of the same input would change, so old cache files are unused.
	artVersion = "deckwright-art/2 jpegscale catmullrom box q90 420"
	// artAspectTol is how far (as a fraction) the art's aspect ratio may
	// differ from the card's and still cover it whole, slightly stretched,
	// rather than be cropped.
	artAspectTol = 0.01
)

// artFilter is the resampling filter after the box shrink. Catmull-Rom is
// the kernel of Pillow's bicubic filter; for the at most 2× reduction left
// after the box filter it is about as sharp as Lanczos, rings less, and
// costs less: box and resampling of a 2000×2800 JPEG's planes to 744×1039
// took 21 ms with it and 29 ms with Lanczos.
var artFilter = imaging.CatmullRom

// PrepareImages prepares every spec, in parallel, returning results and
// errors by index (errs[i] non-nil when spec i failed: missing file, corrupt
// image, over MaxMegapixels, unsupported format). Identical specs (same
// content and parameters) are prepared once and share one *PreparedImage.
//
// Each file is read once. Its header is checked first: art over
// MaxMegapixels is refused without being decoded. A JPEG that already has the
// card's shape, needs no bleed and has no more pixels than the target is
// embedded as it is. Any other art is decoded once; cropped, centred, to the
// card's aspect ratio (art within 1% of it is kept whole and stretched that
// little instead); shrunk by an integer box filter and then resampled to
// round(TrimW/25.4*DPI) × round(TrimH/25.4*DPI) pixels, or kept at its own
// resolution when it has fewer; given Bleed on every side by repeating its
// edge pixels outwards; and encoded as a JPEG of quality 90, or a PNG when it
// has transparency. The output is round((TrimW+2*Bleed)/25.4*DPI) pixels wide
// at full resolution, and likewise in height. EXIF orientation is honoured.
//
// With opts.CacheDir set, prepared art is kept there under a key made of the
// file's content hash and every parameter, so a second run only reads files;
// a cache file that cannot be read back whole is ignored and rebuilt, and a
// cache that cannot be written is silently skipped. At most opts.Workers
// images are decoded at once. When ctx is cancelled, specs not yet started
// fail with ctx's error.
func PrepareImages(ctx context.Context, specs []ImageSpec, opts PrepareOptions) ([]*PreparedImage, []error) {
	if ctx == nil {
		ctx = context.Background()
	}
	results := make([]*PreparedImage, len(specs))
	errs := make([]error, len(specs))
	if len(specs) == 0 {
		return results, errs
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, len(specs))
	r := &artRun{
		ctx:     ctx,
		specs:   specs,
		opts:    opts,
		results: results,
		errs:    errs,
		jobs:    make(map[string]*artJob),
		budget:  newArtBudget(artMaxDecoded),
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r.do(i)
			}
		}()
	}
	// Once ctx is cancelled, specs not yet handed out fail at once rather
	// than wait for a worker.
	for i := range specs {
		select {
		case next <- i:
		case <-ctx.Done():
			r.finish(i, nil, ctx.Err())
		}
	}
	close(next)
	wg.Wait()
	return results, errs
}

// artRun is one call of PrepareImages.
type artRun struct {
	ctx     context.Context
	specs   []ImageSpec
	opts    PrepareOptions
	budget  *artBudget
	mu      sync.Mutex // guards everything below, and calls to Progress
	results []*PreparedImage
	errs    []error
	jobs    map[string]*artJob // by cache key
	done    int
}

// artJob is the preparation of one distinct key; the specs that found it
// under way wait in waiters.
type artJob struct {
	finished bool
	res      *PreparedImage
	err      error // without the file name, added per spec
	waiters  []int
}

// do prepares spec i, or joins the job that already prepares the same
// content with the same parameters.
func (r *artRun) do(i int) {
	spec := r.specs[i]
	if err := r.ctx.Err(); err != nil {
		r.finish(i, nil, err)
		return
	}
	src, err := readArt(spec)
	if err != nil {
		r.finish(i, nil, err)
		return
	}
	key := src.key(spec)
	r.mu.Lock()
	if j, ok := r.jobs[key]; ok {
		if j.finished {
			r.settle(i, j.res, j.err)
		} else {
			j.waiters = append(j.waiters, i)
		}
		r.mu.Unlock()
		return
	}
	j := &artJob{}
	r.jobs[key] = j
	r.mu.Unlock()

	res, err := prepareArt(spec, src, key, r.opts.CacheDir, r.budget)
	r.mu.Lock()
	j.finished, j.res, j.err = true, res, err
	r.settle(i, res, err)
	for _, w := range j.waiters {
		r.settle(w, res, err)
	}
	j.waiters = nil
	r.mu.Unlock()
}

// finish records the outcome of spec i; r.mu must not be held.
func (r *artRun) finish(i int, res *PreparedImage, err error) {
	r.mu.Lock()
	r.settle(i, res, err)
	r.mu.Unlock()
}

// settle records the outcome of spec i and reports progress; r.mu is held.
func (r *artRun) settle(i int, res *PreparedImage, err error) {
	if err != nil {
		r.errs[i] = fmt.Errorf("art %q: %w", r.specs[i].Path, err)
	} else {
		r.results[i] = res
	}
	r.done++
	if r.opts.Progress != nil {
		r.opts.Progress(r.done, len(r.specs))
	}
}

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
func readArt(spec ImageSpec) (*artSource, error) {
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
	lf := io.LimitReader(f, maxArtFileBytes+1)
	br := bufio.NewReader(io.TeeReader(lf, &buf))
	magic, _ := br.Peek(16)
	if head, _ := br.Peek(512); isSVG(head) {
		src, err := readSVG(spec, br) // drawn at the print's size: svg.go
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
	if _, err := buf.ReadFrom(lf); err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	if buf.Len() > maxArtFileBytes {
		return nil, fmt.Errorf("over the %d MB limit for an art file: scale it down", maxArtFileBytes>>20)
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
// block the worker forever, a device would never end. The kind is checked
// before opening, by name, and again on the open file.
func openArt(spec ImageSpec) (fs.File, error) {
	var fi fs.FileInfo
	var err error
	if spec.FS == nil {
		fi, err = os.Stat(spec.Path)
	} else {
		fi, err = fs.Stat(spec.FS, spec.Path)
	}
	if err == nil && !fi.Mode().IsRegular() {
		return nil, notRegular(fi.Mode())
	}
	var f fs.File
	if err == nil {
		if spec.FS == nil {
			f, err = os.Open(spec.Path)
		} else {
			f, err = spec.FS.Open(spec.Path)
		}
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is added by the caller
		}
		return nil, fmt.Errorf("open: %w", err)
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("open: %w", err)
		}
		return nil, notRegular(fi.Mode())
	}
	return f, nil
}

// notRegular explains why a file that is not a regular file is not read.
func notRegular(m fs.FileMode) error {
	kind := "special file"
	switch {
	case m.IsDir():
		kind = "directory"
	case m&fs.ModeNamedPipe != 0:
		kind = "named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		kind = "socket"
	case m&fs.ModeCharDevice != 0:
		kind = "character device"
	case m&fs.ModeDevice != 0:
		kind = "block device"
	case m&fs.ModeSymlink != 0:
		kind = "symbolic link"
	}
	return fmt.Errorf("is a %s, not an image file", kind)
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

// artPixels is the pixel count of mm millimetres at dpi.
func artPixels(mm float64, dpi int) int {
	return int(math.Round(mm / 25.4 * float64(dpi)))
}

// key is the cache key of src prepared for spec: the content hash plus every
// parameter that changes the output.
func (src *artSource) key(spec ImageSpec) string {
	h := sha256.New()
	h.Write([]byte(artVersion))
	h.Write(src.sum[:])
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	fmt.Fprintf(h, "|%s|%s|%s|%d", f(spec.TrimW), f(spec.TrimH), f(spec.Bleed), spec.DPI)
	return hex.EncodeToString(h.Sum(nil))
}

// artGeometry is where the output's pixels come from.
type artGeometry struct {
	orient     int             // EXIF orientation, 1 to 8
	srcW, srcH int             // source size after orientation
	crop       image.Rectangle // the part of the oriented source that covers the trim
	trimW      int             // output pixels covering the trim
	trimH      int
	outW, outH int // output pixels in all, with the bleed
	bleedX     int // output pixels of bleed on the left (the right gets the rest)
	bleedY     int // on the top
	sourceDPI  float64
	scale      int // the source is decoded at 1/scale of its size (see artDecodeScale)
}

// geometry works out the crop and the output size of src for spec.
func (src *artSource) geometry(spec ImageSpec) artGeometry {
	g := artGeometry{orient: 1, srcW: src.cfg.Width, srcH: src.cfg.Height, scale: 1}
	if src.format == "jpeg" {
		g.orient = jpegOrientation(src.data)
	}
	if g.orient >= 5 {
		g.srcW, g.srcH = g.srcH, g.srcW
	}
	g.crop = image.Rect(0, 0, g.srcW, g.srcH)
	card := spec.TrimW / spec.TrimH
	if art := float64(g.srcW) / float64(g.srcH); math.Abs(art/card-1) > artAspectTol {
		if art > card { // too wide: keep the middle columns
			w := min(g.srcW, max(1, int(math.Round(float64(g.srcH)*card))))
			x := (g.srcW - w) / 2
			g.crop = image.Rect(x, 0, x+w, g.srcH)
		} else {
			h := min(g.srcH, max(1, int(math.Round(float64(g.srcW)/card))))
			y := (g.srcH - h) / 2
			g.crop = image.Rect(0, y, g.srcW, y+h)
		}
	}
	cw, ch := g.crop.Dx(), g.crop.Dy()
	g.sourceDPI = min(float64(cw)/(spec.TrimW/25.4), float64(ch)/(spec.TrimH/25.4))

	// The trim has the same pixels with or without bleed; the bleed takes
	// what the rounding of the whole leaves, the odd pixel on the right
	// or at the bottom.
	g.outW = artPixels(spec.TrimW+2*spec.Bleed, spec.DPI)
	g.outH = artPixels(spec.TrimH+2*spec.Bleed, spec.DPI)
	g.trimW = min(max(1, artPixels(spec.TrimW, spec.DPI)), g.outW)
	g.trimH = min(max(1, artPixels(spec.TrimH, spec.DPI)), g.outH)
	if cw < g.trimW || ch < g.trimH {
		// Too few pixels: keep them as they are rather than invent more,
		// and give the bleed the same resolution.
		g.trimW, g.trimH = cw, ch
		g.outW = cw + 2*int(math.Round(spec.Bleed*float64(cw)/spec.TrimW))
		g.outH = ch + 2*int(math.Round(spec.Bleed*float64(ch)/spec.TrimH))
	}
	g.bleedX, g.bleedY = (g.outW-g.trimW)/2, (g.outH-g.trimH)/2
	g.scale = artDecodeScale(src, g)
	return g
}

// artMaxScale is the largest denominator artDecodeScale may choose; tests
// set it to 1 to compare with full decoding.
var artMaxScale = 8

// artDecodeScale is the denominator (1, 2, 4 or 8) of the scale at which
// src is decoded: a YCbCr or grey JPEG with at least 2 (4, 8) times the
// pixels the trim needs in both directions is decoded at 1/2 (1/4, 1/8) of
// its size by a reduced inverse DCT (third_party/jpeg's DecodeScaled),
// which takes the place of as much of the box shrink in artResample and
// spares decoding and resampling pixels that the box would average away.
// Other art is decoded whole.
func artDecodeScale(src *artSource, g artGeometry) int {
	if src.format != "jpeg" || (src.cfg.ColorModel != color.YCbCrModel && src.cfg.ColorModel != color.GrayModel) {
		return 1
	}
	k := min(g.crop.Dx()/g.trimW, g.crop.Dy()/g.trimH, artMaxScale)
	for _, d := range []int{8, 4, 2} {
		if k >= d {
			return d
		}
	}
	return 1
}

// passthrough returns what to embed of src when it can be embedded without
// decoding it: a whole JPEG that gofpdf embeds (8-bit, Huffman-coded, grey
// or YCbCr), upright, with the card's shape, no bleed asked for and no more
// pixels than the target. What is embedded stops at the end-of-image marker
// and leaves out the metadata segments (see jpegEmbed).
func (src *artSource) passthrough(spec ImageSpec, g artGeometry) ([]byte, bool) {
	if src.format != "jpeg" ||
		(src.cfg.ColorModel != color.YCbCrModel && src.cfg.ColorModel != color.GrayModel) ||
		g.orient != 1 || spec.Bleed != 0 ||
		g.crop != image.Rect(0, 0, g.srcW, g.srcH) ||
		g.srcW > g.outW || g.srcH > g.outH {
		return nil, false
	}
	data, err := jpegEmbed(src.data)
	if err != nil {
		return nil, false
	}
	if len(data) < len(src.data) {
		data = append(make([]byte, 0, len(data)), data...) // let the rest of the file go
	}
	return data, true
}

// prepareArt turns src into a PreparedImage for spec: passed through, read
// from the cache, or decoded and processed (and then cached).
func prepareArt(spec ImageSpec, src *artSource, key, cacheDir string, budget *artBudget) (*PreparedImage, error) {
	g := src.geometry(spec)
	if data, ok := src.passthrough(spec, g); ok {
		return &PreparedImage{
			Data: data, Type: "jpg", W: g.srcW, H: g.srcH,
			SourceDPI: g.sourceDPI, Passthrough: true, Key: key,
		}, nil
	}
	rebuilt := false
	if cacheDir != "" {
		p, err := readArtCache(cacheDir, key)
		if p != nil {
			return p, nil
		}
		if err != nil {
			os.Remove(artCachePath(cacheDir, key)) // rewritten below
			rebuilt = true
		}
	}
	// The orientation is known now: an image turned upright is copied.
	if err := src.checkDecoded(g.orient); err != nil {
		return nil, err
	}
	n := src.decodedBytes(g.orient)
	budget.acquire(n)
	data, typ, err := processArt(src, g)
	budget.release(n)
	if err != nil {
		return nil, err
	}
	p := &PreparedImage{Data: data, Type: typ, W: g.outW, H: g.outH, SourceDPI: g.sourceDPI, Key: key, CacheRebuilt: rebuilt}
	if cacheDir != "" {
		writeArtCache(cacheDir, p) // best effort: a cache that cannot be written is no error
	}
	return p, nil
}

// processArt decodes src and makes the output image, encoded.
func processArt(src *artSource, g artGeometry) (data []byte, typ string, err error) {
	img, err := decodeArt(src, g.scale)
	if err != nil {
		return nil, "", err
	}
	src.data = nil // the encoded bytes are no longer needed; let them go early
	if src.format == "webp" {
		fullRange(img)
	}
	if g.orient != 1 {
		img = orientArt(img, g.orient)
	}
	var out image.Image
	switch m := img.(type) {
	case *image.YCbCr:
		if m.Rect.Min != (image.Point{}) {
			out = artRGBA(m, g)
			break
		}
		out = artYCbCr(m, g)
	case *image.Gray:
		if m.Rect.Min != (image.Point{}) {
			out = artRGBA(m, g)
			break
		}
		y := artResample(artPlane{pix: m.Pix, stride: m.Stride, w: m.Rect.Dx(), h: m.Rect.Dy(), ch: 1}, g, 1, 1, 1)
		out = &image.Gray{Pix: y.pix, Stride: y.stride, Rect: image.Rect(0, 0, y.w, y.h)}
	default:
		out = artRGBA(img, g)
	}
	img = nil
	var buf bytes.Buffer
	if n, ok := out.(*image.NRGBA); ok {
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		err, typ = enc.Encode(&buf, n), "png"
	} else {
		err, typ = jpeg.Encode(&buf, out, &jpeg.Options{Quality: artQuality}), "jpg"
	}
	if err != nil {
		return nil, "", fmt.Errorf("encode %s: %w", typ, err)
	}
	return buf.Bytes(), typ, nil
}

// decodeArt decodes src at 1/scale of its size (scale > 1 for JPEGs only,
// see artDecodeScale), turning a decoder panic on malformed input into an
// error.
func decodeArt(src *artSource, scale int) (img image.Image, err error) {
	defer func() {
		if p := recover(); p != nil {
			img, err = nil, fmt.Errorf("corrupt %s image: decoder failed: %v", src.format, p)
		}
	}()
	if src.format == "jpeg" {
		// third_party/jpeg decodes what image/jpeg decodes, faster
		// (its fast Huffman path), and at a scale.
		img, err = scaledjpeg.DecodeScaled(bytes.NewReader(src.data), scale)
	} else {
		img, _, err = image.Decode(bytes.NewReader(src.data))
	}
	if errors.Is(err, scaledjpeg.ErrTooManyScans) {
		return nil, fmt.Errorf("JPEG of more than %d progressive scans, refused: such files can take minutes to decode (save it again as a baseline or ordinary progressive JPEG)", scaledjpeg.MaxProgressiveScans)
	}
	if err != nil {
		return nil, fmt.Errorf("corrupt %s image: %w", src.format, err)
	}
	if src.format == "gif" && img.Bounds() != image.Rect(0, 0, src.cfg.Width, src.cfg.Height) {
		// The first frame of a GIF may cover only part of its screen.
		canvas := image.NewNRGBA(image.Rect(0, 0, src.cfg.Width, src.cfg.Height))
		draw.Draw(canvas, img.Bounds(), img, img.Bounds().Min, draw.Src)
		img = canvas
	}
	if b := img.Bounds(); b != image.Rect(0, 0, (src.cfg.Width+scale-1)/scale, (src.cfg.Height+scale-1)/scale) {
		return nil, fmt.Errorf("corrupt %s image: header says %d×%d pixels, image has %d×%d at 1/%d",
			src.format, src.cfg.Width, src.cfg.Height, b.Dx(), b.Dy(), scale)
	}
	return img, nil
}

// fullRange turns the limited-range ("video") YCbCr samples of a lossy
// WebP image, which golang.org/x/image/webp hands over as they are, into
// the full-range samples image.YCbCr stands for, in place. Without it
// blacks come out grey and whites dull (golang/go#40173).
func fullRange(img image.Image) {
	var m *image.YCbCr
	switch t := img.(type) {
	case *image.YCbCr:
		m = t
	case *image.NYCbCrA:
		m = &t.YCbCr
	default:
		return
	}
	var luma, chroma [256]uint8
	for i := range 256 {
		luma[i] = uint8(min(max(math.Round(float64(i-16)*255/219), 0), 255))
		chroma[i] = uint8(min(max(math.Round(float64(i-128)*255/224+128), 0), 255))
	}
	for i, v := range m.Y {
		m.Y[i] = luma[v]
	}
	for i, v := range m.Cb {
		m.Cb[i] = chroma[v]
	}
	for i, v := range m.Cr {
		m.Cr[i] = chroma[v]
	}
}

// orientArt turns img upright according to its EXIF orientation.
func orientArt(img image.Image, orient int) image.Image {
	switch orient {
	case 2:
		return imaging.FlipH(img)
	case 3:
		return imaging.Rotate180(img)
	case 4:
		return imaging.FlipV(img)
	case 5:
		return imaging.Transpose(img)
	case 6:
		return imaging.Rotate270(img)
	case 7:
		return imaging.Transverse(img)
	case 8:
		return imaging.Rotate90(img)
	}
	return img
}

// artYCbCr resamples each plane of m: luma to the output size, chroma to
// half of it (4:2:0, which is what the JPEG encoder writes), so colours are
// never converted to RGB and back.
func artYCbCr(m *image.YCbCr, g artGeometry) *image.YCbCr {
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
	w, h := m.Rect.Dx(), m.Rect.Dy()
	cw, ch := (w+sx-1)/sx, (h+sy-1)/sy
	y := artResample(artPlane{pix: m.Y, stride: m.YStride, w: w, h: h, ch: 1}, g, 1, 1, 1)
	cb := artResample(artPlane{pix: m.Cb, stride: m.CStride, w: cw, h: ch, ch: 1}, g, sx, sy, 2)
	cr := artResample(artPlane{pix: m.Cr, stride: m.CStride, w: cw, h: ch, ch: 1}, g, sx, sy, 2)
	return &image.YCbCr{
		Y: y.pix, Cb: cb.pix, Cr: cr.pix,
		YStride: y.stride, CStride: cb.stride,
		SubsampleRatio: image.YCbCrSubsampleRatio420,
		Rect:           image.Rect(0, 0, y.w, y.h),
	}
}

// artRGBA resamples any other image as premultiplied RGBA. It returns an
// *image.RGBA when the result is opaque, and an *image.NRGBA (for PNG) when
// it has transparency.
func artRGBA(img image.Image, g artGeometry) image.Image {
	if g.scale > 1 { // the crop in the scaled image's pixels
		c, d := g.crop, g.scale
		g.crop = image.Rect(c.Min.X/d, c.Min.Y/d, (c.Max.X+d-1)/d, (c.Max.Y+d-1)/d)
		g.scale = 1
	}
	var p artPlane
	switch m := img.(type) {
	case *image.RGBA:
		s := m.SubImage(g.crop.Add(m.Rect.Min)).(*image.RGBA)
		p = artPlane{pix: s.Pix, stride: s.Stride, w: s.Rect.Dx(), h: s.Rect.Dy(), ch: 4}
	default:
		var n *image.NRGBA
		if m, ok := img.(*image.NRGBA); ok {
			n = m.SubImage(g.crop.Add(m.Rect.Min)).(*image.NRGBA) // ours to change
		} else {
			n = imaging.Crop(img, g.crop.Add(img.Bounds().Min))
		}
		p = artPlane{pix: n.Pix, stride: n.Stride, w: n.Rect.Dx(), h: n.Rect.Dy(), ch: 4}
		premultiply(p)
	}
	// The plane already is the crop: resample it whole.
	g.crop = image.Rect(0, 0, p.w, p.h)
	out := artResample(p, g, 1, 1, 1)
	if opaque(out) {
		return &image.RGBA{Pix: out.pix, Stride: out.stride, Rect: image.Rect(0, 0, out.w, out.h)}
	}
	unpremultiply(out)
	return &image.NRGBA{Pix: out.pix, Stride: out.stride, Rect: image.Rect(0, 0, out.w, out.h)}
}

// premultiply turns non-premultiplied RGBA samples into premultiplied ones,
// in place, so that resampling does not bleed the colour of transparent
// pixels into visible ones.
func premultiply(p artPlane) {
	for y := range p.h {
		row := p.pix[y*p.stride:][: 4*p.w : 4*p.w]
		for x := 0; x+3 < len(row); x += 4 {
			a := uint32(row[x+3])
			if a == 255 {
				continue
			}
			row[x] = uint8((uint32(row[x])*a + 127) / 255)
			row[x+1] = uint8((uint32(row[x+1])*a + 127) / 255)
			row[x+2] = uint8((uint32(row[x+2])*a + 127) / 255)
		}
	}
}

// unpremultiply undoes premultiply, in place.
func unpremultiply(p artPlane) {
	for y := range p.h {
		row := p.pix[y*p.stride:][: 4*p.w : 4*p.w]
		for x := 0; x+3 < len(row); x += 4 {
			a := uint32(row[x+3])
			switch a {
			case 255:
			case 0:
				row[x], row[x+1], row[x+2] = 0, 0, 0
			default:
				row[x] = uint8(min(255, (uint32(row[x])*255+a/2)/a))
				row[x+1] = uint8(min(255, (uint32(row[x+1])*255+a/2)/a))
				row[x+2] = uint8(min(255, (uint32(row[x+2])*255+a/2)/a))
			}
		}
	}
}

// opaque tells whether every alpha sample of the RGBA plane p is 255.
func opaque(p artPlane) bool {
	for y := range p.h {
		row := p.pix[y*p.stride:][: 4*p.w : 4*p.w]
		for x := 3; x < len(row); x += 4 {
			if row[x] != 255 {
				return false
			}
		}
	}
	return true
}

// artPlane is a rectangle of 8-bit samples, ch of them (1 or 4)
// interleaved per pixel, starting at pix[0].
type artPlane struct {
	pix      []uint8
	stride   int // bytes from one row to the next
	w, h, ch int
}

// artResample makes one output plane from the source plane p, following g.
// p covers the whole source image, subsampled by sx×sy (chroma planes) and
// by g.scale (the scale it was decoded at); the
// output is subsampled by f in both directions (2 for 4:2:0 chroma). It
// crops, shrinks by an integer box filter to between 1 and 2 times the
// output size, resamples with artFilter and extends the edges into the
// bleed, the last two in a single pass: a bleed pixel has the weights of the
// trim pixel next to it.
func artResample(p artPlane, g artGeometry, sx, sy, f int) artPlane {
	sx, sy = sx*g.scale, sy*g.scale
	// The crop in this plane's coordinates.
	x0, x1 := float64(g.crop.Min.X)/float64(sx), float64(g.crop.Max.X)/float64(sx)
	y0, y1 := float64(g.crop.Min.Y)/float64(sy), float64(g.crop.Max.Y)/float64(sy)
	// The box factor is the same for every plane, from the luma.
	k := max(1, min(g.crop.Dx()/(g.trimW*g.scale), g.crop.Dy()/(g.trimH*g.scale)))
	// Box-shrink only the rows and columns the crop touches.
	bx0, by0 := int(math.Floor(x0)), int(math.Floor(y0))
	bx1, by1 := min(p.w, int(math.Ceil(x1))), min(p.h, int(math.Ceil(y1)))
	sub := artPlane{
		pix:    p.pix[by0*p.stride+bx0*p.ch:],
		stride: p.stride, w: bx1 - bx0, h: by1 - by0, ch: p.ch,
	}
	if k > 1 {
		sub = boxShrink(sub, k)
	}
	scale := 1 / float64(k)
	outW, outH := (g.outW+f-1)/f, (g.outH+f-1)/f
	xt := artTaps(outW, f, g.bleedX, g.trimW, (x0-float64(bx0))*scale, (x1-x0)*scale, sub.w)
	yt := artTaps(outH, f, g.bleedY, g.trimH, (y0-float64(by0))*scale, (y1-y0)*scale, sub.h)
	return convolve(sub, xt, yt)
}

// boxShrink averages each k×k block of p (the last row and column of
// blocks may be smaller).
func boxShrink(p artPlane, k int) artPlane {
	ow, oh, ch := (p.w+k-1)/k, (p.h+k-1)/k, p.ch
	out := artPlane{pix: make([]uint8, ow*oh*ch), stride: ow * ch, w: ow, h: oh, ch: ch}
	acc := make([]uint32, p.w*ch) // column sums of one row of blocks
	for oy := range oh {
		clear(acc)
		rows := min(k, p.h-oy*k)
		for r := range rows {
			row := p.pix[(oy*k+r)*p.stride:][:len(acc):len(acc)]
			for x, v := range row {
				acc[x] += uint32(v)
			}
		}
		dst := out.pix[oy*out.stride:][: ow*ch : ow*ch]
		ox := 0
		if ch == 1 && k == 2 && rows == 2 {
			for ; ox < p.w/2; ox++ {
				s := acc[2*ox:][:2:2]
				dst[ox] = uint8((s[0] + s[1] + 2) >> 2)
			}
		}
		for ; ox < ow; ox++ {
			cols := min(k, p.w-ox*k)
			n := uint32(rows * cols)
			blk := acc[ox*k*ch:][: cols*ch : cols*ch]
			for c := range ch {
				var s uint32
				for i := c; i < len(blk); i += ch {
					s += blk[i]
				}
				dst[ox*ch+c] = uint8((s + n/2) / n)
			}
		}
	}
	return out
}

// Fixed-point precision of the resampler: weights are scaled by 1<<14 and
// the intermediate rows keep 7 bits below the 8-bit sample.
const (
	artWeightBits = 14
	artMidBits    = 7
)

// artTapTable holds, for every output sample, the first source sample it
// reads and n weights (zero-padded), in fixed point.
type artTapTable struct {
	start []int
	n     int
	w     []int32
}

// artTaps makes the weights of one axis. The output has out samples, each f
// output pixels wide; bleed and trim are in output pixels; the trim maps to
// source coordinates [src0, src0+srcLen) of a plane srcN samples long.
func artTaps(out, f, bleed, trim int, src0, srcLen float64, srcN int) artTapTable {
	step := srcLen / float64(trim)    // source samples per output pixel
	fs := max(1, step*float64(f))     // filter scale: source samples per output sample
	support := artFilter.Support * fs // radius in source samples
	wide := min(srcN, int(math.Ceil(2*support))+2)
	starts := make([]int, out)
	all := make([]float64, out*wide)
	half := float64(f) / 2
	n := 1 // the widest span of non-zero weights
	for j := range out {
		// The centre of output sample j in trim pixels, held inside the
		// trim so that bleed samples repeat the edge.
		u := (float64(j)+0.5)*float64(f) - float64(bleed)
		if float64(trim) >= 2*half {
			u = min(max(u, half), float64(trim)-half)
		} else {
			u = float64(trim) / 2
		}
		c := src0 + u*step // centre in source coordinates
		lo := int(math.Floor(c - support))
		hi := int(math.Ceil(c + support))
		start := min(max(lo, 0), srcN-wide)
		ws := all[j*wide : (j+1)*wide]
		var sum float64
		for i := lo; i <= hi; i++ {
			wt := artFilter.Kernel((float64(i) + 0.5 - c) / fs)
			// Samples beyond the plane repeat its edge.
			idx := min(max(i, 0), srcN-1) - start
			if wt == 0 || idx < 0 || idx >= wide {
				continue // idx is always inside: the window holds every tap
			}
			ws[idx] += wt
			sum += wt
		}
		if sum == 0 { // cannot happen with artFilter: take the nearest sample
			ws[min(max(int(c)-start, 0), wide-1)] = 1
			sum = 1
		}
		first, last := wide, -1
		for i, wt := range ws {
			ws[i] = wt / sum
			if wt != 0 {
				first, last = min(first, i), i
			}
		}
		starts[j] = start
		n = max(n, last-first+1)
	}
	// Repack with n weights per sample, the first at start.
	t := artTapTable{start: make([]int, out), n: n, w: make([]int32, out*n)}
	for j := range out {
		ws := all[j*wide : (j+1)*wide]
		first := 0
		for first < wide-1 && ws[first] == 0 {
			first++
		}
		start := min(starts[j]+first, srcN-n)
		t.start[j] = start
		dst := t.w[j*n : (j+1)*n]
		var total, big int32
		for i := range dst {
			if k := start - starts[j] + i; k >= 0 && k < wide {
				dst[i] = int32(math.Round(ws[k] * (1 << artWeightBits)))
			}
			total += dst[i]
			if dst[i] > dst[big] {
				big = int32(i)
			}
		}
		dst[big] += 1<<artWeightBits - total
	}
	return t
}

// convolve resamples p: along columns with yt, then along rows with xt.
func convolve(p artPlane, xt, yt artTapTable) artPlane {
	ow, oh, ch := len(xt.start), len(yt.start), p.ch
	// Source columns that some output column reads.
	c0, c1 := p.w, 0
	for _, s := range xt.start {
		c0, c1 = min(c0, s), max(c1, s+xt.n)
	}
	midLen := (c1 - c0) * ch
	mid := make([]int32, oh*midLen)
	const (
		midShift = artWeightBits - artMidBits
		midRound = 1 << (midShift - 1)
	)
	for i, s := range yt.start {
		acc := mid[i*midLen:][:midLen:midLen]
		ws := yt.w[i*yt.n : (i+1)*yt.n]
		t := 0
		for ; t+1 < len(ws); t += 2 { // two source rows at a time
			w0, w1 := ws[t], ws[t+1]
			r0 := p.pix[(s+t)*p.stride+c0*ch:][:len(acc):len(acc)]
			r1 := p.pix[(s+t+1)*p.stride+c0*ch:][:len(acc):len(acc)]
			for x := range acc {
				acc[x] += int32(r0[x])*w0 + int32(r1[x])*w1
			}
		}
		if t < len(ws) {
			w0 := ws[t]
			r0 := p.pix[(s+t)*p.stride+c0*ch:][:len(acc):len(acc)]
			for x := range acc {
				acc[x] += int32(r0[x]) * w0
			}
		}
		for x, v := range acc {
			acc[x] = (v + midRound) >> midShift
		}
	}
	rowLen := ow * ch
	out := artPlane{pix: make([]uint8, oh*rowLen), stride: rowLen, w: ow, h: oh, ch: ch}
	const (
		shift = artWeightBits + artMidBits
		round = 1 << (shift - 1)
	)
	clamp := func(v int32) uint8 { return uint8(min(max((v+round)>>shift, 0), 255)) }
	for i := range oh {
		src := mid[i*midLen:][:midLen:midLen]
		dst := out.pix[i*rowLen:][:rowLen:rowLen]
		if ch == 1 {
			for j, s := range xt.start {
				ws := xt.w[j*xt.n:][:xt.n:xt.n]
				in := src[s-c0:][:len(ws)]
				var sum int32
				for k, wt := range ws {
					sum += in[k] * wt
				}
				dst[j] = clamp(sum)
			}
			continue
		}
		for j, s := range xt.start {
			ws := xt.w[j*xt.n:][:xt.n:xt.n]
			in := src[(s-c0)*ch:][: len(ws)*ch : len(ws)*ch]
			var s0, s1, s2, s3 int32
			for k, wt := range ws {
				px := in[k*ch:][:4:4]
				s0 += px[0] * wt
				s1 += px[1] * wt
				s2 += px[2] * wt
				s3 += px[3] * wt
			}
			d := dst[j*4:][:4:4]
			d[0], d[1], d[2], d[3] = clamp(s0), clamp(s1), clamp(s2), clamp(s3)
		}
	}
	if ch == 4 {
		// Premultiplied colour cannot exceed alpha; ringing can make it.
		for x := 0; x+3 < len(out.pix); x += 4 {
			a := out.pix[x+3]
			out.pix[x] = min(out.pix[x], a)
			out.pix[x+1] = min(out.pix[x+1], a)
			out.pix[x+2] = min(out.pix[x+2], a)
		}
	}
	return out
}

// artBudget bounds the bytes of decoded images held at once over all
// workers, so that a few huge images are decoded one at a time.
type artBudget struct {
	mu    sync.Mutex
	cond  *sync.Cond
	free  int64
	total int64
}

func newArtBudget(total int64) *artBudget {
	b := &artBudget{free: total, total: total}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// acquire waits until n bytes (at most the whole budget) are free and
// takes them.
func (b *artBudget) acquire(n int64) {
	n = min(n, b.total)
	b.mu.Lock()
	for b.free < n {
		b.cond.Wait()
	}
	b.free -= n
	b.mu.Unlock()
}

// release gives back what acquire(n) took.
func (b *artBudget) release(n int64) {
	n = min(n, b.total)
	b.mu.Lock()
	b.free += n
	b.mu.Unlock()
	b.cond.Broadcast()
}

// jpegOrientation returns the EXIF orientation (1 to 8) of a JPEG file, or
// 1 when it has none or it cannot be read.
func jpegOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xff || data[1] != 0xd8 {
		return 1
	}
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xff {
			return 1
		}
		marker := data[i+1]
		if marker == 0xff { // fill byte
			i++
			continue
		}
		if marker == 0xda || marker == 0xd9 { // start of scan, end of image
			return 1
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xe1 && len(seg) > 6 && string(seg[:6]) == "Exif\x00\x00" {
			return exifOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// exifOrientation reads tag 0x0112 of the first IFD of a TIFF structure.
func exifOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	off := int(bo.Uint32(t[4:]))
	if off < 8 || off+2 > len(t) {
		return 1
	}
	count := int(bo.Uint16(t[off:]))
	for e := range count {
		p := off + 2 + 12*e
		if p+12 > len(t) {
			return 1
		}
		if bo.Uint16(t[p:]) == 0x0112 && bo.Uint16(t[p+2:]) == 3 { // SHORT
			if v := int(bo.Uint16(t[p+8:])); v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}

// The disk cache holds one file per key, named KEY.art: a header, then the
// image bytes. The header is the magic artCacheMagic, the type (1 byte: 'j'
// or 'p'), W and H (uint32 each), SourceDPI (float64 bits), all big-endian,
// and the SHA-256 of everything else in the file: magic, the header fields
// before it and the image bytes. A file whose checksum does not match (one
// flipped bit anywhere) or whose fields make no sense is damaged: it is
// removed and the art prepared again.
const (
	artCacheMagic  = "dwart\x00\x02\n"
	artCacheFields = len(artCacheMagic) + 1 + 4 + 4 + 8
	artCacheHeader = artCacheFields + sha256.Size
)

func artCachePath(dir, key string) string { return filepath.Join(dir, key+".art") }

// artCacheSum is the checksum of a cache file: of its header fields (with
// the magic) and its image bytes.
func artCacheSum(fields, data []byte) []byte {
	h := sha256.New()
	h.Write(fields)
	h.Write(data)
	return h.Sum(nil)
}

// errArtCacheDamaged reports a cache file that is there but cannot be
// trusted.
var errArtCacheDamaged = errors.New("damaged art cache entry")

// readArtCache returns the cached image for key; nil and no error when
// there is none, nil and errArtCacheDamaged when the file is damaged.
func readArtCache(dir, key string) (*PreparedImage, error) {
	b, err := os.ReadFile(artCachePath(dir, key))
	if err != nil {
		return nil, nil
	}
	if len(b) < artCacheHeader || string(b[:len(artCacheMagic)]) != artCacheMagic {
		return nil, errArtCacheDamaged
	}
	fields, data := b[:artCacheFields], b[artCacheHeader:]
	if !bytes.Equal(artCacheSum(fields, data), b[artCacheFields:artCacheHeader]) {
		return nil, errArtCacheDamaged
	}
	h := fields[len(artCacheMagic):]
	p := &PreparedImage{
		Data:      data,
		W:         int(binary.BigEndian.Uint32(h[1:])),
		H:         int(binary.BigEndian.Uint32(h[5:])),
		SourceDPI: math.Float64frombits(binary.BigEndian.Uint64(h[9:])),
		Cached:    true,
		Key:       key,
	}
	switch h[0] {
	case 'j':
		p.Type = "jpg"
	case 'p':
		p.Type = "png"
	default:
		return nil, errArtCacheDamaged
	}
	if p.W <= 0 || p.H <= 0 || math.IsNaN(p.SourceDPI) || p.SourceDPI < 0 {
		return nil, errArtCacheDamaged
	}
	return p, nil
}

// writeArtCache stores p under its key, atomically: a reader sees the
// whole file or none.
func writeArtCache(dir string, p *PreparedImage) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	h := make([]byte, artCacheHeader)
	copy(h, artCacheMagic)
	m := h[len(artCacheMagic):]
	m[0] = p.Type[0]
	binary.BigEndian.PutUint32(m[1:], uint32(p.W))
	binary.BigEndian.PutUint32(m[5:], uint32(p.H))
	binary.BigEndian.PutUint64(m[9:], math.Float64bits(p.SourceDPI))
	copy(h[artCacheFields:], artCacheSum(h[:artCacheFields], p.Data))
	f, err := os.CreateTemp(dir, p.Key+".tmp*")
	if err != nil {
		return err
	}
	_, err = f.Write(h)
	if err == nil {
		_, err = f.Write(p.Data)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), artCachePath(dir, p.Key))
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}
