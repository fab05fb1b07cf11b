package cli

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/changes"
	"github.com/deckwright/deckwright/faces"
	"github.com/deckwright/deckwright/internal/safefile"
	"github.com/deckwright/deckwright/templates"
)

type diffOptions struct {
	io        IO
	g         *globalOptions
	old, new  string
	json      bool
	pictures  string
	templates string
}

func newDiffCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &diffOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "diff OLD NEW",
		Short: "List the cards added, removed and changed between two versions of a game",
		Long: `Compare two versions of a game's cards: OLD and NEW are game folders (or
their game.yaml) or cards files (of a game that is bundled or given with
--db). Cards are matched by name; a changed card is listed with the fields
that changed, and then what else its face is drawn from that changed: its
art's bytes, its template, an image, font or icon the template draws for
it ("template templates/default.yaml"), or "face" for a setting of
game.yaml its face shows. Each version is drawn with its own templates/.

--json prints {"added": [{"name": ...}], "removed": [...], "changed":
[{"name": ..., "fields": [...], "sources": [...]}]}. --pictures DIR draws each changed
card's old and new faces side by side into DIR (one PNG a card, and
index.html showing them all), each version with its own templates.

The exit status is 0 whether or not the versions differ.`,
		Example: `  deckwright diff forge-v7 forge-v8
  deckwright diff old/cards.yaml my-game/cards/cards.yaml --json
  deckwright diff forge-v7 forge-v8 --pictures changes`,
		Args: argsUsage(cobra.ExactArgs(2)),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.old, opts.new = args[0], args[1]
			return runDiff(opts)
		},
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the differences as JSON")
	cmd.Flags().StringVar(&opts.templates, "templates", "", "a folder of card-face templates over the bundled ones and the games' own, for both versions")
	cmd.Flags().StringVar(&opts.pictures, "pictures", "", "draw each changed card's old and new faces side by side into this folder (PNG and index.html)")
	return cmd
}

// version is one version of a game's cards, loaded on its own.
type version struct {
	game *cardsdb.Game
	db   *cardsdb.DB // the database it is in, for its templates
}

func runDiff(opts *diffOptions) error {
	base, err := opts.g.loadDB()
	if err != nil {
		return inputError(err)
	}
	old, err := loadVersion(base, opts.old)
	if err != nil {
		return err
	}
	cur, err := loadVersion(base, opts.new)
	if err != nil {
		return err
	}
	if old.game.ID != cur.game.ID {
		return usageError("%s is of game %q and %s of game %q: diff compares two versions of one game", opts.old, old.game.ID, opts.new, cur.game.ID)
	}
	// Each version's faces are drawn with its own templates (its folder's
	// templates/), and --templates over both.
	oldT, err := templateSource(old.db, opts.templates)
	if err != nil {
		return inputError(err)
	}
	newT, err := templateSource(cur.db, opts.templates)
	if err != nil {
		return inputError(err)
	}
	d, err := changes.Compare(old.game, cur.game, oldT, newT)
	if err != nil {
		return err
	}
	if opts.pictures != "" {
		if err := writeDiffPictures(opts.io, opts.pictures, d, old, cur, oldT, newT); err != nil {
			return err
		}
	}
	if opts.json {
		return writeJSON(opts.io, d)
	}
	out := opts.io.Out
	for _, c := range d.Added {
		fmt.Fprintf(out, "added: %s\n", c.Name)
	}
	for _, c := range d.Removed {
		fmt.Fprintf(out, "removed: %s\n", c.Name)
	}
	for _, c := range d.Changed {
		fmt.Fprintf(out, "changed: %s (%s)\n", c.Name, changedWhat(c))
	}
	if d.Empty() {
		fmt.Fprintf(out, "no changes: %s has the same %s as %s\n", opts.new, cardsdb.Plural(len(cur.game.Cards), "card"), opts.old)
		return nil
	}
	fmt.Fprintf(out, "%s: %d added, %d removed, %d changed\n", cur.game.Name, len(d.Added), len(d.Removed), len(d.Changed))
	if opts.pictures != "" && !opts.g.quiet {
		fmt.Fprintf(out, "  pictures of the changed cards: %s\n", filepath.Join(opts.pictures, "index.html"))
	}
	return nil
}

// loadVersion loads one version of a game: a game folder (or its
// game.yaml) on its own, or a cards file as the whole card list of its
// game (bundled or in base).
func loadVersion(base *cardsdb.DB, arg string) (*version, error) {
	st, err := os.Stat(arg)
	if err != nil {
		return nil, inputError(fmt.Errorf("%s: %w", arg, errors.Unwrap(err)))
	}
	gameYAML := ""
	switch {
	case st.IsDir():
		gameYAML = filepath.Join(arg, "game.yaml")
	case filepath.Base(arg) == "game.yaml":
		gameYAML = arg
	}
	if gameYAML != "" {
		data, err := cardsdb.ReadFile(gameYAML)
		if err != nil {
			return nil, inputError(fmt.Errorf("%s: not a game folder (%v)", arg, err))
		}
		def, err := cardsdb.ParseGame(gameYAML, data, ".")
		if err != nil {
			return nil, inputError(err)
		}
		db, err := cardsdb.LoadBundled()
		if err != nil {
			return nil, err
		}
		if err := db.AddPath(arg); err != nil {
			return nil, inputError(err)
		}
		g, _ := db.Game(def.ID)
		if g == nil {
			return nil, inputError(fmt.Errorf("%s: game %q did not load", arg, def.ID))
		}
		return &version{game: g, db: db}, nil
	}
	// A cards file: its game's definition, with only this file's cards.
	data, err := cardsdb.ReadFile(arg)
	if err != nil {
		return nil, inputError(err)
	}
	id := cardsFileGame(data)
	if id == "" {
		return nil, inputError(fmt.Errorf("%s: not a game folder, a game.yaml or a cards file with game: ID", arg))
	}
	g, err := base.LookupGame(id)
	if err != nil {
		return nil, inputError(fmt.Errorf("%s: %w", arg, err))
	}
	defData, err := readGameFile(g, "game.yaml")
	if err != nil {
		return nil, inputError(fmt.Errorf("%s: the definition of %s: %w", arg, g.Name, err))
	}
	fresh, err := cardsdb.ParseGame(path.Join(g.Dir, "game.yaml"), defData, ".")
	if err != nil {
		return nil, inputError(err)
	}
	fresh.FS, fresh.Dir = g.FS, g.Dir
	dir := "."
	if rel, err := filepath.Rel(g.Dir, filepath.Dir(arg)); err == nil && !strings.HasPrefix(rel, "..") && !strings.HasPrefix(g.Dir, "bundled:") {
		dir = filepath.ToSlash(rel)
	}
	if err := cardsdb.ParseCards(arg, data, dir, fresh); err != nil {
		return nil, inputError(err)
	}
	return &version{game: fresh, db: base}, nil
}

// cardsFileGame returns the game: id of a cards file, "" for none.
func cardsFileGame(data []byte) string {
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "game:"); ok && !strings.HasPrefix(line, " ") {
			return strings.Trim(strings.TrimSpace(rest), `"'`)
		}
	}
	return ""
}

// readGameFile reads a file of g's folder, a regular file of at most
// cardsdb.MaxFileSize bytes (one over it was cut short before).
func readGameFile(g *cardsdb.Game, name string) ([]byte, error) {
	return safefile.ReadFile(g.FS, name, cardsdb.MaxFileSize)
}

// writeDiffPictures draws each changed card's old and new front side by
// side into dir/NNN-name.png, and dir/index.html showing them.
func writeDiffPictures(out IO, dir string, d changes.Diff, old, cur *version, oldT, newT templates.Source) error {
	if len(d.Changed) == 0 {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return inputError(err)
	}
	ctx := out.context()
	var page strings.Builder
	page.WriteString("<!doctype html>\n<meta charset=\"utf-8\">\n<title>Changed cards</title>\n<style>body{font-family:sans-serif}figure{display:inline-block;margin:1em}img{max-width:100%}</style>\n<h1>Changed cards: old (left), new (right)</h1>\n")
	for i, c := range d.Changed {
		a, err := faces.RenderOne(ctx, cardface.CardItem(old.game, c.Old).Front, faces.Options{DPI: 150, Templates: oldT})
		if err != nil {
			return inputError(err)
		}
		b, err := faces.RenderOne(ctx, cardface.CardItem(cur.game, c.New).Front, faces.Options{DPI: 150, Templates: newT})
		if err != nil {
			return inputError(err)
		}
		name := fmt.Sprintf("%03d-%s.png", i+1, slug(c.Name))
		pic := sideBySide(a.Image, b.Image)
		if err := writeAtomic(out.temps, filepath.Join(dir, name), func(w io.Writer) error { return png.Encode(w, pic) }); err != nil {
			return inputError(err)
		}
		fmt.Fprintf(&page, "<figure><img src=\"%s\" alt=\"%s: old and new\"><figcaption>%s: %s</figcaption></figure>\n",
			html.EscapeString(name), html.EscapeString(c.Name), html.EscapeString(c.Name), html.EscapeString(changedWhat(c)))
	}
	return writeAtomic(out.temps, filepath.Join(dir, "index.html"), func(w io.Writer) error {
		_, err := io.WriteString(w, page.String())
		return err
	})
}

// changedWhat says what changed of a card: its fields, then what else
// its face is drawn from ("text, cost; template templates/default.yaml").
func changedWhat(c changes.Card) string {
	s := strings.Join(c.Fields, ", ")
	if len(c.Sources) > 0 {
		if s != "" {
			s += "; "
		}
		s += strings.Join(c.Sources, ", ")
	}
	return s
}

// sideBySide puts a and b next to each other with a gap.
func sideBySide(a, b image.Image) *image.NRGBA {
	const gap = 24
	ab, bb := a.Bounds(), b.Bounds()
	m := image.NewNRGBA(image.Rect(0, 0, ab.Dx()+gap+bb.Dx(), max(ab.Dy(), bb.Dy())))
	draw.Draw(m, m.Rect, image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.Draw(m, ab.Sub(ab.Min), a, ab.Min, draw.Src)
	draw.Draw(m, bb.Sub(bb.Min).Add(image.Pt(ab.Dx()+gap, 0)), b, bb.Min, draw.Src)
	return m
}

// slug makes a card name a file name: lower case, letters and digits,
// "-" between words.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
		if b.Len() > 60 {
			break
		}
	}
	return strings.Trim(b.String(), "-")
}

// Bounds on reading a git revision of a game folder.
const (
	gitTimeout  = 30 * time.Second
	maxGitBytes = 512 << 20
	maxGitFiles = 20000
)

// gitVersion writes the game folder dir as it was at revision rev of
// the git repository it is in into a new temporary folder (recorded in
// temps), and returns that folder.
func gitVersion(ctx context.Context, temps *tempFiles, dir, rev string) (string, error) {
	if strings.HasPrefix(rev, "-") {
		return "", fmt.Errorf("%q is not a revision", rev)
	}
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	at := dir
	run := func(args ...string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-C", at}, args...)...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout = &limitBuffer{b: &stdout, max: maxGitBytes}
		cmd.Stderr = &limitBuffer{b: &stderr, max: 64 << 10}
		if err := cmd.Run(); err != nil {
			msg := strings.TrimSpace(stderr.String())
			if msg == "" {
				msg = err.Error()
			}
			return nil, fmt.Errorf("git %s: %s", args[0], firstLine(msg))
		}
		return stdout.Bytes(), nil
	}
	if _, err := run("rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return "", fmt.Errorf("%q is not a revision of the git repository of %s", rev, dir)
	}
	prefix, err := run("rev-parse", "--show-prefix")
	if err != nil {
		return "", err
	}
	top, err := run("rev-parse", "--show-toplevel")
	if err != nil {
		return "", err
	}
	at = strings.TrimSpace(string(top)) // git archive runs at the top
	tree := rev + ":" + strings.TrimSpace(string(prefix))
	data, err := run("archive", "--format=tar", tree)
	if err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp("", "deckwright-changed-since-")
	if err != nil {
		return "", err
	}
	temps.add(tmp)
	if err := untar(data, tmp); err != nil {
		return "", fmt.Errorf("reading %s at %s: %w", dir, rev, err)
	}
	return tmp, nil
}

// untar writes the regular files and folders of a tar archive under dir,
// refusing paths that would leave it.
func untar(data []byte, dir string) error {
	tr := tar.NewReader(bytes.NewReader(data))
	n := 0
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if n++; n > maxGitFiles {
			return fmt.Errorf("more than %d files", maxGitFiles)
		}
		name := path.Clean(h.Name)
		if !strings.HasPrefix(name, "pax_global_header") && (strings.HasPrefix(name, "..") || path.IsAbs(name)) {
			return fmt.Errorf("archive path %q leaves the folder", h.Name)
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(p, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
			if err != nil {
				return err
			}
			_, err = io.Copy(f, io.LimitReader(tr, maxGitBytes))
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		}
	}
}

// limitBuffer keeps at most max bytes and then fails the write.
type limitBuffer struct {
	b   *bytes.Buffer
	max int
}

func (l *limitBuffer) Write(p []byte) (int, error) {
	if l.b.Len()+len(p) > l.max {
		return 0, fmt.Errorf("output over %d MB", l.max>>20)
	}
	return l.b.Write(p)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
