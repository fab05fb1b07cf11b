// Package goldenfile tells tests whether to rewrite their golden files (the
// expected outputs kept in testdata/) rather than compare with them.
//
// The request comes from the environment, not from a flag, so that one
// command reaches every package, whether its tests have golden files or
// not (a test binary stops at a flag it does not know):
//
//	DECKWRIGHT_UPDATE=1 go test ./...
//
// A test with golden files writes them when [Update] is true:
//
//	if goldenfile.Update() {
//		os.WriteFile(path, got, 0o644)
//	}
package goldenfile

import (
	"os"
	"strconv"
)

// Env is the environment variable that asks tests to rewrite their golden
// files: DECKWRIGHT_UPDATE=1 (or true) rewrites them, unset or 0 compares.
const Env = "DECKWRIGHT_UPDATE"

// Update reports whether the tests should rewrite their golden files: Env
// is set to a true value (1, t, true, as strconv.ParseBool reads it).
func Update() bool {
	v, _ := strconv.ParseBool(os.Getenv(Env))
	return v
}
