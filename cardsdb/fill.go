package cardsdb

// resolveSetup looks up the list's variant and packs, reporting what cannot
// be read as a setup of the game.
func (d *Deck) resolveSetup(errs *ErrorList) {
	g, l := d.Game, d.List
	if l.Variant != "" {
		if d.Variant = g.Variant(l.Variant); d.Variant == nil {
			pos := l.VariantPos
			if len(g.Variants) == 0 {
				errs.Add(pos, "unknown variant %q; %s has no variants (remove variant:)", l.Variant, g.Name)
			} else {
				errs.Add(pos, "unknown variant %q; %s has variants %s%s", l.Variant, g.Name, joinSome(g.VariantIDs()), didYouMean(Suggest(l.Variant, g.VariantIDs(), 1)))
			}
		}
	}
	if len(l.Packs) > 0 && len(g.Packs) == 0 {
		errs.Add(l.Packs[0].Pos, "%s has no packs; remove packs: (a setup of packs is for games such as Kaizerseat)", g.Name)
		return
	}
	for _, r := range l.Packs {
		dp := DeckPack{Pack: g.Pack(r.Name), Written: r.Name, Pos: r.Pos}
		if dp.Pack == nil {
			dp.Suggestions = g.SuggestPack(r.Name)
		}
		d.Packs = append(d.Packs, dp)
	}
}

// listPos is where cards that follow from the list as a whole point: its
// game line, else the start of its file.
func (d *Deck) listPos() Pos {
	if d.List.GamePos.Line > 0 {
		return d.List.GamePos
	}
	return Pos{File: d.List.File, Line: 1, Col: 1}
}

// physical returns how many copies of c the physical set holds for this
// deck: the card's copies less what the deck's variant removes.
func (d *Deck) physical(c *Card) int { return max(c.Copies-d.Variant.Removed(c), 0) }

// addFromPacks adds, to each section marked from_packs, every card of each
// chosen pack (once per pack, however often the list names it) that the
// section takes and the list does not name.
func (d *Deck) addFromPacks() {
	if len(d.Packs) == 0 {
		return
	}
	in := d.cardSet()
	for _, s := range d.Game.Sections {
		if !s.FromPacks {
			continue
		}
		done := map[*Pack]bool{}
		for _, dp := range d.Packs {
			if dp.Pack == nil || done[dp.Pack] {
				continue
			}
			done[dp.Pack] = true
			for _, c := range d.Game.PackCards(dp.Pack.ID) {
				if n := d.physical(c); n > 0 && s.Takes(c.Type) && !in[c] {
					d.Cards = append(d.Cards, DeckCard{Card: c, Count: n, Section: s, Pos: dp.Pos, Written: c.Name, Auto: true})
					in[c] = true
				}
			}
		}
	}
}

// addAll adds, to each section marked all, every card of its types that
// the list does not name, in its physical copies.
func (d *Deck) addAll() {
	var in map[*Card]bool
	for _, s := range d.Game.Sections {
		if !s.All {
			continue
		}
		if in == nil {
			in = d.cardSet()
		}
		for _, c := range d.Game.Cards {
			if n := d.physical(c); n > 0 && s.Takes(c.Type) && !in[c] {
				d.Cards = append(d.Cards, DeckCard{Card: c, Count: n, Section: s, Pos: d.listPos(), Written: c.Name, Auto: true})
				in[c] = true
			}
		}
	}
}

// cardSet returns the cards the deck holds so far.
func (d *Deck) cardSet() map[*Card]bool {
	in := make(map[*Card]bool, len(d.Cards))
	for _, dc := range d.Cards {
		in[dc.Card] = true
	}
	return in
}
