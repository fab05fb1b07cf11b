package templates

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

	"github.com/deckwright/deckwright/cardsdb"
)

//go:embed data
var bundled embed.FS

// The names of the templates that are not for one card type.
const (
	// DefaultName is the template for any card of any game.
	DefaultName = "default"
	// LandscapeName is the default for landscape card types.
	LandscapeName = "default-landscape"
	// CardBackName draws a game's card back (cards without a second face).
	CardBackName = "card-back"
)

// topNames are the only templates a folder may hold at its top level;
// the others are GAME/TYPE.
var topNames = []string{DefaultName, LandscapeName, CardBackName}

// BundledFS returns the templates bundled with deckwright: default.yaml,
// default-landscape.yaml and card-back.yaml, and one folder per game.
func BundledFS() fs.FS {
	sub, err := fs.Sub(bundled, "data")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder
	}
	return sub
}

// Set is a collection of templates by name, with the lookup chain that
// finds the template for a card. Templates added later replace those of
// the same name, so a user's folder added over the bundled set overrides
// single templates and leaves the rest.
type Set struct {
	byName map[string]*Template
}

// NewSet returns an empty set.
func NewSet() *Set { return &Set{byName: map[string]*Template{}} }

// Source lays out the sides of cards as Set.Render does; *Set is one. The
// PDF writer, the face drawer, the exports, the web page and package
// changes each take a Source, so that a caller (or a test) can give its
// own. It must be safe to call from several goroutines at once, as a
// *Set is.
type Source interface {
	Render(card *cardsdb.Card, game *cardsdb.Game, size cardsdb.Size, side Side) (Layout, []Warning)
}

// sharedBundled is the bundled templates, loaded once (Bundled).
var sharedBundled = sync.OnceValues(LoadBundled)

// Bundled returns the bundled templates, loaded once and shared by every
// caller: what print, export, the web page and changes draw with when
// they are given no templates. It is a Source, not a *Set, so that
// nothing adds to the shared set; LoadBundled returns a set of one's own.
func Bundled() (Source, error) {
	s, err := sharedBundled()
	if err != nil {
		return nil, err
	}
	return s, nil
}

// LoadBundled returns a new set of the bundled templates.
func LoadBundled() (*Set, error) {
	s := NewSet()
	if err := s.AddFS(BundledFS(), bundledPrefix); err != nil {
		return nil, err
	}
	return s, nil
}

// Load returns the bundled templates with those of fsys over them. prefix
// is put before file names in messages (the folder the user gave, with a
// trailing slash).
func Load(fsys fs.FS, prefix string) (*Set, error) {
	s, err := LoadBundled()
	if err != nil {
		return nil, err
	}
	if err := s.AddFS(fsys, prefix); err != nil {
		return nil, err
	}
	return s, nil
}

// AddDir adds the templates of a folder on disk (see AddFS).
func (s *Set) AddDir(dir string) error {
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("templates %s: %w", dir, err)
	}
	if !st.IsDir() {
		return fmt.Errorf("templates %s: not a folder; give the folder that holds default.yaml or GAME/TYPE.yaml files", dir)
	}
	folder, err := cardsdb.OpenFolder(dir)
	if err != nil {
		return fmt.Errorf("templates %s: %w", dir, err)
	}
	return s.AddFS(folder, strings.TrimSuffix(filepath.ToSlash(dir), "/")+"/")
}

// AddFS reads every template of fsys into the set, replacing templates of
// the same name. A folder of templates holds default.yaml,
// default-landscape.yaml and card-back.yaml at its top, and GAME/TYPE.yaml
// (or GAME/default.yaml, GAME/default-landscape.yaml,
// GAME/card-back.yaml) below; .yml works too, other files are ignored.
// Every problem of every file is reported, as a cardsdb.ErrorList; when
// there is one, nothing is added.
func (s *Set) AddFS(fsys fs.FS, prefix string) error { return s.addFS(fsys, prefix, "") }

// AddFSFor adds the templates of a game folder's own templates/ folder,
// fsys, for the game gameID only: its default.yaml, card-back.yaml,
// default-landscape.yaml and TYPE.yaml at the top are that game's
// (GAME/default, GAME/TYPE), and GAME/TYPE.yaml below must name gameID.
// Otherwise it is AddFS.
func (s *Set) AddFSFor(fsys fs.FS, prefix, gameID string) error {
	return s.addFS(fsys, prefix, gameID)
}

func (s *Set) addFS(fsys fs.FS, prefix, game string) error {
	var errs cardsdb.ErrorList
	found := map[string]*Template{}
	err := fs.WalkDir(fsys, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("reading templates %s%s: %w", prefix, p, err)
		}
		base := e.Name()
		if p != "." && strings.HasPrefix(base, ".") {
			if e.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if e.IsDir() {
			if strings.Count(p, "/") >= 1 {
				// GAME/SUB: too deep to hold templates. Say so if it
				// holds YAML files, and do not walk further (the user
				// may have given a big folder by mistake).
				if n := countYAML(fsys, p); n > 0 {
					errs.Add(cardsdb.Pos{File: prefix + p}, "folder holds %s but is too deep to be used: templates go in GAME/TYPE.yaml", cardsdb.Plural(n, "YAML file"))
				}
				return fs.SkipDir
			}
			return nil
		}
		ext := path.Ext(base)
		if ext != ".yaml" && ext != ".yml" {
			return nil
		}
		file := prefix + p
		name := strings.TrimSuffix(p, ext)
		pos := cardsdb.Pos{File: file}
		if game != "" {
			if g, _, ok := strings.Cut(name, "/"); !ok {
				name = game + "/" + name
			} else if g != game {
				errs.Add(pos, "template %s in the templates folder of game %q is for another game; a game folder's templates are for its own game: put it in %s/", name, game, game)
				return nil
			}
		}
		if !strings.Contains(name, "/") && !contains(topNames, name) {
			errs.Add(pos, "template %q at the top of the folder would never be used: the top holds %s; put a template for one card type in GAME/TYPE%s", base, strings.Join(withExt(topNames), ", "), ext)
			return nil
		}
		if prev, dup := found[name]; dup {
			errs.Add(pos, "template %s is given twice (also in %s); keep one", name, prev.File)
			return nil
		}
		data, err := readFile(fsys, p, file)
		if err == nil {
			var t *Template
			if t, err = parseIn(fsys, file, name, data); err == nil {
				found[name] = t
				return nil
			}
		}
		if !errs.Append(err) {
			return err
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := errs.Err(); err != nil {
		return err
	}
	for n, t := range found {
		s.byName[n] = t
	}
	return nil
}

func countYAML(fsys fs.FS, dir string) int {
	entries, _ := fs.ReadDir(fsys, dir)
	n := 0
	for _, e := range entries {
		if ext := path.Ext(e.Name()); !e.IsDir() && (ext == ".yaml" || ext == ".yml") {
			n++
		}
	}
	return n
}

func withExt(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n + ".yaml"
	}
	return out
}

func readFile(fsys fs.FS, p, file string) ([]byte, error) {
	f, err := fsys.Open(p)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // file names the path already
		}
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	defer f.Close()
	return cardsdb.ReadInput(file, f)
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// bundledPrefix names the files of the bundled templates in messages.
const bundledPrefix = "bundled:templates/"

// bundled reports whether t is one of the bundled templates.
func (t *Template) bundled() bool { return strings.HasPrefix(t.File, bundledPrefix) }

// Template returns the template called name ("arkhtide/realm"), or nil.
func (s *Set) Template(name string) *Template { return s.byName[name] }

// Names lists the set's template names, sorted.
func (s *Set) Names() []string {
	out := make([]string, 0, len(s.byName))
	for n := range s.byName {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Chain lists the template names tried, in order, for a card type of a
// game: GAME/TYPE, GAME/default, default; for a landscape type
// GAME/TYPE, GAME/default-landscape, GAME/default, default-landscape,
// default; and for a game's card back (typeID "") GAME/card-back,
// card-back.
func Chain(gameID, typeID string, landscape bool) []string {
	g := gameID + "/"
	switch {
	case typeID == "":
		return []string{g + CardBackName, CardBackName}
	case landscape:
		return []string{g + typeID, g + LandscapeName, g + DefaultName, LandscapeName, DefaultName}
	}
	return []string{g + typeID, g + DefaultName, DefaultName}
}

// cardChain is the Chain for one card of a game: the chain of its own
// orientation (cardsdb.Game.Landscape). A card turned from its type's
// orientation by its own landscape key (a landscape card imported into a
// portrait type) skips GAME/TYPE, which is laid out for the type's.
func cardChain(game *cardsdb.Game, card *cardsdb.Card, typeID string) []string {
	if game == nil {
		return Chain("", typeID, false)
	}
	typeLand := false
	if t := game.Type(typeID); t != nil {
		typeLand = t.Landscape
	}
	land := typeLand
	if card != nil && card.Type == typeID {
		land = game.Landscape(card)
	}
	chain := Chain(game.ID, typeID, land)
	if land != typeLand {
		chain = chain[1:]
	}
	return chain
}

// Lookup returns the first template of the card's chain that the set
// holds, or nil: Chain for typeID, of card's own orientation when card is
// given (see cardsdb.Game.Landscape; a card whose own landscape key turns
// it from its type's orientation skips GAME/TYPE), else of the type's.
// typeID "" asks for the game's card back.
func (s *Set) Lookup(game *cardsdb.Game, card *cardsdb.Card, typeID string) *Template {
	for _, n := range cardChain(game, card, typeID) {
		if t := s.byName[n]; t != nil {
			return t
		}
	}
	return nil
}

// DesignedFile returns the file of the user's own template (a game
// folder's templates/, or --templates) that src draws the card's front
// with, "" when a bundled template draws it (a text proxy) or src has
// none: what Layout.Designed and Layout.TemplateFile will say, found
// without laying the card out.
func DesignedFile(src Source, game *cardsdb.Game, card *cardsdb.Card) string {
	s, ok := src.(*Set)
	if !ok || s == nil || card == nil {
		return ""
	}
	if t := s.Lookup(game, card, card.Type); t != nil && !t.bundled() {
		return t.File
	}
	return ""
}

// FaceSize returns the size a card is drawn at as it is read: the game's
// card size, turned to landscape for a landscape card (see
// cardsdb.Game.Landscape: an Arkhtide realm is 88×63 mm). card nil gives
// the game's card size.
func FaceSize(game *cardsdb.Game, card *cardsdb.Card) cardsdb.Size {
	if game == nil {
		return cardsdb.Size{}
	}
	s := game.CardSize
	if card != nil && game.Landscape(card) && s.H > s.W {
		s.W, s.H = s.H, s.W
	}
	return s
}

// Render finds the card's template (the card-back chain for a game's card
// back: card nil, or side Back of a card without a second face) and
// renders the side with it at size; a zero size means FaceSize. A set
// without a template for the card gives an empty face and a warning.
func (s *Set) Render(card *cardsdb.Card, game *cardsdb.Game, size cardsdb.Size, side Side) (Layout, []Warning) {
	if !(size.W > 0 && size.H > 0) {
		size = FaceSize(game, card)
	}
	typeID := ""
	if card != nil && (side == Front || card.Back != nil) {
		typeID = card.Type
	}
	t := s.Lookup(game, card, typeID)
	if t == nil {
		r := renderer{card: card, game: game}
		if side == Back && card != nil && card.Back == nil {
			r.card = nil
		}
		r.warn("", WarnNoTemplate, "no template for %s: the set has none of %s", r.cardName(), strings.Join(cardChain(game, card, typeID), ", "))
		return Layout{Size: size, Side: side}, r.warns
	}
	return t.Render(card, game, size, side)
}

// Check reports templates of the set that no game uses: a GAME folder
// that is no game of games, or a TYPE that is no type of its game, each
// with a suggestion. Templates for games not loaded are errors too, so
// check against every game the user may print. The bundled templates
// are not checked: they are for the bundled games, which a user may not
// have loaded (a print of one game of its own with --db).
func (s *Set) Check(games []*cardsdb.Game) error {
	var errs cardsdb.ErrorList
	byID := map[string]*cardsdb.Game{}
	var ids []string
	for _, g := range games {
		byID[g.ID] = g
		ids = append(ids, g.ID)
	}
	for _, n := range s.Names() {
		gameID, rest, ok := strings.Cut(n, "/")
		if !ok {
			continue
		}
		t := s.byName[n]
		if t.bundled() {
			continue
		}
		g := byID[gameID]
		if g == nil {
			errs.Add(t.pos, "template %s is for game %q, which is not loaded%s", n, gameID, didYouMean(cardsdb.Suggest(gameID, ids, 1)))
			continue
		}
		if contains(topNames, rest) || g.Type(rest) != nil {
			continue
		}
		var types []string
		for _, ct := range g.Types {
			types = append(types, ct.ID)
		}
		errs.Add(t.pos, "template %s is for card type %q, which %s does not have%s (its types: %s)", n, rest, g.Name, didYouMean(cardsdb.Suggest(rest, types, 1)), strings.Join(types, ", "))
	}
	return errs.Err()
}
