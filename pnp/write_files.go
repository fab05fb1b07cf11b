package pnp

import (
	"context"
	"errors"
	"image"
	"image/jpeg"
	"io"
	"sort"

	"github.com/disintegration/imaging"

	"github.com/deckwright/deckwright/internal/atomicfile"
)

// outFile is one file written into the temporary folder.
type outFile struct {
	path string // slash-separated, inside the folder
}

// maxCardsFile bounds the existing cards file an import merges with.
const maxCardsFile = 16 << 20

// render writes every file of the import into out; old is the folder's
// existing cards file, if any, to merge with.
func (p *plan) render(ctx context.Context, res *Result, opt WriteOptions, out *atomicfile.Folder, old []byte) ([]outFile, error) {
	// A face is turned (oriented) by the worker that encodes it: turned
	// all at once, the faces of a 33-page PDF of landscape cards took
	// 680 MB beside the faces themselves.
	type job struct {
		path string
		img  image.Image
		e    *entry // turns img, when not nil
	}
	var jobs []job
	if p.defaultBack != nil {
		jobs = append(jobs, job{DefaultBack, p.defaultBack.Image, nil})
	}
	written := map[string]bool{}
	for _, e := range p.entries {
		jobs = append(jobs, job{e.image, e.front.Image, e})
		if e.backImage != "" && !written[e.backImage] {
			written[e.backImage] = true
			jobs = append(jobs, job{e.backImage, e.back.Image, e})
		}
	}
	// Encoding is most of the time: one worker per core.
	errs := make([]error, len(jobs))
	forEach(len(jobs), func(i int) {
		if ctx.Err() != nil {
			errs[i] = ctx.Err()
			return
		}
		img := Pixels(jobs[i].img)
		if e := jobs[i].e; e != nil {
			img = e.oriented(img)
		}
		errs[i] = out.Create(jobs[i].path, func(w io.Writer) error {
			return jpeg.Encode(w, img, &jpeg.Options{Quality: imageQuality})
		})
	})
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	var files []outFile
	for _, j := range jobs {
		files = append(files, outFile{j.path})
	}
	yml, err := p.cardsYAML(opt, old)
	if err != nil {
		return nil, err
	}
	page, err := p.contactHTML(res, opt)
	if err != nil {
		return nil, err
	}
	type file struct {
		path string
		data []byte
	}
	extra := []file{{CardsFile, yml}, {ContactHTML, page}}
	if opt.Recipe != nil {
		extra = append(extra, file{RecipeFile, opt.Recipe.Marshal()})
	}
	if len(res.Pages) > 0 {
		pages, err := p.pagesSheet(res)
		if err != nil {
			return nil, err
		}
		extra = append(extra, file{ContactPages, pages})
	}
	for i := 0; i*sheetTiles < len(res.Cards); i++ {
		first := i * sheetTiles
		sheet, err := p.contactSheet(res, first, min(sheetTiles, len(res.Cards)-first))
		if err != nil {
			return nil, err
		}
		extra = append(extra, file{contactName(i), sheet})
	}
	for _, f := range extra {
		if err := out.WriteFile(f.path, f.data); err != nil {
			return nil, err
		}
		files = append(files, outFile{f.path})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].path < files[j].path })
	return files, nil
}

// oriented returns a face as the card is printed: Import gives every face
// portrait, turning a card that lay landscape a quarter turn clockwise; a
// landscape card (one that lay landscape, or of a landscape type such as
// Arkhtide's Realms) gets its face turned back.
func (e *entry) oriented(img image.Image) image.Image {
	b := img.Bounds()
	if !e.landscape || b.Dx() >= b.Dy() {
		return img
	}
	return imaging.Rotate90(img) // counter-clockwise
}
