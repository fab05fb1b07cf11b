package cardsdb_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/goldenfile"
)

// seedGame parses testdata/seed/game.yaml, a small game with every field
// kind; with cards set it also loads testdata/seed/cards.yaml.
func seedGame(t testing.TB, cards bool) *cardsdb.Game {
	t.Helper()
	g, err := cardsdb.ParseGame("testdata/seed/game.yaml", readFile(t, "testdata/seed/game.yaml"), ".")
	if err != nil {
		t.Fatal(err)
	}
	if cards {
		if err := cardsdb.ParseCards("testdata/seed/cards.yaml", readFile(t, "testdata/seed/cards.yaml"), ".", g); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// setupGame parses testdata/setup/game.yaml, a small game set up from
// packs (packs, manifest, variants, all and from_packs sections).
func setupGame(t testing.TB) *cardsdb.Game {
	t.Helper()
	g, err := cardsdb.ParseGame("testdata/setup/game.yaml", readFile(t, "testdata/setup/game.yaml"), ".")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// parseBad reads one file of testdata/bad with the loader its name asks
// for: game-* with ParseGame, cards-* with ParseCards into the seed game,
// setup-cards-* with ParseCards into the setup game, deck-* with
// ParseDeckYAML and *.txt with ParseDecklist.
func parseBad(t testing.TB, file string, data []byte) error {
	base := filepath.Base(file)
	switch {
	case strings.HasPrefix(base, "game-"):
		_, err := cardsdb.ParseGame(file, data, ".")
		return err
	case strings.HasPrefix(base, "cards-"):
		return cardsdb.ParseCards(file, data, ".", seedGame(t, false))
	case strings.HasPrefix(base, "setup-cards-"):
		return cardsdb.ParseCards(file, data, ".", setupGame(t))
	case strings.HasPrefix(base, "deck-"):
		_, err := cardsdb.ParseDeckYAML(file, data)
		return err
	case strings.HasSuffix(base, ".txt"):
		_, err := cardsdb.ParseDecklist(file, data)
		return err
	}
	t.Fatalf("%s: name must start with game-, cards-, setup-cards- or deck-, or end in .txt", file)
	return nil
}

// TestBadInputs loads each bad input of testdata/bad and compares the
// errors, one "file:line:col: message" per line, with the matching .golden
// file. Run with DECKWRIGHT_UPDATE=1 to rewrite the golden files, then read the diff:
// each line must point at the offending value and say what is wrong.
func TestBadInputs(t *testing.T) {
	files, err := filepath.Glob("testdata/bad/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, file := range files {
		if strings.HasSuffix(file, ".golden") {
			continue
		}
		n++
		t.Run(filepath.Base(file), func(t *testing.T) {
			err := parseBad(t, file, readFile(t, file))
			if err == nil {
				t.Fatal("no error for a bad input")
			}
			got := err.Error() + "\n"
			golden := strings.TrimSuffix(file, filepath.Ext(file)) + ".golden"
			if goldenfile.Update() {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run DECKWRIGHT_UPDATE=1 go test ./cardsdb -run TestBadInputs to create it)", err)
			}
			if !bytes.Equal([]byte(got), want) {
				t.Errorf("errors differ from %s\n--- got:\n%s--- want:\n%s", golden, got, want)
			}
		})
	}
	if n == 0 {
		t.Fatal("no bad inputs in testdata/bad")
	}
	// Every golden file belongs to an input.
	goldens, _ := filepath.Glob("testdata/bad/*.golden")
	for _, g := range goldens {
		stem := strings.TrimSuffix(g, ".golden")
		if m, _ := filepath.Glob(stem + ".*"); len(m) < 2 {
			t.Errorf("%s has no input file", g)
		}
	}
}
