// Copyright 2026 The deckwright Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package jpeg

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/deckwright/deckwright/internal/jpegscans"
)

func TestMaxProgressiveScans(t *testing.T) {
	// Up to the limit, the file decodes as image/jpeg decodes it.
	ok := jpegscans.Progressive(120, 90, MaxProgressiveScans)
	if _, err := Decode(bytes.NewReader(ok)); err != nil {
		t.Fatalf("%d scans: %v", MaxProgressiveScans, err)
	}
	sameAsStd(t, "at the limit", ok)
	// One scan more is refused, at every scale.
	bad := jpegscans.Progressive(120, 90, MaxProgressiveScans+1)
	for _, k := range []int{1, 2, 4, 8} {
		if _, err := DecodeScaled(bytes.NewReader(bad), k); !errors.Is(err, ErrTooManyScans) {
			t.Errorf("1/%d: %d scans: error %v, want %v", k, MaxProgressiveScans+1, err, ErrTooManyScans)
		}
	}
}

// TestProgressiveBytes checks the reported memory against what decoding
// allocates for the coefficients.
func TestProgressiveBytes(t *testing.T) {
	files, err := filepath.Glob("testdata/*.jpeg")
	if err != nil || len(files) == 0 {
		t.Fatal("no test files", err)
	}
	progressive := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ProgressiveBytes(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		d := decoder{scale: 2, bs: 4}
		if _, err := d.decode(bytes.NewReader(data), false); err != nil && !strings.Contains(file, "truncated") {
			t.Fatalf("%s: %v", file, err)
		}
		var want int64
		for _, c := range d.progCoeffs {
			want += int64(len(c)) * int64(unsafe.Sizeof(block{}))
		}
		if d.progressive {
			progressive++
			// Every component of these files has scans of its own.
			if got != want {
				t.Errorf("%s: %d bytes, decoding allocates %d", file, got, want)
			}
		} else if got != 0 || want != 0 {
			t.Errorf("%s: sequential, %d bytes reported, %d allocated", file, got, want)
		}
	}
	if progressive < 3 {
		t.Errorf("only %d progressive test files", progressive)
	}
}
