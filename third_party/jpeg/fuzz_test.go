// Copyright 2026 The deckwright Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jpeg

import (
	"bytes"
	"testing"
)

// FuzzDecodeScaled checks that no input makes DecodeScaled panic, that at
// full size it decodes what image/jpeg decodes (the same error or the same
// pixels: the fast path of huffman_fast.go must not change a thing), and
// that what decodes at full size decodes at every scale to the scaled size.
func FuzzDecodeScaled(f *testing.F) {
	for _, data := range sameCorpus(f) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := DecodeConfig(bytes.NewReader(data))
		if err != nil || cfg.Width*cfg.Height > 1e6 {
			return
		}
		sameAsStd(t, "input", data)
		full, err := DecodeScaled(bytes.NewReader(data), 1)
		for _, k := range []int{2, 4, 8} {
			img, errK := DecodeScaled(bytes.NewReader(data), k)
			if err != nil || errK != nil {
				continue
			}
			b := full.Bounds()
			if got, want := img.Bounds(), b; got.Dx() != (want.Dx()+k-1)/k || got.Dy() != (want.Dy()+k-1)/k {
				t.Errorf("1/%d: bounds %v, full %v", k, got, want)
			}
		}
	})
}
