package templates

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/deckwright/deckwright/cardsdb"
)

// Data is what a box's content template sees: the printed values of one
// face of a card, as text. A value that is provisional (ours, not the
// publisher's; Card.IsProvisional) already ends in ProvisionalMark.
//
// On the second face of a double-faced card (Back), Name and Text are the
// second face's, Flavor is empty and Stats and Texts are empty; Field
// still gives the card's values. On a game's card back (CardBack) only
// Game, GameID and Name (the game's back text, else its name) are set.
type Data struct {
	Game         string // the game's name: "Seeker Chronicles"
	GameID       string // "seeker-chronicles"
	Name         string
	Type         string // type id: "module"
	TypeName     string // printed type: "Module"
	Faction      string // printed faction names, " / " between them
	FactionID    string // the first faction's id, "" for none
	FactionLabel string // what the game calls factions: "Domain"
	Text         string // rules text: markup dropped, icons as their glyphs
	// RichText is the rules text in spans: bold, italic and icons.
	RichText    []Span
	Subtitle    string
	Traits      string // traits, " · " between them
	Unique      bool
	Illustrator string
	Set         string // set code
	Number      string // collector number
	Flavor      string
	Pack        string // the pack's printed name: "Sonar & Sons"
	PackID      string // the pack's id: "sonar-and-sons"
	Copies      int
	// Stats lists the card's typed field values in the type's order,
	// except text fields (in Texts), absent values and false booleans.
	Stats []Stat
	// Texts lists the card's text fields (an Arkhtide realm's side_a and
	// side_b).
	Texts       []Stat
	Back        bool // the second face of a double-faced card
	CardBack    bool // the game's card back, not a card
	Sample      bool // an invented card, not the publisher's
	Provisional bool // some value of the card is ours

	card   *cardsdb.Card
	game   *cardsdb.Game
	labels map[string]string
	budget *budget // what the running template has left (see execute)
	cut    int     // the length of the longest text bound cut, 0 for none
}

// MaxCardText is the most of a card's rules or flavor text a face uses,
// in bytes: far more than a card can show. A longer text is cut, with a
// warning, before it is parsed and laid out (issue 25: 7 MB of rules
// text took seconds a copy).
const MaxCardText = 16 << 10

// bound cuts s to MaxCardText bytes at a character boundary, noting the
// cut.
func (d *Data) bound(s string) string {
	if len(s) <= MaxCardText {
		return s
	}
	d.cut = max(d.cut, len(s))
	n := MaxCardText
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Stat is one typed field value of a card, printed as "Label Value".
type Stat struct {
	Name        string // field name: "link_cost"
	Label       string // printed label: "Link cost"
	Value       string // printed value, with ProvisionalMark when provisional
	Provisional bool
	flag        bool // a true boolean: printed as its label alone
}

// String returns "Label Value", or the label alone for a true boolean
// ("One of many").
func (s Stat) String() string {
	if s.flag {
		return s.Label + strings.TrimPrefix(s.Value, "yes")
	}
	return s.Label + " " + s.Value
}

// ProvisionalMark follows every provisional value on a card face; the
// face's notice line explains it.
const ProvisionalMark = "*"

func mark(s string, provisional bool) string {
	if provisional && s != "" {
		return s + ProvisionalMark
	}
	return s
}

// newData gathers the printed values of one face.
func newData(c *cardsdb.Card, g *cardsdb.Game, side Side, labels map[string]string) *Data {
	d := &Data{card: c, game: g, labels: labels}
	if g != nil {
		d.Game, d.GameID, d.FactionLabel = g.Name, g.ID, g.Factions.Label
	}
	if c == nil {
		d.CardBack = true
		if g != nil {
			d.Name = g.Back.Text
			if d.Name == "" {
				d.Name = g.Name
			}
		}
		return d
	}
	prov := c.IsProvisional
	d.Name = mark(c.Name, prov("name"))
	d.Type = c.Type
	d.TypeName = c.Type
	if g != nil {
		d.TypeName = g.TypeName(c.Type)
	}
	d.Faction = mark(d.factionNames(), prov("faction"))
	d.FactionID = c.Faction()
	d.PackID = c.Pack
	d.Pack = c.Pack
	if g != nil {
		if pk := g.Pack(c.Pack); pk != nil {
			d.Pack = pk.Name
		}
	}
	d.Pack = mark(d.Pack, prov("pack"))
	d.Copies = c.Copies
	d.Sample = c.Sample
	d.Provisional = c.HasProvisional()
	if side == Back && c.Back != nil {
		d.Back = true
		d.Name = mark(c.Back.Name, prov("back"))
		d.Text = mark(iconGlyphs(d.bound(c.Back.Text), g), prov("back"))
		return d
	}
	text := d.bound(c.Text)
	d.Text = mark(plainRich(text, g), prov("text"))
	d.RichText = ParseRich(text, g)
	d.Subtitle, d.Unique, d.Illustrator, d.Set, d.Number = c.Subtitle, c.Unique, c.Illustrator, c.Set, c.Number
	d.Traits = strings.Join(c.Traits, " · ")
	d.Flavor = mark(iconGlyphs(d.bound(c.Flavor), g), prov("flavor"))
	if t := d.cardType(); t != nil {
		for _, f := range t.Fields {
			s, ok := d.stat(f)
			if !ok {
				continue
			}
			if f.Kind == cardsdb.KindText {
				d.Texts = append(d.Texts, s)
			} else {
				d.Stats = append(d.Stats, s)
			}
		}
	}
	return d
}

func (d *Data) cardType() *cardsdb.CardType {
	if d.game == nil || d.card == nil {
		return nil
	}
	return d.game.Type(d.card.Type)
}

// factionNames prints the card's factions with their icon counts:
// "Omniworks ×3" for a card that shows (or requires) three Omniworks
// icons, never the name three times.
func (d *Data) factionNames() string {
	icons := d.card.IconCounts()
	names := make([]string, 0, len(icons))
	for _, ic := range icons {
		name := ic.Faction
		if d.game != nil {
			name = d.game.Factions.Name(ic.Faction)
		}
		if ic.Count > 1 {
			name += " ×" + strconv.Itoa(ic.Count)
		}
		names = append(names, name)
	}
	return strings.Join(names, " / ")
}

// stat returns the printed value of a field, and false when the card has
// none (or a false boolean).
func (d *Data) stat(f *cardsdb.Field) (Stat, bool) {
	v, ok := d.card.Fields[f.Name]
	if !ok {
		return Stat{}, false
	}
	s := Stat{Name: f.Name, Label: d.Label(f.Name), Provisional: d.card.IsProvisional(f.Name)}
	val := formatValue(v)
	if v.Kind == cardsdb.KindText {
		val = iconGlyphs(val, d.game)
	}
	s.Value = mark(val, s.Provisional)
	if v.Kind == cardsdb.KindBool {
		if !v.Bool {
			return Stat{}, false
		}
		s.flag = true
	}
	if s.Value == "" {
		return Stat{}, false
	}
	return s, true
}

// formatValue prints a field value: a number, X, a string, the named card,
// "yes" for a true boolean ("" for false), a list joined with ", ".
func formatValue(v cardsdb.Value) string {
	switch v.Kind {
	case cardsdb.KindInt:
		if v.Symbol != "" {
			return v.Symbol
		}
		return strconv.Itoa(v.Int)
	case cardsdb.KindCost:
		if v.Symbol != "" {
			return v.Symbol
		}
		if v.X {
			return "X"
		}
		return strconv.Itoa(v.Int)
	case cardsdb.KindBool:
		if v.Bool {
			return "yes"
		}
		return ""
	case cardsdb.KindList:
		return strings.Join(v.List, ", ")
	case cardsdb.KindCard:
		if v.Ref != nil {
			return v.Ref.Name
		}
		return v.Str
	}
	return v.Str
}

// Field returns the printed value of the card's field called name, marked
// when provisional: "3", "X", "3*", "Kindler, Zealot" for a list, "yes"
// for a true boolean. It returns "" when the card has no such value (or a
// false boolean), so that {{with .Field "gravity"}} leaves it out. The
// common keys "name", "text", "flavor", "faction" and "pack" work too.
func (d *Data) Field(name string) string {
	if d.card == nil {
		return ""
	}
	switch name {
	case "name":
		return d.Name
	case "text":
		return d.Text
	case "flavor":
		return d.Flavor
	case "faction":
		return d.Faction
	case "pack":
		return d.Pack
	}
	v, ok := d.card.Fields[name]
	if !ok {
		return ""
	}
	return mark(formatValue(v), d.card.IsProvisional(name))
}

// List returns the items of a list field ("traits", "keywords"), the last
// one marked when the value is provisional, so that a template can print
// something after some items:
//
//	{{range $i, $k := .List "keywords"}}{{if $i}}, {{end}}{{$k}}{{end}}
//
// A field of another kind gives its printed value as a list of one; no
// value gives none.
func (d *Data) List(name string) []string {
	if d.card == nil {
		return nil
	}
	v, ok := d.card.Fields[name]
	if !ok {
		return nil
	}
	var items []string
	if v.Kind == cardsdb.KindList {
		items = append(items, v.List...)
	} else if s := formatValue(v); s != "" {
		items = []string{s}
	}
	if n := len(items); n > 0 {
		items[n-1] = mark(items[n-1], d.card.IsProvisional(name))
	}
	return items
}

// Has reports whether the card has a value for the field (a true one, for
// a boolean).
func (d *Data) Has(name string) bool { return d.Field(name) != "" }

// Label returns the printed label of a field: the template's labels entry
// if it has one, the name of the card type a card field names
// ("G-module"), else the name with "_" as spaces and a capital letter
// ("link_cost" is "Link cost").
func (d *Data) Label(name string) string {
	if l, ok := d.labels[name]; ok {
		return l
	}
	if t := d.cardType(); t != nil {
		if f := t.Field(name); f != nil && f.Kind == cardsdb.KindCard && f.CardType != "" {
			return d.game.TypeName(f.CardType)
		}
	}
	return humanize(name)
}

func humanize(name string) string {
	s := strings.ReplaceAll(name, "_", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// StatsOf returns the card's stats for the named fields, in the order
// given, leaving out those it has no value for.
func (d *Data) StatsOf(names ...string) []Stat {
	var out []Stat
	for _, n := range names {
		for _, s := range d.Stats {
			if s.Name == n {
				out = append(out, s)
			}
		}
	}
	return out
}

// StatsExcept returns the card's stats without the named fields (those a
// template prints in a box of their own).
func (d *Data) StatsExcept(names ...string) []Stat {
	var out []Stat
next:
	for _, s := range d.Stats {
		for _, n := range names {
			if s.Name == n {
				continue next
			}
		}
		out = append(out, s)
	}
	return out
}

// join joins a list of strings or of stats (as "Label Value") with sep.
func join(list any, sep string) (string, error) {
	switch l := list.(type) {
	case []string:
		return strings.Join(l, sep), nil
	case []Stat:
		parts := make([]string, len(l))
		for i, s := range l {
			parts[i] = s.String()
		}
		return strings.Join(parts, sep), nil
	case string:
		return l, nil
	case nil:
		return "", nil
	}
	return "", fmt.Errorf("join wants a list of stats or strings, found %T", list)
}

// IsProvisional reports whether the card's value of the field (or "name",
// "text", "faction"...) is ours rather than the publisher's, for a
// template that prints something of its own about the field (a "not
// hyperlinkable" for an absent cost).
func (d *Data) IsProvisional(name string) bool { return d.card != nil && d.card.IsProvisional(name) }

// title gives every word of s a capital first letter: "gravity, entropy"
// is "Gravity, Entropy".
func title(s string) string {
	b := []byte(s)
	start := true
	for i, c := range b {
		if start && c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
		start = c == ' ' || c == '-' || c == '/' || c == '('
	}
	return string(b)
}

// words turns an id into words: "allied-unit-or-seeker" is "allied unit
// or seeker", "when_revealed" is "when revealed".
func words(s string) string {
	return strings.NewReplacer("-", " ", "_", " ").Replace(s)
}

// signed puts a "+" before a positive number: "1" is "+1", "-1" and "0"
// stay; anything else is returned as it is.
func signed(s string) string {
	num := strings.TrimSuffix(s, ProvisionalMark)
	if n, err := strconv.Atoi(num); err == nil && n > 0 {
		return "+" + s
	}
	return s
}
