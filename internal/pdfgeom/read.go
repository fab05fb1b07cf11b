package pdfgeom

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/filter"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// mmPerPt converts PDF points to millimetres.
const mmPerPt = 25.4 / 72

// Read returns what page nr (from 1) of the PDF whose cross-reference
// table is xt draws, as geometry, reading within budget b. It first counts
// what the page would cost (as Check does) and refuses a page over budget
// before drawing anything; then it reads the page's content, following
// every form it draws.
//
// Any panic while reading the page (in pdfcpu or here) becomes an error
// naming the page. A page over budget is a *RefusedError; the context's
// end is an error wrapping ctx.Err(). Read is not safe for concurrent use
// on one xt (pdfcpu marks entries as it dereferences them).
func Read(ctx context.Context, xt *model.XRefTable, nr int, b Budget) (p *Page, err error) {
	err = guard(nr, func() error {
		r, err := newReader(ctx, xt, nr, b)
		if err != nil {
			return err
		}
		if err := r.check(); err != nil {
			return err
		}
		p, err = r.read()
		return err
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Check counts what drawing page nr costs, without drawing it, and
// returns a *RefusedError when that is over budget b: its forms are each
// read once (decoded and their operators counted) and their placements
// multiplied out, so a form bomb is refused in milliseconds. It counts
// what a renderer draws: the page's content and its annotations'
// appearance streams. Call it before handing a page to a renderer
// (pdftoppm spends minutes on a form bomb). With an error, the Expansion
// holds what was counted before the count stopped (Forms: the forms read).
func Check(ctx context.Context, xt *model.XRefTable, nr int, b Budget) (e Expansion, err error) {
	err = guard(nr, func() error {
		r, err := newReader(ctx, xt, nr, b)
		if err != nil {
			return err
		}
		defer func() { e = r.exp }()
		if err := r.check(); err != nil {
			return err
		}
		return r.checkAnnots()
	})
	return e, err
}

// guard runs f, turning a panic into an error naming page nr: the one
// recovery for a page.
func guard(nr int, f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("page %d: unreadable (%v)", nr, v)
		}
	}()
	return f()
}

// reader reads one page.
type reader struct {
	ctx  context.Context
	xt   *model.XRefTable
	nr   int
	b    Budget
	page *Page

	pageDict types.Dict
	res      *resources // the page's resources
	base     Matrix     // default user space to displayed millimetres
	content  []byte     // the page's content streams, joined

	exp   Expansion
	nodes map[formKey]*formNode
	nres  int // resource contexts made

	// While drawing.
	ops     int64
	scanned int64
	items   int
	placed  int64
	paths   int
	states  int
}

func newReader(ctx context.Context, xt *model.XRefTable, nr int, b Budget) (*reader, error) {
	if xt == nil {
		return nil, fmt.Errorf("page %d: no PDF", nr)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("page %d: %w", nr, err)
	}
	d, _, inh, err := xt.PageDict(nr, false)
	if err != nil || d == nil || inh == nil {
		if err == nil {
			err = errors.New("no such page")
		}
		return nil, fmt.Errorf("page %d: unreadable page: %s", nr, firstLine(err.Error()))
	}
	r := &reader{ctx: ctx, xt: xt, nr: nr, b: b.withDefaults(), pageDict: d, nodes: map[formKey]*formNode{}}
	r.page = &Page{Nr: nr}
	if err := r.setBox(inh); err != nil {
		return nil, err
	}
	r.res = r.newResources(inh.Resources)
	r.content, err = r.pageContent()
	if err != nil {
		return nil, err
	}
	return r, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// setBox works out the page's displayed size and the matrix from its
// default user space to displayed millimetres: its crop box (within its
// media box, as renderers show it) from the top-left corner, turned by
// /Rotate (a multiple of 90; any other value is taken as 0).
func (r *reader) setBox(inh *model.InheritedPageAttrs) error {
	box := inh.MediaBox
	if box == nil {
		return fmt.Errorf("page %d: no page size (MediaBox)", r.nr)
	}
	x0, y0, x1, y1 := norm(box)
	if inh.CropBox != nil {
		cx0, cy0, cx1, cy1 := norm(inh.CropBox)
		cx0, cy0 = math.Max(cx0, x0), math.Max(cy0, y0)
		cx1, cy1 = math.Min(cx1, x1), math.Min(cy1, y1)
		if cx1 > cx0 && cy1 > cy0 {
			x0, y0, x1, y1 = cx0, cy0, cx1, cy1
		}
	}
	rot := ((inh.Rotate % 360) + 360) % 360
	if rot%90 != 0 {
		rot = 0
	}
	w, h := (x1-x0)*mmPerPt, (y1-y0)*mmPerPt
	if !(w > 1 && h > 1 && w < 10000 && h < 10000) {
		return fmt.Errorf("page %d: page size %.0fx%.0f mm is not a sheet of paper", r.nr, w, h)
	}
	k := mmPerPt
	p := r.page
	p.Rotate = rot
	switch rot {
	case 0:
		r.base = Matrix{k, 0, 0, -k, -x0 * k, y1 * k}
		p.W, p.H = w, h
	case 90:
		r.base = Matrix{0, k, k, 0, -y0 * k, -x0 * k}
		p.W, p.H = h, w
	case 180:
		r.base = Matrix{-k, 0, 0, k, x1 * k, -y0 * k}
		p.W, p.H = w, h
	case 270:
		r.base = Matrix{0, -k, -k, 0, y1 * k, x1 * k}
		p.W, p.H = h, w
	}
	return nil
}

// norm returns a rectangle's corners, lower left first.
func norm(b *types.Rectangle) (x0, y0, x1, y1 float64) {
	x0, x1 = math.Min(b.LL.X, b.UR.X), math.Max(b.LL.X, b.UR.X)
	y0, y1 = math.Min(b.LL.Y, b.UR.Y), math.Max(b.LL.Y, b.UR.Y)
	return
}

// sizeText says a byte count the way a budget is written.
func sizeText(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return thousands(n) + " bytes"
}

// pageContent returns the page's content streams inflated and joined.
func (r *reader) pageContent() ([]byte, error) {
	o, _ := r.pageDict.Find("Contents")
	if o == nil {
		return nil, nil
	}
	o, err := r.xt.Dereference(o)
	if err != nil || o == nil {
		return nil, nil
	}
	var streams []types.Object
	switch o := o.(type) {
	case types.StreamDict:
		streams = []types.Object{o}
	case types.Array:
		streams = o
	default:
		return nil, fmt.Errorf("page %d: unreadable content: its contents are a %T, not a stream", r.nr, o)
	}
	var out []byte
	for _, so := range streams {
		if so == nil {
			continue
		}
		sd, _, err := r.xt.DereferenceStreamDict(so)
		if err != nil {
			return nil, fmt.Errorf("page %d: unreadable content: %s", r.nr, firstLine(err.Error()))
		}
		if sd == nil {
			continue
		}
		b, err := r.inflate(sd, "")
		if err != nil {
			return nil, err
		}
		out = append(out, b...)
		out = append(out, '\n')
		r.exp.Bytes++
	}
	return out, nil
}

// inflate decodes a content stream with what is left of the bytes budget
// as its limit, so a stream that inflates past it stops there instead of
// filling memory, and counts its bytes. where names a form's stream in
// errors ("" for the page's).
func (r *reader) inflate(sd *types.StreamDict, where string) ([]byte, error) {
	over := func(verb string) error {
		what := fmt.Sprintf("its content streams (forms included) %s more than %s", verb, sizeText(r.b.Bytes))
		if where != "" {
			what += " by " + where
		}
		return &RefusedError{Page: r.nr, What: what}
	}
	left := r.b.Bytes - r.exp.Bytes
	if left < 1 || int64(len(sd.Raw)) > left {
		return nil, over("hold")
	}
	// A copy: decoding sets Content on the copy, not on the table's
	// entry, so the inflated bytes are not kept there.
	c := *sd
	c.Content = nil
	if err := c.DecodeWithLimit(left); err != nil {
		if errors.Is(err, filter.ErrDecodeLimitExceeded) {
			return nil, over("inflate to")
		}
		return nil, r.unreadable(where, errors.New(firstLine(err.Error())))
	}
	if int64(len(c.Content)) > left {
		return nil, over("inflate to")
	}
	r.exp.Bytes += int64(len(c.Content))
	return c.Content, nil
}
