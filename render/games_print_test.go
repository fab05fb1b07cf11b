package render_test

import (
	"bytes"
	"context"
	"fmt"
	"github.com/deckwright/deckwright/cardsdb/cardsdbtest"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// The print tests of the games set up from packs or printed as sets
// (Hubworld, Kaizerseat, Seeders): each prints a bundled deck, setup or
// set, reads the PDF back with pdfcpu and checks the pages, their size and
// which card's text is printed in which slot, backs included.

// gamesPage is one page of a PDF read back: its size in mm and the text it
// shows, each piece with the point where it starts, in mm from the page's
// top left.
type gamesPage struct {
	w, h  float64
	texts []gamesText
}

type gamesText struct {
	x, y float64
	s    string
}

// in returns the text drawn inside r (its starting point inside r), in
// drawing order, joined by spaces: the lines of a card's face.
func (p gamesPage) in(r layout.Rect) string {
	var parts []string
	for _, t := range p.texts {
		if t.x >= r.X && t.x <= r.Right() && t.y >= r.Y && t.y <= r.Bottom() {
			parts = append(parts, t.s)
		}
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

// pieces returns the texts drawn inside r, one by one.
func (p gamesPage) pieces(r layout.Rect) []string {
	var out []string
	for _, t := range p.texts {
		if t.x >= r.X && t.x <= r.Right() && t.y >= r.Y && t.y <= r.Bottom() {
			out = append(out, t.s)
		}
	}
	return out
}

// all returns every text of the page, joined by spaces.
func (p gamesPage) all() string {
	return p.in(layout.Rect{X: -1e6, Y: -1e6, W: 2e6, H: 2e6})
}

// gamesRender prints items and reads the PDF back.
func gamesRender(t *testing.T, items []cardface.Item, sheet layout.Options) ([]gamesPage, *render.Report) {
	t.Helper()
	var buf bytes.Buffer
	rep, err := render.Render(context.Background(), &buf, items, render.RenderOptions{Sheet: sheet})
	if err != nil {
		t.Fatal(err)
	}
	return gamesReadPDF(t, buf.Bytes()), rep
}

// gamesReadPDF reads a PDF's pages with pdfcpu: sizes and the text of the
// "BT x y Td (...) Tj ET" operators deckwright's text proxies write, whose
// strings are UTF-16BE.
func gamesReadPDF(t *testing.T, data []byte) []gamesPage {
	t.Helper()
	api.DisableConfigDir()
	conf := model.NewDefaultConfiguration()
	ctx, err := api.ReadContext(bytes.NewReader(data), conf)
	if err != nil {
		t.Fatalf("pdfcpu cannot read the PDF back: %v", err)
	}
	if err := ctx.EnsurePageCount(); err != nil {
		t.Fatal(err)
	}
	if err := api.OptimizeContext(ctx); err != nil {
		t.Fatal(err)
	}
	dims, err := ctx.XRefTable.PageDims()
	if err != nil {
		t.Fatal(err)
	}
	const mm = 25.4 / 72
	var pages []gamesPage
	for i := 1; i <= ctx.PageCount; i++ {
		d, _, _, err := ctx.XRefTable.PageDict(i, false)
		if err != nil {
			t.Fatalf("page %d: %v", i, err)
		}
		content, err := ctx.XRefTable.PageContent(d, i)
		if err != nil {
			t.Fatalf("page %d content: %v", i, err)
		}
		p := gamesPage{w: dims[i-1].Width * mm, h: dims[i-1].Height * mm}
		texts, err := gamesTexts(content)
		if err != nil {
			t.Fatalf("page %d: %v", i, err)
		}
		for _, tx := range texts {
			tx.x *= mm
			tx.y = p.h - tx.y*mm
			p.texts = append(p.texts, tx)
		}
		pages = append(pages, p)
	}
	return pages
}

// gamesTexts finds the "BT x y Td (string) Tj" runs of a content stream.
func gamesTexts(content []byte) ([]gamesText, error) {
	var out []gamesText
	s := string(content)
	for {
		i := strings.Index(s, "BT ")
		if i < 0 {
			return out, nil
		}
		s = s[i+3:]
		f := strings.Fields(s)
		if len(f) < 4 || f[2] != "Td" || !strings.HasPrefix(f[3], "(") {
			continue // a BT that only selects a font
		}
		x, err1 := strconv.ParseFloat(f[0], 64)
		y, err2 := strconv.ParseFloat(f[1], 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("bad Td operands %q %q", f[0], f[1])
		}
		j := strings.Index(s, "Td (")
		str, rest, err := gamesLiteral(s[j+4:])
		if err != nil {
			return nil, err
		}
		out = append(out, gamesText{x: x, y: y, s: str})
		s = rest
	}
}

// gamesLiteral reads a PDF literal string up to its closing parenthesis
// (escapes undone) and decodes it as UTF-16BE.
func gamesLiteral(s string) (string, string, error) {
	var b []byte
	depth := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			i++
			switch e := s[i]; e {
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case '0', '1', '2', '3', '4', '5', '6', '7':
				n := 0
				k := i
				for ; k < len(s) && k < i+3 && s[k] >= '0' && s[k] <= '7'; k++ {
					n = n*8 + int(s[k]-'0')
				}
				b = append(b, byte(n))
				i = k - 1
			default:
				b = append(b, e)
			}
		case c == '(':
			depth++
			b = append(b, c)
		case c == ')' && depth > 0:
			depth--
			b = append(b, c)
		case c == ')':
			if len(b)%2 != 0 {
				return "", "", fmt.Errorf("text string of odd length %d is not UTF-16", len(b))
			}
			u := make([]uint16, len(b)/2)
			for k := range u {
				u[k] = uint16(b[2*k])<<8 | uint16(b[2*k+1])
			}
			return string(utf16.Decode(u)), s[i+1:], nil
		default:
			b = append(b, c)
		}
	}
	return "", "", fmt.Errorf("unterminated text string")
}

// gamesCheckPages checks the page count and that every page has the
// sheet's size.
func gamesCheckPages(t *testing.T, pages []gamesPage, rep *render.Report, want int) {
	t.Helper()
	if len(pages) != want || rep.Pages != want {
		t.Fatalf("%d pages (report: %d), want %d", len(pages), rep.Pages, want)
	}
	for i, p := range pages {
		if math.Abs(p.w-rep.Sheet.Page.W) > 0.1 || math.Abs(p.h-rep.Sheet.Page.H) > 0.1 {
			t.Errorf("page %d is %.1fx%.1f mm, want %.1fx%.1f", i+1, p.w, p.h, rep.Sheet.Page.W, rep.Sheet.Page.H)
		}
	}
}

// gamesCheckFronts checks that each item's front slot shows its card's
// name: item i is in slot i%per of front page i/per (every other page when
// backs follow fronts).
func gamesCheckFronts(t *testing.T, pages []gamesPage, rep *render.Report, items []cardface.Item, duplex bool) {
	t.Helper()
	per := rep.Sheet.PerPage()
	for i, it := range items {
		page := i / per
		if duplex {
			page *= 2
		}
		slot := rep.Sheet.Slots[i%per].Trim()
		if got := pages[page].in(slot); !strings.Contains(got, it.Front.Card.Name) {
			t.Errorf("item %d %q: front page %d slot %d shows %q", i, it.Front.Card.Name, page+1, i%per, got)
		}
	}
}

// TestPrintHubworldSample prints the bundled Hubworld sample deck: the
// seeker and 36 cards, 37 text proxies on 5 A4 pages, each card in its
// slot, the seeker first, every face marked as a sample.
func TestPrintHubworldSample(t *testing.T) {
	d := cardsdbtest.Deck(t, "hubworld/sample")
	items := cardface.DeckItems(d)
	if len(items) != 37 {
		t.Fatalf("%d items, want 37", len(items))
	}
	pages, rep := gamesRender(t, items, layout.DefaultOptions())
	gamesCheckPages(t, pages, rep, 5)
	if rep.Sheet.Page.W != 210 || rep.Sheet.Page.H != 297 || rep.PerPage != 9 || rep.TextFaces != 37 {
		t.Errorf("sheet %vx%v, %d per page, %d text faces; want A4, 9, 37", rep.Sheet.Page.W, rep.Sheet.Page.H, rep.PerPage, rep.TextFaces)
	}
	gamesCheckFronts(t, pages, rep, items, false)
	if first := pages[0].in(rep.Sheet.Slots[0].Trim()); !strings.Contains(first, "Seeker · Dockwardens") {
		t.Errorf("slot 0 is not the Dockwardens seeker: %q", first)
	}
	for i, p := range pages {
		if n := strings.Count(p.all(), "SAMPLE"); n != min(9, 37-9*i) {
			t.Errorf("page %d has %d SAMPLE notices, want one per card", i+1, n)
		}
	}
}

// TestPrintKaizerseatSetup prints the bundled four-player setup on Letter
// paper: the four chosen packs' cards (11 each), the 20 Thronecards and the
// 34 Seatcards, 98 cards on 11 pages, and no card of another pack.
func TestPrintKaizerseatSetup(t *testing.T) {
	d := cardsdbtest.Deck(t, "kaizerseat/four-players")
	items := cardface.DeckItems(d)
	if len(items) != 98 {
		t.Fatalf("%d items, want 98", len(items))
	}
	opts := layout.DefaultOptions()
	opts.Paper = layout.Size{W: 215.9, H: 279.4}
	pages, rep := gamesRender(t, items, opts)
	gamesCheckPages(t, pages, rep, 11)
	gamesCheckFronts(t, pages, rep, items, false)
	// Count the type lines ("Thronecard", "Seeker · Solongnecks").
	count := map[string]int{}
	for _, p := range pages {
		for _, s := range rep.Sheet.Slots {
			for _, piece := range p.pieces(s.Trim()) {
				typ, _, _ := strings.Cut(piece, " · ")
				if typ == "Seeker" || typ == "Thronecard" || typ == "Seatcard" {
					count[typ]++
				}
			}
		}
	}
	if count["Seeker"] != 44 || count["Thronecard"] != 20 || count["Seatcard"] != 34 {
		t.Errorf("printed %v, want 44 Seeker cards, 20 Thronecards, 34 Seatcards", count)
	}
	var all strings.Builder
	for _, p := range pages {
		all.WriteString(p.all())
	}
	for _, other := range []string{"Atheneyes", "Boardom Thieves", "Taredtula", "Twistertoots"} {
		if strings.Contains(all.String(), other) {
			t.Errorf("the setup's print shows %q, a pack it does not choose", other)
		}
	}
}

// TestPrintSeedersSetBacks prints Seeders' whole set with backs for a
// long-edge and a short-edge flip: 44 cards, fronts and backs on 10 A4
// pages. Each Secondary Crew card's back slot, the mirror of its front,
// shows its own second face ("Worker (second side)"); every other card's
// shows the game's back.
func TestPrintSeedersSetBacks(t *testing.T) {
	g := cardsdbtest.Game(t, "seeders")
	items := textBacks(cardface.SetItems(g)) // the game's back as text, to read it
	if len(items) != 44 {
		t.Fatalf("%d items, want 44", len(items))
	}
	for _, mode := range []layout.BackMode{layout.BacksLong, layout.BacksShort} {
		t.Run(mode.String(), func(t *testing.T) {
			opts := layout.DefaultOptions()
			opts.Backs = mode
			pages, rep := gamesRender(t, items, opts)
			gamesCheckPages(t, pages, rep, 10)
			gamesCheckFronts(t, pages, rep, items, true)
			per := rep.Sheet.PerPage()
			own := 0
			for i, it := range items {
				page, slot := 2*(i/per)+1, i%per
				back := rep.Sheet.Backs[slot]
				// On a portrait page a long-edge flip mirrors left and
				// right, a short-edge flip top and bottom.
				front, pg := rep.Sheet.Slots[slot], rep.Sheet.Page
				mirror := layout.Rect{X: pg.W - front.X - front.W, Y: front.Y, W: front.W, H: front.H}
				if mode == layout.BacksShort {
					mirror = layout.Rect{X: front.X, Y: pg.H - front.Y - front.H, W: front.W, H: front.H}
				}
				if math.Abs(back.X-mirror.X) > 0.01 || math.Abs(back.Y-mirror.Y) > 0.01 {
					t.Fatalf("back slot %d at %v, want the mirror of its front %v: %v", slot, back.Trim(), front.Trim(), mirror)
				}
				got := pages[page].in(back.Trim())
				want := "Seeders from Sereis: Exodus"
				if it.Own {
					own++
					want = it.Front.Card.Back.Name
					if !strings.Contains(want, "(second side)") {
						t.Fatalf("%q has back %q", it.Front.Card.Name, want)
					}
				}
				if !strings.Contains(got, want) {
					t.Errorf("item %d %q: back page %d slot %d (%v) shows %q, want %q", i, it.Front.Card.Name, page+1, slot, back.Trim(), got, want)
				}
			}
			if own != 30 {
				t.Errorf("%d items with their own second face, want the 30 Secondary Crew cards", own)
			}
			// No second face shows anywhere else: each back page holds as
			// many as its sheet has Secondary Crew cards.
			for start := 0; start < len(items); start += per {
				n := 0
				for _, it := range items[start:min(start+per, len(items))] {
					if it.Own {
						n++
					}
				}
				page := 2*(start/per) + 1
				if got := strings.Count(pages[page].all(), "(second side)"); got != n {
					t.Errorf("back page %d shows %d second faces, want %d", page+1, got, n)
				}
			}
		})
	}
}
