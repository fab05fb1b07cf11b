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
	// Line keeps the text on one line (its line breaks become spaces) at
	// the largest size, to a tenth of a point, from Size down to MinSize
	// at which it fits the box; below MinSize it is cut.
	Line bool

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
	if opt.Line {
		text = strings.Join(strings.Fields(text), " ")
	}
	paras := splitParas(text, f)
	out := Fitted{Size: size, LineHeight: size * lhf * PtToMM}
	if len(paras) == 0 {
		return out
	}
	if opt.Line {
		// The width of a line grows with its size: the size that fills
		// the box is found at once, not tried step by step.
		s := size
		if u := float64(f.units(text)); u > 0 {
			s = min(s, w/unitsToMM(u, 1))
		}
		s = min(s, h/(lhf*PtToMM))
		if s >= minSize-eps {
			s = max(minSize, math.Floor(s*10+eps)/10)
			out.Lines, out.Size, out.LineHeight = []string{text}, s, s*lhf*PtToMM
			return out
		}
		opt.Wrap = false // cut at MinSize, below
		paras = [][]word{paras[0]}
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

// flowSplit sets text in a flow of boxes, one after another, each with
// room w x h mm (rooms[i]): it finds the largest size from opt.Size down
// to opt.MinSize, in steps of SizeStep, at which the whole text fits, each
// box taking the lines it can (as Fit breaks them) and the rest going on
// in the next, and returns that size and where each box's part of text
// starts: box i holds text[cuts[i]:cuts[i+1]]. When the text does not fit
// at MinSize, the last box gets all that is left (Fit cuts it). The text
// of each of parts goes in its own box or a later one, never an earlier.
func flowSplit(text string, parts []flowPart, rooms [][2]float64, opt FitOptions) (cuts []int, size float64) {
	size = opt.Size
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
	toks := flowTokens(text, f)
	for i := range toks {
		for _, p := range parts {
			if toks[i].off >= p.off {
				toks[i].box = p.box
			}
		}
	}
	cuts = make([]int, len(rooms)+1)
	for s := size; ; {
		lh := s * lhf * PtToMM
		i := 0
		for b, room := range rooms {
			cuts[b] = len(text)
			if i < len(toks) {
				cuts[b] = toks[i].off
			}
			if b == 0 {
				cuts[0] = 0
			}
			i = fillBox(toks, i, b, f, room[0]/unitsToMM(1, s), int(math.Floor((room[1]+eps)/lh)), opt.Wrap)
		}
		cuts[len(rooms)] = len(text)
		if i == len(toks) || s <= minSize {
			return cuts, s
		}
		s -= SizeStep
		if s < minSize+eps {
			s = minSize
		}
	}
}

// flowToken is a word of a text being flowed, or an empty line: where it
// starts in the text, and whether it starts a line of the text.
type flowToken struct {
	word
	off   int
	box   int  // the first box of the flow it may go in
	first bool // the first word of a line of the text ("\n" before it)
	empty bool // an empty line of the text
}

// flowTokens splits text as splitParas does, keeping where each word
// starts.
func flowTokens(text string, f *face) []flowToken {
	end := len(strings.TrimRight(text, " \n"))
	start := len(text[:end]) - len(strings.TrimLeft(text[:end], "\n"))
	if strings.TrimSpace(text[:end]) == "" {
		return nil
	}
	var out []flowToken
	lineStart := start
	for lineStart <= end {
		lineEnd := strings.IndexByte(text[lineStart:end], '\n')
		if lineEnd < 0 {
			lineEnd = end
		} else {
			lineEnd += lineStart
		}
		first := true
		for i := lineStart; i < lineEnd; {
			if text[i] == ' ' {
				i++
				continue
			}
			j := i
			for j < lineEnd && text[j] != ' ' {
				j++
			}
			out = append(out, flowToken{word: word{text[i:j], f.units(text[i:j])}, off: i, first: first})
			first = false
			i = j
		}
		if first {
			out = append(out, flowToken{off: lineStart, first: true, empty: true})
		}
		lineStart = lineEnd + 1
	}
	return out
}

// fillBox sets the tokens from i in lines no wider than budget (in
// thousandths of an em), as setLines breaks them, and returns the first
// token that does not fit in maxLines lines, or that belongs to a later
// box than box: a box's share of a flow.
// Words are not split between boxes (a word broken across lines stays in
// one box); without wrapping a line of the text wider than the box does
// not fit.
func fillBox(toks []flowToken, i, box int, f *face, budget float64, maxLines int, wrap bool) int {
	space := f.width(' ')
	lines := 0
	for i < len(toks) && lines < maxLines && toks[i].box <= box {
		t := toks[i]
		if t.empty {
			lines++
			i++
			continue
		}
		if !wrap {
			w, j := t.w, i+1
			for j < len(toks) && !toks[j].first && toks[j].box <= box {
				w += space + toks[j].w
				j++
			}
			if float64(w) > budget+eps {
				return i
			}
			lines++
			i = j
			continue
		}
		cur := t.w
		if float64(t.w) > budget+eps {
			chunks, _, lastW := breakWord(t.s, f, budget)
			if lines+len(chunks)+1 > maxLines {
				return i
			}
			lines += len(chunks)
			cur = lastW
		}
		lines++
		i++
		for i < len(toks) && !toks[i].first && toks[i].box <= box && float64(cur+space+toks[i].w) <= budget+eps {
			cur += space + toks[i].w
			i++
		}
	}
	return i
}
