package cardsdb

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// ResolveBundled reads the deck bundled as ref ("GAME/NAME") and resolves
// it against its game: BundledDeck, GameOf and Resolve in one step.
func (db *DB) ResolveBundled(ref string) (*Deck, error) {
	l, err := db.BundledDeck(ref)
	if err != nil {
		return nil, err
	}
	g, err := db.GameOf(l)
	if err != nil {
		return nil, err
	}
	return Resolve(g, l)
}

// BundledDeck reads a deck bundled with a game, named "GAME/NAME" (e.g.
// "seeker-chronicles/cosmos").
func (db *DB) BundledDeck(ref string) (*DeckList, error) {
	gameID, name, ok := strings.Cut(ref, "/")
	if !ok {
		return nil, fmt.Errorf("bundled deck %q: want GAME/NAME, e.g. seeker-chronicles/cosmos", ref)
	}
	g, err := db.LookupGame(gameID)
	if err != nil {
		return nil, fmt.Errorf("bundled deck %q: %w", ref, err)
	}
	p, ok := g.Decks[name]
	if !ok {
		return nil, fmt.Errorf("no bundled deck %q%s (%s has %s)", ref, didYouMean(prefixAll(g.ID+"/", Suggest(name, g.DeckNames(), 1))), g.ID, deckList(g))
	}
	file := path.Join(g.Dir, p) // a path the user can open
	data, err := readFS(g.FS, p, strings.TrimSuffix(file, p))
	if err != nil {
		return nil, err
	}
	l, err := ParseDeck(file, data)
	if err != nil {
		return nil, err
	}
	if l.Game == "" {
		l.Game = g.ID
	}
	return l, nil
}

// DeckNames lists the game's bundled decks, sorted.
func (g *Game) DeckNames() []string {
	out := make([]string, 0, len(g.Decks))
	for n := range g.Decks {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func deckList(g *Game) string {
	names := prefixAll(g.ID+"/", g.DeckNames())
	if len(names) == 0 {
		return "no bundled decks"
	}
	return strings.Join(names, ", ")
}

func prefixAll(prefix string, list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = prefix + s
	}
	return out
}

// OpenDeck reads the deck named by arg: a file path (.yaml, .yml or .txt) or
// a bundled deck "GAME/NAME". A file that exists wins over a bundled deck of
// the same name. defaultGame fills in a list that names no game; without
// it, a deck file inside the folder of a loaded game (my-game/decks/x.txt
// with --db my-game) is of that game, and GameFolder says so.
func (db *DB) OpenDeck(arg, defaultGame string) (*DeckList, error) {
	var l *DeckList
	file := false // arg is a file, not a bundled deck
	st, err := os.Stat(arg)
	switch {
	case err == nil && st.IsDir():
		return nil, fmt.Errorf("%s: is a folder, not a deck file", arg)
	case err == nil:
		file = true
		data, rerr := ReadFile(arg)
		if rerr != nil {
			return nil, rerr
		}
		if l, err = ParseDeck(arg, data); err != nil {
			return nil, err
		}
	case errors.Is(err, fs.ErrNotExist) && strings.Count(arg, "/") == 1 && path.Ext(arg) == "":
		if l, err = db.BundledDeck(arg); err != nil {
			return nil, err
		}
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s: no such deck file (a bundled deck is written GAME/NAME, e.g. seeker-chronicles/cosmos)", arg)
	default:
		return nil, err
	}
	if l.Game == "" {
		l.Game = defaultGame
	}
	if l.Game == "" && file {
		if g := db.gameAround(arg); g != nil {
			l.Game, l.GameFolder = g.ID, g.Dir
		}
	}
	return l, nil
}

// gameAround returns the loaded game whose folder holds the file name (the
// innermost, when game folders nest), or nil.
func (db *DB) gameAround(name string) *Game {
	dir, err := filepath.Abs(filepath.Dir(name))
	if err != nil {
		return nil
	}
	var best *Game
	bestLen := -1
	for _, g := range db.Games() {
		if strings.HasPrefix(g.Dir, "bundled:") {
			continue
		}
		gd, err := filepath.Abs(filepath.FromSlash(cmp.Or(g.Dir, ".")))
		if err != nil {
			continue
		}
		rel, err := filepath.Rel(gd, dir)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		if len(gd) > bestLen {
			best, bestLen = g, len(gd)
		}
	}
	return best
}

// gameFolderAround returns the nearest folder above the file name (up to
// four levels) that holds a game.yaml, or "".
func gameFolderAround(name string) string {
	if st, err := os.Stat(name); name == "" || name == StdinName || err != nil || !st.Mode().IsRegular() {
		return ""
	}
	dir, err := filepath.Abs(filepath.Dir(name))
	if err != nil {
		return ""
	}
	for range 4 {
		if st, err := os.Stat(filepath.Join(dir, "game.yaml")); err == nil && st.Mode().IsRegular() {
			if wd, err := os.Getwd(); err == nil {
				if rel, err := filepath.Rel(wd, dir); err == nil {
					dir = rel
				}
			}
			return filepath.ToSlash(dir)
		}
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return ""
}

// StdinName names a deck read from standard input, or from a text with
// no file name (a web page's request body), in positions and reports.
const StdinName = "<stdin>"

// ReadDeck reads a deck that has no file name to choose its format by:
// standard input (validate -, print -) or a web page's request body. It is
// the one way deckwright reads such a deck: the whole input up to
// MaxFileSize, refused when empty, binary or not UTF-8 (ReadInput); a YAML
// deck when IsYAMLDeck says so, a plain-text decklist otherwise
// (ParseDeckData); and defaultGame for a deck that names no game (a game
// the deck names wins, as with OpenDeck). name names the deck in positions
// and errors (StdinName when ""); a nil r reads as empty input.
func ReadDeck(name string, r io.Reader, defaultGame string) (*DeckList, error) {
	if name == "" {
		name = StdinName
	}
	if r == nil {
		r = strings.NewReader("")
	}
	data, err := ReadInput(name, r)
	if err != nil {
		return nil, err
	}
	l, err := ParseDeckData(name, data)
	if err != nil {
		return nil, err
	}
	if l.Game == "" {
		l.Game = defaultGame
	}
	return l, nil
}

// GameOf returns the game a deck list is for, with an error that points at
// the list's game line when the game is unknown or missing.
func (db *DB) GameOf(l *DeckList) (*Game, error) {
	if l.Game == "" {
		msg := "deck names no game; add a line \"game: ID\" (one of " + joinSome(db.GameIDs()) + ") or pass --game"
		// A deck file in a game folder not loaded: say which (loaded, its
		// game would be the deck's; a deck read otherwise, from a web
		// page, is no file of the folder).
		if dir := gameFolderAround(l.File); dir != "" && db.gameAround(l.File) == nil {
			msg += "; it lies in the game folder " + strconv.Quote(dir) + ", whose game it takes when that folder is loaded (--db " + dir + ")"
		}
		return nil, &Error{Pos: Pos{File: l.File}, Msg: msg}
	}
	g, err := db.LookupGame(l.Game)
	if err != nil {
		pos := l.GamePos
		if pos.File == "" {
			pos.File = l.File
		}
		return nil, &Error{Pos: pos, Msg: err.Error()}
	}
	return g, nil
}
