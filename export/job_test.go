package export_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/export"
	"github.com/deckwright/deckwright/templates"
)

// TestEveryExportCountsFacesOnce runs the four image exports over one
// deck: each distinct face is counted once among the faces of its kind,
// whether it is drawn once (PNG, MPC, TTS) or on every sheet it is on
// (Cricut), and the warnings of every face drawn are kept once: the card
// back's too, which export tts drew on its own and left uncounted in the
// warnings.
func TestEveryExportCountsFacesOnce(t *testing.T) {
	// Card 1 in 5 copies: on both Cricut sheets (4 cards a sheet).
	_, items := artGame(t, 2, []int{1, 5}, true, "  - {name: Plain, type: unit}\n")
	set, err := templates.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	// A card back whose frame layer names a picture that is not there:
	// a warning each time the back is laid out.
	back := "size: {width: 63, height: 88}\nlayers:\n  - {name: frame, image: 'frames/{{.FactionID}}.png', x: 0, y: 0, w: 63, h: 88}\nboxes:\n  - {name: game, content: \"{{.Game}}\", x: 3, y: 40, w: 57, h: 8}\n"
	if err := set.AddFS(fstest.MapFS{"card-back.yaml": {Data: []byte(back)}}, "mine/"); err != nil {
		t.Fatal(err)
	}
	opts := export.Options{Templates: set}
	const backWarning = `image "frames/.png" of layer "frame" is in neither`
	tests := []struct {
		name       string
		run        func(dir string) (*export.Result, error)
		art, text  int
		backWarned bool
	}{
		{"png", func(dir string) (*export.Result, error) {
			res, err := export.PNG(context.Background(), dir, items, export.PNGOptions{Options: opts, DPI: 50})
			return res, err
		}, 5, 1, true},
		{"tts", func(dir string) (*export.Result, error) {
			res, err := export.TTS(context.Background(), dir, items, export.TTSOptions{Options: opts})
			if err != nil {
				return nil, err
			}
			return &res.Result, nil
		}, 5, 1, true},
		{"mpc", func(dir string) (*export.Result, error) {
			res, err := export.MPC(context.Background(), dir, items, export.MPCOptions{Options: opts})
			if err != nil {
				return nil, err
			}
			return &res.Result, nil
		}, 5, 1, true},
		{"cricut", func(dir string) (*export.Result, error) {
			res, err := export.Cricut(context.Background(), dir, items, export.CricutOptions{Options: opts, DPI: 72})
			if err != nil {
				return nil, err
			}
			if res.Sheets != 2 {
				t.Errorf("cricut: %d sheets, want 2", res.Sheets)
			}
			return &res.Result, nil
		}, 3, 1, false}, // fronts only
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := tt.run(filepath.Join(t.TempDir(), "out"))
			if err != nil {
				t.Fatal(err)
			}
			if res.Cards != len(items) || res.ArtFaces != tt.art || res.TextFaces != tt.text || res.DesignedFaces != 0 {
				t.Errorf("%d cards, %d faces from art, %d text proxies, %d designed; want %d, %d, %d, 0", res.Cards, res.ArtFaces, res.TextFaces, res.DesignedFaces, len(items), tt.art, tt.text)
			}
			n := 0
			for _, w := range res.Warnings {
				if strings.Contains(w, backWarning) {
					n++
				}
			}
			if want := map[bool]int{true: 1, false: 0}[tt.backWarned]; n != want || len(res.Warnings) != want {
				t.Errorf("warnings %q; want the back's %d times and nothing else", res.Warnings, want)
			}
		})
	}
}
