//go:build !unix

package cli

const throughFlags = 0

func noReader(error) bool { return false }
