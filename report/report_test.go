package report_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/deckstats"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/games"
	"github.com/deckwright/deckwright/report"
)

var (
	dbOnce sync.Once
	db     *cardsdb.DB
	dbErr  error
)

func bundled(t *testing.T) *cardsdb.DB {
	t.Helper()
	dbOnce.Do(func() { db, dbErr = cardsdb.LoadBundled() })
	if dbErr != nil {
		t.Fatal(dbErr)
	}
	return db
}

func TestGames(t *testing.T) {
	gs := report.Games(bundled(t))
	var sc *report.Game
	for i := range gs {
		if gs[i].ID == "seeker-chronicles" {
			sc = &gs[i]
		}
	}
	if sc == nil || sc.Cards == 0 || len(sc.Decks) == 0 || !strings.HasPrefix(sc.Decks[0], "seeker-chronicles/") || sc.CardSize[0] == 0 {
		t.Fatalf("seeker-chronicles = %+v", sc)
	}
	data, _ := json.Marshal(sc)
	for _, k := range []string{`"id":`, `"sample_cards":`, `"decks":`, `"card_size_mm":`} {
		if !strings.Contains(string(data), k) {
			t.Errorf("games JSON has no %s: %s", k, data)
		}
	}
}

func TestCards(t *testing.T) {
	d := bundled(t)
	games, err := report.SelectGames(d, "seeker-chronicles")
	if err != nil || len(games) != 1 {
		t.Fatal(games, err)
	}
	cond, err := cardsdb.ParseCond("cost<=1")
	if err != nil {
		t.Fatal(err)
	}
	cards, err := report.Cards(games, cardsdb.Query{Text: "comet", Where: []cardsdb.Cond{cond}})
	if err != nil || len(cards) != 1 || cards[0].Name != "Comet" || cards[0].Game != "seeker-chronicles" || cards[0].File == "" || cards[0].Line == 0 {
		t.Fatalf("comet with cost<=1: %+v, %v", cards, err)
	}
	if none, err := report.Cards(games, cardsdb.Query{Text: "no such card anywhere"}); err != nil || none == nil || len(none) != 0 {
		t.Errorf("a search that finds nothing: %#v, %v (want an empty list, not nil: JSON [])", none, err)
	}
	bad, err := cardsdb.ParseCond("bogus<=1")
	if err == nil {
		if _, err := report.Cards(games, cardsdb.Query{Where: []cardsdb.Cond{bad}}); err == nil {
			t.Error("a condition on a field no game has: no error")
		}
	}
	if _, err := report.SelectGames(d, "nope"); err == nil {
		t.Error("SelectGames(nope): no error")
	}
}

// CardOf carries every value a card prints, and marks provisional ones.
func TestCardOf(t *testing.T) {
	g := &cardsdb.Game{ID: "g"}
	c := &cardsdb.Card{Name: "Ash Queen", Subtitle: "Warden", Alias: "Ash", Type: "hero", Unique: true, Icons: []cardsdb.Icon{{Faction: "red", Count: 2}},
		Traits: []string{"Noble"}, Set: "core", Number: "007", Illustrator: "Ada", AllProvisional: true,
		Fields: map[string]cardsdb.Value{"cost": {Kind: cardsdb.KindCost, X: true}, "health": {Kind: cardsdb.KindInt, Int: 20}}}
	j := report.CardOf(g, c)
	if j.Subtitle != "Warden" || j.Alias != "Ash" || !j.Unique || len(j.Icons) != 1 || j.Icons[0] != (report.Icon{Faction: "red", Count: 2}) ||
		len(j.Traits) != 1 || j.Set != "core" || j.Number != "007" || j.Illustrator != "Ada" || len(j.Provisional) != 1 || j.Provisional[0] != "*" {
		t.Errorf("CardOf = %+v", j)
	}
	if j.Fields["cost"] != "X" || j.Fields["health"] != 20 {
		t.Errorf("fields = %v", j.Fields)
	}
	plain := report.CardOf(g, &cardsdb.Card{Name: "Spark", Type: "spell"})
	data, _ := json.Marshal(plain)
	for _, k := range []string{"subtitle", "alias", "unique", "icons", "traits", "set", "number", "illustrator", "landscape"} {
		if strings.Contains(string(data), `"`+k+`"`) {
			t.Errorf("a card without %s has it in JSON: %s", k, data)
		}
	}
	// A card's own landscape key is in the JSON, false as well as true:
	// false differs from saying nothing.
	for _, own := range []bool{true, false} {
		data, _ := json.Marshal(report.CardOf(g, &cardsdb.Card{Name: "Vista", Type: "spell", Landscape: &own}))
		if want := fmt.Sprintf(`"landscape":%v`, own); !strings.Contains(string(data), want) {
			t.Errorf("landscape %v: JSON %s has no %s", own, data, want)
		}
	}
}

func TestValidate(t *testing.T) {
	d := bundled(t)
	list, err := cardsdb.ParseDeckData("<stdin>", []byte("game: seeker-chronicles\n3 Rouge Star\n"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := report.Validate(d, "<stdin>", list, report.ValidateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, f := range v.Problems {
		if f.Rule == "unknown-card" && f.Pos.Line == 2 && strings.Contains(f.Message, `did you mean "Rogue Star"`) {
			found = true
		}
	}
	if v.Legal || !found || v.Game != "seeker-chronicles" || v.Deck != "<stdin>" {
		t.Errorf("typo deck: %+v", v)
	}
	// A format the game does not have is an error naming the game's
	// formats (or saying it has none).
	if _, err := report.Validate(d, "x", list, report.ValidateOptions{Format: "nope"}); err == nil || !strings.Contains(err.Error(), "--format") {
		t.Errorf("unknown format: %v", err)
	}
	// An unreadable deck is findings of rule "input", with positions.
	_, perr := cardsdb.ParseDeckData("<stdin>", []byte("sections:\n  - [\n"))
	u := report.Unreadable("-", perr)
	if u.Legal || len(u.Problems) == 0 || u.Problems[0].Rule != "input" || u.Problems[0].Pos.File != "<stdin>" {
		t.Errorf("unreadable: %+v", u)
	}
	if got := report.InputFindings(errors.New("x.txt: gone"), "x.txt"); len(got) != 1 || got[0].Message != "gone" || got[0].Pos.File != "x.txt" {
		t.Errorf("InputFindings = %+v", got)
	}
	if report.EffectFindings(nil) != nil {
		t.Error("EffectFindings(nil) is not nil")
	}
	if got := report.EffectFindings(errors.New("Lens: unknown effect")); len(got) != 1 || got[0].Rule != "effects" || !strings.Contains(got[0].Message, "goldfish cannot play") {
		t.Errorf("EffectFindings = %+v", got)
	}
	// A disagreement is known by its kind, not by its words.
	effects := cardsdb.ErrorList{
		{Msg: `card "A": its effects ["draw 1"] disagree with its text`, Err: cardsdb.ErrEffectsDisagree},
		{Msg: `card "B": effect "disagree with its text": unknown effect`},
	}
	got := report.EffectFindings(effects)
	if len(got) != 2 || !strings.HasSuffix(got[0].Message, "goldfish plays its effects list") || !strings.HasSuffix(got[1].Message, "goldfish cannot play the deck until it is fixed") {
		t.Errorf("EffectFindings of a disagreement and an unknown effect = %+v", got)
	}
}

func TestDeckStats(t *testing.T) {
	d := bundled(t)
	list, err := cardsdb.ParseDeckData("mine.txt", []byte("game: seeker-chronicles\n3 Comet\n2 Nosuchcard\n"))
	if err != nil {
		t.Fatal(err)
	}
	g, _ := d.GameOf(list)
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		t.Fatal(err)
	}
	st, err := report.DeckStats("mine.txt", deck, deckstats.Options{Turns: 3, AtLeast: 1, Draws: -1})
	if err != nil || st.Deck != "mine.txt" || st.Cards != 3 || st.Unknown != 2 {
		t.Fatalf("stats: %+v, %v", st, err)
	}
	if _, err := report.DeckStats("mine.txt", deck, deckstats.Options{Turns: 3, AtLeast: 1, Draws: -1, Cards: []string{"Laika"}}); !errors.Is(err, deckstats.ErrNoCard) {
		t.Errorf("a card the deck does not have: %v", err)
	}
}

// The goldfish and compare reports keep their keys in the order --json
// prints them; two identical lists differ by exactly 0.
func TestPlaytestReports(t *testing.T) {
	d := bundled(t)
	deck, err := d.ResolveBundled("seeker-chronicles/cosmos")
	if err != nil {
		t.Fatal(err)
	}
	e := games.Lookup("seeker-chronicles")
	play, err := e.Compile(deck, engine.Setup{})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := engine.Run(play.Spec, engine.Config{Games: 50, Seed: 1, Workers: 1}, play.NewGame)
	if err != nil {
		t.Fatal(err)
	}
	g := &report.Goldfish{Deck: "seeker-chronicles/cosmos", Name: deck.Name(), Game: "seeker-chronicles", Seed: 1, Unit: e.Unit, Policy: play.Policy, Play: play, Summary: sum}
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	last := -1
	for _, k := range []string{`"deck"`, `"name"`, `"game"`, `"games":50`, `"seed":1`, `"policy"`, `"turn_unit"`, `"won"`, `"win_rate"`, `"turns"`, `"histogram"`, `"cards"`, `"not_simulated"`, `"provisional"`} {
		i := strings.Index(string(data), k)
		if i <= last {
			t.Errorf("goldfish JSON: %s missing or out of order in %.400s", k, data)
		}
		last = i
	}
	res, err := engine.RunPaired(engine.Side{Spec: play.Spec, NewGame: play.NewGame}, engine.Side{Spec: play.Spec, NewGame: play.NewGame}, play.Figures, engine.Config{Games: 200, Seed: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	c := report.NewCompare(report.Named{Deck: "a", Name: "A"}, report.Named{Deck: "b", Name: "B"}, "seeker-chronicles", play, play, res, 1, 0)
	for i := range res.Figures {
		f := &res.Figures[i]
		if f.Diff != 0 || !strings.Contains(report.Verdict(f), "no difference") {
			t.Errorf("%s: diff %v, verdict %q", f.Key, f.Diff, report.Verdict(f))
		}
	}
	data, err = json.Marshal(c)
	if err != nil || !strings.HasPrefix(string(data), `{"a":{"deck":"a","name":"A"},"b":{"deck":"b","name":"B"},"game":"seeker-chronicles","games":200,"seed":1`) {
		t.Errorf("compare JSON: %v %.300s", err, data)
	}
	if n := len(c.Provisional); n != len(report.UniqueProvisional(play.Provisional)) {
		t.Errorf("the same list twice gives %d provisional cards, want each once", n)
	}
}
