package arkhtide

import (
	"sync"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

var (
	dbOnce sync.Once
	dbVal  *cardsdb.DB
	dbErr  error
)

func loadDB(t testing.TB) *cardsdb.DB {
	t.Helper()
	dbOnce.Do(func() { dbVal, dbErr = cardsdb.LoadBundled() })
	if dbErr != nil {
		t.Fatal(dbErr)
	}
	return dbVal
}

// bundled compiles a bundled Arkhtide deck.
func bundled(t testing.TB, name string) *Deck {
	t.Helper()
	db := loadDB(t)
	list, err := db.BundledDeck("arkhtide/" + name)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game(list.Game)
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Compile(deck)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
