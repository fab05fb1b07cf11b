package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// race is a small game for the search's tests, whose best list is known:
// each turn draws the next card of the stack (shuffled with the keyed
// shuffle, as the engines do) and adds its power; the game is won on the
// turn the total reaches 40. Any card of higher power is better.
type race struct {
	stack engine.Pile
	power []int
	keys  []uint64
}

func (g *race) Play(rng *rand.Rand, rec *engine.Record) engine.Outcome {
	key := engine.GameKey(rng)
	p := g.stack
	engine.KeyedShuffle(&p, key, 1, g.keys)
	total := 0
	for turn := 1; turn <= p.N; turn++ {
		if total += g.power[p.Card[turn-1]]; total >= 40 {
			return engine.Outcome{Won: true, Turns: turn}
		}
	}
	return engine.Outcome{Turns: 50, Unfinished: true}
}

// compileRace compiles a deck's stack for race.
func compileRace(d *cardsdb.Deck) (*engine.Play, error) {
	g := &race{}
	var names []string
	for _, dc := range d.InSection("stack") {
		id := len(names)
		names = append(names, dc.Card.Name)
		pw, _ := dc.Card.Int("power")
		g.power = append(g.power, pw)
		for range dc.Count {
			g.stack.Push(uint8(id))
		}
	}
	g.keys = engine.CardKeys(len(names), func(i int) string { return names[i] })
	return &engine.Play{
		Spec:    engine.Spec{Cards: names, MaxTurns: 50},
		NewGame: func() engine.Game { c := *g; return &c },
		Figures: []engine.Figure{engine.WinTurn("turn")},
	}, nil
}

// problem is the Cosmos starter with 3 Dud Beacons (a sample card of
// ours: power 0, no effect) in place of its 3 Rogue Stars (power 3),
// played in race, and a pool of Rogue Star, Dud Beacon, Comet (the deck
// holds 2) and GPS (3, the most). Legal is a few of the game's rules (40
// stack modules, at most 3 copies, each card in a section of its type).
func problem(t *testing.T) (*Problem, *cardsdb.Game) {
	t.Helper()
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	if err := db.AddPath("testdata/dud-beacon.yaml"); err != nil {
		t.Fatal(err)
	}
	list, err := db.OpenDeck("testdata/cosmos-duds.yaml", "")
	if err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game(list.Game)
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		t.Fatal(err)
	}
	var pool []*cardsdb.Card
	for _, n := range []string{"Rogue Star", "Dud Beacon", "Comet", "GPS"} {
		pool = append(pool, g.Card(n))
	}
	p := &Problem{
		Base: deck, Pool: pool, Seed: 1, Workers: 2,
		Legal: func(d *cardsdb.Deck) bool {
			if d.Total("stack") != 40 {
				return false
			}
			for _, dc := range d.Cards {
				if dc.Count > 3 || !slices.Contains(dc.Section.Types, dc.Card.Type) {
					return false
				}
			}
			return true
		},
		Compile: compileRace,
	}
	return p, g
}

func TestApply(t *testing.T) {
	p, g := problem(t)
	s := Swap{g.Card("Dud Beacon"), g.Card("Rogue Star")}
	d := Apply(p.Base, s)
	count := func(d *cardsdb.Deck, name string) int {
		n := 0
		for _, dc := range d.InSection("stack") {
			if dc.Card.Name == name {
				n += dc.Count
			}
		}
		return n
	}
	if count(d, "Dud Beacon") != 2 || count(d, "Rogue Star") != 1 || d.Total("stack") != 40 {
		t.Errorf("after %v: %d Dud Beacon, %d Rogue Star, %d in the stack; want 2, 1, 40", s, count(d, "Dud Beacon"), count(d, "Rogue Star"), d.Total("stack"))
	}
	if count(p.Base, "Dud Beacon") != 3 || count(p.Base, "Rogue Star") != 0 {
		t.Error("Apply changed the base deck")
	}
	// Legal swaps only: no fourth GPS, no module for a Guardian, nothing
	// for itself.
	for _, s := range p.Swaps(p.Base) {
		if s.In == s.Out || s.In.Name == "GPS" || s.Out.Type != "module" {
			t.Errorf("swap %v offered; want only legal swaps", s)
		}
	}
}

// TestTuneRanksBadCardLast: the Dud Beacon is the card whose cut gains
// most, so it ranks last; the best swap overall cuts it.
func TestTuneRanksBadCardLast(t *testing.T) {
	p, _ := problem(t)
	res, err := Tune(p, 20000)
	if err != nil {
		t.Fatal(err)
	}
	swaps, values := res.Swaps, res.Values
	if res.Sampled || res.Legal != len(swaps) {
		t.Errorf("%d of %d legal swaps raced (sampled %v); want them all", len(swaps), res.Legal, res.Sampled)
	}
	for _, v := range values {
		t.Logf("%-30s %+.3f %v (%d swaps)", v.Card.Name, v.Gain, v.GainCI, v.Swaps)
	}
	if last := values[len(values)-1]; last.Card.Name != "Dud Beacon" || last.GainCI[0] <= 0 {
		t.Errorf("last card %s (gain %.3f, CI %v); want Dud Beacon, whose cuts gain", last.Card.Name, last.Gain, last.GainCI)
	}
	// Racing: the swap that went furthest played more games than one
	// dropped in the first round.
	if first, last := swaps[0], swaps[len(swaps)-1]; first.Games <= last.Games || last.Round != 1 {
		t.Errorf("the winner played %d games, the last swap %d in round %d; want racing", first.Games, last.Games, last.Round)
	}
}

// TestOptimizeSwapsBadCardOut: the search swaps the Dud Beacons out, only
// through legal lists, confirms the gain on games it never played, and
// finds the same path for the same seed.
func TestOptimizeSwapsBadCardOut(t *testing.T) {
	p, _ := problem(t)
	asked := 0
	legal := p.Legal
	p.Legal = func(d *cardsdb.Deck) bool { asked++; return legal(d) }
	res, err := Optimize(p, Budget{Evals: 100}, 300, 3000)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Confirmed || res.Check.GainCI[0] <= 0 || res.Deck != res.Found {
		t.Fatalf("final check: confirmed %v, gain %.3f CI %v", res.Confirmed, res.Check.Gain, res.Check.GainCI)
	}
	if res.SearchGames > CheckFirst || res.CheckGames <= 0 {
		t.Errorf("search games 0..%d, check from %d: they overlap", res.SearchGames, CheckFirst)
	}
	for _, dc := range res.Deck.Cards {
		if dc.Card.Name == "Dud Beacon" && dc.Count == 3 {
			t.Errorf("the list returned keeps 3 Dud Beacons; path %v", res.Path)
		}
	}
	if !legal(res.Deck) || asked == 0 {
		t.Error("the list returned is not legal, or Legal was never asked")
	}
	for _, st := range res.Path {
		if st.Swap.Out.Name != "Dud Beacon" && st.Estimate.GainCI[0] <= 0 {
			t.Errorf("step %v kept without a gain", st.Swap)
		}
	}
	again, err := Optimize(p, Budget{Evals: 100}, 300, 3000)
	if err != nil {
		t.Fatal(err)
	}
	path := func(r *Result) []string {
		var out []string
		for _, st := range r.Path {
			out = append(out, st.Swap.String())
		}
		return out
	}
	if !slices.Equal(path(res), path(again)) || res.Evals != again.Evals || res.Check.Gain != again.Check.Gain {
		t.Errorf("two runs with seed 1: %v (%d evals) and %v (%d evals)", path(res), res.Evals, path(again), again.Evals)
	}
}

// TestOptimizeRefusesUnconfirmed: a gain that does not hold in the final
// check is not returned: a final check of 1 game confirms nothing, and
// the base deck comes back.
func TestOptimizeRefusesUnconfirmed(t *testing.T) {
	p, _ := problem(t)
	res, err := Optimize(p, Budget{Evals: 100}, 300, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Path) == 0 {
		t.Fatal("the search kept no swap")
	}
	if res.Confirmed || res.Deck != p.Base {
		t.Errorf("confirmed %v on 1 game (gain CI %v); want the base deck back", res.Confirmed, res.Check.GainCI)
	}
}

// TestSwapsKeepTheSupply: a deck-builder's supply is what it buys from;
// tuning cuts the cards of its starting deck only.
func TestSwapsKeepTheSupply(t *testing.T) {
	db := cardsdb.Empty()
	if err := db.AddPath("../../docs/examples/market"); err != nil {
		t.Fatal(err)
	}
	d, err := db.ResolveBundled("market/starter")
	if err != nil {
		t.Fatal(err)
	}
	p := &Problem{Pool: d.Game.Cards, Legal: func(*cardsdb.Deck) bool { return true }}
	swaps := p.Swaps(d)
	cut := map[string]bool{}
	for _, s := range swaps {
		cut[s.Out.Name] = true
	}
	if len(cut) != 2 || !cut["Copper Coin"] || !cut["Homestead"] {
		t.Errorf("the swaps cut %v; want the starting deck's Copper Coin and Homestead only", cut)
	}
}
