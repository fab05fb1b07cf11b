package arkhtide

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// Kind is what a compiled card is.
type Kind uint8

// The kinds of cards.
const (
	KindUnit Kind = iota + 1
	KindFeat
	KindBinding
	KindRealm
	KindSeeker
	KindToken // a Unit token (Manifested, never in a deck)
)

// String returns the kind's name.
func (k Kind) String() string {
	switch k {
	case KindUnit:
		return "Unit"
	case KindFeat:
		return "Feat"
	case KindBinding:
		return "Binding"
	case KindRealm:
		return "Realm"
	case KindSeeker:
		return "Seeker"
	case KindToken:
		return "token"
	}
	return "?"
}

// BindTo is what a Binding may be Bound to.
type BindTo uint8

// The Binding targets (the bind_to field).
const (
	BindAlly         BindTo = iota + 1 // allied-unit
	BindEnemy                          // enemy-unit
	BindAny                            // any-unit
	BindAllyOrSeeker                   // allied-unit-or-seeker
)

// NoAttack is the value of a Melee or Ranged Attack marked "." (the card
// cannot perform that Attack).
const NoAttack = -1

// StartingWillpower is every Seeker's Willpower when a game begins: "Each
// player sets their starting Willpower to 13" (Setup step 4; "Each Seeker
// begins the game with 13 Willpower").
const StartingWillpower = 13

// NoCard is the id of no card.
const NoCard uint8 = 255

// Card is a card compiled for play: its printed values as small integers
// and its effects.
type Card struct {
	Name string
	Kind Kind
	// Cost in Arkhé (Units, Feats, Bindings, tokens).
	Cost int
	// Stats: Soul, Melee and Ranged Attack (NoAttack for "."), Health.
	Soul, Melee, Ranged, Health int
	Block                       int // Shielding value (Feats, Bindings)
	OneOfMany                   bool
	Keywords                    Keywords
	// Reaping is the X of Reaping [X]; KeywordRanged says that Lethal and
	// Reaping belong to the Ranged Attack (else the Melee Attack).
	Reaping       int
	KeywordRanged bool
	Penitent      int
	// Bindings: what they may be Bound to, and their stat modifiers.
	BindTo                                  BindTo
	SoulMod, MeleeMod, RangedMod, HealthMod int
	// Realms: Initiative (-1 for none, the Neutral Realm) and Quintessence.
	Initiative   int
	Quintessence int
	// Willpower is a Seeker's starting Willpower: StartingWillpower, for
	// every Seeker (Compile refuses a card that states another figure).
	Willpower int
	// Innate is set for Main Deck cards of the Seeker's faction (as
	// cardsdb.Factions.Innate and validate's non-innate rule say; a
	// neutral card is not Innate): Invoking them costs no Willpower.
	Innate bool
	// Text is what the card does; a Realm's two Ability Boxes are
	// Sides[0] (side a) and Sides[1] (side b), and Text is unused.
	Text  Text
	Sides [2]Text
	// NotSimulated says why (part of) the card's text is not simulated
	// ("" when it is).
	NotSimulated string
}

// IsUnit reports whether the card is a Unit or a Unit token.
func (c *Card) IsUnit() bool { return c.Kind == KindUnit || c.Kind == KindToken }

// Attack returns the card's printed Melee or Ranged Attack.
func (c *Card) Attack(ranged bool) int {
	if ranged {
		return c.Ranged
	}
	return c.Melee
}

// Deck is a deck compiled for play: every distinct card once, referred to
// by its id (its index in Cards). Ids below Main are the Main Deck's cards
// in deck order; the Realm Deck's Realms and the Neutral Realm follow up to
// Reported (the cards reported per card); the Seeker and the tokens the
// cards Manifest come last.
type Deck struct {
	Name  string
	Game  *cardsdb.Game
	Cards []Card
	// Main is the number of Main Deck card ids; Reported the number of
	// ids reported per card (Main Deck cards, then Realms).
	Main     int
	Reported int
	// MainDeck holds one id per card of the Main Deck, Realms one per
	// Realm of the Realm Deck.
	MainDeck []uint8
	Realms   []uint8
	// Neutral is the Neutral Realm placed in the centre of a Seeker's
	// Duel (NoCard when the game has none).
	Neutral uint8
	Seeker  uint8
	// Faction is the main faction, the Seeker's ("" for a Seeker without
	// one, or a neutral one: then no card is Innate).
	Faction string
	// NotSimulated and Provisional list the deck's cards (with the Neutral
	// Realm and the tokens they Manifest) whose text is not simulated and
	// whose values are not the rulebook's.
	NotSimulated []NotSimulated
	Provisional  []Provisional
}

// NotSimulated names a card whose rules text the engine does not play.
type NotSimulated = engine.NotSimulated

// Provisional names a card with values that are not the rulebook's;
// Fields is ["*"] for a card whose every value is ours (a sample card).
type Provisional = engine.Provisional

// The most cards Compile accepts.
const (
	MaxMain   = 60  // cards in the Main Deck
	MaxRealms = 12  // Realms in the Realm Deck
	maxIDs    = 250 // distinct cards
)

// Compile turns a resolved Arkhtide deck into a Deck. It needs one Seeker,
// 1 to 60 Main Deck cards and 1 to 12 Realms (the deck rules want 33–42
// and exactly 7; validate checks them), and it reports every malformed
// `effects` item with its position.
func Compile(d *cardsdb.Deck) (*Deck, error) {
	g := d.Game
	if g.Type("seeker") == nil || g.Type("realm") == nil || g.Type("unit") == nil {
		return nil, fmt.Errorf("%s: not an Arkhtide game (it has no seeker, realm and unit card types)", g.ID)
	}
	if len(d.Unknown) > 0 {
		return nil, fmt.Errorf("deck %s names %s (deckwright validate lists them)", d.Name(), cardsdb.Plural(len(d.Unknown), "unknown card"))
	}
	var seekers []*cardsdb.Card
	var main, realms []cardsdb.DeckCard
	var errs cardsdb.ErrorList
	for _, dc := range d.Cards {
		switch dc.Card.Type {
		case "seeker":
			for range dc.Count {
				seekers = append(seekers, dc.Card)
			}
		case "unit", "feat", "binding":
			main = append(main, dc)
		case "realm":
			if isNeutralRealm(g, dc.Card) {
				// Never played as a 7th Realm, nor dropped to leave 6.
				errs.Add(dc.Pos, "%q is the Neutral Realm: it stands in the centre of a Seeker's Duel, not in a Realm Deck; remove it (deckwright validate says so too)", dc.Card.Name)
				continue
			}
			realms = append(realms, dc)
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	if len(seekers) != 1 {
		return nil, fmt.Errorf("deck %s has %d Seekers, want 1 (deckwright validate says more)", d.Name(), len(seekers))
	}
	out := &Deck{Name: d.Name(), Game: g, Neutral: NoCard, Faction: g.Factions.MainFaction(seekers[0])}
	ids := map[*cardsdb.Card]uint8{}
	var order []*cardsdb.Card
	add := func(c *cardsdb.Card) uint8 {
		if id, ok := ids[c]; ok {
			return id
		}
		cc, el := compileCard(c)
		errs = append(errs, el...)
		id := uint8(len(out.Cards))
		out.Cards = append(out.Cards, cc)
		ids[c] = id
		order = append(order, c)
		return id
	}
	for _, dc := range main {
		id := add(dc.Card)
		for range dc.Count {
			out.MainDeck = append(out.MainDeck, id)
		}
	}
	out.Main = len(out.Cards)
	for _, dc := range realms {
		id := add(dc.Card)
		for range dc.Count {
			out.Realms = append(out.Realms, id)
		}
	}
	if n := len(out.MainDeck); n == 0 || n > MaxMain {
		return nil, fmt.Errorf("deck %s has a Main Deck of %d cards; the engine plays 1 to %d (the rules want 33–42)", d.Name(), n, MaxMain)
	}
	if n := len(out.Realms); n == 0 || n > MaxRealms {
		return nil, fmt.Errorf("deck %s has a Realm Deck of %d Realms; the engine plays 1 to %d (the rules want exactly 7)", d.Name(), n, MaxRealms)
	}
	for _, c := range g.Cards {
		if isNeutralRealm(g, c) {
			out.Neutral = add(c)
			break
		}
	}
	out.Reported = len(out.Cards)
	out.Seeker = add(seekers[0])
	// Tokens the cards Manifest (a token may Manifest another: the loop
	// runs over the cards added meanwhile too).
	for i := 0; i < len(out.Cards); i++ {
		src := order[i]
		for ti := 0; ti < 2; ti++ {
			t := out.Cards[i].text(ti)
			for ai := range t.Abilities {
				acts := t.Abilities[ai].Actions // shares its array with out.Cards[i]
				for xi := range acts {
					if acts[xi].Kind != ActManifest {
						continue
					}
					tc := g.Card(acts[xi].Token)
					switch {
					case tc == nil:
						errs.Add(effectsPos(src), "%s: manifest %q: no card has that name%s", src.Name, acts[xi].Token, cardsdb.DidYouMean(g.Suggest(acts[xi].Token)))
					case tc.Type != "token" || tc.Str("token_type") != "unit":
						errs.Add(effectsPos(src), "%s: manifest %q: the engine Manifests Unit tokens only, and %s is a %s", src.Name, acts[xi].Token, tc.Name, g.TypeName(tc.Type))
					case len(out.Cards) < maxIDs:
						acts[xi].Card = add(tc)
					}
				}
			}
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	if len(out.Cards) > maxIDs {
		return nil, fmt.Errorf("deck %s has %d different cards; the engine plays at most %d", d.Name(), len(out.Cards), maxIDs)
	}
	for i, c := range order {
		cc := &out.Cards[i]
		cc.Innate = g.Factions.Innate(c, out.Faction)
		if cc.NotSimulated != "" {
			out.NotSimulated = append(out.NotSimulated, NotSimulated{Card: c.Name, Reason: cc.NotSimulated})
		}
		switch {
		case c.AllProvisional || c.Sample:
			out.Provisional = append(out.Provisional, Provisional{Card: c.Name, Fields: []string{"*"}, Sample: c.Sample})
		case len(c.Provisional) > 0:
			out.Provisional = append(out.Provisional, Provisional{Card: c.Name, Fields: c.Provisional})
		}
	}
	return out, nil
}

// text returns side i of a Realm (0: side a, 1: side b), or the text of
// any other card.
func (c *Card) text(i int) *Text {
	if c.Kind == KindRealm {
		return &c.Sides[i&1]
	}
	return &c.Text
}

// isNeutralRealm reports whether c is the game's Neutral Realm: a Realm
// that the section holding the Realm Deck keeps out by tag (exclude_tags
// in game.yaml: the bundled game excludes neutral-realm). The same data
// makes validate's copy-limit refuse it in a Realm Deck, so the two agree
// whatever the card's name.
func isNeutralRealm(g *cardsdb.Game, c *cardsdb.Card) bool {
	if c.Type != "realm" {
		return false
	}
	for _, s := range g.Sections {
		if s.Takes("realm") && s.Excludes(c) {
			return true
		}
	}
	return false
}

func effectsPos(c *cardsdb.Card) cardsdb.Pos {
	for _, k := range []string{"effects", "side_a_effects", "side_b_effects"} {
		if v, ok := c.Fields[k]; ok {
			return v.Pos
		}
	}
	return c.Pos
}

func attackValue(s string) int {
	if s == "" || s == "." {
		return NoAttack
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return NoAttack
	}
	return n
}

// compileCard reads a card's values and effects. Malformed effects are
// errors at the effects field's position.
func compileCard(c *cardsdb.Card) (Card, cardsdb.ErrorList) {
	cc := Card{Name: c.Name, Initiative: -1}
	switch c.Type {
	case "unit":
		cc.Kind = KindUnit
	case "feat":
		cc.Kind = KindFeat
	case "binding":
		cc.Kind = KindBinding
	case "realm":
		cc.Kind = KindRealm
	case "seeker":
		cc.Kind = KindSeeker
	case "token":
		cc.Kind = KindToken
	}
	var notes []string
	cc.Cost, _ = c.Int("cost")
	if v, ok := c.Fields["cost"]; ok && v.X {
		notes = append(notes, "a cost of X (played as 0)")
	}
	cc.Soul, _ = c.Int("soul")
	cc.Health, _ = c.Int("health")
	cc.Block, _ = c.Int("block")
	cc.Melee = attackValue(c.Str("melee"))
	cc.Ranged = attackValue(c.Str("ranged"))
	cc.OneOfMany = c.Fields["one_of_many"].Bool
	cc.Reaping, _ = c.Int("reaping")
	cc.Penitent, _ = c.Int("penitent")
	cc.KeywordRanged = c.Str("keyword_attack") == "ranged"
	for _, k := range c.List("keywords") {
		if kw, ok := ParseKeyword(k); ok {
			cc.Keywords |= kw
		} else {
			notes = append(notes, "keyword "+k+" is not known to the engine")
		}
	}
	switch c.Str("bind_to") {
	case "allied-unit":
		cc.BindTo = BindAlly
	case "enemy-unit":
		cc.BindTo = BindEnemy
	case "any-unit":
		cc.BindTo = BindAny
	case "allied-unit-or-seeker":
		cc.BindTo = BindAllyOrSeeker
	}
	cc.SoulMod, _ = c.Int("soul_mod")
	cc.MeleeMod, _ = c.Int("melee_mod")
	cc.RangedMod, _ = c.Int("ranged_mod")
	cc.HealthMod, _ = c.Int("health_mod")
	if v, ok := c.Int("initiative"); ok {
		cc.Initiative = v
	}
	cc.Quintessence, _ = c.Int("quintessence")
	var errs cardsdb.ErrorList
	if cc.Kind == KindSeeker {
		cc.Willpower = StartingWillpower
		if v, ok := c.Int("willpower"); ok && v != StartingWillpower {
			errs.Add(c.Fields["willpower"].Pos, "%s: willpower %d, but every Seeker starts with %d (rulebook, Setup step 4: \"Each player sets their starting Willpower to 13\"); write %d or leave the field out", c.Name, v, StartingWillpower, StartingWillpower)
		}
	}
	if cc.Kind == KindToken && c.Str("token_type") == "unit" && cc.Health == 0 {
		cc.Health = 1
	}
	parse := func(t *Text, field string) {
		v, ok := c.Fields[field]
		if !ok {
			return
		}
		for _, s := range v.List {
			if err := t.Parse(s); err != nil {
				errs.Add(v.Pos, "%s: %v", c.Name, err)
			}
		}
	}
	if cc.Kind == KindRealm {
		parse(&cc.Sides[0], "side_a_effects")
		parse(&cc.Sides[1], "side_b_effects")
		if _, ok := c.Fields["effects"]; ok || c.Text != "" {
			// The Neutral Realm: one ability box for everyone.
			var t Text
			parse(&t, "effects")
			cc.Sides[0], cc.Sides[1] = t, t
			notes = append(notes, textNote("", c.Text, &t)...)
		} else {
			notes = append(notes, textNote("side a: ", c.Str("side_a"), &cc.Sides[0])...)
			notes = append(notes, textNote("side b: ", c.Str("side_b"), &cc.Sides[1])...)
		}
	} else {
		parse(&cc.Text, "effects")
		notes = append(notes, textNote("", c.Text, &cc.Text)...)
	}
	cc.NotSimulated = strings.Join(notes, "; ")
	return cc, errs
}

// textNote says what of a rules text is not simulated.
func textNote(prefix, text string, t *Text) []string {
	switch {
	case strings.TrimSpace(text) != "" && t.empty():
		return []string{prefix + "rules text without effects: " + quoteShort(text)}
	case t.NotSimulated != "":
		return []string{prefix + t.NotSimulated}
	}
	return nil
}

func quoteShort(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 60 {
		s = string(r[:57]) + "..."
	}
	return fmt.Sprintf("%q", s)
}

// CheckEffects reads the effects of the deck's cards as Compile would,
// and returns their errors (a cardsdb.ErrorList with positions), or nil.
// It needs no legal deck, so that deckwright validate can say before any
// playtest that an effect will not read.
func CheckEffects(d *cardsdb.Deck) error {
	var errs cardsdb.ErrorList
	seen := map[*cardsdb.Card]bool{}
	for _, dc := range d.Cards {
		if seen[dc.Card] {
			continue
		}
		seen[dc.Card] = true
		_, el := compileCard(dc.Card)
		errs = append(errs, el...)
	}
	return errs.Err()
}
