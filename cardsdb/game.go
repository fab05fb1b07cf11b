package cardsdb

import (
	"io/fs"
	"strconv"
	"strings"
	"sync/atomic"
)

// Size is a width and height in millimetres.
type Size struct {
	W float64 `json:"width"`
	H float64 `json:"height"`
}

// FieldKind is the kind of value a card field holds.
type FieldKind string

// The field kinds a game definition may declare.
const (
	KindInt    FieldKind = "int"    // a whole number
	KindCost   FieldKind = "cost"   // a whole number or X
	KindString FieldKind = "string" // one line of text
	KindText   FieldKind = "text"   // rules text
	KindBool   FieldKind = "bool"   // true or false
	KindEnum   FieldKind = "enum"   // one of Values
	KindCard   FieldKind = "card"   // the name of another card of the game
	KindList   FieldKind = "list"   // a list of strings
)

var fieldKinds = []string{"int", "cost", "string", "text", "bool", "enum", "card", "list"}

// Field is a typed field that a card type declares.
type Field struct {
	Name     string
	Kind     FieldKind
	Doc      string
	Required bool
	Min, Max *int     // bounds for int and cost
	Values   []string // allowed values for enum (and list, when set)
	CardType string   // for card fields: the type the named card must have
	// Symbols are what an int or cost field accepts besides numbers:
	// symbols: ["?", "X"] for a power of "?" (Value.Symbol).
	Symbols []string
	Pos     Pos
}

// Symbol returns the field's symbol that s is, ignoring case and the
// spaces around it.
func (f *Field) Symbol(s string) (string, bool) {
	s = strings.TrimSpace(s)
	for _, sym := range f.Symbols {
		if strings.EqualFold(sym, s) {
			return sym, true
		}
	}
	return "", false
}

// CardType is a kind of card in a game (Guardian, Module, Seeker, Realm...).
type CardType struct {
	ID   string
	Name string
	// Landscape marks a type whose cards are wider than tall (Arkhtide's
	// Realms); a card may say otherwise (Card.Landscape, Game.Landscape).
	Landscape bool
	Fields    []*Field
	// Back is the back of the type's cards when it differs from the
	// game's (Kaizerseat's Thronecards and Seatcards), nil otherwise.
	Back *Back
	Pos  Pos
}

// Field returns the type's field called name, or nil.
func (t *CardType) Field(name string) *Field {
	for _, f := range t.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Count is a required number of cards: exactly Exact, or between Min and
// Max. A nil bound is open.
type Count struct {
	Exact    *int
	Min, Max *int
}

// Set reports whether the count constrains anything.
func (c Count) Set() bool { return c.Exact != nil || c.Min != nil || c.Max != nil }

// Allows reports whether n satisfies the count.
func (c Count) Allows(n int) bool {
	if c.Exact != nil {
		return n == *c.Exact
	}
	if c.Min != nil && n < *c.Min {
		return false
	}
	if c.Max != nil && n > *c.Max {
		return false
	}
	return true
}

// String describes the count: "exactly 40", "33 to 42", "at least 5".
func (c Count) String() string {
	switch {
	case c.Exact != nil:
		return "exactly " + strconv.Itoa(*c.Exact)
	case c.Min != nil && c.Max != nil:
		return strconv.Itoa(*c.Min) + " to " + strconv.Itoa(*c.Max)
	case c.Min != nil:
		return "at least " + strconv.Itoa(*c.Min)
	case c.Max != nil:
		return "at most " + strconv.Itoa(*c.Max)
	}
	return "any number"
}

// TypeLimit limits one card type inside a section.
type TypeLimit struct {
	Type   string
	Count  Count
	Copies int // 0: the section's limit applies
	Pos    Pos
}

// Companion says that a section is filled from a card field of another
// section's cards, as G-modules follow their Guardians.
type Companion struct {
	Section string
	Field   string
}

// Section is a part of a deck: the stack, the Guardians, the realm deck.
type Section struct {
	ID            string
	Name          string
	Aliases       []string
	Types         []string
	Count         Count
	Copies        int // copy limit per card; 0 = none
	CopyOverrides map[string]int
	// ExcludeTags keeps out of the section every card that carries one of
	// these tags, whatever its name (Arkhtide's Realm Deck and the Neutral
	// Realm): its copy limit there is 0.
	ExcludeTags []string
	TypeLimits  []TypeLimit
	Leader      bool
	CompanionOf *Companion
	Optional    bool
	// All marks a section that always holds every card of its types in
	// the counts of the physical set (Kaizerseat's Thronecards): Resolve
	// adds the cards a deck does not list.
	All bool
	// FromPacks marks a section that holds every card of the packs a setup
	// chooses (Kaizerseat's Seekers): Resolve adds them.
	FromPacks bool
	Pos       Pos

	keys []string // folded id, name and aliases
	// takes is the set of Types, built on first use when they are many.
	takes atomic.Pointer[typeSet]
}

// typeSet is a set of type ids; n is the length of the list it was built
// from.
type typeSet struct {
	n   int
	ids map[string]bool
}

func (s *Section) foldKeys() []string {
	keys := []string{Fold(s.ID), Fold(s.Name)}
	for _, a := range s.Aliases {
		keys = append(keys, Fold(a))
	}
	return keys
}

// matches reports whether a folded name names the section.
func (s *Section) matches(key string) bool {
	keys := s.keys
	if keys == nil {
		keys = s.foldKeys()
	}
	for _, k := range keys {
		if k == key {
			return true
		}
	}
	return false
}

// Takes reports whether the section takes cards of the type id.
func (s *Section) Takes(typeID string) bool {
	if len(s.Types) <= 16 {
		for _, t := range s.Types {
			if t == typeID {
				return true
			}
		}
		return false
	}
	set := s.takes.Load()
	if set == nil || set.n != len(s.Types) {
		set = &typeSet{n: len(s.Types), ids: make(map[string]bool, len(s.Types))}
		for _, t := range s.Types {
			set.ids[t] = true
		}
		s.takes.Store(set)
	}
	return set.ids[typeID]
}

// TypeLimit returns the section's limit for a type, or nil.
func (s *Section) TypeLimit(typeID string) *TypeLimit {
	for i := range s.TypeLimits {
		if s.TypeLimits[i].Type == typeID {
			return &s.TypeLimits[i]
		}
	}
	return nil
}

// Excludes reports whether the section keeps the card out by one of its
// tags (ExcludeTags).
func (s *Section) Excludes(c *Card) bool {
	for _, t := range c.Tags {
		if contains(s.ExcludeTags, t) {
			return true
		}
	}
	return false
}

// CopyLimit returns the number of copies of c that the section allows, and
// false when there is no limit: 0 for a card the section excludes by tag,
// else the card's own deck_limit, then the section's per-card override (0
// forbids the card), then the type's limit, then the section's.
func (s *Section) CopyLimit(c *Card) (int, bool) {
	if s.Excludes(c) {
		return 0, true
	}
	if c.DeckLimit > 0 {
		return c.DeckLimit, true
	}
	if n, ok := s.CopyOverrides[c.Key]; ok {
		return n, true
	}
	if tl := s.TypeLimit(c.Type); tl != nil && tl.Copies > 0 {
		return tl.Copies, true
	}
	return s.Copies, s.Copies > 0
}

// Faction is a faction, domain or affiliation of a game.
type Faction struct {
	ID   string
	Name string
}

// Factions is what a game calls its factions and which ones are special.
type Factions struct {
	Label    string // "Domain", "Faction", "Affiliation"
	Values   []Faction
	Wildcard []string // match every faction (Logic)
	Neutral  []string // belong to no faction
	Pos      Pos
}

// Has reports whether id is one of the game's factions.
func (f *Factions) Has(id string) bool {
	for _, v := range f.Values {
		if v.ID == id {
			return true
		}
	}
	return false
}

// Name returns the printed name of a faction id (the id if unknown).
func (f *Factions) Name(id string) string {
	for _, v := range f.Values {
		if v.ID == id {
			return v.Name
		}
	}
	return id
}

// IsWildcard reports whether the faction matches every faction.
func (f *Factions) IsWildcard(id string) bool { return contains(f.Wildcard, id) }

// IsNeutral reports whether the faction belongs to no faction.
func (f *Factions) IsNeutral(id string) bool { return contains(f.Neutral, id) }

// MainFaction returns the main faction a leader gives its deck (Arkhtide:
// "The chosen Seeker determines your main faction identity"): the leader's
// first faction that is not neutral, or "" when it has none (no faction,
// or only neutral ones) or there is no leader.
func (f *Factions) MainFaction(leader *Card) string {
	if leader == nil {
		return ""
	}
	for _, id := range leader.Factions {
		if !f.IsNeutral(id) {
			return id
		}
	}
	return ""
}

// Innate reports whether a card is Innate to a deck whose main faction is
// main (see MainFaction): it belongs to main, or a wildcard faction
// (which matches every faction) stands on either side. A neutral card
// belongs to no faction and so is not Innate, and with no main faction no
// card is (Arkhtide: "A card is considered Innate if it belongs to your
// main faction"). A card that names no faction at all stands outside
// the faction system (Arkhtide's Realms, tied to no faction, are never
// Invoked from hand) and counts as Innate to every deck.
func (f *Factions) Innate(c *Card, main string) bool {
	if len(c.Factions) == 0 {
		return true
	}
	if main == "" {
		return false
	}
	for _, id := range c.Factions {
		if id == main || f.IsWildcard(id) || f.IsWildcard(main) && !f.IsNeutral(id) {
			return true
		}
	}
	return false
}

// RuleRef switches a named rule on for a game, with its parameters.
type RuleRef struct {
	Name string
	// Params holds the parameters as the YAML gives them (int, float64,
	// string, bool, nil, []any or map[string]any): the rule that declares
	// them checks their names and types (validate.CheckGame).
	Params map[string]any
	// ParamPos says where each parameter is written, for errors.
	ParamPos map[string]ParamPos
	Pos      Pos
}

// ParamPos is where a rule parameter is written in a game definition: its
// name and its value.
type ParamPos struct {
	Key, Value Pos
}

// Back is a game's default card back.
type Back struct {
	Image string // path inside the game's FS, "" for none
	Text  string
}

// BackFor returns the back of cards of type typeID: the type's own back
// when game.yaml gives it one, else the game's.
func (g *Game) BackFor(typeID string) Back {
	if t := g.Type(typeID); t != nil && t.Back != nil {
		return *t.Back
	}
	return g.Back
}

// Game is a game definition together with its cards and bundled decks.
type Game struct {
	ID          string
	Name        string
	Source      string
	Notes       string
	Provisional string // a note on what in the definition is provisional
	CardSize    Size
	// CornerRadius is the corner radius of the cards' cut outlines, mm
	// (card_size.corner_radius); 0 when the game gives none.
	CornerRadius float64
	Factions     Factions
	Types        []*CardType
	Sections     []*Section
	Rules        []RuleRef
	Back         Back
	// Packs are the groups of cards a game is set up from (Kaizerseat);
	// when a game declares packs, every card's pack must be one of them.
	Packs []*Pack
	// Manifest is the component list of the physical game, by groups of
	// card types (Seeders: 162 Ark cards, 30 Secondary Crew, 6 aids).
	Manifest []*ManifestGroup
	// Variants are ways of playing with fewer cards (Seeders' expert mode).
	Variants []*Variant
	// Draw is how the game deals cards (opening hand, draws per turn), or
	// nil when the definition does not say.
	Draw *Draw
	// Formats are the game's deck-building formats (Hubworld's Free
	// Agent); a deck names one with a format: line.
	Formats []*Format
	// Icons is the game's icon set: [name] in rules text prints as the
	// icon (Hubworld's [shard], [action]).
	Icons []*IconDef
	// Extras are what a deck needs on the table beyond its own cards
	// (Arkhtide's Neutral Realm and tokens); print adds them.
	Extras []*Extra
	// Playtest is the game's playtest block (engine/generic plays it), or
	// nil.
	Playtest *Playtest
	// Tables are the spreadsheets whose rows are cards of the game,
	// read with the cards files every time the game loads.
	Tables []*Table
	Pos    Pos

	// Cards holds every card in file order; Card.Index is its place here.
	Cards []*Card
	// Decks maps a bundled deck's name to its path inside FS.
	Decks map[string]string
	// FS holds the game's files; card image paths are relative to its root.
	FS fs.FS
	// Dir is the game's folder as positions name it, a path a user can
	// open: "bundled:arkhtide" for a bundled game, the --db path for a
	// user's ("my-game"), "" for the current folder.
	Dir string

	byKey   map[string]*Card
	aliases map[string][]*Card // folded alias -> the cards that have it
	art     []artEntry         // art: entries waiting for their card (see applyArt)
	// names and types are built on first use, and again when cards or
	// types were added since.
	names atomic.Pointer[Names]
	types atomic.Pointer[typeIndex]
}

// typeIndex maps type ids to types; n is len(Game.Types) when built.
type typeIndex struct {
	n    int
	byID map[string]*CardType
}

// Type returns the card type with the id, or nil.
func (g *Game) Type(id string) *CardType {
	ix := g.types.Load()
	if ix == nil || ix.n != len(g.Types) {
		ix = &typeIndex{n: len(g.Types), byID: make(map[string]*CardType, len(g.Types))}
		for _, t := range g.Types {
			if _, dup := ix.byID[t.ID]; !dup {
				ix.byID[t.ID] = t // the first wins, as a scan would find it
			}
		}
		g.types.Store(ix)
	}
	return ix.byID[id]
}

// Landscape reports whether c is printed wider than tall: the card's own
// landscape key when it has one (a card imported from a PDF where it lay
// landscape), else its type's (Arkhtide's Realms).
func (g *Game) Landscape(c *Card) bool {
	if c == nil {
		return false
	}
	if c.Landscape != nil {
		return *c.Landscape
	}
	t := g.Type(c.Type)
	return t != nil && t.Landscape
}

// Section returns the section with the id, or nil.
func (g *Game) Section(id string) *Section {
	for _, s := range g.Sections {
		if s.ID == id {
			return s
		}
	}
	return nil
}

// SectionByName finds a section by id, name or alias, ignoring case,
// accents and spacing ("Main deck:" finds the section main).
func (g *Game) SectionByName(name string) *Section {
	key := Fold(name)
	for _, s := range g.Sections {
		if s.matches(key) {
			return s
		}
	}
	return nil
}

// SectionNames lists the section names for messages and suggestions.
func (g *Game) SectionNames() []string {
	var out []string
	for _, s := range g.Sections {
		out = append(out, s.Name)
	}
	return out
}

// SectionFor returns the first section that takes a card of the type, or nil.
func (g *Game) SectionFor(typeID string) *Section {
	for _, s := range g.Sections {
		if s.Takes(typeID) && s.CompanionOf == nil {
			return s
		}
	}
	for _, s := range g.Sections {
		if s.Takes(typeID) {
			return s
		}
	}
	return nil
}

// Card looks a card up by name, ignoring case, accents, apostrophe style and
// spacing. It returns nil when no card has that name.
func (g *Game) Card(name string) *Card {
	if ascii(name) {
		// Fold into a stack buffer: a map lookup by string(bytes) does not
		// allocate, and Resolve looks up every entry of every deck.
		var buf [64]byte
		if b, ok := foldASCII(buf[:0], name); ok {
			if c := g.byKey[string(b)]; c != nil || g.aliases == nil {
				return c
			}
		}
	}
	key := Fold(name)
	if c := g.byKey[key]; c != nil {
		return c
	}
	if a := g.aliases[key]; len(a) == 1 {
		return a[0]
	}
	return nil
}

// CardNames lists every card name of the game, in file order.
func (g *Game) CardNames() []string {
	out := make([]string, len(g.Cards))
	for i, c := range g.Cards {
		out[i] = c.Name
	}
	return out
}

// Suggest returns up to three card names close to name. The card names are
// folded once, on the first call.
//
// A short name that several cards share as their alias suggests each of
// them.
func (g *Game) Suggest(name string) []string {
	if a := g.Alias(name); len(a) > 1 {
		out := make([]string, len(a))
		for i, c := range a {
			out[i] = c.Name
		}
		return out
	}
	n := g.names.Load()
	if n == nil || n.Len() != len(g.Cards) {
		n = NewNames(g.CardNames())
		g.names.Store(n)
	}
	return n.Suggest(name, 3)
}

// maxSuggested is how many different unknown names of one file get
// did-you-mean suggestions: past it, a file is not a list with typos, and
// each search would only cost time.
const maxSuggested = 100

// suggester hands out a game's card suggestions for one file, at most
// maxSuggested searches, the same name searched once.
type suggester struct {
	g    *Game
	memo map[string][]string
}

func (s *suggester) suggest(name string) []string {
	key := Fold(name)
	if got, ok := s.memo[key]; ok {
		return got
	}
	if s.memo == nil {
		s.memo = map[string][]string{}
	}
	if len(s.memo) >= maxSuggested {
		return nil
	}
	got := s.g.Suggest(name)
	s.memo[key] = got
	return got
}

// HasRule reports whether the game switches on the named rule.
func (g *Game) HasRule(name string) bool {
	for _, r := range g.Rules {
		if r.Name == name {
			return true
		}
	}
	return false
}

// TypeName returns the printed name of a type id (the id if unknown).
func (g *Game) TypeName(id string) string {
	if t := g.Type(id); t != nil {
		return t.Name
	}
	return id
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Plural returns "1 card" or "3 cards" style text for n of a noun (Noun
// gives the noun's form). It is the one plural helper of deckwright's
// messages.
func Plural(n int, noun string) string {
	return strconv.Itoa(n) + " " + Noun(n, noun)
}

// Noun returns the form of a noun for n of it, without the number: "card"
// for 1, "cards" for any other n; "copies", "boxes", "Heroes", "Abbeys".
func Noun(n int, noun string) string {
	switch {
	case n == 1:
		return noun
	case strings.HasSuffix(noun, "s") || strings.HasSuffix(noun, "x") || oesPlural(noun):
		return noun + "es"
	case strings.HasSuffix(noun, "y") && !strings.HasSuffix(noun, "ey"):
		return noun[:len(noun)-1] + "ies"
	}
	return noun + "s"
}

// oesPlural tells the nouns in -o that take -es ("2 Heroes", not "2
// Heros"); most in -o take -s (photos, pianos, silos).
func oesPlural(noun string) bool {
	i := strings.LastIndexAny(noun, " -")
	switch strings.ToLower(noun[i+1:]) {
	case "hero", "echo", "veto", "torpedo", "potato", "tomato", "embargo", "volcano", "domino", "tornado":
		return true
	}
	return false
}

// Article puts "a" or "an" before a word, by how it is said: "an Agent",
// "a Realm", "a Unit", "an Hour".
func Article(word string) string {
	w := strings.ToLower(word)
	for _, p := range []string{"uni", "use", "usu", "uti", "ure", "eu", "one", "once"} {
		if strings.HasPrefix(w, p) {
			return "a " + word
		}
	}
	for _, p := range []string{"hour", "honest", "honor", "honour", "heir"} {
		if strings.HasPrefix(w, p) {
			return "an " + word
		}
	}
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + word
	}
	return "a " + word
}
