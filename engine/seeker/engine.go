package seeker

import (
	"fmt"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// Engine is Seeker Chronicles' playtest engine, as the runner and the
// command line use it.
var Engine = &engine.Engine{
	ID:              "seeker-chronicles",
	Name:            "Seeker Chronicles",
	ModeName:        "mode",
	Doc:             "Seeker Chronicles: a goldfish game against an opponent who never acts, or the rulebook's single-player match against Nature",
	Unit:            "turn",
	Modes:           modes,
	Policies:        policies.Options(),
	Settings:        []engine.Setting{difficulty},
	DefaultMaxTurns: DefaultMaxTurns,
	CheckEffects:    CheckEffects,
	Compile:         compileSetup,
}

// modes are the ways to play, the default first.
var modes = []engine.Option{
	{Name: "goldfish", Doc: "your opponent never links, hyperlinks or responds; its Guardian stays at its printed power; you start; a game is won when your stack is empty for the second time"},
	{Name: "nature", Doc: "the rulebook's single-player match against Nature; a game is won when the stack runs out with more cards in your progress pile than in Nature's"},
}

// difficulty is the setting of Nature's choices against Nature.
var difficulty = engine.Setting{Name: "difficulty", Kind: engine.ChoiceSetting, Default: "seeker",
	Doc: "Nature's choices in the match against Nature (--mode nature)",
	Values: []engine.Option{
		{Name: "apprentice", Doc: "Nature's decisions are made in your favour"},
		{Name: "seeker", Doc: "Nature's decisions are made in Nature's favour"},
	}}

// compileSetup compiles a deck for a setup: Engine.Compile.
func compileSetup(deck *cardsdb.Deck, s engine.Setup) (*engine.Play, error) {
	mode, err := engine.Pick("mode", modes, s.Mode)
	if err != nil {
		return nil, err
	}
	opts := Options{MaxTurns: s.MaxTurns, Mode: Goldfish, Difficulty: Seeker}
	if opts.MaxTurns == 0 {
		opts.MaxTurns = DefaultMaxTurns
	}
	if mode == "nature" {
		opts.Mode = Nature
	}
	diff, given := s.Values["difficulty"]
	switch diff {
	case "apprentice":
		opts.Difficulty = Apprentice
	case "seeker", "":
	default:
		return nil, &engine.SetupError{Setting: "difficulty", Msg: fmt.Sprintf("--difficulty %q: want apprentice or seeker", diff)}
	}
	if given && opts.Mode != Nature {
		return nil, &engine.SetupError{Setting: "difficulty", Msg: "--difficulty decides Nature's choices; it needs --mode nature"}
	}
	pol, err := engine.Pick("policy", policies.Options(), s.Policy)
	if err != nil {
		return nil, err
	}
	d, err := Compile(deck)
	if err != nil {
		return nil, err
	}
	if opts.Mode == Nature && !d.HasBanes() {
		return nil, fmt.Errorf("deck %s: the game has no Bane matching every Guardian's domain, so Nature cannot pick its Banes", d.Name)
	}
	p := &engine.Play{
		Spec:     Spec(d, opts),
		NewGame:  func() engine.Game { pp, _ := NewPolicy(pol); return NewMatch(d, opts, pp) },
		Policy:   pol,
		Mode:     mode,
		ModeText: "goldfish",
		ModeJSON: ModeJSON{Mode: mode},
		Figures:  []engine.Figure{engine.WinTurn("turn"), engine.WinRate, guardianOnline(2, opts.MaxTurns), guardianOnline(3, opts.MaxTurns)},
	}
	p.NotSimulated = append([]engine.NotSimulated{}, d.NotSimulated...)
	p.Provisional = append([]engine.Provisional{}, d.Provisional...)
	if opts.Mode == Nature {
		p.ModeText = "against Nature (" + opts.Difficulty.String() + " mode)"
		p.ModeJSON = ModeJSON{Mode: mode, Difficulty: opts.Difficulty.String()}
		p.NotSimulated = append(p.NotSimulated, d.BaneNotSimulated...)
		p.Provisional = append(p.Provisional, d.BaneProvisional...)
		p.Figures = append(p.Figures, engine.Figure{Key: "progress_pile", Name: "your progress pile", Unit: "card",
			More: "ends with %s more in its progress pile", Less: "ends with %s fewer in its progress pile",
			Value: func(_ engine.Outcome, g *engine.Record) (int64, bool) { return g.GameTally(TallyYourPile), true }})
	}
	p.Report = func(s *engine.Summary) engine.Report { return report(d, opts, s) }
	return p, nil
}

// guardianOnline is the figure: the turn your Guardian of the stage came
// online, maxTurns+1 in a game where it never did (so that every game
// counts, and a list that brings it online less often is worse).
func guardianOnline(stage, maxTurns int) engine.Figure {
	name := []string{"", "", "II", "III"}[stage]
	return engine.Figure{Key: "guardian_" + strings.ToLower(name) + "_online", Name: "Guardian " + name + " online", Unit: "turn", Lower: true,
		More: "brings Guardian " + name + " online %s later", Less: "brings Guardian " + name + " online %s sooner",
		Value: func(_ engine.Outcome, g *engine.Record) (int64, bool) {
			if t, ok := g.GameMilestone(stage - 2); ok {
				return int64(t), true
			}
			return int64(maxTurns + 1), true
		}}
}

// report is a run's report: the Guardians online, the mulligans, the
// progress piles against Nature, and the per-card table.
func report(d *Deck, opts Options, s *engine.Summary) engine.Report {
	var r engine.Report
	guardian := func(i int) (name, stage string) {
		return d.Cards[d.Guardians[i+1]].Name, []string{"II", "III"}[i]
	}
	if opts.Mode == Nature {
		r.Rows = append(r.Rows,
			[]string{"match length", "mean " + engine.F2(s.Length.Mean) + " turns"},
			[]string{"progress piles", "yours " + engine.F2(s.Tallies[TallyYourPile].Mean), "Nature's " + engine.F2(s.Tallies[TallyNaturePile].Mean)})
	}
	var gs []GuardianJSON
	var on string
	for i, m := range s.Milestones {
		name, stage := guardian(i)
		r.Rows = append(r.Rows, []string{fmt.Sprintf("%s (%s) online", name, stage), "in " + engine.Pct(m.Share) + " of games", "turn " + engine.F2(m.MeanTurn) + " on average", "median " + engine.TurnText(m.Games > 0, m.Median)})
		gs = append(gs, GuardianJSON{Name: name, Stage: stage, OnlineShare: engine.Number(m.Share), MeanTurn: engine.Number(m.MeanTurn),
			MedianTurn: engine.Turn{Turn: m.Median, Has: m.Games > 0}})
		if i > 0 {
			on += "; "
		}
		on += fmt.Sprintf("%s online on turn %s in %s of games", name, engine.F2(m.MeanTurn), engine.Pct(m.Share))
	}
	r.Rows = append(r.Rows, []string{"mulligan", "in " + engine.Pct(s.Tallies[TallyMulligan].Mean) + " of games"})
	fj := Figures{Guardians: gs, MulliganRate: engine.Number(s.Tallies[TallyMulligan].Mean)}
	if opts.Mode == Nature {
		fj.ProgressPiles = &ProgressPiles{You: engine.Number(s.Tallies[TallyYourPile].Mean), Nature: engine.Number(s.Tallies[TallyNaturePile].Mean)}
	}
	r.JSON = fj
	r.Summary = []string{on}
	r.CardTables = []engine.CardTable{cardTable(d, s)}
	return r
}

// cardTable is the per-card table: every module, every event. A module
// without a link (hyperlink) cost is never linked (hyperlinked), and a
// G-module is never drawn (it goes to your hand when its Guardian
// activates): those columns do not apply to it.
func cardTable(d *Deck, s *engine.Summary) engine.CardTable {
	t := engine.CardTable{Key: "cards", Title: "card", Opening: true, NotApplicable: map[int][]int{}}
	for i := range s.Cards {
		t.Cards = append(t.Cards, i)
	}
	for e := range s.Events {
		t.Events = append(t.Events, e)
	}
	for i := range s.Cards {
		c := &d.Cards[i]
		if c.GModule {
			t.NotApplicable[EventDrawn] = append(t.NotApplicable[EventDrawn], i)
		}
		if !c.Linkable() {
			t.NotApplicable[EventLinked] = append(t.NotApplicable[EventLinked], i)
		}
		if !c.Hyperlinkable() {
			t.NotApplicable[EventHyperlinked] = append(t.NotApplicable[EventHyperlinked], i)
		}
	}
	t.Legend = []string{
		"per game on average, over all games:",
		"drawn: put into your hand from your stack (-: a G-module, which goes to your hand when its Guardian activates);",
		"played: put into memory from your hand (a G-module, or a card recovered from the discard pile, is played without being drawn, so played may exceed drawn);",
		"linked, hyperlinked: used as a link or hyperlink of a Guardian (-: the card has no such cost); dead: in hand at the end;",
		"in opening: share of games with the card in the opening hand; win turn if opening / if not: the mean win turn of won games with and without it",
	}
	return t
}
