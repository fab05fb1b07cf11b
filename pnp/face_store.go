package pnp

import (
	"image"
	"image/color"
	"os"
	"runtime"
	"sync"
)

// Every face cut is held until the import's result is written: compacted
// (see compact), an A3 sheet of 50 word cards a page at 300 DPI still
// holds half a gigabyte of faces after 20 pages, and the dedupe that
// Write runs over them holds its fine images beside them (897 MB peak on
// a 22-page PDF of 1008 cards). So an import keeps its first faces in
// memory, up to faceMemory bytes, and writes the others to a scratch file
// of its own, from which each is read back whenever its pixels are
// needed (Pixels). Reading a face back is a copy from the system's file
// cache, a fraction of a millisecond; the faces a small import cuts never
// leave memory.

// faceMemory bounds, in bytes, the compacted faces one import keeps in
// memory.
const faceMemory = 96 << 20

// faceStore is an import's scratch file of faces. The file is removed as
// soon as it is made where the system allows (it lives on while open),
// and is closed, and removed, once no face kept in it is reachable. A nil
// store keeps every face in memory.
type faceStore struct {
	limit int64 // bytes of faces kept in memory at most
	mu    sync.Mutex
	f     *os.File
	size  int64 // bytes written to f
	inMem int64 // bytes of faces kept in memory
	dead  bool  // the file could not be made or written: faces stay in memory
}

// storedFace is a face kept in a faceStore's file: its three planes at
// off, one after the other (Y, then Cb and Cr at 4:2:0). It is an
// image.Image, so a Face holding one is drawn like any other, but each
// At reads the face back: callers that read many pixels call Pixels.
type storedFace struct {
	st   *faceStore
	off  int64
	rect image.Rectangle
}

func (s *storedFace) ColorModel() color.Model { return color.YCbCrModel }
func (s *storedFace) Bounds() image.Rectangle { return s.rect }
func (s *storedFace) At(x, y int) color.Color { return s.load().At(x, y) }

// planeSizes is the bytes of the Y plane and of each chroma plane of a
// face r at 4:2:0.
func planeSizes(r image.Rectangle) (int64, int64) {
	w, h := int64(r.Dx()), int64(r.Dy())
	return w * h, ((w + 1) / 2) * ((h + 1) / 2)
}

// load reads the face back. The file is the import's own, open and
// written before the face was handed out, so reading it fails only when
// the system fails; then the face reads as mid-grey (and dedupes, hashes
// and prints as such) rather than stopping a caller that cannot fail.
func (s *storedFace) load() *image.YCbCr {
	out := image.NewYCbCr(s.rect, image.YCbCrSubsampleRatio420)
	yn, cn := planeSizes(s.rect)
	buf := make([]byte, yn+2*cn)
	if _, err := s.st.f.ReadAt(buf, s.off); err != nil {
		for i := range buf {
			buf[i] = 128
		}
	}
	copy(out.Y, buf[:yn])
	copy(out.Cb, buf[yn:yn+cn])
	copy(out.Cr, buf[yn+cn:])
	return out
}

// newFaceStore returns the face store of an import with opt.
func newFaceStore(opt Options) *faceStore {
	if opt.facesInFile {
		return &faceStore{}
	}
	return &faceStore{limit: faceMemory}
}

// keep compacts img and keeps it: in memory while the store's faces in
// memory are under its limit, in its file after that.
func (st *faceStore) keep(img *image.NRGBA) image.Image {
	y := compact(img)
	if st == nil {
		return y
	}
	yn, cn := planeSizes(y.Rect)
	n := yn + 2*cn
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.dead || st.inMem+n <= st.limit {
		st.inMem += n
		return y
	}
	if st.f == nil {
		f, err := os.CreateTemp("", "deckwright-faces-*")
		if err != nil {
			st.dead = true
			st.inMem += n
			return y
		}
		os.Remove(f.Name()) // fails where open files cannot be removed; the cleanup does it
		st.f = f
		name := f.Name()
		runtime.AddCleanup(st, func(f *os.File) {
			f.Close()
			os.Remove(name)
		}, f)
	}
	buf := make([]byte, 0, n)
	buf = append(append(append(buf, y.Y[:yn]...), y.Cb[:cn]...), y.Cr[:cn]...)
	if _, err := st.f.WriteAt(buf, st.size); err != nil {
		st.dead = true
		st.inMem += n
		return y
	}
	s := &storedFace{st: st, off: st.size, rect: y.Rect}
	st.size += n
	return s
}

// Pixels returns img with its pixels in memory: a face kept in an
// import's scratch file (see faceStore) read back, any other image as
// it is. Each call reads the face again; callers keep what they need.
func Pixels(img image.Image) image.Image {
	if s, ok := img.(*storedFace); ok {
		return s.load()
	}
	return img
}

// Pixels returns the face's image with its pixels in memory (see the
// package function Pixels): an import keeps the faces past its first
// hundred megabytes in a scratch file, and Image reads such a face back
// at every At.
func (f Face) Pixels() image.Image { return Pixels(f.Image) }
