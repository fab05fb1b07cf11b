package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/arkhtide"
)

// arkhtidePlay plays Arkhtide decks for goldfish: turns are Rounds.
type arkhtidePlay struct {
	d      *arkhtide.Deck
	opts   arkhtide.Options
	policy string
	versus string // the --versus deck, as given
}

func newArkhtidePlay(p *playtest, o *goldfishOptions) (playEngine, error) {
	if err := o.foreignFlags(p.deck.Game.Name, "mode", "difficulty"); err != nil {
		return nil, err
	}
	ao := arkhtide.Options{MaxRounds: o.maxTurns}
	if ao.MaxRounds == 0 {
		ao.MaxRounds = arkhtide.DefaultMaxRounds
	}
	if o.opponent != "" {
		opp, err := arkhtide.ParseOpponent(o.opponent)
		if err != nil {
			return nil, usageError("--opponent: %v", err)
		}
		ao.Opponent = opp
	}
	if o.versus != "" && ao.Opponent != arkhtide.Passive {
		return nil, usageError("--versus names the passive opponent's deck; it needs --opponent passive")
	}
	if _, err := arkhtide.NewPolicy(o.policy); err != nil {
		return nil, usageError("--policy: %v", err)
	}
	d, err := arkhtide.Compile(p.deck)
	if err != nil {
		return nil, inputError(err)
	}
	if o.versus != "" {
		vdeck, err := openLegal(o.io.Err, p.db, o.versus, p.game)
		if err != nil {
			return nil, err
		}
		if vdeck.Game.ID != p.deck.Game.ID {
			return nil, usageError("--versus %s: a %s deck; want a %s deck", o.versus, vdeck.Game.Name, p.deck.Game.Name)
		}
		if ao.Versus, err = arkhtide.Compile(vdeck); err != nil {
			return nil, inputError(err)
		}
	}
	return &arkhtidePlay{d: d, opts: ao, policy: o.policy, versus: o.versus}, nil
}

func (e *arkhtidePlay) spec() engine.Spec { return arkhtide.Spec(e.d, e.opts) }

func (e *arkhtidePlay) newGame() engine.Game {
	pol, _ := arkhtide.NewPolicy(e.policy)
	return arkhtide.NewMatch(e.d, e.opts, pol)
}

func (e *arkhtidePlay) unit() string { return "round" }

func (e *arkhtidePlay) modeText() string {
	if e.opts.Opponent == arkhtide.Passive {
		if e.versus != "" {
			return "goldfish against a passive opponent playing " + e.versus
		}
		return "goldfish against a passive opponent (mirror)"
	}
	return "goldfish against the empty opponent"
}

func (e *arkhtidePlay) jsonMode() []jsonField {
	o := []jsonField{{"mode", "goldfish"}, {"opponent", e.opts.Opponent.String()}}
	if e.versus != "" {
		o = append(o, jsonField{"versus", e.versus})
	}
	return o
}

// endings are the milestones that end a game, and their JSON names.
var arkhtideEndings = []struct {
	milestone int
	key, text string
}{
	{arkhtide.MilestoneQuintessence, "quintessence_victory", "Quintessence victory"},
	{arkhtide.MilestoneWillpower, "willpower_victory", "Willpower victory"},
	{arkhtide.MilestoneDefeat, "defeat", "defeat"},
	{arkhtide.MilestoneTie, "true_tie", "true tie"},
}

// notOver is the share of games that reached the last Round undecided.
func notOver(s *engine.Summary) float64 {
	if s.Games == 0 {
		return 0
	}
	n := s.Games
	for _, x := range arkhtideEndings {
		n -= s.Milestones[x.milestone].Games
	}
	return float64(n) / float64(s.Games)
}

func tally(s *engine.Summary, t int) float64 { return s.Tallies[t].Mean }

func (e *arkhtidePlay) jsonReport(s *engine.Summary) []jsonField {
	ends := jsonObject{}
	for _, x := range arkhtideEndings {
		ends = append(ends, jsonField{x.key, num(s.Milestones[x.milestone].Share)})
	}
	ends = append(ends, jsonField{"not_over", num(notOver(s))})
	out := s.Milestones[arkhtide.MilestoneDeckOut]
	q, a, soul, wn, wo := arkhtide.PerRound(s)
	var rounds []jsonObject
	for _, r := range arkhtide.Rounds(s) {
		rounds = append(rounds, jsonObject{
			{"round", r.Round}, {"share", num(r.Share)},
			{"quintessence", num(r.Quintessence)}, {"arkhe_spent", num(r.Arkhe)},
			{"soul_on_realms", num(r.Soul)}, {"willpower_lost", num(r.Willpower)},
		})
	}
	o := []jsonField{
		{"endings", ends},
		{"main_deck_empty", jsonObject{{"share", num(out.Share)}, {"mean_turn", num(out.MeanTurn)}}},
		{"per_game", jsonObject{
			{"quintessence", num(tally(s, arkhtide.TallyQuintessence))},
			{"arkhe_spent", num(tally(s, arkhtide.TallyArkheSpent))},
			{"soul_on_realms", num(tally(s, arkhtide.TallySoul))},
			{"willpower_non_innate", num(tally(s, arkhtide.TallyWillpowerNonInnate))},
			{"willpower_other", num(tally(s, arkhtide.TallyWillpowerOther))},
			{"mulligan_cards", num(tally(s, arkhtide.TallyMulligan))},
		}},
		{"per_round", jsonObject{
			{"quintessence", num(q)}, {"arkhe_spent", num(a)}, {"soul_on_realms", num(soul)},
			{"willpower_non_innate", num(wn)}, {"willpower_other", num(wo)},
		}},
		{"rounds", rounds},
	}
	if e.opts.Opponent == arkhtide.Passive {
		o = append(o, jsonField{"opponent_figures", jsonObject{
			{"quintessence", num(tally(s, arkhtide.TallyOpponentQuintessence))},
			{"willpower_lost", num(tally(s, arkhtide.TallyOpponentWillpower))},
			{"realm_taken", num(tally(s, arkhtide.TallyRealmTaken))},
			{"realm_denied", num(tally(s, arkhtide.TallyRealmDenied))},
		}})
	}
	return o
}

// The Main Deck's rows and the Realms' rows.
func (e *arkhtidePlay) mainRows() cardRows {
	return cardRows{title: "card", cards: span(0, e.d.Main), events: span(arkhtide.EventDrawn, arkhtide.EventDead+1), opening: true}
}

func (e *arkhtidePlay) realmRows() cardRows {
	return cardRows{title: "realm", cards: span(e.d.Main, e.d.Reported), events: span(arkhtide.EventSeen, arkhtide.EventHarvested+1)}
}

func (e *arkhtidePlay) jsonCards(s *engine.Summary) []jsonField {
	return []jsonField{{"cards", jsonCardList(s, e.mainRows())}, {"realms", jsonCardList(s, e.realmRows())}}
}

func (e *arkhtidePlay) printRows(tw io.Writer, s *engine.Summary) {
	var ends []string
	for _, x := range arkhtideEndings {
		ends = append(ends, x.text+" "+pct(s.Milestones[x.milestone].Share))
	}
	ends = append(ends, "not over "+pct(notOver(s)))
	fmt.Fprintf(tw, "ended by\t%s\n", strings.Join(ends, ", "))
	out := s.Milestones[arkhtide.MilestoneDeckOut]
	if out.Games > 0 {
		fmt.Fprintf(tw, "Main Deck empty\tin %s of games, round %s on average\n", pct(out.Share), f2(out.MeanTurn))
	} else {
		fmt.Fprintf(tw, "Main Deck empty\tnever\n")
	}
	q, a, _, wn, wo := arkhtide.PerRound(s)
	fmt.Fprintf(tw, "Quintessence\t%s per round, %s at the end\n", f2(q), f2(tally(s, arkhtide.TallyQuintessence)))
	fmt.Fprintf(tw, "Arkhé spent\t%s per round, %s per game\n", f2(a), f2(tally(s, arkhtide.TallyArkheSpent)))
	fmt.Fprintf(tw, "Willpower paid\t%s per game for non-Innate cards, %s for other costs (%s and %s per round)\n",
		f2(tally(s, arkhtide.TallyWillpowerNonInnate)), f2(tally(s, arkhtide.TallyWillpowerOther)), f2(wn), f2(wo))
	fmt.Fprintf(tw, "mulligan\t%s cards per game\n", f2(tally(s, arkhtide.TallyMulligan)))
	if e.opts.Opponent == arkhtide.Passive {
		fmt.Fprintf(tw, "opponent's Realm\ttaken %s times per game, denied (tied) %s times\n", f2(tally(s, arkhtide.TallyRealmTaken)), f2(tally(s, arkhtide.TallyRealmDenied)))
		fmt.Fprintf(tw, "opponent\t%s Quintessence at the end, %s Willpower lost\n", f2(tally(s, arkhtide.TallyOpponentQuintessence)), f2(tally(s, arkhtide.TallyOpponentWillpower)))
	}
}

func (e *arkhtidePlay) printTables(w io.Writer, s *engine.Summary) {
	if rs := arkhtide.Rounds(s); len(rs) > 0 {
		fmt.Fprintln(w)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprint(tw, "round\tplayed in\tQuintessence\tArkhé spent\tSoul on Realms\tWillpower lost\t\n")
		for _, r := range rs {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t\n", r.Round, pct(r.Share), f2(r.Quintessence), f2(r.Arkhe), f2(r.Soul), f2(r.Willpower))
		}
		tw.Flush()
		fmt.Fprintf(w, "(means over the games that played the round; Soul: yours on the Realms when the Harvest began; rounds after %d count toward the totals only)\n", arkhtide.RoundTallies)
	}
	fmt.Fprintln(w)
	printCardTable(w, s, e.mainRows(), "round")
	fmt.Fprintln(w, "(per game on average; dead: in hand at the end)")
	fmt.Fprintln(w)
	printCardTable(w, s, e.realmRows(), "round")
	fmt.Fprintln(w, "(per game on average; seen: among the top 3 Realms looked at; harvested: yours)")
}

func (e *arkhtidePlay) summaryLines(s *engine.Summary) []string {
	q, a, _, _, _ := arkhtide.PerRound(s)
	return []string{fmt.Sprintf("%s Quintessence and %s Arkhé spent per round; %s Willpower paid for non-Innate cards per game",
		f2(q), f2(a), f2(tally(s, arkhtide.TallyWillpowerNonInnate)))}
}

func (e *arkhtidePlay) notes() ([]engine.NotSimulated, []engine.Provisional) {
	return e.d.NotSimulated, e.d.Provisional
}
