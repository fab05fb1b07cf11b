package pnp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"sync"

	"github.com/disintegration/imaging"
)

// outFile is one file written into the temporary folder.
type outFile struct {
	path string // slash-separated, inside the folder
}

// render writes every file of the import into tmp; old is the folder's
// existing cards file, if any, to merge with.
func (p *plan) render(ctx context.Context, res *Result, opt WriteOptions, tmp string, old []byte) ([]outFile, error) {
	type job struct {
		path string
		img  image.Image
	}
	var jobs []job
	if p.defaultBack != nil {
		jobs = append(jobs, job{DefaultBack, p.defaultBack.Image})
	}
	written := map[string]bool{}
	for _, e := range p.entries {
		jobs = append(jobs, job{e.image, e.oriented(e.front.Image)})
		if e.backImage != "" && !written[e.backImage] {
			written[e.backImage] = true
			jobs = append(jobs, job{e.backImage, e.oriented(e.back.Image)})
		}
	}
	if err := os.MkdirAll(filepath.Join(tmp, ImagesDir), 0o755); err != nil {
		return nil, err
	}
	// Encoding is most of the time: one worker per core.
	errs := make([]error, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Go(func() {
			for i := range next {
				if ctx.Err() != nil {
					errs[i] = ctx.Err()
					continue
				}
				errs[i] = writeJPEG(filepath.Join(tmp, filepath.FromSlash(jobs[i].path)), jobs[i].img)
			}
		})
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
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
	out := []file{{CardsFile, yml}, {ContactHTML, page}}
	if len(res.Pages) > 0 {
		pages, err := p.pagesSheet(res)
		if err != nil {
			return nil, err
		}
		out = append(out, file{ContactPages, pages})
	}
	for i := 0; i*sheetTiles < len(res.Cards); i++ {
		first := i * sheetTiles
		sheet, err := p.contactSheet(res, first, min(sheetTiles, len(res.Cards)-first))
		if err != nil {
			return nil, err
		}
		out = append(out, file{contactName(i), sheet})
	}
	for _, f := range out {
		full := filepath.Join(tmp, filepath.FromSlash(f.path))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(full, f.data, 0o644); err != nil {
			return nil, err
		}
		files = append(files, outFile{f.path})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].path < files[j].path })
	return files, nil
}

func writeJPEG(name string, img image.Image) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	err = jpeg.Encode(w, img, &jpeg.Options{Quality: imageQuality})
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// prepareFolder makes the temporary folder beside dir and reads the cards
// file of an existing dir (nil when dir does not exist yet).
func prepareFolder(dir string) (tmp string, exists bool, old []byte, err error) {
	st, err := os.Stat(dir)
	switch {
	case err == nil && !st.IsDir():
		return "", false, nil, fmt.Errorf("%s exists and is not a folder", dir)
	case err == nil:
		exists = true
		old, err = os.ReadFile(filepath.Join(dir, filepath.FromSlash(CardsFile)))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", false, nil, err
		}
	case errors.Is(err, fs.ErrNotExist):
	default:
		return "", false, nil, err
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", false, nil, err
	}
	tmp, err = os.MkdirTemp(parent, "."+filepath.Base(dir)+".tmp-")
	if err != nil {
		return "", false, nil, err
	}
	return tmp, exists, old, nil
}

// finishFolder moves the finished files into place: a new folder is one
// rename; into an existing folder (a merge), each file is renamed over its
// old version, so the user's other files stay and every file is whole.
func finishFolder(tmp, dir string, exists bool, files []outFile) error {
	if !exists {
		return os.Rename(tmp, dir)
	}
	for _, f := range files {
		dst := filepath.Join(dir, filepath.FromSlash(f.path))
		if err := os.MkdirAll(filepath.Join(dir, filepath.FromSlash(path.Dir(f.path))), 0o755); err != nil {
			return err
		}
		if err := os.Rename(filepath.Join(tmp, filepath.FromSlash(f.path)), dst); err != nil {
			return err
		}
	}
	return os.RemoveAll(tmp)
}

// oriented returns a face as the card's type wants its art: Import gives
// every face portrait, turning a card that lay landscape a quarter turn
// clockwise; a card of a landscape type (Arkhtide's Realms) gets its face
// turned back.
func (e *entry) oriented(img image.Image) image.Image {
	b := img.Bounds()
	if !e.landscape || b.Dx() >= b.Dy() {
		return img
	}
	return imaging.Rotate90(img) // counter-clockwise
}
