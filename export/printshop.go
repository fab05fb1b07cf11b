package export

import (
	"context"
	"fmt"
	"io"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// PrintShopBleed is the bleed print shops ask for on every side of a card
// when nothing else is said: 1/8 inch (DriveThruCards, MakePlayingCards;
// shops in Europe often ask for 3 mm).
const PrintShopBleed = 3.175

// PrintShopMaxBleed is the most bleed PrintShop adds, in mm.
const PrintShopMaxBleed = 10

// PrintShopDPI is the resolution art is prepared at for a print shop: art
// is never enlarged, so in practice this keeps art at its own resolution
// (only art of more than PrintShopDPI at the card's size is reduced).
const PrintShopDPI = 1200

// PrintShopOptions says how to make a print shop's PDF.
type PrintShopOptions struct {
	Options
	// Card is the trimmed card size, in mm, in the card's portrait
	// orientation (landscape faces are turned onto it, as on proxy sheets).
	Card layout.Size
	// Bleed is the bleed on every side, in mm, 0 to PrintShopMaxBleed;
	// most shops ask for PrintShopBleed.
	Bleed float64
	// FrontsOnly leaves the backs out; otherwise every card's back follows
	// its front.
	FrontsOnly bool
	// DPI caps the art's resolution; 0 means PrintShopDPI.
	DPI int
	// Progress, when set, hears how far each stage is.
	Progress func(stage string, done, total int)
	// Title is the PDF's title.
	Title string
}

// PrintShop writes items as the PDF print shops ask for: one card a page,
// each page the card plus Bleed on every side, with its TrimBox around the
// card and its BleedBox around the whole page, the pages in the order
// front 1, back 1, front 2, back 2... (one page a side: the shop prints
// page 2 behind page 1). Every copy gets its pages. Art is prepared at its
// own resolution (see PrintShopDPI) with its edges extended into the
// bleed; cards without art are text proxies. No marks are drawn: the boxes
// say where to cut.
//
// The PDF is streamed to w as render.Render does: write to a temporary
// file and rename it into place on success.
func PrintShop(ctx context.Context, w io.Writer, items []cardface.Item, opts PrintShopOptions) (*render.Report, error) {
	bleed := opts.Bleed
	if !(bleed >= 0 && bleed <= PrintShopMaxBleed) { // NaN too
		return nil, fmt.Errorf("bleed %g mm: want 0 to %g mm", bleed, float64(PrintShopMaxBleed))
	}
	card := opts.Card
	if !(card.W > 0 && card.H > 0) { // NaN too
		return nil, fmt.Errorf("card size %gx%g mm: want a positive size", card.W, card.H)
	}
	dpi := opts.DPI
	if dpi == 0 {
		dpi = PrintShopDPI
	}
	sheet := layout.DefaultOptions()
	sheet.Paper = layout.Size{W: card.W + 2*bleed, H: card.H + 2*bleed}
	sheet.Card = card
	sheet.Bleed = bleed
	sheet.Margin = 0
	sheet.Gap = 0
	sheet.Marks = layout.MarksNone
	sheet.Grid = layout.Grid{Cols: 1, Rows: 1}
	sheet.Backs = layout.BacksLong // one card a page: the back is the front's page turned over
	if opts.FrontsOnly {
		sheet.Backs = layout.BacksNone
	}
	return render.Render(ctx, w, items, render.RenderOptions{
		Sheet:     sheet,
		DPI:       dpi,
		CacheDir:  opts.CacheDir,
		Workers:   opts.Workers,
		Templates: opts.Templates,
		Progress:  opts.Progress,
		Title:     opts.Title,
		PageBoxes: true,
	})
}
