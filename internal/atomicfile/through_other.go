//go:build !unix

package atomicfile

const throughFlags = 0

func noReader(error) bool { return false }
