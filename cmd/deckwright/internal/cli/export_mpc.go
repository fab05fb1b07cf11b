package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/export"
)

type exportMPCOptions struct {
	exportDeckFlags
	stock string
	foil  bool
}

func newExportMPCCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &exportMPCOptions{exportDeckFlags: exportDeckFlags{io: io, g: g}}
	cmd := &cobra.Command{
		Use:   "mpc DECK",
		Short: "Write a deck for a print shop (MakePlayingCards): images with bleed and an order",
		Long: `Write DECK for MakePlayingCards into a folder (default out/<deck>-mpc):
fronts/NNN-name.jpg (art) or .png (text proxies), one image per distinct
card at the shop's size with 0.12 inch of bleed (822x1122 pixels for poker
cards, at 300 DPI), backs/NNN-name.jpg or .png for the second faces of
double-faced cards, cardback.jpg (or cardback.png when the game's back is a
text proxy), and order.xml: the order in the XML that the MPC Autofill
desktop tool (github.com/chilli-axe/mpc-autofill) reads, with the slots of
every copy and the smallest of MakePlayingCards' quantity brackets that
holds the deck. A deck of more than 612 cards is split into order-1.xml,
order-2.xml... Art has no bleed of its own: it is mirrored into the bleed;
a text proxy's frame or background runs on into it.

An earlier export into the same folder is replaced (the files it wrote,
listed in the folder's .deckwright-files); other files are left alone.`,
		Example: `  deckwright export mpc kaizerseat/starter --stock "(S33) Superior Smooth"`,
		Args:    argsUsage(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error {
			found := false
			for _, s := range export.MPCStocks {
				found = found || s == opts.stock
			}
			if !found {
				return usageError("--stock %q: want one of %s", opts.stock, strings.Join(export.MPCStocks, ", "))
			}
			if opts.foil && opts.stock == "(P10) Plastic" {
				return usageError("--foil: the (P10) Plastic stock comes without foil")
			}
			return runExportMPC(opts, args[0])
		},
	}
	opts.register(cmd, "mpc")
	fl := cmd.Flags()
	fl.StringVar(&opts.stock, "stock", export.MPCDefaultStock, "card stock of the order")
	fl.BoolVar(&opts.foil, "foil", false, "ask for a foil finish")
	return cmd
}

func runExportMPC(opts *exportMPCOptions, arg string) error {
	job, err := opts.collect(arg, "mpc")
	if err != nil {
		return err
	}
	res, err := export.MPC(opts.io.context(), job.dir, job.items, export.MPCOptions{Options: job.opts, Stock: opts.stock, Foil: opts.foil})
	if err != nil {
		return exportError(err)
	}
	var orders []string
	for _, o := range res.Orders {
		orders = append(orders, fmt.Sprintf("%s (%d cards, bracket %d)", o.File, o.Quantity, o.Bracket))
	}
	summary := fmt.Sprintf("%s at %dx%d px, %s", cardsdb.Plural(res.Cards, "card"), res.Pixels[0], res.Pixels[1], strings.Join(orders, ", "))
	return opts.report(job, &res.Result, summary, res)
}
