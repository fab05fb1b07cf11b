package export

import (
	"context"
	"encoding/xml"
	"fmt"
	"image"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/faces"
	"github.com/disintegration/imaging"
)

// MPCBleed is the bleed MakePlayingCards asks for on every side, mm: 0.12
// inch, 36 pixels at 300 DPI (its 2.5×3.5 in template is 822×1122 pixels:
// 750+2×36 by 1050+2×36).
const MPCBleed = 0.12 * 25.4

// MPCDPI is the resolution of print-shop images.
const MPCDPI = 300

// MPCMaxOrder is the most cards in one MakePlayingCards order.
const MPCMaxOrder = 612

// mpcBrackets are MakePlayingCards' quantity brackets: an order is priced
// and made for the smallest bracket that holds its cards (MPCBracket;
// MPCOptions.Brackets replaces them).
var mpcBrackets = [...]int{18, 36, 55, 72, 90, 108, 126, 144, 162, 180, 198, 216, 234, 396, 504, 612}

// MPCDefaultStock is the card stock an order asks for unless told.
const MPCDefaultStock = "(S30) Standard Smooth"

// MPCStocks are the stocks the autofill tool knows.
var MPCStocks = []string{"(S27) Smooth", "(S30) Standard Smooth", "(S33) Superior Smooth", "(M31) Linen", "(P10) Plastic"}

// MPCBracket returns the smallest of MakePlayingCards' quantity brackets
// (18, 36, 55 ... 504, 612) that holds n cards (1 to MPCMaxOrder).
func MPCBracket(n int) int { return bracketOf(n, mpcBrackets[:]) }

// bracketOf returns the smallest of brackets (ascending; nil:
// MakePlayingCards') that holds n cards, MPCMaxOrder past them all.
func bracketOf(n int, brackets []int) int {
	if brackets == nil {
		brackets = mpcBrackets[:]
	}
	for _, b := range brackets {
		if n <= b {
			return b
		}
	}
	return MPCMaxOrder
}

// MPCPixels is the image size of a card with MPCBleed at MPCDPI, portrait:
// 822×1122 for poker cards (63×88 mm or 2.5×3.5 in), which is
// MakePlayingCards' own template, and otherwise the card plus 2×0.12 in
// at 300 DPI, rounded.
func MPCPixels(card cardsdb.Size) image.Point {
	if card.W > card.H {
		card.W, card.H = card.H, card.W
	}
	if card.W >= 62.5 && card.W <= 64 && card.H >= 87.5 && card.H <= 89.5 {
		return image.Pt(822, 1122)
	}
	px := func(mm float64) int { return int(math.Round((mm + 2*MPCBleed) / 25.4 * MPCDPI)) }
	return image.Pt(px(card.W), px(card.H))
}

// MPCOptions says how to write a print-shop order.
type MPCOptions struct {
	Options
	Stock string // "" = MPCDefaultStock
	Foil  bool
	// Brackets are the quantity brackets the order files name, ascending
	// and each from 1 to MPCMaxOrder; nil: MakePlayingCards' own (see
	// MPCBracket), for a shop that prices by others.
	Brackets []int
}

// MPCOrder is one order file written.
type MPCOrder struct {
	File     string `json:"file"`
	Quantity int    `json:"quantity"`
	Bracket  int    `json:"bracket"`
}

// MPCResult says what MPC wrote.
type MPCResult struct {
	Result
	Pixels [2]int     `json:"pixels"`
	Orders []MPCOrder `json:"orders"`
}

// MPC writes items for a print shop into dir: fronts/NNN-name.png, one
// image per distinct card face in the order of the items, at MPCPixels
// with MPCBleed of bleed (art is mirrored into it across the trim line, as
// deckwright's art has no bleed of its own; a text proxy's edge, its frame
// or background, is repeated into it: a cut a little off shows the card's
// own edge, not white); backs/NNN-name.png for the second faces of
// double-faced cards; cardback.png, the game's back; and order.xml, the
// order in the XML that the MakePlayingCards autofill desktop tool
// (github.com/chilli-axe/mpc-autofill) reads, its card ids being the
// images' absolute paths. Decks of more than MPCMaxOrder cards are split
// into order-1.xml, order-2.xml..., each of at most MPCMaxOrder cards in
// the items' order. Landscape cards are turned a quarter turn clockwise.
func MPC(ctx context.Context, dir string, items []cardface.Item, opts MPCOptions) (*MPCResult, error) {
	if len(items) == 0 {
		return nil, fmt.Errorf("no cards to export")
	}
	stock := opts.Stock
	if stock == "" {
		stock = MPCDefaultStock
	}
	if !contains(MPCStocks, stock) {
		return nil, fmt.Errorf("stock %q: want one of %s", stock, strings.Join(MPCStocks, ", "))
	}
	if stock == "(P10) Plastic" && opts.Foil {
		return nil, fmt.Errorf("stock %q comes without foil: leave out the foil or choose a paper stock", stock)
	}
	for i, b := range opts.Brackets {
		if b < 1 || b > MPCMaxOrder || i > 0 && b <= opts.Brackets[i-1] {
			return nil, fmt.Errorf("brackets %v: want whole numbers from 1 to %d, each larger than the one before", opts.Brackets, MPCMaxOrder)
		}
	}
	game := items[0].Front.Game
	for _, it := range items {
		if it.Front.Game != game {
			return nil, fmt.Errorf("%s is a card of %s, not %s: an order holds one game's cards", it.Name(), gameName(it.Front.Game), gameName(game))
		}
	}
	if game == nil || !(game.CardSize.W > 0 && game.CardSize.H > 0) {
		return nil, fmt.Errorf("%s has no card size", gameName(game))
	}
	px := MPCPixels(game.CardSize)
	res := &MPCResult{Result: newResult(dir, items), Pixels: [2]int{px.X, px.Y}}

	// Fronts and second faces, each distinct face once, numbered in order.
	var fronts, seconds []cardface.Face
	for _, it := range items {
		fronts = append(fronts, it.Front)
		if it.Own {
			seconds = append(seconds, it.Back)
		}
	}
	ufront, ifront := distinct(fronts)
	useconds, isecond := distinct(seconds)
	all := append(append(append([]cardface.Face{}, ufront...), useconds...), cardface.Face{Game: game, Image: game.Back.Image, FS: game.FS})
	files := make([]string, 0, len(all))
	for i, f := range ufront {
		files = append(files, "fronts/"+number(i+1, len(ufront))+"-"+slug(faceTitle(f))+mpcExt(f))
	}
	for i, f := range useconds {
		files = append(files, "backs/"+number(i+1, len(useconds))+"-"+slug(faceTitle(f))+mpcExt(f))
	}
	files = append(files, "cardback"+mpcExt(all[len(all)-1]))

	err := run(ctx, dir, opts.Options, &res.Result, func(j *job) error {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return err
		}
		fo := opts.faces()
		fo.Pixels, fo.Bleed = px, MPCBleed
		err = j.draw(all, fo, func(i int, im *faces.Image) error {
			trim := faces.TrimSize(im.Face, fo.Card)
			bx, by := bleedPixels(im.Image.Bounds().Size(), trim.W, trim.H, MPCBleed)
			if im.Art {
				mirrorBleed(im.Image, bx, by)
			} else {
				// The trim line's own pixels too: a blend of the frame
				// and the white bleed the template was drawn on.
				clampBleed(im.Image, bx+1, by+1)
			}
			img := image.Image(im.Image)
			if b := img.Bounds(); b.Dx() > b.Dy() {
				img = imaging.Rotate270(img) // a quarter turn clockwise
			}
			format := "png"
			if strings.HasSuffix(files[i], ".jpg") {
				format = "jpeg"
			}
			data, err := encode(img, format)
			if err != nil {
				return err
			}
			return j.create(files[i], data)
		})
		if err != nil {
			return err
		}
		if res.ArtFaces > 0 {
			res.Notes = append(res.Notes, fmt.Sprintf("art has no bleed of its own: it was extended %.3g mm (0.12 inch) on every side by mirroring its edges", MPCBleed))
		}

		// The orders.
		path := func(file string) string { return filepath.Join(abs, filepath.FromSlash(file)) }
		n := (len(items) + MPCMaxOrder - 1) / MPCMaxOrder
		k := 0 // index into seconds
		for o := 0; o < n; o++ {
			part := items[o*MPCMaxOrder : min((o+1)*MPCMaxOrder, len(items))]
			ord := mpcOrder{
				Details:  mpcDetails{Quantity: len(part), Bracket: bracketOf(len(part), opts.Brackets), Stock: stock, Foil: opts.Foil},
				Cardback: path(files[len(files)-1]),
			}
			frontSlots := map[int][]int{}
			backSlots := map[int][]int{}
			for s, it := range part {
				u := ifront[o*MPCMaxOrder+s]
				frontSlots[u] = append(frontSlots[u], s)
				if it.Own {
					b := isecond[k]
					k++
					backSlots[b] = append(backSlots[b], s)
				}
			}
			ord.Fronts = mpcCards(frontSlots, func(u int) (string, cardface.Face) { return files[u], ufront[u] }, path)
			ord.Backs = mpcCards(backSlots, func(u int) (string, cardface.Face) { return files[len(ufront)+u], useconds[u] }, path)
			file := "order.xml"
			if n > 1 {
				file = "order-" + strconv.Itoa(o+1) + ".xml"
			}
			data, err := xml.MarshalIndent(ord, "", "  ")
			if err != nil {
				return err
			}
			data = append([]byte(xml.Header), append(data, '\n')...)
			if err := j.create(file, data); err != nil {
				return err
			}
			res.Orders = append(res.Orders, MPCOrder{File: file, Quantity: ord.Details.Quantity, Bracket: ord.Details.Bracket})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// mpcExt is the file type of a face's image: JPEG for art (a PNG of a
// photograph at 822×1122 is ten times the size and five times the time),
// PNG for text proxies, whose sharp lettering JPEG would blur.
func mpcExt(f cardface.Face) string {
	if f.Image != "" {
		return ".jpg"
	}
	return ".png"
}

// mpcCards lists the cards of one side of an order, by their first slot.
func mpcCards(slots map[int][]int, of func(int) (string, cardface.Face), path func(string) string) []mpcCard {
	var out []mpcCard
	for j, s := range slots {
		file, f := of(j)
		parts := make([]string, len(s))
		for i, v := range s {
			parts[i] = strconv.Itoa(v)
		}
		out = append(out, mpcCard{ID: path(file), Slots: strings.Join(parts, ","), Name: filepath.Base(file), Query: strings.ToLower(faceTitle(f)), first: s[0]})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].first < out[b].first })
	return out
}

// The order XML of the autofill tool: desktop-tool/src/order.py and
// constants.py of github.com/chilli-axe/mpc-autofill read <order> with
// <details> (quantity, bracket, stock, foil), <fronts> and <backs> of
// <card> (id, slots — zero-based, comma-separated —, name, query), and
// <cardback>, the image for every back slot not listed in <backs>. An id
// that is a file on the disk is used as it is.
type mpcOrder struct {
	XMLName  xml.Name   `xml:"order"`
	Details  mpcDetails `xml:"details"`
	Fronts   []mpcCard  `xml:"fronts>card"`
	Backs    []mpcCard  `xml:"backs>card"`
	Cardback string     `xml:"cardback"`
}

type mpcDetails struct {
	Quantity int    `xml:"quantity"`
	Bracket  int    `xml:"bracket"`
	Stock    string `xml:"stock"`
	Foil     bool   `xml:"foil"`
}

type mpcCard struct {
	ID    string `xml:"id"`
	Slots string `xml:"slots"`
	Name  string `xml:"name"`
	Query string `xml:"query"`
	first int
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
