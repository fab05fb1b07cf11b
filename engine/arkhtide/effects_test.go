package arkhtide

import (
	"strconv"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

func TestParseEffects(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // the Text after parsing, described; or "error: ..." a part of the error
	}{
		{"draw 1", "invoke: draw 1 card"},
		{"draw 1; refresh 1", "invoke: draw 1 card; refresh 1 Arkhé"},
		{"seek 4 for 2; discard 1", "invoke: seek 4 for 2 cards; discard 1 card"},
		{"fast, lose 1 willpower: ready ally", "fast (W1 D0 me=false ally=false): ready an allied Unit"},
		{"slow, discard 1: manifest Scrap Drone", "slow (W0 D1 me=false ally=false): manifest Scrap Drone"},
		{"fast, exhaust ally: refresh 1", "fast (W0 D0 me=false ally=true): refresh 1 Arkhé"},
		{"harvest: lose 1 willpower if seeker here", "harvest: lose 1 Willpower (if your Seeker is here)"},
		{"lose 1 willpower; refresh 1 per ally up to 3", "invoke: lose 1 Willpower; refresh 1 Arkhé for each allied Unit on the Realm, up to 3"},
		{"slow, lose 1 willpower: attack melee 4 lethal", "slow (W1 D0 me=false ally=false): Melee Attack 4 with Lethal"},
		{"combat invoke: attack ranged 2", "combat invoke: Ranged Attack 2"},
		{"slow: enemy loses 1 willpower; regain 1 willpower", "slow (W0 D0 me=false ally=false): the enemy Seeker on a Nearby Realm loses 1 Willpower; regain 1 Willpower"},
		{"assist: soul +1 round", "assist: +1 Soul until the end of the Round"},
		{"units soul -1", "units soul -1"},
		{"oath units soul +1", "oath soul +1"},
		{"soul +1 per binding", "soul per binding +1"},
		{"cost -1 per one of many", "cost per one of many -1"},
		{"first extract +1", "first extract +1"},
		{"cask +1", "cask +1"},
		{"grant Oath", "grant Oath"},
		{"units have Sorrow", "units have Sorrow"},
		{"inert", "inert"},
		{"not simulated: Reverse", "not simulated: Reverse"},
		{"", "error: empty effect"},
		{"drwa 1", "error: did you mean \"draw\""},
		{"draw 0", "error: from 1 to 20"},
		{"draw X", "error: from 1 to 20"},
		{"seek 2 for 3", "error: draws more cards than it looks at"},
		{"whenever: draw 1", "error: unknown trigger"},
		{"fast, pay 2: draw 1", "error: unknown cost"},
		{"assist, lose 1 willpower: draw 1", "error: only fast, slow and omni abilities have costs"},
		{"grant Flying", "error: unknown keyword"},
		{"units soul 1", "error: signed amount"},
		{"attack sideways 2", "error: attack melee N"},
		{"not simulated:", "error: say what is not simulated"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			var x Text
			err := x.Parse(tc.in)
			if want, ok := strings.CutPrefix(tc.want, "error: "); ok {
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Fatalf("error %v, want one containing %q", err, want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := textString(&x); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// textString describes a Text for the table above.
func textString(x *Text) string {
	var parts []string
	for _, a := range x.Abilities {
		var acts []string
		for i := range a.Actions {
			acts = append(acts, a.Actions[i].Describe())
		}
		head := a.Trigger.String()
		if a.Trigger.Activated() {
			head += " (" + "W" + strconv.Itoa(a.Willpower) + " D" + strconv.Itoa(a.Discard) + " me=" + boolWord(a.ExhaustMe) + " ally=" + boolWord(a.ExhaustAlly) + ")"
		}
		parts = append(parts, head+": "+strings.Join(acts, "; "))
	}
	add := func(cond bool, s string) {
		if cond {
			parts = append(parts, s)
		}
	}
	add(x.UnitsSoul != 0, "units soul "+signed(x.UnitsSoul))
	add(x.OathSoul != 0, "oath soul "+signed(x.OathSoul))
	add(x.SoulPerBinding != 0, "soul per binding "+signed(x.SoulPerBinding))
	add(x.CostPerOneOfMany != 0, "cost per one of many "+signed(-x.CostPerOneOfMany))
	add(x.FirstExtract != 0, "first extract "+signed(x.FirstExtract))
	add(x.Cask != 0, "cask "+signed(x.Cask))
	add(x.Grant != 0, "grant "+x.Grant.String())
	add(x.UnitsHave != 0, "units have "+x.UnitsHave.String())
	add(x.Inert, "inert")
	add(x.NotSimulated != "", "not simulated: "+x.NotSimulated)
	return strings.Join(parts, " | ")
}

func boolWord(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func TestHalve(t *testing.T) {
	for n, want := range map[int]int{0: 0, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 9: 5} {
		if got := Halve(n); got != want {
			t.Errorf("Halve(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestEveryCardCompiles compiles every bundled Arkhtide card: their
// effects parse, and only the cards whose data says "not simulated" (or
// that have text and no effects) are not simulated.
func TestEveryCardCompiles(t *testing.T) {
	db := loadDB(t)
	g, _ := db.Game("arkhtide")
	var ns []string
	for _, c := range g.Cards {
		cc, errs := compileCard(c)
		if len(errs) > 0 {
			t.Errorf("%v", errs)
		}
		if cc.NotSimulated != "" {
			ns = append(ns, c.Name+": "+cc.NotSimulated)
		}
	}
	for _, n := range ns {
		if !strings.Contains(n, ": ") || strings.Contains(n, "rules text without effects") {
			t.Errorf("%s (a bundled card without effects)", n)
		}
	}
	t.Logf("not simulated:\n%s", strings.Join(ns, "\n"))
}

func TestCompileDeck(t *testing.T) {
	d := bundled(t, "three-factions")
	if len(d.MainDeck) != 36 || len(d.Realms) != 7 || d.Neutral == NoCard || d.Reported != d.Main+8 {
		t.Fatalf("main %d realms %d neutral %d main ids %d reported %d", len(d.MainDeck), len(d.Realms), d.Neutral, d.Main, d.Reported)
	}
	if d.Cards[d.Seeker].Name != "Hierophant Ysolde Marrowtide" || d.Cards[d.Seeker].Willpower != 13 {
		t.Errorf("Seeker %+v", d.Cards[d.Seeker])
	}
	innate := map[string]bool{}
	for i := 0; i < d.Main; i++ {
		innate[d.Cards[i].Name] = d.Cards[i].Innate
	}
	for name, want := range map[string]bool{"Brine Chorister": true, "Gutter Crew": false, "Kiln-Sworn Guard": false, "Drowning Veil": true} {
		if innate[name] != want {
			t.Errorf("%s Innate %v, want %v", name, innate[name], want)
		}
	}
	if len(d.Provisional) == 0 || d.Provisional[0].Fields[0] != "*" {
		t.Errorf("provisional %v: every sample card should be", d.Provisional)
	}
	found := false
	for _, n := range d.NotSimulated {
		if n.Card == "Trial by Cinders" {
			found = true
		}
	}
	if !found {
		t.Errorf("not simulated %v: want Trial by Cinders", d.NotSimulated)
	}
}

func FuzzParseEffects(f *testing.F) {
	for _, s := range []string{
		"draw 1", "fast, lose 1 willpower: ready ally", "slow, discard 1: manifest Scrap Drone",
		"harvest: lose 1 willpower if seeker here", "units soul -1", "grant Oath", "not simulated: Reverse",
		"drwa 1", "seek 2 for 3", "refresh 1 per ally up to 3", ": :", "fast,,: draw 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var tx Text
		if err := tx.Parse(s); err != nil {
			if err.Error() == "" {
				t.Fatalf("%q: an empty error", s)
			}
			return
		}
		for _, a := range tx.Abilities {
			if a.Trigger == 0 || len(a.Actions) == 0 {
				t.Fatalf("%q: ability %+v without a trigger or an action", s, a)
			}
			if a.Willpower < 0 || a.Discard < 0 {
				t.Fatalf("%q: negative cost %+v", s, a)
			}
			for _, act := range a.Actions {
				if act.N < 0 || act.N > MaxAmount || act.M < 0 || act.M > MaxAmount {
					t.Fatalf("%q: action %+v outside 0 to %d", s, act, MaxAmount)
				}
				if act.Describe() == "" {
					t.Fatalf("%q: action %+v has no description", s, act)
				}
			}
		}
	})
}

func TestCheckEffects(t *testing.T) {
	db, err := cardsdb.LoadBundled() // a DB of its own: the test edits a card
	if err != nil {
		t.Fatal(err)
	}
	list, err := db.BundledDeck("arkhtide/three-factions")
	if err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game(list.Game)
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckEffects(deck); err != nil {
		t.Fatalf("the bundled deck's effects: %v", err)
	}
	c := deck.Cards[len(deck.Cards)/2].Card
	v := c.Fields["effects"]
	v.List = []string{"drwa 1"}
	v.Pos = cardsdb.Pos{File: "x.yaml", Line: 7, Col: 14}
	c.Fields["effects"] = v
	err = CheckEffects(deck)
	if err == nil || !strings.HasPrefix(err.Error(), "x.yaml:7:14: "+c.Name+": ") || !strings.Contains(err.Error(), `did you mean "draw"`) {
		t.Errorf("a typo in %s's effects: %v", c.Name, err)
	}
}
