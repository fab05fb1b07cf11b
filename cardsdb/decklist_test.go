package cardsdb_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// entry is a deck list entry written compactly for the tables:
// "SECTION|NAME|COUNT@LINE:COL".
func entryString(e cardsdb.Entry) string {
	return fmt.Sprintf("%s|%s|%d@%d:%d", e.Section, e.Name, e.Count, e.Pos.Line, e.Pos.Col)
}

func headerStrings(l *cardsdb.DeckList) []string {
	var out []string
	for _, h := range l.Sections {
		out = append(out, fmt.Sprintf("%s@%d:%d", h.Name, h.Pos.Line, h.Pos.Col))
	}
	return out
}

func compareList(t *testing.T, l *cardsdb.DeckList, game, name string, sections, entries []string) {
	t.Helper()
	if l.Game != game || l.Name != name {
		t.Errorf("game %q, name %q; want %q, %q", l.Game, l.Name, game, name)
	}
	if got := headerStrings(l); strings.Join(got, "\n") != strings.Join(sections, "\n") {
		t.Errorf("sections\n got: %q\nwant: %q", got, sections)
	}
	var got []string
	for _, e := range l.Entries {
		got = append(got, entryString(e))
		if e.Section != "" && e.SectionPos.Line == 0 {
			t.Errorf("entry %v has a section without its position", e)
		}
	}
	if strings.Join(got, "\n") != strings.Join(entries, "\n") {
		t.Errorf("entries\n got: %q\nwant: %q", got, entries)
	}
}

// TestParseDecklist checks every line form of the plain-text format
// (docs/formats.md): COUNT NAME, COUNTx NAME, NAME, comments, blank lines,
// section headers and the game: and name: header lines.
func TestParseDecklist(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		game     string
		deck     string
		sections []string
		entries  []string
	}{
		{
			name: "every line form",
			in: `game: seeker-chronicles
name: My Cosmos
# a comment
Guardians:
Johnson
  Newton   # a trailing comment

Stack:
3 Rogue Star
2x Comet
2X Nebula
3× Black Hole
Laika
007 GPS
1	Space Probe
`,
			game:     "seeker-chronicles",
			deck:     "My Cosmos",
			sections: []string{"Guardians@4:1", "Stack@8:1"},
			entries: []string{
				"Guardians|Johnson|1@5:1", "Guardians|Newton|1@6:3",
				"Stack|Rogue Star|3@9:1", "Stack|Comet|2@10:1", "Stack|Nebula|2@11:1", "Stack|Black Hole|3@12:1",
				"Stack|Laika|1@13:1", "Stack|GPS|7@14:1", "Stack|Space Probe|1@15:1",
			},
		},
		{
			name: "names that start with digits",
			in: `2nd Law of Thermodynamics
3 2nd Law of Thermodynamics
3x 3rd Law of Thermodynamics
1st Law of Thermodynamics
3xylophones
`,
			entries: []string{
				"|2nd Law of Thermodynamics|1@1:1", "|2nd Law of Thermodynamics|3@2:1",
				"|3rd Law of Thermodynamics|3@3:1", "|1st Law of Thermodynamics|1@4:1", "|3xylophones|1@5:1",
			},
		},
		{
			name:    "counts from 1 to 999",
			in:      "1 Rogue Star\n999 Comet\n",
			entries: []string{"|Rogue Star|1@1:1", "|Comet|999@2:1"},
		},
		{
			name: "header lines only before the first card",
			in: `NAME: Upper case keys
Game:   arkhtide
Seeker:
Thryïnn, the Last Kindler
name: not a header here
`,
			game:     "arkhtide",
			deck:     "Upper case keys",
			sections: []string{"Seeker@3:1"},
			entries:  []string{"Seeker|Thryïnn, the Last Kindler|1@4:1", "Seeker|name: not a header here|1@5:1"},
		},
		{
			name: "section headers as written",
			in: `MAIN DECK:
3 Ashen Acolyte
  Realm deck :  # spaces before the colon
Glasswind Dunes
`,
			sections: []string{"MAIN DECK@1:1", "Realm deck@3:3"},
			entries:  []string{"MAIN DECK|Ashen Acolyte|3@2:1", "Realm deck|Glasswind Dunes|1@4:1"},
		},
		{
			name:    "comments anywhere",
			in:      "# heading\n#\n3 Rogue Star#tight comment\n   # indented comment\nComet # x # y\n",
			entries: []string{"|Rogue Star|3@3:1", "|Comet|1@5:1"},
		},
		{
			name:     "UTF-8 byte order mark",
			in:       "\uFEFFgame: seeker-chronicles\nStack:\n3 Rogue Star\n",
			game:     "seeker-chronicles",
			sections: []string{"Stack@2:1"},
			entries:  []string{"Stack|Rogue Star|3@3:1"},
		},
		{
			name:    "byte order mark before a card",
			in:      "\uFEFF3 Rogue Star\n",
			entries: []string{"|Rogue Star|3@1:1"},
		},
		{
			name:     "CRLF line endings",
			in:       "game: seeker-chronicles\r\nname: Windows\r\nStack:\r\n3 Rogue Star   # c\r\n\r\nComet\r\n",
			game:     "seeker-chronicles",
			deck:     "Windows",
			sections: []string{"Stack@3:1"},
			entries:  []string{"Stack|Rogue Star|3@4:1", "Stack|Comet|1@6:1"},
		},
		{
			name:    "no final newline",
			in:      "3 Rogue Star\nComet",
			entries: []string{"|Rogue Star|3@1:1", "|Comet|1@2:1"},
		},
		{
			name:    "a line of 100,000 bytes",
			in:      "3 Rogue Star\n# " + strings.Repeat("x", 100000) + "\nComet\n",
			entries: []string{"|Rogue Star|3@1:1", "|Comet|1@3:1"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := cardsdb.ParseDecklist("deck.txt", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if l.File != "deck.txt" {
				t.Errorf("File = %q", l.File)
			}
			compareList(t, l, tc.game, tc.deck, tc.sections, tc.entries)
		})
	}
}

// TestParseDecklistErrors checks the refused inputs: each error is
// reported as file:line:col, all of them at once, sorted.
func TestParseDecklistErrors(t *testing.T) {
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"count 0", "game: seeker-chronicles\n0 Rogue Star\n",
			`deck.txt:2:1: count 0 of "Rogue Star"; counts run from 1 to 999 (delete the line to leave the card out)`},
		{"count 1000000000", "Stack:\n  1000000000 Rogue Star\n",
			`deck.txt:2:3: count 1000000000 of "Rogue Star" is too large; counts run from 1 to 999`},
		{"count 1000", "1000x Rogue Star\n",
			`deck.txt:1:1: count 1000 of "Rogue Star" is too large; counts run from 1 to 999`},
		{"count beyond int64", "99999999999999999999999 Comet\n",
			`deck.txt:1:1: count 99999999999999999999999 of "Comet" is too large; counts run from 1 to 999`},
		{"count without a name", "Stack:\n3\n2x\n",
			"deck.txt:2:1: line has a count but no card name; write COUNT NAME, e.g. \"3 Rogue Star\"\n" +
				"deck.txt:3:1: line has a count but no card name; write COUNT NAME, e.g. \"3 Rogue Star\""},
		{"empty section header", "Stack:\n  :  # nothing\n3 Rogue Star\n",
			"deck.txt:2:3: empty section header; write the section's name before the ':'"},
		{"every error at once, sorted", "0 Comet\n3 Rogue Star\n:\n1000 Laika\n",
			"deck.txt:1:1: count 0 of \"Comet\"; counts run from 1 to 999 (delete the line to leave the card out)\n" +
				"deck.txt:3:1: empty section header; write the section's name before the ':'\n" +
				"deck.txt:4:1: count 1000 of \"Laika\" is too large; counts run from 1 to 999"},
		{"empty file", "", "deck.txt: file is empty"},
		{"only blanks", " \n\t\r\n\n", "deck.txt: file is empty"},
		{"only comments", "# nothing yet\n", "deck.txt: decklist holds no cards"},
		{"only headers", "game: seeker-chronicles\nStack:\n", "deck.txt: decklist holds no cards"},
		{"binary", "game: x\n3 Rogue\x00Star\n", "deck.txt:2:8: file is binary (it holds a NUL byte), not a text file"},
		{"PNG image", png, "deck.txt:3:1: file is binary (it holds a NUL byte), not a text file"},
		{"Latin-1 text", "Rogue Star\nCaf\xe9 Noir\n", "deck.txt:2:4: file is not UTF-8 text; save it as UTF-8"},
		{"over MaxFileSize", "3 Rogue Star\n" + strings.Repeat("# padding\n", cardsdb.MaxFileSize/10),
			"deck.txt: file is larger than 8 MiB; deckwright reads card and deck files up to that size"},
	}
	runParseErrors(t, "deck.txt", cardsdb.ParseDecklist, tests)
}

// TestParseDecklistSizeLimit: a file of exactly MaxFileSize bytes is read,
// one byte more is refused (by ParseDecklist and by ReadInput).
func TestParseDecklistSizeLimit(t *testing.T) {
	head := "game: seeker-chronicles\n3 Rogue Star\n"
	pad := cardsdb.MaxFileSize - len(head)
	exact := head + strings.Repeat("#", pad-1) + "\n"
	if len(exact) != cardsdb.MaxFileSize {
		t.Fatalf("built %d bytes", len(exact))
	}
	l, err := cardsdb.ParseDecklist("big.txt", []byte(exact))
	if err != nil {
		t.Fatalf("file of MaxFileSize bytes: %v", err)
	}
	if len(l.Entries) != 1 || l.Entries[0].Name != "Rogue Star" {
		t.Errorf("entries %+v", l.Entries)
	}
	over := exact + "\n"
	if _, err := cardsdb.ParseDecklist("big.txt", []byte(over)); err == nil || !strings.Contains(err.Error(), "larger than 8 MiB") {
		t.Errorf("file of MaxFileSize+1 bytes: %v", err)
	}
	if _, err := cardsdb.ReadInput("big.txt", strings.NewReader(over+strings.Repeat("x", 1<<20))); err == nil || !strings.Contains(err.Error(), "larger than 8 MiB") {
		t.Errorf("ReadInput of a larger file: %v", err)
	}
	data, err := cardsdb.ReadInput("big.txt", strings.NewReader(exact))
	if err != nil || len(data) != cardsdb.MaxFileSize {
		t.Errorf("ReadInput of MaxFileSize bytes: %d bytes, %v", len(data), err)
	}
}

// TestParseDeck checks that ParseDeck picks the format by extension.
func TestParseDeck(t *testing.T) {
	txt := "game: seeker-chronicles\nStack:\n3 Rogue Star\n"
	if l, err := cardsdb.ParseDeck("DECK.TXT", []byte(txt)); err != nil || len(l.Entries) != 1 {
		t.Errorf("ParseDeck(.TXT) = %+v, %v", l, err)
	}
	yml := "game: seeker-chronicles\nsections:\n  stack: [3 Rogue Star]\n"
	for _, name := range []string{"deck.yaml", "deck.yml", "deck"} {
		if l, err := cardsdb.ParseDeck(name, []byte(yml)); err != nil || len(l.Entries) != 1 {
			t.Errorf("ParseDeck(%s) = %+v, %v", name, l, err)
		}
	}
	// A plain-text list read as YAML is refused, with a position.
	if _, err := cardsdb.ParseDeck("deck.yaml", []byte(txt)); err == nil {
		t.Error("a decklist read as YAML gave no error")
	}
}

// TestParseDeckYAML checks the YAML deck forms of docs/formats.md: a list of
// decklist lines, {name, count} mappings, and a mapping of names to counts.
func TestParseDeckYAML(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		game     string
		deck     string
		sections []string
		entries  []string
	}{
		{
			name: "list form",
			in: `game: seeker-chronicles
name: Cosmos
sections:
  guardians: [Johnson, Newton, "Hawking"]
  stack:
    - 3 Rogue Star
    - 2x Comet
    - Laika
    - 3 2nd Law of Thermodynamics
`,
			game:     "seeker-chronicles",
			deck:     "Cosmos",
			sections: []string{"guardians@4:3", "stack@5:3"},
			entries: []string{
				"guardians|Johnson|1@4:15", "guardians|Newton|1@4:24", "guardians|Hawking|1@4:32",
				"stack|Rogue Star|3@6:7", "stack|Comet|2@7:7", "stack|Laika|1@8:7",
				"stack|2nd Law of Thermodynamics|3@9:7",
			},
		},
		{
			name: "name and count mappings",
			in: `game: seeker-chronicles
sections:
  stack:
    - {name: Rogue Star, count: 3}
    - {name: Comet}
    - name: Nebula
      count: 2
`,
			game:     "seeker-chronicles",
			sections: []string{"stack@3:3"},
			entries:  []string{"stack|Rogue Star|3@4:7", "stack|Comet|1@5:7", "stack|Nebula|2@6:7"},
		},
		{
			name: "mapping form",
			in: `game: arkhtide
sections:
  realms:
    Glasswind Dunes: 1
    "Arkhé Wellspring": 1
    1999: 2
  main: {Ashen Acolyte: 3}
`,
			game:     "arkhtide",
			sections: []string{"realms@3:3", "main@7:3"},
			entries: []string{
				"realms|Glasswind Dunes|1@4:5", "realms|Arkhé Wellspring|1@5:5", "realms|1999|2@6:5",
				"main|Ashen Acolyte|3@7:10",
			},
		},
		{
			name: "an empty section is kept as a header",
			in: `sections:
  seeker:
  main: [Ashen Acolyte]
`,
			sections: []string{"seeker@2:3", "main@3:3"},
			entries:  []string{"main|Ashen Acolyte|1@3:10"},
		},
		{
			name:     "byte order mark and CRLF",
			in:       "\uFEFFgame: seeker-chronicles\r\nsections:\r\n  stack:\r\n    - 3 Rogue Star\r\n",
			game:     "seeker-chronicles",
			sections: []string{"stack@3:3"},
			entries:  []string{"stack|Rogue Star|3@4:7"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := cardsdb.ParseDeckYAML("deck.yaml", []byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			compareList(t, l, tc.game, tc.deck, tc.sections, tc.entries)
		})
	}

	l, err := cardsdb.ParseDeckYAML("deck.yaml", []byte("game: arkhtide\nname: D\nsample: true\nnotes: |\n  two\n  lines\nsections: {main: [A]}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !l.Sample || l.Notes != "two\nlines\n" || l.GamePos.Line != 1 || l.GamePos.Col != 7 {
		t.Errorf("sample %v, notes %q, game at %v", l.Sample, l.Notes, l.GamePos)
	}
}

// TestParseDeckYAMLErrors checks refused YAML decks: unknown keys with a
// suggestion, bad counts and values of the wrong kind, each at its
// position.
func TestParseDeckYAMLErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"unknown key", "game: x\nsectons:\n  main: [A]\n",
			"deck.yaml:1:1: deck has no \"sections\"; add sections: with a list of cards for each section\n" +
				"deck.yaml:2:1: unknown key \"sectons\" in deck; did you mean \"sections\"?"},
		{"unknown entry key", "sections:\n  main:\n    - {name: A, cuont: 2}\n",
			`deck.yaml:3:17: unknown key "cuont" in deck entry; did you mean "count"?`},
		{"count 0 in a line", "sections:\n  main: [\"0 Apple\"]\n",
			`deck.yaml:2:10: count 0 of "Apple"; counts run from 1 to 999 (delete the line to leave the card out)`},
		{"count 1000 in a mapping", "sections:\n  main:\n    - {name: Apple, count: 1000}\n",
			`deck.yaml:3:28: count must be from 1 to 999, found 1000`},
		{"count as text", "sections:\n  main:\n    Apple: three\n",
			`deck.yaml:3:12: count of "Apple" must be a whole number, found "three"`},
		{"count as a fraction", "sections:\n  main:\n    - {name: Apple, count: 1.5}\n",
			`deck.yaml:3:28: count must be a whole number, found "1.5"`},
		{"entry without a name", "sections:\n  main:\n    - {count: 2}\n",
			`deck.yaml:3:7: deck entry has no name`},
		{"empty line item", "sections:\n  main:\n    -\n    - A\n",
			`deck.yaml:3:6: empty card line`},
		{"section is a string", "sections:\n  main: Apple\n",
			`deck.yaml:2:9: section "main" must be a list of cards or a mapping of card names to counts, found "Apple"`},
		{"sample not a bool", "sample: yes\nsections: {main: [A]}\n",
			`deck.yaml:1:9: sample must be true or false, found "yes"`},
		{"deck is a list", "- 3 Rogue Star\n",
			`deck.yaml:1:1: deck must be a mapping of keys to values, found a list`},
		{"no cards", "game: x\nsections: {}\n", `deck.yaml:2:11: deck holds no cards`},
		{"only empty sections", "sections:\n  main:\n", `deck.yaml:2:3: deck holds no cards`},
		{"duplicate section", "sections:\n  main: [A]\n  main: [B]\n",
			`deck.yaml:3:3: duplicate key "main" in sections (first at line 2)`},
		{"alias", "x: &a [A]\nsections:\n  main: *a\n",
			"deck.yaml:1:1: unknown key \"x\" in deck\ndeck.yaml:3:9: YAML aliases (*name) are not supported; write the value out"},
		{"empty file", "\n\n", "deck.yaml: file is empty"},
		{"only a comment", "# nothing\n", "deck.yaml: file holds no YAML document"},
		{"binary", "sections:\x00\n", "deck.yaml:1:10: file is binary (it holds a NUL byte), not a text file"},
	}
	runParseErrors(t, "deck.yaml", cardsdb.ParseDeckYAML, tests)
}

// runParseErrors parses each case's input as file with parse, wanting the
// error tc.want, no list beside it, and ErrNoCards exactly when the
// message says the deck holds no cards.
func runParseErrors(t *testing.T, file string, parse func(string, []byte) (*cardsdb.DeckList, error), tests []struct{ name, in, want string }) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := parse(file, []byte(tc.in))
			if err == nil {
				t.Fatalf("no error; parsed %+v", l)
			}
			if l != nil {
				t.Errorf("a list together with the error: %+v", l)
			}
			if err.Error() != tc.want {
				t.Errorf("error\n got: %s\nwant: %s", err, tc.want)
			}
			if errors.Is(err, cardsdb.ErrNoCards) != strings.HasSuffix(tc.want, "holds no cards") {
				t.Errorf("errors.Is(%v, ErrNoCards) = %v", err, errors.Is(err, cardsdb.ErrNoCards))
			}
		})
	}
}

// TestYAMLSyntaxErrorLine checks where a YAML syntax error points: at a
// line the problem spans, from the line that opens the unfinished
// construct to the line where the parser gives up, never before it.
func TestYAMLSyntaxErrorLine(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		from, to int
	}{
		{"bad indentation", "sections:\n  main:\n    - A\n   - B\n", 2, 4},
		{"unclosed flow sequence", "game: x\nsections:\n  main: [A, B\n", 3, 4},
		{"unclosed flow mapping", "game: x\nname: D\nsections: {main: [A]\nnotes: n\n", 3, 5},
		{"unclosed quote", "game: x\nname: \"D\nsections: {main: [A]}\n", 2, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := cardsdb.ParseDeckYAML("deck.yaml", []byte(tc.in))
			var e *cardsdb.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is not a *cardsdb.Error", err)
			}
			if !strings.HasPrefix(e.Msg, "invalid YAML: ") {
				t.Errorf("message %q does not say invalid YAML", e.Msg)
			}
			if e.Pos.Line < tc.from || e.Pos.Line > tc.to {
				t.Errorf("%v: line %d, want a line from %d to %d\ninput:\n%s", err, e.Pos.Line, tc.from, tc.to, tc.in)
			}
		})
	}
}

// TestParseDeckYAMLEmptyName: a YAML deck may not name an empty card, in
// any of its forms; the error points at the empty name's line.
func TestParseDeckYAMLEmptyName(t *testing.T) {
	tests := []struct{ name, in string }{
		{"line", "sections:\n  main:\n    - A\n    - \"\"\n"},
		{"name and count", "sections:\n  main:\n    - A\n    - {name: \"\", count: 2}\n"},
		{"mapping", "sections:\n  main:\n    A: 1\n    \"\": 1\n"},
		{"mapping of spaces", "sections:\n  main:\n    A: 1\n    \"  \": 2\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := cardsdb.ParseDeckYAML("deck.yaml", []byte(tc.in))
			if err == nil {
				t.Fatalf("no error; entries %+v", l.Entries)
			}
			if !strings.HasPrefix(err.Error(), "deck.yaml:4:") {
				t.Errorf("error %q does not point at line 4", err)
			}
		})
	}
}

// IsYAMLDeck is the one sniffer for decks without a file name (validate -,
// print -, the web page): a YAML deck has a top-level sections: key or a
// packs: list; a decklist's "packs: a, b" line and its section headers do
// not make it one.
func TestIsYAMLDeck(t *testing.T) {
	for _, tc := range []struct {
		text string
		yaml bool
	}{
		{"game: seeker-chronicles\nsections:\n  Stack:\n    - {name: Comet, count: 3}\n", true},
		{"sections:\r\n  main: {Gutter Crew: 2}\r\n", true},
		{"game: arkhtide\npacks:\n  - core\n", true},
		{"game: arkhtide\npacks: [core]\n", true},
		{"game: arkhtide\npacks: core, expansion\n", false},
		{"game: seeker-chronicles\nStack:\n3 Comet\n", false},
		{"  sections:\n", false},
		{"", false},
	} {
		if got := cardsdb.IsYAMLDeck([]byte(tc.text)); got != tc.yaml {
			t.Errorf("IsYAMLDeck(%q) = %v, want %v", tc.text, got, tc.yaml)
		}
		l, err := cardsdb.ParseDeckData("<stdin>", []byte(tc.text))
		if err == nil && l.File != "<stdin>" {
			t.Errorf("ParseDeckData(%q) names the deck %q", tc.text, l.File)
		}
	}
}
