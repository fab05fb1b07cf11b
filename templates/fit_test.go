package templates

import (
	"strings"
	"testing"
)

const rules = "[Reaction] When an allied Unit on my Realm dies: Refresh 1 Arkhé. [Fast] Lose 1 Willpower: Ready an allied Unit on my Realm."

func TestFit(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		w, h     float64
		opt      FitOptions
		size     float64 // want Size
		lines    int     // want len(Lines); -1 = any
		cut      bool
		shrunk   bool // want Size < opt.Size (size ignored)
		contains string
	}{
		{name: "fits", text: "Draw 1.", w: 50, h: 10, opt: FitOptions{Size: 8, MinSize: 5, Wrap: true}, size: 8, lines: 1},
		{name: "wraps", text: rules, w: 55, h: 30, opt: FitOptions{Size: 8, MinSize: 5, Wrap: true}, size: 8, lines: 4},
		{name: "long text shrinks", text: strings.Repeat(rules+" ", 4), w: 55, h: 30, opt: FitOptions{Size: 8, MinSize: 5, Wrap: true}, lines: -1, shrunk: true},
		{name: "absurd text is cut", text: strings.Repeat(rules+" ", 40), w: 55, h: 30, opt: FitOptions{Size: 8, MinSize: 5, Wrap: true}, size: 5, lines: -1, cut: true},
		{name: "paragraphs", text: "one\n\nthree", w: 50, h: 20, opt: FitOptions{Size: 8, Wrap: true}, size: 8, lines: 3},
		{name: "long word breaks", text: strings.Repeat("x", 80), w: 20, h: 30, opt: FitOptions{Size: 8, MinSize: 8, Wrap: true}, size: 8, lines: -1},
		{name: "name shrinks on one line", text: "Thryïnn, the Last Kindler", w: 40, h: 8, opt: FitOptions{Size: 11, MinSize: 6.5, Bold: true}, lines: 1, shrunk: true},
		{name: "name cut on one line", text: "Thryïnn, the Last Kindler of the Drowned Chapel and Other Places", w: 40, h: 8, opt: FitOptions{Size: 11, MinSize: 6.5, Bold: true}, size: 6.5, lines: 1, cut: true, contains: Ellipsis},
		{name: "empty", text: " \n ", w: 40, h: 8, opt: FitOptions{Size: 8}, size: 8, lines: 0},
		{name: "box lower than a line keeps one", text: "Draw 1. Draw 2. Draw 3.", w: 10, h: 1, opt: FitOptions{Size: 8, Wrap: true}, size: 8, lines: 1, cut: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Fit(tc.text, tc.w, tc.h, tc.opt)
			if tc.shrunk {
				if !(got.Size < tc.opt.Size && got.Size >= tc.opt.MinSize) {
					t.Errorf("size %g, want shrunk below %g and not below %g", got.Size, tc.opt.Size, tc.opt.MinSize)
				}
			} else if got.Size != tc.size {
				t.Errorf("size %g, want %g", got.Size, tc.size)
			}
			if tc.lines >= 0 && len(got.Lines) != tc.lines {
				t.Errorf("%d lines %q, want %d", len(got.Lines), got.Lines, tc.lines)
			}
			if got.Cut != tc.cut {
				t.Errorf("cut %v, want %v (lines %q)", got.Cut, tc.cut, got.Lines)
			}
			if tc.cut && !strings.HasSuffix(got.Lines[len(got.Lines)-1], Ellipsis) && !strings.Contains(strings.Join(got.Lines, ""), Ellipsis) {
				t.Errorf("cut text has no ellipsis: %q", got.Lines)
			}
			if tc.contains != "" && !strings.Contains(strings.Join(got.Lines, "\n"), tc.contains) {
				t.Errorf("lines %q do not contain %q", got.Lines, tc.contains)
			}
			if n := float64(len(got.Lines)); n > 1 && n*got.LineHeight > tc.h+eps {
				t.Errorf("%d lines of %g mm are taller than the box (%g mm)", len(got.Lines), got.LineHeight, tc.h)
			}
			for _, l := range got.Lines {
				if w := TextWidth(l, got.Size, tc.opt.Bold, tc.opt.Italic); w > tc.w+eps && len([]rune(l)) > 1 {
					t.Errorf("line %q is %g mm wide, box is %g", l, w, tc.w)
				}
			}
			if (got.Size*2) != float64(int(got.Size*2)) && got.Size != tc.opt.MinSize {
				t.Errorf("size %g is not a step of %g from %g", got.Size, SizeStep, tc.opt.Size)
			}
		})
	}
}

// TestFitShrinksLeast checks that Fit keeps the largest size that fits:
// one step larger does not fit.
func TestFitShrinksLeast(t *testing.T) {
	text := strings.Repeat(rules+" ", 4)
	opt := FitOptions{Size: 8, MinSize: 5, Wrap: true}
	got := Fit(text, 55, 30, opt)
	if got.Cut || got.Size >= 8 {
		t.Fatalf("want a shrunk, uncut fit; got size %g, cut %v", got.Size, got.Cut)
	}
	bigger := opt
	bigger.Size, bigger.MinSize = got.Size+SizeStep, got.Size+SizeStep
	if b := Fit(text, 55, 30, bigger); !b.Cut {
		t.Errorf("size %g also fits, Fit should have stopped there", bigger.Size)
	}
}

func TestFitCutAfter(t *testing.T) {
	got := Fit(strings.Repeat("Draw one card. ", 200), 30, 10, FitOptions{Size: 8, MinSize: 6, Wrap: true})
	if !got.Cut {
		t.Fatal("not cut")
	}
	last := got.Lines[len(got.Lines)-1]
	if !strings.HasSuffix(last, Ellipsis) {
		t.Errorf("last line %q does not end in %q", last, Ellipsis)
	}
	if !strings.HasPrefix(got.CutAfter, Ellipsis) || strings.HasSuffix(got.CutAfter, Ellipsis) {
		t.Errorf("CutAfter = %q, want the last words kept after a leading ellipsis", got.CutAfter)
	}
	kept := strings.TrimSuffix(strings.Join(got.Lines, " "), Ellipsis)
	if !strings.HasSuffix(kept, strings.TrimPrefix(got.CutAfter, Ellipsis)) {
		t.Errorf("CutAfter %q is not the end of the text kept, %q", got.CutAfter, kept)
	}
}

func FuzzFit(f *testing.F) {
	for _, s := range []string{rules, "a\nb", strings.Repeat("W", 100), "", " x "} {
		f.Add(s, 30.0, 20.0, 8.0, 5.0, true)
	}
	f.Fuzz(func(t *testing.T, text string, w, h, size, minSize float64, wrap bool) {
		if !(w > 0 && w < 500 && h > 0 && h < 500 && size >= 2 && size <= 96 && minSize >= 2 && minSize <= size) {
			t.Skip()
		}
		text, _ = Sanitize(text)
		got := Fit(text, w, h, FitOptions{Size: size, MinSize: minSize, Wrap: wrap})
		if got.Size < minSize-eps || got.Size > size+eps {
			t.Fatalf("size %g outside %g..%g", got.Size, minSize, size)
		}
		if n := len(got.Lines); n > 1 && float64(n)*got.LineHeight > h+eps {
			t.Fatalf("%d lines taller than %g mm", n, h)
		}
		if wrap {
			for _, l := range got.Lines {
				if TextWidth(l, got.Size, false, false) > w+eps && len([]rune(l)) > 1 {
					t.Fatalf("line %q wider than %g mm", l, w)
				}
			}
		}
	})
}
