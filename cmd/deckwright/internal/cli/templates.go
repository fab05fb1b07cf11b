package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/templates"
)

// errNotRegularOut refuses to write a template over anything but a file.
var errNotRegularOut = errors.New("not a regular file; templates init writes files only")

// gameTemplatesDir is the folder beside a game's game.yaml whose
// templates are used for that game's faces without --templates.
const gameTemplatesDir = "templates"

// loadTemplates returns the templates faces are drawn from: the bundled
// ones, each --db game folder's own templates/ over them, and the
// --templates folder dir over all. Every template not bundled is checked
// against every loaded game (a GAME or TYPE folder that none has is an
// error with a suggestion). It returns nil, nil when there is nothing
// but the bundled templates.
func loadTemplates(db *cardsdb.DB, dir string) (*templates.Set, error) {
	var games []*cardsdb.Game
	if db != nil {
		games = db.Games()
	}
	var set *templates.Set
	ensure := func() error {
		if set != nil {
			return nil
		}
		var err error
		set, err = templates.LoadBundled()
		return err
	}
	for _, g := range games {
		if g.FS == nil || strings.HasPrefix(g.Dir, "bundled:") {
			continue
		}
		st, err := fs.Stat(g.FS, gameTemplatesDir)
		if err != nil || !st.IsDir() {
			continue
		}
		sub, err := fs.Sub(g.FS, gameTemplatesDir)
		if err != nil {
			return nil, err
		}
		if err := ensure(); err != nil {
			return nil, err
		}
		prefix := path.Join(filepath.ToSlash(g.Dir), gameTemplatesDir) + "/"
		if err := set.AddFSFor(sub, prefix, g.ID); err != nil {
			return nil, err
		}
	}
	if dir != "" {
		if err := ensure(); err != nil {
			return nil, err
		}
		if err := set.AddDir(dir); err != nil {
			return nil, fmt.Errorf("--templates: %w", err)
		}
	}
	if set == nil {
		return nil, nil
	}
	if err := set.Check(games); err != nil {
		if dir != "" {
			return nil, fmt.Errorf("--templates: %w", err)
		}
		return nil, err
	}
	return set, nil
}

// templateSource is loadTemplates as a templates.Source: nil (the
// bundled templates) when there is nothing else.
func templateSource(db *cardsdb.DB, dir string) (templates.Source, error) {
	set, err := loadTemplates(db, dir)
	if err != nil || set == nil {
		return nil, err
	}
	return set, nil
}

type templatesInitOptions struct {
	io    IO
	dir   string
	force bool
}

func newTemplatesCmd(io IO, _ *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "templates",
		Short: "Work with the card-face templates (see templates init)",
		Args:  argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			return usageError("templates needs a command: init (see deckwright templates --help)")
		},
	}
	cmd.AddCommand(newTemplatesInitCmd(io))
	return cmd
}

func newTemplatesInitCmd(io IO) *cobra.Command {
	opts := &templatesInitOptions{io: io}
	cmd := &cobra.Command{
		Use:   "init DIR",
		Short: "Copy the bundled card-face templates into DIR, to change them",
		Long: `Copy the templates deckwright draws text proxies with (default.yaml,
card-back.yaml, GAME/TYPE.yaml...) into DIR, which is made if need be.
Change the copies and give the folder to print, export or serve with
--templates DIR, or put them in a game folder's templates/ beside its
game.yaml, where --db finds them. Existing files are never overwritten
unless --force is given.`,
		Example: `  deckwright templates init my-templates
  deckwright print seeker-chronicles/cosmos --templates my-templates`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.dir = args[0]
			return runTemplatesInit(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.force, "force", false, "overwrite files DIR already has")
	return cmd
}

func runTemplatesInit(opts *templatesInitOptions) error {
	src := templates.BundledFS()
	var files []string
	err := fs.WalkDir(src, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !e.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if !opts.force {
		var clash []string
		for _, p := range files {
			if _, err := os.Lstat(filepath.Join(opts.dir, filepath.FromSlash(p))); err == nil {
				clash = append(clash, p)
			}
		}
		if len(clash) > 0 {
			return usageError("%s already has %s (%s); pass --force to overwrite, or choose another folder", opts.dir, cardsdb.Plural(len(clash), "bundled template"), strings.Join(clash[:min(3, len(clash))], ", "))
		}
	}
	for _, p := range files {
		data, err := fs.ReadFile(src, p)
		if err != nil {
			return err
		}
		out := filepath.Join(opts.dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return inputError(err)
		}
		if fi, err := os.Lstat(out); err == nil && !fi.Mode().IsRegular() {
			return inputError(fmt.Errorf("%s: %w", out, errNotRegularOut))
		}
		if err := writeAtomic(opts.io.temps, out, func(w io.Writer) error {
			_, err := w.Write(data)
			return err
		}); err != nil {
			return inputError(err)
		}
	}
	fmt.Fprintf(opts.io.Out, "wrote %s: %s; change them and print with --templates %s\n", opts.dir, cardsdb.Plural(len(files), "template"), opts.dir)
	return nil
}
