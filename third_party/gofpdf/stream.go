package gofpdf

// deckwright patch: streaming output. See README.deckwright.md.

import (
	"fmt"
	"io"
)

// streamState is the state of a document written as it is made.
type streamState struct {
	header  bool  // the header is written
	pages   int   // pages written so far
	objects []int // object numbers of the pages written, 1-based
}

// OutputStream makes f write its document to w as it is made, instead of
// holding it all until Output: each page is written (compressed) once the
// next one is begun, with the images it was the first to use, and dropped
// from memory. It must be called before the first page is added; Output,
// called at the end with the same w (or nil), writes the rest.
//
// A streamed document cannot use what gofpdf fills in at the end: page
// number aliases (AliasNbPages, RegisterAlias), attachments, or a header
// version raised by features first used after the first page (the version
// is set to 1.7 at once). When w fails, the error is f's error.
func (f *Fpdf) OutputStream(w io.Writer) {
	if f.err != nil {
		return
	}
	if f.page > 0 {
		f.err = fmt.Errorf("OutputStream must be called before the first page")
		return
	}
	if f.pdfVersion < "1.7" {
		f.pdfVersion = "1.7"
	}
	f.buffer.sink = w
	f.stream = &streamState{objects: []int{0}}
}

// streamPages writes the finished pages not yet written, and the images
// they use that are not yet written; state is 1 (between pages) or 3.
func (f *Fpdf) streamPages(upTo int) {
	s := f.stream
	if s == nil || f.err != nil {
		return
	}
	if !s.header {
		f.putheader()
		s.header = true
	}
	f.putimagesNew()
	for n := s.pages + 1; n <= upTo; n++ {
		f.putpage(n)
		s.objects = append(s.objects, f.pageObjectNumber)
		f.pages[n] = nil // written: let it go
		s.pages = n
	}
	f.flushBuffer()
}

// putimagesNew writes the images registered since the last call, in the
// order of their registration, and drops their data.
func (f *Fpdf) putimagesNew() {
	for _, key := range f.imageOrder {
		info := f.images[key]
		if info == nil || info.n != 0 {
			continue
		}
		if n, ok := f.streamedImages[info.i]; ok {
			info.n = n
		} else {
			f.putimage(info)
			if f.streamedImages == nil {
				f.streamedImages = map[string]int{}
			}
			f.streamedImages[info.i] = info.n
		}
		info.data, info.smask = nil, nil
	}
	f.imageOrder = f.imageOrder[:0]
}

// flushBuffer writes what the buffer holds to the stream's writer.
func (f *Fpdf) flushBuffer() {
	if err := f.buffer.flush(); err != nil && f.err == nil {
		f.err = err
	}
}
