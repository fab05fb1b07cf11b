package generic

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/enginetest"
)

// gameOf is a game of the types given (each with a cost and an effects
// field, and the factions sun and moon), one section per type list, and
// the playtest block given.
func gameOf(t testing.TB, types, sections, block, cards string) *cardsdb.Game {
	t.Helper()
	var ty strings.Builder
	for _, id := range strings.Fields(types) {
		ty.WriteString("  - id: " + id + "\n    fields:\n      - {name: cost, kind: int}\n      - {name: effects, kind: list}\n")
	}
	g, err := cardsdb.ParseGame("game.yaml", []byte(`id: mech
name: Mech
card_size: {width: 63, height: 88}
factions: {label: Faction, values: [{id: sun, name: Sun}, {id: moon, name: Moon}]}
types:
`+ty.String()+"sections: "+sections+"\nplaytest: "+block+"\n"), ".")
	if err != nil {
		t.Fatal(err)
	}
	if err := cardsdb.ParseCards("cards.yaml", []byte("game: mech\ncards:\n"+cards), ".", g); err != nil {
		t.Fatal(err)
	}
	return g
}

// deckOf is a deck of g: "Main: 3 A, 2 B; Supply: 8 C", sections by name.
func deckOf(t testing.TB, g *cardsdb.Game, list string) *cardsdb.Deck {
	t.Helper()
	d := &cardsdb.Deck{Game: g, List: &cardsdb.DeckList{Name: list}}
	for _, part := range strings.Split(list, "; ") {
		secName, entries, _ := strings.Cut(part, ": ")
		var sec *cardsdb.Section
		for _, s := range g.Sections {
			if strings.EqualFold(s.ID, secName) {
				sec = s
			}
		}
		if sec == nil {
			t.Fatalf("no section %q", secName)
		}
		for _, e := range strings.Split(entries, ", ") {
			n, name, _ := strings.Cut(e, " ")
			c := g.Card(name)
			if c == nil {
				t.Fatalf("no card %q", name)
			}
			k := 0
			for _, r := range n {
				k = 10*k + int(r-'0')
			}
			d.Cards = append(d.Cards, cardsdb.DeckCard{Card: c, Count: k, Section: sec})
		}
	}
	return d
}

func mustCompile(t testing.TB, d *cardsdb.Deck) *Deck {
	t.Helper()
	cd, err := Compile(d)
	if err != nil {
		t.Fatal(err)
	}
	return cd
}

// runPolicy plays games of a compiled deck with a policy by name (a bot
// of the game's too).
func runPolicy(t *testing.T, d *Deck, policy string, games int) *engine.Summary {
	t.Helper()
	s, err := engine.Run(Spec(d, d.Rules.MaxTurns), engine.Config{Games: games, Seed: 11}, func() engine.Game {
		p, err := PolicyFor(d, policy)
		if err != nil {
			t.Fatal(err)
		}
		return NewMatch(d, p, 0)
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// cumulative returns the share of games won by each turn 1..max.
func cumulative(s *engine.Summary, maxTurn int) []float64 {
	out := make([]float64, maxTurn+1)
	by := map[int]float64{}
	for _, b := range s.Turns.Histogram {
		by[b.Turn] = b.Cumulative
	}
	last := 0.0
	for t := 1; t <= maxTurn; t++ {
		if v, ok := by[t]; ok {
			last = v
		}
		out[t] = last
	}
	return out
}

// compareWinTurns checks the engine's won-by-turn shares (over all
// games) against an independent simulation's win turns (0: not won),
// within 99.9% intervals of the difference of two samples.
func compareWinTurns(t *testing.T, s *engine.Summary, sim []int, maxTurn int) {
	t.Helper()
	n := float64(len(sim))
	got := cumulative(s, maxTurn)
	for turn := 1; turn <= maxTurn; turn++ {
		k := 0
		for _, w := range sim {
			if w > 0 && w <= turn {
				k++
			}
		}
		want := float64(k) / n
		g := got[turn]
		tol := 3.3*math.Sqrt(want*(1-want)/n+g*(1-g)/float64(s.Games)) + 1e-9
		if math.Abs(g-want) > tol {
			t.Errorf("won by turn %d: %.5f, the simulation %.5f ± %.5f", turn, g, want, tol)
		}
	}
}

// bigMoney is an independent simulation of the deck-builder of
// TestBigMoney: 7 coppers (1 coin) and 3 estates (1 point), a hand of 5
// each turn, the hand discarded at the end of the turn, the discard pile
// shuffled into the deck when it runs out; with 8 coins a province (6
// points, cost 8), with 6 a gold (3 coins), with 3 a silver (2); win at
// 27 points. It returns the win turn of each game (0: not won by max).
func bigMoney(games, maxTurns int, seed uint64) []int {
	const copper, silver, gold, estate, province = 1, 2, 3, 10, 11
	rng := rand.New(rand.NewPCG(seed, 5))
	out := make([]int, games)
	for g := range out {
		deck := []int{copper, copper, copper, copper, copper, copper, copper, estate, estate, estate}
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		var discard, hand []int
		draw := func(n int) {
			for range n {
				if len(deck) == 0 {
					deck, discard = discard, nil
					rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
				}
				if len(deck) == 0 {
					return
				}
				hand = append(hand, deck[len(deck)-1])
				deck = deck[:len(deck)-1]
			}
		}
		draw(5)
		points, provinces := 3, 8
		for turn := 1; turn <= maxTurns; turn++ {
			if turn > 1 {
				draw(5)
			}
			coins := 0
			for _, c := range hand {
				if c < 10 {
					coins += c
				}
			}
			switch {
			case coins >= 8 && provinces > 0:
				discard = append(discard, province)
				provinces--
				points += 6
			case coins >= 6:
				discard = append(discard, gold)
			case coins >= 3:
				discard = append(discard, silver)
			}
			if points >= 27 {
				out[g] = turn
				break
			}
			discard = append(discard, hand...)
			hand = hand[:0]
		}
	}
	return out
}

const dbTypes = "treasure victory action"
const dbSections = "[{id: deck, types: [treasure, victory]}, {id: supply, types: [treasure, victory, action]}]"
const dbBlock = `{deck: deck, supply: supply, opening_hand: 5, draw_per_turn: 5, draw_first_turn: false,
  resources: [{name: coin}, {name: action, per_turn: 1}, {name: buy, per_turn: 1}], play_cost: {action: "1 action"},
  buy: {cost: "1 buy"}, reshuffle: true, discard_hand: true, win_points: 27, max_turns: 40,
  bots: [{name: bm, buy: [Province, Gold, Silver]}]}`
const dbCards = `
  - {name: Copper, type: treasure, cost: 0, effects: ["resource 1 coin"]}
  - {name: Silver, type: treasure, cost: 3, effects: ["resource 2 coin"]}
  - {name: Gold, type: treasure, cost: 6, effects: ["resource 3 coin"]}
  - {name: Estate, type: victory, cost: 2, effects: ["victory 1"]}
  - {name: Province, type: victory, cost: 8, effects: ["victory 6"]}
  - {name: Smithy, type: action, cost: 4, effects: ["draw 3"]}
  - {name: Village, type: action, cost: 3, effects: ["draw 1", "resource 2 action"]}
`

// TestBigMoney: a deck-builder (reshuffles, buys from a supply, a hand
// discarded each turn, victory points counted while owned) played by a
// Big Money bot written as buy priorities, against bigMoney, an
// independent simulation: the share won by each turn matches within 99.9%
// intervals.
func TestBigMoney(t *testing.T) {
	g := gameOf(t, dbTypes, dbSections, dbBlock, dbCards)
	d := mustCompile(t, deckOf(t, g, "deck: 7 Copper, 3 Estate; supply: 40 Silver, 30 Gold, 8 Province"))
	const games = 20_000
	s := runPolicy(t, d, "bm", games)
	sim := bigMoney(games, 40, 3)
	compareWinTurns(t, s, sim, 40)
	mean := 0.0
	for _, w := range sim {
		mean += float64(w)
	}
	t.Logf("big money: mean win turn %.3f, the simulation's %.3f", s.Turns.Mean, mean/games)
}

// TestDeckBuilderConserved: no card is lost or duplicated in a
// deck-builder, with every policy, with a market row refilled from its
// section, trashing and gaining.
func TestDeckBuilderConserved(t *testing.T) {
	block := strings.Replace(dbBlock, "supply: supply,", "supply: supply, market: {section: market, size: 3},", 1)
	g := gameOf(t, dbTypes, "[{id: deck, types: [treasure, victory]}, {id: supply, types: [treasure, victory, action]}, {id: market, types: [action, treasure]}]", block, dbCards+`
  - {name: Chapel, type: action, cost: 2, effects: ["trash 2"]}
  - {name: Workshop, type: action, cost: 3, effects: ["gain Silver"]}
  - {name: Cellar, type: action, cost: 2, effects: ["draw 2", "discard 1", "recover Copper"]}
`)
	d := deckOf(t, g, "deck: 7 Copper, 3 Estate; supply: 20 Silver, 10 Gold, 8 Province, 10 Smithy, 10 Village; market: 4 Chapel, 4 Workshop, 4 Cellar, 2 Gold")
	enginetest.ConservedDecks(t, For(g), []*cardsdb.Deck{d}, 500)
}

// TestBigDeck: a deck of 200 cards plays (no 64-card limit), and the
// share of games won by each turn is the hypergeometric chance with the
// deck's size.
func TestBigDeck(t *testing.T) {
	g := protoGame(t, "{win_points: 3, max_turns: 80, resource_per_turn: 0}", `
  - {name: Spark, type: spell, cost: 0, effects: ["points 1"]}
  - {name: Blank, type: spell, cost: 0}
`)
	d, _ := compile(t, protoDeck(t, g, "20 Spark, 180 Blank"), "greedy")
	const games = 20_000
	s := run(t, d, "greedy", games)
	got := cumulative(s, 30)
	for turn := 1; turn <= 30; turn += 3 {
		want := hypergeomAtLeast(200, 20, 5+turn, 3)
		g := got[turn]
		if tol := 3.3*math.Sqrt(want*(1-want)/games) + 1e-9; math.Abs(g-want) > tol {
			t.Errorf("won by turn %d: %.4f, want %.4f ± %.4f", turn, g, want, tol)
		}
	}
	enginetest.ConservedDecks(t, For(g), []*cardsdb.Deck{protoDeck(t, g, "20 Spark, 180 Blank")}, 200)
}

// TestClock: an aggro deck against an opponent's clock. Bolts cost 0 and
// deal 3 damage, 21 damage win; the opponent deals 4 a turn from turn 3,
// so 20 life are gone at the end of turn 7. A game is won on turn t <= 7
// when the first 5+t cards hold 7 Bolts, and lost otherwise: the shares
// won by each turn and the share lost are hypergeometric.
func TestClock(t *testing.T) {
	g := protoGame(t, "{win: {damage: 21}, lose: {clock: {damage: 4, from_turn: 3, life: 20}}, max_turns: 30, resource_per_turn: 0}", `
  - {name: Bolt, type: spell, cost: 0, effects: ["damage 3"]}
  - {name: Blank, type: spell, cost: 0}
`)
	const games = 50_000
	for _, policy := range PolicyNames() {
		t.Run(policy, func(t *testing.T) {
			d, _ := compile(t, protoDeck(t, g, "14 Bolt, 26 Blank"), policy)
			s := run(t, d, policy, games)
			got := cumulative(s, 7)
			for turn := 1; turn <= 7; turn++ {
				want := hypergeomAtLeast(40, 14, 5+turn, 7)
				g := got[turn]
				if tol := 3.3*math.Sqrt(want*(1-want)/games) + 1e-9; math.Abs(g-want) > tol {
					t.Errorf("won by turn %d: %.4f, want %.4f ± %.4f", turn, g, want, tol)
				}
			}
			lost := float64(s.Games-s.Won-s.Unfinished) / games
			want := 1 - hypergeomAtLeast(40, 14, 12, 7)
			if tol := 3.3 * math.Sqrt(want*(1-want)/games); math.Abs(lost-want) > tol {
				t.Errorf("lost %.4f, want %.4f ± %.4f", lost, want, tol)
			}
			if s.Unfinished != 0 {
				t.Errorf("%d games unfinished; every game ends by turn 7", s.Unfinished)
			}
		})
	}
}

// atLeastOneEach is the chance that n cards drawn from N hold at least
// one of each of three groups of k cards (inclusion and exclusion).
func atLeastOneEach(N, k, n int) float64 {
	none := func(m int) float64 { // P(no card of m given groups)
		if n > N-m*k {
			return 0
		}
		p := 1.0
		for i := range n {
			p *= float64(N-m*k-i) / float64(N-i)
		}
		return p
	}
	return 1 - 3*none(1) + 3*none(2) - none(3)
}

// TestCombo: three pieces, three copies each, free; the game is won when
// one of each is in play: on turn t when the first 5+t cards hold one of
// each, a probability by inclusion and exclusion.
func TestCombo(t *testing.T) {
	g := protoGame(t, `{win: {pieces: [Rod, Ring, Orb]}, max_turns: 40, resource_per_turn: 0}`, `
  - {name: Rod, type: spell, cost: 0}
  - {name: Ring, type: spell, cost: 0}
  - {name: Orb, type: spell, cost: 0}
  - {name: Blank, type: spell, cost: 0}
`)
	const games = 50_000
	for _, policy := range PolicyNames() {
		t.Run(policy, func(t *testing.T) {
			d, _ := compile(t, protoDeck(t, g, "3 Rod, 3 Ring, 3 Orb, 31 Blank"), policy)
			s := run(t, d, policy, games)
			got := cumulative(s, 35)
			for turn := 1; turn <= 35; turn += 2 {
				want := atLeastOneEach(40, 3, 5+turn)
				g := got[turn]
				if tol := 3.3*math.Sqrt(want*(1-want)/games) + 1e-9; math.Abs(g-want) > tol {
					t.Errorf("won by turn %d: %.4f, want %.4f ± %.4f", turn, g, want, tol)
				}
			}
		})
	}
}

// simulateRace is an independent simulation of TestRace: coins (cost 2,
// 2 points) and blanks, a fixed budget of 3 a turn, one card a turn: a
// coin is played each turn the hand holds one.
func simulateRace(coins, blanks, win, maxTurns, n int, seed uint64) []int {
	rng := rand.New(rand.NewPCG(seed, 9))
	deck := make([]bool, coins+blanks)
	out := make([]int, n)
	for g := range out {
		for i := range deck {
			deck[i] = i < coins
		}
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		drawn, hand, points := 0, 0, 0
		draw := func() {
			if drawn < len(deck) {
				if deck[drawn] {
					hand++
				}
				drawn++
			}
		}
		for range 5 {
			draw()
		}
		for turn := 1; turn <= maxTurns; turn++ {
			draw()
			if hand > 0 {
				hand--
				if points += 2; points >= win {
					out[g] = turn
					break
				}
			}
		}
	}
	return out
}

// TestRace: a points race with one card a turn and a fixed budget that
// does not grow (3 a turn; two coins of cost 2 never fit in one turn
// anyway, but the limit is what binds with cost 1): against
// simulateRace.
func TestRace(t *testing.T) {
	g := protoGame(t, `{resources: [{name: gold, per_turn: 3}], cards_per_turn: 1, win_points: 10, max_turns: 40}`, `
  - {name: Coin, type: spell, cost: 1, effects: ["points 2"]}
  - {name: Blank, type: spell, cost: 0}
`)
	const games = 30_000
	sim := simulateRace(20, 20, 10, 40, games, 1)
	for _, policy := range PolicyNames() {
		t.Run(policy, func(t *testing.T) {
			d, _ := compile(t, protoDeck(t, g, "20 Coin, 20 Blank"), policy)
			compareWinTurns(t, run(t, d, policy, games), sim, 40)
		})
	}
}

// TestRules2: exact cases of the language's mechanics, each on a hand
// and a deck set by hand.
func TestRules2(t *testing.T) {
	orchard := func(t *testing.T, block string) *Match {
		g := gameOf(t, "tree fruit land", "[{id: main, types: [tree, fruit, land]}]", block, `
  - {name: Oak, type: tree, cost: 1, faction: sun}
  - {name: Elm, type: tree, cost: 1, faction: moon}
  - {name: Harvest, type: fruit, cost: 0, effects: ["resource 1 harvest per tree you have"]}
  - {name: Sunburst, type: fruit, cost: 0, effects: ["points 3 if 2 faction:sun"]}
  - {name: Bloom, type: fruit, cost: 1, effects: ["points 1 each turn for 2 turns"]}
  - {name: Seek, type: fruit, cost: 0, effects: ["tutor Oak"]}
  - {name: Regrow, type: fruit, cost: 0, effects: ["recover tree"]}
  - {name: Glimpse, type: fruit, cost: 0, effects: ["scry 2"]}
  - {name: Grove, type: land, effects: ["gives 2 harvest"]}
  - {name: Dual, type: land, effects: ["gives 1 harvest or water"]}
  - {name: Sprout, type: fruit, cost: 0, effects: ["draw 1 per tree"]}
  - {name: Blank, type: fruit, cost: 0}
`)
		d := mustCompile(t, deckOf(t, g, "main: 4 Oak, 4 Elm, 2 Harvest, 2 Sunburst, 2 Bloom, 2 Seek, 2 Regrow, 2 Glimpse, 2 Grove, 2 Dual, 2 Sprout, 14 Blank"))
		p, _ := NewPolicy("greedy")
		m := NewMatch(d, p, 0)
		m.S.reset()
		return m
	}
	const block = `{resources: [{name: harvest}, {name: water}], permanent_types: [tree], resource_types: [land], max_turns: 20}`
	t.Run("N per card you have", func(t *testing.T) {
		m := orchard(t, block)
		hand(m, []string{"Oak", "Elm", "Oak", "Harvest"}, "Blank")
		m.upkeep(2)
		for range 3 {
			m.PlayCard(0) // the trees cost 1 each, and the turn has no harvest
		}
		if m.S.InPlay.N != 0 {
			t.Fatalf("trees played with no harvest to spend: %d in play", m.S.InPlay.N)
		}
		m.S.Pool[0] = 3
		m.budget()
		for range 3 {
			if !m.PlayCard(0) {
				t.Fatal("a tree could not be played")
			}
		}
		if m.S.InPlay.N != 3 || m.S.Budget != 0 {
			t.Fatalf("%d trees in play, %d to spend; want 3 and 0", m.S.InPlay.N, m.S.Budget)
		}
		m.PlayCard(indexOf(m, "Harvest"))
		if m.S.Pool[0] != 3 {
			t.Errorf("Harvest with 3 trees gave %d harvest, want 3", m.S.Pool[0])
		}
	})
	t.Run("if N of a faction", func(t *testing.T) {
		m := orchard(t, block)
		hand(m, []string{"Sunburst", "Sunburst"}, "Blank")
		m.S.InPlay.Push(m.id("Oak"))
		m.PlayCard(0)
		if m.S.Points != 0 {
			t.Fatalf("Sunburst with 1 sun tree scored %d, want 0", m.S.Points)
		}
		m.S.InPlay.Push(m.id("Oak"))
		m.PlayCard(0)
		if m.S.Points != 3 {
			t.Errorf("Sunburst with 2 sun trees scored %d, want 3", m.S.Points)
		}
	})
	t.Run("effects for N turns end", func(t *testing.T) {
		m := orchard(t, block)
		hand(m, []string{"Bloom"}, "Blank", "Blank", "Blank", "Blank")
		m.S.Pool[0] = 1
		m.budget()
		m.PlayCard(0)
		for turn := 2; turn <= 5; turn++ {
			m.upkeep(turn)
		}
		if m.S.Points != 2 || m.S.InPlay.N != 0 || m.S.Discard.N != 1 {
			t.Errorf("Bloom for 2 turns: %d points, %d in play, %d discarded; want 2, 0, 1", m.S.Points, m.S.InPlay.N, m.S.Discard.N)
		}
	})
	t.Run("tutor, recover, scry", func(t *testing.T) {
		m := orchard(t, block)
		hand(m, []string{"Seek", "Regrow", "Glimpse"}, "Blank", "Oak", "Blank", "Oak", "Blank")
		m.S.Discard.Push(m.id("Elm"))
		m.PlayCard(indexOf(m, "Seek"))
		if indexOf(m, "Oak") < 0 || m.S.Deck.Count(maskOf(m, "Oak")) != 1 {
			t.Fatalf("tutor Oak: hand %s, %d Oaks left in the deck", m.names(&m.S.Hand), m.S.Deck.Count(maskOf(m, "Oak")))
		}
		m.PlayCard(indexOf(m, "Regrow"))
		if indexOf(m, "Elm") < 0 || m.S.Discard.N != 0 {
			t.Fatalf("recover tree: hand %s", m.names(&m.S.Hand))
		}
		// the deck is (top first) Blank, Blank, Oak, Blank once the tutor
		// took the first Oak; scry 2 puts the two Blanks at the bottom
		m.PlayCard(indexOf(m, "Glimpse"))
		if top := m.Card(m.S.Deck.Card[m.S.Deck.N-1]).Name; top != "Oak" {
			t.Errorf("after scry 2 the top card is %s, want Oak (deck %s)", top, m.names(&m.S.Deck))
		}
	})
	t.Run("a resource card worth 2, a choice of kinds", func(t *testing.T) {
		m := orchard(t, block)
		hand(m, []string{"Grove", "Dual", "Oak"}, "Blank", "Blank")
		m.upkeep(1)
		m.PlayLand(0)
		if m.S.Pool[0] != 2 {
			t.Fatalf("Grove gives %d harvest, want 2", m.S.Pool[0])
		}
		m.upkeep(2)
		m.PlayLand(0)
		if m.S.Pool[0] != 2 || m.S.NFlex != 1 || m.S.Budget != 3 {
			t.Fatalf("Grove and Dual: pool %v, flex %d, budget %d; want 2 harvest, one choice, 3", m.S.Pool[:2], m.S.NFlex, m.S.Budget)
		}
		if !m.CanPay(&Price{Generic: 1, Kind: [K]int{0, 1}, Only: true}) {
			t.Error("1 harvest and 1 water cannot be paid with Grove and Dual")
		}
		if m.CanPay(&Price{Kind: [K]int{0, 2}, Only: true}) {
			t.Error("2 water paid with one choice of harvest or water")
		}
	})
	t.Run("draw N per card", func(t *testing.T) {
		m := orchard(t, block)
		hand(m, []string{"Sprout"}, "Blank", "Blank", "Blank")
		m.S.InPlay.Push(m.id("Oak"))
		m.S.InPlay.Push(m.id("Elm"))
		m.PlayCard(0)
		if m.S.Hand.N != 2 {
			t.Errorf("draw 1 per tree with 2 trees drew %d", m.S.Hand.N)
		}
	})
	t.Run("a fixed budget, a capped one", func(t *testing.T) {
		m := ruleMatch(t, "{resources: [{name: gold, per_turn: 3}, {name: mana, per_turn: 2, grows: true, max: 5}]}")
		for turn, want := range map[int][2]int{1: {3, 2}, 2: {3, 4}, 4: {3, 5}} {
			m.upkeep(turn)
			if m.S.Pool[0] != want[0] || m.S.Pool[1] != want[1] {
				t.Errorf("turn %d: gold %d, mana %d; want %v", turn, m.S.Pool[0], m.S.Pool[1], want)
			}
		}
	})
	t.Run("cards per turn", func(t *testing.T) {
		m := ruleMatch(t, "{cards_per_turn: 1}")
		hand(m, []string{"Coin", "Coin"}, "Blank", "Blank")
		m.upkeep(3)
		if !m.PlayCard(0) || m.PlayCard(0) {
			t.Error("a second card was played on a turn of one card")
		}
	})
	t.Run("decking out loses", func(t *testing.T) {
		m := ruleMatch(t, "{lose: {deck_out: true}}")
		hand(m, nil, "Blank")
		m.upkeep(1)
		m.upkeep(2)
		if !m.S.Lost {
			t.Error("a draw from an empty deck did not lose")
		}
	})
	t.Run("a resource card's cost and effects both apply", func(t *testing.T) {
		g := gameOf(t, "land spell", "[{id: main, types: [land, spell]}]", "{resource_per_turn: 0, resource_types: [land]}", `
  - {name: Vault, type: land, cost: 1, effects: ["gives 3", "draw 1"]}
  - {name: Plain, type: land}
  - {name: Blank, type: spell, cost: 0}
`)
		d := mustCompile(t, deckOf(t, g, "main: 4 Vault, 4 Plain, 32 Blank"))
		p, _ := NewPolicy("greedy")
		m := NewMatch(d, p, 0)
		m.S.reset()
		hand(m, []string{"Vault", "Plain"}, "Blank", "Blank", "Blank")
		m.upkeep(1)
		if m.PlayLand(0) {
			t.Fatal("a Vault (cost 1) was put into play with nothing to spend")
		}
		m.PlayLand(indexOf(m, "Plain"))
		m.upkeep(2)
		n := m.S.Hand.N
		if !m.PlayLand(indexOf(m, "Vault")) || m.S.Budget != 3 || m.S.Hand.N != n {
			t.Fatalf("Vault with 1 to spend: budget %d (want 1 - 1 + 3), hand %d (want %d: it played and drew 1)", m.S.Budget, m.S.Hand.N, n)
		}
	})
	t.Run("greedy takes the win of this turn", func(t *testing.T) {
		// 12 of 15 points, 4 to spend: the 4-point card wins at once
		g := protoGame(t, "{win_points: 15, resource_per_turn: 0}", `
  - {name: Two, type: spell, cost: 1, effects: ["points 2", "draw 1"]}
  - {name: Four, type: spell, cost: 4, effects: ["points 4"]}
  - {name: Blank, type: spell, cost: 0}
`)
		d, p := compile(t, protoDeck(t, g, "4 Two, 4 Four, 32 Blank"), "greedy")
		m := NewMatch(d, p, 0)
		m.S.reset()
		hand(m, []string{"Two", "Four"}, "Blank", "Blank")
		m.upkeep(1)
		m.S.Points, m.S.Pool[0], m.S.Budget = 12, 4, 4
		p.Main(m)
		if !m.S.Won || m.S.Turn != 1 {
			t.Errorf("greedy did not win: %d points, hand %s", m.S.Points, m.names(&m.S.Hand))
		}
	})
	t.Run("greedy discards what it values least", func(t *testing.T) {
		// 12 of 15 points, 4 to spend next turn: keep the 4-point card
		// it can pay for, discard one it cannot
		g := protoGame(t, "{win_points: 15, resource_per_turn: 0, resource_types: [land]}", `
  - {name: Four, type: spell, cost: 4, effects: ["points 4"]}
  - {name: Big, type: spell, cost: 9, effects: ["points 5"]}
  - {name: Land, type: land}
`)
		d, p := compile(t, protoDeck(t, g, "4 Four, 4 Big, 32 Land"), "greedy")
		m := NewMatch(d, p, 0)
		m.S.reset()
		hand(m, []string{"Four", "Big", "Big"})
		m.S.Points, m.S.Turn, m.S.LandGives[0] = 12, 3, 4
		if i := p.Discard(m); m.Card(m.S.Hand.Card[i]).Name != "Big" {
			t.Errorf("greedy discards %s, want a Big", m.Card(m.S.Hand.Card[i]).Name)
		}
	})
}

// id returns the id of a card by name.
func (m *Match) id(name string) uint8 {
	for i, c := range m.Deck.Cards {
		if c.Name == name {
			return uint8(i)
		}
	}
	panic(name)
}

func maskOf(m *Match, names ...string) *Mask {
	var k Mask
	for _, n := range names {
		k.add(m.id(n))
	}
	return &k
}

// TestLondon: the London mulligan draws the whole hand again and puts as
// many cards as mulligans at the bottom: hands keep 5 - mulligans cards,
// the deck holds the rest, and the share of games that mulligan is the
// chance that 5 cards hold fewer than 2 Lands.
func TestLondon(t *testing.T) {
	m := ruleMatch(t, "{resource_types: [land], mulligan: {rule: london, times: 2, min_resources: 2}}")
	const games = 20000
	first := 0
	for i := range games {
		m.S.reset()
		m.gkey = engine.GameKey(engine.Stream(1, i))
		m.setup()
		if m.S.Mulligans > 0 {
			first++
		}
		if m.S.Hand.N != 5-m.S.Mulligans || m.S.Deck.N != 40-m.S.Hand.N {
			t.Fatalf("after %d mulligans: %d in hand, %d in the deck", m.S.Mulligans, m.S.Hand.N, m.S.Deck.N)
		}
	}
	want := 1 - hypergeomAtLeast(40, 4, 5, 2)
	got := float64(first) / games
	if tol := 3.3 * math.Sqrt(want*(1-want)/games); math.Abs(got-want) > tol {
		t.Errorf("mulligan in %.4f of games, want %.4f", got, want)
	}
}

// TestTextPatterns: effects come from the rules text by the game's
// patterns when a card has no effects list, and CheckEffects reports a
// card whose effects and text disagree.
func TestTextPatterns(t *testing.T) {
	block := `{text_patterns: [{pattern: 'Draw (\d+) cards?', effect: 'draw $1'}, {pattern: 'Gain (\d+) points?', effect: 'points $1'}]}`
	g := protoGame(t, block, `
  - {name: Study, type: spell, cost: 1, text: "Draw 2 cards. Gain 1 point."}
  - {name: Liar, type: spell, cost: 1, text: "Draw 1 card.", effects: ["draw 2"]}
  - {name: Honest, type: spell, cost: 1, text: "Draw 1 card.", effects: ["draw 1"]}
  - {name: Mystery, type: spell, cost: 1, text: "Look at your opponent's hand."}
`)
	d := mustCompile(t, protoDeck(t, g, "10 Study, 10 Liar, 10 Honest, 1 Mystery"))
	if len(d.NotSimulated) != 1 || d.NotSimulated[0].Card != "Mystery" || !strings.Contains(d.NotSimulated[0].Reason, "its text is not played") {
		t.Errorf("not simulated: %+v; want Mystery, whose text no pattern reads", d.NotSimulated)
	}
	c := d.Cards[0]
	if c.Draw != 2 || c.Points != 1 {
		t.Errorf("Study from its text: draw %d, points %d; want 2 and 1", c.Draw, c.Points)
	}
	err := CheckEffects(protoDeck(t, g, "10 Study, 10 Liar, 10 Honest"))
	if err == nil || !strings.Contains(err.Error(), `card "Liar": its effects ["draw 2"] disagree with its text, which reads as ["draw 1"]`) || strings.Contains(err.Error(), "Honest") {
		t.Errorf("CheckEffects: %v", err)
	}
}

// TestBotRules: a bot's conditions (supply, owned, turn, money) decide
// its buys.
func TestBotRules(t *testing.T) {
	block := strings.Replace(dbBlock, "bots: [{name: bm, buy: [Province, Gold, Silver]}]",
		`bots: [{name: b, buy: ["Smithy if owned Smithy < 1", "Province if money >= 9", "Gold if turn >= 3 and supply Gold > 28", Silver]}]`, 1)
	g := gameOf(t, dbTypes, dbSections, block, dbCards)
	d := mustCompile(t, deckOf(t, g, "deck: 7 Copper, 3 Estate; supply: 40 Silver, 30 Gold, 8 Province, 10 Smithy"))
	p, _ := PolicyFor(d, "b")
	m := NewMatch(d, p, 0)
	var bought []string
	for i := range 200 {
		m.Play(engine.Stream(3, i), nil)
		for _, id := range slices.Concat(m.S.Deck.Cards(), m.S.Hand.Cards(), m.S.Discard.Cards(), m.S.Played.Cards(), m.S.InPlay.Cards()) {
			if n := m.Card(id).Name; n == "Smithy" {
				bought = append(bought, n)
			}
		}
		if gold := 30 - m.S.Supply[m.id("Gold")]; gold > 2 {
			t.Fatalf("game %d bought %d Golds; the rule stops at 2", i, gold)
		}
	}
	if len(bought) != 200 {
		t.Errorf("%d Smithies in 200 games, want 1 each", len(bought))
	}
}
