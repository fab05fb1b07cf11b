package export

import (
	"context"
	"fmt"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/faces"
)

// PNGOptions says how to write one image per card face.
type PNGOptions struct {
	Options
	DPI   int     // resolution at the printed size; 0 = faces.DefaultDPI
	Bleed float64 // mm added on every side (art is extended at its edges, a text proxy's frame runs on into it)
	// Unique writes each card once rather than once per copy.
	Unique bool
}

// PNG writes one PNG per card of items into dir, in the items' order:
// NNN-name.png for its face, NNN-name-back.png for the second face of a
// double-faced card, and back.png (back-GAME.png when the items come from
// several games) for the games' common card back. Every copy of a card is
// a file of its own unless opts.Unique. Landscape cards come out wider
// than tall.
func PNG(ctx context.Context, dir string, items []cardface.Item, opts PNGOptions) (*Result, error) {
	if len(items) == 0 {
		return nil, fmt.Errorf("no cards to export")
	}
	res := newResult(dir, items)
	if opts.Unique {
		items = uniqueItems(items)
	}
	// The files, in order, and the face each one shows.
	type file struct {
		name string
		face cardface.Face
	}
	var files []file
	games := map[string]cardface.Face{}
	var gameOrder []string
	for i, it := range items {
		base := number(i+1, len(items)) + "-" + slug(it.Name())
		files = append(files, file{base + ".png", it.Front})
		if it.Own {
			files = append(files, file{base + "-back.png", it.Back})
		} else if g := it.Back.Game; g != nil {
			if _, ok := games[g.ID]; !ok {
				games[g.ID] = it.Back
				gameOrder = append(gameOrder, g.ID)
			}
		}
	}
	for _, id := range gameOrder {
		name := "back.png"
		if len(gameOrder) > 1 {
			name = "back-" + slug(id) + ".png"
		}
		files = append(files, file{name, games[id]})
	}
	fs := make([]cardface.Face, len(files))
	for i, f := range files {
		fs[i] = f.face
	}
	uniq, index := distinct(fs)
	users := make([][]string, len(uniq))
	for i, f := range files {
		users[index[i]] = append(users[index[i]], f.name)
	}

	fo := opts.faces()
	fo.DPI, fo.Bleed = opts.DPI, opts.Bleed
	dpi := opts.DPI
	if dpi == 0 {
		dpi = faces.DefaultDPI
	}
	err := run(ctx, dir, opts.Options, &res, func(j *job) error {
		return j.draw(uniq, fo, func(i int, im *faces.Image) error {
			if opts.Bleed > 0 && !im.Art {
				// A text proxy is drawn on white: its edge (frame or
				// background) runs on into the bleed, as in MPC, so a cut
				// a little off shows no white sliver. The trim line's own
				// pixels too: a blend of the frame and the white.
				trim := faces.TrimSize(im.Face, fo.Card)
				bx, by := bleedPixels(im.Image.Bounds().Size(), trim.W, trim.H, opts.Bleed)
				clampBleed(im.Image, bx+1, by+1)
			}
			data, err := encode(im.Image, "png")
			data = withDPI(data, dpi)
			if err != nil {
				return err
			}
			for _, name := range users[i] {
				if err := ctx.Err(); err != nil {
					return err
				}
				if err := j.create(name, data); err != nil {
					return err
				}
			}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// uniqueItems keeps the first item of each card.
func uniqueItems(items []cardface.Item) []cardface.Item {
	var out []cardface.Item
	seen := map[faceID]bool{}
	for _, it := range items {
		k := idOf(it.Front)
		if !seen[k] {
			seen[k] = true
			out = append(out, it)
		}
	}
	return out
}
