package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/games"
	"github.com/deckwright/deckwright/validate"
)

// maxTurnsDefaults says each engine's longest game: "50 turns for
// Seeker Chronicles, 20 rounds for Arkhtide, ...".
func maxTurnsDefaults() string {
	var parts []string
	for _, e := range games.Kinds() {
		if e.ID == "" {
			parts = append(parts, "a playtest block's max_turns")
			continue
		}
		parts = append(parts, cardsdb.Plural(e.DefaultMaxTurns, e.Unit)+" for "+e.Name)
	}
	return strings.Join(parts, ", ")
}

// engineOf returns the playtest engine of a game: the one written for
// it, else the engine of its playtest block, else nil.
func engineOf(g *cardsdb.Game) *engine.Engine { return games.For(g) }

// engineByID is engineOf for a game id of db.
func engineByID(db *cardsdb.DB, id string) *engine.Engine {
	g, _ := db.Game(id)
	return engineOf(g)
}

// playtestDoc is where a designer reads how to write a playtest block.
const playtestDoc = "docs/playtest.md"

// playtest is a deck checked and compiled, ready to play.
type playtest struct {
	arg    string
	db     *cardsdb.DB
	game   string // --game
	deck   *cardsdb.Deck
	policy string
	eng    *engine.Engine
	play   *engine.Play
	setup  engine.Setup
	// broken is the number of deck-building problems of a deck played
	// with --force.
	broken int
}

// problems counts the findings that make a deck illegal.
func problems(fs []validate.Finding) int {
	n := 0
	for _, f := range fs {
		if !validate.Legal([]validate.Finding{f}) {
			n++
		}
	}
	return n
}

// noEngineError is the error for a deck of a game without a playtest
// engine, which build skips.
type noEngineError string

func (e noEngineError) Error() string { return string(e) }

// openLegal opens a deck, resolves it and checks it against its game's
// rules. An illegal deck has its problems printed on w and gives
// errBrokeRules.
func openLegal(w io.Writer, db *cardsdb.DB, arg, game string) (*cardsdb.Deck, error) {
	d, _, err := openDeck(w, db, arg, game, false)
	return d, err
}

// openDeck is openLegal; with force an illegal deck has its problems
// printed on w and is returned with their number.
func openDeck(w io.Writer, db *cardsdb.DB, arg, game string, force bool) (*cardsdb.Deck, int, error) {
	list, err := db.OpenDeck(arg, game)
	if err != nil {
		return nil, 0, inputError(err)
	}
	g, err := db.GameOf(list)
	if err != nil {
		return nil, 0, inputError(err)
	}
	if engineOf(g) == nil {
		return nil, 0, inputError(noEngineError(fmt.Sprintf("%s: %s has no playtest: add a playtest block to its game.yaml (see %s)", arg, g.Name, playtestDoc)))
	}
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		return nil, 0, inputError(err)
	}
	fs := validate.Check(deck)
	if !validate.Legal(fs) {
		for _, f := range fs {
			fmt.Fprintln(w, f)
		}
		if force && len(deck.Unknown) > 0 {
			var names []string
			for _, u := range deck.Unknown {
				names = append(names, fmt.Sprintf("%q", u.Entry.Name))
			}
			fmt.Fprintf(w, "deckwright: %s names %s the game does not have (%s); a card the engine does not know cannot be played, even with --force: not played\n",
				arg, cardsdb.Plural(len(deck.Unknown), "card"), strings.Join(names, ", "))
			return nil, 0, errBrokeRules
		}
		if force {
			fmt.Fprintf(w, "deckwright: %s breaks the deck-building rules above; played anyway (--force)\n", arg)
			return deck, problems(fs), nil
		}
		fmt.Fprintf(w, "deckwright: %s breaks the deck-building rules above; not played\n", arg)
		return nil, 0, errBrokeRules
	}
	return deck, 0, nil
}

// loadPlaytest opens, validates and compiles a deck for the game's engine.
func loadPlaytest(w io.Writer, db *cardsdb.DB, arg string, opts *goldfishOptions) (*playtest, error) {
	deck, broken, err := openDeck(w, db, arg, opts.game, opts.force)
	if err != nil {
		return nil, err
	}
	e := engineOf(deck.Game)
	setup, versus, err := opts.set.setup(e, deck.Game.Name)
	if err != nil {
		return nil, err
	}
	setup.MaxTurns = opts.maxTurns
	if versus != "" {
		vdeck, err := openLegal(w, db, versus, opts.game)
		if err != nil {
			return nil, err
		}
		setup.Versus, setup.VersusName = vdeck, versus
	}
	play, err := e.Compile(deck, setup)
	var se *engine.SetupError
	switch {
	case errors.As(err, &se):
		return nil, usageError("%s", se.Msg)
	case err != nil:
		return nil, inputError(err)
	}
	return &playtest{arg: arg, db: db, game: opts.game, deck: deck, policy: play.Policy, eng: e, play: play, setup: setup, broken: broken}, nil
}

func (p *playtest) run(cfg engine.Config) (*engine.Summary, error) {
	return engine.Run(p.play.Spec, cfg, p.play.NewGame)
}

// tracer is a game that can tell its moves in words.
type tracer interface {
	engine.Game
	Trace(w io.Writer)
}

// trace plays game k (from 1) of the run with seed, in words, to w.
func (p *playtest) trace(w io.Writer, seed uint64, k int) {
	g := p.play.NewGame()
	t, ok := g.(tracer)
	if !ok {
		return
	}
	u := p.eng.Unit
	fmt.Fprintf(w, "Game %d (seed %d, stream (%d, %d)), %s, policy %s\n", k, seed, seed, k-1, p.play.ModeText, p.policy)
	t.Trace(w)
	o := t.Play(engine.Stream(seed, k-1), nil)
	switch {
	case o.Won:
		fmt.Fprintf(w, "Game %d: won on %s %d.\n\n", k, u, o.Turns)
	case o.Unfinished:
		fmt.Fprintf(w, "Game %d: unfinished (not over after %s).\n\n", k, cardsdb.Plural(o.Turns, u))
	default:
		fmt.Fprintf(w, "Game %d: lost on %s %d.\n\n", k, u, o.Turns)
	}
}
