package seeker

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/deckwright/deckwright/engine"
)

// randomPolicy plays uniformly random legal moves, advances at random and
// answers every choice at random, checking the match's invariants each
// time the match asks it something: the engine must keep its rules
// whatever is played.
type randomPolicy struct {
	t     *testing.T
	rng   *rand.Rand
	moves []Move
	what  string
	asked int
}

func (r *randomPolicy) Name() string { return "random" }
func (r *randomPolicy) Mulligan(m *Match) bool {
	if m.S.Mode != Nature { // against Nature the Banes come after your setup
		r.check(m)
	}
	return r.rng.IntN(2) == 0
}
func (r *randomPolicy) Advance(m *Match) bool {
	r.check(m)
	return r.rng.IntN(4) > 0
}
func (r *randomPolicy) Choose(m *Match, c *Choice) int {
	// Nature's special events choose from a pile set aside for the
	// event: its cards are in no zone until the event ends.
	if m.S.Mode != Nature || c.Kind != ChooseRecover && c.Kind != ChooseDiscard {
		r.check(m)
	}
	if c.N <= 0 {
		r.t.Fatalf("%s: a choice without options", r.what)
	}
	return r.rng.IntN(c.N)
}
func (r *randomPolicy) Next(m *Match) Move {
	r.check(m)
	r.moves = m.LegalMoves(r.moves[:0])
	for _, mv := range r.moves {
		if err := m.Legal(mv); err != nil {
			r.t.Fatalf("%s: LegalMoves lists %+v: %v", r.what, mv, err)
		}
	}
	// End a little less often than any other move, so turns go on.
	if len(r.moves) > 1 && r.rng.IntN(5) > 0 {
		return r.moves[1+r.rng.IntN(len(r.moves)-1)]
	}
	return r.moves[r.rng.IntN(len(r.moves))]
}

// check checks the invariants that hold whenever the match asks a policy
// something.
func (r *randomPolicy) check(m *Match) {
	r.t.Helper()
	r.asked++
	checkState(r.t, m, r.what)
}

// checkState checks what must hold at any moment: no card lost or made,
// each channel's base power is its card's power plus its linked modules',
// links go to channels in play, the pool is not negative, Nature has no
// hand but its piles, and the piles fit.
func checkState(t *testing.T, m *Match, what string) {
	t.Helper()
	checkCards(t, m, what)
	for s := range 2 {
		sd := &m.S.Side[s]
		if sd.Pool < 0 {
			t.Fatalf("%s: side %d has a pool of %d", what, s, sd.Pool)
		}
		if sd.NMem < 0 || sd.NMem > MaxPile || sd.NLinks < 0 || sd.NLinks > MaxPile {
			t.Fatalf("%s: side %d: %d in memory, %d linked", what, s, sd.NMem, sd.NLinks)
		}
		var base [3]int
		for i := range sd.Chan {
			if sd.Chan[i].Active {
				base[i] = m.card(sd.Chan[i].Card).Power
			}
		}
		for i := 0; i < sd.NLinks; i++ {
			l := sd.Links[i]
			if int(l.Chan) > 2 || !sd.Chan[l.Chan].Active {
				t.Fatalf("%s: side %d: %s linked to channel %d, which has no Guardian", what, s, m.name(l.Card), l.Chan+1)
			}
			base[l.Chan] += m.card(l.Card).Power
		}
		for i := range sd.Chan {
			if sd.Chan[i].Active && sd.Chan[i].Base != base[i] {
				t.Fatalf("%s: side %d channel %d: base power %d, its cards add up to %d", what, s, i+1, sd.Chan[i].Base, base[i])
			}
		}
		if m.S.Mode == Nature && s == Opponent && sd.Hand.N != 0 {
			t.Fatalf("%s: Nature holds a hand of %d cards besides its piles", what, sd.Hand.N)
		}
	}
	// Guardians come online in order; your first one is always in play.
	y := &m.S.Side[You]
	if !y.Chan[0].Active || y.Chan[2].Active && !y.Chan[1].Active {
		t.Fatalf("%s: Guardians in play %v %v %v", what, y.Chan[0].Active, y.Chan[1].Active, y.Chan[2].Active)
	}
}

// TestRandomPlay plays random legal moves in every mode: the engine never
// panics, never lists an illegal move, never loses or makes a card, keeps
// each Guardian's base power equal to its cards', and every match ends,
// won, lost or unfinished at the turn cap.
func TestRandomPlay(t *testing.T) {
	db := loadDB(t)
	n := 150
	if testing.Short() {
		n = 25
	}
	type mode struct {
		mode Mode
		diff Difficulty
	}
	for _, deck := range []string{"cosmos", "order", "quantum", "mixed"} {
		var d *Deck
		if deck == "mixed" {
			d = mixedDeck(t, db)
		} else {
			d = starter(t, db, deck)
		}
		for _, md := range []mode{{Goldfish, 0}, {Nature, Seeker}, {Nature, Apprentice}, {Duel, 0}} {
			name := deck + "/" + md.mode.String()
			if md.diff != 0 {
				name += "/" + md.diff.String()
			}
			t.Run(name, func(t *testing.T) {
				p := &randomPolicy{t: t, rng: rand.New(rand.NewPCG(5, 5))}
				m := NewMatch(d, Options{Mode: md.mode, Difficulty: md.diff, MaxTurns: 30}, p)
				if md.mode == Duel {
					m.SetOpponent(&randomPolicy{t: t, rng: rand.New(rand.NewPCG(6, 6))})
				}
				ends := map[string]int{}
				for i := range n {
					p.what = fmt.Sprintf("match %d", i)
					if opp, ok := m.pol[Opponent].(*randomPolicy); ok {
						opp.what = p.what + " (opponent)"
					}
					o := m.Play(engine.Stream(7, i), nil)
					if m.Illegal > 0 {
						t.Fatalf("%s: %d illegal moves from LegalMoves", p.what, m.Illegal)
					}
					if !m.S.Over || o.Turns < 1 || o.Turns > m.Opts.MaxTurns {
						t.Fatalf("%s: %+v, over %v", p.what, o, m.S.Over)
					}
					if o.Won && o.Unfinished {
						t.Fatalf("%s: won and unfinished", p.what)
					}
					checkState(t, m, p.what)
					switch {
					case o.Won:
						ends["won"]++
					case o.Unfinished:
						ends["unfinished"]++
					default:
						ends["lost"]++
					}
				}
				if p.asked < n*10 {
					t.Errorf("the policy was asked %d times in %d matches: the invariants were hardly checked", p.asked, n)
				}
				t.Logf("%v", ends)
			})
		}
	}
}
