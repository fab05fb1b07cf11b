package serve

import (
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

func seeker(t testing.TB) *cardsdb.Game {
	t.Helper()
	g, err := bundledDB(t).LookupGame("seeker-chronicles")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Every + and − of the deck builder, on the decks players wrote
// (including those of the issue: a Guardian added to a deck whose last
// header is Stack:, a bare "Laika" line, + on a card already in the deck).
func TestEditDeck(t *testing.T) {
	g := seeker(t)
	tests := []struct {
		name, text, card string
		delta            int
		want             string // the text after the edit
		count            int
		refused          string // part of the reason, when refused
	}{
		{name: "first card of an empty deck names the game and the section", text: "", card: "Johnson", delta: 1,
			want: "game: seeker-chronicles\nGuardians:\n1 Johnson\n", count: 1},
		{name: "a module goes under a new Stack header", text: "game: seeker-chronicles\nGuardians:\n1 Johnson\n", card: "laika", delta: 1,
			want: "game: seeker-chronicles\nGuardians:\n1 Johnson\n\nStack:\n1 Laika\n", count: 1},
		{name: "a Guardian goes under Guardians, not under the last header", text: "game: seeker-chronicles\nGuardians:\n1 Johnson\n\nStack:\n1 Laika\n", card: "Newton", delta: 1,
			want: "game: seeker-chronicles\nGuardians:\n1 Johnson\n1 Newton\n\nStack:\n1 Laika\n", count: 1},
		{name: "+ on a card in the deck changes its count, no blank line", text: "game: seeker-chronicles\nStack:\n2 Comet\n", card: "Comet", delta: 1,
			want: "game: seeker-chronicles\nStack:\n3 Comet\n", count: 3},
		{name: "a bare name counts one", text: "game: seeker-chronicles\nStack:\nComet\n", card: "Comet", delta: 1,
			want: "game: seeker-chronicles\nStack:\n2 Comet\n", count: 2},
		{name: "two lines of one card become one", text: "game: seeker-chronicles\nStack:\n1 Comet\nComet  # again\n", card: "Comet", delta: -1,
			want: "game: seeker-chronicles\nStack:\n1 Comet\n", count: 1},
		{name: "− of the last copy removes the line, comments kept", text: "game: seeker-chronicles\n# my list\nStack:\n1 Comet # cheap\n2 Nebula\n", card: "Comet", delta: -1,
			want: "game: seeker-chronicles\n# my list\nStack:\n2 Nebula\n", count: 0},
		{name: "the count keeps the line's comment", text: "game: seeker-chronicles\nStack:\n1 Comet # cheap\n", card: "Comet", delta: 1,
			want: "game: seeker-chronicles\nStack:\n2 Comet # cheap\n", count: 2},
		{name: "the copy limit stops +", text: "game: seeker-chronicles\nStack:\n3 Comet\n", card: "Comet", delta: 1,
			want: "game: seeker-chronicles\nStack:\n3 Comet\n", count: 3, refused: "copy limit: at most 3 copies of Comet in the Stack"},
		{name: "one copy of a Guardian", text: "game: seeker-chronicles\nGuardians:\nJohnson\n", card: "Johnson", delta: 1,
			want: "game: seeker-chronicles\nGuardians:\nJohnson\n", count: 1, refused: "at most 1 copy of Johnson"},
		{name: "a G-module comes with its Guardian", text: "game: seeker-chronicles\nGuardians:\nJohnson\n", card: "Spaceflight", delta: 1,
			want: "game: seeker-chronicles\nGuardians:\nJohnson\n", refused: "comes into the deck with the card that names it"},
		{name: "a Bane goes in no section", text: "", card: "Time", delta: 1,
			want: "", refused: "no section of a Seeker Chronicles deck takes"},
		{name: "− of a card not in the deck", text: "game: seeker-chronicles\nStack:\n1 Comet\n", card: "Nebula", delta: -1,
			want: "game: seeker-chronicles\nStack:\n1 Comet\n", refused: "Nebula is not in the deck"},
		{name: "a YAML deck stays YAML", text: "game: seeker-chronicles\nsections:\n  guardians: [Johnson]\n  stack:\n    - 2 Comet\n", card: "Comet", delta: 1,
			want: "game: seeker-chronicles\nsections:\n  guardians:\n    - {name: Johnson, count: 1}\n  stack:\n    - {name: Comet, count: 3}\n", count: 3},
		{name: "a new card of a YAML deck joins its section", text: "game: seeker-chronicles\nsections:\n  guardians: [Johnson]\n  stack:\n    - 2 Comet\n", card: "Newton", delta: 1,
			want: "game: seeker-chronicles\nsections:\n  guardians:\n    - {name: Johnson, count: 1}\n    - {name: Newton, count: 1}\n  stack:\n    - {name: Comet, count: 2}\n", count: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := editDeck(g, tt.text, tt.card, tt.delta)
			if err != nil {
				t.Fatal(err)
			}
			if got.Text != tt.want {
				t.Errorf("text:\n%s\nwant:\n%s", got.Text, tt.want)
			}
			if tt.refused == "" && got.Refused != "" || !strings.Contains(got.Refused, tt.refused) {
				t.Errorf("refused %q, want %q", got.Refused, tt.refused)
			}
			if tt.refused == "" && got.Count != tt.count {
				t.Errorf("count %d, want %d", got.Count, tt.count)
			}
		})
	}
	if _, err := editDeck(g, "", "Rouge Star", 1); err == nil || !strings.Contains(err.Error(), `did you mean "Rogue Star"?`) {
		t.Errorf("unknown card: %v", err)
	}
	if _, err := editDeck(g, "game: seeker-chronicles\n0 Comet\n", "Comet", 1); err == nil || !strings.Contains(err.Error(), "fix the deck's text first") {
		t.Errorf("broken text: %v", err)
	}
}

// A deck built with + alone is a legal Seeker Chronicles deck, and both
// exports read it (issue: Export .yaml failed on "comes before any
// section header").
func TestEditDeckBuildsLegalDeck(t *testing.T) {
	g := seeker(t)
	text := ""
	add := func(name string, n int) {
		for range n {
			res, err := editDeck(g, text, name, 1)
			if err != nil || res.Refused != "" {
				t.Fatalf("+ %s: %v %s", name, err, res.Refused)
			}
			text = res.Text
		}
	}
	add("Laika", 1) // a module first: the Guardians header must still come in its place
	add("Johnson", 1)
	add("Newton", 1)
	add("Hawking", 1)
	for _, c := range []struct {
		name string
		n    int
	}{{"Comet", 2}, {"Rogue Star", 3}, {"Red Giant", 2}, {"Nebula", 2}, {"Cosmic Infrared Background", 2}, {"Spacetime Curvature", 3}, {"Supernova", 2}, {"Mass Accretion", 3}, {"Cosmic Jet", 2}, {"Accelerating Expansion", 2}, {"Black Hole", 3}, {"Exoplanetary Drone", 3}, {"Solar Sail", 2}, {"Telescope Array", 2}, {"GPS", 3}, {"Space Probe", 3}} {
		add(c.name, c.n)
	}
	list, err := cardsdb.ParseDecklist("deck", []byte(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if _, err := list.YAML(); err != nil {
		t.Errorf("export .yaml: %v\n%s", err, text)
	}
	if _, err := list.Text(); err != nil {
		t.Errorf("export .txt: %v", err)
	}
	d := deckList(g, text)
	if d.Total != 46 || len(d.Sections) != 3 {
		t.Fatalf("deck list: %d cards in %d sections, want 46 in 3 (with the G-modules)\n%s", d.Total, len(d.Sections), text)
	}
	for _, s := range d.Sections {
		if !s.OK {
			t.Errorf("section %s has %d cards, want %s", s.Name, s.Count, s.Want)
		}
	}
	if r := d.Counts["Comet"]; r.Count != 2 || r.Limit != 3 || r.AtLimit {
		t.Errorf("Comet: %+v", r)
	}
	if r := d.Counts["GPS"]; !r.AtLimit || !strings.Contains(r.Why, "at most 3 copies") {
		t.Errorf("GPS: %+v", r)
	}
	if r := d.Counts["Spaceflight"]; !r.Fixed {
		t.Errorf("Spaceflight comes with Johnson: %+v", r)
	}
}

func TestDiffDecks(t *testing.T) {
	g := seeker(t)
	d := diffDecks(g, "a", "game: seeker-chronicles\nStack:\n2 Comet\n1 Laika\n3 Nebula\n", "b", "game: seeker-chronicles\nStack:\n3 Comet\n3 Nebula\n1 gps\n")
	if len(d.Errors) > 0 {
		t.Fatal(d.Errors)
	}
	var in, out []string
	for _, r := range d.In {
		in = append(in, r.Name+" "+itoa(r.Delta))
	}
	for _, r := range d.Out {
		out = append(out, r.Name+" "+itoa(r.Delta))
	}
	if strings.Join(in, ",") != "Comet 1,GPS 1" || strings.Join(out, ",") != "Laika -1" || d.Same != 1 || d.TotalA != 6 || d.TotalB != 7 {
		t.Errorf("in %v, out %v, same %d, totals %d %d", in, out, d.Same, d.TotalA, d.TotalB)
	}
}

func itoa(n int) string { data, _ := json.Marshal(n); return string(data) }

func TestCheckNumbers(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"games=2000&seed=1", ""},
		{"games=lots", `games must be a number from 1 to 200,000 (not "lots")`},
		{"games=-5", `games must be a number from 1 to 200,000 (not "-5")`},
		{"games=5000000", `games must be a number from 1 to 200,000`},
		{"games=0", `games must be a number from 1 to 200,000`},
		{"games=1,000", ""},
		{"seed=x", "the seed must be a number from 0 to 2,147,483,647"},
	} {
		r := httptest.NewRequest("POST", "/playtest/run?"+tt.q, nil)
		err := checkNumbers(r)
		if (err == nil) != (tt.want == "") || err != nil && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.q, err, tt.want)
		}
	}
}

// Two tabs save one deck: the second save, made from the version both
// read, is refused with the saved text, and nothing is lost.
func TestDeckSaveVersions(t *testing.T) {
	h, dir := builderServer(t)
	v1 := "game: seeker-chronicles\nStack:\n2 Comet\n"
	got := call(t, h, "PUT", "/api/decks/mine.txt", v1, "If-None-Match", "*")
	if got.code != 200 || got.hdr.Get("ETag") != etag(deckVersion([]byte(v1))) {
		t.Fatalf("first save: %d %s %q", got.code, got.body, got.hdr.Get("ETag"))
	}
	read := call(t, h, "GET", "/api/decks/mine.txt", "")
	tag := read.hdr.Get("ETag")
	if read.body != v1 || tag != got.hdr.Get("ETag") {
		t.Fatalf("read: %q %q", read.body, tag)
	}
	// Tab one saves from the version read.
	tab1 := v1 + "1 Laika\n"
	if got := call(t, h, "PUT", "/api/decks/mine.txt", tab1, "If-Match", tag); got.code != 200 {
		t.Fatalf("tab one: %d %s", got.code, got.body)
	}
	// Tab two saves from the same version: refused, with tab one's text.
	tab2 := v1 + "3 Nebula\n"
	got = call(t, h, "PUT", "/api/decks/mine.txt", tab2, "If-Match", tag)
	var c struct {
		Error, Text, Version string
		Conflict             bool
	}
	if err := json.Unmarshal([]byte(got.body), &c); err != nil || got.code != http.StatusPreconditionFailed || !c.Conflict || c.Text != tab1 || c.Version != deckVersion([]byte(tab1)) {
		t.Fatalf("tab two: %d %s", got.code, got.body)
	}
	if !strings.Contains(c.Error, "saved elsewhere since you opened it") {
		t.Errorf("message %q", c.Error)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "mine.txt")); string(data) != tab1 {
		t.Errorf("file after the refused save: %q", data)
	}
	// Without a version, a save over a saved deck is refused too.
	if got := call(t, h, "PUT", "/api/decks/mine.txt", tab2); got.code != http.StatusPreconditionRequired || !strings.Contains(got.body, `"text"`) {
		t.Errorf("save without If-Match: %d %s", got.code, got.body)
	}
	// A new deck does not replace one of the same name.
	if got := call(t, h, "PUT", "/api/decks/mine.txt", tab2, "If-None-Match", "*"); got.code != http.StatusPreconditionFailed || !strings.Contains(got.body, "already saved") {
		t.Errorf("new deck over a saved one: %d %s", got.code, got.body)
	}
	// Tab two merges and saves from the version it was shown: kept.
	merged := tab1 + "3 Nebula\n"
	if got := call(t, h, "PUT", "/api/decks/mine.txt", merged, "If-Match", etag(c.Version)); got.code != 200 {
		t.Fatalf("merged save: %d %s", got.code, got.body)
	}
	// The history holds both earlier versions, newest first.
	hist := call(t, h, "GET", "/api/decks/mine.txt/history", "")
	var hj struct{ Versions []historyEntry }
	if err := json.Unmarshal([]byte(hist.body), &hj); err != nil || len(hj.Versions) != 2 {
		t.Fatalf("history: %s", hist.body)
	}
	if hj.Versions[0].Version != deckVersion([]byte(tab1)) || hj.Versions[1].Version != deckVersion([]byte(v1)) {
		t.Errorf("history order: %+v", hj.Versions)
	}
	if got := call(t, h, "GET", "/api/decks/mine.txt/history/"+url.PathEscape(hj.Versions[1].ID), ""); got.body != v1 {
		t.Errorf("version: %d %q", got.code, got.body)
	}
	if got := call(t, h, "GET", "/api/decks/mine.txt/history/..%2F..%2Fmine.txt", ""); got.code != 404 {
		t.Errorf("version outside the history: %d %s", got.code, got.body)
	}
	// Rename: the deck and its history move; the old name is gone.
	cur := call(t, h, "GET", "/api/decks/mine.txt", "").hdr.Get("ETag")
	if got := call(t, h, "PUT", "/api/decks/renamed.txt?from=mine.txt", merged, "If-Match", cur); got.code != 200 {
		t.Fatalf("rename: %d %s", got.code, got.body)
	}
	if _, err := os.Stat(filepath.Join(dir, "mine.txt")); err == nil {
		t.Error("mine.txt is still there after the rename")
	}
	if got := call(t, h, "GET", "/api/decks/renamed.txt/history", ""); !strings.Contains(got.body, deckVersion([]byte(v1))) {
		t.Errorf("history after the rename: %s", got.body)
	}
	if got := call(t, h, "GET", "/api/decks", ""); !strings.Contains(got.body, `"renamed.txt"`) || strings.Contains(got.body, "mine.txt") || strings.Contains(got.body, "history") {
		t.Errorf("list after the rename: %s", got.body)
	}
	// A stale tab saving the old name learns the deck moved.
	if got := call(t, h, "PUT", "/api/decks/mine.txt", merged, "If-Match", cur); got.code != http.StatusPreconditionFailed || !strings.Contains(got.body, "renamed or removed") {
		t.Errorf("save to the old name: %d %s", got.code, got.body)
	}
}

// Only text that reads as a deck is saved, and a save without a name says
// so in words (issue: "no page /api/decks/", and 3,000 random bytes saved
// and listed).
func TestDeckSaveRefuses(t *testing.T) {
	h, dir := builderServer(t)
	noise := make([]byte, 3000)
	_, _ = rand.Read(noise)
	tests := []struct {
		name, path, body string
		code             int
		want             string
	}{
		{"no name", "/api/decks/", "3 Comet\n", 400, "the deck has no name: type one (such as my-deck) before saving"},
		{"random bytes", "/api/decks/noise.txt", string(noise), 422, "not saved: this is not a deck"},
		{"empty", "/api/decks/empty.txt", "\n\n", 422, "the deck is empty"},
		{"no cards", "/api/decks/nocards.txt", "game: seeker-chronicles\nStack:\n", 422, "holds no cards yet"},
		{"bad line", "/api/decks/bad.txt", "game: seeker-chronicles\n0 Comet\n", 422, "does not read as a deck: bad.txt:2:1: count 0"},
		{"bad YAML", "/api/decks/bad.yaml", "sections:\n  stack: [\n", 422, "does not read as a deck"},
	}
	for _, tt := range tests {
		got := call(t, h, "PUT", tt.path, tt.body, "If-None-Match", "*")
		if got.code != tt.code || !strings.Contains(got.body, tt.want) {
			t.Errorf("%s: %d %s, want %d with %q", tt.name, got.code, got.body, tt.code, tt.want)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		t.Errorf("a refused save left %s", e.Name())
	}
}

// The deck builder's routes answer in words: an edit of an unknown card
// suggests, the deck list groups, the favicon is there.
func TestBuilderRoutes(t *testing.T) {
	h, _ := builderServer(t)
	got := call(t, h, "POST", "/api/deck/edit?game=seeker-chronicles&card=Rouge+Star&delta=1", "")
	if got.code != 400 || !strings.Contains(got.body, `no card named \"Rouge Star\" in Seeker Chronicles; did you mean \"Rogue Star\"?`) {
		t.Errorf("edit unknown: %d %s", got.code, got.body)
	}
	got = call(t, h, "POST", "/api/deck/edit?game=seeker-chronicles&card=Laika&delta=1", "game: seeker-chronicles\nGuardians:\nJohnson\n")
	var e deckEdit
	if json.Unmarshal([]byte(got.body), &e) != nil || !strings.HasSuffix(e.Text, "\nStack:\n1 Laika\n") || e.Count != 1 {
		t.Errorf("edit: %d %s", got.code, got.body)
	}
	got = call(t, h, "POST", "/partial/decklist?game=seeker-chronicles", "game: seeker-chronicles\nGuardians:\nJohnson\nStack:\n3 Comet\n1 Zzz\n")
	for _, want := range []string{`aria-label="Add one Comet" aria-disabled="true" title="copy limit: at most 3 copies of Comet in the Stack"`, "Spaceflight</a> <span class=\"small\">(comes with its card)", "Not cards of this game", "Zzz"} {
		if !strings.Contains(got.body, want) {
			t.Errorf("deck list lacks %q:\n%s", want, got.body)
		}
	}
	if got := call(t, h, "GET", "/favicon.ico", ""); got.code != 200 || !strings.HasPrefix(got.body, "<svg") {
		t.Errorf("favicon: %d", got.code)
	}
}

func TestDeckNotes(t *testing.T) {
	tests := []struct{ name, text, notes, want string }{
		{"decklist gets notes after its header", "game: seeker-chronicles\nname: Mine\nStack:\n1 Comet\n", "fast list\ntry Nebula", "game: seeker-chronicles\nname: Mine\n# fast list\n# try Nebula\nStack:\n1 Comet\n"},
		{"notes replaced", "game: seeker-chronicles\n# old\n# notes\nStack:\n1 Comet # cheap\n", "new", "game: seeker-chronicles\n# new\nStack:\n1 Comet # cheap\n"},
		{"notes removed", "game: seeker-chronicles\n# old\nStack:\n1 Comet\n", "", "game: seeker-chronicles\nStack:\n1 Comet\n"},
		{"empty deck", "", "idea", "# idea\n"},
		{"YAML deck", "game: seeker-chronicles\nsections:\n  stack: [2 Comet]\n", "yaml notes", "game: seeker-chronicles\nnotes: yaml notes\nsections:\n  stack:\n    - {name: Comet, count: 2}\n"},
	}
	for _, tt := range tests {
		got, err := setDeckNotes(tt.text, tt.notes)
		if err != nil || got != tt.want {
			t.Errorf("%s: %v\n%s\nwant\n%s", tt.name, err, got, tt.want)
			continue
		}
		if back := deckNotes(got); back != tt.notes {
			t.Errorf("%s: notes read back %q, want %q", tt.name, back, tt.notes)
		}
	}
}

func TestPeopleWords(t *testing.T) {
	for in, want := range map[string]string{
		`invalid argument "abc" for "--dpi" flag: strconv.ParseInt: parsing "abc": invalid syntax (see deckwright print --help)`: `dpi must be a number (not "abc")`,
		`invalid argument "x" for "-g, --games" flag: strconv.ParseInt: parsing "x": invalid syntax`:                             `games must be a number (not "x")`,
		`invalid argument "q" for "--marks" flag: want crop, lines or none`:                                                      `marks: "q" is not a value it takes`,
		`--gap -5: want 0 to 50 mm`:                                        `gap -5: want 0 to 50 mm`,
		`--policy: unknown policy "zzz"; the policies are greedy, planner`: `policy: unknown policy "zzz"; the policies are greedy, planner`,
		`deck.txt:3:1: no card named "X"`:                                  `deck.txt:3:1: no card named "X"`,
		`back-offset "1,x": use --back-offset=X,Y`:                         `back-offset "1,x": use back-offset=X,Y`,
	} {
		if got := peopleWords(in); got != want {
			t.Errorf("peopleWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// A deck keeps its last MaxHistory versions; names and ids that lead out
// of the history are refused.
func TestDeckHistoryBounds(t *testing.T) {
	h, dir := builderServer(t)
	prev := ""
	for i := range MaxHistory + 3 {
		text := "game: seeker-chronicles\nStack:\n" + itoa(i%3+1) + " Comet\n# save " + itoa(i) + "\n"
		hdr := []string{"If-None-Match", "*"}
		if prev != "" {
			hdr = []string{"If-Match", etag(deckVersion([]byte(prev)))}
		}
		if got := call(t, h, "PUT", "/api/decks/many.txt", text, hdr...); got.code != 200 {
			t.Fatalf("save %d: %d %s", i, got.code, got.body)
		}
		prev = text
	}
	var hj struct{ Versions []historyEntry }
	if err := json.Unmarshal([]byte(call(t, h, "GET", "/api/decks/many.txt/history", "").body), &hj); err != nil || len(hj.Versions) != MaxHistory {
		t.Fatalf("%d versions kept, want %d (%v)", len(hj.Versions), MaxHistory, err)
	}
	if got := call(t, h, "GET", "/api/decks/many.txt/history/"+url.PathEscape(hj.Versions[MaxHistory-1].ID), ""); !strings.Contains(got.body, "# save 2\n") {
		t.Errorf("oldest kept: %s", got.body)
	}
	for _, tt := range []struct{ method, path, hdr string }{
		{"PUT", "/api/decks/x.txt?from=..%2Fmany.txt", `"x"`},
		{"PUT", "/api/decks/x.txt?from=.history", `"x"`},
		{"GET", "/api/decks/..%2Fx.txt/history", ""},
		{"GET", "/api/decks/many.txt/history/.hidden", ""},
		{"GET", "/api/decks/.history/history", ""},
	} {
		got := call(t, h, tt.method, tt.path, "game: seeker-chronicles\n1 Comet\n", "If-Match", tt.hdr)
		if got.code < 400 || !strings.Contains(got.body, `"error"`) {
			t.Errorf("%s %s: %d %s", tt.method, tt.path, got.code, got.body)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.txt")); err == nil {
		t.Error("a rename from a bad name wrote x.txt")
	}
}

// A weak validator (W/"VERSION", as a proxy may rewrite an ETag) names
// the same version as the strong one: the save goes through, and a stale
// weak one is refused as a stale strong one is.
func TestDeckSaveWeakIfMatch(t *testing.T) {
	h, _ := builderServer(t)
	v1 := "game: seeker-chronicles\nStack:\n2 Comet\n"
	if got := call(t, h, "PUT", "/api/decks/mine.txt", v1, "If-None-Match", "*"); got.code != 200 {
		t.Fatalf("first save: %d %s", got.code, got.body)
	}
	v2 := v1 + "1 Laika\n"
	if got := call(t, h, "PUT", "/api/decks/mine.txt", v2, "If-Match", "W/"+etag(deckVersion([]byte(v1)))); got.code != 200 {
		t.Fatalf("save with a weak If-Match: %d %s", got.code, got.body)
	}
	if got := call(t, h, "PUT", "/api/decks/mine.txt", v1, "If-Match", "W/"+etag(deckVersion([]byte(v1)))); got.code != http.StatusPreconditionFailed {
		t.Errorf("save with a stale weak If-Match: %d %s", got.code, got.body)
	}
	if got := call(t, h, "GET", "/api/decks/mine.txt", ""); got.body != v2 {
		t.Errorf("saved %q, want %q", got.body, v2)
	}
}
