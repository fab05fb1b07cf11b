package cli

import (
	"fmt"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/printer"
)

func newPrinterCmd(io IO, g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "printer",
		Short: "Keep printer profiles: a duplex printer's back offset, paper and margin",
		Long: `Printer profiles keep what the duplex calibration sheet (deckwright print
calibration) measured on a printer, with the paper and margin it prints,
so that print --printer NAME applies them. They live in printers.yaml in
your configuration folder (on Linux $XDG_CONFIG_HOME/deckwright, else
~/.config/deckwright).`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			return usageError("printer needs a command: add, list or remove (see deckwright printer --help)")
		},
	}
	cmd.AddCommand(newPrinterAddCmd(io), newPrinterListCmd(io), newPrinterRemoveCmd(io))
	return cmd
}

type printerAddOptions struct {
	io                               IO
	name, offset, scale, flip, paper string
	margin                           float64
	marginSet                        bool
}

func newPrinterAddCmd(io IO) *cobra.Command {
	opts := &printerAddOptions{io: io}
	cmd := &cobra.Command{
		Use:   "add NAME --offset X,Y",
		Short: "Save a printer profile (replacing one of the same name)",
		Long: `Save a printer profile: --offset X,Y (mm, as print's --back-offset) read
from the calibration sheet, --scale SX,SY when the corner targets read
differently, --flip long|short (the edge the offset was measured for),
--paper (the paper in the printer) and --margin (the border it cannot
print, mm). A profile of the same name is replaced.`,
		Example: `  deckwright printer add office --offset 0.5,-0.5 --flip long --paper letter --margin 6`,
		Args:    argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			opts.name = args[0]
			opts.marginSet = c.Flags().Changed("margin")
			return runPrinterAdd(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.offset, "offset", "0,0", "the back offset X,Y in mm, as read on the calibration sheet")
	fl.StringVar(&opts.scale, "scale", "", "stretch of the back positions SX,SY (e.g. 1.002,0.998), from the corner targets")
	fl.StringVar(&opts.flip, "flip", "", "the edge the printer flips the sheet on: long or short")
	fl.StringVar(&opts.paper, "paper", "", "the printer's paper: a4, letter, a3, legal or WxH in mm")
	fl.Float64Var(&opts.margin, "margin", 0, "the border the printer cannot print, mm")
	return cmd
}

func runPrinterAdd(opts *printerAddOptions) error {
	p := printer.Profile{Name: opts.name, Flip: opts.flip, Paper: opts.paper}
	if err := printer.CheckName(opts.name); err != nil {
		return usageError("%v", err)
	}
	var err error
	if p.Offset, err = layout.ParseOffset(opts.offset); err != nil {
		return usageError("--offset: %v", err)
	}
	if p.Scale, err = layout.ParseScale(opts.scale); err != nil {
		return usageError("--scale: %v", err)
	}
	if _, err := p.Backs(); err != nil {
		return usageError("--flip: %v", err)
	}
	if opts.paper != "" {
		if _, err := layout.ParsePaper(opts.paper); err != nil {
			return usageError("--paper: %v", err)
		}
	}
	if opts.marginSet {
		if opts.margin < 0 || opts.margin > printer.MaxMargin {
			return usageError("--margin %g: want 0 to %g mm", opts.margin, printer.MaxMargin)
		}
		m := opts.margin
		p.Margin = &m
	}
	path, book, err := loadPrinters()
	if err != nil {
		return err
	}
	verb := "added"
	if book.Put(p) {
		verb = "replaced"
	}
	if err := printer.Save(path, book); err != nil {
		return inputError(err)
	}
	fmt.Fprintf(opts.io.Out, "%s printer %s: %s (in %s)\n", verb, p.Name, describePrinter(p), path)
	return nil
}

// describePrinter says what a profile holds, for people.
func describePrinter(p printer.Profile) string {
	s := fmt.Sprintf("offset %g,%g", p.Offset.X, p.Offset.Y)
	if p.Scale != (layout.Scale{}) {
		s += fmt.Sprintf(", scale %g,%g", p.Scale.X, p.Scale.Y)
	}
	if p.Flip != "" {
		s += ", flip " + p.Flip
	}
	if p.Paper != "" {
		s += ", paper " + p.Paper
	}
	if p.Margin != nil {
		s += fmt.Sprintf(", margin %g", *p.Margin)
	}
	return s
}

// loadPrinters reads the user's profiles file.
func loadPrinters() (string, *printer.Book, error) {
	path, err := printer.DefaultPath()
	if err != nil {
		return "", nil, inputError(err)
	}
	book, err := printer.Load(path)
	if err != nil {
		return "", nil, inputError(err)
	}
	return path, book, nil
}

type printerListOptions struct {
	io   IO
	json bool
}

func newPrinterListCmd(io IO) *cobra.Command {
	opts := &printerListOptions{io: io}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the printer profiles",
		Args:  argsUsage(cobra.NoArgs),
		RunE:  func(*cobra.Command, []string) error { return runPrinterList(opts) },
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	return cmd
}

func runPrinterList(opts *printerListOptions) error {
	path, book, err := loadPrinters()
	if err != nil {
		return err
	}
	if opts.json {
		if book.Printers == nil {
			book.Printers = []printer.Profile{}
		}
		return writeJSON(opts.io, map[string]any{"file": path, "printers": book.Printers})
	}
	if len(book.Printers) == 0 {
		fmt.Fprintf(opts.io.Out, "no printer profiles (in %s); add one with deckwright printer add NAME --offset X,Y\n", path)
		return nil
	}
	tw := tabwriter.NewWriter(opts.io.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tOFFSET\tSCALE\tFLIP\tPAPER\tMARGIN")
	dash := func(s string) string {
		if s == "" {
			return "-"
		}
		return s
	}
	for _, p := range book.Printers {
		scale, margin := "", ""
		if p.Scale != (layout.Scale{}) {
			scale = fmt.Sprintf("%g,%g", p.Scale.X, p.Scale.Y)
		}
		if p.Margin != nil {
			margin = strconv.FormatFloat(*p.Margin, 'g', -1, 64)
		}
		fmt.Fprintf(tw, "%s\t%g,%g\t%s\t%s\t%s\t%s\n", p.Name, p.Offset.X, p.Offset.Y, dash(scale), dash(p.Flip), dash(p.Paper), dash(margin))
	}
	return tw.Flush()
}

type printerRemoveOptions struct {
	io   IO
	name string
}

func newPrinterRemoveCmd(io IO) *cobra.Command {
	opts := &printerRemoveOptions{io: io}
	return &cobra.Command{
		Use:   "remove NAME",
		Short: "Remove a printer profile",
		Args:  argsUsage(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.name = args[0]
			return runPrinterRemove(opts)
		},
	}
}

func runPrinterRemove(opts *printerRemoveOptions) error {
	path, book, err := loadPrinters()
	if err != nil {
		return err
	}
	if !book.Remove(opts.name) {
		return usageError("no printer named %q in %s%s", opts.name, path, knownPrinters(book))
	}
	if err := printer.Save(path, book); err != nil {
		return inputError(err)
	}
	fmt.Fprintf(opts.io.Out, "removed printer %s\n", opts.name)
	return nil
}

// knownPrinters lists the profiles for an error message.
func knownPrinters(book *printer.Book) string {
	names := book.Names()
	if len(names) == 0 {
		return " (there are none; add one with deckwright printer add)"
	}
	s := " (there are: "
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s + ")"
}

// loadPrinter finds the profile named by --printer in the user's
// profiles file, for printjob.Sheet.
func loadPrinter(name string) (printer.Profile, string, error) {
	path, book, err := loadPrinters()
	if err != nil {
		return printer.Profile{}, "", err
	}
	p, ok := book.Get(name)
	if !ok {
		return p, path, usageError("--printer: no printer named %q in %s%s", name, path, knownPrinters(book))
	}
	return p, path, nil
}
