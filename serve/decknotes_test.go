package serve

import (
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestDeckNotesLineEnds: notes are comment lines wherever the decklist
// reader ends a line. A note holding a lone CR ("first thought\r40 Spark")
// was commented on LF only, and the reader, which also ends lines at CR,
// added 40 Sparks to the deck (issue 34). A CRLF deck keeps its line ends.
func TestDeckNotesLineEnds(t *testing.T) {
	for _, tt := range []struct {
		name, text, notes, back string
	}{
		{"lone CR", "game: seeker-chronicles\nStack:\n2 Comet\n", "first thought\r40 Spark", "first thought\n40 Spark"},
		{"CR then LF", "game: seeker-chronicles\nStack:\n2 Comet\n", "one\r\n\r\n40 Spark", "one\n\n40 Spark"},
		{"CRLF deck", "game: seeker-chronicles\r\n# old\r\nStack:\r\n2 Comet\r\n", "new\r40 Spark", "new\n40 Spark"},
		{"CR deck", "game: seeker-chronicles\r# old\rStack:\r2 Comet\r", "new", "new"},
	} {
		got, err := setDeckNotes(tt.text, tt.notes)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		l, err := cardsdb.ParseDecklist("deck.txt", []byte(got))
		if err != nil {
			t.Fatalf("%s: %v\n%q", tt.name, err, got)
		}
		if len(l.Entries) != 1 || l.Entries[0].Name != "Comet" || l.Entries[0].Count != 2 {
			t.Errorf("%s: the deck became %v:\n%q", tt.name, l.Entries, got)
		}
		if back := deckNotes(got); back != tt.back {
			t.Errorf("%s: notes read back %q, want %q", tt.name, back, tt.back)
		}
		if strings.Contains(tt.text, "\r\n") && strings.Count(got, "\r\n") != strings.Count(got, "\n") {
			t.Errorf("%s: a CRLF deck came back with other line ends: %q", tt.name, got)
		}
		if strings.Contains(got, "old") {
			t.Errorf("%s: the old notes remain: %q", tt.name, got)
		}
	}
}
