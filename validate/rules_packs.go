package validate

import (
	"strconv"

	"github.com/deckwright/deckwright/cardsdb"
)

// Packs reports a setup (a deck with players: and packs:) that does not
// choose one pack per player, names a pack the game does not have or a pack
// twice, and warns about two packs of similar colour.
var Packs = &Rule{
	Name: "packs",
	Doc: `A setup (Kaizerseat: players: N and packs: [...], no deck building)
chooses one pack per player: as many different packs as players, each one
the game declares (the message suggests the closest name), none twice.
Warning: two packs of one colour group (their color_group, else their
color) in one game, with the rulebook's advice when the game gives it.`,
	Params: []*Param{
		{Name: "advice", Kind: ParamString, Default: "", Doc: "the rulebook's advice on colours, quoted with the warning"},
		{Name: "min_players", Kind: ParamInt, Default: 1, Min: intPtr(1), Max: intPtr(cardsdb.MaxPlayers), Doc: "the fewest players the game allows"},
		{Name: "max_players", Kind: ParamInt, Default: cardsdb.MaxPlayers, Min: intPtr(1), Max: intPtr(cardsdb.MaxPlayers), Doc: "the most players the game allows"},
	},
	Check: func(p *Pass) {
		g, l := p.Game, p.Deck.List
		if l.Players == 0 {
			p.Report(p.deckPos(), Error, "", "", "setup gives no player count; add players: N and choose one pack per player")
		} else if lo, hi := p.Int("min_players"), p.Int("max_players"); l.Players < lo || l.Players > hi {
			p.Report(l.PlayersPos, Error, "", "", "%s is for %s players, not %d; change players:", g.Name, span(lo, hi), l.Players)
		}
		if len(p.Deck.Packs) == 0 {
			if l.Players > 0 {
				p.Report(l.PlayersPos, Error, "", "", "setup chooses no packs; add packs: with %s (%s has %s)", plural(l.Players, "pack"), g.Name, quoteList(g.PackNames()))
			} else {
				p.Report(p.deckPos(), Error, "", "", "setup chooses no packs; add packs: with one pack per player (%s has %s)", g.Name, quoteList(g.PackNames()))
			}
			return
		}
		var chosen []cardsdb.DeckPack // the different known packs, in order
		seen := map[*cardsdb.Pack]cardsdb.DeckPack{}
		distinct := 0
		written := map[string]bool{}
		for _, dp := range p.Deck.Packs {
			if dp.Pack == nil {
				if k := cardsdb.Fold(dp.Written); !written[k] {
					written[k] = true
					distinct++
				}
				if len(dp.Suggestions) > 0 {
					p.Report(dp.Pos, Error, "", "", "no pack named %q in %s%s", dp.Written, g.Name, cardsdb.DidYouMean(dp.Suggestions))
				} else {
					p.Report(dp.Pos, Error, "", "", "no pack named %q in %s (packs: %s)", dp.Written, g.Name, quoteList(g.PackNames()))
				}
				continue
			}
			if first, dup := seen[dp.Pack]; dup {
				p.Report(dp.Pos, Error, "", "", "pack %q is chosen twice (first %s); choose each pack once", dp.Pack.Name, where(first.Pos, dp.Pos))
				continue
			}
			seen[dp.Pack] = dp
			chosen = append(chosen, dp)
			distinct++
		}
		if l.Players > 0 && distinct != l.Players {
			fix := "add " + strconv.Itoa(l.Players-distinct)
			if distinct > l.Players {
				fix = "remove " + strconv.Itoa(distinct-l.Players)
			}
			p.Report(l.PlayersPos, Error, "", "", "setup has %s for %d players, want one pack per player (%s)", plural(distinct, "pack"), l.Players, fix)
		}
		advice := p.String("advice")
		for i, b := range chosen {
			for _, a := range chosen[:i] {
				ga := a.Pack.Group()
				if ga == "" || ga != b.Pack.Group() {
					continue
				}
				msg := "packs " + strconv.Quote(a.Pack.Name) + " (" + colorOf(a.Pack) + ") and " + strconv.Quote(b.Pack.Name) + " (" + colorOf(b.Pack) + ") are of similar colour"
				if advice != "" {
					msg += "; the rulebook advises: " + strconv.Quote(advice)
				}
				p.Report(b.Pos, Warning, "", "", "%s; consider another pack instead of %q", msg, b.Pack.Name)
			}
		}
	},
}

func colorOf(pk *cardsdb.Pack) string {
	switch {
	case pk.Color != "" && pk.ColorGroup != "" && pk.ColorGroup != pk.Color:
		return pk.Color + ", colour group " + pk.ColorGroup
	case pk.Color != "":
		return pk.Color
	}
	return "colour group " + pk.ColorGroup
}

// span is "3 to 6", or "4" when lo == hi.
func span(lo, hi int) string {
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return strconv.Itoa(lo) + " to " + strconv.Itoa(hi)
}

// where says where pos is, seen from here: "at column 9" on the same line,
// else "on line 4".
func where(pos, here cardsdb.Pos) string {
	if pos.Line == here.Line && pos.File == here.File {
		return "at column " + strconv.Itoa(pos.Col)
	}
	return "on line " + strconv.Itoa(pos.Line)
}
