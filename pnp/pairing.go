package pnp

import (
	"fmt"

	"github.com/disintegration/imaging"
)

// Pages of backs that each card has its own (a constellation behind each
// named card) share no back design, and a full grid mirrored is the same
// grid: nothing on one pair of pages tells them from two pages of fronts.
// Over two pairs the pages tell: the pages of fronts look alike, the pages
// of backs look alike, and a page of fronts looks unlike the page after
// it. A page's look is the colour make-up of its cards and where on them
// their ink lies (see pageLook).

// lookBins is the number of colour bins of a page's look: 8 levels of
// each of red, green and blue (with 4, a light grey ground and white
// paper shared one bin).
const lookBins = 512

// layoutSide is the side of the square of parts a face's ink is counted
// in for its layout (see pageLook).
const layoutSide = 6

// pageLook is the make-up of the faces cut from a page, the faces shrunk
// to 24×24 pixels and weighed alike: in its first lookBins places, the
// share of their pixels in each colour bin; in the layoutSide² after,
// where on a face its ink lies (how much darker than the face's lightest
// each part is, a share of the face's whole), so that flash cards of a
// small word in a corner and of one big letter in the middle look unlike
// though both are black on white.
type pageLook [lookBins + layoutSide*layoutSide]float64

func lookOf(cuts []cut) pageLook {
	var l pageLook
	if len(cuts) == 0 {
		return l
	}
	const side = 24
	for _, c := range cuts {
		small := imaging.Resize(c.face.Pixels(), side, side, imaging.Box)
		n := 0.0
		var h pageLook
		var grey [side * side]int
		lightest := 0
		for y := 0; y < side; y++ {
			for x := 0; x < side; x++ {
				p := small.Pix[small.PixOffset(x, y):]
				h[int(p[0])>>5<<6|int(p[1])>>5<<3|int(p[2])>>5]++
				n++
				grey[y*side+x] = luma(p)
				lightest = max(lightest, grey[y*side+x])
			}
		}
		for i := range lookBins {
			l[i] += h[i] / n / float64(len(cuts))
		}
		var parts [layoutSide * layoutSide]float64
		ink := 0.0
		for i, v := range grey {
			d := float64(lightest - v)
			row, col := (i/side)*layoutSide/side, (i%side)*layoutSide/side
			parts[row*layoutSide+col] += d
			ink += d
		}
		if ink > 0 {
			for i, v := range parts {
				l[lookBins+i] += v / ink / float64(len(cuts))
			}
		}
	}
	return l
}

// lookDistance is how unlike two looks are: 0 the same colours and the
// ink in the same places, 1 no colour in common or the ink in other
// places; the greater of the two.
func lookDistance(a, b pageLook) float64 {
	layout, inkA, inkB := 0.0, 0.0, 0.0
	for i := lookBins; i < len(a); i++ {
		layout += max(a[i]-b[i], b[i]-a[i])
		inkA += a[i]
		inkB += b[i]
	}
	if inkA == 0 || inkB == 0 {
		layout = 0 // a page of blank faces has no layout
	}
	return max(colourDistance(a, b), layout/2)
}

// colourDistance is how unlike two looks are in their colours alone: 0
// the same colours, 1 none in common.
func colourDistance(a, b pageLook) float64 {
	d := 0.0
	for i := range lookBins {
		d += max(a[i]-b[i], b[i]-a[i])
	}
	return d / 2
}

// Thresholds of alternating pages: a page of fronts and the page after
// it differ by at least pairUnlike, and the pages of one kind by at most
// pairKind of the least difference between a page and the page after it:
// backs of their own in many colours (music cards, each back another
// colour) differ among themselves by half as much as from their fronts.
const (
	pairUnlike = 0.35
	pairKind   = 0.6
)

// alternating reports whether looks (one a page, in order, an even
// number, at least four) alternate: every odd page like the other odd
// pages, every even page like the other even pages, and each page unlike
// the page after it. It returns the least difference between a page and
// the next and the greatest between pages of one kind.
func alternating(looks []pageLook) (bool, float64, float64) {
	if len(looks) < 4 || len(looks)%2 != 0 {
		return false, 0, 0
	}
	across := 1.0
	for i := 0; i+1 < len(looks); i += 2 {
		across = min(across, lookDistance(looks[i], looks[i+1]))
	}
	within := 0.0
	for i := range looks {
		for j := i + 2; j < len(looks); j += 2 {
			within = max(within, lookDistance(looks[i], looks[j]))
		}
	}
	return across >= pairUnlike && within <= pairKind*across, across, within
}

// pairsAlternate tells, on the pages from rest on (an even number of
// them, the first two already read as fronts and backs), whether the
// first four pages alternate (see alternating) with as many cards on each
// page of a pair, the second's at the mirrored places of the first's:
// pages of fronts, each followed by their backs. It reads pages 3 and 4
// only when the first two look unlike.
func (im *importer) pairsAlternate(rest []int, fronts, backs *side, mirror func(*side) func(Rect) (float64, float64)) (bool, string) {
	if len(rest) < 4 {
		return false, ""
	}
	l0, l1 := lookOf(fronts.cuts), lookOf(backs.cuts)
	if lookDistance(l0, l1) < pairUnlike {
		return false, ""
	}
	f2, err := im.readWhole(rest[2])
	if err != nil {
		return false, ""
	}
	b2, err := im.readWhole(rest[3])
	if err != nil || len(f2.cuts) != len(b2.cuts) || !placedAt(f2.cuts, b2.cuts, mirror(f2), im.opt.CardW) {
		return false, ""
	}
	ok, across, within := alternating([]pageLook{l0, l1, lookOf(f2.cuts), lookOf(b2.cuts)})
	if !ok {
		return false, ""
	}
	return true, fmt.Sprintf("pages %d and %d look alike, and so do pages %d and %d, each unlike the page after it (%.0f%% of their colours apart, %.0f%% between pages alike), and each card lies at the mirrored place of one on the page before: each card has a back of its own",
		rest[0], rest[2], rest[1], rest[3], 100*across, 100*within)
}

// copiesBacks counts, among cards (fronts paired with backs), the copies
// of fronts printed more than once whose copies all have one back
// (agree) and of those whose copies have backs unlike each other
// (disagree). Read as
// fronts and their backs, copies of one front carry one back: a page
// whose cards at the mirrored places of one front's copies differ is no
// page of their backs (a second page of fronts, other cards in the
// places of the copies).
func copiesBacks(cards []Card) (agree, disagree int) {
	var g grouper
	groups := map[int][]Face{}
	for _, c := range cards {
		if c.Back == nil {
			continue
		}
		i := g.add(c.Front)
		groups[i] = append(groups[i], *c.Back)
	}
	for _, backs := range groups {
		if len(backs) < 2 {
			continue
		}
		first := newFaceSig(backs[0])
		same := true
		for _, b := range backs[1:] {
			if !first.same(newFaceSig(b)) {
				same = false
				break
			}
		}
		if same {
			agree += len(backs)
		} else {
			disagree += len(backs)
		}
	}
	return agree, disagree
}
