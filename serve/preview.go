package serve

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// sheetPreview is one sheet of the print preview, drawn as SVG in mm:
// the page, the card slots with the faces of the cards that land in them
// (drawn by package faces, as the grid shows them), and the cutting
// guides.
type sheetPreview struct {
	Number    int
	W, H      float64
	Slots     []slotPreview
	Marks     []layout.Line
	MarkWidth float64
}

type slotPreview struct {
	X, Y, W, H float64
	Bleed      layout.Rect
	Name       string
	Lines      []string // the name, wrapped
	TX, TY     float64
	Art        bool
	Src        string // the face's image (/face/...), "" for a default back
}

// MaxPreviewSheets is how many sheets the print page previews.
const MaxPreviewSheets = 2

// deckText returns the text of a request's deck: the form's text, or the
// saved or bundled deck it names.
func (s *Server) deckText(r *http.Request) ([]byte, error) {
	name := r.FormValue("deck")
	if name == "" {
		return []byte(r.PostForm.Get("text")), nil
	}
	if strings.Count(name, "/") == 1 {
		if _, err := s.namedDeck(name); err != nil {
			return nil, err
		}
		game, deck, _ := strings.Cut(name, "/")
		g, err := s.cfg.DB.LookupGame(game)
		if err != nil {
			return nil, err
		}
		return fs.ReadFile(g.FS, g.Decks[deck])
	}
	return s.decks.read(name)
}

// previewSheets lays out the first sheets of a print the way print does:
// the same options read by the same layout functions, the deck's cards in
// print order (render.DeckItems).
func (s *Server) previewSheets(r *http.Request) ([]sheetPreview, error) {
	text, err := s.deckText(r)
	if err != nil {
		return nil, err
	}
	game := r.FormValue("game")
	if name := r.FormValue("deck"); game == "" && strings.Count(name, "/") == 1 {
		game, _, _ = strings.Cut(name, "/") // a bundled deck may name no game
	}
	deck, err := s.resolve(text, game)
	if err != nil {
		return nil, err
	}
	if len(deck.Unknown) > 0 {
		return nil, errors.New("the deck has cards the game does not have")
	}
	o, err := previewOptions(r, deck.Game.CardSize)
	if err != nil {
		return nil, err
	}
	sheet, err := layout.Plan(o)
	if err != nil {
		return nil, err
	}
	items := render.DeckItems(deck)
	marks := layout.CropMarks(sheet)
	if sheet.Marks == layout.MarksLines {
		marks = layout.CutLines(sheet)
	} else if sheet.Marks == layout.MarksNone {
		marks = nil
	}
	var out []sheetPreview
	per := len(sheet.Slots)
	for start := 0; start < len(items) && len(out) < MaxPreviewSheets && per > 0; start += per {
		p := sheetPreview{Number: len(out) + 1, W: sheet.Page.W, H: sheet.Page.H, Marks: marks, MarkWidth: 0.3}
		for i, sl := range sheet.Slots {
			if start+i >= len(items) {
				break
			}
			it := items[start+i]
			sp := slotPreview{X: sl.X, Y: sl.Y, W: sl.W, H: sl.H, Bleed: sl.BleedRect(), Name: it.Name(), Art: it.Front.Image != "", TX: sl.X + sl.W/2, TY: sl.Y + 8}
			sp.Lines = wrap(sp.Name, max(6, int(sl.W/2.6)))
			if c := it.Front.Card; c != nil && !it.Front.Second {
				sp.Src = "/face/" + url.PathEscape(deck.Game.ID) + "/" + url.PathEscape(c.Name) + ".png"
			}
			p.Slots = append(p.Slots, sp)
		}
		out = append(out, p)
	}
	return out, nil
}

// previewOptions reads the print form as print reads its flags.
func previewOptions(r *http.Request, card cardsdb.Size) (layout.Options, error) {
	o := layout.DefaultOptions()
	var err error
	if v := r.FormValue("paper"); v != "" {
		if o.Paper, err = layout.ParsePaper(v); err != nil {
			return o, err
		}
	}
	o.Card = layout.Size{W: card.W, H: card.H}
	if v := r.FormValue("card-size"); v != "" {
		if o.Card, err = layout.ParseCardSize(v); err != nil {
			return o, err
		}
	}
	if v := r.FormValue("grid"); v != "" {
		if o.Grid, err = layout.ParseGrid(v); err != nil {
			return o, err
		}
	}
	if v := r.FormValue("marks"); v != "" {
		if o.Marks, err = layout.ParseMarks(v); err != nil {
			return o, err
		}
	}
	if v := r.FormValue("backs"); v != "" {
		if o.Backs, err = layout.ParseBacks(v); err != nil {
			return o, err
		}
	}
	for _, f := range []struct {
		name string
		v    *float64
	}{{"gap", &o.Gap}, {"bleed", &o.Bleed}, {"margin", &o.Margin}} {
		if v := r.FormValue(f.name); v != "" {
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return o, fmt.Errorf("%s %q: %w", f.name, v, err)
			}
			*f.v = x
		}
	}
	return o, nil
}

// wrap breaks s into lines of at most n bytes at spaces.
func wrap(s string, n int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > n {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
