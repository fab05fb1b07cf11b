package cardsdb

import (
	"path"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/internal/yamlmap"
)

// gameDoc is a game definition being read: the game, and the parts read
// after the others because they name them (types, sections, packs).
type gameDoc struct {
	*Game
	types, sections, manifest, draw, extras, playtest *yaml.Node
}

var gameKeys = newKeys("game definition", []key[*gameDoc]{
	{"id", func(d *decoder, v *yaml.Node, g *gameDoc) { g.ID = d.id(v, "game id") }},
	{"name", func(d *decoder, v *yaml.Node, g *gameDoc) { g.Name = d.name(v, "game name") }},
	{"source", func(d *decoder, v *yaml.Node, g *gameDoc) { g.Source = d.str(v, "source") }},
	{"notes", func(d *decoder, v *yaml.Node, g *gameDoc) { g.Notes = d.str(v, "notes") }},
	{"card_size", func(d *decoder, v *yaml.Node, g *gameDoc) { g.CardSize, g.CornerRadius = d.size(v) }},
	{"factions", func(d *decoder, v *yaml.Node, g *gameDoc) { d.factions(v, &g.Factions) }},
	{"types", func(d *decoder, v *yaml.Node, g *gameDoc) { g.types = v }},
	{"sections", func(d *decoder, v *yaml.Node, g *gameDoc) { g.sections = v }},
	{"rules", func(d *decoder, v *yaml.Node, g *gameDoc) { g.Rules = d.rules(v) }},
	{"back", func(d *decoder, v *yaml.Node, g *gameDoc) { d.back(v, &g.Back) }},
	{"provisional", func(d *decoder, v *yaml.Node, g *gameDoc) { g.Provisional = d.str(v, "provisional") }},
	{"packs", func(d *decoder, v *yaml.Node, g *gameDoc) { g.Packs = d.packs(v) }},
	{"manifest", func(d *decoder, v *yaml.Node, g *gameDoc) { g.manifest = v }},
	{"variants", func(d *decoder, v *yaml.Node, g *gameDoc) { g.Variants = d.variants(v) }},
	{"draw", func(d *decoder, v *yaml.Node, g *gameDoc) { g.draw = v }},
	{"formats", func(d *decoder, v *yaml.Node, g *gameDoc) { g.Formats = d.formats(v) }},
	{"icons", func(d *decoder, v *yaml.Node, g *gameDoc) { g.Icons = d.iconSet(v) }},
	{"extras", func(d *decoder, v *yaml.Node, g *gameDoc) { g.extras = v }},
	{"playtest", func(d *decoder, v *yaml.Node, g *gameDoc) { g.playtest = v }},
	{"tables", func(d *decoder, v *yaml.Node, g *gameDoc) { g.Tables = d.tables(v) }},
}).Other(func(d *decoder, p pair, g *gameDoc) bool {
	return strings.HasPrefix(p.Key, "x-") // a place for anchors (x-common: &common ...), as docker compose has
})

// ParseGame reads a game definition (game.yaml). file names it in errors and
// dir is the folder, inside the game's FS, that relative paths start from.
// Every problem in the file is reported, as an ErrorList.
func ParseGame(file string, data []byte, dir string) (*Game, error) {
	g, err := parseGame(file, data, dir)
	if err != nil {
		return nil, err
	}
	return g.Game, nil
}

// partialGame is a game definition as far as it reads: the game (nil when
// nothing of it reads), and whether its types (and factions) and its
// playtest block (as far as the cards' effects depend on it) read without
// error, so that a game folder's cards can be read and checked despite
// errors elsewhere in game.yaml (every problem in one pass).
type partialGame struct {
	*Game
	typesOK, playtestOK bool
}

// parseGame is ParseGame that keeps what reads of a game with errors
// (partialGame.Game nil when nothing does).
func parseGame(file string, data []byte, dir string) (partialGame, error) {
	if err := CheckText(file, data); err != nil {
		return partialGame{}, err
	}
	root, err := parseYAML(file, data)
	if err != nil {
		return partialGame{}, err
	}
	d := &decoder{file: file, dir: dir}
	d.expandAliases(root)
	if err := d.errs.Err(); err != nil {
		return partialGame{}, err
	}
	g := &Game{Pos: d.pos(root), Decks: map[string]string{}, byKey: map[string]*Card{}}
	d.game = g
	doc := &gameDoc{Game: g}
	pairs, ok := gameKeys.Decode(d, root, doc)
	if !ok {
		return partialGame{}, d.errs.Err()
	}
	// The cards name the game's factions: with errors in factions: their
	// checks would be wrong.
	pg := partialGame{Game: g, typesOK: !errorsIn(d.errs, pairValue(pairs, "factions")), playtestOK: true}
	for _, req := range []struct {
		ok  bool
		key string
	}{{g.ID != "", "id"}, {g.Name != "", "name"}, {g.CardSize.W > 0, "card_size"}, {doc.types != nil, "types"}, {doc.sections != nil, "sections"}} {
		if !req.ok && !yamlmap.Has(pairs, req.key) && !contains(d.aliased, req.key) {
			d.errorf(root, "game definition has no %q; add it", req.key)
		}
	}
	// The game's keys decoded (the factions its cards name, among them):
	// what follows is read section by section, each one's errors its own.
	pg.typesOK = pg.typesOK && g.ID != "" && doc.types != nil
	if doc.types != nil {
		n := len(d.errs)
		g.Types = d.types(doc.types)
		pg.typesOK = pg.typesOK && len(d.errs) == n
	}
	if doc.sections != nil {
		g.Sections = d.sections(doc.sections, g)
	}
	if doc.manifest != nil {
		g.Manifest = d.manifest(doc.manifest)
	}
	if doc.extras != nil {
		g.Extras = d.extras(doc.extras)
	}
	if doc.draw != nil {
		g.Draw = d.draw(doc.draw)
		d.checkDraw(g, doc.draw)
	}
	if doc.playtest != nil {
		n := len(d.errs)
		g.Playtest = d.playtest(doc.playtest, g)
		// The effects are read with a fixed vocabulary: only the field
		// that holds them must have read.
		var field *yaml.Node
		if doc.playtest.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(doc.playtest.Content); i += 2 {
				if doc.playtest.Content[i].Value == "effects_field" {
					field = doc.playtest.Content[i+1]
				}
			}
		}
		pg.playtestOK = g.Playtest != nil && !errorsIn(d.errs[n:], field)
	}
	d.checkFactionRefs(g)
	return pg, d.errs.Err()
}

// pairValue is the value of key in pairs, nil when it has none.
func pairValue(pairs []yamlmap.Pair, key string) *yaml.Node {
	for _, p := range pairs {
		if p.Key == key {
			return p.V
		}
	}
	return nil
}

// errorsIn reports whether an error of l lies within the lines of node n
// (false for n nil).
func errorsIn(l ErrorList, n *yaml.Node) bool {
	if n == nil {
		return false
	}
	first, last := n.Line, lastLine(n)
	for _, e := range l {
		if e.Pos.Line >= first && e.Pos.Line <= last {
			return true
		}
	}
	return false
}

// lastLine is the last line a node or its children start on.
func lastLine(n *yaml.Node) int {
	last := n.Line
	for _, c := range n.Content {
		last = max(last, lastLine(c))
	}
	return last
}

// sizeDoc is a card_size being read.
type sizeDoc struct {
	Size
	corner     float64
	cornerNode *yaml.Node
}

var sizeKeys = newKeys("card_size", []key[*sizeDoc]{
	{"width", func(d *decoder, v *yaml.Node, s *sizeDoc) { s.W, _ = d.float(v, "card width") }},
	{"height", func(d *decoder, v *yaml.Node, s *sizeDoc) { s.H, _ = d.float(v, "card height") }},
	{"corner_radius", func(d *decoder, v *yaml.Node, s *sizeDoc) {
		s.corner, _ = d.float(v, "corner radius")
		s.cornerNode = v
	}},
})

// size reads card_size: the width and height, and the corner radius of
// the cards' cut outlines (0 when not given).
func (d *decoder) size(n *yaml.Node) (Size, float64) {
	var s sizeDoc
	sizeKeys.Decode(d, n, &s)
	if s.W <= 0 || s.H <= 0 || s.W > 500 || s.H > 500 {
		d.errorf(n, "card_size must have width and height in mm between 0 and 500, found %gx%g", s.W, s.H)
		return Size{}, 0
	}
	if s.cornerNode != nil && !(s.corner >= 0 && 2*s.corner <= min(s.W, s.H)) {
		d.errorf(s.cornerNode, "corner_radius %g mm: want 0 to half the card's width (%g mm)", s.corner, min(s.W, s.H)/2)
		return s.Size, 0
	}
	return s.Size, s.corner
}

var factionsKeys = newKeys("factions", []key[*Factions]{
	{"label", func(d *decoder, v *yaml.Node, f *Factions) { f.Label = d.name(v, "factions label") }},
	{"values", func(d *decoder, v *yaml.Node, f *Factions) { d.factionValues(v, f) }},
	{"wildcard", func(d *decoder, v *yaml.Node, f *Factions) { f.Wildcard = d.strings(v, "factions wildcard") }},
	{"neutral", func(d *decoder, v *yaml.Node, f *Factions) { f.Neutral = d.strings(v, "factions neutral") }},
})

var factionKeys = newKeys("faction", []key[*Faction]{
	{"id", func(d *decoder, v *yaml.Node, f *Faction) { f.ID = d.id(v, "faction id") }},
	{"name", func(d *decoder, v *yaml.Node, f *Faction) { f.Name = d.name(v, "faction name") }},
})

func (d *decoder) factions(n *yaml.Node, f *Factions) {
	f.Pos = d.pos(n)
	factionsKeys.Decode(d, n, f)
	if f.Label == "" {
		f.Label = "Faction"
	}
}

// factionValues reads the values: list of factions.
func (d *decoder) factionValues(n *yaml.Node, f *Factions) {
	items, _ := d.list(n, "factions values must be a list")
	for _, item := range items {
		var fa Faction
		factionKeys.Decode(d, item, &fa)
		if fa.ID == "" {
			d.errorf(item, "faction has no id")
			continue
		}
		if fa.Name == "" {
			fa.Name = fa.ID
		}
		if f.Has(fa.ID) {
			d.errorf(item, "duplicate faction %q", fa.ID)
		}
		f.Values = append(f.Values, fa)
	}
}

// reservedCardKeys are the card keys every type has; a type field may not
// take one of these names.
var reservedCardKeys = []string{"name", "type", "faction", "text", "flavor", "copies", "deck_limit", "pack", "image", "back", "provisional", "sample", "tags"}

// commonCardKeys are card keys every type has unless it declares a field of
// the same name (Arkhtide's types declare traits): the type's field wins,
// so game definitions written before these keys existed keep loading.
var commonCardKeys = []string{"icons", "unique", "traits", "alias", "subtitle", "illustrator", "set", "number", "landscape"}

var typeKeys = newKeys("card type", []key[*CardType]{
	{"id", func(d *decoder, v *yaml.Node, t *CardType) { t.ID = d.id(v, "type id") }},
	{"name", func(d *decoder, v *yaml.Node, t *CardType) { t.Name = d.name(v, "type name") }},
	{"landscape", func(d *decoder, v *yaml.Node, t *CardType) { t.Landscape = d.bool(v, "landscape") }},
	{"fields", func(d *decoder, v *yaml.Node, t *CardType) { t.Fields = d.fields(v) }},
	{"back", func(d *decoder, v *yaml.Node, t *CardType) { t.Back = &Back{}; d.back(v, t.Back) }},
})

func (d *decoder) types(n *yaml.Node) []*CardType {
	items, ok := d.list(n, "types must be a list")
	if !ok {
		return nil
	}
	var out []*CardType
	seen := make(map[string]*CardType, len(items))
	for _, item := range items {
		t := &CardType{Pos: d.pos(item)}
		typeKeys.Decode(d, item, t)
		if t.ID == "" {
			d.errorf(item, "card type has no id")
			continue
		}
		if t.Name == "" {
			t.Name = t.ID
		}
		if o, dup := seen[t.ID]; dup {
			d.errorf(item, "duplicate card type %q (first at line %d)", t.ID, o.Pos.Line)
		} else {
			seen[t.ID] = t
		}
		out = append(out, t)
	}
	return out
}

var fieldKeys = newKeys("field", []key[*Field]{
	{"name", func(d *decoder, v *yaml.Node, f *Field) { f.Name = d.name(v, "field name") }},
	{"kind", func(d *decoder, v *yaml.Node, f *Field) {
		k := d.str(v, "field kind")
		if !contains(fieldKinds, k) {
			d.errorf(v, "unknown field kind %q; use one of int, cost, string, text, bool, enum, card, list%s", k, didYouMean(d.suggest(k, fieldKinds)))
		}
		f.Kind = FieldKind(k)
	}},
	{"doc", func(d *decoder, v *yaml.Node, f *Field) { f.Doc = d.str(v, "doc") }},
	{"required", func(d *decoder, v *yaml.Node, f *Field) { f.Required = d.bool(v, "required") }},
	{"min", func(d *decoder, v *yaml.Node, f *Field) { f.Min = d.intPtr(v, "min") }},
	{"max", func(d *decoder, v *yaml.Node, f *Field) { f.Max = d.intPtr(v, "max") }},
	{"values", func(d *decoder, v *yaml.Node, f *Field) { f.Values = d.strings(v, "values") }},
	{"card_type", func(d *decoder, v *yaml.Node, f *Field) { f.CardType = d.str(v, "card_type") }},
	{"symbols", func(d *decoder, v *yaml.Node, f *Field) {
		f.Symbols = d.strings(v, "symbols")
		for i, sym := range f.Symbols {
			if _, err := strconv.Atoi(strings.TrimSpace(sym)); err == nil || strings.TrimSpace(sym) == "" {
				d.errorf(nodeAt(v, i), "symbol %q is a number or blank; symbols are what a number field takes besides numbers (\"?\", \"X\")", sym)
			}
		}
	}},
})

func (d *decoder) fields(n *yaml.Node) []*Field {
	items, ok := d.list(n, "fields must be a list")
	if !ok {
		return nil
	}
	var out []*Field
	for _, item := range items {
		f := &Field{Pos: d.pos(item)}
		fieldKeys.Decode(d, item, f)
		switch {
		case f.Name == "":
			d.errorf(item, "field has no name")
			continue
		case f.Kind == "":
			d.errorf(item, "field %q has no kind", f.Name)
		case f.Kind == KindEnum && len(f.Values) == 0:
			d.errorf(item, "enum field %q has no values", f.Name)
		case len(f.Symbols) > 0 && f.Kind != KindInt && f.Kind != KindCost:
			d.errorf(item, "field %q has symbols, which only an int or cost field takes", f.Name)
		}
		if contains(reservedCardKeys, f.Name) {
			d.errorf(item, "field name %q is a common card key; pick another name", f.Name)
		}
		out = append(out, f)
	}
	return out
}

var sectionKeys = newKeys("section", []key[*Section]{
	{"id", func(d *decoder, v *yaml.Node, s *Section) { s.ID = d.id(v, "section id") }},
	{"name", func(d *decoder, v *yaml.Node, s *Section) { s.Name = d.name(v, "section name") }},
	{"aliases", func(d *decoder, v *yaml.Node, s *Section) { s.Aliases = d.strings(v, "aliases") }},
	{"types", func(d *decoder, v *yaml.Node, s *Section) { s.Types = d.typeList(v, "types", "section takes") }},
	{"count", func(d *decoder, v *yaml.Node, s *Section) { s.Count = d.count(v) }},
	{"copies", func(d *decoder, v *yaml.Node, s *Section) { s.Copies, _ = d.intIn(v, "copies", 1, 999) }},
	{"copy_overrides", func(d *decoder, v *yaml.Node, s *Section) {
		s.CopyOverrides = map[string]int{}
		ps, _ := yamlmap.Pairs(d, v, "copy_overrides")
		for _, q := range ps {
			if c, ok := d.intIn(q.V, "copy limit", 0, 999); ok {
				s.CopyOverrides[Fold(q.Key)] = c
			}
		}
	}},
	{"exclude_tags", func(d *decoder, v *yaml.Node, s *Section) { s.ExcludeTags = d.strings(v, "exclude_tags") }},
	{"type_limits", func(d *decoder, v *yaml.Node, s *Section) { s.TypeLimits = d.typeLimits(v) }},
	{"leader", func(d *decoder, v *yaml.Node, s *Section) { s.Leader = d.bool(v, "leader") }},
	{"companion_of", func(d *decoder, v *yaml.Node, s *Section) {
		s.CompanionOf = &Companion{}
		companionKeys.Decode(d, v, s.CompanionOf)
	}},
	{"optional", func(d *decoder, v *yaml.Node, s *Section) { s.Optional = d.bool(v, "optional") }},
	{"all", func(d *decoder, v *yaml.Node, s *Section) { s.All = d.bool(v, "all") }},
	{"from_packs", func(d *decoder, v *yaml.Node, s *Section) {
		s.FromPacks = d.bool(v, "from_packs")
		if s.FromPacks && len(d.game.Packs) == 0 {
			d.errorf(v, "section takes from_packs, but the game declares no packs; add packs: [{id, name}, ...]")
		}
	}},
})

var companionKeys = newKeys("companion_of", []key[*Companion]{
	{"section", func(d *decoder, v *yaml.Node, c *Companion) { c.Section = d.str(v, "companion section") }},
	{"field", func(d *decoder, v *yaml.Node, c *Companion) { c.Field = d.str(v, "companion field") }},
})

func (d *decoder) sections(n *yaml.Node, g *Game) []*Section {
	items, ok := d.list(n, "sections must be a list")
	if !ok {
		return nil
	}
	var out []*Section
	firstByID, lastByID := map[string]*Section{}, map[string]*Section{}
	for _, item := range items {
		s := &Section{Pos: d.pos(item)}
		sectionKeys.Decode(d, item, s)
		if s.ID == "" {
			d.errorf(item, "section has no id")
			continue
		}
		if s.Name == "" {
			s.Name = s.ID
		}
		if len(s.Types) == 0 {
			d.errorf(item, "section %q takes no card types; add types: [...]", s.ID)
		}
		d.checkFill(item, s)
		if o, dup := firstByID[s.ID]; dup {
			d.errorf(item, "duplicate section %q (first at line %d)", s.ID, o.Pos.Line)
		} else {
			firstByID[s.ID] = s
		}
		lastByID[s.ID] = s
		s.keys = s.foldKeys()
		out = append(out, s)
	}
	for _, s := range out {
		if c := s.CompanionOf; c != nil {
			from := lastByID[c.Section]
			if from == nil {
				d.errs.Add(s.Pos, "section %q is companion_of unknown section %q", s.ID, c.Section)
				continue
			}
			found := false
			for _, tid := range from.Types {
				if t := g.Type(tid); t != nil && t.Field(c.Field) != nil {
					found = true
				}
			}
			if !found {
				d.errs.Add(s.Pos, "section %q is companion_of field %q, which no card type of section %q has", s.ID, c.Field, from.ID)
			}
		}
	}
	return out
}

// typeList reads a list of card type ids (what names it in messages),
// reporting each that is no type of the game after prefix ("section takes
// unknown card type ...").
func (d *decoder) typeList(n *yaml.Node, what, prefix string) []string {
	ids := d.strings(n, what)
	for i, t := range ids {
		if d.game.Type(t) == nil {
			d.errorf(nodeAt(n, i), "%s unknown card type %q%s", prefix, t, didYouMean(d.suggest(t, d.game.TypeIDs())))
		}
	}
	return ids
}

func nodeAt(n *yaml.Node, i int) *yaml.Node {
	if n.Kind == yaml.SequenceNode && i < len(n.Content) {
		return n.Content[i]
	}
	return n
}

var countKeys = newKeys("count", []key[*Count]{
	{"exact", func(d *decoder, v *yaml.Node, c *Count) { c.Exact = d.countIn(v, "count exact") }},
	{"min", func(d *decoder, v *yaml.Node, c *Count) { c.Min = d.countIn(v, "count min") }},
	{"max", func(d *decoder, v *yaml.Node, c *Count) { c.Max = d.countIn(v, "count max") }},
}).Other(func(d *decoder, p pair, c *Count) bool {
	// An unknown key is reported when its value is a count: a value that
	// is none is reported as such, and is enough to fix.
	return d.countIn(p.V, "count "+p.Key) == nil
})

// countIn reads a count of cards of a count: mapping, or nil.
func (d *decoder) countIn(n *yaml.Node, what string) *int {
	if v, ok := d.intIn(n, what, 0, 9999); ok {
		return &v
	}
	return nil
}

func (d *decoder) count(n *yaml.Node) Count {
	var c Count
	countKeys.Decode(d, n, &c)
	if c.Exact != nil && (c.Min != nil || c.Max != nil) {
		d.errorf(n, "count has exact and min/max; use one or the other")
	}
	if c.Min != nil && c.Max != nil && *c.Min > *c.Max {
		d.errorf(n, "count min %d is above max %d", *c.Min, *c.Max)
	}
	return c
}

var typeLimitKeys = newKeys("type limit", []key[*TypeLimit]{
	{"type", func(d *decoder, v *yaml.Node, tl *TypeLimit) {
		tl.Type = d.str(v, "type")
		if d.game.Type(tl.Type) == nil {
			d.errorf(v, "unknown card type %q", tl.Type)
		}
	}},
	{"count", func(d *decoder, v *yaml.Node, tl *TypeLimit) { tl.Count = d.count(v) }},
	{"copies", func(d *decoder, v *yaml.Node, tl *TypeLimit) { tl.Copies, _ = d.intIn(v, "copies", 1, 999) }},
})

func (d *decoder) typeLimits(n *yaml.Node) []TypeLimit {
	items, ok := d.list(n, "type_limits must be a list")
	if !ok {
		return nil
	}
	var out []TypeLimit
	for _, item := range items {
		tl := TypeLimit{Pos: d.pos(item)}
		typeLimitKeys.Decode(d, item, &tl)
		out = append(out, tl)
	}
	return out
}

var ruleKeys = newKeys("rule", []key[*RuleRef]{
	{"name", func(d *decoder, v *yaml.Node, r *RuleRef) { r.Name = d.str(v, "rule name") }},
	{"params", func(d *decoder, v *yaml.Node, r *RuleRef) {
		if v.Kind != yaml.MappingNode {
			d.errorf(v, "rule params must be a mapping of names to values, found %s", yamlmap.Kind(v))
			return
		}
		r.Params, r.ParamPos = d.plain(v).(map[string]any), map[string]ParamPos{}
		for i := 0; i+1 < len(v.Content); i += 2 {
			k, x := v.Content[i], v.Content[i+1]
			if _, dup := r.ParamPos[k.Value]; !dup {
				r.ParamPos[k.Value] = ParamPos{Key: d.pos(k), Value: d.pos(x)}
			}
		}
	}},
})

func (d *decoder) rules(n *yaml.Node) []RuleRef {
	items, ok := d.list(n, "rules must be a list")
	if !ok {
		return nil
	}
	var out []RuleRef
	for _, item := range items {
		r := RuleRef{Pos: d.pos(item)}
		if item.Kind == yaml.ScalarNode {
			r.Name = d.str(item, "rule name")
		} else {
			ruleKeys.Decode(d, item, &r)
		}
		if r.Name == "" {
			d.errorf(item, "rule has no name")
			continue
		}
		out = append(out, r)
	}
	return out
}

var backKeys = newKeys("back", []key[*Back]{
	{"image", func(d *decoder, v *yaml.Node, b *Back) { b.Image = d.imagePath(v) }},
	{"text", func(d *decoder, v *yaml.Node, b *Back) { b.Text = d.str(v, "back text") }},
})

func (d *decoder) back(n *yaml.Node, b *Back) { backKeys.Decode(d, n, b) }

// imagePath reads an image path relative to d.dir and returns it as a path
// in the game's FS.
func (d *decoder) imagePath(n *yaml.Node) string {
	s := d.nameUpTo(n, "image path", maxPathLen)
	if s == "" {
		return ""
	}
	if path.IsAbs(s) {
		return s
	}
	return path.Join(d.dir, s)
}

func (d *decoder) checkFactionRefs(g *Game) {
	for _, list := range [][]string{g.Factions.Wildcard, g.Factions.Neutral} {
		for _, id := range list {
			if !g.Factions.Has(id) {
				d.errs.Add(g.Factions.Pos, "factions list %q as wildcard or neutral, but it is not among the values", id)
			}
		}
	}
}
