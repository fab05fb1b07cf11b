package arkhtide

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/enginetest"
)

// randomPolicy plays uniformly random legal moves and choices, to check
// that the engine keeps its rules whatever is played.
type randomPolicy struct {
	rng   *rand.Rand
	moves []Move
}

func (r *randomPolicy) Name() string { return "random" }
func (r *randomPolicy) Discard(m *Match) uint64 {
	return r.rng.Uint64() & (1<<uint(m.S.Side[You].Hand.N) - 1)
}
func (r *randomPolicy) Mulligan(m *Match) uint64 {
	var set uint64
	for k := r.rng.IntN(4); k > 0; k-- {
		set |= 1 << uint(r.rng.IntN(m.S.Side[You].Hand.N))
	}
	return set
}
func (r *randomPolicy) Realm(m *Match, top []uint8) (int, uint8) {
	return r.rng.IntN(len(top)), uint8(r.rng.IntN(8))
}
func (r *randomPolicy) Side(m *Match, c uint8) uint8   { return uint8(r.rng.IntN(2)) }
func (r *randomPolicy) First(m *Match) int             { return r.rng.IntN(2) }
func (r *randomPolicy) Choose(m *Match, c *Choice) int { return r.rng.IntN(c.N) }
func (r *randomPolicy) Next(m *Match) Move {
	r.moves = m.LegalMoves(r.moves[:0])
	// Pass a little less often than any other move, so games go on.
	if len(r.moves) > 1 && r.rng.IntN(4) > 0 {
		return r.moves[1+r.rng.IntN(len(r.moves)-1)]
	}
	return r.moves[r.rng.IntN(len(r.moves))]
}

// checkCards checks that no Main Deck card was lost or made: each is in
// the Main Deck, the hand, the Chronicle, Extracted, or in play (a Unit
// or a Binding), as often as the deck lists it.
func checkCards(t *testing.T, m *Match, what string) {
	t.Helper()
	want := map[uint8]int{}
	for _, c := range m.Deck.MainDeck {
		want[c]++
	}
	got := map[uint8]int{}
	y := &m.S.Side[You]
	for _, p := range []*Pile{&y.Deck, &y.Hand, &y.Chronicle, &y.Gone} {
		for _, c := range p.Cards() {
			got[c]++
		}
	}
	for i := SeekerIndex; i < y.NUnits; i++ {
		u := y.unit(i)
		if i != SeekerIndex && m.Card(u.Card).Kind != KindToken {
			got[u.Card]++
		}
		for b := 0; b < int(u.NBound); b++ {
			got[u.Bound[b].Card]++
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s: cards %v, want %v", what, got, want)
	}
	if y.Arkhe < 0 || y.Arkhe > ArkhePool {
		t.Fatalf("%s: %d Arkhé", what, y.Arkhe)
	}
}

var decks = []string{"ember-covenant-mono", "three-factions"}

// TestRandomPlay plays random legal moves: the engine never panics, never
// loses a card, and every game ends.
func TestRandomPlay(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 60
	}
	for _, deck := range decks {
		d := bundled(t, deck)
		for _, opp := range []Opposition{Empty, Passive} {
			t.Run(deck+"/"+opp.String(), func(t *testing.T) {
				p := &randomPolicy{rng: rand.New(rand.NewPCG(5, 5))}
				m := NewMatch(d, Options{Opponent: opp}, p)
				for i := range n {
					o := m.Play(engine.Stream(7, i), nil)
					what := fmt.Sprintf("game %d", i)
					if m.Illegal > 0 {
						t.Fatalf("%s: %d illegal moves from LegalMoves", what, m.Illegal)
					}
					if !m.S.Over || o.Turns > m.Opts.MaxRounds {
						t.Fatalf("%s: not over after %d rounds", what, o.Turns)
					}
					checkCards(t, m, what)
				}
			})
		}
	}
}

// TestPoliciesPlayLegally plays both bundled decks against both opponents
// with both policies: no illegal move, no card lost, every game ends, and
// against the empty opponent every game is won.
func TestPoliciesPlayLegally(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 50
	}
	for _, deck := range decks {
		d := bundled(t, deck)
		for _, opp := range []Opposition{Empty, Passive} {
			for _, pn := range PolicyNames() {
				t.Run(deck+"/"+opp.String()+"/"+pn, func(t *testing.T) {
					p, _ := NewPolicy(pn)
					opts := Options{Opponent: opp}
					m := NewMatch(d, opts, p)
					spec := Spec(d, opts)
					rec := engine.NewRecord(&spec)
					for i := range n {
						rec.Begin()
						o := m.Play(engine.Stream(9, i), rec)
						rec.End(o)
						what := fmt.Sprintf("game %d", i)
						if m.Illegal > 0 {
							var buf bytes.Buffer
							m.Trace(&buf)
							m.Play(engine.Stream(9, i), nil)
							m.Trace(nil)
							t.Fatalf("%s: %d illegal moves:\n%s", what, m.Illegal, buf.String())
						}
						if !m.S.Over {
							t.Fatalf("%s: not over after %d rounds", what, o.Turns)
						}
						if opp == Empty && !o.Won {
							t.Fatalf("%s: not won against the empty opponent", what)
						}
						checkCards(t, m, what)
					}
				})
			}
		}
	}
}

// TestGoldenTraces compares seeded games, move by move, with
// testdata/traces (rewrite with DECKWRIGHT_UPDATE=1).
func TestGoldenTraces(t *testing.T) {
	for _, tc := range []struct {
		deck   string
		opp    Opposition
		policy string
		seed   uint64
	}{
		{"ember-covenant-mono", Empty, "greedy", 1},
		{"three-factions", Empty, "planner", 2},
		{"ember-covenant-mono", Passive, "planner", 3},
		{"three-factions", Passive, "greedy", 4},
	} {
		name := fmt.Sprintf("%s-%s-%s-%d", tc.deck, tc.opp, tc.policy, tc.seed)
		t.Run(name, func(t *testing.T) {
			d := bundled(t, tc.deck)
			p, _ := NewPolicy(tc.policy)
			m := NewMatch(d, Options{Opponent: tc.opp}, p)
			var buf bytes.Buffer
			m.Trace(&buf)
			o := m.Play(engine.Stream(tc.seed, 0), nil)
			fmt.Fprintf(&buf, "Outcome: won %v in Round %d.\n", o.Won, o.Turns)
			golden := filepath.Join("testdata", "traces", name+".golden")
			enginetest.Golden(t, golden, buf.Bytes())
			// Tracing changes nothing: the same game without a trace.
			m.Trace(nil)
			if o2 := m.Play(engine.Stream(tc.seed, 0), nil); o2 != o {
				t.Errorf("without a trace: %+v, with: %+v", o2, o)
			}
		})
	}
}

// TestRunWorkersAgree runs the engine on 1 and 3 workers for both
// opponents and both policies: the summaries are the same.
func TestRunWorkersAgree(t *testing.T) {
	d := bundled(t, "three-factions")
	for _, opp := range []Opposition{Empty, Passive} {
		for _, pn := range PolicyNames() {
			opts := Options{Opponent: opp}
			var want string
			for _, w := range []int{1, 3} {
				s, err := engine.Run(Spec(d, opts), engine.Config{Games: 2500, Seed: 11, Workers: w}, func() engine.Game {
					p, _ := NewPolicy(pn)
					return NewMatch(d, opts, p)
				})
				if err != nil {
					t.Fatal(err)
				}
				got := fmt.Sprintf("%+v", *s)
				if w == 1 {
					want = got
				} else if got != want {
					t.Errorf("%s/%s: %d workers differ from 1", opp, pn, w)
				}
			}
		}
	}
}

// TestNoAllocations checks that a game costs no allocation once the Match
// is warm, with both policies.
func TestNoAllocations(t *testing.T) {
	d := bundled(t, "three-factions")
	for _, opp := range []Opposition{Empty, Passive} {
		for _, pn := range PolicyNames() {
			p, _ := NewPolicy(pn)
			opts := Options{Opponent: opp}
			m := NewMatch(d, opts, p)
			spec := Spec(d, opts)
			rec := engine.NewRecord(&spec)
			pcg := rand.NewPCG(1, 0)
			rng := rand.New(pcg)
			i := 0
			play := func() {
				pcg.Seed(3, uint64(i))
				i++
				rec.Begin()
				rec.End(m.Play(rng, rec))
			}
			for range 50 {
				play()
			}
			if a := testing.AllocsPerRun(200, play); a != 0 {
				t.Errorf("%s/%s: %v allocations per game, want 0", opp, pn, a)
			}
		}
	}
}

// TestRecord checks the figures a run reports: every game against the
// empty opponent is won by Quintessence; the per-Round tallies add up to
// the totals; every Realm picked was seen.
func TestRecord(t *testing.T) {
	d := bundled(t, "ember-covenant-mono")
	opts := Options{Opponent: Empty}
	s, err := engine.Run(Spec(d, opts), engine.Config{Games: 2000, Seed: 5}, func() engine.Game { return NewMatch(d, opts, &Greedy{}) })
	if err != nil {
		t.Fatal(err)
	}
	if s.Won != s.Games || s.Milestones[MilestoneQuintessence].Games != s.Games {
		t.Fatalf("won %d of %d, by Quintessence %d", s.Won, s.Games, s.Milestones[MilestoneQuintessence].Games)
	}
	rounds := Rounds(s)
	var q, played float64
	for _, r := range rounds {
		q += r.Quintessence * r.Share
		played += r.Share
	}
	if d := q - s.Tallies[TallyQuintessence].Mean; d > 1e-9 || d < -1e-9 {
		t.Errorf("per-Round Quintessence adds up to %v, total %v", q, s.Tallies[TallyQuintessence].Mean)
	}
	if d := played - s.Tallies[TallyRounds].Mean; d > 1e-9 || d < -1e-9 {
		t.Errorf("Rounds played add up to %v, total %v", played, s.Tallies[TallyRounds].Mean)
	}
	if s.Turns.Mean != s.Tallies[TallyRounds].Mean {
		t.Errorf("mean win Round %v, mean Rounds %v", s.Turns.Mean, s.Tallies[TallyRounds].Mean)
	}
	for i := d.Main; i < d.Reported; i++ {
		c := s.Cards[i]
		if c.PerGame[EventPicked] > c.PerGame[EventSeen] || c.PerGame[EventDrawn] != 0 {
			t.Errorf("%s: %v", c.Name, c.PerGame)
		}
	}
	if n := s.Cards[d.Neutral]; n.PerGame[EventHarvested] < 1 {
		t.Errorf("the Neutral Realm harvested %v times a game", n.PerGame[EventHarvested])
	}
}

// onlyFast uses one Fast ability, then passes: the first pass only ends
// the Turn (a Turn with only Fast actions cannot pass), the second ends
// the Combat Phase.
type onlyFast struct {
	Greedy
	calls int
}

func (o *onlyFast) Next(m *Match) Move {
	if m.S.Phase != PhaseCombat {
		return o.Greedy.Next(m)
	}
	o.calls++
	if o.calls == 1 {
		return Move{Kind: MoveAbility, Src: SrcRealm, Zone: 0, Ability: 0}
	}
	return Pass
}

func TestFastTurnCannotPass(t *testing.T) {
	d := bundled(t, "ember-covenant-mono")
	p := &onlyFast{}
	m := NewMatch(d, Options{Opponent: Empty}, p)
	m.rng = engine.Stream(1, 0)
	m.setup()
	s := &m.S
	s.Round = 1
	s.NRealms = 0
	m.addRealm(m.Deck.Realms[0], You)
	for i, c := range m.cards {
		if c.Name == "Arkhé Wellspring" {
			s.Realms[0].Card = uint8(i)
		}
	}
	s.Side[You].Seeker.Zone = 0
	s.Side[You].Arkhe = 5
	m.combatPhase()
	if p.calls != 3 || s.Side[You].Arkhe != 6 || m.Illegal != 0 {
		t.Errorf("%d calls, %d Arkhé, %d illegal; want 3 calls (ability, pass that ends the Turn, pass), 6 Arkhé", p.calls, s.Side[You].Arkhe, m.Illegal)
	}
}

// TestVersus plays the three-faction deck against a passive opponent with
// the Ember Covenant deck's Seeker and Realms.
func TestVersus(t *testing.T) {
	d, v := bundled(t, "three-factions"), bundled(t, "ember-covenant-mono")
	for _, pn := range PolicyNames() {
		p, _ := NewPolicy(pn)
		m := NewMatch(d, Options{Opponent: Passive, Versus: v}, p)
		for i := range 200 {
			m.Play(engine.Stream(2, i), nil)
			if m.Illegal > 0 || !m.S.Over {
				t.Fatalf("%s game %d: %d illegal moves, over %v", pn, i, m.Illegal, m.S.Over)
			}
			if got := m.name(m.S.Side[Opponent].Seeker.Card); got != "Thryïnn, the Last Kindler" {
				t.Fatalf("the opponent's Seeker is %s", got)
			}
			checkCards(t, m, fmt.Sprintf("%s game %d", pn, i))
		}
	}
}
