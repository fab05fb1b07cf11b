package pnp

import "image"

// trimAxis reads and moves cells' trims along x (x true) or y: the finders
// that work along each axis on its own (crop marks, frames edge to edge)
// say each thing once, for either axis.
type trimAxis struct{ x bool }

// other is the axis across this one.
func (a trimAxis) other() trimAxis { return trimAxis{!a.x} }

// line is the cell's line of cells along the axis: its column for x.
func (a trimAxis) line(c gridCell) int {
	if a.x {
		return c.col
	}
	return c.row
}

// lo and hi are r's sides along the axis.
func (a trimAxis) lo(r image.Rectangle) int {
	if a.x {
		return r.Min.X
	}
	return r.Min.Y
}

func (a trimAxis) hi(r image.Rectangle) int {
	if a.x {
		return r.Max.X
	}
	return r.Max.Y
}

// setLo and setHi move r's sides along the axis to v.
func (a trimAxis) setLo(r *image.Rectangle, v int) {
	if a.x {
		r.Min.X = v
	} else {
		r.Min.Y = v
	}
}

func (a trimAxis) setHi(r *image.Rectangle, v int) {
	if a.x {
		r.Max.X = v
	} else {
		r.Max.Y = v
	}
}

// pt is the point at v along the axis and u across it.
func (a trimAxis) pt(v, u int) image.Point {
	if a.x {
		return image.Point{v, u}
	}
	return image.Point{u, v}
}

// luma is the grey level (0 to 255) of the RGB pixel p starts with.
func luma(p []uint8) int {
	return (int(p[0])*299 + int(p[1])*587 + int(p[2])*114) / 1000
}
