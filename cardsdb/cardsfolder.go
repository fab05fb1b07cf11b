package cardsdb

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/internal/yamlmap"
)

// A cards folder is a folder without a game.yaml that holds cards/*.yaml
// for games already loaded, and the images they name (what `deckwright
// import pnp` writes). Loading it with --db adds its cards to their games;
// its image paths stay relative to the folder, which is mounted into the
// game's FS under a name of its own ("@" and the folder's name), so that
// two folders never mix up their files.

// artEntry is one entry of a cards file's art: list, waiting for its card.
type artEntry struct {
	name, image string
	back        *Face
	landscape   *bool // the image lies landscape (or not): the card's orientation
	pos         Pos
}

// mountFS is a game's FS with other folders mounted at top-level names.
type mountFS struct {
	base   fs.FS
	mounts map[string]fs.FS
}

func (m *mountFS) Open(name string) (fs.File, error) {
	if top, rest, ok := strings.Cut(name, "/"); ok {
		if sub, ok := m.mounts[top]; ok {
			return sub.Open(rest)
		}
	}
	return m.base.Open(name)
}

// mount makes sub readable in g.FS under a new top-level name derived from
// hint and returns that name.
func (g *Game) mount(sub fs.FS, hint string) string {
	m, ok := g.FS.(*mountFS)
	if !ok {
		m = &mountFS{base: g.FS, mounts: map[string]fs.FS{}}
		g.FS = m
	}
	base := "@" + strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r < ' ' {
			return '-'
		}
		return r
	}, hint)
	if base == "@" || base == "@." || base == "@.." {
		base = "@cards"
	}
	name := base
	for i := 2; ; i++ {
		if _, taken := m.mounts[name]; !taken {
			break
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
	m.mounts[name] = sub
	return name
}

// addCardsFolder loads the cards files of a cards folder at dir into the
// games they name.
func (db *DB) addCardsFolder(fsys fs.FS, dir, prefix string, files []string) error {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		return err
	}
	hint := path.Base(strings.TrimSuffix(prefix+dir, "/."))
	if dir == "." {
		hint = path.Base(strings.TrimSuffix(prefix, "/"))
	}
	mounted := map[string]string{} // game id: mount name
	var errs ErrorList
	var games []*Game
	for _, f := range files {
		data, err := readFS(fsys, f, prefix)
		if err != nil {
			return err
		}
		id, err := cardsFileGame(prefix+f, data)
		if err != nil {
			if !appendErr(&errs, err) {
				return err
			}
			continue
		}
		g, err := db.LookupGame(id)
		if err != nil {
			errs.Add(Pos{File: prefix + f}, "%v; load the game first (put its --db before this one)", err)
			continue
		}
		m, ok := mounted[g.ID]
		if !ok {
			m = g.mount(sub, hint)
			mounted[g.ID] = m
			games = append(games, g)
		}
		rel := path.Dir(strings.TrimPrefix(f, dir+"/"))
		if dir == "." {
			rel = path.Dir(f)
		}
		if err := ParseCards(prefix+f, data, path.Join(m, rel), g); err != nil && !appendErr(&errs, err) {
			return err
		}
	}
	for _, g := range games {
		errs = append(errs, g.unresolvedArt()...)
		errs = append(errs, g.check(prefix+dir)...)
	}
	return errs.Err()
}

// cardsFileGame reads the game: key of a cards file.
func cardsFileGame(file string, data []byte) (string, error) {
	if err := CheckText(file, data); err != nil {
		return "", err
	}
	root, err := parseYAML(file, data)
	if err != nil {
		return "", err
	}
	d := &decoder{file: file}
	pairs, _ := yamlmap.Pairs(d, root, "cards file")
	for _, p := range pairs {
		if p.Key == "game" {
			return d.str(p.V, "game"), d.errs.Err()
		}
	}
	if err := d.errs.Err(); err != nil {
		return "", err
	}
	return "", &Error{Pos: d.pos(root), Msg: "cards file has no \"game\"; a cards folder's files must name a loaded game"}
}

// defaultBack reads a cards file's back: the game's default back, which it
// replaces (a cards folder that brings the publisher's back).
func (d *decoder) defaultBack(n *yaml.Node, old Back) Back {
	b := old
	d.back(n, &b)
	return b
}

var artKeys = newKeys("art entry", []key[*artEntry]{
	{"name", func(d *decoder, v *yaml.Node, e *artEntry) { e.name = d.name(v, "card name") }},
	{"image", func(d *decoder, v *yaml.Node, e *artEntry) { e.image = d.imagePath(v) }},
	{"back", func(d *decoder, v *yaml.Node, e *artEntry) { e.back = d.face(v) }},
	{"landscape", func(d *decoder, v *yaml.Node, e *artEntry) { e.landscape = d.boolPtr(v, "landscape") }},
})

// art reads a cards file's art: list (images for cards the game defines
// elsewhere) and queues its entries on g.
func (d *decoder) art(n *yaml.Node, g *Game) {
	items, _ := d.list(n, "art must be a list")
	for _, item := range items {
		e := artEntry{pos: d.pos(item)}
		if _, ok := artKeys.Decode(d, item, &e); !ok {
			continue
		}
		if e.name == "" {
			d.errorf(item, "art entry has no name; add name: (a card of %s)", g.ID)
			continue
		}
		g.art = append(g.art, e)
	}
}

// applyArt gives the queued art entries to the cards they name, keeping
// those whose card is not loaded yet.
func (g *Game) applyArt() {
	keep := g.art[:0]
	for _, e := range g.art {
		c := g.Card(e.name)
		if c == nil {
			keep = append(keep, e)
			continue
		}
		if e.image != "" {
			c.Image = e.image
		}
		if e.landscape != nil {
			c.Landscape = e.landscape
		}
		if e.back != nil {
			if c.Back == nil {
				c.Back = &Face{}
			}
			if e.back.Image != "" {
				c.Back.Image = e.back.Image
			}
			if e.back.Name != "" {
				c.Back.Name = e.back.Name
			}
			if e.back.Text != "" {
				c.Back.Text = e.back.Text
			}
		}
	}
	g.art = keep
}

// unresolvedArt reports the art entries that name no card of the game.
func (g *Game) unresolvedArt() ErrorList {
	g.applyArt()
	var errs ErrorList
	for _, e := range g.art {
		errs.Add(e.pos, "art for %q, but %s has no such card%s", e.name, g.Name, didYouMean(g.Suggest(e.name)))
	}
	g.art = nil
	return errs
}
