package cardsdb_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardsdb"
)

// loadSetupGame loads the folder testdata/setup (game.yaml and its cards)
// the way bundled games load, so that variants are linked to their cards.
func loadSetupGame(t *testing.T) *cardsdb.Game {
	t.Helper()
	db := cardsdb.Empty()
	if err := db.AddFS(os.DirFS("testdata"), "setup", "testdata/"); err != nil {
		t.Fatal(err)
	}
	g, ok := db.Game("setup")
	if !ok {
		t.Fatal("no game setup")
	}
	return g
}

// TestSetupGame checks what the loader reads from the packs, manifest and
// variants of a game definition, and that cards name their pack by id or
// name (kept as the id).
func TestSetupGame(t *testing.T) {
	g := loadSetupGame(t)
	var packs []string
	for _, p := range g.Packs {
		packs = append(packs, fmt.Sprintf("%s|%s|%s|%s@%d", p.ID, p.Name, p.Color, p.Group(), p.Pos.Line))
	}
	if got, want := strings.Join(packs, " "), "owls|Owls|brown|brown@8 foxes|Foxes & Sons|orange|orange@9 moles|Moles|tan|brown@10"; got != want {
		t.Errorf("packs\n got: %s\nwant: %s", got, want)
	}
	for _, name := range []string{"owls", "OWLS", "Foxes & Sons", "foxes-sons", "FOXES"} {
		if g.Pack(name) == nil {
			t.Errorf("Pack(%q) found nothing", name)
		}
	}
	if g.Pack("owl") != nil || g.Pack("") != nil {
		t.Error("Pack found a pack for a name no pack has")
	}
	if s := g.SuggestPack("Foxes & Son"); len(s) != 1 || s[0] != "Foxes & Sons" {
		t.Errorf("SuggestPack = %q", s)
	}
	if c := g.Card("Fox"); c.Pack != "foxes" {
		t.Errorf("Fox's pack written by name is %q, want the id foxes", c.Pack)
	}
	var pc []string
	for _, c := range g.PackCards("foxes") {
		pc = append(pc, c.Name)
	}
	if strings.Join(pc, ",") != "Fox,Fox Cub" {
		t.Errorf("PackCards(foxes) = %q", pc)
	}

	if len(g.Manifest) != 2 || g.Manifest[0].Name != "Vote cards" || g.Manifest[0].Count != 9 || !g.Manifest[0].Takes("vote") || g.Manifest[0].Takes("rule") {
		t.Fatalf("manifest %+v", g.Manifest)
	}
	v := g.Variant("short")
	if v == nil || v.Name != "Short game" || len(v.Remove) != 2 || g.Variant("long") != nil {
		t.Fatalf("variants %+v", g.Variants)
	}
	if v.Remove[0].Card != g.Card("Owl") || v.Remove[1].Card != g.Card("Long Night") {
		t.Errorf("removals not linked to their cards: %+v", v.Remove)
	}
	if v.Removed(g.Card("Owl")) != 1 || v.Removed(g.Card("Mole")) != 0 || (*cardsdb.Variant)(nil).Removed(g.Card("Owl")) != 0 {
		t.Error("Removed counts wrong")
	}
	// Owls 3 + Fox 2 + Fox Cub 1 + Moles 3 = 9 votes; the short game removes an Owl.
	m := g.Manifest[0]
	if m.Known(g, nil) != 9 || m.Known(g, v) != 8 || m.Want(g, v) != 8 || g.Manifest[1].Want(g, v) != 2 {
		t.Errorf("manifest Known %d/%d Want %d/%d", m.Known(g, nil), m.Known(g, v), m.Want(g, v), g.Manifest[1].Want(g, v))
	}
	if s := g.Section("votes"); !s.FromPacks || s.All {
		t.Errorf("section votes %+v", s)
	}
	if s := g.Section("rules"); !s.All || s.FromPacks {
		t.Errorf("section rules %+v", s)
	}
}

// TestResolveSetup checks how Resolve fills a setup: the chosen packs'
// cards (each pack once, pointing at its entry), every card of an all
// section (pointing at the game line), less the variant's removals; cards
// the list names itself stay as listed; unknown packs are kept with
// suggestions.
func TestResolveSetup(t *testing.T) {
	g := loadSetupGame(t)
	tests := []struct {
		name  string
		file  string
		in    string
		cards []string
		packs []string // "WRITTEN=ID@LINE:COL" or "WRITTEN?suggestions"
	}{
		{
			name: "packs and all",
			file: "s.yaml",
			in:   "game: setup\nplayers: 2\npacks:\n  - owls\n  - Foxes & Sons\n",
			cards: []string{
				"votes|Owl|3@4+auto", "votes|Fox|2@5+auto", "votes|Fox Cub|1@5+auto",
				"rules|Long Night|1@1+auto", "rules|Early Dawn|2@1+auto",
			},
			packs: []string{"owls=owls@4:5", "Foxes & Sons=foxes@5:5"},
		},
		{
			name: "a variant removes copies",
			file: "s.yaml",
			in:   "game: setup\nvariant: short\nplayers: 1\npacks: [Owls]\n",
			cards: []string{
				"votes|Owl|2@4+auto", "rules|Early Dawn|2@1+auto",
			},
			packs: []string{"Owls=owls@4:9"},
		},
		{
			name:  "a pack twice adds its cards once; unknown packs add nothing",
			file:  "s.txt",
			in:    "game: setup\nplayers: 3\npacks: Moles, moles, Owl\n",
			cards: []string{"votes|Mole|3@3+auto", "rules|Long Night|1@1+auto", "rules|Early Dawn|2@1+auto"},
			packs: []string{"Moles=moles@3:8", "moles=moles@3:15", "Owl?Owls"},
		},
		{
			name:  "cards the list names stay as listed",
			file:  "s.yaml",
			in:    "game: setup\nplayers: 1\npacks: [moles]\nsections:\n  votes: [1 Mole]\n  rules: [Early Dawn]\n",
			cards: []string{"votes|Mole|1@5", "rules|Early Dawn|1@6", "rules|Long Night|1@1+auto"},
			packs: []string{"moles=moles@3:9"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := cardsdb.ParseDeck(tc.file, []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			d, err := cardsdb.Resolve(g, l)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, dc := range d.Cards {
				s := deckCardString(dc)
				if dc.Auto {
					s += "+auto"
				}
				got = append(got, s)
			}
			if strings.Join(got, "\n") != strings.Join(tc.cards, "\n") {
				t.Errorf("cards\n got: %q\nwant: %q", got, tc.cards)
			}
			var packs []string
			for _, p := range d.Packs {
				if p.Pack == nil {
					packs = append(packs, p.Written+"?"+strings.Join(p.Suggestions, ","))
					continue
				}
				packs = append(packs, fmt.Sprintf("%s=%s@%d:%d", p.Written, p.Pack.ID, p.Pos.Line, p.Pos.Col))
			}
			if strings.Join(packs, " ") != strings.Join(tc.packs, " ") {
				t.Errorf("packs\n got: %q\nwant: %q", packs, tc.packs)
			}
		})
	}
}

// TestResolveSetupErrors: a variant the game does not have and packs for a
// game without packs make the list unreadable as a deck of the game.
func TestResolveSetupErrors(t *testing.T) {
	setup := loadSetupGame(t)
	seed := seedGame(t, true)
	tests := []struct {
		g    *cardsdb.Game
		in   string
		want string
	}{
		{setup, "game: setup\nvariant: shrot\npacks: [owls]\n", `d.yaml:2:10: unknown variant "shrot"; Setup Game has variants short; did you mean "short"?`},
		{seed, "game: seed\nvariant: expert\nsections: {hero: [Red Hero]}\n", `d.yaml:2:10: unknown variant "expert"; Seed Game has no variants (remove variant:)`},
		{seed, "game: seed\nplayers: 2\npacks: [Owls, Moles]\n", `d.yaml:3:9: Seed Game has no packs; remove packs: (a setup of packs is for games such as Kaizerseat)`},
	}
	for _, tc := range tests {
		l, err := cardsdb.ParseDeckYAML("d.yaml", []byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		_, err = cardsdb.Resolve(tc.g, l)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Resolve(%q)\n got: %v\nwant: %s", tc.in, err, tc.want)
		}
	}
}

// TestParseSetup reads the setup keys of both deck formats, with
// positions.
func TestParseSetup(t *testing.T) {
	y, err := cardsdb.ParseDeckYAML("s.yaml", []byte("game: kaizerseat\nplayers: 4\nvariant: expert\npacks: [Solongnecks, Sonar & Sons]\n"))
	if err != nil {
		t.Fatal(err)
	}
	x, err := cardsdb.ParseDecklist("s.txt", []byte("game: kaizerseat\n  players: 4  # four\nvariant: expert\npacks: Solongnecks ,  Sonar & Sons,\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		l    *cardsdb.DeckList
		want string
	}{
		{y, "4@2:10 expert@3:10 Solongnecks@4:9 Sonar & Sons@4:22"},
		{x, "4@2:3 expert@3:1 Solongnecks@4:8 Sonar & Sons@4:23"},
	} {
		got := fmt.Sprintf("%d@%d:%d %s@%d:%d", tc.l.Players, tc.l.PlayersPos.Line, tc.l.PlayersPos.Col, tc.l.Variant, tc.l.VariantPos.Line, tc.l.VariantPos.Col)
		for _, p := range tc.l.Packs {
			got += fmt.Sprintf(" %s@%d:%d", p.Name, p.Pos.Line, p.Pos.Col)
		}
		if got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.l.File, got, tc.want)
		}
		if !tc.l.IsSetup() || len(tc.l.Entries) != 0 {
			t.Errorf("%s: IsSetup %v, %d entries", tc.l.File, tc.l.IsSetup(), len(tc.l.Entries))
		}
	}
}

// TestVariantChecks: a variant that removes a card the game does not have,
// or more copies than the set holds, stops the game from loading.
func TestVariantChecks(t *testing.T) {
	fsys := fstest.MapFS{
		"setup/game.yaml": {Data: []byte(strings.Replace(string(readFile(t, "testdata/setup/game.yaml")),
			"remove: {Owl: 1, Long Night: 1}", "remove: {Owl: 4, Long Nigth: 1}", 1))},
		"setup/cards/cards.yaml": {Data: readFile(t, "testdata/setup/cards/cards.yaml")},
	}
	err := cardsdb.Empty().AddFS(fsys, ".", "mem/")
	want := `mem/setup/game.yaml:25:14: variant "short" removes 4 copies of "Owl", but the physical set holds 3 (copies: in its card file)
mem/setup/game.yaml:25:22: variant "short" removes "Long Nigth", but Setup Game has no such card; did you mean "Long Night"?`
	if err == nil || err.Error() != want {
		t.Errorf("error\n got: %v\nwant: %s", err, want)
	}
}

// TestBundledSetups resolves the bundled decks of the three games set up
// from packs or printed as sets: the Kaizerseat setup prints its four
// packs of 11 cards (8 vote cards and 3 dark cards, the publisher's pack), every Thronecard and every Seatcard; the Seeders expert set is the
// full set less the expert removals.
func TestBundledSetups(t *testing.T) {
	db := bundled(t)
	resolve := func(ref string) *cardsdb.Deck {
		l, err := db.BundledDeck(ref)
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
	d := resolve("kaizerseat/four-players")
	for _, tc := range []struct {
		section string
		want    int
	}{{"seekers", 44}, {"thronecards", 20}, {"seatcards", 34}} {
		if n := d.Total(tc.section); n != tc.want {
			t.Errorf("kaizerseat/four-players: %s has %d cards, want %d", tc.section, n, tc.want)
		}
	}
	for _, dc := range d.InSection("seekers") {
		if p := dc.Card.Pack; p != "solongnecks" && p != "longsword-fins" && p != "gallopeers" && p != "cracktapus" {
			t.Errorf("kaizerseat/four-players holds %q of pack %s", dc.Card.Name, p)
		}
	}
	full, expert := resolve("seeders/full-set"), resolve("seeders/expert")
	if n, m := full.Total("set"), expert.Total("set"); n != 44 || m != 38 {
		t.Errorf("seeders sets hold %d and %d cards, want 44 and 38 (expert removes 6)", n, m)
	}
	if expert.Variant == nil || expert.Variant.ID != "expert" {
		t.Errorf("seeders/expert variant %+v", expert.Variant)
	}
	h := resolve("hubworld/sample")
	if n, m := h.Total("seeker"), h.Total("deck"); n+m != 37 {
		t.Errorf("hubworld/sample holds %d+%d cards, want 37 in all", n, m)
	}
}
