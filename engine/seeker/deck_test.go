package seeker

import (
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

func TestCompileStarters(t *testing.T) {
	db := loadDB(t)
	for _, tc := range []struct {
		deck      string
		guardians string
		gmodules  string
		bane      string
	}{
		{"cosmos", "Johnson Newton Hawking", "Spaceflight Optical Prism Hawking Radiation", "Time"},
		{"order", "Noether Tesla Maxwell", "Law of Conservation Tesla Coil Speed of Light", "Noise"},
		{"quantum", "Feynman Wu Curie", "Forgotten Lectures Parity Violation Radioactive Decay", "Decoherence"},
	} {
		d := starter(t, db, tc.deck)
		var g, gm []string
		for i := range 3 {
			g = append(g, d.Cards[d.Guardians[i]].Name)
			gm = append(gm, d.Cards[d.GModules[i]].Name)
			if d.Cards[d.GModules[i]].Stage != i+1 {
				t.Errorf("%s: %s has stage %d", tc.deck, gm[i], d.Cards[d.GModules[i]].Stage)
			}
			if b := d.Cards[d.Banes[i]]; b.Name != tc.bane || b.Kind != KindBane {
				t.Errorf("%s: Bane %d is %s", tc.deck, i, b.Name)
			}
		}
		if strings.Join(g, " ") != tc.guardians || strings.Join(gm, " ") != tc.gmodules {
			t.Errorf("%s: Guardians %v, G-modules %v", tc.deck, g, gm)
		}
		if len(d.Stack) != 40 || d.Modules != 20 {
			t.Errorf("%s: stack %d, modules %d", tc.deck, len(d.Stack), d.Modules)
		}
		if len(d.NotSimulated) != 0 {
			t.Errorf("%s: not simulated %v", tc.deck, d.NotSimulated)
		}
		if len(d.Provisional) != 23 || len(d.BaneNotSimulated) != 1 || len(d.BaneProvisional) != 1 {
			t.Errorf("%s: %d provisional, Banes %v %v", tc.deck, len(d.Provisional), d.BaneNotSimulated, d.BaneProvisional)
		}
	}
	d := starter(t, db, "cosmos")
	for i := range d.Cards {
		c := &d.Cards[i]
		switch c.Name {
		case "Spacetime Curvature":
			if !c.Has(Gravity) || c.GravityX != 2 || c.LinkCost != 2 || c.HyperCost != -1 {
				t.Errorf("%+v", *c)
			}
		case "Space Probe":
			if len(c.Effects) != 1 || c.Effects[0] != (Effect{Kind: EffectDraw, N: 1}) {
				t.Errorf("%+v", *c)
			}
		}
	}
}

// TestCompileNotes checks what Compile says about cards it cannot play
// and about malformed effects.
func TestCompileNotes(t *testing.T) {
	db := loadDB(t)
	g, _ := db.Game("seeker-chronicles")
	deckOf := func(extra ...string) *cardsdb.Deck {
		d := &cardsdb.Deck{Game: g, List: &cardsdb.DeckList{Name: "test"}}
		for _, n := range []string{"Johnson", "Newton", "Hawking"} {
			d.Cards = append(d.Cards, cardsdb.DeckCard{Card: g.Card(n), Count: 1})
		}
		for _, n := range extra {
			d.Cards = append(d.Cards, cardsdb.DeckCard{Card: g.Card(n), Count: 1})
		}
		return d
	}
	d, err := Compile(deckOf("Test Riddle", "Test Accelerator", "Comet"))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.NotSimulated) != 1 || d.NotSimulated[0].Card != "Test Riddle" || !strings.HasPrefix(d.NotSimulated[0].Reason, "rules text without effects") {
		t.Errorf("not simulated: %+v", d.NotSimulated)
	}
	for _, c := range d.Cards {
		if c.Name == "Test Accelerator" && (!c.LinkX || !c.HyperX || !c.Effects[0].X) {
			t.Errorf("X: %+v", c)
		}
	}
	// A malformed effect: an error at the effects field.
	bad := *g.Card("Comet")
	bad.Name = "Bad Comet"
	bad.Fields = map[string]cardsdb.Value{"power": {Kind: cardsdb.KindInt, Int: 1}, "effects": {Kind: cardsdb.KindList, List: []string{"draw 1", "drwa 2"}, Pos: cardsdb.Pos{File: "x.yaml", Line: 3, Col: 14}}}
	dd := deckOf()
	dd.Cards = append(dd.Cards, cardsdb.DeckCard{Card: &bad, Count: 1})
	_, err = Compile(dd)
	if err == nil || !strings.HasPrefix(err.Error(), `x.yaml:3:14: Bad Comet: unknown effect "drwa"`) {
		t.Errorf("error %v", err)
	}
	// Not three Guardians.
	dd = deckOf("Comet")
	dd.Cards = dd.Cards[1:]
	if _, err := Compile(dd); err == nil || !strings.Contains(err.Error(), "has 2 Guardians, want 3") {
		t.Errorf("error %v", err)
	}
	// An empty stack.
	if _, err := Compile(deckOf()); err == nil || !strings.Contains(err.Error(), "stack of 0 modules") {
		t.Errorf("error %v", err)
	}
}
