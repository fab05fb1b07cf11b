package pnp

import (
	"fmt"
	"slices"
)

// This file reads a PDF whose pages of backs were named (Options.BacksPages,
// --backs-pages): no fronts are cut from them, and each is paired with a
// page of fronts before it.

// readBacksPages reads pages, those of im.opt.BacksPages as backs and the
// others as fronts, into res. A run of k pages of backs one after another
// (in the order read) is paired, in order, with the last k pages of
// fronts before it that have no backs yet: backs after each page of
// fronts (2 with 1, 4 with 3), or all the backs after all the fronts
// (with fronts 1-6 and backs 7-12, 7 with 1 ... 12 with 6). A page of
// backs left with no page of fronts to pair with is skipped, and says so;
// skip records a page that cannot be read.
func (im *importer) readBacksPages(res *Result, pages []int, skip func(nr int, why string, err error) error) error {
	isBack := map[int]bool{}
	for _, nr := range im.opt.BacksPages {
		isBack[nr] = true
	}
	// A page of fronts read and not yet paired: its side, and where its
	// cards and report are in res.
	type frontsPage struct {
		sd         *side
		first, rep int
	}
	var unpaired []frontsPage
	for i := 0; i < len(pages); {
		nr := pages[i]
		if !isBack[nr] {
			sd, err := im.readWhole(nr)
			i++
			if err != nil {
				if err := skip(nr, "", err); err != nil {
					return err
				}
				continue
			}
			sd.report.Side = "fronts"
			unpaired = append(unpaired, frontsPage{sd: sd, first: len(res.Cards), rep: len(res.Pages)})
			res.Pages = append(res.Pages, sd.report)
			for _, c := range sd.cuts {
				res.Cards = append(res.Cards, Card{Front: c.face})
			}
			continue
		}
		run := i
		for i < len(pages) && isBack[pages[i]] {
			i++
		}
		k := i - run
		m := min(k, len(unpaired))
		targets := unpaired[len(unpaired)-m:]
		unpaired = unpaired[:len(unpaired)-m]
		for j, nr := range pages[run:i] {
			if j >= m {
				if err := skip(nr, "a page of backs (--backs-pages), but no page of fronts before it is left to pair it with", nil); err != nil {
					return err
				}
				continue
			}
			f := targets[j]
			backs, err := im.readWhole(nr)
			if err != nil {
				if err := skip(nr, "", err); err != nil {
					return err
				}
				continue
			}
			backs.report.Side, backs.report.BacksOf, backs.report.Given = "backs", f.sd.report.Page, "--backs-pages"
			cards := im.pairPages(f.sd, backs)
			copy(res.Cards[f.first:f.first+len(cards)], cards)
			res.Pages = append(res.Pages, backs.report)
		}
	}
	return nil
}

// backsPagesCheck refuses pages of backs that are not among the pages
// read.
func backsPagesCheck(backs, pages []int) error {
	for _, nr := range backs {
		if !slices.Contains(pages, nr) {
			return fmt.Errorf("page %d is named a page of backs but is not read (see --pages)", nr)
		}
	}
	return nil
}
