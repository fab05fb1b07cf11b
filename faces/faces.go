package faces

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/png" // prepared art with transparency is PNG
	"math"
	"runtime"
	"sync"

	"github.com/deckwright/deckwright/art"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/render"
	"github.com/deckwright/deckwright/templates"
	scaledjpeg "github.com/deckwright/deckwright/third_party/jpeg"
	"github.com/disintegration/imaging"
)

// DefaultDPI is the resolution used when Options gives none.
const DefaultDPI = 300

// MaxPixels is the largest image Render makes, in pixels (a poker card
// at 2400 DPI is about 35 million): a bigger request is a mistake, and
// would take gigabytes.
const MaxPixels = 64_000_000

// Options says how to draw faces.
type Options struct {
	// DPI is the resolution at the printed size; 0 means DefaultDPI.
	DPI int
	// Pixels, when not zero, is the exact size of every image (trim plus
	// bleed); it overrides DPI, and x and y are scaled apart if the shape
	// differs from the card's. A landscape face gets it turned.
	Pixels image.Point
	// Bleed is the margin in mm added on every side of the trimmed card.
	Bleed float64
	// Card is the trimmed card size in its portrait orientation; zero
	// means the game's card size.
	Card cardsdb.Size
	// Templates draws text proxies; nil uses the bundled templates. It is
	// called from several goroutines at once (a *templates.Set may be).
	Templates render.TemplateSource
	// CacheDir and Workers tune the art pipeline (see
	// art.PrepareOptions).
	CacheDir string
	Workers  int
}

// Image is one face drawn.
type Image struct {
	Face  render.Face
	Image *image.NRGBA
	// Art reports that the face was drawn from its art; false for a face
	// drawn from its template.
	Art bool
	// Designed reports that a face without art was drawn from the user's
	// own template (templates.Face.Designed): a designed face, not a text
	// proxy.
	Designed bool
	// ArtErr is why the face's art could not be used (a text proxy was
	// drawn instead); nil when it has none or it was used.
	ArtErr error
	// SourceDPI is the art's own resolution at the printed size (0 for a
	// text proxy): art below render.MinDPI prints soft.
	SourceDPI float64
	// Warnings are the template's (text cut to fit, characters replaced).
	Warnings []templates.Warning

	prepared *art.PreparedImage // while Render runs
}

// bundled loads the bundled templates once.
var bundled = sync.OnceValues(templates.LoadBundled)

// TrimSize is the trimmed size of face f in its own orientation: card
// (zero: the game's card size) turned for a landscape face.
func TrimSize(f render.Face, card cardsdb.Size) cardsdb.Size {
	if !(card.W > 0 && card.H > 0) && f.Game != nil {
		card = f.Game.CardSize
	}
	if f.Landscape && card.H > card.W {
		card.W, card.H = card.H, card.W
	}
	return card
}

// PixelSize is the size of the image Render makes of face f.
func PixelSize(f render.Face, opts Options) image.Point {
	s := TrimSize(f, opts.Card)
	if opts.Pixels != (image.Point{}) {
		p := opts.Pixels
		if (s.W > s.H) != (p.X > p.Y) && p.X != p.Y {
			p.X, p.Y = p.Y, p.X
		}
		return p
	}
	dpi := opts.DPI
	if dpi <= 0 {
		dpi = DefaultDPI
	}
	px := func(mm float64) int { return int(math.Round(mm / 25.4 * float64(dpi))) }
	return image.Pt(px(s.W+2*opts.Bleed), px(s.H+2*opts.Bleed))
}

// key identifies what a face looks like: faces with equal keys are drawn
// once.
type key struct {
	game     *cardsdb.Game
	card     *cardsdb.Card
	second   bool
	image    string
	land     bool
	backType string
}

func faceKey(f render.Face) key {
	return key{f.Game, f.Card, f.Second, f.Image, f.Landscape, f.BackType}
}

// Render draws every face in fs, preparing their art in parallel. Equal
// faces (the same side of the same card) share one *Image. Art that
// cannot be read is no error: the face is drawn as a text proxy and
// Image.ArtErr says why. Render fails only for options that make no sense
// (a size of no pixels or over MaxPixels, a face of no size) or when ctx
// is cancelled.
func Render(ctx context.Context, fs []render.Face, opts Options) ([]*Image, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if opts.Bleed < 0 || math.IsNaN(opts.Bleed) || math.IsInf(opts.Bleed, 0) {
		return nil, fmt.Errorf("bleed %g mm: want 0 or more", opts.Bleed)
	}
	if opts.DPI < 0 || opts.DPI > 2400 {
		return nil, fmt.Errorf("resolution %d DPI: want 1 to 2400", opts.DPI)
	}
	if c := opts.Card; c != (cardsdb.Size{}) && !(c.W > 0 && c.H > 0 && c.W < 1000 && c.H < 1000) {
		return nil, fmt.Errorf("card size %gx%g mm: want a width and a height over 0 and under 1000", c.W, c.H)
	}
	src := opts.Templates
	if src == nil {
		set, err := bundled()
		if err != nil {
			return nil, fmt.Errorf("bundled templates: %w", err)
		}
		src = set
	}
	out := make([]*Image, len(fs))
	byKey := map[key]*Image{}
	var uniq []*Image
	for i, f := range fs {
		k := faceKey(f)
		if im := byKey[k]; im != nil {
			out[i] = im
			continue
		}
		trim := TrimSize(f, opts.Card)
		if !(trim.W > 0 && trim.H > 0) {
			return nil, fmt.Errorf("%s: the card has no size", f.Name())
		}
		p := PixelSize(f, opts)
		if p.X <= 0 || p.Y <= 0 || int64(p.X)*int64(p.Y) > MaxPixels {
			return nil, fmt.Errorf("%s: an image of %d×%d pixels: want at least 1×1 and at most %d million pixels", f.Name(), p.X, p.Y, MaxPixels/1_000_000)
		}
		im := &Image{Face: f}
		byKey[k], out[i] = im, im
		uniq = append(uniq, im)
	}

	// Art first, all at once, so that it is prepared in parallel.
	var specs []art.ImageSpec
	var withArt []*Image
	for _, im := range uniq {
		if im.Face.Image == "" {
			continue
		}
		trim := TrimSize(im.Face, opts.Card)
		p := PixelSize(im.Face, opts)
		// The DPI that gives at least the pixels asked for; the image is
		// brought to the exact size afterwards.
		dpi := int(math.Ceil(max(float64(p.X)/((trim.W+2*opts.Bleed)/25.4), float64(p.Y)/((trim.H+2*opts.Bleed)/25.4))))
		specs = append(specs, art.ImageSpec{FS: im.Face.FS, Path: im.Face.Image, TrimW: trim.W, TrimH: trim.H, Bleed: opts.Bleed, DPI: dpi})
		withArt = append(withArt, im)
	}
	if len(specs) > 0 {
		prepared, errs := art.PrepareImages(ctx, specs, art.PrepareOptions{Workers: opts.Workers, CacheDir: opts.CacheDir})
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for i, im := range withArt {
			im.ArtErr = errs[i]
			im.prepared = prepared[i]
		}
	}
	// Decoding the prepared art and drawing text proxies is as much work
	// again: one worker per core.
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	pics := pictures
	next := make(chan *Image)
	var wg sync.WaitGroup
	for range min(workers, len(uniq)) {
		wg.Go(func() {
			for im := range next {
				if p := im.prepared; p != nil && im.ArtErr == nil {
					img, err := decodePrepared(p, PixelSize(im.Face, opts))
					if err != nil {
						im.ArtErr = err
					} else {
						im.Image, im.Art, im.SourceDPI = img, true, p.SourceDPI
					}
				}
				im.prepared = nil
				drawFace(im, src, opts, pics)
			}
		})
	}
	for _, im := range uniq {
		if ctx.Err() != nil {
			break
		}
		next <- im
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// decodePrepared decodes prepared art and brings it to exactly size.
func decodePrepared(p *art.PreparedImage, size image.Point) (*image.NRGBA, error) {
	var img image.Image
	var err error
	if p.Type == "jpg" {
		img, err = scaledjpeg.Decode(bytes.NewReader(p.Data))
	} else {
		img, _, err = image.Decode(bytes.NewReader(p.Data))
	}
	if err != nil {
		return nil, fmt.Errorf("prepared art: %w", err)
	}
	b := img.Bounds()
	dx, dy := b.Dx()-size.X, b.Dy()-size.Y
	if dx < 0 || dy < 0 || dx > 2 || dy > 2 {
		return imaging.Resize(img, size.X, size.Y, imaging.CatmullRom), nil
	}
	// The art pipeline works at a whole DPI, so it may give a pixel or
	// two more than asked: the middle is kept rather than resampled again.
	at := b.Min.Add(image.Pt(dx/2, dy/2))
	return imaging.Crop(img, image.Rectangle{Min: at, Max: at.Add(size)}), nil
}

// drawFace draws im: the text proxy when it has no art, and the notice of
// a sample or provisional card over art.
func drawFace(im *Image, src render.TemplateSource, opts Options, pics *layerPics) {
	f := im.Face
	side := templates.Front
	if f.Second || f.Card == nil {
		side = templates.Back
	}
	trim := TrimSize(f, opts.Card)
	card := f.Card
	if card == nil && f.BackType != "" {
		card = &cardsdb.Card{Type: f.BackType} // the back of a card of that type
	}
	face, warns := src.Render(card, f.Game, trim, side)
	im.Warnings = warns
	im.Designed = !im.Art && face.Designed
	size := PixelSize(f, opts)
	c := newCanvas(im.Image, size, trim, opts.Bleed).withFS(f.FS)
	c.pics = pics
	if im.Art {
		for _, b := range face.Blocks {
			if b.Box == noticeBox {
				if !b.HasFill {
					// Readable over dark art: a pale strip behind it.
					c.fillRectAlpha(b.X, b.Y, b.X+b.W, b.Y+b.H, color.NRGBA{255, 255, 255, 255}, 0.8)
				}
				c.block(b)
			}
		}
	} else {
		c.face(face)
	}
	for _, err := range c.layerErrs {
		im.Warnings = append(im.Warnings, templates.Warning{Card: f.Name(), Kind: templates.WarnImage, Message: f.Name() + ": " + err.Error()})
	}
	im.Image = c.img
}

// noticeBox is the name of the template box that carries the sample and
// provisional notices.
const noticeBox = "notice"

// errNoFaces is returned by RenderOne for an empty result (never, in
// practice).
var errNoFaces = errors.New("no face drawn")

// RenderOne draws one face; see Render.
func RenderOne(ctx context.Context, f render.Face, opts Options) (*Image, error) {
	imgs, err := Render(ctx, []render.Face{f}, opts)
	if err != nil {
		return nil, err
	}
	if len(imgs) != 1 {
		return nil, errNoFaces
	}
	return imgs[0], nil
}
