package cli

import (
	"fmt"
	"io"
	"math"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/export"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/printjob"
	"github.com/deckwright/deckwright/render"
)

type exportPrintShopOptions struct {
	exportDeckFlags
	bleed      float64
	frontsOnly bool
	dpi        int
	cardSize   string
	strict     bool
}

func newExportPrintShopCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &exportPrintShopOptions{exportDeckFlags: exportDeckFlags{io: io, g: g}}
	cmd := &cobra.Command{
		Use:   "print-shop DECK",
		Short: "Write a deck as a print shop's PDF: one card a page, with bleed, TrimBox and BleedBox",
		Long: `Write DECK as the PDF print shops ask for (default out/<deck>-print-shop.pdf):
one card a page, each page the card plus --bleed on every side (1/8 inch,
3.175 mm, unless told), with the page's TrimBox on the card and its BleedBox
on the whole page, so that the shop's software knows where to cut. The pages
go front 1, back 1, front 2, back 2... (one page a side; --fronts-only
leaves the backs out), one card for every copy of the deck. Art is kept at
its own resolution (at most --dpi) with its edges extended into the bleed;
cards without art are text proxies. No crop marks: the boxes replace them.
Check the boxes with: pdfinfo -box FILE.`,
		Example: `  deckwright export print-shop seeker-chronicles/cosmos
  deckwright export print-shop my-deck.txt --bleed 3 -o shop.pdf`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error {
			if math.IsNaN(opts.bleed) || opts.bleed < 0 || opts.bleed > export.PrintShopMaxBleed {
				return usageError("--bleed %g: want 0 to %g mm", opts.bleed, float64(export.PrintShopMaxBleed))
			}
			if opts.dpi < 50 || opts.dpi > export.PrintShopDPI {
				return usageError("--dpi %d: want 50 to %d", opts.dpi, export.PrintShopDPI)
			}
			return runExportPrintShop(opts, args[0])
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.output, "output", "o", "", "the PDF to write (default out/<deck>-print-shop.pdf)")
	fl.StringVar(&opts.game, "game", "", "the game of a deck list that names none")
	fl.StringVar(&opts.templates, "templates", "", "a folder of text-proxy templates (GAME/TYPE.yaml) over the bundled ones")
	fl.StringVar(&opts.cacheDir, "cache-dir", "", "where prepared art is cached (default: the user cache folder)")
	fl.BoolVar(&opts.noCache, "no-cache", false, "do not read or write the art cache")
	fl.BoolVar(&opts.json, "json", false, "print a JSON report")
	fl.IntVar(&opts.maxCards, "max-cards", printjob.DefaultMaxCards, "refuse to export more cards than this")
	fl.Float64Var(&opts.bleed, "bleed", export.PrintShopBleed, "bleed on every side of a card, mm")
	fl.BoolVar(&opts.frontsOnly, "fronts-only", false, "leave the backs out")
	fl.IntVar(&opts.dpi, "dpi", export.PrintShopDPI, "the most resolution art keeps (art is never enlarged)")
	fl.StringVar(&opts.cardSize, "card-size", "", "card size: poker, bridge, tarot, mini or WxH in mm (default: the game's)")
	fl.BoolVar(&opts.strict, "strict", false, "treat warnings (low-resolution or missing art, text cut to fit) as errors")
	return cmd
}

// printShopReport is what export print-shop --json prints.
type printShopReport struct {
	Output   string           `json:"output"`
	Cards    int              `json:"cards"`
	Pages    int              `json:"pages"`
	Page     cardsdb.Size     `json:"page"`  // mm: the card plus its bleed
	Trim     cardsdb.Size     `json:"trim"`  // mm: the card
	Bleed    float64          `json:"bleed"` // mm on every side
	Backs    bool             `json:"backs"`
	Images   int              `json:"art_faces"`
	Text     int              `json:"text_faces"`
	Designed int              `json:"designed_faces"`
	Warnings []render.Warning `json:"warnings"`
}

func runExportPrintShop(opts *exportPrintShopOptions, arg string) error {
	job, err := opts.collect(arg, "print-shop")
	if err != nil {
		return err
	}
	output := opts.output
	if output == "" {
		output = job.dir + ".pdf"
	}
	card := layout.Size{W: job.deck.Game.CardSize.W, H: job.deck.Game.CardSize.H}
	if opts.cardSize != "" {
		if card, err = layout.ParseCardSize(opts.cardSize); err != nil {
			return usageError("--card-size: %v", err)
		}
	}
	if card.W > card.H {
		card = card.Rotated() // a landscape game's faces are turned onto a portrait page
	}
	out := opts.io
	prog := newProgress(out.Err, opts.g.quiet || opts.json)
	var rep *render.Report
	err = writeAtomic(out.temps, output, func(w io.Writer) error {
		var err error
		rep, err = export.PrintShop(out.context(), w, job.items, export.PrintShopOptions{
			Options:    job.opts,
			Card:       card,
			Bleed:      opts.bleed,
			FrontsOnly: opts.frontsOnly,
			DPI:        opts.dpi,
			Progress:   prog.Update,
			Title:      printjob.DeckFileName(arg),
		})
		if err == nil && opts.strict && len(rep.Warnings) > 0 {
			return &printjob.StrictError{Warnings: rep.Warnings}
		}
		return err
	})
	prog.Done()
	if err := strictFailure(out, err, output); err != nil {
		return err
	}
	if err != nil {
		return exportError(err)
	}
	page := layout.Size{W: card.W + 2*opts.bleed, H: card.H + 2*opts.bleed}
	if opts.json {
		return writeJSON(out, printShopReport{Output: output, Cards: rep.Cards, Pages: rep.Pages,
			Page: cardsdb.Size{W: page.W, H: page.H}, Trim: cardsdb.Size{W: card.W, H: card.H},
			Bleed: opts.bleed, Backs: !opts.frontsOnly, Images: rep.Images, Designed: rep.Designed, Text: rep.TextFaces, Warnings: rep.Warnings})
	}
	quiet := opts.g.quiet
	if !quiet { // -q: no notes, only errors, problems and the result
		for _, n := range rep.Notes {
			fmt.Fprintln(out.Err, "deckwright: note:", n)
		}
	}
	for _, w := range rep.Warnings {
		fmt.Fprintln(out.Err, "deckwright: warning:", w.Message)
	}
	order := "each front followed by its back"
	if opts.frontsOnly {
		order = "fronts only"
	}
	fmt.Fprintf(out.Out, "wrote %s: %s, %s (one card a page: %s mm, %s cards with %g mm bleed, TrimBox and BleedBox; %s); faces: %s%s\n",
		filepath.ToSlash(output), cardsdb.Plural(rep.Cards, "card"), cardsdb.Plural(rep.Pages, "page"), page, card, opts.bleed, order,
		faceKinds(rep.Images, rep.Designed, rep.TextFaces), quietMarks(quiet, anySample(job.items), job.prov))
	if quiet {
		return nil
	}
	if anySample(job.items) {
		fmt.Fprintln(out.Out, "  note: sample cards invented for deckwright are marked SAMPLE on their faces")
	}
	if job.prov > 0 {
		fmt.Fprintf(out.Out, "  note: %s carry provisional values, marked * on their faces\n", cardsdb.Plural(job.prov, "card"))
	}
	return nil
}
