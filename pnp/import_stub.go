package pnp

import (
	"context"
	"errors"
)

// Import reads a print-and-play PDF and returns its cards.
//
// This stub is replaced by the core helper's pnp/import.go at merge.
func Import(ctx context.Context, pdfPath string, opt Options) (*Result, error) {
	return nil, errors.New("pnp: import not built yet")
}
