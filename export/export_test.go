package export_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/jpeg" // MPC art images
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/export"
)

// colorOf is the colour of card i's art: distinct for every card, so the
// test can tell which card an image shows.
func colorOf(i int) color.NRGBA {
	return color.NRGBA{uint8(37 * (i + 1) % 256), uint8(91 * (i + 3) % 256), uint8(53 * (i + 7) % 256), 255}
}

func flatPNG(t testing.TB, w, h int, c color.NRGBA) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// artGame is a game of n cards, card i with art of colorOf(i), a back
// image of colorOf(1000), and (twin) a double-faced card "Twin" whose
// second face has colorOf(2000). It returns the game and the deck that
// holds copies[i] of card i (1 when copies is short) and one Twin.
func artGame(t testing.TB, n int, copies []int, twin bool, extra string) (*cardsdb.Game, []cardface.Item) {
	t.Helper()
	fsys := fstest.MapFS{
		"game.yaml": {Data: []byte(`id: art
name: Art Game
card_size: {width: 63, height: 88}
back: {image: art/back.png}
types:
  - {id: unit, name: Unit}
sections:
  - {id: main, name: Main, types: [unit], count: {min: 1}, copies: 3}
`)},
		"art/back.png":         {Data: flatPNG(t, 63, 88, colorOf(1000))},
		"cards/art/broken.png": {Data: []byte("\x89PNG\r\n\x1a\n broken")},
	}
	var cards strings.Builder
	cards.WriteString("game: art\ncards:\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&cards, "  - {name: Card %d, type: unit, image: art/c%d.png}\n", i, i)
		fsys[fmt.Sprintf("cards/art/c%d.png", i)] = &fstest.MapFile{Data: flatPNG(t, 63, 88, colorOf(i))}
	}
	if twin {
		cards.WriteString("  - {name: Twin, type: unit, image: art/twin.png, back: {name: Twin Reversed, image: art/twin-b.png}}\n")
		fsys["cards/art/twin.png"] = &fstest.MapFile{Data: flatPNG(t, 63, 88, colorOf(500))}
		fsys["cards/art/twin-b.png"] = &fstest.MapFile{Data: flatPNG(t, 63, 88, colorOf(2000))}
	}
	cards.WriteString(extra)
	fsys["cards/core.yaml"] = &fstest.MapFile{Data: []byte(cards.String())}
	db := cardsdb.Empty()
	if err := db.AddFS(fsys, ".", "test:"); err != nil {
		t.Fatal(err)
	}
	g, ok := db.Game("art")
	if !ok {
		t.Fatal("no game")
	}
	var items []cardface.Item
	for i, c := range g.Cards {
		k := 1
		if i < len(copies) {
			k = copies[i]
		}
		for range k {
			items = append(items, cardface.CardItem(g, c))
		}
	}
	return g, items
}

// readImage reads a PNG or JPEG file.
func readImage(t *testing.T, path string) *image.NRGBA {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	n, ok := img.(*image.NRGBA)
	if !ok {
		b := img.Bounds()
		n = image.NewNRGBA(b)
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				n.Set(x, y, img.At(x, y))
			}
		}
	}
	return n
}

// near reports whether c is within 4 of want in every channel.
func near(c, want color.NRGBA) bool {
	d := func(a, b uint8) bool { return int(a)-int(b) <= 4 && int(b)-int(a) <= 4 }
	return d(c.R, want.R) && d(c.G, want.G) && d(c.B, want.B)
}

// files lists the files an export wrote into dir, leaving out its
// manifest (see TestExportReplacesItsOwnOutput).
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() != ".deckwright-files" {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestPNG(t *testing.T) {
	_, items := artGame(t, 3, []int{2, 1, 1}, true, "")
	dir := filepath.Join(t.TempDir(), "png")
	res, err := export.PNG(context.Background(), dir, items, export.PNGOptions{DPI: 100})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"001-card-0.png", "002-card-0.png", "003-card-1.png", "004-card-2.png", "005-twin-back.png", "005-twin.png", "back.png"}
	if got := files(t, dir); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("files %v, want %v", got, want)
	}
	if strings.Join(res.Files, " ") != strings.Join(want, " ") {
		t.Errorf("Result.Files %v", res.Files)
	}
	colors := map[string]color.NRGBA{
		"001-card-0.png": colorOf(0), "002-card-0.png": colorOf(0), "003-card-1.png": colorOf(1),
		"004-card-2.png": colorOf(2), "005-twin.png": colorOf(500), "005-twin-back.png": colorOf(2000),
		"back.png": colorOf(1000),
	}
	for name, c := range colors {
		img := readImage(t, filepath.Join(dir, name))
		if s := img.Bounds().Size(); s != image.Pt(248, 346) {
			t.Errorf("%s is %v, want 248x346 (63x88 mm at 100 DPI)", name, s)
		}
		if got := img.NRGBAAt(120, 170); !near(got, c) {
			t.Errorf("%s shows %v, want %v", name, got, c)
		}
	}

	t.Run("unique, with bleed", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "u")
		if _, err := export.PNG(context.Background(), dir, items, export.PNGOptions{DPI: 100, Bleed: 3, Unique: true}); err != nil {
			t.Fatal(err)
		}
		want := []string{"001-card-0.png", "002-card-1.png", "003-card-2.png", "004-twin-back.png", "004-twin.png", "back.png"}
		if got := files(t, dir); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("files %v, want %v", got, want)
		}
		if s := readImage(t, filepath.Join(dir, "001-card-0.png")).Bounds().Size(); s != image.Pt(272, 370) {
			t.Errorf("size with bleed %v, want 272x370", s)
		}
	})
}

// TestPNGTextProxyBleed: export png --bleed gives a text proxy the same
// bleed as export mpc (issue 25 item 18): its edge, the frame, runs on into
// the bleed, so a cut a little off shows the frame, not a white sliver.
// Before, the bleed of a text proxy was left white.
func TestPNGTextProxyBleed(t *testing.T) {
	g := &cardsdb.Game{ID: "x", Name: "X", CardSize: cardsdb.Size{W: 63, H: 88}}
	items := []cardface.Item{cardface.CardItem(g, &cardsdb.Card{Name: "Alpha", Type: "unit"})}
	dir := filepath.Join(t.TempDir(), "png")
	if _, err := export.PNG(context.Background(), dir, items, export.PNGOptions{DPI: 300, Bleed: 3}); err != nil {
		t.Fatal(err)
	}
	img := readImage(t, filepath.Join(dir, "001-alpha.png"))
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	// 3 mm at 300 DPI is 35 px of bleed; 40 px in is inside the trim line.
	for _, p := range [][4]int{{5, h / 2, 40, h / 2}, {w - 6, h / 2, w - 41, h / 2}, {w / 2, 5, w / 2, 40}, {w / 2, h - 6, w / 2, h - 41}, {0, 0, 40, 40}} {
		in, bleed := img.NRGBAAt(p[2], p[3]), img.NRGBAAt(p[0], p[1])
		if near(in, color.NRGBA{255, 255, 255, 255}) || !near(bleed, in) {
			t.Errorf("text proxy: bleed pixel (%d,%d) is %v, the trim's edge at (%d,%d) %v; want the edge's colour, not white", p[0], p[1], bleed, p[2], p[3], in)
		}
	}
}

func TestMissingArtWritesNothing(t *testing.T) {
	_, items := artGame(t, 2, nil, false, "  - {name: Lost, type: unit, image: art/lost.png}\n  - {name: Broken, type: unit, image: art/broken.png}\n")
	dir := filepath.Join(t.TempDir(), "out")
	for name, run := range map[string]func() error{
		"png": func() error {
			_, err := export.PNG(context.Background(), dir, items, export.PNGOptions{DPI: 50})
			return err
		},
		"tts": func() error { _, err := export.TTS(context.Background(), dir, items, export.TTSOptions{}); return err },
		"mpc": func() error { _, err := export.MPC(context.Background(), dir, items, export.MPCOptions{}); return err },
	} {
		err := run()
		var ae *export.ArtError
		if !errors.As(err, &ae) || len(ae.Errs) != 2 {
			t.Errorf("%s: error %v, want an ArtError naming the 2 cards", name, err)
			continue
		}
		if !strings.Contains(err.Error(), "\n\tLost: art \"cards/art/lost.png\": open: file does not exist") || !strings.Contains(err.Error(), "\n\tBroken: art \"cards/art/broken.png\": ") {
			t.Errorf("%s: message %q", name, err)
		}
		if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: the output folder exists after a failure", name)
		}
		if left, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".out.tmp-*")); len(left) > 0 {
			t.Errorf("%s: temporary folders left: %v", name, left)
		}
	}
}

func TestSlugsAndNumbers(t *testing.T) {
	g := &cardsdb.Game{ID: "x", Name: "X", CardSize: cardsdb.Size{W: 63, H: 88}}
	var items []cardface.Item
	for _, n := range []string{"Æther Vial", "  ", "Hierophant Ysolde: Marrowtide!", "ŻÓŁW № 5", "a/../../etc/passwd"} {
		items = append(items, cardface.CardItem(g, &cardsdb.Card{Name: n, Type: "unit"}))
	}
	dir := filepath.Join(t.TempDir(), "s")
	if _, err := export.PNG(context.Background(), dir, items, export.PNGOptions{DPI: 20}); err != nil {
		t.Fatal(err)
	}
	want := []string{"001-æther-vial.png", "002-card.png", "003-hierophant-ysolde-marrowtide.png", "004-zołw-no-5.png", "005-a-etc-passwd.png", "back.png"}
	if got := files(t, dir); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("files %v, want %v", got, want)
	}
}

// TestExportReplacesItsOwnOutput: a second export into the folder of a
// first replaces the first's files (removing those it does not write
// again, issue 25 item 12) and says so, leaves the user's own files alone,
// refuses to write over a file no export wrote, and makes folders 0755.
func TestExportReplacesItsOwnOutput(t *testing.T) {
	_, items := artGame(t, 3, nil, false, "")
	dir := filepath.Join(t.TempDir(), "png")
	if _, err := export.PNG(context.Background(), dir, items, export.PNGOptions{DPI: 20}); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(dir); err != nil || st.Mode().Perm() != 0o755 {
		t.Errorf("output folder: %v %v, want permission 0755", st.Mode(), err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := export.PNG(context.Background(), dir, items[:1], export.PNGOptions{DPI: 20})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"001-card-0.png", "back.png", "notes.txt"}
	if got := files(t, dir); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("after a second export: files %v, want %v", got, want)
	}
	note := dir + " held an earlier export: replaced 2 of its files and removed 2 files this export does not write (other files are left alone)"
	if strings.Join(res.Notes, "\n") != note {
		t.Errorf("notes %q, want %q", res.Notes, note)
	}
	// The same export again replaces its files and removes none: the note
	// says nothing of "removed 0 files".
	res, err = export.PNG(context.Background(), dir, items[:1], export.PNGOptions{DPI: 20})
	if err != nil {
		t.Fatal(err)
	}
	note = dir + " held an earlier export: replaced 2 of its files (other files are left alone)"
	if strings.Join(res.Notes, "\n") != note {
		t.Errorf("notes %q, want %q", res.Notes, note)
	}
	if err := os.WriteFile(filepath.Join(dir, "sheet-1.png"), []byte("mine too"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := export.TTS(context.Background(), dir, items, export.TTSOptions{}); err == nil || !strings.Contains(err.Error(), "sheet-1.png was not written by deckwright") {
		t.Errorf("export over a file no export wrote: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "sheet-1.png")); string(b) != "mine too" {
		t.Errorf("the user's file was replaced")
	}
}

// TestExportLinkInFolder: an MPC export into a folder whose fronts is a
// link to another folder fails and writes nothing there (issue 25 item 4).
func TestExportLinkInFolder(t *testing.T) {
	_, items := artGame(t, 2, nil, false, "")
	base := t.TempDir()
	dir, elsewhere := filepath.Join(base, "mpc"), filepath.Join(base, "elsewhere")
	for _, d := range []string{dir, elsewhere} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("../elsewhere", filepath.Join(dir, "fronts")); err != nil {
		t.Skip(err)
	}
	_, err := export.MPC(context.Background(), dir, items, export.MPCOptions{})
	if err == nil || !strings.Contains(err.Error(), "fronts: it is a symbolic link") {
		t.Errorf("got %v, want a refusal naming the link", err)
	}
	if got := files(t, elsewhere); len(got) > 0 {
		t.Errorf("written through the link: %v", got)
	}
}
