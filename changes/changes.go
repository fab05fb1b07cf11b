package changes

import (
	"crypto/sha256"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// Card is one card of a Diff: its name, and for a changed card the
// fields that changed, in a fixed order (name-like fields first, then the
// type's own fields by name).
type Card struct {
	Name   string   `json:"name"`
	Fields []string `json:"fields,omitempty"`
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

// Compare compares the cards of two versions of a game.
func Compare(old, new *cardsdb.Game) Diff {
	d := Diff{Added: []Card{}, Removed: []Card{}, Changed: []Card{}}
	olds := map[string]*cardsdb.Card{}
	for _, c := range old.Cards {
		olds[cardsdb.Fold(c.Name)] = c
	}
	news := map[string]bool{}
	h := &hasher{}
	for _, c := range new.Cards {
		k := cardsdb.Fold(c.Name)
		news[k] = true
		o := olds[k]
		if o == nil {
			d.Added = append(d.Added, Card{Name: c.Name, New: c})
			continue
		}
		if f := fields(old, o, new, c, h); len(f) > 0 {
			d.Changed = append(d.Changed, Card{Name: c.Name, Fields: f, Old: o, New: c})
		}
	}
	for _, c := range old.Cards {
		if !news[cardsdb.Fold(c.Name)] {
			d.Removed = append(d.Removed, Card{Name: c.Name, Old: c})
		}
	}
	return d
}

// fields lists the fields in which card a of game ga and card b of game
// gb differ.
func fields(ga *cardsdb.Game, a *cardsdb.Card, gb *cardsdb.Game, b *cardsdb.Card, h *hasher) []string {
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
	if a.Image != b.Image || (a.Image != "" && h.sum(ga, a.Image) != h.sum(gb, b.Image)) {
		out = append(out, "image")
	}
	diff("back", faceString(ga, a.Back, h), faceString(gb, b.Back, h))
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
			continue
		}
		// A field holding a picture (an art window's file) changes with
		// its file.
		if va.Kind == cardsdb.KindString && looksLikeImage(va.Str) && h.sum(ga, va.Str) != h.sum(gb, vb.Str) {
			out = append(out, n)
		}
	}
	return slices.Compact(out)
}

func provisional(c *cardsdb.Card) string {
	if c.AllProvisional {
		return "all"
	}
	return strings.Join(c.Provisional, ",")
}

func faceString(g *cardsdb.Game, f *cardsdb.Face, h *hasher) string {
	if f == nil {
		return ""
	}
	return f.Name + "\x00" + f.Text + "\x00" + f.Image + "\x00" + h.sum(g, f.Image)
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

func looksLikeImage(s string) bool {
	s = strings.ToLower(s)
	for _, ext := range []string{".png", ".jpg", ".jpeg", ".webp", ".gif", ".svg"} {
		if strings.HasSuffix(s, ext) {
			return true
		}
	}
	return false
}

// hasher hashes art files once each, looking for them where a card's
// image: or a template's card field would (the path, or beside the cards
// file).
type hasher struct {
	sums map[string]string
}

// sum returns the hash of a game's file p, or "" when it cannot be read.
func (h *hasher) sum(g *cardsdb.Game, p string) string {
	if g == nil || g.FS == nil || p == "" {
		return ""
	}
	k := g.Dir + "\x00" + p
	if s, ok := h.sums[k]; ok {
		return s
	}
	if h.sums == nil {
		h.sums = map[string]string{}
	}
	s := ""
	for _, q := range []string{p, "cards/" + p} {
		f, err := g.FS.Open(q)
		if err != nil {
			continue
		}
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			hs := sha256.New()
			if _, err := io.Copy(hs, io.LimitReader(f, maxArtBytes)); err == nil {
				s = fmt.Sprintf("%x", hs.Sum(nil))
			}
		}
		f.Close()
		if s != "" {
			break
		}
	}
	h.sums[k] = s
	return s
}
