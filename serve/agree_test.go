package serve

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/engine"
)

// One function, two faces: the playtest page and the API show the same
// values of one report (the page draws what the JSON says).
func TestPageAndAPIAgree(t *testing.T) {
	ts, _ := newTestServer(t)
	q := "deck=seeker-chronicles%2Forder&games=300&seed=5"
	api := do(t, "POST", ts.URL+"/api/goldfish?"+q, "")
	var rep struct {
		Won, Lost, Unfinished int
		Turns                 struct{ Mean, Median float64 }
	}
	if err := json.Unmarshal([]byte(api.body), &rep); err != nil || api.code != 200 {
		t.Fatalf("%d %v: %.300s", api.code, err, api.body)
	}
	page := do(t, "POST", ts.URL+"/playtest/run", q, "Content-Type", "application/x-www-form-urlencoded")
	want := fmt.Sprintf("Won %d, lost %d, unfinished %d", rep.Won, rep.Lost, rep.Unfinished)
	// The mean as the command line's text writes it (engine.F2), not
	// the JSON's four decimals.
	mean := fmt.Sprintf("mean win turn %s, median %v.", engine.F2(rep.Turns.Mean), rep.Turns.Median)
	if !strings.Contains(page.body, want) || !strings.Contains(page.body, mean) {
		t.Errorf("the page does not say %q and %q:\n%.1500s", want, mean, page.body)
	}

	check := do(t, "POST", ts.URL+"/partial/check", typoDeck, "Content-Type", "text/plain")
	val := do(t, "POST", ts.URL+"/api/validate", typoDeck, "Content-Type", "text/plain")
	var v struct {
		Decks []struct {
			Problems []struct{ Rule, Message string }
		}
	}
	if err := json.Unmarshal([]byte(val.body), &v); err != nil || len(v.Decks) != 1 || len(v.Decks[0].Problems) == 0 {
		t.Fatalf("validate: %v %.300s", err, val.body)
	}
	for _, p := range v.Decks[0].Problems {
		msg := strings.NewReplacer(`"`, "&#34;", "<", "&lt;", ">", "&gt;").Replace(p.Message)
		if !strings.Contains(check.body, msg) || !strings.Contains(check.body, "["+p.Rule+"]") {
			t.Errorf("the editor's findings lack %q [%s]:\n%.1500s", msg, p.Rule, check.body)
		}
	}
}

// A run without a win has no mean or median win turn: the page says "-"
// as the command line does, not 0 or NaN.
func TestPageNoWinTurn(t *testing.T) {
	ts, _ := newTestServer(t)
	page := do(t, "POST", ts.URL+"/playtest/run", "deck=seeker-chronicles%2Forder&games=50&max-turns=1", "Content-Type", "application/x-www-form-urlencoded")
	if !strings.Contains(page.body, "Won 0, lost 0, unfinished 50") || !strings.Contains(page.body, "mean win turn -, median -.") {
		t.Errorf("the page does not say \"mean win turn -, median -\":\n%.1500s", page.body)
	}
}
