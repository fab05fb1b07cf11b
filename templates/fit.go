package templates

import (
	"math"
	"strings"
	"unicode/utf8"
)

// DefaultLineHeight is the distance between baselines, as a multiple of
// the font size, when a template gives none.
const DefaultLineHeight = 1.15

// Ellipsis ends a text that was cut to fit its box.
const Ellipsis = "…"

// SizeStep is how much Fit shrinks the font at each try, in points.
const SizeStep = 0.5

// eps absorbs rounding when comparing lengths in millimetres.
const eps = 1e-6

// FitOptions says how Fit sets a text.
type FitOptions struct {
	Size    float64 // font size to start from, in points
	MinSize float64 // smallest size to shrink to; 0 or more than Size = Size
	Bold    bool
	Italic  bool
	// Wrap breaks lines at spaces, and inside a word longer than the box
	// is wide. Without it every "\n"-separated line stays one line.
	Wrap bool
	// LineHeight is the distance between baselines as a multiple of the
	// size; 0 means DefaultLineHeight.
	LineHeight float64

	face *face // a template font to measure with; nil: the Go font of Bold, Italic
}

// Fitted is a text set to fit a box.
type Fitted struct {
	Lines      []string // the lines to draw, top to bottom
	Size       float64  // the font size used, in points
	LineHeight float64  // distance between baselines, in mm
	// Cut reports that the text did not fit even at MinSize and was cut:
	// the last line kept (or a line too wide, when not wrapping) ends in
	// Ellipsis.
	Cut bool
	// CutAfter is the end of the text that was kept, for messages.
	CutAfter string
}

// Fit sets text in a box w by h millimetres with the embedded Go font. It
// breaks lines (with opt.Wrap) and tries sizes from opt.Size down to
// opt.MinSize in steps of SizeStep until every line fits the width and
// all lines fit the height; if none does, it keeps the lines that fit at
// MinSize (at least one) and ends the last with Ellipsis. Runs of spaces
// count as one and "\n" always breaks a line. Text should be Sanitized
// first; Fit only measures.
func Fit(text string, w, h float64, opt FitOptions) Fitted {
	size := opt.Size
	if size <= 0 || math.IsNaN(size) {
		size = 8
	}
	minSize := opt.MinSize
	if minSize <= 0 || minSize > size || math.IsNaN(minSize) {
		minSize = size
	}
	lhf := opt.LineHeight
	if lhf <= 0 || math.IsNaN(lhf) {
		lhf = DefaultLineHeight
	}
	f := opt.face
	if f == nil {
		f = fontFace(opt.Bold, opt.Italic)
	}
	paras := splitParas(text, f)
	out := Fitted{Size: size, LineHeight: size * lhf * PtToMM}
	if len(paras) == 0 {
		return out
	}
	for s := size; ; {
		lh := s * lhf * PtToMM
		budget := w / unitsToMM(1, s)
		maxLines := int(math.Floor((h + eps) / lh))
		lines, over := setLines(paras, f, budget, maxLines, opt.Wrap)
		if !over {
			out.Lines, out.Size, out.LineHeight = lines, s, lh
			return out
		}
		if s <= minSize {
			break
		}
		s -= SizeStep
		if s < minSize+eps {
			s = minSize
		}
	}
	// Nothing fits: cut at the smallest size.
	lh := minSize * lhf * PtToMM
	budget := w / unitsToMM(1, minSize)
	maxLines := max(1, int(math.Floor((h+eps)/lh)))
	lines, _ := setLines(paras, f, budget, maxLines, opt.Wrap)
	more := len(lines) > maxLines
	if more {
		lines = lines[:maxLines]
	}
	for i, l := range lines {
		force := more && i == len(lines)-1
		if force || float64(f.units(l)) > budget+eps {
			lines[i] = ellipsize(l, budget, f)
		}
	}
	out.Lines, out.Size, out.LineHeight, out.Cut = lines, minSize, lh, true
	out.CutAfter = tail(strings.TrimSuffix(strings.Join(lines, " "), Ellipsis))
	return out
}

// word is a run of non-space characters and its width in thousandths of
// an em.
type word struct {
	s string
	w int
}

// splitParas splits text into paragraphs ("\n"-separated) of words
// (space-separated). A text of only spaces and line breaks has none.
func splitParas(text string, f *face) [][]word {
	text = strings.TrimRight(text, " \n")
	text = strings.TrimLeft(text, "\n")
	if strings.TrimSpace(text) == "" {
		return nil
	}
	lines := strings.Split(text, "\n")
	paras := make([][]word, len(lines))
	for i, l := range lines {
		var ws []word
		for _, s := range strings.Split(l, " ") {
			if s != "" {
				ws = append(ws, word{s, f.units(s)})
			}
		}
		paras[i] = ws
	}
	return paras
}

// setLines sets paragraphs in lines no wider than budget (thousandths of
// an em) when wrapping, stopping once it has more than maxLines lines. It
// reports over when the text does not fit: too many lines, or (without
// wrapping) a line wider than budget.
func setLines(paras [][]word, f *face, budget float64, maxLines int, wrap bool) (lines []string, over bool) {
	space := f.width(' ')
	var b strings.Builder
	for _, p := range paras {
		if len(lines) > maxLines {
			return lines, true
		}
		if !wrap {
			b.Reset()
			w := 0
			for i, wd := range p {
				if i > 0 {
					b.WriteByte(' ')
					w += space
				}
				b.WriteString(wd.s)
				w += wd.w
			}
			if float64(w) > budget+eps {
				over = true
			}
			lines = append(lines, b.String())
			continue
		}
		b.Reset()
		cur := 0
		empty := true
		for _, wd := range p {
			if !empty && float64(cur+space+wd.w) <= budget+eps {
				b.WriteByte(' ')
				b.WriteString(wd.s)
				cur += space + wd.w
				continue
			}
			if !empty {
				lines = append(lines, b.String())
				b.Reset()
				if len(lines) > maxLines {
					return lines, true
				}
			}
			if float64(wd.w) <= budget+eps {
				b.WriteString(wd.s)
				cur, empty = wd.w, false
				continue
			}
			// A word wider than the box: break it between characters.
			chunks, last, lastW := breakWord(wd.s, f, budget)
			lines = append(lines, chunks...)
			b.WriteString(last)
			cur, empty = lastW, false
		}
		lines = append(lines, b.String())
	}
	return lines, over || len(lines) > maxLines
}

// breakWord splits a word wider than budget into full chunks and a last
// piece; every chunk holds at least one character.
func breakWord(s string, f *face, budget float64) (chunks []string, last string, lastW int) {
	start, w := 0, 0
	for i, r := range s {
		rw := f.width(r)
		if i > start && float64(w+rw) > budget+eps {
			chunks = append(chunks, s[start:i])
			start, w = i, 0
		}
		w += rw
	}
	return chunks, s[start:], w
}

// ellipsize shortens line until it fits budget with Ellipsis after it,
// cutting at a space when it can, and ends it with Ellipsis.
func ellipsize(line string, budget float64, f *face) string {
	ell := f.units(Ellipsis)
	line = strings.TrimRight(line, " ")
	if float64(f.units(line)+ell) <= budget+eps {
		return trimPunct(line) + Ellipsis
	}
	w, end := 0, 0
	for i, r := range line {
		rw := f.width(r)
		if float64(w+rw+ell) > budget+eps {
			break
		}
		w += rw
		end = i + utf8.RuneLen(r)
	}
	prefix := line[:end]
	if end < len(line) && line[end] != ' ' {
		if i := strings.LastIndexByte(prefix, ' '); i > 0 {
			prefix = prefix[:i]
		}
	}
	return trimPunct(prefix) + Ellipsis
}

// trimPunct drops spaces and punctuation that would stand before an
// ellipsis.
func trimPunct(s string) string { return strings.TrimRight(s, " ,;:.-–—") }

// tail returns the last words of s, at most about 40 characters, for
// messages; "…" marks that words were left out in front.
func tail(s string) string {
	words := strings.Fields(s)
	n := 0
	i := len(words)
	for i > 0 && n < 40 && len(words)-i < 6 {
		i--
		n += utf8.RuneCountInString(words[i]) + 1
	}
	out := strings.Join(words[i:], " ")
	if r := []rune(out); len(r) > 40 {
		out = string(r[len(r)-40:])
		i = 1
	}
	if i > 0 {
		out = Ellipsis + out
	}
	return out
}
