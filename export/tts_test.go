package export_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/export"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

func ttsSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	sch, err := jsonschema.NewCompiler().Compile(filepath.Join("testdata", "tts-saved-object.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// ttsSaved is what the test reads back of the saved object.
type ttsSaved struct {
	ObjectStates []struct {
		Name             string
		Nickname         string
		DeckIDs          []int
		CustomDeck       map[string]export.TTSCustomDeck
		ContainedObjects []ttsCard
	}
}

type ttsCard struct {
	Nickname   string
	CardID     int
	CustomDeck map[string]export.TTSCustomDeck
	States     map[string]ttsCard
}

func TestTTSGrid(t *testing.T) {
	for _, tc := range []struct{ n, cols, rows int }{
		{1, 2, 2}, {3, 4, 2}, {9, 10, 2}, {10, 10, 2}, {19, 10, 2}, {20, 10, 3}, {69, 10, 7},
	} {
		cols, rows := export.TTSGrid(tc.n)
		if cols != tc.cols || rows != tc.rows {
			t.Errorf("TTSGrid(%d) = %dx%d, want %dx%d", tc.n, cols, rows, tc.cols, tc.rows)
		}
		if cols*rows <= tc.n {
			t.Errorf("TTSGrid(%d): no free last slot", tc.n)
		}
	}
	if got := export.TTSCardPixels(cardsdb.Size{W: 63, H: 88}); got != image.Pt(409, 571) {
		t.Errorf("poker card on a sheet: %v", got)
	}
	if got := export.TTSCardPixels(cardsdb.Size{W: 70, H: 120}); got != image.Pt(341, 585) {
		t.Errorf("tarot-ish card on a sheet: %v", got)
	}
}

func TestTTS(t *testing.T) {
	// 75 distinct cards and a double-faced one: 77 faces, two sheets.
	copies := make([]int, 75)
	for i := range copies {
		copies[i] = 1
	}
	copies[0], copies[74] = 3, 2
	_, items := artGame(t, 75, copies, true, "")
	dir := filepath.Join(t.TempDir(), "tts")
	res, err := export.TTS(context.Background(), dir, items, export.TTSOptions{Name: "Art Deck"})
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 79 || res.Cards != 79 {
		t.Fatalf("%d items, %d cards", len(items), res.Cards)
	}
	want := []string{"art-deck.json", "back.png", "sheet-1.png", "sheet-2.png"}
	if got := files(t, dir); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("files %v, want %v", got, want)
	}
	if res.Grids[0] != [2]int{10, 7} || res.Grids[1] != [2]int{9, 2} {
		t.Errorf("grids %v", res.Grids)
	}

	// The sheets: sizes, and card k's art at slot k.
	sheets := []*image.NRGBA{readImage(t, filepath.Join(dir, "sheet-1.png")), readImage(t, filepath.Join(dir, "sheet-2.png"))}
	for s, img := range sheets {
		w, h := res.Grids[s][0]*409, res.Grids[s][1]*571
		if img.Bounds().Size() != image.Pt(w, h) || w > 4096 || h > 4096 {
			t.Errorf("sheet %d is %v, want %dx%d (at most 4096)", s+1, img.Bounds().Size(), w, h)
		}
	}
	at := func(f export.TTSCard) (*image.NRGBA, image.Point) {
		cols := res.Grids[f.Sheet-1][0]
		return sheets[f.Sheet-1], image.Pt(f.Slot%cols*409+204, f.Slot/cols*571+285)
	}
	for i, f := range res.Faces {
		var c = colorOf(i)
		switch {
		case f.Name == "Twin":
			c = colorOf(500)
		case f.Name == "Twin Reversed":
			c = colorOf(2000)
		}
		img, p := at(f)
		if got := img.NRGBAAt(p.X, p.Y); !near(got, c) {
			t.Errorf("face %d (%s) at sheet %d slot %d shows %v, want %v", i, f.Name, f.Sheet, f.Slot, got, c)
		}
	}
	// The last slot of a full sheet stays empty for the hidden card.
	if got := sheets[0].NRGBAAt(9*409+204, 6*571+285); got != (color.NRGBA{255, 255, 255, 255}) {
		t.Errorf("slot 70 of sheet 1 is %v, want empty", got)
	}
	if got := readImage(t, filepath.Join(dir, "back.png")); !near(got.NRGBAAt(200, 280), colorOf(1000)) || got.Bounds().Size() != image.Pt(409, 571) {
		t.Errorf("back image %v, %v", got.Bounds().Size(), got.NRGBAAt(200, 280))
	}

	// The saved object: valid against the schema, and its cards are the
	// deck's in order with the right IDs.
	data, err := os.ReadFile(filepath.Join(dir, "art-deck.json"))
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := ttsSchema(t).Validate(inst); err != nil {
		t.Fatalf("saved object does not match the schema: %v", err)
	}
	var saved ttsSaved
	if err := json.Unmarshal(data, &saved); err != nil {
		t.Fatal(err)
	}
	deck := saved.ObjectStates[0]
	if deck.Name != "DeckCustom" || deck.Nickname != "Art Deck" || len(deck.ContainedObjects) != 79 || len(deck.DeckIDs) != 79 {
		t.Fatalf("deck %s %q with %d cards, %d ids", deck.Name, deck.Nickname, len(deck.ContainedObjects), len(deck.DeckIDs))
	}
	abs, _ := filepath.Abs(dir)
	if got, want := deck.CustomDeck["2"].FaceURL, "file:///"+strings.TrimLeft(filepath.ToSlash(abs), "/")+"/sheet-2.png"; got != want {
		t.Errorf("FaceURL %q, want %q", got, want)
	}
	if cd := deck.CustomDeck["1"]; cd.NumWidth != 10 || cd.NumHeight != 7 || !cd.BackIsHidden || !strings.HasSuffix(cd.BackURL, "/back.png") {
		t.Errorf("CustomDeck 1: %+v", cd)
	}
	for i, o := range deck.ContainedObjects {
		if deck.DeckIDs[i] != o.CardID {
			t.Errorf("DeckIDs[%d] = %d, card %d", i, deck.DeckIDs[i], o.CardID)
		}
		if _, ok := o.CustomDeck[strconv.Itoa(o.CardID/100)]; !ok || len(o.CustomDeck) != 1 {
			t.Errorf("card %s (%d) has custom decks %v", o.Nickname, o.CardID, o.CustomDeck)
		}
	}
	byName := map[string]ttsCard{}
	count := map[string]int{}
	for _, o := range deck.ContainedObjects {
		byName[o.Nickname] = o
		count[o.Nickname]++
	}
	if count["Card 0"] != 3 || count["Card 74"] != 2 || byName["Card 0"].CardID != 100 || byName["Card 68"].CardID != 168 || byName["Card 69"].CardID != 200 || byName["Card 74"].CardID != 205 {
		t.Errorf("card ids: Card 0 ×%d id %d, Card 68 %d, Card 69 %d, Card 74 ×%d id %d", count["Card 0"], byName["Card 0"].CardID, byName["Card 68"].CardID, byName["Card 69"].CardID, count["Card 74"], byName["Card 74"].CardID)
	}
	twin := byName["Twin"]
	if twin.CardID != 206 || twin.States["2"].Nickname != "Twin Reversed" || twin.States["2"].CardID != 207 {
		t.Errorf("double-faced card: %+v", twin)
	}

	t.Run("url prefix and jpeg", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "hosted")
		res, err := export.TTS(context.Background(), dir, items[:5], export.TTSOptions{Format: "jpeg", URLPrefix: "https://example.org/decks/"})
		if err != nil {
			t.Fatal(err)
		}
		if res.Sheets[0] != "sheet-1.jpg" || res.Back != "back.jpg" || res.Object != "deck.json" {
			t.Errorf("files %v", res.Files)
		}
		data, _ := os.ReadFile(filepath.Join(dir, "deck.json"))
		if !bytes.Contains(data, []byte(`"FaceURL": "https://example.org/decks/sheet-1.jpg"`)) {
			t.Errorf("no hosted FaceURL in %s", data)
		}
	})
	t.Run("bad format", func(t *testing.T) {
		if _, err := export.TTS(context.Background(), filepath.Join(t.TempDir(), "x"), items, export.TTSOptions{Format: "gif"}); err == nil {
			t.Error("no error")
		}
	})
}

// quadrants is art whose quarters have different colours: top left
// black, top right red, bottom left blue, bottom right magenta.
func quadrants(t testing.TB, w, h int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBA{0, 0, 0, 255}
			if x >= w/2 {
				c.R = 255
			}
			if y >= h/2 {
				c.B = 255
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestTTSLandscape: a landscape card (an Arkhtide Realm) lies as it is
// read on a sheet of landscape slots of its own, and is a SidewaysCard,
// which Tabletop Simulator shows as a horizontal card (issue 25 item 17);
// its back is the game's back turned to lie the same way. Portrait cards
// of the same deck stay on portrait sheets, and the deck, which holds
// both, is not sideways.
//
// A card of a portrait type with its own landscape: true (what import pnp
// writes for a card that lay landscape) is exported as the realm is.
func TestTTSLandscape(t *testing.T) {
	for _, wide := range []string{"{name: Wide, type: realm, image: wide.png}", "{name: Wide, type: unit, landscape: true, image: wide.png}"} {
		t.Run(wide, func(t *testing.T) { testTTSLandscape(t, wide) })
	}
}

func testTTSLandscape(t *testing.T, wide string) {
	fsys := fstest.MapFS{
		"game.yaml":       {Data: []byte("id: land\nname: Land\ncard_size: {width: 63, height: 88}\ntypes:\n  - {id: realm, name: Realm, landscape: true}\n  - {id: unit, name: Unit}\nsections:\n  - {id: main, name: Main, types: [realm, unit]}\n")},
		"cards/core.yaml": {Data: []byte("game: land\ncards:\n  - " + wide + "\n  - {name: Tall, type: unit}\n")},
		"cards/wide.png":  {Data: quadrants(t, 880, 630)},
	}
	db := cardsdb.Empty()
	if err := db.AddFS(fsys, ".", "test:"); err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("land")
	dir := filepath.Join(t.TempDir(), "land")
	res, err := export.TTS(context.Background(), dir, []cardface.Item{cardface.CardItem(g, g.Cards[0]), cardface.CardItem(g, g.Cards[1])}, export.TTSOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(res.Sheets, " ") != "sheet-1.png sheet-2.png" || res.SidewaysBack != "back-sideways.png" {
		t.Fatalf("sheets %v, sideways back %q", res.Sheets, res.SidewaysBack)
	}
	if s := readImage(t, filepath.Join(dir, "sheet-1.png")).Bounds().Size(); s != image.Pt(2*409, 2*571) {
		t.Errorf("the portrait card's sheet is %v, want 2x2 slots of 409x571", s)
	}
	sheet := readImage(t, filepath.Join(dir, "sheet-2.png"))
	if s := sheet.Bounds().Size(); s != image.Pt(2*409, 2*293) {
		t.Errorf("the landscape card's sheet is %v, want 2x2 slots of 409x293", s)
	}
	for _, tc := range []struct {
		at   image.Point
		want color.NRGBA
	}{
		{image.Pt(100, 70), color.NRGBA{0, 0, 0, 255}},      // top left of the art: top left of the slot
		{image.Pt(300, 70), color.NRGBA{255, 0, 0, 255}},    // top right
		{image.Pt(100, 220), color.NRGBA{0, 0, 255, 255}},   // bottom left
		{image.Pt(300, 220), color.NRGBA{255, 0, 255, 255}}, // bottom right
	} {
		if got := sheet.NRGBAAt(tc.at.X, tc.at.Y); !near(got, tc.want) {
			t.Errorf("slot pixel %v is %v, want %v", tc.at, got, tc.want)
		}
	}
	if s := readImage(t, filepath.Join(dir, "back-sideways.png")).Bounds().Size(); s.X <= s.Y {
		t.Errorf("the sideways back is %v, want it wider than tall", s)
	}
	var save struct {
		ObjectStates []struct {
			SidewaysCard     bool
			Transform        struct{ ScaleX, ScaleY, ScaleZ float64 }
			CustomDeck       map[string]struct{ FaceURL, BackURL string }
			ContainedObjects []struct {
				Nickname     string
				SidewaysCard bool
				CardID       int
			}
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, res.Object))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &save); err != nil {
		t.Fatal(err)
	}
	deck := save.ObjectStates[0]
	if deck.SidewaysCard {
		t.Error("a deck of portrait and landscape cards is sideways")
	}
	if tr := deck.Transform; tr.ScaleX != 1.112 || tr.ScaleZ != 1.112 || tr.ScaleY != 1 {
		t.Errorf("deck scale %+v, want 1.112 across (63x88 mm against TTS's 56x80 at scale 1) and 1 thick", tr)
	}
	for _, c := range deck.ContainedObjects {
		if want := c.Nickname == "Wide"; c.SidewaysCard != want {
			t.Errorf("%s: SidewaysCard %v, want %v", c.Nickname, c.SidewaysCard, want)
		}
	}
	if b := deck.CustomDeck["2"].BackURL; !strings.HasSuffix(b, "/back-sideways.png") {
		t.Errorf("the landscape sheet's back is %s", b)
	}
	if b := deck.CustomDeck["1"].BackURL; !strings.HasSuffix(b, "/back.png") {
		t.Errorf("the portrait sheet's back is %s", b)
	}
}

// TestTTSFileURL: the images' file:/// URLs escape what a URL cannot hold,
// so that a folder named with a space or '#' loads (issue 25 item 17).
func TestTTSFileURL(t *testing.T) {
	_, items := artGame(t, 1, nil, false, "")
	dir := filepath.Join(t.TempDir(), "My Decks #2")
	res, err := export.TTS(context.Background(), dir, items, export.TTSOptions{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, res.Object))
	if err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(dir)
	want := "file://" + strings.ReplaceAll(strings.ReplaceAll(filepath.ToSlash(abs), " ", "%20"), "#", "%23") + "/sheet-1.png"
	if !bytes.Contains(data, []byte(`"FaceURL": "`+want+`"`)) {
		t.Errorf("saved object does not hold FaceURL %s:\n%s", want, data)
	}
	u, err := url.Parse(want)
	if err != nil || u.Path != filepath.ToSlash(abs)+"/sheet-1.png" {
		t.Errorf("the URL reads back as %v, %v", u, err)
	}
}

func TestTTSScale(t *testing.T) {
	for _, tc := range []struct {
		card cardsdb.Size
		want float64
	}{
		{cardsdb.Size{W: 63, H: 88}, 1.112},
		{cardsdb.Size{W: 88, H: 63}, 1.112},
		{cardsdb.Size{W: 56, H: 80}, 1},
		{cardsdb.Size{W: 70, H: 120}, 1.369},
	} {
		if got := export.TTSScale(tc.card); got != tc.want {
			t.Errorf("TTSScale(%v) = %g, want %g", tc.card, got, tc.want)
		}
	}
}

// TestTTSScaleOne reckons the deck's scale from the size of a card at
// scale 1 given in the options: a 63x88 mm card against one of 63x88 is
// scale 1.
func TestTTSScaleOne(t *testing.T) {
	g := &cardsdb.Game{ID: "x", Name: "X", CardSize: cardsdb.Size{W: 63, H: 88}}
	items := []cardface.Item{cardface.CardItem(g, &cardsdb.Card{Name: "Alpha", Type: "unit"})}
	dir := filepath.Join(t.TempDir(), "tts")
	res, err := export.TTS(context.Background(), dir, items, export.TTSOptions{ScaleOne: cardsdb.Size{W: 63, H: 88}})
	if err != nil {
		t.Fatal(err)
	}
	var save struct {
		ObjectStates []struct {
			Transform struct{ ScaleX, ScaleZ float64 }
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, res.Object))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &save); err != nil {
		t.Fatal(err)
	}
	if tr := save.ObjectStates[0].Transform; tr.ScaleX != 1 || tr.ScaleZ != 1 {
		t.Errorf("deck scale %+v, want 1 (the card is the size of one at scale 1)", tr)
	}
}
