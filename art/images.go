package art

import (
	"context"
	"errors"
	"fmt"
	_ "image/gif" // GIF art
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/disintegration/imaging"

	"github.com/deckwright/deckwright/internal/safefile"

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
	src, err := guard(func() (*artSource, error) { return readArt(spec, r.budget) })
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

	res, err := guard(func() (*PreparedImage, error) { return prepareArt(spec, src, key, r.opts.CacheDir, r.budget) })
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
		// A path out of the game folder is no failure to open: say
		// where it leads, not "open: ...".
		var out *safefile.OutsideError
		if errors.As(err, &out) {
			err = out
		}
		r.errs[i] = fmt.Errorf("art %q: %w", r.specs[i].Path, err)
	} else {
		r.results[i] = res
	}
	r.done++
	if r.opts.Progress != nil {
		r.opts.Progress(r.done, len(r.specs))
	}
}

// processBudgeted is processArt within the memory budget: the bytes its
// header says it takes are held while it runs, and given back however it
// ends (a decoder's panic too, on its way to guard).
func processBudgeted(src *artSource, g artGeometry, budget *artBudget) ([]byte, string, error) {
	n := src.decodedBytes(g.orient)
	budget.acquire(n)
	defer budget.release(n)
	return processArt(src, g)
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
	data, typ, err := processBudgeted(src, g, budget)
	if err != nil {
		return nil, err
	}
	p := &PreparedImage{Data: data, Type: typ, W: g.outW, H: g.outH, SourceDPI: g.sourceDPI, Key: key, CacheRebuilt: rebuilt}
	if cacheDir != "" {
		writeArtCache(cacheDir, p) // best effort: a cache that cannot be written is no error
	}
	return p, nil
}
