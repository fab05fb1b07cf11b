package serve

import (
	"errors"

	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/games"
	"github.com/deckwright/deckwright/report"
	"github.com/deckwright/deckwright/validate"
)

// The playtests of the page (goldfish and compare) are played here, in
// the server, by the engines the command line plays them with, and
// answered as the values of package report: the page draws them, the API
// answers their JSON, the same bytes as --json.

// playOptions are a playtest's options, read from the request as the
// command line reads its flags.
type playOptions struct {
	games     int
	seed      uint64
	precision float64
	maxTurns  int
	policy    string
	// settings are the game settings given, by name: "mode" for
	// compare's --mode and goldfish's --mode or --opponent by the game
	// (engine.Engine.ModeName), and the others (difficulty).
	settings map[string]string
	// given are the game settings the request gave, to refuse those the
	// deck's engine does not read.
	given []string
	// force is goldfish's --force: a draft that breaks the deck-building
	// rules is played anyway (the report counts its problems).
	force bool
}

// readPlayOptions reads ?games= (see readGames), ?seed=, ?precision=,
// ?max-turns= and ?policy=, and the game settings: for goldfish ?mode=,
// ?opponent= and ?difficulty= (the mode by the engine's ModeName), for
// compare ?mode= and ?difficulty=.
func readPlayOptions(r *http.Request, compare bool) (*playOptions, error) {
	o := &playOptions{games: 10000, seed: 1, policy: "greedy", settings: map[string]string{}}
	var err error
	if o.games, err = readGames(r, o.games); err != nil {
		return nil, err
	}
	if v := last(r, "seed"); v != "" {
		if o.seed, err = strconv.ParseUint(v, 0, 64); err != nil {
			return nil, badRequest("invalid argument %q for \"--seed\" flag: %v", v, err)
		}
	}
	if v := last(r, "precision"); v != "" {
		if o.precision, err = strconv.ParseFloat(v, 64); err != nil {
			return nil, badRequest("invalid argument %q for \"--precision\" flag: %v", v, err)
		}
	}
	if o.precision < 0 || math.IsNaN(o.precision) || math.IsInf(o.precision, 0) {
		return nil, badRequest("--precision %v: want a positive number of turns (or 0 for off)", o.precision)
	}
	if o.maxTurns, err = formInt(r, "max-turns", 0); err != nil {
		return nil, err
	}
	if o.maxTurns < 0 || o.maxTurns > 1000 {
		return nil, badRequest("--max-turns %d: want 1 to 1000 (0: the game's default)", o.maxTurns)
	}
	if v := last(r, "policy"); v != "" {
		o.policy = v
	}
	if v := last(r, "force"); v != "" && !compare {
		// A checkbox sends "on"; the API takes the flag's true and false.
		if v == "on" {
			v = "true"
		}
		if o.force, err = strconv.ParseBool(v); err != nil {
			return nil, badRequest("invalid argument %q for \"--force\" flag: %v", v, err)
		}
	}
	// The settings every engine declares (engine.Engine.AllSettings),
	// and ?mode= for the setting an engine names its mode.
	names := []string{"mode"}
	for _, m := range engine.MergeSettings(games.Kinds()) {
		if m.Kind == engine.ChoiceSetting && m.Name != "policy" && m.Name != "mode" {
			names = append(names, m.Name)
		}
	}
	for _, n := range names {
		if v := last(r, n); v != "" {
			o.settings[n] = v
			o.given = append(o.given, n)
		}
	}
	return o, nil
}

// playtest is a deck compiled for its game's engine.
type playtest struct {
	arg  string
	deck *cardsdb.Deck
	eng  *engine.Engine
	play *engine.Play
	// broken counts the deck-building problems of a draft played with
	// force (report.Goldfish.Broken).
	broken int
}

// illegalError is a deck that breaks its game's rules: goldfish and
// compare play legal decks only.
type illegalError struct {
	v *report.Validation
}

func (e *illegalError) Error() string {
	var lines []string
	for _, f := range e.v.Problems {
		lines = append(lines, f.String())
	}
	return strings.Join(append(lines, e.v.Deck+" breaks the deck-building rules above; not played"), "\n")
}

// compilePlay checks a deck as goldfish does (a game with an engine, the
// deck legal, the settings the engine reads) and compiles it.
func (s *Server) compilePlay(arg string, list *cardsdb.DeckList, o *playOptions) (*playtest, error) {
	g, err := s.cfg.DB.GameOf(list)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	e := games.For(g)
	if e == nil {
		return nil, badRequest("%s: %s has no playtest: add a playtest block to its game.yaml (see docs/playtest.md)", arg, g.Name)
	}
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	broken := 0
	if fs := validate.Check(deck); !validate.Legal(fs) {
		if !o.force || len(deck.Unknown) > 0 {
			return nil, &illegalError{&report.Validation{Deck: arg, Game: g.ID, Problems: fs}}
		}
		broken = ruleProblems(fs)
	}
	setup := engine.Setup{Policy: o.policy, MaxTurns: o.maxTurns}
	for _, n := range o.given {
		if n != "mode" && e.Setting(n) == nil {
			return nil, badRequest("--%s is not for %s decks (see deckwright goldfish --help)", n, g.Name)
		}
	}
	for _, st := range e.AllSettings() {
		v, ok := o.settings[st.Name]
		if st.Name == e.ModeName && !ok {
			v, ok = o.settings["mode"]
		}
		if !ok || st.Kind != engine.ChoiceSetting {
			continue
		}
		if err := st.Check(v); err != nil {
			return nil, badRequest("%v", err)
		}
		switch st.Name {
		case e.ModeName:
			setup.Mode = v
		case "policy":
		default:
			if setup.Values == nil {
				setup.Values = map[string]string{}
			}
			setup.Values[st.Name] = v
		}
	}
	play, err := e.Compile(deck, setup)
	var se *engine.SetupError
	switch {
	case errors.As(err, &se):
		return nil, badRequest("%s", se.Msg)
	case err != nil:
		return nil, badRequest("%v", err)
	}
	return &playtest{arg: arg, deck: deck, eng: e, play: play, broken: broken}, nil
}

// runGoldfish plays the request's deck as goldfish --json does. A deck
// that breaks the rules gives its validation report (exit 1) instead,
// unless ?force= plays it anyway, as --force does; a card the game does
// not have is never played.
func (s *Server) runGoldfish(r *http.Request, body []byte, progress func(done, total int)) (*report.Goldfish, *report.Validation, error) {
	o, err := readPlayOptions(r, false)
	if err != nil {
		return nil, nil, err
	}
	list, arg, err := s.requestDeck(r, body)
	if err != nil {
		return nil, nil, err
	}
	if v, err := report.Validate(s.cfg.DB, arg, list, report.ValidateOptions{}); err == nil && !v.Legal && s.hasEngine(v.Game) && (!o.force || unknownCards(v)) {
		v.Problems = v.WithEffects()
		return nil, v, nil
	}
	p, err := s.compilePlay(arg, list, o)
	if err != nil {
		return nil, nil, err
	}
	sum, err := engine.Run(p.play.Spec, engine.Config{Games: o.games, Seed: o.seed, Precision: o.precision, Progress: progress, Context: r.Context()}, p.play.NewGame)
	if err != nil {
		return nil, nil, err
	}
	return &report.Goldfish{Deck: arg, Name: p.deck.Name(), Game: p.deck.Game.ID, Broken: p.broken, Seed: o.seed, Precision: o.precision,
		Unit: p.eng.Unit, Policy: p.play.Policy, Play: p.play, Summary: sum}, nil, nil
}

// runCompare plays two named decks (?a= and ?b=: saved or bundled) on
// the same shuffles as compare --json does.
func (s *Server) runCompare(r *http.Request, progress func(done, total int)) (*report.Compare, error) {
	o, err := readPlayOptions(r, true)
	if err != nil {
		return nil, err
	}
	var ps [2]*playtest
	for i, k := range []string{"a", "b"} {
		name := r.FormValue(k)
		list, err := s.namedList(name)
		if err != nil {
			return nil, err
		}
		if list.Game == "" {
			list.Game = r.FormValue("game")
		}
		if ps[i], err = s.compilePlay(name, list, o); err != nil {
			return nil, err
		}
	}
	pa, pb := ps[0], ps[1]
	if pa.deck.Game.ID != pb.deck.Game.ID {
		return nil, badRequest("%s is a %s deck and %s a %s deck; compare plays two lists of one game", pa.arg, pa.deck.Game.Name, pb.arg, pb.deck.Game.Name)
	}
	side := func(p *playtest) engine.Side { return engine.Side{Spec: p.play.Spec, NewGame: p.play.NewGame} }
	res, err := engine.RunPaired(side(pa), side(pb), pa.play.Figures, engine.Config{Games: o.games, Seed: o.seed, Precision: o.precision, Progress: progress, Context: r.Context()})
	if err != nil {
		return nil, err
	}
	return report.NewCompare(report.Named{Deck: pa.arg, Name: pa.deck.Name()}, report.Named{Deck: pb.arg, Name: pb.deck.Name()}, pa.deck.Game.ID, pa.play, pb.play, res, o.seed, o.precision), nil
}

// namedList reads a saved deck or a bundled deck GAME/NAME.
func (s *Server) namedList(name string) (*cardsdb.DeckList, error) {
	if _, err := s.namedDeck(name); err != nil {
		return nil, err
	}
	if strings.Count(name, "/") == 1 {
		list, err := s.cfg.DB.BundledDeck(name)
		if err != nil {
			return nil, badRequest("%v", err)
		}
		return list, nil
	}
	data, err := s.decks.read(name)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	list, err := cardsdb.ParseDeck(name, data)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	return list, nil
}

// ruleProblems counts the findings that make a deck illegal (errors),
// as goldfish --force counts them.
func ruleProblems(fs []validate.Finding) int {
	n := 0
	for _, f := range fs {
		if f.Severity == validate.Error {
			n++
		}
	}
	return n
}

// unknownCards reports whether a deck names cards its game does not have:
// the engine cannot play those, even with force.
func unknownCards(v *report.Validation) bool {
	for _, f := range v.Problems {
		if f.Rule == "unknown-card" {
			return true
		}
	}
	return false
}

// hasEngine reports whether the game of id has a playtest engine: one
// written for it, or its game.yaml's playtest block.
func (s *Server) hasEngine(id string) bool {
	g, ok := s.cfg.DB.Game(id)
	return ok && games.For(g) != nil
}
