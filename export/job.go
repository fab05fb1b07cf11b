package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/faces"
)

// job is one export being written: the folder its files go into and the
// Result that counts what it drew. Every format (PNG, TTS, MPC, Cricut)
// runs as a job, through run.
type job struct {
	ctx context.Context
	out *folder
	res *Result

	mu sync.Mutex // guards out, res and drawn
	// drawn holds the faces counted in res: a face drawn twice (a card
	// on two Cricut sheets) is counted, and its warnings kept, once.
	drawn map[faceID]bool
}

// run is the skeleton of every export: it starts writing dir into a new
// temporary folder (see Options.TempDir), calls write to draw the faces
// and write the files, and then moves the folder into place, recording
// in res the files written; when write or the move fails the folder is
// removed and nothing is left behind.
func run(ctx context.Context, dir string, opts Options, res *Result, write func(j *job) error) error {
	out, err := newFolder(dir, opts.TempDir)
	if err != nil {
		return err
	}
	j := &job{ctx: ctx, out: out, res: res, drawn: map[faceID]bool{}}
	if err := write(j); err != nil {
		out.abort()
		return err
	}
	if err := out.commit(res); err != nil {
		out.abort()
		return err
	}
	return nil
}

// create writes the file name (slash-separated) with data. It may be
// called from several goroutines at once.
func (j *job) create(name string, data []byte) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.out.create(name, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// batch is how many faces are drawn at once: enough for the art pipeline
// to work in parallel, few enough to keep memory flat on big decks.
const batch = 32

// draw draws every face of fs (which should be distinct) in batches and
// calls each for every face with its image, from several goroutines at
// once. It counts each face among the faces of its kind and keeps its
// warnings, once per job. Art that cannot be read fails the run, naming
// every card whose art failed, once all faces have been tried.
func (j *job) draw(fs []cardface.Face, fo faces.Options, each func(i int, im *faces.Image) error) error {
	ctx := j.ctx
	var artErrs []error
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
				for k := range next {
					if ctx.Err() != nil {
						errs[k] = ctx.Err()
						continue
					}
					errs[k] = each(start+k, imgs[k])
				}
			})
		}
		for k, im := range imgs {
			if im.ArtErr != nil {
				artErrs = append(artErrs, fmt.Errorf("%s: %w", im.Face.Name(), im.ArtErr))
			}
			j.count(im)
			next <- k
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

// count counts a face drawn among the faces of its kind, with its
// warnings, unless the job has counted it already.
func (j *job) count(im *faces.Image) {
	j.mu.Lock()
	defer j.mu.Unlock()
	id := idOf(im.Face)
	if j.drawn[id] {
		return
	}
	j.drawn[id] = true
	j.res.count(im)
	for _, w := range im.Warnings {
		j.res.Warnings = append(j.res.Warnings, w.String())
	}
}
