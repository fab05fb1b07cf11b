package cli

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// The web page plays a game from its playtest block as the command line
// does: the API's goldfish and compare of the prototype of docs/examples
// answer what deckwright --db prints.
func TestServePlaytestBlock(t *testing.T) {
	db, err := (&globalOptions{db: []string{"../../../../docs/examples/lanterns"}}).loadDB()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := newServer(db, t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	for _, tt := range []struct {
		path string
		cli  []string
	}{
		{"/api/goldfish?deck=lanterns/starter&games=300&policy=planner", []string{"goldfish", "lanterns/starter", "--games", "300", "--policy", "planner", "--json"}},
		{"/api/compare?a=lanterns/starter&b=lanterns/high-flyers&games=300", []string{"compare", "lanterns/starter", "lanterns/high-flyers", "--games", "300", "--json"}},
	} {
		got := do(t, "POST", ts.URL+tt.path, "")
		want := cliOut(t, "", append([]string{"--db", "../../../../docs/examples/lanterns"}, tt.cli...)...)
		if got.code != 200 || !strings.Contains(want, `"win_points": 20`) || got.body != want {
			t.Errorf("POST %s answered (%d)\n%s\nwant what deckwright %s prints:\n%s", tt.path, got.code, got.body, strings.Join(tt.cli, " "), want)
		}
	}
}

// The playtest page's form offers the settings the deck's game's engine
// declares, with their values, and no other game's (issue 23: no Nature
// or Arkhtide options on a Kaizerseat deck).
func TestServePlaytestForm(t *testing.T) {
	ts, _ := newTestServer(t)
	for _, tt := range []struct {
		deck      string
		want, not []string
	}{
		{"seeker-chronicles/cosmos", []string{
			`<select name="policy"><option value="">the game's default</option><option>greedy</option>`,
			`<select name="mode"><option value="">the game's default</option><option>goldfish</option><option>nature</option></select>`,
			`<select name="difficulty"><option value="">the game's default</option><option>apprentice</option><option>seeker</option></select>`,
		}, []string{`name="opponent"`}},
		{"arkhtide/three-factions", []string{
			`<select name="opponent"><option value="">the game's default</option><option>empty</option><option>passive</option></select>`,
		}, []string{`name="difficulty"`, `name="mode"`}},
		{"kaizerseat/starter", nil, []string{`name="difficulty"`, `name="mode"`, `name="opponent"`, `name="policy"`}},
	} {
		got := do(t, "GET", ts.URL+"/playtest?deck="+tt.deck, "")
		for _, want := range tt.want {
			if !strings.Contains(got.body, want) {
				t.Errorf("%s: the playtest page has no %s", tt.deck, want)
			}
		}
		for _, not := range tt.not {
			if strings.Contains(got.body, not) {
				t.Errorf("%s: the playtest page offers %s, not a setting of its game", tt.deck, not)
			}
		}
	}
}
