package report

import (
	"errors"
	"fmt"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine/games"
	"github.com/deckwright/deckwright/validate"
)

// Validation is one validated deck of deckwright validate --json: its
// findings in position order and whether it is legal. The fields without
// a JSON name are the notes the command line prints under its verdict.
type Validation struct {
	Deck   string `json:"deck"`
	Game   string `json:"game"`
	Format string `json:"format,omitempty"`
	// GameFolder is the folder whose game the deck takes, as it names none
	// and lies inside it (cardsdb.DeckList.GameFolder).
	GameFolder string             `json:"game_folder,omitempty"`
	Legal      bool               `json:"legal"`
	Problems   []validate.Finding `json:"problems"`

	// Name is the deck's own name (its name: line, else its file's).
	Name string `json:"-"`
	// Sample is set when the deck is marked sample or uses a sample card;
	// Provisional counts its cards (copies included) with provisional
	// values.
	Sample      bool `json:"-"`
	Provisional int  `json:"-"`
	// Effects holds the card effects the playtest engine cannot read:
	// warnings for validate (EffectFindings), errors for goldfish.
	Effects error `json:"-"`
}

// ValidateOptions are the choices of a validation beyond the deck.
type ValidateOptions struct {
	// Format is the deck-building format to check, replacing the deck's
	// format: line ("" keeps it).
	Format string
	// Owned lists the cards the player owns: a warning marks each card the
	// deck uses more copies of. nil: no check.
	Owned *cardsdb.DeckList
}

// Validate checks a deck list that has been read (arg names it in the
// report) against its game's rules. The error is for a deck that cannot
// be checked: its game unknown, a format the game does not have, an
// --owned list that does not resolve.
func Validate(db *cardsdb.DB, arg string, list *cardsdb.DeckList, o ValidateOptions) (*Validation, error) {
	g, err := db.GameOf(list)
	if err != nil {
		return nil, err
	}
	if err := ChooseFormat(g, list, o.Format); err != nil {
		return nil, err
	}
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		return nil, err
	}
	fs := validate.Check(deck)
	if o.Owned != nil {
		coll, err := cardsdb.NewCollection(o.Owned, g)
		if err != nil {
			return nil, err
		}
		fs = append(fs, validate.CheckOwned(deck, coll)...)
		validate.Sort(fs)
	}
	if fs == nil {
		fs = []validate.Finding{}
	}
	r := &Validation{Deck: arg, Game: g.ID, Legal: validate.Legal(fs), Problems: fs, Name: deck.Name(), Sample: list.Sample, GameFolder: list.GameFolder}
	if deck.Format != nil {
		r.Format = deck.Format.ID
	}
	if e := games.For(g); e != nil {
		r.Effects = e.CheckEffects(deck)
	}
	for _, dc := range deck.Cards {
		if dc.Card.Sample {
			r.Sample = true
		}
		if dc.Card.HasProvisional() {
			r.Provisional += dc.Count
		}
	}
	return r, nil
}

// Unreadable is the report of a deck that could not be read or checked:
// its error as findings of rule "input", as validate --json prints it.
func Unreadable(arg string, err error) *Validation {
	return &Validation{Deck: arg, Problems: InputFindings(err, arg)}
}

// WithEffects returns the findings with the card effects the playtest
// engine cannot read added as warnings, as --json prints them.
func (v *Validation) WithEffects() []validate.Finding {
	return append(v.Problems, EffectFindings(v.Effects)...)
}

// ChooseFormat sets the deck-building format named format on list,
// replacing the list's own format: line; "" leaves the list as it is. A
// name the game does not know is an error that lists the game's formats.
func ChooseFormat(g *cardsdb.Game, list *cardsdb.DeckList, format string) error {
	if format == "" {
		return nil
	}
	if g.Format(format) == nil {
		if len(g.Formats) == 0 {
			return fmt.Errorf("--format %s: %s defines no formats", format, g.Name)
		}
		return fmt.Errorf("--format: unknown format %q; %s has formats %s%s", format, g.Name, strings.Join(g.FormatIDs(), ", "), cardsdb.DidYouMean(cardsdb.Suggest(format, g.FormatIDs(), 1)))
	}
	list.Format, list.FormatPos = format, cardsdb.Pos{File: "--format"}
	return nil
}

// InputFindings turns an input error into findings of rule "input", one
// per positioned error.
func InputFindings(err error, arg string) []validate.Finding {
	var list cardsdb.ErrorList
	if !list.Append(err) {
		msg := strings.TrimPrefix(err.Error(), arg+": ")
		return []validate.Finding{{Pos: cardsdb.Pos{File: arg}, Rule: "input", Severity: validate.Error, Message: msg}}
	}
	out := make([]validate.Finding, len(list))
	for i, e := range list {
		out[i] = validate.Finding{Pos: e.Pos, Rule: "input", Severity: validate.Error, Message: e.Msg}
	}
	return out
}

// EffectFindings turns the card effects the playtest engine cannot read
// into warnings of rule "effects" (the deck stays legal; goldfish refuses
// it).
func EffectFindings(err error) []validate.Finding {
	if err == nil {
		return nil
	}
	list := EffectErrors(err)
	out := make([]validate.Finding, len(list))
	for i, e := range list {
		suffix := "; deckwright goldfish cannot play the deck until it is fixed"
		if Disagreement(e) {
			suffix = "; deckwright goldfish plays its effects list"
		}
		out[i] = validate.Finding{Pos: e.Pos, Rule: "effects", Severity: validate.Warning, Message: e.Msg + suffix}
	}
	return out
}

// EffectErrors returns the playtest engine's error for a deck's card
// effects as a list, one error a card effect (a plain error is one
// without a position).
func EffectErrors(err error) cardsdb.ErrorList {
	var list cardsdb.ErrorList
	if err == nil || list.Append(err) {
		return list
	}
	return cardsdb.ErrorList{{Msg: err.Error()}}
}

// Disagreement reports whether an effects warning says that a card's
// effects and rules text disagree (cardsdb.ErrEffectsDisagree: the
// playtest plays its effects list), rather than that an effect does not
// read.
func Disagreement(err error) bool { return errors.Is(err, cardsdb.ErrEffectsDisagree) }
