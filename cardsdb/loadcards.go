package cardsdb

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

var cardsFileKeys = []string{"game", "sample", "provisional", "back", "art", "cards"}

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
	pairs, ok := d.mapping(root, "cards file")
	if !ok {
		return d.errs.Err()
	}
	var (
		fileSample  bool
		fileProv    []string
		fileAllProv bool
		cardsNode   *yaml.Node
		artNode     *yaml.Node
		backSeen    bool
		gameSeen    bool
	)
	for _, p := range pairs {
		switch p.Key {
		case "game":
			gameSeen = true
			if id := d.str(p.V, "game"); id != g.ID {
				d.errorf(p.V, "cards file is for game %q, but it is loaded into %q", id, g.ID)
				return d.errs.Err()
			}
		case "sample":
			fileSample = d.bool(p.V, "sample")
		case "provisional":
			fileAllProv, fileProv = d.provisional(p.V)
		case "cards":
			cardsNode = p.V
		case "back":
			g.Back = d.defaultBack(p.V, g.Back)
			backSeen = true
		case "art":
			artNode = p.V
		default:
			d.unknown(p, "cards file", cardsFileKeys)
		}
	}
	if !gameSeen {
		d.errorf(root, "cards file has no \"game\"; add game: %s", g.ID)
	}
	if artNode != nil {
		d.art(artNode, g)
	}
	if cardsNode == nil && (artNode != nil || backSeen) {
		// A file may only give art and a back for cards the game has.
		g.applyArt()
		return d.errs.Err()
	}
	if cardsNode == nil {
		d.errorf(root, "cards file has no \"cards\" list")
		return d.errs.Err()
	}
	if cardsNode.Kind != yaml.SequenceNode {
		d.errorf(cardsNode, "cards must be a list, found %s", kindName(cardsNode))
		return d.errs.Err()
	}
	d.addCards(g, cardsNode.Content, fileSample, fileAllProv, fileProv)
	return d.errs.Err()
}

// addCards decodes the card mappings of a cards file (or a table's rows)
// and adds those without problems to g.
func (d *decoder) addCards(g *Game, items []*yaml.Node, fileSample, fileAllProv bool, fileProv []string) {
	typeIDs := make([]string, len(g.Types))
	for i, t := range g.Types {
		typeIDs[i] = t.ID
	}
	var factionNames []string
	for _, f := range g.Factions.Values {
		factionNames = append(factionNames, f.ID)
	}
	for _, item := range items {
		c := d.card(item, g, typeIDs, factionNames)
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

func (d *decoder) card(n *yaml.Node, g *Game, typeIDs, factionIDs []string) *Card {
	errsBefore := len(d.errs)
	pairs, ok := d.mapping(n, "card")
	if !ok {
		return nil
	}
	c := &Card{Pos: d.pos(n), Copies: 1}
	// The type decides which other keys are allowed, so read it first.
	var typ *CardType
	for _, p := range pairs {
		switch p.Key {
		case "name":
			c.Name = d.name(p.V, "card name")
			c.Key = Fold(c.Name)
			if c.Key == "" && c.Name != "" {
				d.errorf(p.V, "card name %q has no letters or digits", c.Name)
			}
		case "type":
			c.Type = d.str(p.V, "card type")
			if typ = g.Type(c.Type); typ == nil && c.Type != "" {
				d.errorf(p.V, "unknown card type %q; %s has types %s%s", c.Type, g.Name, joinSome(typeIDs), didYouMean(d.suggest(c.Type, typeIDs)))
			}
		}
	}
	if c.Name == "" {
		if !hasKey(pairs, "name") {
			d.errorf(n, "card has no name")
		}
		return nil
	}
	if c.Type == "" && !hasKey(pairs, "type") {
		d.errorf(n, "card %q has no type; add type: (one of %s)", c.Name, joinSome(typeIDs))
		return nil
	}
	if typ == nil {
		return nil
	}
	c.Fields = make(map[string]Value, len(typ.Fields))
	var seen []string // the type's fields the card gives, valid or not
	for _, p := range pairs {
		key := p.Key
		if typ.Field(key) != nil && contains(commonCardKeys, key) {
			key = "" // the type's own field
		}
		switch key {
		case "name", "type":
		case "faction":
			c.Factions = d.strings(p.V, "faction")
			for i, f := range c.Factions {
				if !g.Factions.Has(f) {
					d.errorf(nodeAt(p.V, i), "unknown %s %q%s", strings.ToLower(g.Factions.Label), f, didYouMean(d.suggest(f, factionIDs)))
				}
			}
		case "text":
			c.Text = d.str(p.V, "text")
		case "flavor":
			c.Flavor = d.str(p.V, "flavor")
		case "copies":
			c.Copies, _ = d.intIn(p.V, "copies", 0, 999)
		case "deck_limit":
			c.DeckLimit, _ = d.intIn(p.V, "deck_limit", 1, 999)
		case "pack":
			c.Pack = d.str(p.V, "pack")
			if len(g.Packs) > 0 && c.Pack != "" {
				if pk := g.Pack(c.Pack); pk != nil {
					c.Pack = pk.ID
				} else {
					d.errorf(p.V, "unknown pack %q; %s has packs %s%s", c.Pack, g.Name, joinSome(packIDs(g)), didYouMean(d.suggest(c.Pack, packIDs(g))))
				}
			}
		case "image":
			c.Image = d.imagePath(p.V)
		case "back":
			c.Back = d.face(p.V)
		case "provisional":
			c.AllProvisional, c.Provisional = d.provisional(p.V)
			c.provSet = true
		case "sample":
			c.Sample = d.bool(p.V, "sample")
		case "tags":
			c.Tags = d.strings(p.V, "tags")
		case "icons":
			c.Icons = d.icons(p.V, g, factionIDs)
		case "unique":
			c.Unique = d.bool(p.V, "unique")
		case "traits":
			c.Traits = d.strings(p.V, "traits")
		case "alias":
			c.Alias = d.name(p.V, "alias")
		case "subtitle":
			c.Subtitle = d.str(p.V, "subtitle")
		case "illustrator":
			c.Illustrator = d.str(p.V, "illustrator")
		case "set":
			c.Set = d.name(p.V, "set")
		case "number":
			c.Number = d.name(p.V, "number")
		default:
			f := typ.Field(p.Key)
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
			d.errorf(n, "%s %q has no %q; %s needs one", typ.Name, c.Name, f.Name, Article(typ.Name))
		}
	}
	if len(d.errs) > errsBefore {
		return nil
	}
	return c
}

func (d *decoder) face(n *yaml.Node) *Face {
	f := &Face{}
	pairs, _ := d.mapping(n, "back")
	for _, p := range pairs {
		switch p.Key {
		case "name":
			f.Name = d.name(p.V, "back name")
		case "text":
			f.Text = d.str(p.V, "back text")
		case "image":
			f.Image = d.imagePath(p.V)
		default:
			d.unknown(p, "back", []string{"name", "text", "image"})
		}
	}
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

// value reads a field's value by its kind.
func (d *decoder) value(n *yaml.Node, f *Field) (Value, bool) {
	v := Value{Kind: f.Kind, Pos: d.pos(n)}
	what := "field " + strconv.Quote(f.Name)
	bounds := func(x int) bool {
		if f.Min != nil && x < *f.Min || f.Max != nil && x > *f.Max {
			d.errorf(n, "%s is %d, outside %s", what, x, boundsText(f))
			return false
		}
		return true
	}
	if sym, ok := f.symbol(n); ok {
		// A symbol the field accepts ("?", "X"): no number.
		v.Symbol = sym
		return v, true
	}
	switch f.Kind {
	case KindInt:
		x, ok := d.int(n, what)
		if !ok || !bounds(x) {
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
		if !ok || !bounds(x) {
			return v, false
		}
		v.Int = x
	case KindString, KindText, KindCard:
		s, ok := d.scalar(n, what)
		if !ok {
			return v, false
		}
		if f.Kind == KindString && strings.ContainsAny(s, "\n") {
			d.errorf(n, "%s must be one line", what)
			return v, false
		}
		v.Str = s
	case KindEnum:
		s, ok := d.scalar(n, what)
		if !ok {
			return v, false
		}
		if !contains(f.Values, s) {
			d.errorf(n, "%s must be one of %s, found %q%s", what, joinSome(f.Values), s, didYouMean(d.suggest(s, f.Values)))
			return v, false
		}
		v.Str = s
	case KindBool:
		v.Bool = d.bool(n, what)
	case KindList:
		v.List = d.strings(n, what)
		for i, s := range v.List {
			if len(f.Values) > 0 && !contains(f.Values, s) {
				d.errorf(nodeAt(n, i), "%s: %q is not one of %s%s", what, s, joinSome(f.Values), didYouMean(d.suggest(s, f.Values)))
				return v, false
			}
		}
	}
	return v, true
}

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
