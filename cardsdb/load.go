package cardsdb

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/deckwright/deckwright/internal/safefile"
	"github.com/deckwright/deckwright/internal/yamlmap"
)

//go:embed data
var bundled embed.FS

// DB is a set of games with their cards and bundled decks.
type DB struct {
	games map[string]*Game
}

// Game returns the game with the id.
func (db *DB) Game(id string) (*Game, bool) {
	g, ok := db.games[id]
	return g, ok
}

// Games returns every game sorted by id.
func (db *DB) Games() []*Game {
	out := make([]*Game, 0, len(db.games))
	for _, g := range db.games {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// GameIDs lists the game ids, sorted.
func (db *DB) GameIDs() []string {
	var out []string
	for _, g := range db.Games() {
		out = append(out, g.ID)
	}
	return out
}

// LookupGame returns the game with the id or an error that lists the games
// and suggests the closest id.
func (db *DB) LookupGame(id string) (*Game, error) {
	if g, ok := db.games[id]; ok {
		return g, nil
	}
	ids := db.GameIDs()
	return nil, fmt.Errorf("unknown game %q%s (known games: %s)", id, didYouMean(Suggest(id, ids, 1)), joinSome(ids))
}

// BundledFS returns the bundled game data: one folder per game id.
func BundledFS() fs.FS {
	sub, err := fs.Sub(bundled, "data")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder
	}
	return sub
}

// LoadBundled loads the games bundled with deckwright.
func LoadBundled() (*DB, error) {
	db := &DB{games: map[string]*Game{}}
	if err := db.AddFS(BundledFS(), "", "bundled:"); err != nil {
		return nil, err
	}
	return db, nil
}

// Empty returns a DB with no games.
func Empty() *DB { return &DB{games: map[string]*Game{}} }

// AddFS loads every game folder found at dir in fsys: dir itself when it
// holds a game.yaml, otherwise each sub-folder that does. A game whose id is
// already in db replaces it. prefix is put before paths in error messages.
func (db *DB) AddFS(fsys fs.FS, dir, prefix string) error {
	if dir == "" {
		dir = "."
	}
	if _, err := fs.Stat(fsys, path.Join(dir, "game.yaml")); err == nil {
		g, err := loadGame(fsys, dir, prefix)
		if err != nil {
			return err
		}
		db.games[g.ID] = g
		return nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return statErr(err, path.Join(dir, "game.yaml"), prefix)
	}
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return fmt.Errorf("reading %s%s: %w", prefix, dir, err)
	}
	var errs ErrorList
	// Games load in parallel (parsing YAML is most of the start-up time)
	// and join the database in folder order.
	var dirs []string
	for _, e := range entries {
		sub := path.Join(dir, e.Name())
		if !e.IsDir() {
			continue
		}
		if _, err := fs.Stat(fsys, path.Join(sub, "game.yaml")); errors.Is(err, fs.ErrNotExist) {
			continue
		} else if err != nil {
			return statErr(err, path.Join(sub, "game.yaml"), prefix)
		}
		dirs = append(dirs, sub)
	}
	found := len(dirs) > 0
	games := make([]*Game, len(dirs))
	gameErrs := make([]error, len(dirs))
	var wg sync.WaitGroup
	for i, sub := range dirs {
		wg.Go(func() { games[i], gameErrs[i] = loadGame(fsys, sub, prefix) })
	}
	wg.Wait()
	for i, err := range gameErrs {
		if err != nil {
			var l ErrorList
			if errors.As(err, &l) {
				errs = append(errs, l...)
				continue
			}
			return err
		}
		db.games[games[i].ID] = games[i]
	}
	if !found {
		if files, _ := fs.Glob(fsys, path.Join(dir, "cards", "*.y*ml")); len(files) > 0 {
			return db.addCardsFolder(fsys, dir, prefix, files)
		}
		where := strings.TrimSuffix(prefix+dir, "/.")
		if dir == "." {
			where = strings.TrimSuffix(prefix, "/")
		}
		return fmt.Errorf("%s: no game.yaml there nor in any folder below it", where)
	}
	return errs.Err()
}

// loadGame loads one game folder: game.yaml, cards/*.yaml and decks/*.
func loadGame(fsys fs.FS, dir, prefix string) (*Game, error) {
	gameFile := path.Join(dir, "game.yaml")
	data, err := readFS(fsys, gameFile, prefix)
	if err != nil {
		return nil, err
	}
	// A game.yaml with errors does not stop the folder's loading where
	// its cards can still be read: every problem of the folder is
	// reported in one pass (issue 35 item 6). What cannot be checked
	// without the broken part is said once.
	pg, err := parseGame(prefix+gameFile, data, ".")
	var errs ErrorList
	if err != nil {
		if pg.Game == nil || !errs.Append(err) {
			return nil, err
		}
		if !pg.typesOK {
			errs.Add(Pos{File: prefix + gameFile}, "the game's cards are not read until its types and factions read without error")
			return nil, errs.Err()
		}
		if !pg.playtestOK {
			errs.Add(Pos{File: prefix + gameFile}, "the cards' effects are not checked until the playtest block reads without error")
			pg.Playtest = nil
		}
	}
	g := pg.Game
	gfs, err := fs.Sub(fsys, dir)
	if err != nil {
		return nil, err
	}
	if f, ok := gfs.(*safefile.Folder); ok {
		gfs = f.Named("game folder") // "art ... leads outside its folder, the game folder "g""
	}
	g.FS = gfs
	g.Dir = strings.TrimSuffix(prefix, "/")
	if dir != "." {
		g.Dir = prefix + dir
	}
	if g.Back.Image != "" {
		g.Back.Image = path.Clean(g.Back.Image)
	}
	cardFiles, _ := fs.Glob(fsys, path.Join(dir, "cards", "*.y*ml"))
	for _, f := range cardFiles {
		data, err := readFS(fsys, f, prefix)
		if err == nil {
			err = ParseCards(prefix+f, data, path.Dir(strings.TrimPrefix(f, dir+"/")), g)
		}
		if err != nil && !appendErr(&errs, err) {
			return nil, err
		}
	}
	tablePrefix := prefix
	if dir != "." {
		tablePrefix = prefix + dir + "/"
	}
	errs = append(errs, g.loadTables(tablePrefix)...)
	deckFiles, _ := fs.ReadDir(fsys, path.Join(dir, "decks"))
	for _, e := range deckFiles {
		name := e.Name()
		if ext := path.Ext(name); !e.IsDir() && (ext == ".yaml" || ext == ".yml" || ext == ".txt") {
			g.Decks[strings.TrimSuffix(name, ext)] = path.Join("decks", name)
		}
	}
	errs = append(errs, g.unresolvedArt()...)
	errs = append(errs, g.check(prefix+gameFile)...)
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return g, nil
}

// appendErr is l.Append(err).
func appendErr(l *ErrorList, err error) bool { return l.Append(err) }

// statErr reports a file of a folder that is there but cannot be read
// (a link out of the folder, no permission).
func statErr(err error, name, prefix string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s%s: %w", prefix, path.Clean(name), err)
}

func readFS(fsys fs.FS, name, prefix string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is said once, with its prefix
		}
		return nil, fmt.Errorf("%s%s: %w", prefix, name, err)
	}
	defer f.Close()
	return ReadInput(prefix+name, f)
}

// check verifies what needs every card: card references, provisional
// field names and the cards variants remove.
func (g *Game) check(file string) ErrorList {
	var errs ErrorList
	sug := suggester{g: g}
	for _, c := range g.Cards {
		t := g.Type(c.Type)
		for _, f := range t.Fields {
			v, ok := c.Fields[f.Name]
			if !ok || f.Kind != KindCard {
				continue
			}
			ref := v.Ref
			switch {
			case ref == nil:
				errs.Add(v.Pos, "%s %q names %q in %q, but the game has no such card%s", t.Name, c.Name, v.Str, f.Name, didYouMean(sug.suggest(v.Str)))
			case f.CardType != "" && ref.Type != f.CardType:
				errs.Add(v.Pos, "%s %q names %q in %q, which is %s, not %s", t.Name, c.Name, v.Str, f.Name, Article(g.TypeName(ref.Type)), Article(g.TypeName(f.CardType)))
			}
		}
		for _, p := range c.Provisional {
			if t.Field(p) == nil && !contains(reservedCardKeys, p) && !contains(commonCardKeys, p) {
				errs.Add(c.Pos, "card %q lists %q as provisional, but %s has no such field", c.Name, p, Article(t.Name))
			}
		}
	}
	g.checkFormats(&errs)
	return append(errs, g.checkVariants()...)
}

// AddPath loads a user's own data from the file system: a game folder, a
// folder of game folders, a game.yaml, or a cards file whose game is already
// loaded (its cards are added to that game).
func (db *DB) AddPath(p string) error {
	st, err := os.Stat(p)
	if err != nil {
		return fmt.Errorf("--db %s: %w", p, err)
	}
	if st.IsDir() {
		folder, err := OpenFolder(p)
		if err != nil {
			return fmt.Errorf("--db %s: %w", p, err)
		}
		return db.AddFS(folder, ".", filepath.ToSlash(p)+"/")
	}
	dir, base := filepath.Split(p)
	if dir == "" {
		dir = "."
	}
	data, err := ReadFile(p)
	if err != nil {
		return err
	}
	prefix := filepath.ToSlash(dir)
	if prefix == "." {
		prefix = ""
	}
	if base == "game.yaml" {
		folder, err := OpenFolder(dir)
		if err != nil {
			return fmt.Errorf("--db %s: %w", p, err)
		}
		return db.AddFS(folder, ".", prefix)
	}
	// A cards file: find its game.
	root, err := parseYAML(p, data)
	if err != nil {
		return err
	}
	d := &decoder{file: p}
	pairs, _ := yamlmap.Pairs(d, root, "cards file")
	for _, pr := range pairs {
		if pr.Key == "game" {
			g, err := db.LookupGame(pr.V.Value)
			if err != nil {
				return &Error{Pos: d.pos(pr.V), Msg: err.Error()}
			}
			perr := ParseCards(p, data, ".", g)
			if l := g.unresolvedArt(); len(l) > 0 {
				appendErr(&l, perr)
				return l.Err()
			}
			return perr
		}
	}
	if err := d.errs.Err(); err != nil {
		return err
	}
	return &Error{Pos: Pos{File: p}, Msg: "not a game.yaml, a game folder or a cards file with game: ID"}
}
