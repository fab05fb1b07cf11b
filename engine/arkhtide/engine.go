package arkhtide

import (
	"fmt"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// Engine is Arkhtide's playtest engine, as the runner and the command
// line use it. Its modes are the opponents.
var Engine = &engine.Engine{
	ID:       "arkhtide",
	Name:     "Arkhtide",
	ModeName: "opponent",
	Doc:      "Arkhtide: a race to 13 Quintessence against an empty or a passive opponent",
	Unit:     "round",
	Modes:    opponents,
	Policies: policies.Options(),
	Settings: []engine.Setting{{Name: "versus", Kind: engine.DeckSetting,
		Doc: "the deck whose Seeker and Realm Deck the passive opponent plays (default: your own)"}},
	DefaultMaxTurns: DefaultMaxRounds,
	CheckEffects:    CheckEffects,
	Compile:         compileSetup,
}

// opponents are the modes, the default first.
var opponents = []engine.Option{
	{Name: "empty", Doc: "no opposing presence: each Round your Realm and the Neutral Realm only; the pure speed of the list"},
	{Name: "passive", Doc: "an opposing Seeker with a Realm Deck of its own (yours, or the versus deck) that stands on its Realm and never acts: the cost of contesting a held Realm"},
}

// EarlyRounds is the Round by which the figure "Quintessence by Round 2"
// counts: the win Round of a list hardly moves, its early Quintessence
// does.
const EarlyRounds = 2

// QuintessenceBy is the figure: your Quintessence gained in the first n
// Rounds of a game.
func QuintessenceBy(n int) engine.Figure {
	return engine.Figure{Key: fmt.Sprintf("quintessence_by_round_%d", n), Name: fmt.Sprintf("Quintessence by Round %d", n), Unit: "Quintessence",
		More: fmt.Sprintf("has %%s more by Round %d", n), Less: fmt.Sprintf("has %%s less by Round %d", n),
		Value: func(_ engine.Outcome, g *engine.Record) (int64, bool) {
			var q int64
			for r := 1; r <= n && r <= RoundTallies; r++ {
				q += g.GameTally(RoundTally(r, RoundQuintessence))
			}
			return q, true
		}}
}

// compileSetup compiles a deck for a setup: Engine.Compile.
func compileSetup(deck *cardsdb.Deck, s engine.Setup) (*engine.Play, error) {
	mode, err := engine.Pick("opponent", opponents, s.Mode)
	if err != nil {
		return nil, err
	}
	opp, _ := ParseOpponent(mode)
	opts := Options{Opponent: opp, MaxRounds: s.MaxTurns}
	if opts.MaxRounds == 0 {
		opts.MaxRounds = DefaultMaxRounds
	}
	if s.Versus != nil && opp != Passive {
		return nil, &engine.SetupError{Setting: "versus", Msg: "--versus names the passive opponent's deck; it needs --opponent passive"}
	}
	pol, err := engine.Pick("policy", policies.Options(), s.Policy)
	if err != nil {
		return nil, err
	}
	d, err := Compile(deck)
	if err != nil {
		return nil, err
	}
	if s.Versus != nil {
		if s.Versus.Game.ID != deck.Game.ID {
			return nil, &engine.SetupError{Setting: "versus", Msg: fmt.Sprintf("--versus %s: a %s deck; want a %s deck", s.VersusName, s.Versus.Game.Name, deck.Game.Name)}
		}
		if opts.Versus, err = Compile(s.Versus); err != nil {
			return nil, err
		}
	}
	p := &engine.Play{
		Spec:         Spec(d, opts),
		NewGame:      func() engine.Game { pp, _ := NewPolicy(pol); return NewMatch(d, opts, pp) },
		Policy:       pol,
		Mode:         mode,
		ModeText:     "goldfish against the empty opponent",
		ModeJSON:     ModeJSON{Mode: "goldfish", Opponent: mode},
		Figures:      []engine.Figure{QuintessenceBy(EarlyRounds), engine.WinTurn("round"), engine.WinRate},
		NotSimulated: d.NotSimulated,
		Provisional:  d.Provisional,
	}
	if opp == Passive {
		p.ModeText = "goldfish against a passive opponent (mirror)"
		if s.Versus != nil {
			p.ModeText = "goldfish against a passive opponent playing " + s.VersusName
			p.ModeJSON = ModeJSON{Mode: "goldfish", Opponent: mode, Versus: s.VersusName}
		}
	}
	p.Report = func(s *engine.Summary) engine.Report { return report(d, opts, s) }
	return p, nil
}

// endings are the milestones that end a game, and what the report calls
// them (Endings names them in JSON).
var endings = []struct {
	milestone int
	text      string
}{
	{MilestoneQuintessence, "Quintessence victory"},
	{MilestoneWillpower, "Willpower victory"},
	{MilestoneDefeat, "defeat"},
	{MilestoneTie, "true tie"},
}

// notOver is the share of games that reached the last Round undecided.
func notOver(s *engine.Summary) float64 {
	if s.Games == 0 {
		return 0
	}
	n := s.Games
	for _, x := range endings {
		n -= s.Milestones[x.milestone].Games
	}
	return float64(n) / float64(s.Games)
}

func tally(s *engine.Summary, t int) float64 { return s.Tallies[t].Mean }

func span(from, to int) []int {
	var out []int
	for i := from; i < to; i++ {
		out = append(out, i)
	}
	return out
}

// report is a run's report: how games ended, the Quintessence, Arkhé
// and Willpower, the per-Round table and the per-card tables.
func report(d *Deck, opts Options, s *engine.Summary) engine.Report {
	var r engine.Report
	f2 := engine.F2
	num := func(x float64) engine.Number { return engine.Number(x) }
	var ends []string
	for _, x := range endings {
		ends = append(ends, x.text+" "+engine.Pct(s.Milestones[x.milestone].Share))
	}
	ends = append(ends, "not over "+engine.Pct(notOver(s)))
	share := func(m int) engine.Number { return num(s.Milestones[m].Share) }
	endsJSON := Endings{QuintessenceVictory: share(MilestoneQuintessence), WillpowerVictory: share(MilestoneWillpower),
		Defeat: share(MilestoneDefeat), TrueTie: share(MilestoneTie), NotOver: num(notOver(s))}
	r.Rows = append(r.Rows, []string{"ended by", strings.Join(ends, ", ")})
	out := s.Milestones[MilestoneDeckOut]
	if out.Games > 0 {
		r.Rows = append(r.Rows, []string{"Main Deck empty", fmt.Sprintf("in %s of games, round %s on average", engine.Pct(out.Share), f2(out.MeanTurn))})
	} else {
		r.Rows = append(r.Rows, []string{"Main Deck empty", "never"})
	}
	q, a, soul, wn, wo := PerRound(s)
	r.Rows = append(r.Rows,
		[]string{"Quintessence", fmt.Sprintf("%s per round, %s at the end", f2(q), f2(tally(s, TallyQuintessence)))},
		[]string{"Arkhé spent", fmt.Sprintf("%s per round, %s per game", f2(a), f2(tally(s, TallyArkheSpent)))},
		[]string{"Willpower paid", fmt.Sprintf("%s per game for non-Innate cards, %s for other costs (%s and %s per round)",
			f2(tally(s, TallyWillpowerNonInnate)), f2(tally(s, TallyWillpowerOther)), f2(wn), f2(wo))},
		[]string{"mulligan", fmt.Sprintf("%s cards per game", f2(tally(s, TallyMulligan)))})
	if opts.Opponent == Passive {
		r.Rows = append(r.Rows,
			[]string{"opponent's Realm", fmt.Sprintf("taken %s times per game, denied (tied) %s times", f2(tally(s, TallyRealmTaken)), f2(tally(s, TallyRealmDenied)))},
			[]string{"opponent", fmt.Sprintf("%s Quintessence at the end, %s Willpower lost", f2(tally(s, TallyOpponentQuintessence)), f2(tally(s, TallyOpponentWillpower)))})
	}
	var rounds []RoundJSON
	rs := Rounds(s)
	for _, x := range rs {
		rounds = append(rounds, RoundJSON{Round: x.Round, Share: num(x.Share), Quintessence: num(x.Quintessence), ArkheSpent: num(x.Arkhe),
			SoulOnRealms: num(x.Soul), WillpowerLost: num(x.Willpower)})
	}
	fj := Figures{
		Endings:       endsJSON,
		MainDeckEmpty: MainDeckEmpty{Share: num(out.Share), MeanTurn: num(out.MeanTurn)},
		PerGame: PerGame{Quintessence: num(tally(s, TallyQuintessence)), ArkheSpent: num(tally(s, TallyArkheSpent)), SoulOnRealms: num(tally(s, TallySoul)),
			WillpowerNonInnate: num(tally(s, TallyWillpowerNonInnate)), WillpowerOther: num(tally(s, TallyWillpowerOther)), MulliganCards: num(tally(s, TallyMulligan))},
		PerRound: PerRoundJSON{Quintessence: num(q), ArkheSpent: num(a), SoulOnRealms: num(soul), WillpowerNonInnate: num(wn), WillpowerOther: num(wo)},
		Rounds:   rounds,
	}
	if opts.Opponent == Passive {
		fj.OpponentFigures = &OpponentFigures{Quintessence: num(tally(s, TallyOpponentQuintessence)), WillpowerLost: num(tally(s, TallyOpponentWillpower)),
			RealmTaken: num(tally(s, TallyRealmTaken)), RealmDenied: num(tally(s, TallyRealmDenied))}
	}
	r.JSON = fj
	if len(rs) > 0 {
		t := engine.Table{
			Header: []string{"round", "played in", "Quintessence", "Arkhé spent", "Soul on Realms", "Willpower lost"},
			Legend: fmt.Sprintf("(means over the games that played the round; Soul: yours on the Realms when the Harvest began; rounds after %d count toward the totals only)", RoundTallies),
		}
		for _, x := range rs {
			t.Rows = append(t.Rows, []string{fmt.Sprint(x.Round), engine.Pct(x.Share), f2(x.Quintessence), f2(x.Arkhe), f2(x.Soul), f2(x.Willpower)})
		}
		r.Tables = append(r.Tables, t)
	}
	notUnits := []int{}
	for i := 0; i < d.Main; i++ {
		if !d.Cards[i].IsUnit() {
			notUnits = append(notUnits, i)
		}
	}
	r.CardTables = []engine.CardTable{
		{Key: "cards", Title: "card", Cards: span(0, d.Main), Events: span(EventDrawn, EventDead+1), Opening: true,
			NotApplicable: map[int][]int{EventExtracted: notUnits},
			Legend: []string{
				"per game on average, over all games:",
				"drawn: into your hand (mulligan and Seek too); invoked: put into play from your hand (a card recovered to hand can be invoked again, so invoked may exceed drawn);",
				"extracted: a Unit Extracted (-: not a Unit); discarded: in the Resource Phase, for costs or by effects; dead: in your hand at the end;",
				"in opening: share of games with the card in the opening hand; win round if opening / if not: the mean win round of won games with and without it",
			}},
		{Key: "realms", Title: "realm", Cards: span(d.Main, d.Reported), Events: span(EventSeen, EventHarvested+1),
			Legend: []string{"per game on average; seen: among the top 3 Realms looked at; picked: taken for the Round; harvested: yours"}},
	}
	q2, _, _, _, _ := PerRound(s)
	r.Summary = []string{fmt.Sprintf("%s Quintessence and %s Arkhé spent per round; %s Willpower paid for non-Innate cards per game",
		f2(q2), f2(a), f2(tally(s, TallyWillpowerNonInnate)))}
	return r
}
