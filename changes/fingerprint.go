package changes

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/templates"
)

// The kinds of Source.
const (
	SourceArt      = "art"      // the card's own picture (image:), printed instead of a template face
	SourceTemplate = "template" // the template file the face is laid out by
	SourceImage    = "image"    // a picture an image layer of the template draws (a frame, an art window)
	SourceFont     = "font"     // a font of the template the face's text is set in
	SourceIcon     = "icon"     // the picture of an icon in the face's text
	SourceLayout   = "layout"   // the laid-out face: its text, boxes, colours and sizes
)

// Source is one thing a card's face is drawn from, with the SHA-256 of
// its bytes.
type Source struct {
	Kind string `json:"kind"`
	// Name is a file's path relative to the game's folder (a bundled or
	// --templates template as it is named in messages), a font's name, ""
	// for the layout.
	Name string `json:"name,omitempty"`
	// Back marks the sources of a double-faced card's second face.
	Back bool `json:"back,omitempty"`
	// Sum is the hash in hex; "" for a file that cannot be read.
	Sum string `json:"sum"`
}

func (s Source) key() string { return fmt.Sprint(s.Back, "\x00", s.Kind, "\x00", s.Name) }

// Fingerprint lists everything card c of game g is printed from, as
// print, export and serve draw it with the templates t (nil: the bundled
// ones): its art, read where the printer reads it, and when it has none
// (or it cannot be read) the face its template lays out: the template's
// file, every picture its image layers draw for this card (found as the
// face drawing finds them: beside the card's cards file or table first),
// its fonts, the pictures of the icons in its text, and the layout
// itself, which holds the card's fields and the game's settings as the
// face shows them (type and faction names, colours, card size). A
// double-faced card's second face is fingerprinted too (Source.Back), and
// for any other card the back it prints with: the game's back image or
// card-back template (also Source.Back).
//
// Two versions of a card print the same when their fingerprints are
// equal; Compare reports a card whose fingerprint changed.
func Fingerprint(g *cardsdb.Game, c *cardsdb.Card, t templates.Source) ([]Source, error) {
	if t == nil {
		set, err := templates.Bundled()
		if err != nil {
			return nil, err
		}
		t = set
	}
	return (&hasher{}).fingerprint(g, c, t), nil
}

func (h *hasher) fingerprint(g *cardsdb.Game, c *cardsdb.Card, t templates.Source) []Source {
	out := h.face(g, c, t, templates.Front, c.Image)
	var back []Source
	if c.Back != nil {
		back = h.face(g, c, t, templates.Back, c.Back.Image)
	} else {
		back = h.gameBack(g, c.Type, t)
	}
	for _, s := range back {
		s.Back = true
		out = append(out, s)
	}
	return out
}

// gameBack lists the sources of the back that cards of type typeID
// without a second face print with: the game's (or the type's) back
// image, else the card-back template's face, drawn as print draws it for
// any card of the type. A change of the back is a change of every such
// card's back. It is worked out once a type.
func (h *hasher) gameBack(g *cardsdb.Game, typeID string, t templates.Source) []Source {
	if s, ok := h.backs[typeID]; ok {
		return s
	}
	if h.backs == nil {
		h.backs = map[string][]Source{}
	}
	s := h.face(g, &cardsdb.Card{Type: typeID}, t, templates.Back, g.BackFor(typeID).Image)
	h.backs[typeID] = s
	return s
}

// face lists the sources of one side of a card whose art is image.
func (h *hasher) face(g *cardsdb.Game, c *cardsdb.Card, t templates.Source, side templates.Side, image string) []Source {
	var out []Source
	if image != "" {
		// The printer reads the art at its path in the game's files
		// (cardface.CardItem: Face.Image in Face.FS).
		sum := h.file(g.Dir, g.FS, image)
		out = append(out, Source{Kind: SourceArt, Name: image, Sum: sum})
		if sum != "" {
			return out // printed from its art, not from a template
		}
	}
	face, _ := t.Render(c, g, templates.FaceSize(g, c), side)
	tfile := relative(g, face.TemplateFile)
	if face.TemplateFile != "" {
		out = append(out, Source{Kind: SourceTemplate, Name: tfile, Sum: face.TemplateSum})
	}
	seen := map[string]bool{}
	add := func(s Source) {
		if k := s.key(); !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	for _, l := range face.Layers {
		if l.Kind != templates.LayerImage || l.Image == "" {
			continue
		}
		// Where the face drawing found the file: the templates folder or
		// the game's.
		name := l.Image
		dir := g.Dir
		if l.ImageInTemplates {
			name = path.Join(path.Dir(tfile), l.Image)
			dir = face.TemplateFile
		}
		add(Source{Kind: SourceImage, Name: name, Sum: h.file(dir, l.ImageFS, l.Image)})
	}
	var fonts []Source
	for n, data := range face.Fonts {
		name := n
		if file := face.FontFiles[n]; file != "" {
			name = path.Join(path.Dir(tfile), file)
		}
		fonts = append(fonts, Source{Kind: SourceFont, Name: name, Sum: fmt.Sprintf("%x", sha256.Sum256(data))})
	}
	sort.Slice(fonts, func(i, j int) bool { return fonts[i].Name < fonts[j].Name })
	for _, s := range fonts {
		add(s)
	}
	blocks := face.Blocks
	for _, l := range face.Layers {
		if l.Block != nil {
			blocks = append(blocks[:len(blocks):len(blocks)], *l.Block)
		}
	}
	for _, b := range blocks {
		for _, ln := range b.Lines {
			for _, r := range ln.Runs {
				if r.Icon != nil && r.Icon.Image != "" {
					add(Source{Kind: SourceIcon, Name: r.Icon.Image, Sum: h.file(g.Dir, g.FS, r.Icon.Image)})
				}
			}
		}
	}
	out = append(out, Source{Kind: SourceLayout, Sum: layoutSum(face)})
	return out
}

// relative names a template file relative to the game's folder when it is
// in it (a game's own templates/), else as it is named (bundled, or a
// --templates folder, the same for both versions of a game).
func relative(g *cardsdb.Game, file string) string {
	if g.Dir != "" {
		dir := path.Clean(filepath.ToSlash(g.Dir))
		if rest, ok := strings.CutPrefix(path.Clean(file), dir+"/"); ok {
			return rest
		}
	}
	return file
}

// layoutSum hashes what a face shows apart from the bytes of its files
// (hashed as their own sources): where those files are read from and
// where the face's definitions stand in their files are left out, so
// that the same face of two copies of a game folder has the same sum.
func layoutSum(f templates.Layout) string {
	// Fonts are named by their content in a PDF (Block.Font, Run.Font):
	// their sources say when they change.
	f.TemplateFile, f.TemplateSum, f.Fonts, f.FontFiles = "", "", nil, nil
	f.Layers = append([]templates.Layer(nil), f.Layers...)
	for i := range f.Layers {
		l := &f.Layers[i]
		l.ImageFS, l.ImageKey = nil, ""
		if l.Block != nil {
			b := cleanBlock(*l.Block)
			l.Block = &b
		}
	}
	f.Blocks = append([]templates.Block(nil), f.Blocks...)
	for i := range f.Blocks {
		f.Blocks[i] = cleanBlock(f.Blocks[i])
	}
	data, err := json.Marshal(f)
	if err != nil {
		return "" // cannot happen: a Face holds plain values
	}
	return fmt.Sprintf("%x", sha256.Sum256(data))
}

// cleanBlock copies b with its icons reduced to what the face shows of
// them (not where game.yaml defines them).
func cleanBlock(b templates.Block) templates.Block {
	b.Lines = append([]templates.Line(nil), b.Lines...)
	for i := range b.Lines {
		ln := &b.Lines[i]
		ln.Runs = append([]templates.Run(nil), ln.Runs...)
		for j := range ln.Runs {
			if ic := ln.Runs[j].Icon; ic != nil {
				ln.Runs[j].Icon = &cardsdb.IconDef{Name: ic.Name, Glyph: ic.Glyph, Image: ic.Image}
			}
		}
	}
	return b
}

// hasher hashes files once each, and the game's back once a card type.
type hasher struct {
	sums  map[string]string
	backs map[string][]Source // by card type
}

// file returns the hash of file p of fsys, found in the folder named dir
// (a cache key), or "" when it cannot be read.
func (h *hasher) file(dir string, fsys fs.FS, p string) string {
	if fsys == nil || p == "" {
		return ""
	}
	k := dir + "\x00" + p
	if s, ok := h.sums[k]; ok {
		return s
	}
	if h.sums == nil {
		h.sums = map[string]string{}
	}
	s := ""
	if f, err := fsys.Open(p); err == nil {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			hs := sha256.New()
			if _, err := io.Copy(hs, io.LimitReader(f, maxArtBytes)); err == nil {
				s = fmt.Sprintf("%x", hs.Sum(nil))
			}
		}
		f.Close()
	}
	h.sums[k] = s
	return s
}
