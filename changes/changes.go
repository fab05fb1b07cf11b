package changes

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/templates"
)

// Card is one card of a Diff: its name, and for a changed card the
// fields that changed, in a fixed order (name-like fields first, then the
// type's own fields by name), and what else its face is drawn from that
// changed (see Fingerprint).
type Card struct {
	Name   string   `json:"name"`
	Fields []string `json:"fields,omitempty"`
	// Sources are the changes of the face that no field of the card
	// explains: "template templates/default.yaml", "image
	// templates/frames/ember.png", "font title", "icon icons/spark.png",
	// or "face" for a face laid out otherwise by the same files (a
	// faction renamed in game.yaml); "back: ..." for a double-faced
	// card's second face.
	Sources []string `json:"sources,omitempty"`
	// Old and New are the card in each version (nil where it has none).
	Old *cardsdb.Card `json:"-"`
	New *cardsdb.Card `json:"-"`
}

// Diff is what changed between two versions of a game's cards, each
// list in the new version's order (removed cards in the old one's).
type Diff struct {
	Added   []Card `json:"added"`
	Removed []Card `json:"removed"`
	Changed []Card `json:"changed"`
}

// Empty reports whether nothing changed.
func (d Diff) Empty() bool { return len(d.Added)+len(d.Removed)+len(d.Changed) == 0 }

// Touched returns the cards of the new version that were added or
// changed, by pointer: what to reprint.
func (d Diff) Touched() map[*cardsdb.Card]bool {
	out := map[*cardsdb.Card]bool{}
	for _, c := range d.Added {
		out[c.New] = true
	}
	for _, c := range d.Changed {
		out[c.New] = true
	}
	return out
}

// maxArtBytes is the most of an art file read to compare it.
const maxArtBytes = 128 << 20

// Compare compares the cards of two versions of a game, each with the
// templates its faces are drawn with (nil: the bundled ones): a card
// changed when one of its fields did or when anything its face is drawn
// from did (its Fingerprint: its art, its template, the images, fonts
// and icons the template draws for it, the game's settings as the face
// shows them).
func Compare(old, new *cardsdb.Game, oldT, newT templates.Source) (Diff, error) {
	d := Diff{Added: []Card{}, Removed: []Card{}, Changed: []Card{}}
	for _, t := range []*templates.Source{&oldT, &newT} {
		if *t == nil {
			set, err := templates.Bundled()
			if err != nil {
				return d, err
			}
			*t = set
		}
	}
	olds := map[string]*cardsdb.Card{}
	for _, c := range old.Cards {
		olds[cardsdb.Fold(c.Name)] = c
	}
	news := map[string]bool{}
	// One hasher a version: a file's path may be the same in both.
	oldH, newH := &hasher{}, &hasher{}
	for _, c := range new.Cards {
		k := cardsdb.Fold(c.Name)
		news[k] = true
		o := olds[k]
		if o == nil {
			d.Added = append(d.Added, Card{Name: c.Name, New: c})
			continue
		}
		f := fields(old, o, new, c)
		f, src := sourceChanges(oldH.fingerprint(old, o, oldT), newH.fingerprint(new, c, newT), c, f)
		if len(f)+len(src) > 0 {
			d.Changed = append(d.Changed, Card{Name: c.Name, Fields: f, Sources: src, Old: o, New: c})
		}
	}
	for _, c := range old.Cards {
		if !news[cardsdb.Fold(c.Name)] {
			d.Removed = append(d.Removed, Card{Name: c.Name, Old: c})
		}
	}
	return d, nil
}

// fields lists the fields in which card a of game ga and card b of game
// gb differ.
func fields(ga *cardsdb.Game, a *cardsdb.Card, gb *cardsdb.Game, b *cardsdb.Card) []string {
	var out []string
	diff := func(name string, x, y any) {
		if fmt.Sprint(x) != fmt.Sprint(y) {
			out = append(out, name)
		}
	}
	diff("name", a.Name, b.Name)
	diff("type", a.Type, b.Type)
	diff("faction", a.Factions, b.Factions)
	diff("text", a.Text, b.Text)
	diff("flavor", a.Flavor, b.Flavor)
	diff("copies", a.Copies, b.Copies)
	diff("deck_limit", a.DeckLimit, b.DeckLimit)
	diff("pack", a.Pack, b.Pack)
	diff("image", a.Image, b.Image)
	diff("back", faceString(a.Back), faceString(b.Back))
	diff("provisional", provisional(a), provisional(b))
	diff("sample", a.Sample, b.Sample)
	diff("tags", a.Tags, b.Tags)
	diff("icons", a.Icons, b.Icons)
	diff("unique", a.Unique, b.Unique)
	diff("traits", a.Traits, b.Traits)
	diff("alias", a.Alias, b.Alias)
	diff("subtitle", a.Subtitle, b.Subtitle)
	diff("illustrator", a.Illustrator, b.Illustrator)
	diff("set", a.Set, b.Set)
	diff("number", a.Number, b.Number)
	// The orientation it prints in: its own landscape key, else its type's.
	diff("landscape", ga.Landscape(a), gb.Landscape(b))
	var names []string
	for n := range a.Fields {
		names = append(names, n)
	}
	for n := range b.Fields {
		if _, ok := a.Fields[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		va, oka := a.Fields[n]
		vb, okb := b.Fields[n]
		if oka != okb || valueString(va) != valueString(vb) {
			out = append(out, n)
		}
	}
	return out
}

// sourceChanges adds to the changed fields of card c what changed between
// the fingerprints a (old) and b (new) that no changed field explains: a
// changed art file is its field ("image", or the field that names a
// layer's picture, "art"); a template, font or icon is a source; a
// layout that changed alone is "face".
func sourceChanges(a, b []Source, c *cardsdb.Card, fields []string) ([]string, []string) {
	olds := map[string]Source{}
	for _, s := range a {
		olds[s.key()] = s
	}
	news := map[string]bool{}
	var sources []string
	layout, layoutBack := false, false
	changed := func(s Source) {
		prefix := ""
		if s.Back {
			prefix = "back: "
		}
		switch s.Kind {
		case SourceLayout:
			if s.Back {
				layoutBack = true
			} else {
				layout = true
			}
		case SourceArt:
			if s.Back {
				fields = append(fields, "back")
			} else {
				fields = append(fields, "image")
			}
		case SourceImage:
			if f := fieldNaming(c, s.Name); f != "" && !s.Back {
				fields = append(fields, f)
				return
			}
			sources = append(sources, prefix+s.Kind+" "+s.Name)
		default:
			sources = append(sources, prefix+s.Kind+" "+s.Name)
		}
	}
	templateNow, artNow := map[bool]bool{}, map[bool]bool{}
	for _, s := range b {
		news[s.key()] = true
		if s.Kind == SourceTemplate {
			templateNow[s.Back] = true
		}
		if s.Kind == SourceArt && s.Sum != "" {
			artNow[s.Back] = true
		}
		if o, ok := olds[s.key()]; !ok || o.Sum != s.Sum {
			changed(s)
		}
	}
	for _, s := range a {
		// A template given up for another is named by the new one; what
		// a side was drawn from before it was printed from its art is
		// said by the art.
		if !news[s.key()] && !(s.Kind == SourceTemplate && templateNow[s.Back]) && !artNow[s.Back] {
			changed(s)
		}
	}
	fields, sources = uniq(fields), uniq(sources)
	// A layout that changed alone, on either side, is "face".
	front, back := false, slices.Contains(fields, "back")
	for _, f := range fields {
		front = front || f != "back"
	}
	for _, s := range sources {
		isBack := strings.HasPrefix(s, "back: ")
		front, back = front || !isBack, back || isBack
	}
	if layout && !front {
		sources = append(sources, "face")
	}
	if layoutBack && !back {
		sources = append(sources, "back: face")
	}
	return fields, sources
}

// uniq drops the repeats of a list, keeping its order.
func uniq(list []string) []string {
	var out []string
	for _, s := range list {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// fieldNaming returns the card's field whose value is the picture p (a
// path relative to the game's folder, found beside the card's file or at
// the game's top), "" for none.
func fieldNaming(c *cardsdb.Card, p string) string {
	names := make([]string, 0, len(c.Fields))
	for n := range c.Fields {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		v := c.Fields[n]
		if v.Kind != cardsdb.KindString || v.Str == "" {
			continue
		}
		q := path.Clean(strings.TrimPrefix(strings.TrimSpace(v.Str), "./"))
		if p == q || strings.HasSuffix(p, "/"+q) {
			return n
		}
	}
	return ""
}

func provisional(c *cardsdb.Card) string {
	if c.AllProvisional {
		return "all"
	}
	return strings.Join(c.Provisional, ",")
}

func faceString(f *cardsdb.Face) string {
	if f == nil {
		return ""
	}
	return f.Name + "\x00" + f.Text + "\x00" + f.Image
}

func valueString(v cardsdb.Value) string {
	switch v.Kind {
	case cardsdb.KindInt, cardsdb.KindCost:
		if v.X {
			return "X"
		}
		return strconv.Itoa(v.Int)
	case cardsdb.KindBool:
		return strconv.FormatBool(v.Bool)
	case cardsdb.KindList:
		return strings.Join(v.List, "\x00")
	}
	return v.Str
}
