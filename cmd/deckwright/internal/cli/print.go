package cli

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/deckwright/deckwright/art"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// sheetFlags are the page-geometry flags print, build and calibration share.
type sheetFlags struct {
	paper, cardSize, grid, marks, backs, backOffset string
	gap, bleed, margin                              float64
	dpi                                             int
	cacheDir                                        string
	noCache                                         bool
	templates                                       string
	// printer names a profile of deckwright printer (see applyPrinter);
	// flags tells which flags were given, over the profile's values.
	printer string
	flags   *pflag.FlagSet
	// cutter lays the sheets out for a cutting machine; corner is the
	// radius of the cut outlines' corners.
	cutter string
	corner float64
	// inkSaver is print's --ink-saver (not a flag of build or calibration).
	inkSaver bool
	// maxSize is print's --max-size in bytes (0: no limit): the art's
	// resolution is lowered until the PDF fits.
	maxSize int64
}

func (f *sheetFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.paper, "paper", "a4", "paper: a4, letter, a3, legal, a5, tabloid or WxH in mm")
	fl.StringVar(&f.cardSize, "card-size", "", "card size: poker, bridge, tarot, mini or WxH in mm (default: the game's)")
	fl.StringVar(&f.grid, "grid", "auto", "cards per page as CxR, e.g. 3x3 (default: as many as fit unscaled)")
	fl.Float64Var(&f.gap, "gap", 0, "space between cards, mm")
	fl.Float64Var(&f.bleed, "bleed", 0, "bleed around each card, mm (art is extended at its edges)")
	fl.Float64Var(&f.margin, "margin", layout.DefaultMargin, "blank margin the printer needs at the paper edge, mm")
	fl.StringVar(&f.marks, "marks", "crop", "cutting guides: crop (marks outside the cards), lines or none")
	fl.StringVar(&f.backs, "backs", "none", "backs: none, long (duplex, flip on long edge), short (duplex, short edge) or fold (gutter fold)")
	fl.StringVar(&f.backOffset, "back-offset", "0,0", "shift of the backs X,Y in mm to correct a printer's duplex drift (see print calibration)")
	fl.IntVar(&f.dpi, "dpi", 300, "art resolution in the PDF")
	fl.StringVar(&f.cacheDir, "cache-dir", "", "where prepared art is cached (default: the user cache folder)")
	fl.BoolVar(&f.noCache, "no-cache", false, "do not read or write the art cache")
	fl.StringVar(&f.templates, "templates", "", "a folder of text-proxy templates (GAME/TYPE.yaml) over the bundled ones")
	fl.StringVar(&f.cutter, "cutter", "none", "lay out for a cutting machine: silhouette (Cameo print and cut; letter or a4, poker or bridge cards) or scanncut (Brother ScanNCut Direct Cut: keylined cards apart on white), with SVG and DXF cut files beside the PDF")
	fl.Float64Var(&f.corner, "corner", 0, "corner radius of the cut outlines with --cutter, mm (default: the game's card_size.corner_radius, else 3, 2 for cards under 50 mm)")
	fl.StringVar(&f.printer, "printer", "", "a printer profile (deckwright printer add): its paper, margin, back offset and scale, and its flip as --backs, where those flags are not given")
	f.flags = fl
}

// templateSet loads the templates faces are drawn from (see
// loadTemplates), or returns nil for the bundled ones alone.
func (f *sheetFlags) templateSet(db *cardsdb.DB) (render.TemplateSource, error) {
	return templateSource(db, f.templates)
}

// options turns the flags into layout options; card is the game's card
// size, used unless --card-size is given.
func (f *sheetFlags) options(card cardsdb.Size) (layout.Options, error) {
	o := layout.DefaultOptions()
	var err error
	if o.Paper, err = layout.ParsePaper(f.paper); err != nil {
		return o, usageError("--paper: %v", err)
	}
	o.Card = layout.Size{W: card.W, H: card.H}
	if f.cardSize != "" {
		if o.Card, err = layout.ParseCardSize(f.cardSize); err != nil {
			return o, usageError("--card-size: %v", err)
		}
	}
	if o.Grid, err = layout.ParseGrid(f.grid); err != nil {
		return o, usageError("--grid: %v", err)
	}
	if o.Marks, err = layout.ParseMarks(f.marks); err != nil {
		return o, usageError("--marks: %v", err)
	}
	if o.Backs, err = layout.ParseBacks(f.backs); err != nil {
		return o, usageError("--backs: %v", err)
	}
	if o.BackOffset, err = layout.ParseOffset(f.backOffset); err != nil {
		return o, usageError("--back-offset: %v", err)
	}
	for _, v := range []struct {
		name string
		v    float64
	}{{"--gap", f.gap}, {"--bleed", f.bleed}, {"--margin", f.margin}} {
		if v.v < 0 || v.v > 50 {
			return o, usageError("%s %g: want 0 to 50 mm", v.name, v.v)
		}
	}
	o.Gap, o.Bleed, o.Margin = f.gap, f.bleed, f.margin
	if o, err = f.applyPrinter(o); err != nil {
		return o, err
	}
	// An offset for backs that are not printed would be ignored in
	// silence (issue 25 item 16).
	if f.flags != nil && f.flags.Changed("back-offset") && o.Backs == layout.BacksNone && o.BackOffset != (layout.Offset{}) {
		return o, usageError("--back-offset %s moves the backs, but none are printed: add --backs long, short or fold", f.backOffset)
	}
	return f.applyCutter(o)
}

// applyCutter sets --cutter and --corner into o. A cutter sheet has its
// template's slots and registration marks, so --grid, --gap and --marks
// do not apply; without --bleed it gets the most bleed the template has
// room for (layout.SilhouetteMaxBleed).
func (f *sheetFlags) applyCutter(o layout.Options) (layout.Options, error) {
	set := func(name string) bool { return f.flags != nil && f.flags.Changed(name) }
	if strings.EqualFold(strings.TrimSpace(f.cutter), "cricut") {
		return o, usageError("--cutter cricut: Print Then Cut takes images, not a PDF: use deckwright export cricut DECK")
	}
	c, err := layout.ParseCutter(f.cutter)
	if err != nil {
		return o, usageError("--cutter: %v", err)
	}
	if f.corner < 0 || f.corner > 20 {
		return o, usageError("--corner %g: want 0 to 20 mm", f.corner)
	}
	if c == layout.CutterNone {
		if set("corner") {
			return o, usageError("--corner is the corner radius of a cutter's outlines: give --cutter too")
		}
		return o, nil
	}
	if c == layout.CutterScanNCut {
		// Direct Cut: the usual grid, with white between the cards and
		// nothing printed beside them but their keylines.
		if set("marks") && o.Marks != layout.MarksNone { // --marks none asks for what Direct Cut needs
			return o, usageError("--marks does not go with --cutter scanncut: the machine would take the marks for shapes to cut")
		}
		o.Cutter, o.Corner, o.Marks = c, f.corner, layout.MarksNone
		return o, nil
	}
	for _, name := range []string{"grid", "gap", "marks"} {
		if set(name) {
			return o, usageError("--%s does not go with --cutter %s: the cutter's template places the cards and its registration marks", name, c)
		}
	}
	o.Cutter, o.Corner, o.Marks = c, f.corner, layout.MarksNone
	if !set("bleed") {
		o.Bleed = layout.SilhouetteMaxBleed(o)
	}
	return o, nil
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

// DefaultMaxCards is the most cards print and build print unless
// --max-cards says otherwise: many more than any deck or game set, few
// enough that a hostile decklist ("999 Comet" ten thousand times) is
// refused before any work instead of exhausting memory.
const DefaultMaxCards = 5000

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
out/<deck>.pdf. With --game ID --all, print a game's whole card pool in the
counts of its physical set.

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
	cmd.Flags().StringVarP(&opts.output, "output", "o", "", "the PDF to write (default out/<deck>.pdf)")
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

// printJob is what to print and where.
type printJob struct {
	db     *cardsdb.DB // every game loaded, for the templates' check
	games  []*cardsdb.Game
	items  []render.Item
	card   cardsdb.Size
	name   string // for the default output name and the PDF title
	sample bool
	prov   int
	// selected says what --only and --exclude kept, "" without them.
	selected string
	// extras are the cards added for the table (game.yaml extras:).
	extras      []printedExtra
	tableExtras map[string]bool
}

// registerMaxCards adds the --max-cards flag.
func registerMaxCards(cmd *cobra.Command, max *int) {
	cmd.Flags().IntVar(max, "max-cards", DefaultMaxCards, "refuse to print more cards than this (raise it for a bigger print)")
}

// cardLimit counts the cards a print asks for, a count at a time, and
// refuses a total over --max-cards before anything is laid out.
type cardLimit struct {
	max, total int
	what       string
}

func (l *cardLimit) add(n int) error {
	if n > 0 {
		l.total = min(l.total+n, math.MaxInt32) // no overflow, whatever the counts
	}
	max := l.max
	if max <= 0 {
		max = DefaultMaxCards
	}
	if l.total > max {
		return usageError("%s asks for more than %d cards (the --max-cards limit); pass --max-cards with a bigger number to print them all", l.what, max)
	}
	return nil
}

func collectPrint(db *cardsdb.DB, opts *printOptions) (*printJob, error) {
	job := &printJob{db: db}
	limit := &cardLimit{max: opts.maxCards}
	if opts.all {
		g, err := db.LookupGame(opts.game)
		if err != nil {
			return nil, usageError("--game: %v", err)
		}
		limit.what = "--game " + g.ID + " --all"
		for _, c := range g.Cards {
			if err := limit.add(c.Copies); err != nil {
				return nil, err
			}
		}
		job.items = render.SetItems(g)
		job.games = []*cardsdb.Game{g}
		job.card, job.name = g.CardSize, g.ID+"-set"
		if len(job.items) == 0 {
			return nil, inputError(fmt.Errorf("%s has no cards to print", g.Name))
		}
		job.note()
		return job, nil
	}
	var names []string
	owned, err := readOwned(opts.owned)
	if err != nil {
		return nil, err
	}
	if n := slices.Index(opts.decks, "-"); n >= 0 && slices.Index(opts.decks[n+1:], "-") >= 0 {
		return nil, usageError("- (standard input) given more than once; it can be read once")
	}
	for _, arg := range opts.decks {
		var deck *cardsdb.Deck
		if arg == "-" {
			deck, err = resolveStdin(db, opts.io.In, opts.game, opts.format)
		} else {
			deck, err = resolveDeck(db, arg, opts.game, opts.format)
		}
		if err != nil {
			return nil, err
		}
		if owned != nil && opts.missing {
			coll, err := cardsdb.NewCollection(owned, deck.Game)
			if err != nil {
				return nil, inputError(err)
			}
			deck = coll.Missing(deck)
		}
		if len(deck.Unknown) > 0 {
			u := deck.Unknown[0]
			return nil, &exitError{code: ExitRules, err: fmt.Errorf("%s: no card named %q%s; fix the deck (deckwright validate %s) before printing", u.Entry.Pos, u.Entry.Name, cardsdb.DidYouMean(u.Suggestions), arg)}
		}
		for _, p := range deck.Packs {
			if p.Pack == nil {
				return nil, &exitError{code: ExitRules, err: fmt.Errorf("%s: no pack named %q%s; fix the setup (deckwright validate %s) before printing", p.Pos, p.Written, cardsdb.DidYouMean(p.Suggestions), arg)}
			}
		}
		if len(job.items) > 0 && deck.Game.CardSize != job.card && opts.sheet.cardSize == "" {
			return nil, usageError("%s is a %s deck with %gx%g mm cards, unlike the decks before it; print them apart or pass --card-size", arg, deck.Game.Name, deck.Game.CardSize.W, deck.Game.CardSize.H)
		}
		limit.what = strings.Join(opts.decks[:len(names)+1], " + ")
		for _, dc := range deck.Cards {
			if err := limit.add(dc.Count); err != nil {
				return nil, err
			}
		}
		job.card = deck.Game.CardSize
		job.games = append(job.games, deck.Game)
		job.items = append(job.items, render.DeckItems(deck)...)
		if !opts.noExtras && !opts.missing {
			if err := job.addExtras(deck, limit); err != nil {
				return nil, err
			}
		}
		names = append(names, deckFileName(arg))
	}
	job.note()
	job.name = strings.Join(names, "+")
	if opts.missing {
		job.name += "-missing"
	}
	return job, nil
}

// note counts the printed cards (copies included, as validate counts
// them) that are samples or carry provisional values.
func (j *printJob) note() {
	for _, it := range j.items {
		c := it.Front.Card
		if c == nil {
			continue
		}
		if c.Sample {
			j.sample = true
		}
		if c.HasProvisional() {
			j.prov++
		}
	}
}

// resolveDeck opens and resolves one deck argument.
func resolveDeck(db *cardsdb.DB, arg, game, format string) (*cardsdb.Deck, error) {
	list, err := db.OpenDeck(arg, game)
	if err != nil {
		return nil, inputError(err)
	}
	g, err := db.GameOf(list)
	if err != nil {
		return nil, inputError(err)
	}
	if err := chooseFormat(g, list, format); err != nil {
		return nil, err
	}
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		return nil, inputError(err)
	}
	return deck, nil
}

// resolveStdin reads and resolves a deck from standard input (print -): a
// YAML deck or a decklist, as validate - tells them apart.
func resolveStdin(db *cardsdb.DB, in io.Reader, game, format string) (*cardsdb.Deck, error) {
	if in == nil {
		in = strings.NewReader("")
	}
	data, err := cardsdb.ReadInput(stdinName, in)
	if err != nil {
		return nil, inputError(err)
	}
	list, err := cardsdb.ParseDeckData(stdinName, data)
	if err != nil {
		return nil, inputError(err)
	}
	if list.Game == "" {
		list.Game = game
	}
	g, err := db.GameOf(list)
	if err != nil {
		return nil, inputError(err)
	}
	if err := chooseFormat(g, list, format); err != nil {
		return nil, err
	}
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		return nil, inputError(err)
	}
	return deck, nil
}

// deckFileName turns a deck argument into a file name: the bundled deck's
// name, or the file's base name without its extension.
func deckFileName(arg string) string {
	if arg == "-" {
		return "deck" // standard input
	}
	base := filepath.Base(arg)
	return strings.TrimSuffix(base, filepath.Ext(base))
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
	if err := selectItems(job, opts.only, opts.exclude); err != nil {
		return err
	}
	if opts.changedSince != "" {
		if ok, err := keepChanged(opts, db, job); !ok || err != nil {
			return err
		}
	}
	if opts.missing && len(job.items) == 0 {
		fmt.Fprintf(opts.io.Out, "you own every card of %s (%s); nothing to print\n", strings.Join(opts.decks, ", "), opts.owned)
		return nil
	}
	return renderJob(opts.io, job, &opts.sheet, opts.output, opts.strict, opts.g.quiet, opts.json)
}

// renderJob renders a job to its output file and reports on it.
func renderJob(out IO, job *printJob, sf *sheetFlags, output string, strict, quiet, asJSON bool) error {
	res, err := renderPDF(out, job, sf, output, strict, quiet || asJSON)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(out, res.json())
	}
	res.print(out, quiet)
	return nil
}

// printed is a PDF written: where, how, and the renderer's report.
type printed struct {
	job    *printJob
	output string
	lo     layout.Options
	rep    *render.Report
	// printer is the --printer profile the print used, "" for none.
	printer string
	// cuts are the cut files written beside the PDF for --cutter.
	cuts []string
}

// json is print --json's report.
func (p *printed) json() map[string]any {
	extras := p.job.extras
	if extras == nil {
		extras = []printedExtra{}
	}
	m := map[string]any{"output": p.output, "report": p.rep, "sample": p.job.sample, "provisional_cards": p.job.prov, "table_extras": extras}
	if p.cuts != nil {
		m["cut_files"] = p.cuts
		m["template"] = p.rep.Sheet.Template
		skipped := []int{} // numbered from 1 in reading order, as the summary says them
		for _, i := range p.rep.Sheet.Skipped {
			skipped = append(skipped, i+1)
		}
		m["skipped_slots"] = skipped
	}
	return m
}

// renderPDF writes a job's PDF to output (default out/NAME.pdf), with
// progress on out.Err unless quiet. With strict, warnings are errors and
// nothing is written.
func renderPDF(out IO, job *printJob, sf *sheetFlags, output string, strict, quiet bool) (*printed, error) {
	lo, err := sf.options(job.card)
	if err != nil {
		return nil, err
	}
	if lo.Cutter != layout.CutterNone && lo.Corner == 0 && sf.cardSize == "" && len(job.games) > 0 {
		// The game's own corner radius (game.yaml card_size.corner_radius)
		// unless --corner gives one.
		lo.Corner = job.games[0].CornerRadius
	}
	if output == "" {
		output = filepath.Join("out", job.name+".pdf")
	}
	if lo.Cutter != layout.CutterNone {
		if through, err := outputKind(output); err != nil || through {
			return nil, usageError("--cutter writes its cut files beside the PDF: give -o a file path, not %s", output)
		}
	}
	tmpl, err := sf.templateSet(job.db)
	if err != nil {
		return nil, inputError(err)
	}
	ctx := out.context()
	prog := newProgress(out.Err, quiet)
	var rep *render.Report
	ro := render.RenderOptions{
		Sheet:     lo,
		DPI:       sf.dpi,
		CacheDir:  sf.cache(),
		Progress:  prog.Update,
		Title:     job.name,
		Templates: tmpl,
		InkSaver:  sf.inkSaver,
	}
	var fitted *cappedBuffer
	if sf.maxSize > 0 {
		if fitted, rep, err = renderWithin(ctx, job, ro, sf.maxSize); err != nil {
			prog.Done()
			return nil, err
		}
	}
	err = writeAtomic(out.temps, output, func(w io.Writer) error {
		if fitted == nil {
			var err error
			if rep, err = render.Render(ctx, w, job.items, ro); err != nil {
				return err
			}
		}
		if strict && len(rep.Warnings) > 0 {
			return errStrict
		}
		if fitted != nil {
			_, err := w.Write(fitted.buf.Bytes())
			return err
		}
		return nil
	})
	prog.Done()
	if err == errStrict {
		for _, w := range rep.Warnings {
			fmt.Fprintln(out.Err, "deckwright: error:", w.Message)
		}
		return nil, &exitError{code: ExitRules, err: fmt.Errorf("%s with --strict: nothing written to %s", cardsdb.Plural(len(rep.Warnings), "warning"), output)}
	}
	if err != nil {
		return nil, inputError(err)
	}
	cuts, err := writeCutFiles(out, output, rep.Sheet)
	if err != nil {
		return nil, err
	}
	return &printed{job: job, output: output, lo: lo, rep: rep, printer: sf.printer, cuts: cuts}, nil
}

// print reports a PDF written: its warnings on out.Err, a line on out.Out,
// and notes on sample and provisional cards (a mark on the line if quiet).
func (p *printed) print(out IO, quiet bool) {
	job, output, lo, rep := p.job, p.output, p.lo, p.rep
	if !quiet { // -q: no notes, only errors, problems and the result
		for _, n := range rep.Notes {
			fmt.Fprintln(out.Err, "deckwright: note:", n)
		}
	}
	for _, w := range rep.Warnings {
		fmt.Fprintln(out.Err, "deckwright: warning:", w.Message)
	}
	fmt.Fprintf(out.Out, "wrote %s: %s, %s (%d per page, %s); %s%s\n",
		output, cardsdb.Plural(rep.Cards, "card"), cardsdb.Plural(rep.Pages, "page"), rep.PerPage, describeSheet(lo), describePrinted(rep), quietMarks(quiet, job.sample, job.prov))
	if quiet {
		return
	}
	if p.printer != "" {
		fmt.Fprintf(out.Out, "  printer %s: %s\n", p.printer, describeBacks(lo))
	}
	if p.cuts != nil {
		fmt.Fprintf(out.Out, "  %s\n", describeCut(rep.Sheet, p.cuts))
	}
	if n := job.extrasNote(); n != "" {
		fmt.Fprintf(out.Out, "  note: %s\n", n)
	}
	if job.selected != "" {
		fmt.Fprintf(out.Out, "  note: %s\n", job.selected)
	}
	if job.sample {
		fmt.Fprintln(out.Out, "  note: sample cards invented for deckwright are marked SAMPLE on their faces")
	}
	if job.prov > 0 {
		fmt.Fprintf(out.Out, "  note: %s carry provisional values, marked * on their faces\n", cardsdb.Plural(job.prov, "card"))
	}
}

var errStrict = fmt.Errorf("warnings with --strict")

// describePrinted says how the faces were printed: "faces: 3 from art, 43
// text proxies", and with backs the fronts and the backs apart, so that a
// deck of 46 cards never reads as 92 faces from art.
func describePrinted(rep *render.Report) string {
	backs := rep.BackImages + rep.BackTextFaces
	if backs == 0 {
		return fmt.Sprintf("faces: %d from art, %s", rep.Images, cardsdb.Plural(rep.TextFaces, "text proxy"))
	}
	return fmt.Sprintf("fronts: %d from art, %s; backs: %d from art, %s",
		rep.Images-rep.BackImages, cardsdb.Plural(rep.TextFaces-rep.BackTextFaces, "text proxy"),
		rep.BackImages, cardsdb.Plural(rep.BackTextFaces, "text proxy"))
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
