package cli

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/export"
	"github.com/deckwright/deckwright/printjob"
	"github.com/deckwright/deckwright/render"
)

// exportDeckFlags are the flags export png, tts and mpc share.
type exportDeckFlags struct {
	io        IO
	g         *globalOptions
	output    string
	game      string
	templates string
	cacheDir  string
	noCache   bool
	maxCards  int
	json      bool
}

func (f *exportDeckFlags) register(cmd *cobra.Command, what string) {
	fl := cmd.Flags()
	fl.StringVarP(&f.output, "output", "o", "", "the folder to write (default out/<deck>-"+what+")")
	fl.StringVar(&f.game, "game", "", "the game of a deck list that names none")
	fl.StringVar(&f.templates, "templates", "", "a folder of text-proxy templates (GAME/TYPE.yaml) over the bundled ones")
	fl.StringVar(&f.cacheDir, "cache-dir", "", "where prepared art is cached (default: the user cache folder)")
	fl.BoolVar(&f.noCache, "no-cache", false, "do not read or write the art cache")
	fl.BoolVar(&f.json, "json", false, "print a JSON report")
	cmd.Flags().IntVar(&f.maxCards, "max-cards", printjob.DefaultMaxCards, "refuse to export more cards than this")
}

// exportJob is a deck ready to export.
type exportJob struct {
	deck  *cardsdb.Deck
	items []render.Item
	dir   string
	opts  export.Options
	prov  int
}

// collect opens the deck, refuses unknown cards and absurd counts, and
// works out the options every export shares.
func (f *exportDeckFlags) collect(arg, what string) (*exportJob, error) {
	db, err := f.g.loadDB()
	if err != nil {
		return nil, inputError(err)
	}
	var deck *cardsdb.Deck
	if arg == "-" { // standard input, as print and validate read it
		deck, err = resolveStdin(db, f.io.In, f.game, "")
	} else {
		deck, err = resolveDeck(db, arg, f.game, "")
	}
	if err != nil {
		return nil, err
	}
	if len(deck.Unknown) > 0 {
		var msgs []string
		for _, u := range deck.Unknown {
			msgs = append(msgs, fmt.Sprintf("%s: no card named %q%s", u.Entry.Pos, u.Entry.Name, cardsdb.DidYouMean(u.Suggestions)))
		}
		return nil, &exitError{code: ExitRules, err: fmt.Errorf("%s; fix the deck (deckwright validate %s) before exporting", strings.Join(msgs, "; "), arg)}
	}
	limit := &printjob.Limit{Max: f.maxCards, What: arg}
	for _, dc := range deck.Cards {
		if err := limit.Add(dc.Count); err != nil {
			return nil, err
		}
	}
	job := &exportJob{deck: deck, items: render.DeckItems(deck), dir: f.output}
	if len(job.items) == 0 {
		return nil, inputError(fmt.Errorf("%s has no cards to export", arg))
	}
	if job.dir == "" {
		job.dir = filepath.Join("out", printjob.DeckFileName(arg)+"-"+what)
	}
	sf := sheetFlags{templates: f.templates, cacheDir: f.cacheDir, noCache: f.noCache}
	tmpl, err := sf.templateSet(db)
	if err != nil {
		return nil, inputError(err)
	}
	temps := f.io.temps
	job.opts = export.Options{Templates: tmpl, CacheDir: sf.cache(), TempDir: func(dir string, made bool) {
		if made {
			temps.add(dir)
		} else {
			temps.remove(dir)
		}
	}}
	for _, it := range job.items {
		if c := it.Front.Card; c != nil && c.HasProvisional() {
			job.prov++
		}
	}
	return job, nil
}

// exportError turns an export's error into an exit: art that cannot be
// read and folders that cannot be written are unreadable input or
// output (2), like any other.
func exportError(err error) error {
	var ae *export.ArtError
	if errors.As(err, &ae) {
		return &exitError{code: ExitInput, err: err}
	}
	return inputError(err)
}

// report prints what an export wrote: notes and warnings on stderr, one
// line on stdout, and the sample and provisional notes.
func (f *exportDeckFlags) report(job *exportJob, res *export.Result, summary string, extra any) error {
	if f.json {
		return writeJSON(f.io, extra)
	}
	quiet := f.g.quiet
	if !quiet { // -q: no notes, only errors, problems and the result
		for _, n := range res.Notes {
			fmt.Fprintln(f.io.Err, "deckwright: note:", n)
		}
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(f.io.Err, "deckwright: warning:", w)
	}
	fmt.Fprintf(f.io.Out, "wrote %s: %s, %s%s\n", job.dir, summary, describeFaces(res), quietMarks(quiet, anySample(job.items), job.prov))
	if quiet {
		return nil
	}
	if anySample(job.items) {
		fmt.Fprintln(f.io.Out, "  note: sample cards invented for deckwright are marked SAMPLE on their faces")
	}
	if job.prov > 0 {
		fmt.Fprintf(f.io.Out, "  note: %s carry provisional values, marked * on their faces\n", cardsdb.Plural(job.prov, "card"))
	}
	return nil
}

func describeFaces(res *export.Result) string {
	// Each distinct face is drawn once, whatever its copies (print counts
	// every copy): say so, or 46 cards read as 24.
	return "distinct faces: " + faceKinds(res.ArtFaces, res.DesignedFaces, res.TextFaces)
}

func anySample(items []render.Item) bool {
	for _, it := range items {
		if c := it.Front.Card; c != nil && c.Sample {
			return true
		}
	}
	return false
}
