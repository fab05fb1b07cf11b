package pnp

import (
	"fmt"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// Each page read gets a confidence, from 0 to 1, that it was read right:
// its grid and its side. A page starts from how its grid was found and
// loses confidence for each doubt seen (see assess); below UncertainBelow
// it is uncertain, and the summary names it so that the user looks at the
// contact sheet.

// UncertainBelow is the confidence under which a page is uncertain.
const UncertainBelow = 0.7

// The confidence a page starts from, by how its grid was found.
var methodConfidence = map[string]float64{
	"images":    1,    // the PDF says where each card is
	"trimbox":   1,    // the PDF's TrimBox is the card
	"lines":     0.95, // a grid seen on the rendered page
	"marks":     0.95,
	"gaps":      0.95,
	"page":      0.9, // the page divided evenly: no edge seen
	"neighbour": 0.8, // no grid seen: the full page's grid, taken
	"skipped":   1,   // no grid of cards at all
	"board":     0.8, // skipped as a map, a board or a booklet
}

// assess gives each page of res its confidence and doubt; layoutDoubt,
// when not "", is a doubt about how the first pages pair.
func assess(res *Result, layoutDoubt string) {
	fronts := map[int][]Face{}
	backOf := map[int]int{}   // page of fronts -> its page of backs
	unpaired := map[int]int{} // page of fronts -> cards without a back
	backsUsed := map[int]int{}
	for _, c := range res.Cards {
		fronts[c.Front.Page] = append(fronts[c.Front.Page], c.Front)
		if c.Back == nil {
			unpaired[c.Front.Page]++
			continue
		}
		if c.Back.Page != c.Front.Page {
			backOf[c.Front.Page] = c.Back.Page
		}
		backsUsed[c.Back.Page]++
	}
	index := map[int]int{}
	for i, p := range res.Pages {
		index[p.Page] = i
	}
	doubt := func(i int, factor float64, why string) {
		p := &res.Pages[i]
		p.Confidence *= factor
		if why != "" && !strings.Contains(p.Doubt, why) {
			if p.Doubt != "" {
				p.Doubt += "; "
			}
			p.Doubt += why
		}
	}
	for i := range res.Pages {
		p := &res.Pages[i]
		kept := p.Doubt // a doubt found while reading (see keepGrid)
		p.Doubt = ""
		m := p.Method
		if p.Side == "skipped" {
			m = "skipped"
			if strings.HasPrefix(p.Skipped, noCards+": one picture") || strings.HasPrefix(p.Skipped, noCards+": ") && strings.Contains(p.Skipped, "booklet") {
				m = "board"
			}
		}
		p.Confidence = methodConfidence[m]
		if p.Confidence == 0 {
			p.Confidence = 0.9
		}
		if kept != "" {
			doubt(i, 0.5, kept)
		}
		if p.fit != "" {
			doubt(i, p.fitFactor, p.fit)
		}
	}
	for i := range res.Pages {
		p := res.Pages[i]
		switch p.Side {
		case "fronts":
			// Cards placed as images are where the PDF says (and may
			// span cells: a landscape card among portrait ones).
			if gaps := holes(fronts[p.Page], p.Rows, p.Cols); gaps > 0 && p.Method != "images" {
				doubt(i, 0.6, fmt.Sprintf("%s of its grid left empty among its cards", cardsdb.Plural(gaps, "cell")))
			}
			if res.Layout == LayoutDuplex {
				bp, ok := backOf[p.Page]
				if n := unpaired[p.Page]; n > 0 {
					why := fmt.Sprintf("%d of %d cards found no back", n, len(fronts[p.Page]))
					doubt(i, 0.6, why)
					if i+1 < len(res.Pages) && res.Pages[i+1].Side == "backs" {
						doubt(i+1, 0.6, why)
					}
				}
				if ok {
					if j, ok2 := index[bp]; ok2 && res.Pages[j].Cards > backsUsed[bp] {
						doubt(j, 0.6, fmt.Sprintf("%d of its %d backs match no card of page %d", res.Pages[j].Cards-backsUsed[bp], res.Pages[j].Cards, p.Page))
					}
				}
			}
		case "fold":
			if n := unpaired[p.Page]; n > 0 {
				doubt(i, 0.6, fmt.Sprintf("%d of %d cards found no back on the other half", n, len(fronts[p.Page])))
			}
		}
	}
	if layoutDoubt != "" {
		n := 0
		for i, p := range res.Pages {
			if p.Cards > 0 && n < 2 {
				doubt(i, 0.6, layoutDoubt)
				n++
			}
		}
	}
}

// holes counts the cells of a rows×cols grid left empty before the last
// card in reading order: a card the grid missed, where a partly filled
// page leaves its empty cells at the end.
func holes(faces []Face, rows, cols int) int {
	if rows*cols <= len(faces) || len(faces) == 0 {
		return 0
	}
	at := make([]bool, rows*cols)
	last := -1
	for _, f := range faces {
		k := (f.Row-1)*cols + f.Col - 1
		if k < 0 || k >= len(at) {
			continue
		}
		at[k] = true
		last = max(last, k)
	}
	n := 0
	for k := 0; k < last; k++ {
		if !at[k] {
			n++
		}
	}
	return n
}

// Uncertain returns the pages read with a confidence under
// UncertainBelow, in order, and their doubts, each once.
func (r *Result) Uncertain() (pages []int, why []string) {
	for _, p := range r.Pages {
		if p.Confidence >= UncertainBelow || p.Confidence == 0 && p.Doubt == "" {
			continue
		}
		pages = append(pages, p.Page)
		for _, d := range strings.Split(p.Doubt, "; ") {
			if d != "" && !contains(why, d) {
				why = append(why, d)
			}
		}
	}
	sort.Ints(pages)
	return pages, why
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// fitDoubt says how well a grid found on a rendered page fits it, when
// less than well, and the factor that costs the page's confidence: some
// of the cards' edges not clearly seen, neither on the grid's lattice nor
// where the cards were cut (check drops a grid with more than
// a quarter unseen), or cells whose sizes vary by more than a millimetre
// (the cards are cut at one size). A little of either costs little; more
// than a tenth of the edges unseen, or cells 2 mm apart, makes the page
// uncertain.
func fitDoubt(g *pageGrid) (string, float64) {
	var why []string
	factor := 1.0
	if g.edgeless {
		// No edge was seen: where the cut falls is the lattice's guess
		// (crop marks, or the print centred in its cell).
		if g.method == "blocks" {
			why = append(why, fmt.Sprintf("no card edge seen: cut midway between the blocks of its print, %.1fx%.1f mm apart", g.trimW, g.trimH))
		} else if g.from > 0 {
			why = append(why, fmt.Sprintf("no card edge seen: cut on the grid of page %d, found where its print repeats", g.from))
		} else if g.trimW > 0 {
			why = append(why, fmt.Sprintf("no card edge seen: cut where its print repeats, %.1fx%.1f mm apart", g.trimW, g.trimH))
		} else {
			why = append(why, "no card edge seen: cut where its print repeats")
		}
		factor *= 0.75
	}
	if g.unseen > 0 {
		why = append(why, fmt.Sprintf("%d of its grid's %d card edges not clearly seen", g.unseen, g.edges))
		factor *= 0.85
		if 10*g.unseen > g.edges {
			factor *= 0.7
		}
	}
	if g.spread > 1 {
		why = append(why, fmt.Sprintf("its cells vary in size by %.1f mm", g.spread))
		factor *= 0.85
		if g.spread >= 2 {
			factor *= 0.7
		}
	}
	return strings.Join(why, "; "), factor
}
