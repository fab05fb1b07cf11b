package cardsdb_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"
	"unicode/utf8"

	"github.com/deckwright/deckwright/cardsdb"
	"golang.org/x/text/unicode/norm"
)

// addFiles adds the files matching the patterns to the fuzz corpus.
func addFiles(f *testing.F, patterns ...string) {
	f.Helper()
	n := 0
	for _, pat := range patterns {
		files, err := filepath.Glob(pat)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
			n++
		}
	}
	if n == 0 {
		f.Fatalf("no seed files match %v", patterns)
	}
}

// addBundled adds the bundled files matching a pattern of the bundled FS.
func addBundled(f *testing.F, pattern string) {
	f.Helper()
	fsys := cardsdb.BundledFS()
	files, err := fsGlob(fsys, pattern)
	if err != nil || len(files) == 0 {
		f.Fatalf("no bundled files match %s: %v", pattern, err)
	}
	for _, data := range files {
		f.Add(data)
	}
}

// checkErr checks that err is an input error with sensible positions: an
// *Error or an ErrorList of them, each in file, on a line of data.
func checkErr(t *testing.T, file string, data []byte, err error) {
	t.Helper()
	var list cardsdb.ErrorList
	var one *cardsdb.Error
	var errs []*cardsdb.Error
	switch {
	case errors.As(err, &list):
		errs = list
	case errors.As(err, &one):
		errs = []*cardsdb.Error{one}
	default:
		t.Fatalf("error %T is not a cardsdb error: %v", err, err)
	}
	lines := countLines(data)
	for _, e := range errs {
		if e.Pos.File != file {
			t.Errorf("error in file %q, want %q: %v", e.Pos.File, file, e)
		}
		if e.Pos.Line < 0 || e.Pos.Line > lines+1 || e.Pos.Col < 0 {
			t.Errorf("error position %v outside the %d-line input: %v", e.Pos, lines, e)
		}
		if e.Msg == "" {
			t.Errorf("error without a message at %v", e.Pos)
		}
	}
}

// checkList checks what every parsed deck list must satisfy.
func checkList(t *testing.T, data []byte, l *cardsdb.DeckList) {
	t.Helper()
	if l == nil || len(l.Entries) == 0 && len(l.Packs) == 0 {
		t.Fatalf("no error, but no entries (nor packs, for a setup): %+v", l)
	}
	lines := countLines(data)
	for _, p := range l.Packs {
		if p.Name == "" || p.Pos.Line < 1 || p.Pos.Line > lines || p.Pos.Col < 1 {
			t.Errorf("pack %+v: empty name or position outside the %d-line input", p, lines)
		}
	}
	sections := map[string]bool{}
	for _, h := range l.Sections {
		sections[h.Name] = true
	}
	for _, e := range l.Entries {
		if e.Count < 1 || e.Count > cardsdb.MaxCount {
			t.Errorf("entry %+v: count outside 1 to %d", e, cardsdb.MaxCount)
		}
		if e.Name == "" || !utf8.ValidString(e.Name) {
			t.Errorf("entry %+v: empty or invalid name", e)
		}
		if e.Pos.Line < 1 || e.Pos.Line > lines || e.Pos.Col < 1 {
			t.Errorf("entry %+v: position outside the %d-line input", e, lines)
		}
		if e.Section != "" && !sections[e.Section] {
			t.Errorf("entry %+v: section %q has no header", e, e.Section)
		}
	}
}

func FuzzParseDecklist(f *testing.F) {
	addFiles(f, "testdata/decks/*.txt", "testdata/bad/*.txt")
	for _, s := range []string{
		"3 Rogue Star", "0 Comet", "1000000000 Comet", "3x", ":", "game:\nname:\n", "2nd Law\n3 2nd Law",
		"\uFEFF3 Rogue Star\r\n", "Stack:\r\n3× Comet", "# only a comment", "9999999999999999999999 A",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := cardsdb.ParseDecklist("fuzz.txt", data)
		if err != nil {
			if l != nil {
				t.Errorf("a list together with the error %v", err)
			}
			checkErr(t, "fuzz.txt", data, err)
			return
		}
		checkList(t, data, l)
		for _, e := range l.Entries {
			// A lone CR inside a line is text (only LF and CRLF end lines).
			if strings.ContainsAny(e.Name, "#\n") || e.Name != strings.TrimSpace(e.Name) {
				t.Errorf("entry name %q holds a comment, a line break or outer spaces", e.Name)
			}
		}
	})
}

func FuzzParseDeckYAML(f *testing.F) {
	addFiles(f, "testdata/decks/*.yaml", "testdata/bad/deck-*.yaml")
	addBundled(f, "*/decks/*.yaml")
	for _, s := range []string{
		"sections: {main: [A]}", "sections: {main: {A: 3}}", "sections: {main: [{name: A, count: 2}]}",
		"x: &a [A]\nsections: {main: *a}", "sections:\n  main:\n    -\n", "- 1\n- 2", "sections: {main: [\"0 A\"]}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := cardsdb.ParseDeckYAML("fuzz.yaml", data)
		if err != nil {
			checkErr(t, "fuzz.yaml", data, err)
			return
		}
		checkList(t, data, l)
	})
}

func FuzzParseCards(f *testing.F) {
	gameData, err := os.ReadFile("testdata/seed/game.yaml")
	if err != nil {
		f.Fatal(err)
	}
	addFiles(f, "testdata/seed/cards.yaml", "testdata/bad/cards-*.yaml")
	f.Add([]byte("game: seed\ncards:\n  - {name: A, type: unit, cost: X, keywords: [fly], speed: slow}\n"))
	f.Add([]byte("game: seed\nprovisional: true\ncards:\n  - {name: A, type: hero, power: 3, back: {name: B}}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := cardsdb.ParseGame("seed.yaml", gameData, ".")
		if err != nil {
			t.Fatal(err)
		}
		err = cardsdb.ParseCards("fuzz.yaml", data, ".", g)
		if err != nil {
			checkErr(t, "fuzz.yaml", data, err)
		}
		for i, c := range g.Cards {
			if c.Index != i || c.Key != cardsdb.Fold(c.Name) {
				t.Errorf("card %d %q: index %d, key %q", i, c.Name, c.Index, c.Key)
			}
			if err != nil {
				continue
			}
			// A file without errors holds only complete cards.
			typ := g.Type(c.Type)
			if c.Key == "" || typ == nil || g.Card(c.Name) != c {
				t.Errorf("card %+v: no key, no type, or not found by its name", c)
				continue
			}
			for _, fd := range typ.Fields {
				if _, ok := c.Fields[fd.Name]; fd.Required && !ok {
					t.Errorf("card %q lacks the required field %q", c.Name, fd.Name)
				}
			}
		}
	})
}

func FuzzParseGame(f *testing.F) {
	addFiles(f, "testdata/seed/game.yaml", "testdata/bad/game-*.yaml")
	addBundled(f, "*/game.yaml")
	f.Add([]byte("id: g\nname: G\ncard_size: [63, 88]\ntypes: {unit: {fields: {cost: {kind: cost}}}}\nsections: {main: {types: [unit], count: 40}}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := cardsdb.ParseGame("fuzz.yaml", data, ".")
		if err != nil {
			if g != nil {
				t.Errorf("a game together with the error %v", err)
			}
			checkErr(t, "fuzz.yaml", data, err)
			return
		}
		// A game read without errors is complete enough to use.
		if g.ID == "" || g.Name == "" || len(g.Sections) == 0 {
			t.Errorf("game %q (%q) with %d sections read without error", g.ID, g.Name, len(g.Sections))
		}
		for _, sec := range g.Sections {
			for _, ty := range sec.Types {
				if g.Type(ty) == nil {
					t.Errorf("section %q takes the unknown type %q", sec.Name, ty)
				}
			}
		}
	})
}

func FuzzFold(f *testing.F) {
	for _, s := range []string{
		"Schrödinger's Cat", "SCHRÖDINGER’S  CAT", "Schro\u0308dinger", "Thryïnn, the Last Kindler", "Ægir's Øre",
		"Straße ẞ", "İstanbul", "Ｒｏｇｕｅ", "ﬁ", "ǅ", "Ω K Å", "\xff\xfe", "2nd Law", "",
		strings.Repeat("Nova ", 60), // past the length suggestions search
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := cardsdb.Fold(s)
		// Input files are valid UTF-8 (CheckText refuses others); on
		// invalid UTF-8, norm leaves the text undecomposed, so only valid
		// text is held to idempotence.
		if again := cardsdb.Fold(k); again != k && utf8.ValidString(s) {
			t.Errorf("Fold is not idempotent: Fold(%q) = %q, Fold of that = %q", s, k, again)
		}
		for _, r := range k {
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				t.Errorf("Fold(%q) = %q holds %q, neither a letter nor a digit", s, k, r)
			}
		}
		if utf8.ValidString(s) {
			if nfc := cardsdb.Fold(norm.NFC.String(s)); nfc != k {
				t.Errorf("Fold(%q) = %q, but Fold of its NFC form = %q", s, k, nfc)
			}
		}
		if utf8.ValidString(s) {
			// Plain ASCII names take a fast path: appending a letter that
			// decomposes sends the same text down the Unicode path.
			if got := cardsdb.Fold(s + "é"); got != k+"e" {
				t.Errorf("Fold(%q) = %q, but Fold(%q) = %q, want %q", s, k, s+"é", got, k+"e")
			}
		}
		if k != "" {
			// A name always suggests itself, first.
			if got := cardsdb.Suggest(s, []string{"Rogue Star", s}, 1); len(got) != 1 || cardsdb.Fold(got[0]) != k {
				t.Errorf("Suggest(%q, [Rogue Star, itself]) = %q", s, got)
			}
		}
	})
}

// fsGlob reads the files of fsys matching pattern.
func fsGlob(fsys fs.FS, pattern string) ([][]byte, error) {
	names, err := fs.Glob(fsys, pattern)
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		out = append(out, data)
	}
	return out, nil
}

// countLines counts the lines of data as the most generous reader does:
// YAML also breaks lines at a lone CR, NEL, LS and PS.
func countLines(data []byte) int {
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	n := 1
	for _, r := range s {
		switch r {
		case '\n', '\r', '\u0085', '\u2028', '\u2029':
			n++
		}
	}
	return n
}

// FuzzLoadFolder loads a game folder whose game.yaml is the input, with a
// cards file: a game.yaml with errors no longer stops the folder's loading
// (its cards are read and checked in the same pass), which must never
// panic on what the broken definition left half read, and must never
// give a game together with an error.
func FuzzLoadFolder(f *testing.F) {
	addFiles(f, "testdata/seed/game.yaml", "testdata/bad/game-*.yaml")
	addBundled(f, "*/game.yaml")
	f.Add([]byte("id: g\nname: G\ncard_size: {width: 63, height: 88}\ntypes: [{id: unit, name: Unit, fields: [{name: effects, kind: list}]}]\nsections: [{id: main, name: Main, types: [unit]}]\nplaytest: {hand_limit: x}\nformats: 3\n"))
	cards := []byte("game: g\ncards:\n  - {name: A, type: unit, effects: [\"points 1\", \"glow\"]}\n  - {name: B, type: unit, faction: red, cost: 2}\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{"game.yaml": {Data: data}, "cards/a.yaml": {Data: cards}}
		db := cardsdb.Empty()
		err := db.AddFS(fsys, ".", "")
		if err != nil && len(db.Games()) > 0 {
			t.Errorf("a game loaded together with the error %v", err)
		}
	})
}
