package cli

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/art"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/printjob"
	"github.com/deckwright/deckwright/render"
	"github.com/deckwright/deckwright/templates"
)

// sheetFlags are the page-geometry flags print, build and calibration
// share: the sheet settings of package printjob, and how the art is
// prepared.
type sheetFlags struct {
	printjob.Sheet
	dpi       int
	cacheDir  string
	noCache   bool
	templates string
	// inkSaver is print's --ink-saver (not a flag of build or calibration).
	inkSaver bool
	// maxSize is print's --max-size in bytes (0: no limit): the art's
	// resolution is lowered until the PDF fits.
	maxSize int64
}

func (f *sheetFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	d := printjob.DefaultSheet()
	fl.StringVar(&f.Paper, "paper", d.Paper, "paper: a4, letter, a3, legal, a5, tabloid or WxH in mm")
	fl.StringVar(&f.CardSize, "card-size", d.CardSize, "card size: poker, bridge, tarot, mini or WxH in mm (default: the game's)")
	fl.StringVar(&f.Grid, "grid", d.Grid, "cards per page as CxR, e.g. 3x3 (default: as many as fit unscaled)")
	fl.Float64Var(&f.Gap, "gap", d.Gap, "space between cards, mm")
	fl.Float64Var(&f.Bleed, "bleed", d.Bleed, "bleed around each card, mm (art is extended at its edges)")
	fl.Float64Var(&f.Margin, "margin", d.Margin, "blank margin the printer needs at the paper edge, mm")
	fl.StringVar(&f.Marks, "marks", d.Marks, "cutting guides: crop (marks outside the cards), lines or none")
	fl.StringVar(&f.Backs, "backs", d.Backs, "backs: none, long (duplex, flip on long edge), short (duplex, short edge) or fold (gutter fold)")
	fl.StringVar(&f.BackOffset, "back-offset", d.BackOffset, "shift of the backs X,Y in mm to correct a printer's duplex drift (see print calibration)")
	fl.IntVar(&f.dpi, "dpi", 300, "art resolution in the PDF")
	fl.StringVar(&f.cacheDir, "cache-dir", "", "where prepared art is cached (default: the user cache folder)")
	fl.BoolVar(&f.noCache, "no-cache", false, "do not read or write the art cache")
	fl.StringVar(&f.templates, "templates", "", "a folder of text-proxy templates (GAME/TYPE.yaml) over the bundled ones")
	fl.StringVar(&f.Cutter, "cutter", d.Cutter, "lay out for a cutting machine: silhouette (Cameo print and cut; letter or a4, poker or bridge cards) or scanncut (Brother ScanNCut Direct Cut: keylined cards apart on white), with SVG and DXF cut files beside the PDF")
	fl.Float64Var(&f.Corner, "corner", d.Corner, "corner radius of the cut outlines with --cutter, mm (default: the game's card_size.corner_radius, else 3, 2 for cards under 50 mm; 0: square corners)")
	fl.StringVar(&f.Printer, "printer", "", "a printer profile (deckwright printer add): its paper, margin, back offset and scale, and its flip as --backs, where those flags are not given")
	f.Given = fl.Changed // a flag given wins over a --printer profile's value
	f.LoadPrinter = loadPrinter
}

// templateSet loads the templates faces are drawn from (see
// loadTemplates), or returns nil for the bundled ones alone.
func (f *sheetFlags) templateSet(db *cardsdb.DB) (templates.Source, error) {
	return templateSource(db, f.templates)
}

// options turns the flags into layout options; card is the game's card
// size, used unless --card-size is given.
func (f *sheetFlags) options(card cardsdb.Size) (layout.Options, error) {
	o, err := f.Sheet.Options(card)
	return o, exitErr(err)
}

// exitErr gives a library's error that says no exit status the status 2
// (usage, unreadable input); one that says it (an exitError, a
// printjob.RuleError: see exitStatus) keeps it.
func exitErr(err error) error {
	var st exitStatus
	if err == nil || errors.As(err, &st) {
		return err
	}
	return inputError(err)
}

func (f *sheetFlags) cache() string {
	if f.noCache {
		return ""
	}
	if f.cacheDir != "" {
		return f.cacheDir
	}
	return art.DefaultCacheDir()
}

type printOptions struct {
	io       IO
	g        *globalOptions
	sheet    sheetFlags
	maxCards int
	decks    []string
	output   string
	game     string
	format   string
	all      bool
	strict   bool
	json     bool
	owned    string
	// missing prints only the cards the deck needs beyond --owned.
	missing bool
	// only and exclude select cards by name or type:TYPE.
	only, exclude []string
	// noExtras leaves out what the decks need on the table beyond their
	// own cards (game.yaml extras:).
	noExtras bool
	// maxSize is --max-size as given.
	maxSize string
	// changedSince prints only the cards added or changed since this
	// version (print_changed.go).
	changedSince string
}

func newPrintCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &printOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "print [DECK...]",
		Short: "Print proxy sheets of decks or of a game's whole set as a PDF",
		Long: `Print every card of the DECKs in their counts (leaders, Guardians, G-modules
and realm decks included) as one PDF ready for a home printer, by default
out/<deck>.pdf (out/<deck>.silhouette.pdf with --cutter silhouette). With
--game ID --all, print a game's whole card pool in the counts of its
physical set.

DECK is a deck file, a bundled deck GAME/NAME, or - for standard input (as
validate - reads it).

Cards are never scaled: as many fit on a page as their real size allows.
Cards with art print their art at --dpi; cards without art print as text
proxies. Print the PDF at 100% ("actual size"), not "fit to page".`,
		Example: `  deckwright print seeker-chronicles/cosmos
  deckwright print arkhtide/three-factions --paper letter --backs long -o realms.pdf
  deckwright print --game seeker-chronicles --all --marks lines
  deckwright print calibration --backs long`,
		Args: argsUsage(cobra.ArbitraryArgs),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.decks = args
			if opts.maxSize != "" {
				n, err := parseByteSize(opts.maxSize)
				if err != nil {
					return usageError("--max-size %v", err)
				}
				opts.sheet.maxSize = n
			}
			switch {
			case opts.all && opts.game == "":
				return usageError("--all needs --game ID")
			case opts.all && len(args) > 0:
				return usageError("give decks or --game ID --all, not both")
			case !opts.all && len(args) == 0:
				return usageError("print needs a DECK (or --game ID --all); see deckwright print --help")
			case opts.missing && opts.owned == "":
				return usageError("--missing-only needs --owned FILE: the list of the cards you own")
			case opts.owned != "" && !opts.missing:
				return usageError("--owned FILE is for --missing-only: print just the cards you lack (deckwright validate --owned shows them)")
			case opts.missing && opts.all:
				return usageError("--missing-only prints the missing cards of decks, not of --all")
			}
			return runPrint(opts)
		},
	}
	opts.sheet.register(cmd)
	cmd.Flags().StringVarP(&opts.output, "output", "o", "", "the PDF to write (default out/<deck>.pdf; with --cutter out/<deck>.<cutter>.pdf)")
	cmd.Flags().StringVar(&opts.game, "game", "", "the game of deck lists that name none; with --all, the game to print")
	cmd.Flags().BoolVar(&opts.all, "all", false, "print the game's whole card pool in its physical counts")
	registerMaxCards(cmd, &opts.maxCards)
	cmd.Flags().StringVar(&opts.format, "format", "", "the deck-building format of the decks (overrides their format: line; print checks no deck rule, validate does)")
	cmd.Flags().BoolVar(&opts.strict, "strict", false, "treat warnings (low DPI, missing art or backs, cut text) as errors")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print a JSON report")
	cmd.Flags().StringVar(&opts.owned, "owned", "", "a list of the cards you own (decklist format), for --missing-only")
	cmd.Flags().BoolVar(&opts.missing, "missing-only", false, "print only the cards the decks need beyond --owned")
	cmd.Flags().BoolVar(&opts.noExtras, "no-extras", false, "print only the decks' own cards, not what they need on the table (tokens, Arkhtide's Neutral Realm)")
	cmd.Flags().BoolVar(&opts.sheet.inkSaver, "ink-saver", false, "text proxies with thin frames and no solid fills")
	cmd.Flags().StringVar(&opts.maxSize, "max-size", "", "keep the PDF under this size (as 100MB) for a copy shop, lowering the art's resolution as needed")
	cmd.Flags().StringArrayVar(&opts.only, "only", nil, "print only these cards: a card NAME or type:TYPE (repeatable)")
	cmd.Flags().StringVar(&opts.changedSince, "changed-since", "", "print only the cards added or changed since OLD: a game folder, a cards file or a git revision of the game folder's repository")
	cmd.Flags().StringArrayVar(&opts.exclude, "exclude", nil, "leave out these cards: a card NAME or type:TYPE (repeatable)")
	cmd.AddCommand(newCalibrationCmd(io, g))
	return cmd
}

// registerMaxCards adds the --max-cards flag.
func registerMaxCards(cmd *cobra.Command, max *int) {
	cmd.Flags().IntVar(max, "max-cards", printjob.DefaultMaxCards, "refuse to print more cards than this (raise it for a bigger print)")
}

// collectPrint gathers a print's cards with printjob.Collect, the deck -
// read from standard input.
func collectPrint(db *cardsdb.DB, opts *printOptions) (*printjob.Job, error) {
	owned, err := readOwned(opts.owned)
	if err != nil {
		return nil, err
	}
	job, err := printjob.Collect(db, printjob.Options{Decks: opts.decks, In: opts.io.In, Game: opts.game, Format: opts.format, All: opts.all,
		Owned: owned, Missing: opts.missing, NoExtras: opts.noExtras, MaxCards: opts.maxCards, CardSize: opts.sheet.CardSize})
	return job, exitErr(err)
}

// resolveDeck opens and resolves one deck argument.
func resolveDeck(db *cardsdb.DB, arg, game, format string) (*cardsdb.Deck, error) {
	deck, err := printjob.OpenDeck(db, arg, game, format)
	return deck, exitErr(err)
}

// resolveStdin reads and resolves a deck from standard input (print -): a
// YAML deck or a decklist, as validate - tells them apart.
func resolveStdin(db *cardsdb.DB, in io.Reader, game, format string) (*cardsdb.Deck, error) {
	deck, err := printjob.ReadDeck(db, stdinName, in, game, format)
	return deck, exitErr(err)
}

func runPrint(opts *printOptions) error {
	db, err := opts.g.loadDB()
	if err != nil {
		return inputError(err)
	}
	job, err := collectPrint(db, opts)
	if err != nil {
		return err
	}
	if err := job.Select(opts.only, opts.exclude); err != nil {
		return exitErr(err)
	}
	if opts.changedSince != "" {
		if ok, err := keepChanged(opts, db, job); !ok || err != nil {
			return err
		}
	}
	if opts.missing && len(job.Items) == 0 {
		fmt.Fprintf(opts.io.Out, "you own every card of %s (%s); nothing to print\n", strings.Join(opts.decks, ", "), opts.owned)
		return nil
	}
	return renderJob(opts.io, job, &opts.sheet, opts.output, opts.strict, opts.g.quiet, opts.json)
}

// renderJob renders a job to its output file and reports on it.
func renderJob(out IO, job *printjob.Job, sf *sheetFlags, output string, strict, quiet, asJSON bool) error {
	res, err := renderPDF(out, job, sf, output, strict, quiet || asJSON)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(out, res.JSON())
	}
	printResult(out, res, quiet)
	return nil
}

// renderPDF writes a job's PDF to output (default out/NAME.pdf, out/NAME.CUTTER.pdf for a cutter), with
// progress on out.Err unless quiet. With strict, warnings are errors and
// nothing is written.
func renderPDF(out IO, job *printjob.Job, sf *sheetFlags, output string, strict, quiet bool) (*printjob.Result, error) {
	if sf.dpi == 0 {
		// render takes 0 for its default (300): --dpi 0 printed at 300
		// DPI in silence, as --gap 0 with a cutter printed 6 mm.
		return nil, usageError("--dpi 0: want 50 to 1200")
	}
	lo, err := job.Layout(sf.Sheet)
	if err != nil {
		return nil, exitErr(err)
	}
	if output == "" {
		output = defaultPrintOutput(job.Name, lo.Cutter)
	}
	if lo.Cutter != layout.CutterNone {
		if through, err := outputKind(output); err != nil || through {
			return nil, usageError("--cutter writes its cut files beside the PDF: give -o a file path, not %s", output)
		}
	}
	tmpl, err := sf.templateSet(job.DB)
	if err != nil {
		return nil, inputError(err)
	}
	prog := newProgress(out.Err, quiet)
	ro := printjob.RenderOptions{
		Sheet:     lo,
		DPI:       sf.dpi,
		CacheDir:  sf.cache(),
		Progress:  prog.Update,
		Templates: tmpl,
		InkSaver:  sf.inkSaver,
		MaxSize:   sf.maxSize,
		Strict:    strict,
	}
	var rep *render.Report
	err = writeAtomic(out.temps, output, func(w io.Writer) error {
		var err error
		rep, err = printjob.Render(out.context(), w, job, ro)
		return err
	})
	prog.Done()
	if err := strictFailure(out, err, output); err != nil {
		return nil, err
	}
	if err != nil {
		return nil, exitErr(err)
	}
	cuts, err := writeCutFiles(out, output, rep.Sheet)
	if err != nil {
		return nil, err
	}
	return &printjob.Result{Job: job, Output: output, Sheet: lo, Report: rep, Printer: sf.Printer, CutFiles: cuts}, nil
}

// defaultPrintOutput is the PDF print writes without -o: out/NAME.pdf, and
// for a cutter out/NAME.CUTTER.pdf (out/my-deck.silhouette.pdf), so that
// the sheets for one machine replace neither the plain print of the same
// deck nor another machine's sheets and cut files (issue 35 item 10).
func defaultPrintOutput(name string, cutter layout.Cutter) string {
	if cutter == layout.CutterNone {
		return filepath.Join("out", name+".pdf")
	}
	return filepath.Join("out", name+"."+cutter.String()+".pdf")
}

// printResult reports a PDF written: its warnings on out.Err, a line on
// out.Out, and notes on sample and provisional cards (a mark on the line
// if quiet).
func printResult(out IO, p *printjob.Result, quiet bool) {
	job, output, lo, rep := p.Job, p.Output, p.Sheet, p.Report
	if !quiet { // -q: no notes, only errors, problems and the result
		for _, n := range rep.Notes {
			fmt.Fprintln(out.Err, "deckwright: note:", n)
		}
	}
	for _, w := range rep.Warnings {
		fmt.Fprintln(out.Err, "deckwright: warning:", w.Message)
	}
	fmt.Fprintf(out.Out, "wrote %s: %s, %s (%d per page, %s); %s%s\n",
		output, cardsdb.Plural(rep.Cards, "card"), cardsdb.Plural(rep.Pages, "page"), rep.PerPage, describeSheet(lo), describePrinted(rep), quietMarks(quiet, job.Sample, job.Provisional))
	if quiet {
		return
	}
	if p.Printer != "" {
		fmt.Fprintf(out.Out, "  printer %s: %s\n", p.Printer, describeBacks(lo))
	}
	if p.CutFiles != nil {
		fmt.Fprintf(out.Out, "  %s\n", describeCut(rep.Sheet, p.CutFiles))
	}
	if n := job.ExtrasNote(); n != "" {
		fmt.Fprintf(out.Out, "  note: %s\n", n)
	}
	if job.Selected != "" {
		fmt.Fprintf(out.Out, "  note: %s\n", job.Selected)
	}
	if job.Sample {
		fmt.Fprintln(out.Out, "  note: sample cards invented for deckwright are marked SAMPLE on their faces")
	}
	if job.Provisional > 0 {
		fmt.Fprintf(out.Out, "  note: %s carry provisional values, marked * on their faces\n", cardsdb.Plural(job.Provisional, "card"))
	}
}

// strictFailure reports a print refused by --strict (a
// printjob.StrictError, whose exit status is 1): the warnings as errors on
// out.Err, and the error saying nothing was written; nil for any other
// err.
func strictFailure(out IO, err error, output string) error {
	var se *printjob.StrictError
	if !errors.As(err, &se) {
		return nil
	}
	for _, w := range se.Warnings {
		fmt.Fprintln(out.Err, "deckwright: error:", w.Message)
	}
	return fmt.Errorf("%w: nothing written to %s", se, output)
}

// describePrinted says how the faces were printed: "faces: 3 from art, 43
// text proxies", and with backs the fronts and the backs apart, so that a
// deck of 46 cards never reads as 92 faces from art.
func describePrinted(rep *render.Report) string {
	backs := rep.BackImages + rep.BackTextFaces + rep.BackDesigned
	if backs == 0 {
		return "faces: " + faceKinds(rep.Images, rep.Designed, rep.TextFaces)
	}
	return "fronts: " + faceKinds(rep.Images-rep.BackImages, rep.Designed-rep.BackDesigned, rep.TextFaces-rep.BackTextFaces) +
		"; backs: " + faceKinds(rep.BackImages, rep.BackDesigned, rep.BackTextFaces)
}

// faceKinds counts faces by what they were drawn from: "3 from art, 43
// text proxies", and "40 from your templates" between them when some
// came from the user's own templates (designed faces, not text
// proxies). print, export and their --json use the same three kinds.
func faceKinds(art, designed, text int) string {
	if designed == 0 {
		return fmt.Sprintf("%d from art, %s", art, cardsdb.Plural(text, "text proxy"))
	}
	return fmt.Sprintf("%d from art, %d from your templates, %s", art, designed, cardsdb.Plural(text, "text proxy"))
}

// describeBacks says where a print's backs went, for --printer.
func describeBacks(o layout.Options) string {
	s := fmt.Sprintf("%s margin %g mm, backs %s", o.Paper, o.Margin, o.Backs)
	if o.Backs == layout.BacksLong || o.Backs == layout.BacksShort {
		s += fmt.Sprintf(" moved %g,%g mm", o.BackOffset.X, o.BackOffset.Y)
		if sc := o.BackScale; sc != (layout.Scale{}) {
			s += fmt.Sprintf(", stretched %g,%g", sc.X, sc.Y)
		}
	}
	return s
}

func describeSheet(o layout.Options) string {
	s := fmt.Sprintf("%s paper, %s cards", o.Paper, o.Card)
	if o.Backs != layout.BacksNone {
		s += ", backs " + o.Backs.String()
	}
	return s
}
