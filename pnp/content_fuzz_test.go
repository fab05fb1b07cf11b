package pnp

import (
	"math"
	"testing"
)

// FuzzScanContent feeds page content streams, which come from the user's
// PDF, to the scanner that finds where images are placed: it must return
// an error or the calls it saw, never panic or loop, and every matrix it
// reports must hold numbers ("NaN" and "Inf" parse in Go, not in a PDF).
func FuzzScanContent(f *testing.F) {
	for _, s := range []string{
		"q 189 0 0 252 36 36 cm /Im1 Do Q",
		"q 1 0 0 1 0 0 cm q 0 -189 252 0 10 20 cm /Im2 Do Q Q",
		"BT /F1 12 Tf (hello) Tj ET BI /W 1 /H 1 ID \x00 EI",
		"[1 2 (a]) <414243>] TJ << /A [1 2] >> BDC /X Do EMC",
		"% comment\n1e309 0 0 1 0 0 cm /Im Do",
		"Q Q Q cm cm ((( <<<< [[[",
		"NaN 0 0 1 0 0 cm /Im Do",
		"Inf 0 0 -inf 0 0 cm /Im Do",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = scanContent(b, func(op string, ctm matrix, name string) {
			if op != "Do" && op != "text" {
				t.Fatalf("unexpected op %q", op)
			}
			for _, v := range ctm {
				if math.IsNaN(v) {
					t.Fatalf("NaN in CTM %v for %q", ctm, name)
				}
			}
		})
	})
}
