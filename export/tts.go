package export

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/draw"
	"math"
	neturl "net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/faces"
	"github.com/deckwright/deckwright/templates"
	"github.com/disintegration/imaging"
)

// Tabletop Simulator's limits on a deck sheet.
const (
	TTSMaxCols   = 10   // cards across a sheet
	TTSMaxRows   = 7    // cards down a sheet
	TTSMaxPixels = 4096 // a sheet's largest width and height
	// TTSPerSheet is the most cards on one sheet: 10×7 less the last slot,
	// which Tabletop Simulator keeps for the face it shows of a hidden card.
	TTSPerSheet = TTSMaxCols*TTSMaxRows - 1
)

// TTSOptions says how to write a Tabletop Simulator deck.
type TTSOptions struct {
	Options
	// Name is the deck's nickname on the table and the saved object's
	// file name; "" = "deck".
	Name string
	// Format of the sheets and the back: "png" (default) or "jpeg".
	Format string
	// URLPrefix, when set, is where the images will be hosted: FaceURL
	// and BackURL become URLPrefix + "/" + file name. Without it they are
	// file:/// URLs of the files' absolute paths, which Tabletop Simulator
	// loads from the local disk.
	URLPrefix string
	// ScaleOne is the size, mm, of a card at scale 1 on the table, which
	// the deck's scale is reckoned from (TTSScale); zero: Tabletop
	// Simulator's own, TTSCardW×TTSCardH. A table with a mod that draws
	// cards larger or smaller sets its own.
	ScaleOne cardsdb.Size
}

// TTSCard is where one distinct face lies: its sheet (from 1) and slot on
// it (from 0, left to right, top to bottom); CardID is Sheet×100 + Slot.
type TTSCard struct {
	Name   string `json:"name"`
	Sheet  int    `json:"sheet"`
	Slot   int    `json:"slot"`
	CardID int    `json:"card_id"`
	Second bool   `json:"second,omitempty"` // the second face of a double-faced card
	// Sideways marks a landscape card (Arkhtide's Realms): it lies on a
	// sheet of landscape slots and is a SidewaysCard on the table.
	Sideways bool `json:"sideways,omitempty"`
}

// TTSResult says what TTS wrote.
type TTSResult struct {
	Result
	Sheets []string `json:"sheets"` // sheet files, in order
	Back   string   `json:"back"`   // the back image
	// SidewaysBack is the back of the landscape cards, turned to lie as
	// they do; "" when the deck has none.
	SidewaysBack string    `json:"sideways_back,omitempty"`
	Object       string    `json:"object"` // the saved object (JSON)
	Card         [2]int    `json:"card_px"`
	Grids        [][2]int  `json:"grids"` // columns and rows of each sheet
	Faces        []TTSCard `json:"faces"`
}

// TTSCardPixels is the size of a card on the sheets: as big as a 10×7
// sheet of at most 4096×4096 pixels allows, in the card's shape (portrait;
// landscape cards are turned a quarter turn clockwise onto the sheets, as
// on paper).
func TTSCardPixels(card cardsdb.Size) image.Point {
	if card.W > card.H {
		card.W, card.H = card.H, card.W
	}
	w := TTSMaxPixels / TTSMaxCols
	h := int(math.Round(float64(w) * card.H / card.W))
	if h > TTSMaxPixels/TTSMaxRows {
		h = TTSMaxPixels / TTSMaxRows
		w = int(math.Round(float64(h) * card.W / card.H))
	}
	return image.Pt(w, h)
}

// TTSSidewaysPixels is the size of a landscape card's slot on its sheets:
// the card lies as it is read, as wide as ten columns of a 4096-pixel sheet
// allow.
func TTSSidewaysPixels(card cardsdb.Size) image.Point {
	if card.W < card.H {
		card.W, card.H = card.H, card.W
	}
	w := TTSMaxPixels / TTSMaxCols
	return image.Pt(w, int(math.Round(float64(w)*card.H/card.W)))
}

// TTSCardW and TTSCardH are the size, mm, of a card at scale 1 in
// Tabletop Simulator (about 2.2 × 3.15 in, a little under a poker card).
const (
	TTSCardW = 56.0
	TTSCardH = 80.0
)

// TTSScale is the scale that gives a deck of cards of the size card its
// real size on the table: the ratio of its area to that of a card at
// scale 1 (TTSCardW×TTSCardH), as a length (the card's mesh keeps its own
// shape), rounded to three decimals. 63×88 mm poker cards get 1.112.
func TTSScale(card cardsdb.Size) float64 {
	return ttsScale(card, cardsdb.Size{})
}

// ttsScale is TTSScale against a card of size unit at scale 1 (zero:
// TTSCardW×TTSCardH).
func ttsScale(card, unit cardsdb.Size) float64 {
	if !(unit.W > 0 && unit.H > 0) {
		unit = cardsdb.Size{W: TTSCardW, H: TTSCardH}
	}
	s := math.Sqrt(card.W * card.H / (unit.W * unit.H))
	return math.Round(s*1000) / 1000
}

// fileURL is the file:/// URL of an absolute path, its bytes escaped as a
// URL path needs (a space as %20, '#' as %23), so that a folder named
// "My Decks #2" still loads.
func fileURL(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/Users/...
	}
	return (&neturl.URL{Scheme: "file", Path: p}).String()
}

// TTSGrid is the grid of a sheet of n cards (1 to TTSPerSheet): ten
// columns (fewer for fewer cards, but at least two) and as many rows as
// hold the cards with the last slot free, at least two.
func TTSGrid(n int) (cols, rows int) {
	cols = min(TTSMaxCols, max(2, n+1))
	rows = max(2, (n+1+cols-1)/cols)
	return cols, rows
}

// TTS writes items as a Tabletop Simulator deck into dir: deck sheets
// sheet-1.png, sheet-2.png... (at most TTSPerSheet distinct faces each;
// copies of a card share its face), back.png, and NAME.json, a saved
// object holding one DeckCustom with every card of items in order, named
// after the card. Copy the JSON into Tabletop Simulator's Saves/Saved
// Objects folder to find the deck under Objects → Saved Objects. A
// double-faced card is one card with two states, its faces.
func TTS(ctx context.Context, dir string, items []cardface.Item, opts TTSOptions) (*TTSResult, error) {
	if len(items) == 0 {
		return nil, fmt.Errorf("no cards to export")
	}
	format := opts.Format
	switch format {
	case "", "png":
		format = "png"
	case "jpeg", "jpg":
		format = "jpeg"
	default:
		return nil, fmt.Errorf("format %q: want png or jpeg", opts.Format)
	}
	name := opts.Name
	if name == "" {
		name = "deck"
	}
	game := items[0].Front.Game
	for _, it := range items {
		if it.Front.Game != game {
			return nil, fmt.Errorf("%s is a card of %s, not %s: a deck sheet holds one game's cards", it.Name(), gameName(it.Front.Game), gameName(game))
		}
	}
	if game == nil || !(game.CardSize.W > 0 && game.CardSize.H > 0) {
		return nil, fmt.Errorf("%s has no card size", gameName(game))
	}
	res := &TTSResult{Result: newResult(dir, items)}
	px := TTSCardPixels(game.CardSize)
	res.Card = [2]int{px.X, px.Y}

	// The distinct faces, fronts and second faces, in order of first use.
	var all []cardface.Face
	for _, it := range items {
		all = append(all, it.Front)
		if it.Own {
			all = append(all, it.Back)
		}
	}
	uniq, index := distinct(all)
	// Portrait faces go on the first sheets, landscape ones (Arkhtide's
	// Realms) on sheets of their own with landscape slots: Tabletop
	// Simulator shows a SidewaysCard as a horizontal card and maps its
	// slot onto it as it is.
	var groups [2][]int // indices into uniq: portrait, landscape
	for i, f := range uniq {
		g := 0
		if f.Landscape {
			g = 1
		}
		groups[g] = append(groups[g], i)
	}
	res.Faces = make([]TTSCard, len(uniq))
	type sheetPlan struct {
		faces []int // indices into uniq
		px    image.Point
	}
	var plans []sheetPlan
	for g, list := range groups {
		cell := px
		if g == 1 {
			cell = TTSSidewaysPixels(game.CardSize)
		}
		for start := 0; start < len(list); start += TTSPerSheet {
			part := list[start:min(start+TTSPerSheet, len(list))]
			plans = append(plans, sheetPlan{part, cell})
			for slot, u := range part {
				f := uniq[u]
				c := TTSCard{Sheet: len(plans), Slot: slot, Second: f.Second, Sideways: g == 1}
				c.CardID = c.Sheet*100 + c.Slot
				c.Name = faceTitle(f)
				res.Faces[u] = c
			}
		}
	}

	err := run(ctx, dir, opts.Options, &res.Result, func(j *job) error {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return err
		}
		url := func(file string) string {
			if opts.URLPrefix != "" {
				return strings.TrimRight(opts.URLPrefix, "/") + "/" + neturl.PathEscape(file)
			}
			return fileURL(filepath.Join(abs, file))
		}

		fo := opts.faces()
		// Each finished sheet is encoded in the background while the next
		// one is drawn: encoding a 4096-pixel PNG takes about as long as
		// drawing the sheet. At most one sheet waits, to bound memory.
		type encoded struct {
			file string
			err  error
		}
		encDone := make(chan encoded, 1)
		pending := 0
		wait := func() error {
			e := <-encDone
			pending--
			return e.err
		}
		for s, plan := range plans {
			part := make([]cardface.Face, len(plan.faces))
			for i, u := range plan.faces {
				part[i] = uniq[u]
			}
			cell := plan.px
			cols, rows := TTSGrid(len(part))
			sheet := image.NewNRGBA(image.Rect(0, 0, cols*cell.X, rows*cell.Y))
			// Empty slots are white: an opaque sheet is a smaller RGB PNG, and
			// JPEG would make transparent slots black.
			draw.Draw(sheet, sheet.Rect, image.White, image.Point{}, draw.Src)
			fo.Pixels = cell
			err := j.draw(part, fo, func(i int, im *faces.Image) error {
				img := image.Image(im.Image)
				if b := img.Bounds(); (b.Dx() > b.Dy()) != (cell.X > cell.Y) {
					img = imaging.Rotate270(img) // a quarter turn clockwise
				}
				at := image.Pt(i%cols*cell.X, i/cols*cell.Y)
				draw.Draw(sheet, image.Rectangle{Min: at, Max: at.Add(cell)}, img, img.Bounds().Min, draw.Src)
				return nil
			})
			if pending > 0 {
				if werr := wait(); err == nil {
					err = werr
				}
			}
			if err != nil {
				return err
			}
			file := "sheet-" + strconv.Itoa(s+1) + ext(format)
			res.Sheets = append(res.Sheets, file)
			res.Grids = append(res.Grids, [2]int{cols, rows})
			pending++
			go func() {
				data, err := encode(sheet, format)
				if err == nil {
					err = j.create(file, data)
				}
				encDone <- encoded{file, err}
			}()
		}
		if pending > 0 {
			if err := wait(); err != nil {
				return err
			}
		}
		fo.Pixels = px

		var back *faces.Image
		err = j.draw([]cardface.Face{{Game: game, Image: game.Back.Image, FS: game.FS}}, fo, func(_ int, im *faces.Image) error {
			back = im
			return nil
		})
		if err != nil {
			return err
		}
		res.Back = "back" + ext(format)
		data, err := encode(back.Image, format)
		if err != nil {
			return err
		}
		if err := j.create(res.Back, data); err != nil {
			return err
		}
		if len(groups[1]) > 0 {
			// The back of a horizontal card: the game's back turned a
			// quarter turn clockwise, as the faces are.
			res.SidewaysBack = "back-sideways" + ext(format)
			data, err := encode(imaging.Rotate270(back.Image), format)
			if err != nil {
				return err
			}
			if err := j.create(res.SidewaysBack, data); err != nil {
				return err
			}
		}

		obj := ttsObject(name, items, index, res, url, ttsScale(game.CardSize, opts.ScaleOne))
		js, err := json.MarshalIndent(obj, "", "  ")
		if err != nil {
			return err
		}
		res.Object = slug(name) + ".json"
		if err := j.create(res.Object, append(js, '\n')); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

func gameName(g *cardsdb.Game) string {
	if g == nil {
		return "no game"
	}
	return g.Name
}

// faceTitle is the name a face shows on the table.
func faceTitle(f cardface.Face) string {
	switch {
	case f.Card != nil && f.Second && f.Card.Back != nil && f.Card.Back.Name != "":
		return f.Card.Back.Name
	case f.Card != nil && f.Second:
		return f.Card.Name + " (back)"
	case f.Card != nil:
		return f.Card.Name
	}
	return "card back"
}

// The saved-object JSON, as Tabletop Simulator writes it (only the fields
// that matter; it fills in the rest when it loads the object).
type ttsSave struct {
	SaveName     string   `json:"SaveName"`
	GameMode     string   `json:"GameMode"`
	Date         string   `json:"Date"`
	Table        string   `json:"Table"`
	Sky          string   `json:"Sky"`
	Note         string   `json:"Note"`
	Rules        string   `json:"Rules"`
	XMLUI        string   `json:"XmlUI"`
	LuaScript    string   `json:"LuaScript"`
	ObjectStates []ttsObj `json:"ObjectStates"`
	TabStates    struct{} `json:"TabStates"`
	Version      string   `json:"VersionNumber"`
}

type ttsTransform struct {
	PosX   float64 `json:"posX"`
	PosY   float64 `json:"posY"`
	PosZ   float64 `json:"posZ"`
	RotX   float64 `json:"rotX"`
	RotY   float64 `json:"rotY"`
	RotZ   float64 `json:"rotZ"`
	ScaleX float64 `json:"scaleX"`
	ScaleY float64 `json:"scaleY"`
	ScaleZ float64 `json:"scaleZ"`
}

// TTSCustomDeck is one entry of a CustomDeck map: a sheet and its back.
type TTSCustomDeck struct {
	FaceURL      string `json:"FaceURL"`
	BackURL      string `json:"BackURL"`
	NumWidth     int    `json:"NumWidth"`
	NumHeight    int    `json:"NumHeight"`
	BackIsHidden bool   `json:"BackIsHidden"`
	UniqueBack   bool   `json:"UniqueBack"`
	Type         int    `json:"Type"` // the card's shape: 0 the rounded rectangle, 1 square corners`
}

type ttsObj struct {
	GUID             string                   `json:"GUID"`
	Name             string                   `json:"Name"` // "DeckCustom" or "Card"
	Transform        ttsTransform             `json:"Transform"`
	Nickname         string                   `json:"Nickname"`
	Description      string                   `json:"Description"`
	Locked           bool                     `json:"Locked"`
	Grid             bool                     `json:"Grid"`
	Snap             bool                     `json:"Snap"`
	Autoraise        bool                     `json:"Autoraise"`
	Sticky           bool                     `json:"Sticky"`
	Tooltip          bool                     `json:"Tooltip"`
	Hands            bool                     `json:"Hands"`
	SidewaysCard     bool                     `json:"SidewaysCard"`
	CardID           int                      `json:"CardID,omitempty"`
	DeckIDs          []int                    `json:"DeckIDs,omitempty"`
	CustomDeck       map[string]TTSCustomDeck `json:"CustomDeck"`
	ContainedObjects []ttsObj                 `json:"ContainedObjects,omitempty"`
	States           map[string]ttsObj        `json:"States,omitempty"`
}

// guid makes the six hex digits Tabletop Simulator names objects by, from
// what the object is, so the same export gives the same file.
func guid(parts ...string) string {
	h := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return hex.EncodeToString(h[:3])
}

func ttsObject(name string, items []cardface.Item, index []int, res *TTSResult, url func(string) string, scale float64) ttsSave {
	decks := map[string]TTSCustomDeck{}
	sideways := map[int]bool{} // sheets of landscape cards
	for _, f := range res.Faces {
		sideways[f.Sheet] = f.Sideways
	}
	for s, file := range res.Sheets {
		back := res.Back
		if sideways[s+1] {
			back = res.SidewaysBack
		}
		decks[strconv.Itoa(s+1)] = TTSCustomDeck{
			FaceURL: url(file), BackURL: url(back),
			NumWidth: res.Grids[s][0], NumHeight: res.Grids[s][1],
			BackIsHidden: true,
		}
	}
	// Face down, at the cards' real size (scaleY is the thickness).
	up := ttsTransform{RotY: 180, RotZ: 180, ScaleX: scale, ScaleY: 1, ScaleZ: scale, PosY: 1}
	card := func(n int, f TTSCard, sample bool) ttsObj {
		key := strconv.Itoa(f.Sheet)
		o := ttsObj{
			GUID: guid(name, strconv.Itoa(n), strconv.Itoa(f.CardID)), Name: "Card",
			Transform: up, Nickname: f.Name, CardID: f.CardID,
			Grid: true, Snap: true, Autoraise: true, Sticky: true, Tooltip: true, Hands: true,
			SidewaysCard: f.Sideways,
			CustomDeck:   map[string]TTSCustomDeck{key: decks[key]},
		}
		if sample {
			o.Description = templates.SampleNotice
		}
		return o
	}
	deck := ttsObj{
		GUID: guid(name, "deck"), Name: "DeckCustom", Transform: up, Nickname: name,
		Grid: true, Snap: true, Autoraise: true, Sticky: true, Tooltip: true,
		CustomDeck: decks, DeckIDs: []int{},
	}
	k := 0 // index into the faces of all items
	for n, it := range items {
		sample := it.Front.Card != nil && it.Front.Card.Sample
		o := card(n, res.Faces[index[k]], sample)
		k++
		if it.Own {
			second := card(n, res.Faces[index[k]], sample)
			second.GUID = guid(name, strconv.Itoa(n), "second")
			k++
			o.States = map[string]ttsObj{"2": second}
		}
		deck.DeckIDs = append(deck.DeckIDs, o.CardID)
		deck.ContainedObjects = append(deck.ContainedObjects, o)
	}
	// A deck of landscape cards only lies sideways too.
	deck.SidewaysCard = len(deck.ContainedObjects) > 0
	for _, o := range deck.ContainedObjects {
		deck.SidewaysCard = deck.SidewaysCard && o.SidewaysCard
	}
	return ttsSave{SaveName: name, ObjectStates: []ttsObj{deck}}
}
