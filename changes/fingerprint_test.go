package changes_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gobold"

	"github.com/deckwright/deckwright/changes"
	"github.com/deckwright/deckwright/internal/forgetest"
	_ "github.com/deckwright/deckwright/sheet" // tables:
)

// TestCompareFaces: a card changes with everything its face is drawn
// from, found as the face drawing finds it (issue 35): its art beside the
// table it comes from, its template, the frame of its faction, the
// template's font, the picture of an icon in its text, the game's
// settings the face shows; and with nothing else.
func TestCompareFaces(t *testing.T) {
	// The worked example with one card more, from a table with its art
	// beside it.
	table := forgetest.Edit{File: "game.yaml", Old: `back: {text: "Forge"}`, New: `back: {text: "Forge"}
tables:
  - {file: data/more.csv, type: unit}`}
	base := map[string][]byte{
		"data/more.csv":           []byte("name,faction,cost,power,art,text\nSlag Hound,ember,2,2,art/slag-hound.png,Fast.\n"),
		"data/art/slag-hound.png": pngOf(t, color.NRGBA{200, 80, 20, 255}),
	}
	ember := "Cinder Drake, Ash Runner, Kiln Warden, Slag Hound"
	all := "Cinder Drake, Ash Runner, Kiln Warden, Tide Caller, Reef Stalker, Pearl Oracle, Wandering Smith, Slag Hound"
	for _, tc := range []struct {
		name  string
		files map[string][]byte
		edits []forgetest.Edit
		want  string // the changed cards: "Name (what changed)", "; " between
	}{
		{name: "nothing", want: ""},
		{name: "a setting the faces do not show", edits: []forgetest.Edit{{File: "game.yaml", Old: "count: {min: 6, max: 40}", New: "count: {min: 6, max: 41}"}}, want: ""},
		{name: "the art of a table's card, beside the table",
			files: map[string][]byte{"data/art/slag-hound.png": pngOf(t, color.NRGBA{20, 80, 200, 255})},
			want:  "Slag Hound (art)"},
		{name: "the art of a cards file's card",
			files: map[string][]byte{"cards/art/kiln-warden.png": pngOf(t, color.NRGBA{1, 2, 3, 255})},
			want:  "Kiln Warden (art)"},
		{name: "the template",
			edits: []forgetest.Edit{{File: "templates/default.yaml", Old: "font: {family: title, size: 12, min_size: 8}", New: "font: {family: title, size: 11, min_size: 8}"}},
			want:  each(all, "template forge/templates/default.yaml")},
		{name: "the frame of a faction",
			files: map[string][]byte{"templates/frames/ember.png": pngOf(t, color.NRGBA{90, 10, 10, 255})},
			want:  each(ember, "image forge/templates/frames/ember.png")},
		{name: "the template's font",
			files: map[string][]byte{"templates/fonts/title.ttf": gobold.TTF},
			want:  each(all, "font forge/templates/fonts/title.ttf")},
		{name: "an icon's picture",
			files: map[string][]byte{"icons/spark.png": pngOf(t, color.NRGBA{255, 255, 0, 255})},
			want:  "Cinder Drake (icon icons/spark.png); Tide Caller (icon icons/spark.png); Wandering Smith (icon icons/spark.png)"},
		{name: "a faction's name, on the type line",
			edits: []forgetest.Edit{{File: "game.yaml", Old: "{id: tide, name: Tide}", New: "{id: tide, name: Tides}"}},
			want:  "Tide Caller (face); Reef Stalker (face); Pearl Oracle (face)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			og, ot := forgetest.Load(t, forgetest.Copy(t, base, table))
			files := map[string][]byte{}
			for k, v := range base {
				files[k] = v
			}
			for k, v := range tc.files {
				files[k] = v
			}
			ng, nt := forgetest.Load(t, forgetest.Copy(t, files, append([]forgetest.Edit{table}, tc.edits...)...))
			d, err := changes.Compare(og, ng, ot, nt)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Added)+len(d.Removed) > 0 {
				t.Errorf("added %v, removed %v", d.Added, d.Removed)
			}
			var got []string
			for _, c := range d.Changed {
				got = append(got, c.Name+" ("+strings.Join(append(c.Fields, c.Sources...), ", ")+")")
			}
			if g := strings.Join(got, "; "); g != tc.want {
				t.Errorf("changed:\n got %s\nwant %s", g, tc.want)
			}
		})
	}
}

// TestFingerprintSources: the fingerprint of a forge card names every
// file its face is drawn from.
func TestFingerprintSources(t *testing.T) {
	g, set := forgetest.Load(t, forgetest.Dir)
	fp, err := changes.Fingerprint(g, g.Card("Cinder Drake"), set)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range fp {
		if s.Sum == "" {
			t.Errorf("%s %s: no sum (not read)", s.Kind, s.Name)
		}
		side := ""
		if s.Back {
			side = "back: "
		}
		got = append(got, side+s.Kind+" "+s.Name)
	}
	// The back it prints with is the game's card back, from the bundled
	// card-back template.
	want := "template forge/templates/default.yaml, image cards/art/cinder-drake.png, image forge/templates/frames/ember.png, font forge/templates/fonts/title.ttf, icon icons/spark.png, layout , " +
		"back: template bundled:templates/card-back.yaml, back: layout "
	if g := strings.Join(got, ", "); g != want {
		t.Errorf("sources\n got %s\nwant %s", g, want)
	}
}

func each(cards, what string) string {
	var out []string
	for _, c := range strings.Split(cards, ", ") {
		out = append(out, c+" ("+what+")")
	}
	return strings.Join(out, "; ")
}

// pngOf is a small picture of one colour.
func pngOf(t *testing.T, c color.NRGBA) []byte {
	t.Helper()
	m := image.NewNRGBA(image.Rect(0, 0, 40, 30))
	for i := 0; i < len(m.Pix); i += 4 {
		m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
