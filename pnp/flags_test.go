package pnp

import (
	"context"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/layout"
)

// flagsDeck is a small duplex PDF deckwright printed: page 1 nine poker
// fronts (3x3 on A4), page 2 their backs.
func flagsDeck(t *testing.T) printed {
	t.Helper()
	needPdftoppm(t)
	o := layoutDefaults()
	o.Backs = layout.BacksLong
	return sharedPrintDeck(t, "flags-duplex-9", 9, o, 150)
}

// TestGridGiven reads the deck told a wrong card size (50x70 mm): on its
// own the importer finds no 3x3 grid of those, but given the counts
// (Options.Rows, Cols) it fits the 3x3 lattice to each page and cuts
// every card within 0.5 mm of its trim, at the size it measures.
func TestGridGiven(t *testing.T) {
	t.Parallel()
	pr := flagsDeck(t)
	opt := Options{Layout: LayoutDuplex, DPI: 150, CardW: 50, CardH: 70}
	if res, err := Import(context.Background(), pr.path, opt); err == nil && len(res.Cards) == 9 && res.Pages[0].Rows == 3 && res.Pages[0].Cols == 3 {
		t.Fatalf("told 50x70 mm cards, the import found the 3x3 grid on its own: the test shows nothing")
	}
	opt.Rows, opt.Cols = 3, 3
	res, err := Import(context.Background(), pr.path, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cards) != 9 {
		t.Fatalf("%d cards, want 9 (pages %+v)", len(res.Cards), res.Pages)
	}
	for i, p := range res.Pages {
		if p.Method != "given" || p.Rows != 3 || p.Cols != 3 || p.Given != "--grid 3x3" {
			t.Errorf("page %d: method %q, %dx%d, given %q; want given, 3x3, --grid 3x3", i+1, p.Method, p.Rows, p.Cols, p.Given)
		}
	}
	for k, c := range res.Cards {
		slot := pr.sheet.Slots[k]
		f := c.Front
		if f.Page != 1 || f.Row != slot.Row+1 || f.Col != slot.Col+1 {
			t.Errorf("card %d at page %d r%dc%d, want page 1 r%dc%d", k, f.Page, f.Row, f.Col, slot.Row+1, slot.Col+1)
		}
		for _, d := range []float64{f.Trim.X - slot.X, f.Trim.Y - slot.Y, f.Trim.X + f.Trim.W - slot.X - slot.W, f.Trim.Y + f.Trim.H - slot.Y - slot.H} {
			if math.Abs(d) > 0.5 {
				t.Errorf("card %d cut at %+v, trim is %+v: %.2f mm off", k, f.Trim, slot.Trim(), d)
				break
			}
		}
		if p := psnr(f.Image, pr.fronts[k]); p < 30 {
			t.Errorf("card %d: front PSNR %.1f dB against its art, want ≥ 30", k, p)
		}
		if c.Back == nil || c.Back.Page != 2 {
			t.Errorf("card %d: back %+v, want one from page 2", k, c.Back)
		}
	}
	rec := RecipeOf(res, "deck.pdf", opt)
	back, err := ParseRecipe(RecipeFile, rec.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if back.Rows != 3 || back.Cols != 3 || back.Options().Rows != 3 {
		t.Errorf("the recipe reads back grid %dx%d, want 3x3", back.Rows, back.Cols)
	}
}

// TestGridCountsRefused checks that a grid of no cards, too many, or not
// ROWSxCOLS is refused.
func TestGridCountsRefused(t *testing.T) {
	if r, c, err := ParseGridCounts("2x4"); err != nil || r != 2 || c != 4 {
		t.Errorf("2x4: %d, %d, %v", r, c, err)
	}
	for _, s := range []string{"0x3", "3x0", "100x100", "3by3", "3", "x3", "-1x3", ""} {
		if _, _, err := ParseGridCounts(s); err == nil {
			t.Errorf("%q: no error", s)
		}
	}
	for _, o := range []Options{{Rows: 3}, {Cols: 3}, {Rows: 21, Cols: 3}, {Rows: -1, Cols: -1}} {
		o.CardW, o.CardH = 63, 88
		if _, err := o.normalize(); err == nil || !strings.Contains(err.Error(), "grid") {
			t.Errorf("%dx%d: err = %v, want a grid error", o.Rows, o.Cols, err)
		}
	}
	o := Options{CardW: 63, CardH: 88, Layout: LayoutFold, BacksPages: []int{2}}
	if _, err := o.normalize(); err == nil {
		t.Error("pages of backs with layout fold: no error")
	}
}

// TestBacksPagesGiven reads the deck with page 2 named a page of backs:
// it is paired with page 1 (backs_of: 1 in the recipe), no front comes
// from it, and the recipe replays it.
func TestBacksPagesGiven(t *testing.T) {
	pr := flagsDeck(t)
	opt := Options{Layout: LayoutAuto, DPI: 150, CardW: 63, CardH: 88, BacksPages: []int{2}}
	res, err := Import(context.Background(), pr.path, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cards) != 9 || len(res.Pages) != 2 {
		t.Fatalf("%d cards on %d pages, want 9 on 2", len(res.Cards), len(res.Pages))
	}
	if p := res.Pages[1]; p.Side != "backs" || p.BacksOf != 1 || p.Given != "--backs-pages" {
		t.Errorf("page 2: %s of %d, given %q; want backs of 1 given --backs-pages", p.Side, p.BacksOf, p.Given)
	}
	for k, c := range res.Cards {
		if c.Front.Page != 1 || c.Back == nil || c.Back.Page != 2 {
			t.Errorf("card %d: front on page %d, back %+v; want 1 and 2", k, c.Front.Page, c.Back)
			continue
		}
		if p := psnr(c.Back.Image, pr.backs[k]); p < 30 {
			t.Errorf("card %d: back PSNR %.1f dB against its art, want ≥ 30", k, p)
		}
	}
	rec := RecipeOf(res, "deck.pdf", opt)
	data := rec.Marshal()
	for _, want := range []string{"\nbacks_pages: [2]\n", "    role: backs\n", "    backs_of: 1\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the recipe lacks %q:\n%s", want, data)
		}
	}
	back, err := ParseRecipe(RecipeFile, data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Options().BacksPages, []int{2}) {
		t.Errorf("the recipe reads back pages of backs %v, want [2]", back.Options().BacksPages)
	}
	if _, err := Import(context.Background(), pr.path, Options{DPI: 150, CardW: 63, CardH: 88, Pages: []int{1}, BacksPages: []int{2}}); err == nil {
		t.Error("a page of backs not read: no error")
	}
}

// TestRecipeRolesEdited reads the deck as fronts only, then sets page 2's
// role to backs of page 1 in the recipe: the replay pairs them and
// leaves page 1's fronts as they were; set back to fronts, page 2 gives
// fronts again. A backs_of naming no page of fronts is an error at its
// line.
func TestRecipeRolesEdited(t *testing.T) {
	pr := flagsDeck(t)
	opt := Options{Layout: LayoutFronts, DPI: 150, CardW: 63, CardH: 88}
	read := func() *Result {
		res, err := Import(context.Background(), pr.path, opt)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := read()
	if len(res.Cards) != 18 {
		t.Fatalf("%d cards as fronts only, want 18", len(res.Cards))
	}
	first := res.Cards[:9:9]
	rec := RecipeOf(res, "deck.pdf", opt)
	data := string(rec.Marshal())
	edit := func(data, from, to string) *Recipe {
		t.Helper()
		if !strings.Contains(data, from) {
			t.Fatalf("no %q in\n%s", from, data)
		}
		r, err := ParseRecipe(RecipeFile, []byte(strings.Replace(data, from, to, 1)))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	asBacks := edit(data, "  - page: 2\n    role: fronts\n", "  - page: 2\n    role: backs\n    backs_of: 1\n")
	res = read()
	if err := ApplyRecipe(context.Background(), pr.path, res, asBacks, RecipeFile); err != nil {
		t.Fatal(err)
	}
	if len(res.Cards) != 9 {
		t.Fatalf("%d cards with page 2 as backs, want 9", len(res.Cards))
	}
	for k, c := range res.Cards {
		if c.Front.pos() != first[k].Front.pos() || c.Front.Hash != first[k].Front.Hash {
			t.Errorf("card %d: front %v changed", k, c.Front.pos())
		}
		if c.Back == nil || c.Back.Page != 2 {
			t.Errorf("card %d: back %+v, want one from page 2", k, c.Back)
		} else if p := psnr(c.Back.Image, pr.backs[k]); p < 30 {
			t.Errorf("card %d: back PSNR %.1f dB against its art, want ≥ 30", k, p)
		}
	}
	again := RecipeOf(res, "deck.pdf", opt)
	if p := again.Pages[1]; p.Role != "backs" || p.BacksOf != 1 {
		t.Errorf("page 2 now %s of %d, want backs of 1", p.Role, p.BacksOf)
	}
	// And back to fronts, from the recipe the replay wrote.
	data2 := string(again.Marshal())
	asFronts := edit(data2, "  - page: 2\n    role: backs\n", "  - page: 2\n    role: fronts\n")
	res2 := read()
	if err := ApplyRecipe(context.Background(), pr.path, res2, asBacks, RecipeFile); err != nil {
		t.Fatal(err)
	}
	if err := ApplyRecipe(context.Background(), pr.path, res2, asFronts, RecipeFile); err != nil {
		t.Fatal(err)
	}
	if n := len(res2.Cards); n != 18 {
		t.Errorf("%d cards with page 2 as fronts again, want 18", n)
	}
	for _, c := range res2.Cards {
		if c.Back != nil {
			t.Errorf("card %v has a back, from page %d", c.Front.pos(), c.Back.Page)
		}
	}
	bad := edit(data, "  - page: 2\n    role: fronts\n", "  - page: 2\n    role: backs\n    backs_of: 2\n")
	err := ApplyRecipe(context.Background(), pr.path, read(), bad, RecipeFile)
	if want := "recipe.yaml:" + strconv.Itoa(bad.Pages[1].Line) + ": page 2: backs_of 2: page 2 is not a page of fronts"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("err = %v, want %s", err, want)
	}
}

// TestRecipeGridCounts checks that a recipe's grid may give rows and cols
// alone (fitted to the page) and that a grid giving some of its
// geometry is refused.
func TestRecipeGridCounts(t *testing.T) {
	good := "card_size: 63x88\ndpi: 300\nlayout: auto\nflip: long\npages:\n  - page: 1\n    role: fronts\n    grid: {rows: 3, cols: 3}\n"
	r, err := ParseRecipe("r.yaml", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if g := r.Pages[0].Grid; g == nil || g.Rows != 3 || g.Cols != 3 || g.CellW != 0 {
		t.Errorf("grid %+v, want 3x3 counts alone", g)
	}
	bad := strings.Replace(good, "{rows: 3, cols: 3}", "{rows: 3, cols: 3, x: 4}", 1)
	if _, err := ParseRecipe("r.yaml", []byte(bad)); err == nil || !strings.Contains(err.Error(), "rows and cols alone") {
		t.Errorf("a grid with x alone: err = %v", err)
	}
	for _, c := range []struct{ line, want string }{
		{"grid: 3by3\n", `r.yaml:5:7: grid "3by3": want ROWSxCOLS`},
		{"grid: 0x3\n", `r.yaml:5:7: grid "0x3": want ROWSxCOLS`},
		{"backs_pages: [2, x]\n", `r.yaml:5:18: backs_pages "x": want a whole number`},
	} {
		_, err := ParseRecipe("r.yaml", []byte(strings.Replace(good, "pages:\n", c.line+"pages:\n", 1)))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %s", strings.TrimSpace(c.line), err, c.want)
		}
	}
}

// TestBacksPagesRun reads a duplex PDF of two sheets (fronts 1 and 3,
// backs 2 and 4) in the order 1, 3, 2, 4, as a PDF of all its fronts
// then all its backs would be: the run of backs 2, 4 pairs in order with
// the fronts 1, 3 before it, so each card gets its own back (card 0's is
// a back of its own).
func TestBacksPagesRun(t *testing.T) {
	needPdftoppm(t)
	o := layoutDefaults()
	o.Backs = layout.BacksLong
	pr := sharedPrintDeck(t, "flags-duplex-18", 18, o, 150)
	res, err := Import(context.Background(), pr.path, Options{DPI: 150, CardW: 63, CardH: 88, Pages: []int{1, 3, 2, 4}, BacksPages: []int{2, 4}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cards) != 18 {
		t.Fatalf("%d cards, want 18", len(res.Cards))
	}
	var got []int
	for _, p := range res.Pages {
		got = append(got, p.Page, p.BacksOf)
	}
	if want := []int{1, 0, 3, 0, 2, 1, 4, 3}; !reflect.DeepEqual(got, want) {
		t.Errorf("pages and their fronts %v, want %v", got, want)
	}
	for k, c := range res.Cards {
		wantPage := 2 * (k/9 + 1)
		if c.Back == nil || c.Back.Page != wantPage {
			t.Errorf("card %d: back %+v, want one from page %d", k, c.Back, wantPage)
		} else if p := psnr(c.Back.Image, pr.backs[k]); p < 30 {
			t.Errorf("card %d: back PSNR %.1f dB against its art, want ≥ 30", k, p)
		}
	}
}

// TestRecipeRoleFold reads a fold sheet as fronts only (its backs taken
// for more fronts), then sets its role to fold in the recipe: the replay
// reads it as a fold sheet, each front with its back.
func TestRecipeRoleFold(t *testing.T) {
	needPdftoppm(t)
	o := layoutDefaults()
	o.Backs = layout.BacksFold
	sheet, err := layout.Plan(o)
	if err != nil {
		t.Fatal(err)
	}
	n := sheet.PerPage()
	pr := sharedPrintDeck(t, "flags-fold", n, o, 150)
	opt := Options{Layout: LayoutFronts, DPI: 150, CardW: 63, CardH: 88}
	res, err := Import(context.Background(), pr.path, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cards) != 2*n {
		t.Fatalf("%d cards as fronts only, want %d (the backs as fronts)", len(res.Cards), 2*n)
	}
	data := string(RecipeOf(res, "fold.pdf", opt).Marshal())
	from := "  - page: 1\n    role: fronts\n"
	if !strings.Contains(data, from) {
		t.Fatalf("no %q in\n%s", from, data)
	}
	// The page's grid, as found, stays: the fold sheet's halves are
	// found again.
	rec, err := ParseRecipe(RecipeFile, []byte(strings.Replace(data, from, "  - page: 1\n    role: fold\n", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if err := ApplyRecipe(context.Background(), pr.path, res, rec, RecipeFile); err != nil {
		t.Fatal(err)
	}
	if len(res.Cards) != n || res.Pages[0].Side != "fold" {
		t.Fatalf("%d cards, page 1 %s; want %d from a fold sheet", len(res.Cards), res.Pages[0].Side, n)
	}
	for k, c := range res.Cards {
		if c.Back == nil {
			t.Errorf("card %d has no back", k)
		} else if p := psnr(c.Back.Image, pr.backs[k]); p < 30 {
			t.Errorf("card %d: back PSNR %.1f dB against its art, want ≥ 30", k, p)
		}
	}
}
