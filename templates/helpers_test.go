package templates

import (
	"sync"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

var (
	dbOnce  sync.Once
	dbVal   *cardsdb.DB
	dbErr   error
	setOnce sync.Once
	setVal  *Set
	setErr  error
)

func bundledDB(t testing.TB) *cardsdb.DB {
	t.Helper()
	dbOnce.Do(func() { dbVal, dbErr = cardsdb.LoadBundled() })
	if dbErr != nil {
		t.Fatal(dbErr)
	}
	return dbVal
}

func bundledSet(t testing.TB) *Set {
	t.Helper()
	setOnce.Do(func() { setVal, setErr = LoadBundled() })
	if setErr != nil {
		t.Fatal(setErr)
	}
	return setVal
}

func game(t testing.TB, id string) *cardsdb.Game {
	t.Helper()
	g, ok := bundledDB(t).Game(id)
	if !ok {
		t.Fatalf("no bundled game %s", id)
	}
	return g
}

func card(t testing.TB, g *cardsdb.Game, name string) *cardsdb.Card {
	t.Helper()
	c := g.Card(name)
	if c == nil {
		t.Fatalf("%s has no card %q", g.ID, name)
	}
	return c
}
