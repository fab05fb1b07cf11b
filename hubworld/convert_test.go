package hubworld_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/hubworld"
	"github.com/deckwright/deckwright/internal/goldenfile"
)

// golden is the fixture converted with the id hubreal: the validate
// package checks decks of every format against it.
const golden = "../validate/testdata/games/hubreal"

func convertFixture(t *testing.T) *hubworld.Result {
	t.Helper()
	res, err := hubworld.Convert(os.DirFS("testdata/Hubworld-Data"), hubworld.Options{ID: "hubreal"})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestConvertGolden compares the converted fixture with the golden folder
// (DECKWRIGHT_UPDATE=1 go test ./hubworld rewrites it).
func TestConvertGolden(t *testing.T) {
	res := convertFixture(t)
	if res.Cards != 28 || len(res.Skipped) != 0 {
		t.Errorf("converted %d cards, skipped %q; want 28 and none", res.Cards, res.Skipped)
	}
	// img/01001.png and img/90001.png are images; img/01027.png is text.
	if res.Art != 2 || len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "img/01027.png: not a PNG, JPEG or WebP image") {
		t.Errorf("art for %d cards, notes %q; want 2 and one about img/01027.png", res.Art, res.Notes)
	}
	var got []string
	for _, f := range res.Files {
		got = append(got, f.Path)
		p := filepath.Join(golden, filepath.FromSlash(f.Path))
		if goldenfile.Update() {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if string(want) != string(f.Data) {
			t.Errorf("%s differs from the golden file (DECKWRIGHT_UPDATE=1 go test ./hubworld)\n got:\n%s", f.Path, f.Data)
		}
	}
	var have []string
	filepath.WalkDir(golden, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(golden, p)
			have = append(have, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(got)
	if strings.Join(got, " ") != strings.Join(have, " ") {
		t.Errorf("files %v, golden folder holds %v", got, have)
	}
}

// TestConvertedGameLoads loads the converted folder and checks what the
// brief asks of real cards: counted icons, a unique agent, an alias that
// finds its card and one that two cards share.
func TestConvertedGameLoads(t *testing.T) {
	res, err := hubworld.Convert(os.DirFS("testdata/Hubworld-Data/edn"), hubworld.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mem := fstest.MapFS{}
	for _, f := range res.Files {
		mem["hw/"+f.Path] = &fstest.MapFile{Data: f.Data}
	}
	db := cardsdb.Empty()
	if err := db.AddFS(mem, "hw", "out/"); err != nil {
		t.Fatal(err)
	}
	g, ok := db.Game("hubworld")
	if !ok {
		t.Fatal("no game hubworld")
	}
	if len(g.Cards) != 28 || len(g.Factions.Values) != 2 || len(g.Formats) != 3 {
		t.Fatalf("%d cards, %d affiliations, %d formats; want 28, 2, 3", len(g.Cards), len(g.Factions.Values), len(g.Formats))
	}
	emp := g.Card("Emperor Drejj")
	if ic := emp.IconCounts(); len(ic) != 1 || ic[0] != (cardsdb.Icon{Faction: "omniworks", Count: 4}) {
		t.Errorf("Emperor Drejj icons = %v, want omniworks 4", ic)
	}
	if c := g.Card("Guildmaster Yanos"); c == nil || !c.Unique || c.Type != "agent" || c.Subtitle != "Affable Gaffer" {
		t.Errorf("Guildmaster Yanos by alias = %+v", c)
	}
	if c := g.Card("Goldie Xin"); c != nil {
		t.Errorf("Goldie Xin found %q; two seekers share the alias", c.Name)
	}
	c := g.Card("Goldie Xin: Tinkering Technician")
	if c.Set != "pre-release" || c.Number != "01001" || c.Illustrator != "Evan Simonet" || len(c.Traits) != 1 || c.Traits[0] != "Paragon" {
		t.Errorf("Goldie Xin = %+v", c)
	}
	if c := g.Card("Goldie Xin: Junk Collector"); c.Number != "" || c.Copies != 1 {
		t.Errorf("a card outside every set: number %q, copies %d", c.Number, c.Copies)
	}
	// No illustrator is invented for a card the data credits no one for
	// (issue 25 item 15): it has none, never "(unknown)".
	if c := g.Card("Goldie Xin: Junk Collector"); c.Illustrator != "" {
		t.Errorf("a card outside every set has illustrator %q, want none", c.Illustrator)
	}
	for _, c := range g.Cards {
		if strings.Contains(strings.ToLower(c.Illustrator), "unknown") {
			t.Errorf("%s: illustrator %q", c.Name, c.Illustrator)
		}
	}
	if f := g.Format("Free Agent"); f == nil || len(f.Override) != 1 {
		t.Errorf("Free Agent = %+v", f)
	}
	if f := g.Format("pre-release"); f == nil || len(f.Banned) != 1 || f.Banned[0].Name != "Forced Liquidation" || len(f.Restricted) != 2 {
		t.Errorf("pre-release = %+v", f)
	}
	// The data's formats take the cards of their :sets; Casual (ours) all.
	for _, tc := range []struct {
		format, card string
		legal        bool
	}{
		{"pre-release", "Goldie Xin: Tinkering Technician", true},
		{"pre-release", "Harbor Courier", false},            // set promo
		{"free-agent", "Goldie Xin: Junk Collector", false}, // in no set
		{"casual", "Harbor Courier", true},
	} {
		f, c := g.Format(tc.format), g.Card(tc.card)
		if got := f.AllowsSet(c.Set); got != tc.legal {
			t.Errorf("%s allows %q (set %q) = %v, want %v", tc.format, tc.card, c.Set, got, tc.legal)
		}
	}
	// Given the edn folder, the img folder beside it is out of reach: no art.
	if res.Art != 0 || c.Image != "" {
		t.Errorf("art from the edn folder: %d, image %q", res.Art, c.Image)
	}
}

// TestConvertArt converts the repository's root: a card whose collector
// number names an image in img/ gets that image, copied into the game
// folder, which loads with it.
func TestConvertArt(t *testing.T) {
	res := convertFixture(t)
	mem := fstest.MapFS{}
	for _, f := range res.Files {
		mem["hw/"+f.Path] = &fstest.MapFile{Data: f.Data}
	}
	want, err := os.ReadFile("testdata/Hubworld-Data/img/90001.png")
	if err != nil {
		t.Fatal(err)
	}
	if got := mem["hw/img/90001.png"]; got == nil || string(got.Data) != string(want) {
		t.Fatalf("img/90001.png not copied: files %v", res.Files)
	}
	db := cardsdb.Empty()
	if err := db.AddFS(mem, "hw", "out/"); err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("hubreal")
	for name, img := range map[string]string{
		"Goldie Xin: Tinkering Technician": "img/01001.png",
		"Harbor Courier":                   "img/90001.png",
		"Knot Today":                       "", // its img/01027.png is not an image
		"Dodge":                            "",
	} {
		c := g.Card(name)
		if c == nil || c.Image != img {
			t.Errorf("%s: %+v, want image %q", name, c, img)
			continue
		}
		if img != "" {
			if _, err := fs.Stat(g.FS, c.Image); err != nil {
				t.Errorf("%s: image %s does not open in the game: %v", name, c.Image, err)
			}
		}
	}
}

func TestText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`<strong>[Click] If:</strong> Gain 3 [Credit].`, `**[action] If:** Gain 3 [shard].`},
		{"a.<br/> <hr class=\"x\"/>\n<em>b</em> &amp; [Heat] [Unknown]", "a.\n*b* & [heat] [Unknown]"},
		{"<script>x</script>", "x"},
	} {
		if got := hubworld.Text(tc.in); got != tc.want {
			t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestConvertErrors(t *testing.T) {
	base := func() fstest.MapFS {
		return fstest.MapFS{
			"edn/factions.edn":    {Data: []byte(`[{:id :omniworks :name "Omniworks"}]`)},
			"edn/cards/a.edn":     {Data: []byte(`{:id "a" :title "A" :type :moment :faction :omniworks}`)},
			"edn/formats.edn":     {Data: []byte(`[]`)},
			"edn/set-cards/.keep": {Data: nil},
		}
	}
	for _, tc := range []struct {
		name string
		edit func(fstest.MapFS)
		want string
	}{
		{"no cards folder", func(m fstest.MapFS) { delete(m, "edn/cards/a.edn") }, "no edn/cards folder"},
		{"bad edn", func(m fstest.MapFS) { m["edn/cards/a.edn"] = &fstest.MapFile{Data: []byte("{:id \"a\"\n :title}")} }, "cards/a.edn:1:1: map has 3 forms"},
		{"not a map", func(m fstest.MapFS) { m["edn/cards/a.edn"] = &fstest.MapFile{Data: []byte(`[1]`)} }, "cards/a.edn: want a card map, found a collection"},
		{"no factions", func(m fstest.MapFS) { delete(m, "edn/factions.edn") }, "factions.edn"},
		{"duplicate id", func(m fstest.MapFS) { m["edn/cards/b.edn"] = m["edn/cards/a.edn"] }, `cards/b.edn: card id "a" is also in cards/a.edn`},
		{"fifo", func(m fstest.MapFS) { m["edn/cards/b.edn"] = &fstest.MapFile{Mode: fs.ModeNamedPipe} }, "cards/b.edn: not a regular file (a named pipe)"},
		{"too big", func(m fstest.MapFS) {
			m["edn/cards/b.edn"] = &fstest.MapFile{Data: []byte(`{:id "b"` + strings.Repeat(" ", hubworld.MaxFileSize) + "}")}
		}, "cards/b.edn: more than 4 MiB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := base()
			tc.edit(m)
			_, err := hubworld.Convert(m, hubworld.Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want %q", err, tc.want)
			}
		})
	}
	m := base()
	m["edn/cards/b.edn"] = &fstest.MapFile{Data: []byte(`{:id "b" :title "B" :type :ice :faction :omniworks}`)}
	res, err := hubworld.Convert(m, hubworld.Options{})
	if err != nil || res.Cards != 1 || len(res.Skipped) != 1 || !strings.Contains(res.Skipped[0], `"B" has type "ice"`) {
		t.Errorf("a card of an unknown type: %v, %+v", err, res)
	}
}
