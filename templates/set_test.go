package templates

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardsdb"
)

func TestChain(t *testing.T) {
	tests := []struct {
		game, typ string
		landscape bool
		want      []string
	}{
		{"arkhtide", "unit", false, []string{"arkhtide/unit", "arkhtide/default", "default"}},
		{"arkhtide", "realm", true, []string{"arkhtide/realm", "arkhtide/default-landscape", "arkhtide/default", "default-landscape", "default"}},
		{"arkhtide", "", false, []string{"arkhtide/card-back", "card-back"}},
	}
	for _, tc := range tests {
		if got := Chain(tc.game, tc.typ, tc.landscape); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Chain(%q, %q, %v) = %q, want %q", tc.game, tc.typ, tc.landscape, got, tc.want)
		}
	}
}

func TestLookupBundled(t *testing.T) {
	set := bundledSet(t)
	other := &cardsdb.Game{ID: "my-game", Types: []*cardsdb.CardType{{ID: "hero"}, {ID: "place", Landscape: true}}}
	tests := []struct {
		game *cardsdb.Game
		typ  string
		want string
	}{
		{game(t, "seeker-chronicles"), "guardian", "seeker-chronicles/guardian"},
		{game(t, "seeker-chronicles"), "gmodule", "seeker-chronicles/gmodule"},
		{game(t, "seeker-chronicles"), "module", "seeker-chronicles/module"},
		{game(t, "seeker-chronicles"), "bane", "seeker-chronicles/bane"},
		{game(t, "arkhtide"), "seeker", "arkhtide/seeker"},
		{game(t, "arkhtide"), "realm", "arkhtide/realm"},
		{game(t, "arkhtide"), "token", "arkhtide/token"},
		{game(t, "hubworld"), "agent", "hubworld/default"},
		{game(t, "kaizerseat"), "thronecard", "kaizerseat/default"},
		{game(t, "seeders"), "secondary-crew", "seeders/default"},
		{game(t, "seeders"), "", "card-back"},
		{other, "hero", "default"},
		{other, "place", "default-landscape"},
		{nil, "x", "default"},
	}
	for _, tc := range tests {
		got := set.Lookup(tc.game, nil, tc.typ)
		if got == nil || got.Name != tc.want {
			t.Errorf("Lookup(%v, %q) = %v, want %s", tc.game, tc.typ, got, tc.want)
		}
	}
}

// TestLookupCardLandscape checks that a card's own landscape key picks its
// template and its size: a landscape card of a portrait type skips the
// type's portrait template for the landscape chain, a portrait card of a
// landscape type skips the landscape one, and a card that says its type's
// orientation keeps the type's template.
func TestLookupCardLandscape(t *testing.T) {
	set := bundledSet(t)
	yes, no := true, false
	seeker, ark := game(t, "seeker-chronicles"), game(t, "arkhtide")
	tests := []struct {
		game      *cardsdb.Game
		card      *cardsdb.Card
		want      string
		landscape bool
	}{
		{seeker, &cardsdb.Card{Name: "Wide", Type: "bane", Landscape: &yes}, "default-landscape", true},
		{seeker, &cardsdb.Card{Name: "Tall", Type: "bane", Landscape: &no}, "seeker-chronicles/bane", false},
		{seeker, &cardsdb.Card{Name: "Plain", Type: "bane"}, "seeker-chronicles/bane", false},
		{ark, &cardsdb.Card{Name: "Tall Realm", Type: "realm", Landscape: &no}, "default", false},
		{ark, &cardsdb.Card{Name: "Wide Realm", Type: "realm", Landscape: &yes}, "arkhtide/realm", true},
		{ark, &cardsdb.Card{Name: "Wide Unit", Type: "unit", Landscape: &yes}, "default-landscape", true},
	}
	for _, tc := range tests {
		got := set.Lookup(tc.game, tc.card, tc.card.Type)
		if got == nil || got.Name != tc.want {
			t.Errorf("Lookup(%s, %s) = %v, want %s", tc.game.ID, tc.card.Name, got, tc.want)
		}
		size := FaceSize(tc.game, tc.card)
		if land := size.W > size.H; land != tc.landscape {
			t.Errorf("FaceSize(%s, %s) = %v, want landscape %v", tc.game.ID, tc.card.Name, size, tc.landscape)
		}
		face, _ := set.Render(tc.card, tc.game, cardsdb.Size{}, Front)
		if face.Template != tc.want || face.Size != size {
			t.Errorf("Render(%s): template %s at %v, want %s at %v", tc.card.Name, face.Template, face.Size, tc.want, size)
		}
	}
	// The card's key answers for its own type only: asked for another
	// type's template, the card's key is not used.
	wide := &cardsdb.Card{Name: "Wide", Type: "bane", Landscape: &yes}
	if got := set.Lookup(seeker, wide, "module"); got == nil || got.Name != "seeker-chronicles/module" {
		t.Errorf("Lookup(module) for a bane card = %v, want seeker-chronicles/module", got)
	}
}

func TestBundledTemplates(t *testing.T) {
	set := bundledSet(t)
	want := []string{"default", "default-landscape", "card-back", "hubworld/default", "kaizerseat/default", "seeders/default"}
	for _, typ := range []string{"guardian", "gmodule", "module", "bane"} {
		want = append(want, "seeker-chronicles/"+typ)
	}
	for _, typ := range []string{"seeker", "unit", "feat", "binding", "realm", "token"} {
		want = append(want, "arkhtide/"+typ)
	}
	for _, n := range want {
		if set.Template(n) == nil {
			t.Errorf("no bundled template %s", n)
		}
	}
	if got := set.Template("arkhtide/realm").Size; got != (cardsdb.Size{W: 88, H: 63}) {
		t.Errorf("arkhtide/realm is laid out on %v, want 88x63 (landscape)", got)
	}
	var games []*cardsdb.Game
	games = append(games, bundledDB(t).Games()...)
	if err := set.Check(games); err != nil {
		t.Errorf("bundled templates name unknown games or types:\n%v", err)
	}
}

func TestUserOverride(t *testing.T) {
	user := fstest.MapFS{
		"arkhtide/unit.yaml":   {Data: []byte("size: {width: 63, height: 88}\nboxes:\n  - {name: name, x: 3, y: 3, w: 57, h: 10, content: \"USER {{.Name}}\"}\n")},
		"my-game/default.yml":  {Data: []byte("size: {width: 70, height: 120}\nboxes:\n  - {name: name, x: 3, y: 3, w: 57, h: 10, content: \"{{.Name}}\"}\n")},
		"notes.txt":            {Data: []byte("ignored")},
		".git/config":          {Data: []byte("ignored")},
		"arkhtide/README.md":   {Data: []byte("ignored")},
		".hidden/default.yaml": {Data: []byte("not: [valid")},
	}
	set, err := Load(user, "mine/")
	if err != nil {
		t.Fatal(err)
	}
	ark := game(t, "arkhtide")
	u := set.Lookup(ark, nil, "unit")
	if u == nil || u.File != "mine/arkhtide/unit.yaml" {
		t.Fatalf("arkhtide/unit comes from %v, want the user's file", u)
	}
	if f := set.Lookup(ark, nil, "feat"); f == nil || !strings.HasPrefix(f.File, "bundled:") {
		t.Errorf("arkhtide/feat comes from %v, want the bundled file", f)
	}
	face, warns := set.Render(card(t, ark, "Ashen Acolyte"), ark, cardsdb.Size{}, Front)
	if len(warns) != 0 || len(face.Blocks) == 0 || face.Blocks[0].Lines[0].Text != "USER Ashen Acolyte" {
		t.Errorf("user template not used: %+v %v", face.Blocks, warns)
	}
	if g := set.Lookup(&cardsdb.Game{ID: "my-game"}, nil, "hero"); g == nil || g.Name != "my-game/default" {
		t.Errorf("my-game/default.yml not found: %v", g)
	}
}

// TestBundledShared checks that Bundled loads the bundled templates once
// for every caller (print, export, serve and changes each kept a cache of
// their own), and that LoadBundled still gives a set of one's own to add
// to.
func TestBundledShared(t *testing.T) {
	a, err := Bundled()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Bundled()
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Error("Bundled returned two sets; want the one shared set")
	}
	own, err := LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	if Source(own) == a {
		t.Error("LoadBundled returned the shared set; want a new one")
	}
	ark := game(t, "arkhtide")
	face, _ := a.Render(card(t, ark, "Ashen Acolyte"), ark, cardsdb.Size{}, Front)
	if face.Template != "arkhtide/unit" {
		t.Errorf("the shared set lays Ashen Acolyte out with %q, want arkhtide/unit", face.Template)
	}
}

func TestAddDir(t *testing.T) {
	set, err := LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	if err := set.AddDir("testdata/user"); err != nil {
		t.Fatal(err)
	}
	if got := set.Template("default").File; got != "testdata/user/default.yaml" {
		t.Errorf("default comes from %s, want the user's folder", got)
	}
	if got := set.Template("arkhtide/unit").File; got != "testdata/user/arkhtide/unit.yaml" {
		t.Errorf("arkhtide/unit comes from %s, want the user's folder", got)
	}
	if err := set.AddDir("testdata/no-such-folder"); err == nil {
		t.Error("AddDir of a missing folder: no error")
	}
	if err := set.AddDir("testdata/user/default.yaml"); err == nil || !strings.Contains(err.Error(), "not a folder") {
		t.Errorf("AddDir of a file: %v, want a not-a-folder error", err)
	}
}

func TestAddFSErrors(t *testing.T) {
	good := []byte("size: {width: 63, height: 88}\nboxes:\n  - {name: name, x: 3, y: 3, w: 57, h: 10, content: \"{{.Name}}\"}\n")
	user := fstest.MapFS{
		"unit.yaml":          {Data: good},
		"a/b/c.yaml":         {Data: good},
		"a/b/d/e.yaml":       {Data: good},
		"a/b/notes.txt":      {Data: good},
		"arkhtide/feat.yaml": {Data: good},
		"arkhtide/feat.yml":  {Data: good},
		"arkhtide/unit.yaml": {Data: []byte("size: {width: 63, height: 88}\nboxes:\n  - {name: name, x: 3, y: 3, w: 80, h: 10, content: \"{{.Name}}\"}\n")},
		"arkhtide/seek.yaml": {Data: []byte("")},
		"default.yaml":       {Data: good},
	}
	set, err := LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	err = set.AddFS(user, "mine/")
	var list cardsdb.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("AddFS: %v, want a cardsdb.ErrorList", err)
	}
	want := []string{
		"mine/a/b: folder holds 1 YAML file but is too deep to be used",
		"mine/arkhtide/feat.yml: template arkhtide/feat is given twice (also in mine/arkhtide/feat.yaml)",
		"mine/arkhtide/seek.yaml: file is empty",
		"mine/arkhtide/unit.yaml:3:5: box \"name\" goes outside the 63x88 mm card",
		"mine/unit.yaml: template \"unit.yaml\" at the top of the folder would never be used",
	}
	msg := err.Error()
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("errors lack %q:\n%s", w, msg)
		}
	}
	if len(list) != len(want) {
		t.Errorf("%d errors, want %d:\n%s", len(list), len(want), msg)
	}
	if strings.HasPrefix(set.Template("default").File, "mine/") {
		t.Error("a folder with errors still replaced templates")
	}
}

func TestCheck(t *testing.T) {
	user := fstest.MapFS{
		"arkhtide/unti.yaml":   {Data: []byte("size: {width: 63, height: 88}\nboxes:\n  - {name: name, x: 3, y: 3, w: 57, h: 10, content: \"{{.Name}}\"}\n")},
		"arkhtid/unit.yaml":    {Data: []byte("size: {width: 63, height: 88}\nboxes:\n  - {name: name, x: 3, y: 3, w: 57, h: 10, content: \"{{.Name}}\"}\n")},
		"arkhtide/default.yml": {Data: []byte("size: {width: 63, height: 88}\nboxes:\n  - {name: name, x: 3, y: 3, w: 57, h: 10, content: \"{{.Name}}\"}\n")},
	}
	set, err := Load(user, "mine/")
	if err != nil {
		t.Fatal(err)
	}
	err = set.Check(bundledDB(t).Games())
	if err == nil {
		t.Fatal("no error for templates of an unknown game and type")
	}
	for _, w := range []string{
		`mine/arkhtid/unit.yaml:1:1: template arkhtid/unit is for game "arkhtid", which is not loaded; did you mean "arkhtide"?`,
		`mine/arkhtide/unti.yaml:1:1: template arkhtide/unti is for card type "unti", which Arkhtide TCG does not have; did you mean "unit"?`,
	} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("errors lack %q:\n%v", w, err)
		}
	}
	if strings.Count(err.Error(), "\n") != 1 {
		t.Errorf("want exactly two errors:\n%v", err)
	}
}

// TestCheckOneGame checks a user's folder against one game only, as print
// does with --db: the bundled templates of the other games are no error
// (issue 22: any --templates folder, even an empty one, failed).
func TestCheckOneGame(t *testing.T) {
	db := bundledDB(t)
	g, ok := db.Game("seeders")
	if !ok {
		t.Fatal("no bundled seeders")
	}
	for name, user := range map[string]fstest.MapFS{
		"empty": {},
		"one":   {"seeders/default.yaml": {Data: []byte("size: {width: 63, height: 88}\nboxes:\n  - {name: name, x: 3, y: 3, w: 57, h: 10, content: \"{{.Name}}\"}\n")}},
	} {
		set, err := Load(user, "mine/")
		if err != nil {
			t.Fatal(err)
		}
		if err := set.Check([]*cardsdb.Game{g}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// DesignedFile names the user's own template a card's front is drawn
// with, as Layout.Designed and Layout.TemplateFile say once it is laid
// out, and nothing for a bundled template or no set.
func TestDesignedFile(t *testing.T) {
	set, err := LoadBundled() // a set of its own: bundledSet is shared
	if err != nil {
		t.Fatal(err)
	}
	mine := "size: {width: 63, height: 88}\nboxes:\n  - {name: title, content: \"{{.Name}}\", x: 3, y: 3, w: 57, h: 10}\n"
	if err := set.AddFSFor(fstest.MapFS{"hero.yaml": {Data: []byte(mine)}}, "templates/", "my-game"); err != nil {
		t.Fatal(err)
	}
	g := &cardsdb.Game{ID: "my-game", Name: "Mine", CardSize: cardsdb.Size{W: 63, H: 88}, Types: []*cardsdb.CardType{{ID: "hero", Name: "Hero"}, {ID: "place", Name: "Place"}}}
	hero, place := &cardsdb.Card{Name: "Hero", Type: "hero"}, &cardsdb.Card{Name: "Place", Type: "place"}
	for _, tc := range []struct {
		src  Source
		card *cardsdb.Card
		want string
	}{
		{set, hero, "templates/hero.yaml"},
		{set, place, ""},
		{bundledSet(t), hero, ""},
		{nil, hero, ""},
		{set, nil, ""},
	} {
		got := DesignedFile(tc.src, g, tc.card)
		if got != tc.want {
			t.Errorf("DesignedFile(%v) = %q, want %q", tc.card, got, tc.want)
		}
		if tc.src == nil || tc.card == nil {
			continue
		}
		face, _ := tc.src.Render(tc.card, g, cardsdb.Size{}, Front)
		if face.Designed != (tc.want != "") || tc.want != "" && face.TemplateFile != tc.want {
			t.Errorf("%s: laid out Designed %v from %q, DesignedFile says %q", tc.card.Name, face.Designed, face.TemplateFile, got)
		}
	}
}
