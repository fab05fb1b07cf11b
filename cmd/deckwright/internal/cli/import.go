package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/atomicfile"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/pnp"
)

// importPDF reads a print-and-play PDF; tests replace it with a fake that
// returns a made-up Result.
var importPDF = pnp.Import

// maxImportPages is the most pages --pages may list (pnp.Options.MaxPages).
const maxImportPages = 1000

func newImportCmd(io IO, g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "import",
		Short: "Import cards from other sources (a print-and-play PDF, a spreadsheet, Hubworld data)",
		Long: `Import turns cards made elsewhere into a card folder or cards file deckwright
loads with --db. See deckwright import pnp --help and deckwright import csv --help.`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			return usageError("import needs what to import: deckwright import pnp FILE.pdf --game ID (see deckwright import --help)")
		},
	}
	cmd.AddCommand(newImportPnPCmd(io, g))
	cmd.AddCommand(newImportCSVCmd(io, g))
	cmd.AddCommand(newImportHubworldCmd(io, g))
	return cmd
}

type importPnPOptions struct {
	io        IO
	g         *globalOptions
	pdf       string
	game      string
	output    string
	pages     string
	layout    string
	flip      string
	dpi       int
	cardSize  string
	keepBleed bool
	names     string
	into      string
	typ       string
	json      bool
	recipe    string
	grid      string
	backs     string
	// given lists the flags set on the command line (--recipe refuses the
	// ones it sets itself).
	given func(name string) bool
}

func newImportPnPCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &importPnPOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "pnp FILE.pdf --game ID",
		Short: "Cut a publisher's print-and-play PDF into card images and a cards file",
		Long: `Read a print-and-play PDF, find the grid of cards on each page, cut every card
at its trim line and write a card folder the game loads with --db (by default
out/<game>-pnp/):

  images/p03-r2c1.jpg   one image per distinct face, named by where its first
                        copy was (page 3, row 2, column 1), never by its name
  images/back.jpg       the back most cards share: the game's default back
  cards/pnp.yaml        one entry per distinct card: name, image, copies,
                        back (a back of its own); names the game already has
                        get art: entries that give those cards their images
  contact-sheet.png     every cut card with its number, page, row and column
                        (200 a sheet: contact-sheet-2.png ... for more)
  contact-sheet.html    the same as a page, with the names
  recipe.yaml           what the import decided about each page: its role
                        (fronts, backs, fold, skipped) and why, the grid
                        its cards were cut on (mm), the page its backs
                        belong to and a confidence

Cards no name reaches are called "Page 3 r2c1"; rename them in cards/pnp.yaml
at will (their images stay). --names FILE gives one name per distinct card in
reading order (copies are found from the images; a line "-" skips a card), or
"page 3 r2c1 = Rogue Star" lines (any copy's place names the card).
--into CARDS.yaml gives the images to the cards of a cards file, in its order
(or by a --names mapping).

Corrections: --grid 3x3 cuts the pages with cards on a grid of 3 rows and 3
columns fitted to each page (the card size is measured, not assumed) instead
of guessing the counts. --backs-pages 2,4 (as --pages) names the pages of
backs: no fronts are cut from them and each is paired with a page of fronts
before it (a run of backs with as many pages of fronts before it, in order:
fronts 1-3 and backs 4-6 pair 4 with 1); the other pages are fronts.

--recipe recipe.yaml replays an import's recipe: the same options and the
same cards. Edit it first to correct a guess: set a page's role to fronts,
backs (backs_of: the page of fronts they belong to), fold or skipped, or
change a number of its grid (rows, cols, x, y, cell, pitch) and that page is
read again that way, or cut again on the grid; grid: {rows: 3, cols: 3}
alone fits that many cards to the page. Nothing else changes.

The folder is written beside its place and renamed into it, so a failed
import leaves nothing behind. Importing into an existing folder merges: the
images are refreshed, new cards are added to cards/pnp.yaml, and the user's
entries (renamed cards, filled-in fields) and other files stay.

Exit status: 0 done, 1 the PDF was read but no card was found, 2 bad flags
or an unreadable PDF, names file or cards file.`,
		Example: `  deckwright import pnp seeker-pnp.pdf --game seeker-chronicles
  deckwright import pnp pnp.pdf --game seeker-chronicles --pages 3-12 --layout duplex --flip long
  deckwright import pnp pnp.pdf --game seeker-chronicles --into cosmos.yaml
  deckwright import pnp pnp.pdf --game seeker-chronicles --grid 3x3 --backs-pages 2,4
  deckwright --db out/seeker-chronicles-pnp print my-deck.txt --backs long`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(c *cobra.Command, args []string) error {
			opts.pdf = args[0]
			opts.given = func(name string) bool { return c.Flags().Changed(name) }
			return runImportPnP(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.recipe, "recipe", "", "replay a recipe.yaml an import wrote (perhaps corrected): its options, roles and grids")
	fl.StringVar(&opts.game, "game", "", "the game the cards are for (required)")
	fl.StringVarP(&opts.output, "output", "o", "", "the card folder to write or merge into (default out/<game>-pnp)")
	fl.StringVar(&opts.pages, "pages", "", "pages to read, e.g. 3-12,15 (default: all)")
	fl.StringVar(&opts.grid, "grid", "", "the grid the pages' cards lie on, ROWSxCOLS such as 3x3: fitted to each page instead of guessed")
	fl.StringVar(&opts.backs, "backs-pages", "", "pages of backs, e.g. 2-12 (as --pages): each paired with a page of fronts before it")
	fl.StringVar(&opts.layout, "layout", "auto", "where the backs are: auto, duplex (a page of backs after each page of fronts), fold (gutter fold) or fronts (no backs)")
	fl.StringVar(&opts.flip, "flip", "long", "the duplex flip the backs are mirrored for: long or short")
	fl.IntVar(&opts.dpi, "dpi", 300, "resolution of the cut images")
	fl.StringVar(&opts.cardSize, "card-size", "", "card size: poker, bridge, tarot, mini or WxH in mm (default: the game's)")
	fl.BoolVar(&opts.keepBleed, "keep-bleed", false, "keep the bleed around each face instead of cutting at the trim line")
	fl.StringVar(&opts.names, "names", "", "a names file: one name per line in reading order, or \"page 3 r2c1 = NAME\" lines")
	fl.StringVar(&opts.into, "into", "", "a cards file whose cards get the images, in its order (or by a --names mapping)")
	fl.StringVar(&opts.typ, "type", "", "the card type of new cards (default: the game's first type a placeholder can fill)")
	fl.BoolVar(&opts.json, "json", false, "print the summary as JSON")
	return cmd
}

// importPlan is what the flags ask for, checked.
type importPlan struct {
	game   *cardsdb.Game
	opt    pnp.Options
	write  pnp.WriteOptions
	output string
	recipe *pnp.Recipe // --recipe, read
}

func (opts *importPnPOptions) check(db *cardsdb.DB) (*importPlan, error) {
	if opts.game == "" {
		return nil, usageError("import pnp needs --game ID: the game the cards are for (one of %s)", strings.Join(db.GameIDs(), ", "))
	}
	g, err := db.LookupGame(opts.game)
	if err != nil {
		return nil, usageError("--game: %v", err)
	}
	p := &importPlan{game: g, output: opts.output}
	if p.output == "" {
		p.output = filepath.Join("out", g.ID+"-pnp")
	}
	if p.opt.Pages, err = parsePages(opts.pages, maxImportPages); err != nil {
		return nil, usageError("--pages: %v", err)
	}
	if opts.grid != "" {
		if p.opt.Rows, p.opt.Cols, err = pnp.ParseGridCounts(opts.grid); err != nil {
			return nil, usageError("--grid %v", err)
		}
	}
	if p.opt.BacksPages, err = parsePages(opts.backs, maxImportPages); err != nil {
		return nil, usageError("--backs-pages: %v", err)
	}
	if len(p.opt.BacksPages) > 0 {
		if opts.layout == "fold" || opts.layout == "fronts" {
			return nil, usageError("--backs-pages and --layout %s: pages of backs are paired with pages of fronts (duplex)", opts.layout)
		}
		for _, nr := range p.opt.BacksPages {
			if p.opt.Pages != nil && !slices.Contains(p.opt.Pages, nr) {
				return nil, usageError("--backs-pages: page %d is not among --pages %s", nr, opts.pages)
			}
		}
	}
	switch opts.layout {
	case "auto", "":
		p.opt.Layout = pnp.LayoutAuto
	case "duplex", "fold", "fronts":
		p.opt.Layout = pnp.Layout(opts.layout)
	default:
		return nil, usageError("--layout %q: want auto, duplex, fold or fronts", opts.layout)
	}
	if opts.flip != "long" && opts.flip != "short" {
		return nil, usageError("--flip %q: want long or short", opts.flip)
	}
	p.opt.Flip = opts.flip
	if opts.dpi < 72 || opts.dpi > 1200 {
		return nil, usageError("--dpi %d: want 72 to 1200", opts.dpi)
	}
	p.opt.DPI = opts.dpi
	size := layout.Size{W: g.CardSize.W, H: g.CardSize.H}
	if opts.cardSize != "" {
		if size, err = layout.ParseCardSize(opts.cardSize); err != nil {
			return nil, usageError("--card-size: %v", err)
		}
	}
	p.opt.CardW, p.opt.CardH = min(size.W, size.H), max(size.W, size.H)
	p.opt.SizeGiven = opts.cardSize != ""
	p.opt.KeepBleed = opts.keepBleed
	p.opt.MaxPages = maxImportPages
	p.write = pnp.WriteOptions{Game: g, Type: opts.typ, Source: filepath.Base(opts.pdf)}
	if opts.typ != "" && g.Type(opts.typ) == nil {
		var ids []string
		for _, t := range g.Types {
			ids = append(ids, t.ID)
		}
		return nil, usageError("--type %q: %s has types %s%s", opts.typ, g.Name, strings.Join(ids, ", "), cardsdb.DidYouMean(cardsdb.Suggest(opts.typ, ids, 1)))
	}
	if p.write.Naming, err = opts.naming(); err != nil {
		return nil, err
	}
	if opts.recipe != "" {
		for _, f := range []string{"pages", "layout", "flip", "dpi", "card-size", "keep-bleed", "grid", "backs-pages"} {
			if opts.given != nil && opts.given(f) {
				return nil, usageError("--%s and --recipe: the recipe gives the %s; edit it there", f, f)
			}
		}
		data, err := readTextFile(opts.recipe, "--recipe")
		if err != nil {
			return nil, err
		}
		if p.recipe, err = pnp.ParseRecipe(opts.recipe, data); err != nil {
			return nil, inputError(err)
		}
		p.opt = p.recipe.Options()
	}
	return p, nil
}

// naming reads --names and --into.
func (opts *importPnPOptions) naming() (pnp.Naming, error) {
	var n pnp.Naming
	if opts.names != "" {
		data, err := readTextFile(opts.names, "--names")
		if err != nil {
			return n, err
		}
		if n, err = pnp.ParseNames(opts.names, data); err != nil {
			return n, inputError(err)
		}
	}
	if opts.into == "" {
		return n, nil
	}
	data, err := readTextFile(opts.into, "--into")
	if err != nil {
		return n, err
	}
	into, err := pnp.ParseInto(opts.into, data)
	if err != nil {
		return n, inputError(err)
	}
	if opts.names == "" {
		return into, nil
	}
	m, err := into.WithMapping(n)
	if err != nil {
		return n, inputError(err)
	}
	return m, nil
}

// readTextFile reads a small text file named by a flag: a regular file,
// within the size deckwright reads.
func readTextFile(name, flag string) ([]byte, error) {
	// OpenRegular checks before it opens and opens without blocking: a
	// FIFO given as the file is refused, not waited on.
	f, err := cardsdb.OpenRegular(name)
	if err != nil {
		return nil, inputError(fmt.Errorf("%s: %w", flag, err))
	}
	defer f.Close()
	data, err := cardsdb.ReadInput(name, f)
	if err != nil {
		return nil, inputError(err)
	}
	return data, nil
}

func runImportPnP(opts *importPnPOptions) error {
	db, err := opts.g.loadDB()
	if err != nil {
		return inputError(err)
	}
	p, err := opts.check(db)
	if err != nil {
		return err
	}
	st, err := os.Stat(opts.pdf)
	switch {
	case err != nil:
		return inputError(fmt.Errorf("%s: %w", opts.pdf, unwrapPath(err)))
	case !st.Mode().IsRegular():
		return inputError(fmt.Errorf("%s: not a PDF file", opts.pdf))
	}
	if st, err := os.Stat(p.output); err == nil && !st.IsDir() {
		return usageError("-o %s: exists and is not a folder", p.output)
	}
	if err := checkImportFolder(p.output); err != nil {
		return inputError(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if os.Getenv("GOMEMLIMIT") == "" {
		// The cut faces are held until they are written (about 1.2 MB a
		// card at 300 DPI); a soft limit makes the collector return the
		// pages' rasters sooner: 30 pages peak near 400 MB instead of 700.
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(pnp.MemoryLimit))
	}
	res, err := importPDF(ctx, opts.pdf, p.opt)
	if errors.Is(err, pnp.ErrNoCardPages) {
		return &exitError{code: ExitRules, err: fmt.Errorf("%s: %w; nothing written (check --pages, --layout and --card-size)", opts.pdf, err)}
	}
	if err != nil {
		return inputError(err)
	}
	if p.recipe != nil && res != nil {
		if err := pnp.ApplyRecipe(ctx, opts.pdf, res, p.recipe, opts.recipe); err != nil {
			return inputError(err)
		}
	}
	if res == nil || len(res.Cards) == 0 {
		return &exitError{code: ExitRules, err: fmt.Errorf("%s: no cards found on %s; nothing written (check --pages, --layout and --card-size)", opts.pdf, pagesRead(res))}
	}
	p.write.Recipe = pnp.RecipeOf(res, filepath.Base(opts.pdf), p.opt)
	sum, err := pnp.Write(ctx, res, p.output, p.write)
	if err != nil {
		if errors.Is(err, pnp.ErrNoCards) {
			return &exitError{code: ExitRules, err: fmt.Errorf("%s: %w; nothing written", opts.pdf, err)}
		}
		var el cardsdb.ErrorList
		var e *cardsdb.Error
		if errors.As(err, &el) || errors.As(err, &e) {
			return inputError(err) // a names problem, with its position
		}
		return inputError(fmt.Errorf("writing %s: %w", p.output, err))
	}
	if opts.json {
		return writeJSON(opts.io, map[string]any{"source": opts.pdf, "game": p.game.ID, "summary": sum})
	}
	printImportSummary(opts.io, opts.pdf, p, sum, opts.g.quiet)
	return nil
}

// checkImportFolder refuses, before any work, an existing output folder
// that an import would write through a link (images -> ../elsewhere) or
// over something not a regular file (a FIFO as cards/pnp.yaml, which
// reading to merge would wait on): issue 25 items 3 and 4. pnp.Write reads
// and writes the same paths a moment later; this check makes the refusal
// early and clear.
func checkImportFolder(dir string) error {
	if st, err := os.Lstat(dir); err != nil {
		return nil // nothing there yet: the import makes it
	} else if st.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("-o %s is a symbolic link: name the folder itself", dir)
	}
	for _, sub := range []string{filepath.Dir(filepath.FromSlash(pnp.CardsFile)), pnp.ImagesDir} {
		full := filepath.Join(dir, sub)
		st, err := os.Lstat(full)
		switch {
		case err != nil:
			continue
		case st.Mode()&fs.ModeSymlink != 0:
			return fmt.Errorf("%s is a symbolic link; import pnp does not write through links in its output folder (remove the link)", full)
		case !st.IsDir():
			return fmt.Errorf("%s is a %s, not a folder", full, atomicfile.FileKind(st.Mode()))
		}
	}
	files := []string{filepath.FromSlash(pnp.CardsFile), pnp.ContactHTML, pnp.ContactPNG, pnp.RecipeFile}
	more, _ := filepath.Glob(filepath.Join(dir, "contact-sheet-*.png"))
	images, _ := filepath.Glob(filepath.Join(dir, pnp.ImagesDir, "*.jpg"))
	for _, f := range append(more, images...) {
		files = append(files, strings.TrimPrefix(f, dir+string(filepath.Separator)))
	}
	for _, f := range files {
		full := filepath.Join(dir, f)
		if st, err := os.Lstat(full); err == nil && !st.Mode().IsRegular() {
			return fmt.Errorf("%s is a %s; import pnp reads and writes over regular files only (remove it)", full, atomicfile.FileKind(st.Mode()))
		}
	}
	return nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func pagesRead(res *pnp.Result) string {
	if res == nil || len(res.Pages) == 0 {
		return "any page"
	}
	return cardsdb.Plural(len(res.Pages), "page")
}

// printImportSummary says what an import read and wrote: page by page and
// what became of the cards, or with quiet the one line of the result.
func printImportSummary(io IO, pdf string, p *importPlan, s *pnp.Summary, quiet bool) {
	w := io.Out
	if quiet {
		verb := "wrote"
		if s.Merged {
			verb = "merged into"
		}
		// -q: the result and no notes; a page read with doubt is a note
		// (the contact sheet and the recipe say which).
		fmt.Fprintf(w, "%s %s: %s cut from %s, %d distinct\n", verb, p.output, cardsdb.Plural(s.Cards, "card"), cardsdb.Plural(len(s.Pages), "page"), s.Distinct)
		return
	}
	fmt.Fprintf(w, "read %s of %s:\n", cardsdb.Plural(len(s.Pages), "page"), pdf)
	for _, pg := range s.Pages {
		reg := ""
		if pg.Registration {
			reg = "; registration marks"
		}
		if pg.Skipped != "" {
			fmt.Fprintf(w, "  page %d: %s; skipped\n", pg.Page, pg.Skipped)
			continue
		}
		if pg.Size != "" {
			reg += "; cards measured " + pg.Size + " mm"
		}
		if pg.LeftOut != "" {
			reg += "; " + pg.LeftOut
		}
		if pg.Given != "" {
			reg += "; given by " + pg.Given
		}
		side := pg.Side
		if pg.BacksOf != 0 && (pg.Given != "" || pg.SideReason != "") {
			// The pairing the user gave, or one the layout does not
			// say (others are in the recipe).
			side += fmt.Sprintf(" of page %d", pg.BacksOf)
		}
		if pg.SideReason != "" {
			reg += "; " + pg.SideReason
		}
		method := "found by " + pg.Method
		if pg.Method == "given" {
			method = "fitted to the page"
		}
		fmt.Fprintf(w, "  page %d: %s, %s (%dx%d grid, %s%s)\n", pg.Page, side, cardsdb.Plural(pg.Cards, "card"), pg.Cols, pg.Rows, method, reg)
	}
	if s.SizeReason != "" {
		fmt.Fprintf(w, "card size %s: %s\n", s.CardSize, s.SizeReason)
	}
	if s.Layout != "" && s.LayoutReason != "" && s.LayoutReason != "asked for" {
		fmt.Fprintf(w, "layout %s: %s\n", s.Layout, s.LayoutReason)
	}
	if line := uncertainLine(s, p.output, p.write.Recipe); line != "" {
		fmt.Fprintln(w, line)
	}
	fmt.Fprintf(w, "%s cut, %d distinct", cardsdb.Plural(s.Cards, "card"), s.Distinct)
	if s.SharedBacks > 0 {
		fmt.Fprintf(w, "; %s (the most shared is the game's default back)", cardsdb.Plural(s.SharedBacks, "shared back"))
	}
	switch {
	case s.OwnBacks == 1:
		fmt.Fprint(w, "; 1 card with a back of its own")
	case s.OwnBacks > 1:
		fmt.Fprintf(w, "; %d cards with backs of their own", s.OwnBacks)
	}
	fmt.Fprintln(w)
	cardsFile := filepath.Join(p.output, filepath.FromSlash(pnp.CardsFile))
	if s.Existing > 0 {
		fmt.Fprintf(w, "%s of %s got images\n", cardsdb.Plural(s.Existing, "card"), p.game.Name)
	}
	if s.New > 0 {
		fmt.Fprintf(w, "%s in %s (placeholders: rename them and set their type there)\n", cardsdb.Plural(s.New, "new card"), cardsFile)
	}
	if s.Kept > 0 {
		fmt.Fprintf(w, "%s already in %s, kept as they are there\n", cardsdb.Plural(s.Kept, "card"), cardsFile)
	}
	if s.OwnLandscape > 0 {
		fmt.Fprintf(w, "%s lay landscape: kept landscape (landscape: true in %s)\n", cardsdb.Plural(s.OwnLandscape, "card"), cardsFile)
	}
	if len(s.Unused) > 0 {
		names := quoteAll(s.Unused[:min(len(s.Unused), 5)])
		if more := len(s.Unused) - len(names); more > 0 {
			names = append(names, fmt.Sprintf("and %d more", more))
		}
		fmt.Fprintf(w, "%s reached no card (more names than distinct cards): %s\n", cardsdb.Plural(len(s.Unused), "name"), strings.Join(names, ", "))
	}
	verb := "wrote"
	if s.Merged {
		verb = "merged into"
	}
	fmt.Fprintf(w, "%s %s (contact sheet: %s)\n", verb, p.output, filepath.Join(p.output, pnp.ContactHTML))
	backs := "long"
	if s.SharedBacks == 0 && s.OwnBacks == 0 {
		backs = "none"
	}
	fmt.Fprintf(w, "print a deck with: deckwright --db %s print DECK --backs %s\n", p.output, backs)
}

// uncertainLine names the pages read with doubt and why, and where to
// look; "" when there are none.
func uncertainLine(s *pnp.Summary, dir string, rec *pnp.Recipe) string {
	if len(s.Uncertain) == 0 {
		return ""
	}
	nrs := make([]string, len(s.Uncertain))
	for i, n := range s.Uncertain {
		nrs[i] = strconv.Itoa(n)
	}
	word := "page"
	if len(nrs) > 1 {
		word = "pages"
	}
	check := ""
	if rec != nil {
		var lines []string
		for _, n := range s.Uncertain {
			for _, p := range rec.Pages {
				if p.Page == n && p.Line > 0 {
					lines = append(lines, fmt.Sprintf("%s:%d", filepath.Join(dir, pnp.RecipeFile), p.Line))
				}
			}
		}
		if len(lines) > 0 {
			check = "; check " + strings.Join(lines, ", ")
		}
	}
	return fmt.Sprintf("uncertain: %s %s (%s); look at the contact sheet %s%s", word, strings.Join(nrs, ", "), strings.Join(s.UncertainWhy, "; "), filepath.Join(dir, pnp.ContactPages), check)
}

func quoteAll(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strconv.Quote(s)
	}
	return out
}

// parsePages reads a page list such as "3-12,15": page numbers and
// inclusive ranges, in the order given, each page once; "" is every page
// (nil).
func parsePages(s string, maxPages int) ([]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []int
	seen := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := pageNumber(lo, s)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = pageNumber(hi, s); err != nil {
				return nil, err
			}
			if b < a {
				return nil, fmt.Errorf("%q: the range %s runs backwards; write %d-%d", s, part, b, a)
			}
		}
		if b-a >= maxPages || len(out)+(b-a+1) > maxPages {
			return nil, fmt.Errorf("%q lists more than %d pages", s, maxPages)
		}
		for pg := a; pg <= b; pg++ {
			if seen[pg] {
				return nil, fmt.Errorf("%q lists page %d twice", s, pg)
			}
			seen[pg] = true
			out = append(out, pg)
		}
	}
	return out, nil
}

func pageNumber(s, all string) (int, error) {
	s = strings.TrimSpace(s)
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%q: %q is not a page number (pages count from 1; write e.g. 3-12,15)", all, s)
	}
	return n, nil
}
