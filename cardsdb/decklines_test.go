package cardsdb

import (
	"slices"
	"testing"
)

// TestSplitLines: the lines the decklist reader reads.
func TestSplitLines(t *testing.T) {
	for in, want := range map[string][]string{
		"":              {""},
		"a":             {"a"},
		"a\nb":          {"a", "b"},
		"a\r\nb\rc\n":   {"a", "b", "c", ""},
		"a\r\r\nb":      {"a", "", "b"},
		"first\r40 Ace": {"first", "40 Ace"},
	} {
		if got := SplitLines(in); !slices.Equal(got, want) {
			t.Errorf("SplitLines(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTextNotesLineEnds: notes written as comment lines read back as
// notes, not entries, whatever line ends they hold: the writer ends lines
// where the reader does (a note "first\r40 Ace" was one comment line to
// the writer, an entry of 40 cards to the reader).
func TestTextNotesLineEnds(t *testing.T) {
	l := &DeckList{Game: "g", Notes: "first thought\r40 Ace\r\nmore", Entries: []Entry{{Section: "Main", Name: "King", Count: 2}}}
	text, err := l.Text()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseDecklist("deck.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Entries) != 1 || back.Entries[0].Name != "King" {
		t.Errorf("entries read back %v from\n%s", back.Entries, text)
	}
}
