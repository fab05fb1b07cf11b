// Package cardsdbtest holds the helpers tests of several packages use to
// reach the bundled games: the database loaded once per test binary, a
// bundled deck by reference, a game by id. Only tests import it.
package cardsdbtest

import (
	"sync"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

var bundled = sync.OnceValues(cardsdb.LoadBundled)

// DB returns the bundled games, loaded once for the test binary.
func DB(t testing.TB) *cardsdb.DB {
	t.Helper()
	db, err := bundled()
	if err != nil {
		t.Fatalf("bundled data: %v", err)
	}
	return db
}

// Deck resolves a bundled deck such as "seeker-chronicles/cosmos".
func Deck(t testing.TB, ref string) *cardsdb.Deck {
	t.Helper()
	d, err := DB(t).ResolveBundled(ref)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Game returns the bundled game with the id.
func Game(t testing.TB, id string) *cardsdb.Game {
	t.Helper()
	g, err := DB(t).LookupGame(id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
