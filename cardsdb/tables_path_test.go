package cardsdb

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// A table's file is a path relative to game.yaml's folder, cleaned
// (./data/x.csv, data/sub/../x.csv) into a path of the game's FS; one
// that leads out of the folder is refused. The image paths of its rows
// start from the table's own folder.
func TestTablePaths(t *testing.T) {
	game := "id: g\nname: G\ncard_size: {width: 63, height: 88}\ntypes: [{id: t, name: T}]\nsections: [{id: s, name: S, types: [t]}]\ntables:\n"
	for _, tt := range []struct {
		dir, file, want, err string
	}{
		{".", "data/cards.csv", "data/cards.csv", ""},
		{".", "./data/cards.csv", "data/cards.csv", ""},
		{".", "data/sub/../cards.csv", "data/cards.csv", ""},
		{"mine", "data/cards.csv", "mine/data/cards.csv", ""},
		{".", "../other/cards.csv", "", `table file "../other/cards.csv" is outside the game's folder`},
	} {
		g, err := ParseGame("game.yaml", []byte(game+"  - {file: "+tt.file+", type: t}\n"), tt.dir)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: error %v, want %q", tt.file, err, tt.err)
			}
		case err != nil:
			t.Errorf("%s: %v", tt.file, err)
		case len(g.Tables) != 1 || g.Tables[0].File != tt.want:
			t.Errorf("%s in %s: tables %+v, want the file %s", tt.file, tt.dir, g.Tables, tt.want)
		}
	}

	g, err := ParseGame("game.yaml", []byte(game+"  - {file: data/cards.csv, type: t}\n"), ".")
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("- {name: Drake, type: t, image: art/drake.png}\n"), &doc); err != nil {
		t.Fatal(err)
	}
	if err := g.AddCardNodes("data/cards.csv", "", doc.Content[0].Content, "data"); err != nil {
		t.Fatal(err)
	}
	if c := g.Card("Drake"); c == nil || c.Image != "data/art/drake.png" {
		t.Errorf("card %+v, want its image at data/art/drake.png (beside the table)", c)
	}
}
