package pnp

import (
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/validate"
)

// art draws a distinct face for id: a background colour and a block whose
// place depends on id; noise adds a small per-pixel change (a second cut
// of the same art is never pixel-identical).
func art(id int, noise int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 126, 176))
	bg := color.RGBA{uint8(40 + 50*(id%4)), uint8(60 + 40*(id/4%4)), uint8(200 - 30*(id%5)), 255}
	bx, by := 10+(id*17)%80, 10+(id*29)%120
	for y := 0; y < 176; y++ {
		for x := 0; x < 126; x++ {
			c := bg
			if x >= bx && x < bx+36 && y >= by && y < by+40 {
				c = color.RGBA{250, 250, 240, 255}
			}
			if noise != 0 && (x+y)%3 == 0 {
				c.R = uint8(max(0, min(255, int(c.R)+noise)))
			}
			img.Set(x, y, c)
		}
	}
	return img
}

// hashOf gives card id a hash far from every other id's (golden-ratio
// spread) and flip bits changed.
func hashOf(id, flip int) uint64 {
	h := uint64(id+1) * 0x9E3779B97F4A7C15
	for i := 0; i < flip; i++ {
		h ^= 1 << (7 * i)
	}
	return h
}

// sheet builds a duplex Result: page 1 holds fronts of ids in a 3-column
// grid, page 2 their backs (back id per card, -1 for none).
func sheet(ids []int, backs []int) *Result {
	res := &Result{Pages: []PageReport{
		{Page: 1, Side: "fronts", Method: "gaps", Rows: (len(ids) + 2) / 3, Cols: 3, Cards: len(ids)},
	}}
	if backs != nil {
		res.Pages = append(res.Pages, PageReport{Page: 2, Side: "backs", Method: "gaps", Rows: (len(ids) + 2) / 3, Cols: 3, Cards: len(ids)})
	}
	for i, id := range ids {
		r, c := i/3+1, i%3+1
		// Copies differ a little: noise and a flipped hash bit.
		card := Card{Front: Face{Page: 1, Row: r, Col: c, Image: art(id, i%2*3), Hash: hashOf(id, i%2)}}
		if backs != nil && backs[i] >= 0 {
			b := backs[i]
			card.Back = &Face{Page: 2, Row: r, Col: 4 - c, Image: art(100+b, i%3), Hash: hashOf(100+b, i%3)}
		}
		res.Cards = append(res.Cards, card)
	}
	return res
}

func seeker(t *testing.T) (*cardsdb.DB, *cardsdb.Game) {
	t.Helper()
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("seeker-chronicles")
	return db, g
}

// load loads dir with --db semantics into a fresh bundled database and
// checks the game as deckwright does.
func load(t *testing.T, dir string) *cardsdb.Game {
	t.Helper()
	db, _ := seeker(t)
	if err := db.AddPath(dir); err != nil {
		t.Fatalf("the folder does not load: %v", err)
	}
	g, _ := db.Game("seeker-chronicles")
	if err := validate.CheckGame(g); err != nil {
		t.Fatalf("the game does not check: %v", err)
	}
	return g
}

func readImage(t *testing.T, fsys fs.FS, p string) image.Image {
	t.Helper()
	f, err := fsys.Open(p)
	if err != nil {
		t.Fatalf("image %s: %v", p, err)
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		t.Fatalf("image %s: %v", p, err)
	}
	return img
}

func TestWriteDeduplicatesAndSharesTheBack(t *testing.T) {
	// Nine cards: card 0 three times, card 6 with a back of its own, the
	// others with the common back 0 (each cut a little differently).
	res := sheet([]int{0, 1, 2, 0, 0, 3, 4, 5, 6}, []int{0, 0, 0, 0, 0, 0, 0, 0, 7})
	_, g := seeker(t)
	dir := filepath.Join(t.TempDir(), "out", "sc-pnp")
	sum, err := Write(context.Background(), res, dir, WriteOptions{Game: g, Source: "test.pdf"})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Cards != 9 || sum.Distinct != 7 || sum.SharedBacks != 1 || sum.OwnBacks != 1 || sum.DefaultBack != DefaultBack || sum.New != 7 {
		t.Errorf("summary %+v, want 9 cards, 7 distinct, 1 shared back as the default, 1 own back, 7 new", sum)
	}
	if len(sum.Pages) != 2 || sum.Pages[0].Cards != 9 {
		t.Errorf("pages %+v", sum.Pages)
	}
	lg := load(t, dir)
	c := lg.Card("Page 1 r1c1")
	if c == nil {
		t.Fatal("no card Page 1 r1c1")
	}
	if c.Copies != 3 {
		t.Errorf("Page 1 r1c1 has %d copies, want 3", c.Copies)
	}
	if lg.Card("Page 1 r2c1") != nil || lg.Card("Page 1 r2c2") != nil {
		t.Error("the copies of Page 1 r1c1 are cards of their own")
	}
	if !c.AllProvisional {
		t.Error("a placeholder card is not marked provisional")
	}
	img := readImage(t, lg.FS, c.Image)
	if b := img.Bounds(); b.Dx() != 126 || b.Dy() != 176 {
		t.Errorf("face image is %v, want the face's 126x176", b)
	}
	if back := readImage(t, lg.FS, lg.Back.Image); back.Bounds().Dx() != 126 {
		t.Errorf("default back %v", back.Bounds())
	}
	own := lg.Card("Page 1 r3c3")
	if own == nil || own.Back == nil || own.Back.Image == "" {
		t.Fatalf("Page 1 r3c3 has no back of its own: %+v", own)
	}
	readImage(t, lg.FS, own.Back.Image)
	if lg.Card("Page 1 r1c2").Back != nil {
		t.Error("a card with the shared back got a back of its own")
	}
	// The stored faces are the art (JPEG q95 keeps it close).
	if d := meanDiff(img, res.Cards[0].Front.Image); d > 3 {
		t.Errorf("stored face differs from the cut face by %.1f on average", d)
	}
	// No temporary folder is left beside the output.
	entries, _ := os.ReadDir(filepath.Dir(dir))
	if len(entries) != 1 {
		t.Errorf("beside the output: %v", entries)
	}
}

func meanDiff(a, b image.Image) float64 {
	var sum float64
	n := 0
	for y := 0; y < a.Bounds().Dy(); y += 3 {
		for x := 0; x < a.Bounds().Dx(); x += 3 {
			r1, g1, b1, _ := a.At(a.Bounds().Min.X+x, a.Bounds().Min.Y+y).RGBA()
			r2, g2, b2, _ := b.At(b.Bounds().Min.X+x, b.Bounds().Min.Y+y).RGBA()
			for _, d := range []int{int(r1>>8) - int(r2>>8), int(g1>>8) - int(g2>>8), int(b1>>8) - int(b2>>8)} {
				sum += float64(max(d, -d))
			}
			n += 3
		}
	}
	return sum / float64(n)
}

func TestSameFaceNeedsHashAndPixels(t *testing.T) {
	a := Face{Image: art(1, 0), Hash: hashOf(1, 0)}
	for name, tc := range map[string]struct {
		b    Face
		same bool
	}{
		"another cut":          {Face{Image: art(1, 3), Hash: hashOf(1, 2)}, true},
		"hash far":             {Face{Image: art(1, 0), Hash: hashOf(1, 0) ^ 0xFF00FF}, false},
		"hash equal, art not":  {Face{Image: art(2, 0), Hash: hashOf(1, 0)}, false},
		"different everything": {Face{Image: art(3, 0), Hash: hashOf(3, 0)}, false},
	} {
		if got := SameFace(a, tc.b); got != tc.same {
			t.Errorf("%s: SameFace = %v, want %v", name, got, tc.same)
		}
	}
	// Through Write: equal hashes with different art stay two cards.
	res := sheet([]int{1, 2}, nil)
	res.Cards[1].Front.Hash = res.Cards[0].Front.Hash
	_, g := seeker(t)
	sum, err := Write(context.Background(), res, filepath.Join(t.TempDir(), "o"), WriteOptions{Game: g})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Distinct != 2 {
		t.Errorf("%d distinct cards, want 2", sum.Distinct)
	}
}

func TestWriteNames(t *testing.T) {
	cosmos, err := fs.ReadFile(cardsdb.BundledFS(), "seeker-chronicles/cards/cosmos.yaml")
	if err != nil {
		t.Fatal(err)
	}
	into, err := ParseInto("cosmos.yaml", cosmos)
	if err != nil {
		t.Fatal(err)
	}
	mapping, err := ParseNames("map.txt", []byte("# names by position\npage 1 r2c1 = Rogue Star\np1 r1c2 = Comet\n"))
	if err != nil {
		t.Fatal(err)
	}
	intoMap, err := into.WithMapping(mustNames(t, "page 1 r1c1 = Newton\n"))
	if err != nil {
		t.Fatal(err)
	}
	ids := []int{0, 1, 2, 3, 0} // card 0 twice: r1c1 and r2c2
	for name, tc := range map[string]struct {
		naming Naming
		want   map[string]string // card name: position of its image
		newN   int
	}{
		"order":   {mustNames(t, "Rogue Star\n-\nMy Own Card\n"), map[string]string{"Rogue Star": "p01-r1c1", "Page 1 r1c2": "p01-r1c2", "My Own Card": "p01-r1c3", "Page 1 r2c1": "p01-r2c1"}, 3},
		"mapping": {mapping, map[string]string{"Rogue Star": "p01-r2c1", "Comet": "p01-r1c2", "Page 1 r1c1": "p01-r1c1"}, 2},
		// A copy's position names the card too.
		"mapping a copy": {mustNames(t, "page 1 r2c2 = Laika\n"), map[string]string{"Laika": "p01-r1c1"}, 3},
		"into by order":  {into, map[string]string{"Johnson": "p01-r1c1", "Newton": "p01-r1c2", "Hawking": "p01-r1c3", "Spaceflight": "p01-r2c1"}, 0},
		"into mapped":    {intoMap, map[string]string{"Newton": "p01-r1c1", "Page 1 r1c2": "p01-r1c2"}, 3},
	} {
		t.Run(name, func(t *testing.T) {
			_, g := seeker(t)
			dir := filepath.Join(t.TempDir(), "o")
			sum, err := Write(context.Background(), sheet(ids, nil), dir, WriteOptions{Game: g, Naming: tc.naming})
			if err != nil {
				t.Fatal(err)
			}
			if sum.New != tc.newN || sum.Existing != 4-tc.newN {
				t.Errorf("%d new and %d existing cards, want %d and %d", sum.New, sum.Existing, tc.newN, 4-tc.newN)
			}
			lg := load(t, dir)
			for card, at := range tc.want {
				c := lg.Card(card)
				if c == nil {
					t.Errorf("no card %q", card)
					continue
				}
				if !strings.HasSuffix(c.Image, "/images/"+at+".jpg") {
					t.Errorf("%s has image %q, want images/%s.jpg", card, c.Image, at)
					continue
				}
				readImage(t, lg.FS, c.Image)
			}
		})
	}
}

func mustNames(t *testing.T, text string) Naming {
	t.Helper()
	n, err := ParseNames("names.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestWriteNameErrors(t *testing.T) {
	ids := []int{0, 1, 2, 0}
	for name, tc := range map[string]struct {
		naming Naming
		want   string
	}{
		"two cards one name": {mustNames(t, "page 1 r1c1 = Comet\npage 1 r1c2 = comet\n"), `names.txt:2:1: "Comet" names two different cards, at page 1 r1c1 and page 1 r1c2`},
		"copy named twice":   {mustNames(t, "page 1 r1c1 = Comet\npage 1 r2c1 = Laika\n"), `names.txt:2:1: page 1 r2c1 is named "Laika", but it is a copy of the card already named "Comet"`},
		"empty place":        {mustNames(t, "page 1 r3c3 = Comet\n"), "names.txt:1:1: page 1 r3c3 (named \"Comet\"): no card was cut there"},
		"into unknown":       {Naming{Order: []string{"Rouge Star"}, Existing: true, File: "c.yaml", Lines: map[string]int{"Rouge Star": 4}}, `c.yaml:4:1: "Rouge Star" is not a card of Seeker Chronicles; did you mean "Rogue Star"?`},
	} {
		t.Run(name, func(t *testing.T) {
			_, g := seeker(t)
			parent := t.TempDir()
			_, err := Write(context.Background(), sheet(ids, nil), filepath.Join(parent, "o"), WriteOptions{Game: g, Naming: tc.naming})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if entries, _ := os.ReadDir(parent); len(entries) != 0 {
				t.Errorf("a failed import left %v", entries)
			}
		})
	}
}

func TestWriteNoCards(t *testing.T) {
	_, g := seeker(t)
	parent := t.TempDir()
	_, err := Write(context.Background(), &Result{Pages: []PageReport{{Page: 1}}}, filepath.Join(parent, "o"), WriteOptions{Game: g})
	if !errors.Is(err, ErrNoCards) {
		t.Fatalf("error %v, want ErrNoCards", err)
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 0 {
		t.Errorf("left %v", entries)
	}
}

func TestRenameAndMergeKeepTheUsersCards(t *testing.T) {
	_, g := seeker(t)
	dir := filepath.Join(t.TempDir(), "o")
	res := sheet([]int{0, 1, 2}, []int{0, 0, 0})
	if _, err := Write(context.Background(), res, dir, WriteOptions{Game: g}); err != nil {
		t.Fatal(err)
	}
	// The user renames a card, fills its power and keeps notes beside.
	file := filepath.Join(dir, "cards", "pnp.yaml")
	data, _ := os.ReadFile(file)
	edited := strings.Replace(string(data), "name: Page 1 r1c2", "name: Bright Nova\n    power: 4", 1)
	if edited == string(data) {
		t.Fatalf("no Page 1 r1c2 entry in\n%s", data)
	}
	os.WriteFile(file, []byte(edited), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	lg := load(t, dir)
	if c := lg.Card("Bright Nova"); c == nil || !strings.HasSuffix(c.Image, "images/p01-r1c2.jpg") {
		t.Fatalf("the renamed card lost its image: %+v", c)
	}
	// Import again, with one more card: merged into the folder.
	res = sheet([]int{0, 1, 2, 3}, []int{0, 0, 0, 0})
	sum, err := Write(context.Background(), res, dir, WriteOptions{Game: g})
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Merged || sum.Kept != 3 || sum.New != 1 {
		t.Errorf("summary %+v, want merged, 3 cards kept as the user left them, 1 new", sum)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "notes.txt")); err != nil || string(b) != "mine" {
		t.Errorf("the user's file is gone: %v", err)
	}
	lg = load(t, dir)
	c := lg.Card("Bright Nova")
	if c == nil {
		t.Fatal("the renamed card is gone after a second import")
	}
	if p, _ := c.Int("power"); p != 4 {
		t.Errorf("Bright Nova's power %d, want the user's 4", p)
	}
	if lg.Card("Page 1 r1c2") != nil {
		t.Error("the renamed card came back under its placeholder name")
	}
	if lg.Card("Page 1 r2c1") == nil {
		t.Error("the new card of the second import is missing")
	}
	if lg.Back.Image == "" {
		t.Error("the default back is gone")
	}
}

func TestContactSheetHasOneTilePerCard(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 7, 12, sheetTiles + 3} {
		ids := make([]int, n)
		for i := range ids {
			ids[i] = i % 5
		}
		_, g := seeker(t)
		dir := filepath.Join(t.TempDir(), "o")
		if _, err := Write(context.Background(), sheet(ids, nil), dir, WriteOptions{Game: g}); err != nil {
			t.Fatal(err)
		}
		tiles := 0
		for i := 0; ; i++ {
			f, err := os.Open(filepath.Join(dir, contactName(i)))
			if errors.Is(err, fs.ErrNotExist) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			tiles += countTiles(t, img)
		}
		if tiles != n {
			t.Errorf("%d cards: %d tiles drawn", n, tiles)
		}
		page, _ := os.ReadFile(filepath.Join(dir, ContactHTML))
		if got := strings.Count(string(page), "<figure"); got != n {
			t.Errorf("%d cards: %d figures in the HTML", n, got)
		}
		if !strings.Contains(string(page), "page 1, row 1, column 1") {
			t.Errorf("the HTML does not name positions")
		}
	}
}

// countTiles counts the tiles of a contact sheet that show a face.
func countTiles(t *testing.T, img image.Image) int {
	tileW, tileH := tileFaceW+2*tilePad, tileFaceH+tileLabelH+2*tilePad
	b := img.Bounds()
	if b.Dx()%tileW != 0 || b.Dy()%tileH != 0 || b.Dx()/tileW > sheetCols {
		t.Fatalf("sheet %v is not a grid of %dx%d tiles", b, tileW, tileH)
	}
	tiles := 0
	for ty := 0; ty < b.Dy()/tileH; ty++ {
		for tx := 0; tx < b.Dx()/tileW; tx++ {
			x0, y0 := tx*tileW+tilePad, ty*tileH+tilePad
			drawn := 0
			for y := y0; y < y0+tileFaceH; y += 4 {
				for x := x0; x < x0+tileFaceW; x += 4 {
					if r, _, _, _ := img.At(x, y).RGBA(); r>>8 < 200 {
						drawn++
					}
				}
			}
			if drawn > tileFaceW*tileFaceH/16/3 {
				tiles++
			}
		}
	}
	return tiles
}

// Every bundled game takes an import: new cards get a type whose required
// fields placeholders fill, and the folder loads and checks.
func TestWriteLoadsForEveryBundledGame(t *testing.T) {
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range db.Games() {
		t.Run(g.ID, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "o")
			if _, err := Write(context.Background(), sheet([]int{0, 1, 0, 2}, []int{0, 0, 0, 1}), dir, WriteOptions{Game: g}); err != nil {
				t.Fatal(err)
			}
			fresh, _ := cardsdb.LoadBundled()
			if err := fresh.AddPath(dir); err != nil {
				data, _ := os.ReadFile(filepath.Join(dir, CardsFile))
				t.Fatalf("does not load: %v\n%s", err, data)
			}
			lg, _ := fresh.Game(g.ID)
			if err := validate.CheckGame(lg); err != nil {
				t.Fatal(err)
			}
			if c := lg.Card("Page 1 r1c1"); c == nil || c.Copies != 2 {
				t.Errorf("Page 1 r1c1: %+v", c)
			}
		})
	}
}

// A trailing slash or a relative path names the same folder; the
// temporary folder is made beside it, never inside it.
func TestWriteTrailingSlash(t *testing.T) {
	_, g := seeker(t)
	parent := t.TempDir()
	if _, err := Write(context.Background(), sheet([]int{0}, nil), parent+"/o/", WriteOptions{Game: g}); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(filepath.Join(parent, "o"))
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "cards contact-pages.png contact-sheet.html contact-sheet.png images" {
		t.Errorf("folder holds %s", got)
	}
}

// cornerMarked returns a white face of bounds b with a black square in
// its top-left corner, to see which way a face was turned.
func cornerMarked(b image.Rectangle) image.Image {
	marked := image.NewRGBA(b)
	for i := range marked.Pix {
		marked.Pix[i] = 255
	}
	for y := 0; y < 20; y++ {
		for x := 0; x < 20; x++ {
			marked.Set(x, y, color.Black)
		}
	}
	return marked
}

// A card that lay landscape becomes a card of the game's landscape type
// (Arkhtide's Realms) with its face turned back to landscape: Import turns
// it a quarter turn clockwise, Write turns it back.
func TestWriteLandscapeCards(t *testing.T) {
	db, _ := cardsdb.LoadBundled()
	g, _ := db.Game("arkhtide")
	res := sheet([]int{0, 1}, nil)
	res.Cards[1].Front.Rotated = true
	// Mark the portrait face's top-left corner: after the turn back it is
	// the landscape face's bottom-left corner.
	res.Cards[1].Front.Image = cornerMarked(res.Cards[1].Front.Image.Bounds())
	dir := filepath.Join(t.TempDir(), "o")
	if _, err := Write(context.Background(), res, dir, WriteOptions{Game: g}); err != nil {
		t.Fatal(err)
	}
	fresh, _ := cardsdb.LoadBundled()
	if err := fresh.AddPath(dir); err != nil {
		t.Fatal(err)
	}
	lg, _ := fresh.Game("arkhtide")
	portrait, landscape := lg.Card("Page 1 r1c1"), lg.Card("Page 1 r1c2")
	if lg.Type(portrait.Type).Landscape || !lg.Type(landscape.Type).Landscape {
		t.Fatalf("types %s and %s, want a portrait type and a landscape one", portrait.Type, landscape.Type)
	}
	img := readImage(t, lg.FS, landscape.Image)
	b := img.Bounds()
	if b.Dx() != 176 || b.Dy() != 126 {
		t.Fatalf("landscape face is %v, want 176x126", b)
	}
	if r, _, _, _ := img.At(5, b.Dy()-5).RGBA(); r>>8 > 60 {
		t.Errorf("the portrait's top-left corner is not at the bottom left (red %d)", r>>8)
	}
	if r, _, _, _ := img.At(5, 5).RGBA(); r>>8 < 200 {
		t.Errorf("the top-left corner is dark (red %d)", r>>8)
	}
}

// A card that lay landscape in a game with no landscape type (Seeker
// Chronicles) takes a portrait type and stays landscape: the cards file
// gives it landscape: true, its image is saved landscape (the same pixels
// as for Arkhtide's landscape Realm), and print marks its face landscape,
// so it is turned into the portrait slot as a realm is. A card the game
// already has (an art: entry) gets the key there.
func TestWriteLandscapeCardPortraitGame(t *testing.T) {
	db, _ := cardsdb.LoadBundled()
	g, _ := db.Game("seeker-chronicles")
	for _, ty := range g.Types {
		if ty.Landscape {
			t.Fatalf("%s has a landscape type %s; the test needs a game without one", g.Name, ty.ID)
		}
	}
	res := sheet([]int{0, 1, 2}, nil)
	res.Cards[1].Front.Rotated = true
	res.Cards[2].Front.Rotated = true
	res.Cards[1].Front.Image = cornerMarked(res.Cards[1].Front.Image.Bounds())
	dir := filepath.Join(t.TempDir(), "o")
	naming := mustNames(t, "page 1 r1c3 = Rogue Star\n")
	sum, err := Write(context.Background(), res, dir, WriteOptions{Game: g, Naming: naming})
	if err != nil {
		t.Fatal(err)
	}
	if sum.OwnLandscape != 2 {
		t.Errorf("%d cards counted as landscape of a portrait type, want 2", sum.OwnLandscape)
	}
	yml, err := os.ReadFile(filepath.Join(dir, CardsFile))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(yml), "landscape: true"); n != 2 {
		t.Errorf("the cards file says landscape: true %d times, want 2:\n%s", n, yml)
	}
	sg := load(t, dir)
	for _, tc := range []struct {
		name      string
		landscape bool
	}{{"Page 1 r1c1", false}, {"Page 1 r1c2", true}, {"Rogue Star", true}} {
		c := sg.Card(tc.name)
		if c == nil {
			t.Fatalf("no card %q", tc.name)
		}
		if sg.Type(c.Type).Landscape {
			t.Errorf("%s is of the landscape type %s", tc.name, c.Type)
		}
		if got := sg.Landscape(c); got != tc.landscape {
			t.Errorf("%s: Landscape = %v, want %v", tc.name, got, tc.landscape)
		}
		if own := c.Landscape != nil; own != tc.landscape {
			t.Errorf("%s: own landscape key %v, want one only for a card that lay landscape", tc.name, c.Landscape)
		}
		if got := cardface.CardItem(sg, c).Front.Landscape; got != tc.landscape {
			t.Errorf("%s: print's face landscape %v, want %v", tc.name, got, tc.landscape)
		}
		b := readImage(t, sg.FS, c.Image).Bounds()
		if land := b.Dx() > b.Dy(); land != tc.landscape {
			t.Errorf("%s: image %v, want landscape %v", tc.name, b, tc.landscape)
		}
	}
	// Turned back as for a landscape type: the portrait face's top-left
	// corner is the landscape face's bottom-left.
	img := readImage(t, sg.FS, sg.Card("Page 1 r1c2").Image)
	if b := img.Bounds(); b.Dx() != 176 || b.Dy() != 126 {
		t.Fatalf("landscape face is %v, want 176x126", b)
	} else if r, _, _, _ := img.At(5, b.Dy()-5).RGBA(); r>>8 > 60 {
		t.Errorf("the portrait's top-left corner is not at the bottom left (red %d)", r>>8)
	}
	// Arkhtide has a landscape type: the cards take it, with no key.
	ag, _ := db.Game("arkhtide")
	adir := filepath.Join(t.TempDir(), "a")
	sum, err = Write(context.Background(), res, adir, WriteOptions{Game: ag})
	if err != nil {
		t.Fatal(err)
	}
	if sum.OwnLandscape != 0 {
		t.Errorf("arkhtide: %d cards counted as landscape of a portrait type, want 0", sum.OwnLandscape)
	}
	if yml, _ := os.ReadFile(filepath.Join(adir, CardsFile)); strings.Contains(string(yml), "landscape:") {
		t.Errorf("arkhtide: the cards file has a landscape key:\n%s", yml)
	}
	// --type naming Arkhtide's portrait unit: landscape: true again.
	sum, err = Write(context.Background(), res, filepath.Join(t.TempDir(), "u"), WriteOptions{Game: ag, Type: "unit"})
	if err != nil {
		t.Fatal(err)
	}
	if sum.OwnLandscape != 2 {
		t.Errorf("arkhtide --type unit: %d cards landscape of a portrait type, want 2", sum.OwnLandscape)
	}
}
