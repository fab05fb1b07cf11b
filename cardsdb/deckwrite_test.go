package cardsdb

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// plain is what a round trip keeps of a list: everything but positions
// and the file name.
type plainList struct {
	Game, Name, Variant, Format string
	Players                     int
	Packs                       []string
	Sections                    []string
	Entries                     []string
}

func plain(l *DeckList) plainList {
	p := plainList{Game: l.Game, Name: l.Name, Variant: l.Variant, Format: l.Format, Players: l.Players}
	for _, pk := range l.Packs {
		p.Packs = append(p.Packs, pk.Name)
	}
	for _, s := range l.Sections {
		p.Sections = append(p.Sections, s.Name)
	}
	for _, e := range l.Entries {
		p.Entries = append(p.Entries, e.Section+"|"+e.Name+"|"+strconv.Itoa(e.Count))
	}
	return p
}

func TestDeckListRoundTrip(t *testing.T) {
	db, err := LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range db.Games() {
		for _, name := range g.DeckNames() {
			l, err := db.BundledDeck(g.ID + "/" + name)
			if err != nil {
				t.Fatal(err)
			}
			t.Run(g.ID+"/"+name, func(t *testing.T) {
				n++
				text, err := l.Text()
				if err != nil {
					t.Fatal(err)
				}
				back, err := ParseDecklist("x.txt", []byte(text))
				if err != nil {
					t.Fatalf("%v\n%s", err, text)
				}
				if back.Game == "" {
					back.Game = l.Game
				}
				if got, want := plain(back), plain(l); !reflect.DeepEqual(got, want) {
					t.Errorf("decklist round trip:\n got %+v\nwant %+v\n%s", got, want, text)
				}
				y, err := back.YAML()
				if err != nil {
					t.Fatal(err)
				}
				again, err := ParseDeckYAML("x.yaml", y)
				if err != nil {
					t.Fatalf("%v\n%s", err, y)
				}
				if got, want := plain(again), plain(l); !reflect.DeepEqual(got, want) {
					t.Errorf("YAML round trip:\n got %+v\nwant %+v\n%s", got, want, y)
				}
				// Straight to YAML, the sample mark and the notes are kept too.
				y, err = l.YAML()
				if err != nil {
					t.Fatal(err)
				}
				direct, err := ParseDeckYAML("x.yaml", y)
				if err != nil {
					t.Fatalf("%v\n%s", err, y)
				}
				if !reflect.DeepEqual(plain(direct), plain(l)) || direct.Sample != l.Sample || direct.Notes != l.Notes {
					t.Errorf("YAML of the bundled deck:\n got %+v %v %q\nwant %+v %v %q", plain(direct), direct.Sample, direct.Notes, plain(l), l.Sample, l.Notes)
				}
			})
		}
	}
	if n < 10 {
		t.Errorf("only %d bundled decks", n)
	}
}

func TestDeckListWriteRefuses(t *testing.T) {
	l := &DeckList{Entries: []Entry{{Name: "Odd #1", Count: 1, Section: "main"}}}
	if _, err := l.Text(); err == nil || !strings.Contains(err.Error(), "keep the deck as YAML") {
		t.Errorf("Text with # in a name: %v", err)
	}
	l = &DeckList{Entries: []Entry{{Name: "Loose", Count: 1, Pos: Pos{File: "x.txt", Line: 2, Col: 1}}}}
	if _, err := l.YAML(); err == nil || !strings.Contains(err.Error(), "x.txt:2:1") {
		t.Errorf("YAML with a card before any section: %v", err)
	}
	// A name YAML must quote survives.
	l = &DeckList{Game: "g", Entries: []Entry{{Name: "Yes: No", Count: 2, Section: "main"}, {Name: "'quoted' \"both\"", Count: 1, Section: "main"}}}
	y, err := l.YAML()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseDeckYAML("x.yaml", y)
	if err != nil || back.Entries[0].Name != "Yes: No" || back.Entries[1].Name != "'quoted' \"both\"" || back.Entries[0].Count != 2 {
		t.Errorf("%v %+v\n%s", err, back, y)
	}
}
