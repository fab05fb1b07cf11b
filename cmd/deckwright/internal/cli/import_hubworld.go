package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/hubworld"
	"github.com/deckwright/deckwright/internal/atomicfile"
)

type importHubworldOptions struct {
	io     IO
	g      *globalOptions
	dir    string
	output string
	json   bool
}

func newImportHubworldCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &importHubworldOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "hubworld-data DIR [-o OUT]",
		Short: "Convert the community card data of Hubworld: Aidalon (Hubworld-Data) into a game folder",
		Long: `Read the EDN files of a copy of the public Hubworld-Data repository (DIR, or
its edn folder: edn/cards/*.edn, edn/set-cards/*.edn, edn/factions.edn,
edn/formats.edn, edn/mwls.edn, edn/subtypes.edn) and write a game folder
(default out/hubworld): game.yaml with the real affiliations and the data's
formats (plus Casual), and cards/AFFILIATION.yaml with every card, its
affiliation icons counted, its alias, subtitle, traits, uniqueness, set,
collector number and illustrator. A card whose collector number names an
image in DIR/img (img/01001.png, or .jpg, .jpeg, .webp: where the data's
scraper saves them) gets that image, copied into OUT/img. Each format takes
the cards of the sets its :sets lists.

The game's id is hubworld, so --db OUT replaces deckwright's sample
Hubworld cards with the real ones. deckwright does not ship the data (its
license is not stated): fetch it yourself.

Exit status: 0 done, 2 unreadable or malformed data, or an output path that
is not a folder.`,
		Example: `  git clone https://github.com/NBKelly/Hubworld-Data
  deckwright import hubworld-data Hubworld-Data -o out/hubworld
  deckwright --db out/hubworld validate my-deck.txt --format free-agent`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.dir = args[0]
			return runImportHubworld(opts)
		},
	}
	cmd.Flags().StringVarP(&opts.output, "output", "o", filepath.Join("out", "hubworld"), "the game folder to write")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the summary as JSON")
	return cmd
}

func runImportHubworld(opts *importHubworldOptions) error {
	st, err := os.Stat(opts.dir)
	if err != nil {
		return inputError(err)
	}
	if !st.IsDir() {
		return usageError("%s is not a folder; give the Hubworld-Data folder", opts.dir)
	}
	// The data is read through OpenFolder: no link out of the folder, and
	// a FIFO or device among its files is refused without blocking.
	fsys, err := cardsdb.OpenFolder(opts.dir)
	if err != nil {
		return inputError(err)
	}
	res, err := hubworld.Convert(fsys, hubworld.Options{Dir: filepath.ToSlash(filepath.Clean(opts.dir))})
	if err != nil {
		return inputError(err)
	}
	if st, err := os.Stat(opts.output); err == nil && !st.IsDir() {
		return usageError("-o %s is not a folder", opts.output)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return inputError(err)
	}
	// The files are written as one folder, merged into an existing one
	// through its root: a link inside it is refused, not followed.
	out, err := atomicfile.NewFolder(opts.output, atomicfile.FolderOptions{Temp: opts.io.temps.hook})
	if err != nil {
		return inputError(err)
	}
	var files []string
	seen := map[string]bool{}
	for _, f := range res.Files {
		if seen[f.Path] {
			continue
		}
		seen[f.Path] = true
		if err := out.WriteFile(f.Path, f.Data); err != nil {
			out.Abort()
			return inputError(err)
		}
		files = append(files, out.Path(f.Path))
	}
	if _, err := out.Commit(); err != nil {
		out.Abort()
		return inputError(err)
	}
	for _, s := range res.Skipped {
		fmt.Fprintf(opts.io.Err, "deckwright: warning: skipped %s\n", s)
	}
	for _, s := range res.Notes {
		fmt.Fprintf(opts.io.Err, "deckwright: warning: %s\n", s)
	}
	if opts.json {
		skipped := res.Skipped
		if skipped == nil {
			skipped = []string{}
		}
		notes := res.Notes
		if notes == nil {
			notes = []string{}
		}
		return writeJSON(opts.io, map[string]any{"output": opts.output, "cards": res.Cards, "art": res.Art, "files": files, "skipped": skipped, "notes": notes})
	}
	fmt.Fprintf(opts.io.Out, "wrote %s to %s (%s); load them with --db %s\n", cardsdb.Plural(res.Cards, "card"), opts.output, cardsdb.Plural(len(files), "file"), opts.output)
	return nil
}
