package seeker

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/enginetest"
)

func starter(t testing.TB, db *cardsdb.DB, name string) *Deck {
	t.Helper()
	list, err := db.BundledDeck("seeker-chronicles/" + name)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game(list.Game)
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Compile(deck)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// checkCards checks that no card was lost or made: the stack's modules,
// the G-modules of the active Guardians and the Banes are all somewhere,
// once, and Banes only in the stack or in play.
func checkCards(t *testing.T, m *Match, what string) {
	t.Helper()
	d := m.Deck
	want := map[uint8]int{}
	for _, c := range d.Stack {
		want[c]++
	}
	for i := range 3 {
		if m.S.Side[You].Chan[i].Active {
			want[d.GModules[i]]++
		}
	}
	got := map[uint8]int{}
	banes := 0
	piles := func(sd *Side) []*Pile {
		return []*Pile{&sd.Hand, &sd.Stack, &sd.Discard, &sd.Progress, &sd.LinkPile, &sd.HyperPile}
	}
	for s := range 2 {
		sd := &m.S.Side[s]
		if s == Opponent && m.S.Mode != Nature {
			continue
		}
		for pi, p := range piles(sd) {
			for _, c := range p.Cards() {
				if d.Cards[c].Kind == KindBane {
					if pi != 1 {
						t.Fatalf("%s: a Bane in a pile that is not the stack", what)
					}
					banes++
					continue
				}
				got[c]++
			}
		}
		for i := 0; i < sd.NMem; i++ {
			got[sd.Memory[i].Card]++
		}
		for i := 0; i < sd.NLinks; i++ {
			got[sd.Links[i].Card]++
		}
		if s == Opponent {
			for i := range sd.Chan {
				if sd.Chan[i].Active {
					banes++
				}
			}
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s: cards %v, want %v", what, got, want)
	}
	if m.S.Mode == Nature && banes != 3 {
		t.Fatalf("%s: %d Banes, want 3", what, banes)
	}
}

// TestPoliciesPlayLegally plays every starter in both modes with both
// policies: no policy tries an illegal move, no card is lost, every
// match ends, and a goldfish match is won.
func TestPoliciesPlayLegally(t *testing.T) {
	db := loadDB(t)
	n := 300
	if testing.Short() {
		n = 50
	}
	for _, deck := range []string{"cosmos", "order", "quantum", "mixed"} {
		var d *Deck
		if deck == "mixed" {
			d = mixedDeck(t, db)
		} else {
			d = starter(t, db, deck)
		}
		for _, mode := range []Mode{Goldfish, Nature} {
			for _, pn := range PolicyNames() {
				t.Run(deck+"/"+mode.String()+"/"+pn, func(t *testing.T) {
					p, _ := NewPolicy(pn)
					m := NewMatch(d, Options{Mode: mode}, p)
					spec := Spec(d, m.Opts)
					rec := engine.NewRecord(&spec)
					for i := range n {
						rec.Begin()
						o := m.Play(engine.Stream(9, i), rec)
						rec.End(o)
						what := fmt.Sprintf("match %d", i)
						if m.Illegal > 0 {
							var buf bytes.Buffer
							m.Trace(&buf)
							m.Play(engine.Stream(9, i), nil)
							m.Trace(nil)
							t.Fatalf("%s: %d illegal moves:\n%s", what, m.Illegal, buf.String())
						}
						if !m.S.Over {
							t.Fatalf("%s: not over after %d turns", what, o.Turns)
						}
						if mode == Goldfish && !o.Won && deck != "mixed" {
							t.Fatalf("%s: goldfish not won", what)
						}
						checkCards(t, m, what)
					}
				})
			}
		}
	}
}

// mixedDeck is a deck of three domains with Logic modules, a cost of X
// and a card that is not simulated.
func mixedDeck(t testing.TB, db *cardsdb.DB) *Deck {
	t.Helper()
	list, err := cardsdb.ParseDeck("mixed.txt", []byte(`game: seeker-chronicles
Guardians:
Johnson
Wu
Maxwell
Stack:
3 Test Accelerator
2 Test Riddle
3 Causality
3 Zeno's Tortoise
3 Rogue Star
3 Spacetime Curvature
3 Space Probe
3 Photon
3 Laser
3 Tunnel Effect
3 W Boson
3 Landauer's Principle
3 Dry Friction
2 Maxwell's Demon
`))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("seeker-chronicles")
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Compile(deck)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Stack) != 40 || len(d.NotSimulated) != 1 {
		t.Fatalf("mixed deck: %d cards, not simulated %v", len(d.Stack), d.NotSimulated)
	}
	return d
}

// TestGoldenTraces compares seeded matches, move by move, with
// testdata/traces (rewrite with DECKWRIGHT_UPDATE=1).
func TestGoldenTraces(t *testing.T) {
	db := loadDB(t)
	for _, tc := range []struct {
		deck   string
		mode   Mode
		diff   Difficulty
		policy string
		seed   uint64
	}{
		{"cosmos", Goldfish, 0, "greedy", 1},
		{"order", Goldfish, 0, "planner", 2},
		{"quantum", Nature, Seeker, "planner", 3},
		{"order", Nature, Apprentice, "greedy", 4},
	} {
		name := fmt.Sprintf("%s-%s-%s-%d", tc.deck, tc.mode, tc.policy, tc.seed)
		t.Run(name, func(t *testing.T) {
			d := starter(t, db, tc.deck)
			p, _ := NewPolicy(tc.policy)
			m := NewMatch(d, Options{Mode: tc.mode, Difficulty: tc.diff}, p)
			var buf bytes.Buffer
			m.Trace(&buf)
			o := m.Play(engine.Stream(tc.seed, 0), nil)
			fmt.Fprintf(&buf, "Outcome: won %v on turn %d.\n", o.Won, o.Turns)
			golden := filepath.Join("testdata", "traces", name+".golden")
			enginetest.Golden(t, golden, buf.Bytes())
			// Tracing changes nothing: the same match without a trace.
			m.Trace(nil)
			if o2 := m.Play(engine.Stream(tc.seed, 0), nil); o2 != o {
				t.Errorf("without a trace: %+v, with: %+v", o2, o)
			}
		})
	}
}

// TestRunWorkersAgree runs the engine on 1 and 4 workers for both modes.
func TestRunWorkersAgree(t *testing.T) {
	db := loadDB(t)
	d := starter(t, db, "quantum")
	for _, mode := range []Mode{Goldfish, Nature} {
		opts := Options{Mode: mode}
		var want string
		for _, w := range []int{1, 4} {
			s, err := engine.Run(Spec(d, opts), engine.Config{Games: 3500, Seed: 11, Workers: w}, func() engine.Game {
				p, _ := NewPolicy("greedy")
				return NewMatch(d, opts, p)
			})
			if err != nil {
				t.Fatal(err)
			}
			got := fmt.Sprintf("%+v", *s)
			if w == 1 {
				want = got
			} else if got != want {
				t.Errorf("%s: 4 workers differ from 1", mode)
			}
		}
	}
}

func TestLeastBaneTies(t *testing.T) {
	db := loadDB(t)
	d := starter(t, db, "cosmos")
	for _, tc := range []struct {
		diff Difficulty
		want int
	}{{Seeker, 1}, {Apprentice, 0}} {
		m := NewMatch(d, Options{Mode: Nature, Difficulty: tc.diff}, &Greedy{})
		m.reset()
		// Two Banes at 0: Johnson (4) faces the first, nothing the second.
		m.S.Side[You].Chan[0] = Channel{Card: d.Guardians[0], Active: true, Base: 4}
		m.S.Side[Opponent].Chan[0] = Channel{Card: d.Banes[0], Active: true}
		m.S.Side[Opponent].Chan[1] = Channel{Card: d.Banes[1], Active: true}
		if got := m.leastBane(); got != tc.want {
			t.Errorf("%s: least Bane in channel %d, want %d", tc.diff, got+1, tc.want+1)
		}
	}
}

// TestMaxTurnsUnfinished: a match stopped by MaxTurns is not won, whatever
// the progress piles say ("When the stack is empty, and if you have more
// cards in your progress pile than Nature does, you win"): it is
// unfinished, neither won nor lost. A match the rules ended is never
// unfinished.
func TestMaxTurnsUnfinished(t *testing.T) {
	db := loadDB(t)
	d := starter(t, db, "cosmos")
	for _, mode := range []Mode{Nature, Goldfish} {
		for _, maxTurns := range []int{3, 6, 50} {
			p, _ := NewPolicy("planner")
			m := NewMatch(d, Options{Mode: mode, Difficulty: Apprentice, MaxTurns: maxTurns}, p)
			ahead, unfinished := 0, 0
			for i := range 200 {
				o := m.Play(engine.Stream(3, i), nil)
				what := fmt.Sprintf("%s, max %d turns, match %d", mode, maxTurns, i)
				stack := m.S.StackOf(You).N
				ended := mode == Nature && stack == 0 || mode == Goldfish && m.S.Side[You].Empties >= 2
				if !m.S.Over {
					t.Fatalf("%s: not over", what)
				}
				if o.Unfinished == ended || o.Unfinished && (o.Won || o.Turns != maxTurns) {
					t.Fatalf("%s: %+v with the stack at %d", what, o, stack)
				}
				if o.Unfinished {
					unfinished++
					if m.S.Side[You].Progress.N > m.S.Side[Opponent].Progress.N {
						ahead++
					}
				}
			}
			if maxTurns == 3 && unfinished == 0 || mode == Nature && maxTurns == 6 && ahead == 0 {
				t.Errorf("%s, max %d turns: %d unfinished, %d of them with your pile ahead: the test shows nothing", mode, maxTurns, unfinished, ahead)
			}
		}
	}
}
