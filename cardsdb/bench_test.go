package cardsdb

import "testing"

// BenchmarkLoadBundled loads every bundled game: game definitions, card
// files and the list of bundled decks.
func BenchmarkLoadBundled(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadBundled(); err != nil {
			b.Fatal(err)
		}
	}
}
