package pnp

import (
	"context"
	"image"
	"os"
	"runtime"
	"slices"
	"sync"
)

// A page is read more than once in one import: guessing the layout reads
// the first pages (and the last two), the import then reads every page,
// and a page cut short is read again on the grid of a fuller one. Before,
// each reading rendered the page again with pdftoppm, which is a third
// to two thirds of an import's time. Now each page is rendered once:
//
//   - what a page's reading found that does not depend on anything but
//     the page (its PDF description, its card images, the grids searched
//     for on it) is kept for the whole import (pageMemo);
//   - its raster is kept in memory while it is one of the last pages read
//     (importer.recent), and written to a scratch file (spill) to be read
//     back, not rendered again, when it is needed after that;
//   - while one page is read, the next pages of the import are rendered
//     beside it (prefetch): pdftoppm is a process of its own, so its time
//     overlaps the reading's.

// spillMax bounds, in bytes, the rasters written to an import's scratch
// file; a page past it is rendered again when read again.
var spillMax int64 = 768 << 20

// pageMemo is what is known of one page of the PDF for the whole import.
type pageMemo struct {
	// src is the page without its raster (src.raster is nil); each load
	// hands out a copy with the raster, so a caller holding an older copy
	// keeps its raster however many pages are read after it. src.grids is
	// shared by the copies: the grids found on the page do not change.
	src source
	// render is the page's rendering under way beside the reading, nil
	// when none is.
	render *rendering
	// spilled says the raster lies in the import's scratch file at off.
	spilled bool
	off     int64
	rect    image.Rectangle
	stride  int
}

// rendering is a page being rendered on a goroutine of its own.
type rendering struct {
	done chan struct{}
	img  *image.NRGBA
	reg  bool // the raster held registration marks, now blanked
	err  error
}

// spill is an import's scratch file of rasters. It is removed as soon as
// it is made where the system allows (the file lives on while open), and
// in any case when the import closes it. Its zero value is ready.
type spill struct {
	mu   sync.Mutex
	f    *os.File
	size int64
	dead bool // could not be made or written, or closed: not tried again
}

// put writes img's pixels to the file and reports where; ok is false when
// the file is full or cannot be written.
func (sp *spill) put(img *image.NRGBA) (off int64, ok bool) {
	n := int64(len(img.Pix))
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.dead || sp.size+n > spillMax {
		return 0, false
	}
	if sp.f == nil {
		f, err := os.CreateTemp("", "deckwright-pages-*")
		if err != nil {
			sp.dead = true
			return 0, false
		}
		os.Remove(f.Name()) // fails where open files cannot be removed; close does it
		sp.f = f
	}
	if _, err := sp.f.WriteAt(img.Pix, sp.size); err != nil {
		sp.dead = true
		return 0, false
	}
	off = sp.size
	sp.size += n
	return off, true
}

// get reads back a raster put at off.
func (sp *spill) get(off int64, r image.Rectangle, stride int) (*image.NRGBA, bool) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.f == nil || sp.dead {
		return nil, false
	}
	img := &image.NRGBA{Pix: make([]byte, stride*r.Dy()), Stride: stride, Rect: r}
	if _, err := sp.f.ReadAt(img.Pix, off); err != nil {
		return nil, false
	}
	return img, true
}

// close removes the scratch file.
func (sp *spill) close() {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.f != nil {
		sp.f.Close()
		os.Remove(sp.f.Name())
		sp.f = nil
	}
	sp.dead = true
}

// memo prepares page nr: its PDF description and card images, read once.
func (im *importer) memo(nr int) (*pageMemo, error) {
	if m := im.memos[nr]; m != nil {
		return m, nil
	}
	s, err := im.describe(nr)
	if err != nil {
		return nil, err
	}
	s.grids = map[gridKey]gridFound{}
	m := &pageMemo{src: *s}
	if im.memos == nil {
		im.memos = map[int]*pageMemo{}
	}
	im.memos[nr] = m
	return m, nil
}

// raster gives page m's raster: the one rendered beside the reading, the
// one in the scratch file, or a new rendering.
func (im *importer) raster(m *pageMemo) (*image.NRGBA, bool, error) {
	if r := m.render; r != nil {
		select {
		case <-r.done:
		case <-im.ctx.Done():
			return nil, false, im.ctx.Err()
		}
		m.render = nil
		im.kept(m, r.img, r.reg)
		return r.img, r.reg, r.err
	}
	if m.spilled {
		if img, ok := im.spill.get(m.off, m.rect, m.stride); ok {
			return img, m.src.registration, nil
		}
		m.spilled = false
	}
	img, reg, err := im.render(&m.src)
	if err == nil {
		im.kept(m, img, reg)
	}
	return img, reg, err
}

// kept writes a page's new raster to the scratch file, to be read back
// when the page is read again.
func (im *importer) kept(m *pageMemo, img *image.NRGBA, reg bool) {
	if img == nil || m.spilled {
		return
	}
	m.src.registration = reg
	if off, ok := im.spill.put(img); ok {
		m.spilled, m.off, m.rect, m.stride = true, off, img.Rect, img.Stride
	}
}

// render rasterizes page s at the working DPI; a page without card images
// is also deskewed and has its registration marks blanked. It reads only
// the page and the options, so it may run beside the reading.
func (im *importer) render(s *source) (*image.NRGBA, bool, error) {
	ctx := im.bg
	if ctx == nil {
		ctx = im.ctx
	}
	img, err := rasterize(ctx, im.f.path, s.p, im.opt.DPI, im.opt.rasterEnv)
	if err != nil {
		return nil, false, err
	}
	// pdftoppm rounds the page's size in pixels up, drawing its last row
	// and column in part: every reading sees the page as its mm size
	// at the DPI (see wholePx), without them.
	img = cropTo(img, s.wholePx())
	reg := false
	if len(s.cards) == 0 {
		img, _ = deskew(img, im.opt.DPI)
		if marks := findRegistration(img, im.opt.DPI); marks != nil {
			blankMarks(img, marks, im.opt.DPI)
			reg = true
		}
	}
	return img, reg, nil
}

// prefetchDepth is how many pages after the one being read are rendered
// beside it: pdftoppm takes as long over a page as the reading or longer,
// and one process at a time left a second core idle.
func prefetchDepth() int { return min(2, runtime.GOMAXPROCS(0)) }

// prefetchBytes bounds the rasters rendered ahead beyond the first: an A4
// page at 300 DPI is 35 MB, so two are rendered ahead, an A3 page 70 MB,
// so one is (two held 140 MB beside the page being read).
const prefetchBytes = 80 << 20

// prefetch starts rendering the pages read after nr (prefetchDepth of
// them, fewer where their rasters would pass prefetchBytes) that need
// rendering and are neither rendered nor being rendered.
func (im *importer) prefetch(nr int) {
	i := slices.Index(im.order, nr)
	if i < 0 || im.bg == nil || im.bg.Err() != nil {
		return
	}
	im.prefetchPages(im.order[i+1 : min(len(im.order), i+1+prefetchDepth())])
}

// prefetchPages starts rendering pages, in order, while their rasters
// stay within prefetchBytes (the first always).
func (im *importer) prefetchPages(pages []int) {
	var bytes int64
	for k, next := range pages {
		if m, err := im.memo(next); err == nil {
			px := m.src.wholePx()
			bytes += 4 * int64(px.Dx()) * int64(px.Dy())
		}
		if k > 0 && bytes > prefetchBytes {
			return
		}
		im.prefetchPage(next)
	}
}

func (im *importer) prefetchPage(next int) {
	if _, failed := im.failed[next]; failed {
		return
	}
	for _, s := range im.recent {
		if s.p.nr == next {
			return
		}
	}
	m, err := im.memo(next)
	if err != nil || m.src.native || m.render != nil || m.spilled {
		return // a page that cannot be described fails when it is read
	}
	r := &rendering{done: make(chan struct{})}
	m.render = r
	src := m.src
	im.wg.Go(func() {
		defer close(r.done)
		r.img, r.reg, r.err = im.render(&src)
	})
}

// startPages readies the importer to read pages in order (nil: no
// rendering ahead), and starts rendering the first of them.
func (im *importer) startPages(order []int) {
	im.order = order
	im.bg, im.stopBG = context.WithCancel(im.ctx)
	im.prefetchPages(order[:min(len(order), prefetchDepth())])
}

// close stops any rendering under way and removes the scratch file.
func (im *importer) close() {
	if im.stopBG != nil {
		im.stopBG()
	}
	im.wg.Wait()
	im.spill.close()
}

// cropTo returns img cut to r (from its top left) when img is larger, as
// an image of its own.
func cropTo(img *image.NRGBA, r image.Rectangle) *image.NRGBA {
	r = r.Intersect(img.Rect)
	if r == img.Rect || r.Empty() {
		return img
	}
	out := image.NewNRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	for y := 0; y < r.Dy(); y++ {
		copy(out.Pix[y*out.Stride:(y+1)*out.Stride], img.Pix[img.PixOffset(r.Min.X, r.Min.Y+y):])
	}
	return out
}
