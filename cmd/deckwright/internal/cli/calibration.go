package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

type calibrationOptions struct {
	io     IO
	sheet  sheetFlags
	output string
}

func newCalibrationCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &calibrationOptions{io: io}
	cmd := &cobra.Command{
		Use:   "calibration",
		Short: "Print a two-page duplex test sheet to measure a printer's back offset",
		Long: `Write a two-page PDF (default out/calibration.pdf) to measure how far your
printer shifts the back side of a duplex print. The front has crosses; the
back has scales where the crosses should show through. Print it duplex at
100%, hold it against a light with the back facing you, and read where each
cross meets the scales: print your decks with --back-offset X,Y from those
readings.`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error { return runCalibration(opts) },
	}
	opts.sheet.register(cmd)
	cmd.Flags().Lookup("backs").DefValue = "long"
	opts.sheet.Backs = "long" // not Set: a --printer's flip may choose
	cmd.Flags().StringVarP(&opts.output, "output", "o", "out/calibration.pdf", "the PDF to write")
	return cmd
}

func runCalibration(opts *calibrationOptions) error {
	lo, err := opts.sheet.options(cardsdb.Size{W: 63, H: 88})
	if err != nil {
		return err
	}
	if lo.Cutter != layout.CutterNone {
		return usageError("--cutter: the calibration sheet is for duplex printing, not for a cutting machine")
	}
	if err := writeAtomic(opts.io.temps, opts.output, func(w io.Writer) error { return render.Calibration(w, lo) }); err != nil {
		return inputError(err)
	}
	scale := ""
	if s := lo.BackScale; s != (layout.Scale{}) {
		scale = fmt.Sprintf(", back scale %g,%g", s.X, s.Y)
	}
	fmt.Fprintf(opts.io.Out, "wrote %s: 2 pages, %s paper, flip on the %s edge, back offset %g,%g%s\n", opts.output, lo.Paper, lo.Backs, lo.BackOffset.X, lo.BackOffset.Y, scale)
	return nil
}
