package cardsdb

import (
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/internal/yamlmap"
)

// addAlias records c's alias, unless it is the card's own name.
func (g *Game) addAlias(c *Card) {
	if c.Alias == "" {
		return
	}
	key := Fold(c.Alias)
	if key == "" || key == c.Key {
		return
	}
	if g.aliases == nil {
		g.aliases = map[string][]*Card{}
	}
	g.aliases[key] = append(g.aliases[key], c)
}

// Alias returns the cards whose alias (short name) is name, in file order:
// "Goldie Xin" finds "Goldie Xin: Tinkering Technician" and "Goldie Xin:
// Junk Collector". Card finds a card by its alias only when exactly one
// card has it.
func (g *Game) Alias(name string) []*Card { return g.aliases[Fold(name)] }

// icons reads a card's counted icons: a mapping of faction id to a count.
func (d *decoder) icons(n *yaml.Node, g *Game, factionIDs []string) []Icon {
	pairs, ok := yamlmap.Pairs(d, n, "icons")
	if !ok {
		return nil
	}
	var out []Icon
	for _, p := range pairs {
		if !g.Factions.Has(p.Key) {
			d.errorf(p.K, "icons: unknown %s %q%s", strings.ToLower(g.Factions.Label), p.Key, didYouMean(Suggest(p.Key, factionIDs, 1)))
			continue
		}
		if k, ok := d.intIn(p.V, "icons: "+p.Key, 0, 99); ok {
			out = append(out, Icon{Faction: p.Key, Count: k})
		}
	}
	return out
}
