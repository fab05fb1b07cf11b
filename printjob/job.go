package printjob

import (
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/report"
)

// DefaultMaxCards is the most cards a print collects unless
// Options.MaxCards says otherwise: many more than any deck or game set, few
// enough that a hostile decklist ("999 Comet" ten thousand times) is
// refused before any work instead of exhausting memory.
const DefaultMaxCards = 5000

// StdinName names a deck read from standard input (Options.In) unless
// Options.InName says otherwise, as validate - names it.
const StdinName = cardsdb.StdinName

// Job is what to print: the cards in their order and counts, the games
// they come from, and what the summary says about them.
type Job struct {
	// DB holds every game loaded (the templates are checked against it).
	DB    *cardsdb.DB
	Games []*cardsdb.Game
	Items []cardface.Item
	// Card is the card size of the decks' game.
	Card cardsdb.Size
	// Name is the job's name, for the default output name (out/NAME.pdf)
	// and the PDF's title: the decks' names joined by +, GAME-set for a
	// whole set.
	Name string
	// Sample tells that some printed card is a sample card invented for
	// deckwright; Provisional counts the printed cards (copies included)
	// that carry provisional values.
	Sample      bool
	Provisional int
	// Selected says what --only and --exclude (and --changed-since)
	// kept, "" without them.
	Selected string
	// Extras are the cards added for the table (game.yaml extras:).
	Extras []Extra

	tableExtras map[string]bool
}

// Options says what Collect gathers: the cards of Decks, or with All the
// whole card pool of Game.
type Options struct {
	// Decks are deck arguments as the command line takes them: a deck
	// file, a bundled deck GAME/NAME, or - for the deck read from In.
	Decks []string
	// In is the deck for -; InName names it in messages (StdinName when
	// empty).
	In     io.Reader
	InName string
	// Game is the game of deck lists that name none; with All, the game
	// whose set is printed.
	Game string
	// Format is the deck-building format of the decks ("" for theirs).
	Format string
	All    bool
	// Missing keeps only the cards the decks need beyond Owned.
	Owned   *cardsdb.DeckList
	Missing bool
	// NoExtras leaves out what the decks need on the table beyond their
	// own cards.
	NoExtras bool
	// MaxCards refuses a print of more cards (0: DefaultMaxCards).
	MaxCards int
	// CardSize is the card size the sheet is given (--card-size), "" for
	// the game's: with one, decks of games of other card sizes may be
	// printed together.
	CardSize string
}

// Limit counts the cards a print asks for, a count at a time, and refuses
// a total over Max before anything is laid out. What names the print in
// the error.
type Limit struct {
	Max, total int
	What       string
}

// Add counts n more cards.
func (l *Limit) Add(n int) error {
	if n > 0 {
		l.total = min(l.total+n, math.MaxInt32) // no overflow, whatever the counts
	}
	max := l.Max
	if max <= 0 {
		max = DefaultMaxCards
	}
	if l.total > max {
		return fmt.Errorf("%s asks for more than %d cards (the --max-cards limit); pass --max-cards with a bigger number to print them all", l.What, max)
	}
	return nil
}

// Collect gathers what opts asks to print.
func Collect(db *cardsdb.DB, opts Options) (*Job, error) {
	job := &Job{DB: db}
	limit := &Limit{Max: opts.MaxCards}
	if opts.All {
		g, err := db.LookupGame(opts.Game)
		if err != nil {
			return nil, fmt.Errorf("--game: %w", err)
		}
		limit.What = "--game " + g.ID + " --all"
		for _, c := range g.Cards {
			if err := limit.Add(c.Copies); err != nil {
				return nil, err
			}
		}
		job.Items = cardface.SetItems(g)
		job.Games = []*cardsdb.Game{g}
		job.Card, job.Name = g.CardSize, g.ID+"-set"
		if len(job.Items) == 0 {
			return nil, fmt.Errorf("%s has no cards to print", g.Name)
		}
		job.note()
		return job, nil
	}
	var names []string
	if n := slices.Index(opts.Decks, "-"); n >= 0 && slices.Index(opts.Decks[n+1:], "-") >= 0 {
		return nil, errors.New("- (standard input) given more than once; it can be read once")
	}
	for _, arg := range opts.Decks {
		var deck *cardsdb.Deck
		var err error
		if arg == "-" {
			deck, err = ReadDeck(db, opts.InName, opts.In, opts.Game, opts.Format)
		} else {
			deck, err = OpenDeck(db, arg, opts.Game, opts.Format)
		}
		if err != nil {
			return nil, err
		}
		if opts.Owned != nil && opts.Missing {
			coll, err := cardsdb.NewCollection(opts.Owned, deck.Game)
			if err != nil {
				return nil, err
			}
			deck = coll.Missing(deck)
		}
		if len(deck.UnknownSections) > 0 {
			// Its cards are no cards of the deck: printing without them
			// would drop them in silence.
			u := deck.UnknownSections[0]
			return nil, ruleError("%s: unknown section %q: %s decks have sections %s%s; fix the deck (deckwright validate %s) before printing", u.Pos, u.Name, deck.Game.Name, strings.Join(u.Sections, ", "), cardsdb.DidYouMean(u.Suggestions), arg)
		}
		if len(deck.Unknown) > 0 {
			u := deck.Unknown[0]
			return nil, ruleError("%s: no card named %q%s; fix the deck (deckwright validate %s) before printing", u.Entry.Pos, u.Entry.Name, cardsdb.DidYouMean(u.Suggestions), arg)
		}
		for _, p := range deck.Packs {
			if p.Pack == nil {
				return nil, ruleError("%s: no pack named %q%s; fix the setup (deckwright validate %s) before printing", p.Pos, p.Written, cardsdb.DidYouMean(p.Suggestions), arg)
			}
		}
		if len(job.Items) > 0 && deck.Game.CardSize != job.Card && opts.CardSize == "" {
			return nil, fmt.Errorf("%s is a %s deck with %gx%g mm cards, unlike the decks before it; print them apart or pass --card-size", arg, deck.Game.Name, deck.Game.CardSize.W, deck.Game.CardSize.H)
		}
		limit.What = strings.Join(opts.Decks[:len(names)+1], " + ")
		for _, dc := range deck.Cards {
			if err := limit.Add(dc.Count); err != nil {
				return nil, err
			}
		}
		job.Card = deck.Game.CardSize
		job.Games = append(job.Games, deck.Game)
		job.Items = append(job.Items, cardface.DeckItems(deck)...)
		if !opts.NoExtras && !opts.Missing {
			if err := job.addExtras(deck, limit); err != nil {
				return nil, err
			}
		}
		names = append(names, DeckFileName(arg))
	}
	job.note()
	job.Name = strings.Join(names, "+")
	if opts.Missing {
		job.Name += "-missing"
	}
	return job, nil
}

// note counts the printed cards (copies included, as validate counts
// them) that are samples or carry provisional values.
func (j *Job) note() {
	j.Sample, j.Provisional = false, 0
	for _, it := range j.Items {
		c := it.Front.Card
		if c == nil {
			continue
		}
		if c.Sample {
			j.Sample = true
		}
		if c.HasProvisional() {
			j.Provisional++
		}
	}
}

// OpenDeck opens and resolves one deck argument: a deck file or a bundled
// deck GAME/NAME. game is the game of a deck list that names none; format
// is the deck-building format ("" for the deck's).
func OpenDeck(db *cardsdb.DB, arg, game, format string) (*cardsdb.Deck, error) {
	list, err := db.OpenDeck(arg, game)
	if err != nil {
		return nil, err
	}
	return resolve(db, list, format)
}

// ReadDeck reads and resolves a deck from in, named name in messages
// (StdinName for ""): a YAML deck or a decklist, as validate - tells them
// apart.
func ReadDeck(db *cardsdb.DB, name string, in io.Reader, game, format string) (*cardsdb.Deck, error) {
	list, err := cardsdb.ReadDeck(name, in, game)
	if err != nil {
		return nil, err
	}
	return resolve(db, list, format)
}

func resolve(db *cardsdb.DB, list *cardsdb.DeckList, format string) (*cardsdb.Deck, error) {
	g, err := db.GameOf(list)
	if err != nil {
		return nil, err
	}
	if err := report.ChooseFormat(g, list, format); err != nil {
		return nil, err
	}
	return cardsdb.Resolve(g, list)
}

// DeckFileName turns a deck argument into a file name: the bundled deck's
// name, or the file's base name without its extension ("deck" for -,
// standard input).
func DeckFileName(arg string) string {
	if arg == "-" {
		return "deck" // standard input
	}
	base := filepath.Base(arg)
	return strings.TrimSuffix(base, filepath.Ext(base))
}
