package art

import "fmt"

// guard runs f, the work of one of the package's entry points on one file
// (a PrepareImages worker reading or preparing a piece of art, ReadIcon),
// and turns a panic in it into an error. The decoders (image/png,
// x/image/webp, third_party/jpeg, oksvg and rasterx) are not all written
// for hostile files: a file they cannot read is an error that names it
// (the callers add the name), never a crash. This is the package's one
// recovery; what cannot be recovered (a stack overflow) is bounded before
// it starts (checkSVGRefs).
func guard[T any](f func() (T, error)) (v T, err error) {
	defer func() {
		if p := recover(); p != nil {
			var zero T
			v, err = zero, fmt.Errorf("corrupt image: reading it failed (%v)", p)
		}
	}()
	return f()
}
