package deckstats_test

import (
	"errors"
	"math/big"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/deckstats"
)

func bundledDeck(t testing.TB, ref string) *cardsdb.Deck {
	t.Helper()
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	d, err := db.ResolveBundled(ref)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func parseDeck(t *testing.T, text string) *cardsdb.Deck {
	t.Helper()
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	l, err := cardsdb.ParseDecklist("d.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	g, err := db.GameOf(l)
	if err != nil {
		t.Fatal(err)
	}
	d, err := cardsdb.Resolve(g, l)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestComputeCosmos checks the figures of the Cosmos starter against its
// list: 3 Guardians, 3 G-modules and a 40-card stack drawn 2 + 1 a turn
// (the game definition), one more on the draw.
func TestComputeCosmos(t *testing.T) {
	st, err := deckstats.Compute(bundledDeck(t, "seeker-chronicles/cosmos"), deckstats.Options{Draws: -1})
	if err != nil {
		t.Fatal(err)
	}
	if st.Cards != 46 {
		t.Errorf("cards %d, want 46", st.Cards)
	}
	want := map[string]int{"guardians": 3, "gmodules": 3, "stack": 40}
	for _, s := range st.Sections {
		if want[s.ID] != s.Cards {
			t.Errorf("section %s: %d cards, want %d", s.ID, s.Cards, want[s.ID])
		}
	}
	// The curve counts every card once: the bars, X and the cards without
	// a cost add up to the deck.
	sum := st.Curve.X + st.Curve.NoCost
	for _, b := range st.Curve.Bars {
		sum += b.Cards
	}
	if sum != 46 || st.Curve.Field != "link_cost" {
		t.Errorf("curve %+v adds up to %d, want 46 (link_cost)", st.Curve, sum)
	}
	o := st.Odds
	if o == nil || o.Cards != 40 || o.OpeningHand != 2 || o.PerTurn != 1 || o.OnTheDraw != 1 || o.From != "game" {
		t.Fatalf("odds %+v, want 40 cards, hand 2, 1 a turn, 1 on the draw, from the game", o)
	}
	if len(o.Turns) != 6 {
		t.Errorf("turns %v, want 0..5", o.Turns)
	}
	// The 3-of row: in the opening hand on the play 2 cards of 40, on the
	// draw 3; by turn 5 on the play 7 cards.
	row := o.Rows[0]
	if row.Label != "a given 3-of" || row.Copies != 3 {
		t.Fatalf("first row %+v, want a given 3-of", row)
	}
	for _, tc := range []struct {
		c    deckstats.Chance
		seen int
	}{{row.OnPlay[0], 2}, {row.OnDraw[0], 3}, {row.OnPlay[5], 7}} {
		want := deckstats.AtLeast(40, 3, tc.seen, 1)
		if tc.c.Seen != tc.seen || tc.c.Exact != want.RatString() {
			t.Errorf("chance %+v, want %d seen, %s", tc.c, tc.seen, want.RatString())
		}
	}
	if row.OnPlay[0].Exact != big.NewRat(19, 130).RatString() {
		t.Errorf("a 3-of in the opening hand: %s, want 19/130", row.OnPlay[0].Exact)
	}
}

// TestComputeOptions: --hand and --draws override the game's figures and
// say so; --card adds a row; a card the deck lacks is ErrNoCard.
func TestComputeOptions(t *testing.T) {
	d := bundledDeck(t, "seeker-chronicles/cosmos")
	st, err := deckstats.Compute(d, deckstats.Options{Hand: 7, Draws: 2, Turns: 2, AtLeast: 2, Cards: []string{"black hole"}})
	if err != nil {
		t.Fatal(err)
	}
	o := st.Odds
	if o.From != "--hand, --draws" || o.OpeningHand != 7 || o.PerTurn != 2 || o.AtLeast != 2 {
		t.Fatalf("odds %+v", o)
	}
	r := o.Rows[0]
	if r.Label != "Black Hole" || r.Copies != 3 || len(r.OnPlay) != 3 || r.OnPlay[2].Seen != 11 {
		t.Fatalf("row %+v, want Black Hole, 3 copies, 11 seen by turn 2", r)
	}
	if want := deckstats.AtLeast(40, 3, 11, 2).RatString(); r.OnPlay[2].Exact != want {
		t.Errorf("at least 2 Black Holes in 11: %s, want %s", r.OnPlay[2].Exact, want)
	}
	_, err = deckstats.Compute(d, deckstats.Options{Draws: -1, Cards: []string{"Blak Hole"}})
	if !errors.Is(err, deckstats.ErrNoCard) || err.Error() != `--card "Blak Hole": no such card in the deck; did you mean "Black Hole"?` {
		t.Errorf("error %v", err)
	}
}

// TestComputeNoDraw: a game without a draw: block (Kaizerseat) has no odds
// unless --hand gives the hand; Arkhtide has an opening hand only.
func TestComputeNoDraw(t *testing.T) {
	st, err := deckstats.Compute(bundledDeck(t, "kaizerseat/starter"), deckstats.Options{Draws: -1})
	if err != nil {
		t.Fatal(err)
	}
	if st.Odds != nil || st.NoOdds == "" {
		t.Errorf("kaizerseat odds %+v (%q), want none with a reason", st.Odds, st.NoOdds)
	}
	if st.Curve != nil {
		t.Errorf("kaizerseat curve %+v, want none: no card has a cost", st.Curve)
	}
	st, err = deckstats.Compute(bundledDeck(t, "kaizerseat/starter"), deckstats.Options{Hand: 11, Draws: -1})
	if err != nil || st.Odds == nil || st.Odds.Cards != 98 || len(st.Odds.Turns) != 1 {
		t.Fatalf("kaizerseat --hand 11: %+v, %v", st.Odds, err)
	}
	st, err = deckstats.Compute(bundledDeck(t, "arkhtide/three-factions"), deckstats.Options{Draws: -1})
	if err != nil || st.Odds == nil || st.Odds.OpeningHand != 6 || len(st.Odds.Turns) != 1 || st.Odds.DeckName != "Main" {
		t.Fatalf("arkhtide: %+v, %v", st.Odds, err)
	}
}

// TestComputeMerged: one card written on two lines counts as one group of
// copies.
func TestComputeMerged(t *testing.T) {
	d := parseDeck(t, "game: seeker-chronicles\nstack:\n2 Black Hole\n1 Black Hole\n1 Laika\n")
	st, err := deckstats.Compute(d, deckstats.Options{Draws: -1})
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Odds.Rows; len(got) != 2 || got[0].Label != "a given 3-of" || got[1].Label != "a given 1-of" {
		t.Errorf("rows %+v, want a 3-of and a 1-of", got)
	}
}

// TestBarString draws bars in eighths of a cell.
func TestBarString(t *testing.T) {
	tests := []struct {
		n, max, width int
		want          string
	}{
		{10, 10, 4, "████"},
		{5, 10, 4, "██"},
		{1, 16, 1, "▏"},
		{3, 16, 1, "▎"}, // 1.5 eighths, rounded up
		{6, 16, 1, "▍"},
		{1, 1000, 10, "▏"}, // a card always shows
		{0, 10, 4, ""},
	}
	for _, tc := range tests {
		if got := deckstats.BarString(tc.n, tc.max, tc.width); got != tc.want {
			t.Errorf("BarString(%d, %d, %d) = %q, want %q", tc.n, tc.max, tc.width, got, tc.want)
		}
	}
}

// TestPercent rounds to one decimal, but never to a certainty or an
// impossibility that is not one.
func TestPercent(t *testing.T) {
	tests := []struct {
		p    float64
		want string
	}{{19.0 / 130, "14.6%"}, {1, "100.0%"}, {0, "0.0%"}, {0.99996, ">99.9%"}, {0.00004, "<0.1%"}, {0.5, "50.0%"}}
	for _, tc := range tests {
		if got := deckstats.Percent(tc.p); got != tc.want {
			t.Errorf("Percent(%v) = %q, want %q", tc.p, got, tc.want)
		}
	}
}
