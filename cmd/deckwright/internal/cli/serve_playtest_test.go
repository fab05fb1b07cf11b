package cli

import (
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
	h := serveHandler(t, db)
	for _, tt := range []struct {
		path string
		cli  []string
	}{
		{"/api/goldfish?deck=lanterns/starter&games=300&policy=planner", []string{"goldfish", "lanterns/starter", "--games", "300", "--policy", "planner", "--json"}},
		{"/api/compare?a=lanterns/starter&b=lanterns/high-flyers&games=300", []string{"compare", "lanterns/starter", "lanterns/high-flyers", "--games", "300", "--json"}},
	} {
		got := ask(t, h, "POST", tt.path, "")
		body := bodyOf(got)
		want := cliOut(t, "", append([]string{"--db", "../../../../docs/examples/lanterns"}, tt.cli...)...)
		if got.StatusCode != 200 || !strings.Contains(want, `"win_points": 20`) || body != want {
			t.Errorf("POST %s answered (%d)\n%s\nwant what deckwright %s prints:\n%s", tt.path, got.StatusCode, body, strings.Join(tt.cli, " "), want)
		}
	}
}
