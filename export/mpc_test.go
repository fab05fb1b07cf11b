package export_test

import (
	"context"
	"encoding/xml"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/export"
)

// order is the autofill tool's XML as the test reads it back.
type order struct {
	XMLName xml.Name `xml:"order"`
	Details struct {
		Quantity int    `xml:"quantity"`
		Bracket  int    `xml:"bracket"`
		Stock    string `xml:"stock"`
		Foil     string `xml:"foil"`
	} `xml:"details"`
	Fronts   []orderCard `xml:"fronts>card"`
	Backs    []orderCard `xml:"backs>card"`
	Cardback string      `xml:"cardback"`
}

type orderCard struct {
	ID    string `xml:"id"`
	Slots string `xml:"slots"`
	Name  string `xml:"name"`
	Query string `xml:"query"`
}

func readOrder(t *testing.T, path string) order {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var o order
	if err := xml.Unmarshal(data, &o); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return o
}

// slots reads "0,3,4" as the autofill tool does.
func slots(t *testing.T, s string) []int {
	var out []int
	for _, p := range strings.Split(strings.Trim(s, "[]"), ",") {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			t.Fatalf("slots %q: %v", s, err)
		}
		out = append(out, n)
	}
	return out
}

func TestMPCBrackets(t *testing.T) {
	for n, want := range map[int]int{1: 18, 18: 18, 19: 36, 55: 55, 56: 72, 234: 234, 235: 396, 500: 504, 612: 612} {
		if got := export.MPCBracket(n); got != want {
			t.Errorf("MPCBracket(%d) = %d, want %d", n, got, want)
		}
	}
	for _, tc := range []struct {
		card cardsdb.Size
		want image.Point
	}{
		{cardsdb.Size{W: 63, H: 88}, image.Pt(822, 1122)},
		{cardsdb.Size{W: 63.5, H: 88.9}, image.Pt(822, 1122)},
		{cardsdb.Size{W: 88, H: 63}, image.Pt(822, 1122)},
		{cardsdb.Size{W: 57, H: 89}, image.Pt(745, 1123)},
		{cardsdb.Size{W: 70, H: 120}, image.Pt(899, 1489)},
	} {
		if got := export.MPCPixels(tc.card); got != tc.want {
			t.Errorf("MPCPixels(%v) = %v, want %v", tc.card, got, tc.want)
		}
	}
}

func TestMPC(t *testing.T) {
	_, items := artGame(t, 3, []int{3, 1, 2}, true, "")
	dir := filepath.Join(t.TempDir(), "mpc")
	res, err := export.MPC(context.Background(), dir, items, export.MPCOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"backs/001-twin-reversed.jpg", "cardback.jpg", "fronts/001-card-0.jpg", "fronts/002-card-1.jpg", "fronts/003-card-2.jpg", "fronts/004-twin.jpg", "order.xml"}
	if got := files(t, dir); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("files %v, want %v", got, want)
	}
	colors := map[string]int{"fronts/001-card-0.jpg": 0, "fronts/002-card-1.jpg": 1, "fronts/003-card-2.jpg": 2, "fronts/004-twin.jpg": 500, "backs/001-twin-reversed.jpg": 2000, "cardback.jpg": 1000}
	for name, c := range colors {
		img := readImage(t, filepath.Join(dir, name))
		if s := img.Bounds().Size(); s != image.Pt(822, 1122) {
			t.Errorf("%s is %v, want 822x1122", name, s)
		}
		// The art reaches into the bleed, to the image's edges.
		for _, p := range []image.Point{{411, 561}, {1, 1}, {820, 1120}} {
			if got := img.NRGBAAt(p.X, p.Y); !near(got, colorOf(c)) {
				t.Errorf("%s at %v shows %v, want %v", name, p, got, colorOf(c))
			}
		}
	}
	if len(res.Notes) == 0 || !strings.Contains(res.Notes[0], "extended") {
		t.Errorf("no note on the extended bleed: %v", res.Notes)
	}

	o := readOrder(t, filepath.Join(dir, "order.xml"))
	if o.Details.Quantity != 7 || o.Details.Bracket != 18 || o.Details.Stock != "(S30) Standard Smooth" || o.Details.Foil != "false" {
		t.Errorf("details %+v", o.Details)
	}
	abs, _ := filepath.Abs(dir)
	if o.Cardback != filepath.Join(abs, "cardback.jpg") {
		t.Errorf("cardback %q", o.Cardback)
	}
	got := map[string][]int{}
	for _, c := range o.Fronts {
		got[c.Query] = slots(t, c.Slots)
		if _, err := os.Stat(c.ID); err != nil || filepath.Base(c.ID) != c.Name {
			t.Errorf("front %s: id %q is not the image (%v)", c.Query, c.ID, err)
		}
	}
	wantSlots := map[string][]int{"card 0": {0, 1, 2}, "card 1": {3}, "card 2": {4, 5}, "twin": {6}}
	for q, s := range wantSlots {
		if fmtInts(got[q]) != fmtInts(s) {
			t.Errorf("%s in slots %v, want %v", q, got[q], s)
		}
	}
	if len(o.Backs) != 1 || o.Backs[0].Slots != "6" || o.Backs[0].Query != "twin reversed" {
		t.Errorf("backs %+v", o.Backs)
	}
}

func fmtInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return "[" + strings.Join(s, " ") + "]"
}

func TestMPCSplitsBigDecks(t *testing.T) {
	// 700 copies of a text-proxy card and 1 of another: 701 cards, two
	// orders of 612 and 89.
	g := &cardsdb.Game{ID: "x", Name: "X", CardSize: cardsdb.Size{W: 63, H: 88}}
	a, b := &cardsdb.Card{Name: "Alpha", Type: "unit"}, &cardsdb.Card{Name: "Beta", Type: "unit"}
	var items []cardface.Item
	for range 700 {
		items = append(items, cardface.CardItem(g, a))
	}
	items = append(items, cardface.CardItem(g, b))
	dir := filepath.Join(t.TempDir(), "big")
	res, err := export.MPC(context.Background(), dir, items, export.MPCOptions{Stock: "(M31) Linen", Foil: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Orders) != 2 || res.Orders[0] != (export.MPCOrder{File: "order-1.xml", Quantity: 612, Bracket: 612}) || res.Orders[1] != (export.MPCOrder{File: "order-2.xml", Quantity: 89, Bracket: 90}) {
		t.Fatalf("orders %+v", res.Orders)
	}
	o1, o2 := readOrder(t, filepath.Join(dir, "order-1.xml")), readOrder(t, filepath.Join(dir, "order-2.xml"))
	if got := files(t, dir); strings.Join(got, " ") != "cardback.png fronts/001-alpha.png fronts/002-beta.png order-1.xml order-2.xml" {
		t.Errorf("text proxies: files %v, want PNG images", got)
	}
	// A text proxy's edge runs into the bleed (issue 25 item 18): the
	// middle of each side of the bleed has the colour just inside the trim
	// line (36 px of bleed, 0.12 in at 300 DPI), not white.
	img := readImage(t, filepath.Join(dir, "fronts/001-alpha.png"))
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	for _, p := range [][4]int{{5, h / 2, 40, h / 2}, {w - 6, h / 2, w - 41, h / 2}, {w / 2, 5, w / 2, 40}, {w / 2, h - 6, w / 2, h - 41}, {0, 0, 40, 40}} {
		in, bleed := img.NRGBAAt(p[2], p[3]), img.NRGBAAt(p[0], p[1])
		if near(in, color.NRGBA{255, 255, 255, 255}) || !near(bleed, in) {
			t.Errorf("text proxy: bleed pixel (%d,%d) is %v, the trim's edge at (%d,%d) %v; want the edge's colour, not white", p[0], p[1], bleed, p[2], p[3], in)
		}
	}
	if o1.Details.Stock != "(M31) Linen" || o1.Details.Foil != "true" {
		t.Errorf("details %+v", o1.Details)
	}
	if len(o1.Fronts) != 1 || len(slots(t, o1.Fronts[0].Slots)) != 612 {
		t.Errorf("order 1 fronts %d", len(o1.Fronts))
	}
	var s2 []int
	for _, c := range o2.Fronts {
		s2 = append(s2, slots(t, c.Slots)...)
	}
	sort.Ints(s2)
	if len(s2) != 89 || s2[0] != 0 || s2[88] != 88 || o2.Fronts[1].Query != "beta" || o2.Fronts[1].Slots != "88" {
		t.Errorf("order 2 slots %d from %v, fronts %+v", len(s2), s2[:1], o2.Fronts)
	}
	if _, err := export.MPC(context.Background(), filepath.Join(t.TempDir(), "x"), items[:2], export.MPCOptions{Stock: "cardboard"}); err == nil {
		t.Error("unknown stock: no error")
	}
	if _, err := export.MPC(context.Background(), filepath.Join(t.TempDir(), "x"), items[:2], export.MPCOptions{Stock: "(P10) Plastic", Foil: true}); err == nil {
		t.Error("foil plastic: no error")
	}
}

// TestMPCOwnBrackets prices orders by brackets given in the options, and
// refuses brackets that are not ascending within an order's size.
func TestMPCOwnBrackets(t *testing.T) {
	g := &cardsdb.Game{ID: "x", Name: "X", CardSize: cardsdb.Size{W: 63, H: 88}}
	a := &cardsdb.Card{Name: "Alpha", Type: "unit"}
	var items []cardface.Item
	for range 30 {
		items = append(items, cardface.CardItem(g, a))
	}
	dir := filepath.Join(t.TempDir(), "own")
	res, err := export.MPC(context.Background(), dir, items, export.MPCOptions{Brackets: []int{25, 50, 100}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Orders) != 1 || res.Orders[0].Bracket != 50 {
		t.Errorf("orders %+v, want one in the bracket of 50", res.Orders)
	}
	if o := readOrder(t, filepath.Join(dir, "order.xml")); o.Details.Bracket != 50 {
		t.Errorf("order.xml names bracket %d, want 50", o.Details.Bracket)
	}
	for _, bad := range [][]int{{50, 25}, {0, 10}, {10, 700}} {
		_, err := export.MPC(context.Background(), filepath.Join(t.TempDir(), "bad"), items, export.MPCOptions{Brackets: bad})
		if err == nil || !strings.Contains(err.Error(), "each larger than the one before") {
			t.Errorf("brackets %v: %v", bad, err)
		}
	}
}
