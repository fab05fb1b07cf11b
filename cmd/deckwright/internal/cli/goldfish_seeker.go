package cli

import (
	"fmt"
	"io"

	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/seeker"
)

// seekerPlay plays Seeker Chronicles decks for goldfish.
type seekerPlay struct {
	d      *seeker.Deck
	opts   seeker.Options
	policy string
	mode   string
}

func newSeekerPlay(p *playtest, o *goldfishOptions) (playEngine, error) {
	if err := o.foreignFlags(p.deck.Game.Name, "opponent", "versus"); err != nil {
		return nil, err
	}
	so := seeker.Options{MaxTurns: o.maxTurns}
	if so.MaxTurns == 0 {
		so.MaxTurns = seeker.DefaultMaxTurns
	}
	mode := o.mode
	switch mode {
	case "goldfish", "":
		mode, so.Mode = "goldfish", seeker.Goldfish
	case "nature":
		so.Mode = seeker.Nature
	default:
		return nil, usageError("--mode %q: want goldfish or nature", o.mode)
	}
	switch o.difficulty {
	case "apprentice":
		so.Difficulty = seeker.Apprentice
	case "seeker", "":
		so.Difficulty = seeker.Seeker
	default:
		return nil, usageError("--difficulty %q: want apprentice or seeker", o.difficulty)
	}
	if o.changed["difficulty"] && so.Mode != seeker.Nature {
		return nil, usageError("--difficulty decides Nature's choices; it needs --mode nature")
	}
	if _, err := seeker.NewPolicy(o.policy); err != nil {
		return nil, usageError("--policy: %v", err)
	}
	d, err := seeker.Compile(p.deck)
	if err != nil {
		return nil, inputError(err)
	}
	if so.Mode == seeker.Nature && !d.HasBanes() {
		return nil, inputError(fmt.Errorf("%s: the game has no Bane matching every Guardian's domain, so Nature cannot pick its Banes", p.arg))
	}
	return &seekerPlay{d: d, opts: so, policy: o.policy, mode: mode}, nil
}

func (e *seekerPlay) spec() engine.Spec { return seeker.Spec(e.d, e.opts) }

func (e *seekerPlay) newGame() engine.Game {
	pol, _ := seeker.NewPolicy(e.policy)
	return seeker.NewMatch(e.d, e.opts, pol)
}

func (e *seekerPlay) unit() string { return "turn" }

func (e *seekerPlay) modeText() string {
	if e.opts.Mode == seeker.Nature {
		return "against Nature (" + e.opts.Difficulty.String() + " mode)"
	}
	return "goldfish"
}

func (e *seekerPlay) jsonMode() []jsonField {
	o := []jsonField{{"mode", e.mode}}
	if e.opts.Mode == seeker.Nature {
		o = append(o, jsonField{"difficulty", e.opts.Difficulty.String()})
	}
	return o
}

// guardian names the Guardian of milestone i (stage II, then III).
func (e *seekerPlay) guardian(i int) (name, stage string) {
	return e.d.Cards[e.d.Guardians[i+1]].Name, []string{"II", "III"}[i]
}

func (e *seekerPlay) jsonReport(s *engine.Summary) []jsonField {
	var gs []jsonObject
	for i, m := range s.Milestones {
		name, stage := e.guardian(i)
		gs = append(gs, jsonObject{
			{"name", name},
			{"stage", stage},
			{"online_share", num(m.Share)},
			{"mean_turn", num(m.MeanTurn)},
			{"median_turn", milestoneMedian(m)},
		})
	}
	o := []jsonField{{"guardians", gs}, {"mulligan_rate", num(s.Tallies[seeker.TallyMulligan].Mean)}}
	if e.opts.Mode == seeker.Nature {
		o = append(o, jsonField{"progress_piles", jsonObject{{"you", num(s.Tallies[seeker.TallyYourPile].Mean)}, {"nature", num(s.Tallies[seeker.TallyNaturePile].Mean)}}})
	}
	return o
}

func (e *seekerPlay) rows(s *engine.Summary) cardRows {
	return cardRows{title: "card", cards: span(0, len(s.Cards)), events: span(0, len(s.Events)), opening: true}
}

func (e *seekerPlay) jsonCards(s *engine.Summary) []jsonField {
	return []jsonField{{"cards", jsonCardList(s, e.rows(s))}}
}

func (e *seekerPlay) printRows(tw io.Writer, s *engine.Summary) {
	if e.opts.Mode == seeker.Nature {
		fmt.Fprintf(tw, "match length\tmean %s turns\n", f2(s.Length.Mean))
		fmt.Fprintf(tw, "progress piles\tyours %s\tNature's %s\n", f2(s.Tallies[seeker.TallyYourPile].Mean), f2(s.Tallies[seeker.TallyNaturePile].Mean))
	}
	for i, m := range s.Milestones {
		name, stage := e.guardian(i)
		fmt.Fprintf(tw, "%s (%s) online\tin %s of games\tturn %s on average\tmedian %s\n", name, stage, pct(m.Share), f2(m.MeanTurn), turnText(m.Games > 0, m.Median))
	}
	fmt.Fprintf(tw, "mulligan\tin %s of games\n", pct(s.Tallies[seeker.TallyMulligan].Mean))
}

func (e *seekerPlay) printTables(w io.Writer, s *engine.Summary) {
	fmt.Fprintln(w)
	printCardTable(w, s, e.rows(s), "turn")
	fmt.Fprintln(w, "(per game on average; dead: in hand at the end)")
}

func (e *seekerPlay) summaryLines(s *engine.Summary) []string {
	var on string
	for i, m := range s.Milestones {
		name, _ := e.guardian(i)
		if i > 0 {
			on += "; "
		}
		on += fmt.Sprintf("%s online on turn %s in %s of games", name, f2(m.MeanTurn), pct(m.Share))
	}
	return []string{on}
}

// notes lists the cards not simulated and the provisional ones, the Banes
// with them against Nature.
func (e *seekerPlay) notes() ([]engine.NotSimulated, []engine.Provisional) {
	ns := append([]engine.NotSimulated{}, e.d.NotSimulated...)
	pv := append([]engine.Provisional{}, e.d.Provisional...)
	if e.opts.Mode == seeker.Nature {
		ns = append(ns, e.d.BaneNotSimulated...)
		pv = append(pv, e.d.BaneProvisional...)
	}
	return ns, pv
}
