package cardsdb_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestReadDeck checks the one reader of a deck with no file name
// (validate -, print -, the web page's request bodies): which format it
// sniffs, the game it gives a deck that names none, and that a game the
// deck names wins over the default.
func TestReadDeck(t *testing.T) {
	tests := []struct {
		name, deckName, in, defaultGame string
		file, game                      string
		sections, entries               []string
	}{
		{
			name:        "decklist takes the default game",
			in:          "Guardians:\n2 Johnson\nStack:\n3x Rogue Star\n",
			defaultGame: "seeker-chronicles",
			file:        "<stdin>", game: "seeker-chronicles",
			sections: []string{"Guardians@1:1", "Stack@3:1"},
			entries:  []string{"Guardians|Johnson|2@2:1", "Stack|Rogue Star|3@4:1"},
		},
		{
			name:        "decklist game line wins over the default",
			deckName:    "deck",
			in:          "game: arkhtide\nSeeker:\nThryïnn, the Last Kindler\n",
			defaultGame: "seeker-chronicles",
			file:        "deck", game: "arkhtide",
			sections: []string{"Seeker@2:1"},
			entries:  []string{"Seeker|Thryïnn, the Last Kindler|1@3:1"},
		},
		{
			name:        "decklist with no game and no default",
			in:          "Comet\n",
			file:        "<stdin>",
			entries:     []string{"|Comet|1@1:1"},
			defaultGame: "",
		},
		{
			// "sections:" at the top level makes it YAML; read as a
			// decklist it would be a section named "sections".
			name:        "YAML deck with its own game",
			in:          "game: arkhtide\nname: Mine\nsections:\n  main:\n    - 2 Ashen Acolyte\n",
			defaultGame: "seeker-chronicles",
			file:        "<stdin>", game: "arkhtide",
			sections: []string{"main@4:3"},
			entries:  []string{"main|Ashen Acolyte|2@5:7"},
		},
		{
			name:        "YAML deck takes the default game",
			deckName:    "body",
			in:          "sections:\n  Stack: [Comet]\n",
			defaultGame: "seeker-chronicles",
			file:        "body", game: "seeker-chronicles",
			sections: []string{"Stack@2:3"},
			entries:  []string{"Stack|Comet|1@2:11"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := cardsdb.ReadDeck(tc.deckName, strings.NewReader(tc.in), tc.defaultGame)
			if err != nil {
				t.Fatal(err)
			}
			if l.File != tc.file || l.Game != tc.game {
				t.Errorf("file %q, game %q; want %q, %q", l.File, l.Game, tc.file, tc.game)
			}
			if got := headerStrings(l); strings.Join(got, "\n") != strings.Join(tc.sections, "\n") {
				t.Errorf("sections\n got: %q\nwant: %q", got, tc.sections)
			}
			var got []string
			for _, e := range l.Entries {
				got = append(got, entryString(e))
			}
			if strings.Join(got, "\n") != strings.Join(tc.entries, "\n") {
				t.Errorf("entries\n got: %q\nwant: %q", got, tc.entries)
			}
		})
	}
}

// TestReadDeckSetup checks the other YAML marker: packs as a list is a
// YAML setup, packs after a colon on one line is a decklist's packs line.
func TestReadDeckSetup(t *testing.T) {
	for _, in := range []string{"game: arkhtide\npacks: [core]\n", "game: arkhtide\npacks:\n  - core\n", "game: arkhtide\npacks: core\n"} {
		l, err := cardsdb.ReadDeck("", strings.NewReader(in), "")
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if len(l.Packs) != 1 || l.Packs[0].Name != "core" || !l.IsSetup() {
			t.Errorf("%q: packs %q; want [core]", in, l.Packs)
		}
	}
	// The sniffer's own words on the two packs lines.
	if cardsdb.IsYAMLDeck([]byte("packs: core\n")) || !cardsdb.IsYAMLDeck([]byte("packs: [core]\n")) {
		t.Error("IsYAMLDeck does not tell a packs list from a packs line")
	}
}

// endless is an input that never ends, counting what is read of it.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	e.n += int64(len(p))
	return len(p), nil
}

type failing struct{}

func (failing) Read([]byte) (int, error) { return 0, errors.New("device gone") }

// TestReadDeckRefuses checks the inputs ReadDeck refuses, with the one-line
// messages validate - and the web page print.
func TestReadDeckRefuses(t *testing.T) {
	huge := bytes.Repeat([]byte("1 Comet\n"), cardsdb.MaxFileSize/8+1)
	tests := []struct {
		name string
		in   io.Reader
		want string
	}{
		{"empty", strings.NewReader(""), "<stdin>: file is empty"},
		{"blank", strings.NewReader(" \n\t\n"), "<stdin>: file is empty"},
		{"nil reader", nil, "<stdin>: file is empty"},
		{"too large", bytes.NewReader(huge), "<stdin>: file is larger than 8 MiB; deckwright reads card and deck files up to that size"},
		{"binary", strings.NewReader("1 Comet\n2 Ne\x00bula\n"), "<stdin>:2:5: file is binary (it holds a NUL byte), not a text file"},
		{"not UTF-8", strings.NewReader("1 Comet\n\xff\n"), "<stdin>:2:1: file is not UTF-8 text; save it as UTF-8"},
		{"read error", failing{}, "<stdin>: device gone"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := cardsdb.ReadDeck("", tc.in, "arkhtide")
			if err == nil {
				t.Fatalf("no error; read %+v", l)
			}
			if err.Error() != tc.want {
				t.Errorf("error\n got: %s\nwant: %s", err, tc.want)
			}
		})
	}
	// An input that never ends is read up to the limit and no further.
	e := &endless{}
	if _, err := cardsdb.ReadDeck("", e, ""); err == nil || !strings.Contains(err.Error(), "larger than 8 MiB") {
		t.Errorf("endless input: error %v; want the size limit", err)
	}
	if e.n > cardsdb.MaxFileSize+64<<10 {
		t.Errorf("endless input: read %d bytes; want at most about %d", e.n, cardsdb.MaxFileSize+1)
	}
}

// TestReadDeckMalformed checks that parse errors carry the deck's name and
// the position, in the format the sniffer chose.
func TestReadDeckMalformed(t *testing.T) {
	_, err := cardsdb.ReadDeck("deck", strings.NewReader("sections:\n  main: [\n"), "")
	if err == nil || !strings.HasPrefix(err.Error(), "deck:") {
		t.Errorf("YAML: error %v; want one at deck:LINE", err)
	}
	_, err = cardsdb.ReadDeck("deck", strings.NewReader("0 Comet\n"), "")
	if err == nil || !strings.HasPrefix(err.Error(), "deck:1:") {
		t.Errorf("decklist: error %v; want one at deck:1:COL", err)
	}
}
