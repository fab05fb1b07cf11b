package enginetest

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/internal/goldenfile"
)

// Golden compares got with the golden file path, or rewrites the file
// when goldenfile.Update says so (DECKWRIGHT_UPDATE=1).
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if goldenfile.Update() {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with DECKWRIGHT_UPDATE=1 to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the game differs from %s (run with DECKWRIGHT_UPDATE=1 to accept):\n%s", path, Diff(string(want), string(got)))
	}
}

// Scenarios runs each dir/*.txt as a subtest named after the file: run
// plays the scenario's text with the game's reader and returns the words
// of the game, which are compared with the .golden file beside it.
func Scenarios(t *testing.T, dir string, run func(t *testing.T, file, text string) []byte) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		t.Fatalf("no scenarios in %s", dir)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out := run(t, f, string(data))
			if t.Failed() {
				return
			}
			Golden(t, strings.TrimSuffix(f, ".txt")+".golden", out)
		})
	}
}

// Diff says where two texts first differ, by line.
func Diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  want: %s\n  got:  %s", i+1, a, b)
		}
	}
	return "(same lines)"
}

// Holder is a game that can say where its cards are: Dealt lists the
// cards your side starts with (one id per card), Held appends those it
// holds now, in any zone.
type Holder interface {
	engine.Game
	Dealt() []uint8
	Held(dst []uint8) []uint8
}

// Conserved plays games 0 to n-1 of seed 1 with a game of newGame and
// checks after each that your side holds exactly the cards it was dealt:
// none lost, none duplicated.
func Conserved(t *testing.T, newGame func() engine.Game, n int) {
	t.Helper()
	g, ok := newGame().(Holder)
	if !ok {
		t.Fatalf("%T does not say where its cards are (Dealt, Held)", newGame())
	}
	want := slices.Clone(g.Dealt())
	slices.Sort(want)
	var got []uint8
	for i := range n {
		g.Play(engine.Stream(1, i), nil)
		got = g.Held(got[:0])
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("game %d (seed 1): holds %v at the end, dealt %v", i, got, want)
		}
	}
}

// ConservedEngine runs Conserved, n games each, for every bundled deck of
// refs ("GAME/NAME") in every mode of e with every policy.
func ConservedEngine(t *testing.T, e *engine.Engine, refs []string, n int) {
	t.Helper()
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	var decks []*cardsdb.Deck
	for _, ref := range refs {
		deck, err := db.ResolveBundled(ref)
		if err != nil {
			t.Fatal(err)
		}
		decks = append(decks, deck)
	}
	ConservedDecks(t, e, decks, n)
}

// ConservedDecks runs Conserved, n games each, for every deck in every
// mode of e with every policy: ConservedEngine for decks that are not
// bundled (a game of the user's, a playtest block's).
func ConservedDecks(t *testing.T, e *engine.Engine, decks []*cardsdb.Deck, n int) {
	t.Helper()
	for _, deck := range decks {
		name := deck.Name()
		if deck.List != nil && deck.List.File != "" {
			name = strings.TrimSuffix(path.Base(deck.List.File), path.Ext(deck.List.File))
		}
		for _, mode := range e.Modes {
			for _, pol := range e.Policies {
				t.Run(name+"-"+mode.Name+"-"+pol.Name, func(t *testing.T) {
					p, err := e.Compile(deck, engine.Setup{Mode: mode.Name, Policy: pol.Name})
					if err != nil {
						t.Fatal(err)
					}
					Conserved(t, p.NewGame, n)
				})
			}
		}
	}
}
