package cardsdb

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/internal/yamlmap"
)

// cardsFileDoc is a cards file being read.
type cardsFileDoc struct {
	sample, allProv    bool
	prov               []string
	cards, art         *yaml.Node
	backSeen, gameSeen bool
	otherGame          bool // the file is for another game: read no further
}

var cardsFileKeys = newKeys("cards file", []key[*cardsFileDoc]{
	{"game", func(d *decoder, v *yaml.Node, f *cardsFileDoc) {
		f.gameSeen = true
		if id := d.str(v, "game"); id != d.game.ID {
			d.errorf(v, "cards file is for game %q, but it is loaded into %q", id, d.game.ID)
			f.otherGame = true
		}
	}},
	{"sample", func(d *decoder, v *yaml.Node, f *cardsFileDoc) { f.sample = d.bool(v, "sample") }},
	{"provisional", func(d *decoder, v *yaml.Node, f *cardsFileDoc) { f.allProv, f.prov = d.provisional(v) }},
	{"back", func(d *decoder, v *yaml.Node, f *cardsFileDoc) {
		d.game.Back = d.defaultBack(v, d.game.Back)
		f.backSeen = true
	}},
	{"art", func(d *decoder, v *yaml.Node, f *cardsFileDoc) { f.art = v }},
	{"cards", func(d *decoder, v *yaml.Node, f *cardsFileDoc) { f.cards = v }},
})

// ParseCards reads a cards file and adds its cards to g. file names it in
// errors and dir is the folder, inside the game's FS, that image paths start
// from. Every problem in the file is reported, as an ErrorList; cards
// without problems are added even when others have some.
func ParseCards(file string, data []byte, dir string, g *Game) error {
	if err := CheckText(file, data); err != nil {
		return err
	}
	root, err := parseYAML(file, data)
	if err != nil {
		return err
	}
	d := &decoder{file: file, dir: dir, game: g}
	pairs, ok := yamlmap.Pairs(d, root, "cards file")
	if !ok {
		return d.errs.Err()
	}
	f := &cardsFileDoc{}
	for _, p := range pairs {
		if cardsFileKeys.Pair(d, p, f); f.otherGame {
			return d.errs.Err()
		}
	}
	if !f.gameSeen {
		d.errorf(root, "cards file has no \"game\"; add game: %s", g.ID)
	}
	if f.art != nil {
		d.art(f.art, g)
	}
	if f.cards == nil && (f.art != nil || f.backSeen) {
		// A file may only give art and a back for cards the game has.
		g.applyArt()
		return d.errs.Err()
	}
	if f.cards == nil {
		d.errorf(root, "cards file has no \"cards\" list")
		return d.errs.Err()
	}
	if items, ok := d.list(f.cards, "cards must be a list"); ok {
		d.addCards(g, items, f.sample, f.allProv, f.prov)
	}
	return d.errs.Err()
}

// addCards decodes the card mappings of a cards file (or a table's rows)
// and adds those without problems to g.
func (d *decoder) addCards(g *Game, items []*yaml.Node, fileSample, fileAllProv bool, fileProv []string) {
	doc := &cardDoc{typeIDs: g.TypeIDs(), factionIDs: g.Factions.IDs()} // one for all cards
	for _, item := range items {
		c := d.card(item, g, doc)
		if c == nil {
			continue
		}
		c.Sample = c.Sample || fileSample
		if !c.provSet {
			// A card's own provisional list replaces the file's default.
			c.AllProvisional, c.Provisional = fileAllProv, fileProv
		}
		if prev, dup := g.byKey[c.Key]; dup {
			what := "duplicate card name"
			if prev.Name != c.Name {
				what = "card name " + strconv.Quote(c.Name) + " is the same as"
			}
			d.errorf(item, "%s %q (first at %s); card names must be unique in a game", what, prev.Name, prev.Pos)
			continue
		}
		c.Index = len(g.Cards)
		g.Cards = append(g.Cards, c)
		g.byKey[c.Key] = c
		g.addAlias(c)
	}
	g.link()
	g.applyArt()
}

// link points every card field at the card it names, where that card is
// loaded; Game.check reports the names that stay unlinked.
func (g *Game) link() {
	for _, c := range g.Cards {
		for name, v := range c.Fields {
			if v.Kind == KindCard && v.Ref == nil {
				if v.Ref = g.Card(v.Str); v.Ref != nil {
					c.Fields[name] = v
				}
			}
		}
	}
}

func (d *decoder) provisional(n *yaml.Node) (all bool, fields []string) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!bool" {
		return d.bool(n, "provisional"), nil
	}
	return false, d.strings(n, "provisional")
}

// cardDoc is a card being read, with the lists its messages suggest from
// (made once for all the cards of a file).
type cardDoc struct {
	*Card
	typ                 *CardType
	typeIDs, factionIDs []string
}

// cardHeadKeys read a card's name and type, which decide the other keys.
var cardHeadKeys = newKeys("card", []key[*cardDoc]{
	{"name", func(d *decoder, v *yaml.Node, c *cardDoc) {
		c.Name = d.name(v, "card name")
		c.Key = Fold(c.Name)
		if c.Key == "" && c.Name != "" {
			d.errorf(v, "card name %q has no letters or digits", c.Name)
		}
	}},
	{"type", func(d *decoder, v *yaml.Node, c *cardDoc) {
		c.Type = d.str(v, "card type")
		if c.typ = d.game.Type(c.Type); c.typ == nil && c.Type != "" {
			d.errorf(v, "unknown card type %q; %s has types %s%s", c.Type, d.game.Name, joinSome(c.typeIDs), didYouMean(d.suggest(c.Type, c.typeIDs)))
		}
	}},
})

// cardKeys are the keys every card takes (reservedCardKeys and
// commonCardKeys) but name and type; its type's fields come on top.
var cardKeys = newKeys("card", []key[*cardDoc]{
	{"name", func(*decoder, *yaml.Node, *cardDoc) {}},
	{"type", func(*decoder, *yaml.Node, *cardDoc) {}},
	{"faction", func(d *decoder, v *yaml.Node, c *cardDoc) {
		c.Factions = d.strings(v, "faction")
		for i, f := range c.Factions {
			if !d.game.Factions.Has(f) {
				d.errorf(nodeAt(v, i), "unknown %s %q%s", strings.ToLower(d.game.Factions.Label), f, didYouMean(d.suggest(f, c.factionIDs)))
			}
		}
	}},
	{"text", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Text = d.str(v, "text") }},
	{"flavor", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Flavor = d.str(v, "flavor") }},
	{"copies", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Copies, _ = d.intIn(v, "copies", 0, 999) }},
	{"deck_limit", func(d *decoder, v *yaml.Node, c *cardDoc) { c.DeckLimit, _ = d.intIn(v, "deck_limit", 1, 999) }},
	{"pack", func(d *decoder, v *yaml.Node, c *cardDoc) {
		g := d.game
		c.Pack = d.str(v, "pack")
		if len(g.Packs) > 0 && c.Pack != "" {
			if pk := g.Pack(c.Pack); pk != nil {
				c.Pack = pk.ID
			} else {
				d.errorf(v, "unknown pack %q; %s has packs %s%s", c.Pack, g.Name, joinSome(packIDs(g)), didYouMean(d.suggest(c.Pack, packIDs(g))))
			}
		}
	}},
	{"image", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Image = d.imagePath(v) }},
	{"back", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Back = d.face(v) }},
	{"provisional", func(d *decoder, v *yaml.Node, c *cardDoc) {
		c.AllProvisional, c.Provisional = d.provisional(v)
		c.provSet = true
	}},
	{"sample", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Sample = d.bool(v, "sample") }},
	{"tags", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Tags = d.strings(v, "tags") }},
	{"icons", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Icons = d.icons(v, d.game, c.factionIDs) }},
	{"unique", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Unique = d.bool(v, "unique") }},
	{"traits", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Traits = d.strings(v, "traits") }},
	{"alias", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Alias = d.name(v, "alias") }},
	{"subtitle", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Subtitle = d.str(v, "subtitle") }},
	{"illustrator", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Illustrator = d.str(v, "illustrator") }},
	{"set", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Set = d.name(v, "set") }},
	{"number", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Number = d.name(v, "number") }},
	{"landscape", func(d *decoder, v *yaml.Node, c *cardDoc) { c.Landscape = d.boolPtr(v, "landscape") }},
})

func (d *decoder) card(n *yaml.Node, g *Game, c *cardDoc) *Card {
	errsBefore := len(d.errs)
	pairs, ok := yamlmap.Pairs(d, n, "card")
	if !ok {
		return nil
	}
	c.Card, c.typ = &Card{Pos: d.pos(n), Copies: 1}, nil
	// The type decides which other keys are allowed, so read it first.
	for _, p := range pairs {
		cardHeadKeys.Known(d, p, c)
	}
	if c.Name == "" {
		if !yamlmap.Has(pairs, "name") {
			d.errorf(n, "card has no name")
		}
		return nil
	}
	if c.Type == "" && !yamlmap.Has(pairs, "type") {
		d.errorf(n, "card %q has no type; add type: (one of %s)", c.Name, joinSome(c.typeIDs))
		return nil
	}
	typ := c.typ
	if typ == nil {
		return nil
	}
	c.Fields = make(map[string]Value, len(typ.Fields))
	var seen []string // the type's fields the card gives, valid or not
	for _, p := range pairs {
		// A type's field wins over a common key of its name.
		f := typ.Field(p.Key)
		if f != nil && contains(commonCardKeys, p.Key) || !cardKeys.Known(d, p, c) {
			if f == nil {
				allowed := append(append([]string{}, reservedCardKeys...), commonCardKeys...)
				for _, tf := range typ.Fields {
					allowed = append(allowed, tf.Name)
				}
				d.errorf(p.K, "unknown key %q for %s card%s", p.Key, Article(typ.Name), didYouMean(d.suggest(p.Key, allowed)))
				continue
			}
			seen = append(seen, f.Name)
			if v, ok := d.value(p.V, f); ok {
				c.Fields[f.Name] = v
				d.checkEffects(p.V, f, g)
			}
		}
	}
	for _, f := range typ.Fields {
		if f.Required && !contains(seen, f.Name) {
			d.errorf(n, "%s", typ.MissingField(c.Name, f))
		}
	}
	if len(d.errs) > errsBefore {
		return nil
	}
	return c.Card
}

var faceKeys = newKeys("back", []key[*Face]{
	{"name", func(d *decoder, v *yaml.Node, f *Face) { f.Name = d.name(v, "back name") }},
	{"text", func(d *decoder, v *yaml.Node, f *Face) { f.Text = d.str(v, "back text") }},
	{"image", func(d *decoder, v *yaml.Node, f *Face) { f.Image = d.imagePath(v) }},
})

func (d *decoder) face(n *yaml.Node) *Face {
	f := &Face{}
	faceKeys.Decode(d, n, f)
	return f
}

// symbol returns the symbol of the field that n holds, if n is one
// (compared ignoring case).
func (f *Field) symbol(n *yaml.Node) (string, bool) {
	if n.Kind != yaml.ScalarNode {
		return "", false
	}
	return f.Symbol(n.Value)
}

// value reads a field's value by its kind, and checks it as every card
// field is checked (Field.checkValue).
func (d *decoder) value(n *yaml.Node, f *Field) (Value, bool) {
	v := Value{Kind: f.Kind, Pos: d.pos(n)}
	what := "field " + strconv.Quote(f.Name)
	if sym, ok := f.symbol(n); ok {
		// A symbol the field accepts ("?", "X"): no number.
		v.Symbol = sym
		return v, true
	}
	switch f.Kind {
	case KindInt:
		x, ok := d.int(n, what)
		if !ok {
			return v, false
		}
		v.Int = x
	case KindCost:
		if n.Kind == yaml.ScalarNode && (n.Value == "X" || n.Value == "x") {
			v.X = true
			return v, true
		}
		if n.Kind == yaml.ScalarNode && n.Tag != "!!int" {
			d.errorf(n, "%s must be a whole number or X, found %q", what, n.Value)
			return v, false
		}
		x, ok := d.int(n, what)
		if !ok {
			return v, false
		}
		v.Int = x
	case KindString, KindText, KindCard, KindEnum:
		s, ok := d.scalar(n, what)
		if !ok {
			return v, false
		}
		v.Str = s
	case KindBool:
		v.Bool = d.bool(n, what)
	case KindList:
		v.List = d.strings(n, what)
	}
	if msg, item := f.checkValue(v, what, d.suggest); msg != "" {
		at := n
		if item >= 0 {
			at = nodeAt(n, item)
		}
		d.errs.Add(d.pos(at), "%s", msg)
		return v, false
	}
	return v, true
}

// boundsText says a field's bounds for a message: "1 to 30", "at least 0".
func boundsText(f *Field) string {
	switch {
	case f.Min != nil && f.Max != nil:
		return strconv.Itoa(*f.Min) + " to " + strconv.Itoa(*f.Max)
	case f.Min != nil:
		return "at least " + strconv.Itoa(*f.Min)
	case f.Max != nil:
		return "at most " + strconv.Itoa(*f.Max)
	}
	return "any"
}

func packIDs(g *Game) []string {
	out := make([]string, len(g.Packs))
	for i, p := range g.Packs {
		out[i] = p.ID
	}
	return out
}
