package cardsdb

import (
	"testing"
)

func TestLoadBundled(t *testing.T) {
	db, err := LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range db.Games() {
		t.Logf("%s: %d types, %d sections, %d cards, decks %v", g.ID, len(g.Types), len(g.Sections), len(g.Cards), g.Decks)
	}
}
