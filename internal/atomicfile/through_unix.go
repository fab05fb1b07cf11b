//go:build unix

package atomicfile

import (
	"errors"
	"syscall"
)

// throughFlags open a device or FIFO for writing through it: a FIFO is
// opened without waiting, so that one nobody reads fails at once (ENXIO)
// instead of hanging.
const throughFlags = syscall.O_NONBLOCK

// noReader tells whether opening a FIFO failed for want of a reader.
func noReader(err error) bool { return errors.Is(err, syscall.ENXIO) }
