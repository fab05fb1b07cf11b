package serve

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"sort"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// diffRow is one card whose count differs between two decks.
type diffRow struct {
	Name    string
	Section string
	A, B    int
	Delta   int // B − A
}

// deckDiff is what changes from deck A to deck B: the cards in (more
// copies in B), the cards out (fewer), and the totals.
type deckDiff struct {
	A, B           string // the decks' names
	In, Out        []diffRow
	Same           int // cards with the same count in both
	TotalA, TotalB int
	TextA, TextB   string
	Errors         []string
}

// countsOf counts a deck's cards by name (companions and cards the game
// adds by itself left out: they follow from the others).
func countsOf(g *cardsdb.Game, text string) (map[string]int, map[string]string, int, error) {
	list, err := parseForEdit(text, cardsdb.IsYAMLDeck([]byte(text)))
	if err != nil {
		return nil, nil, 0, err
	}
	counts, secs := map[string]int{}, map[string]string{}
	total := 0
	for _, e := range list.Entries {
		name := e.Name
		sec := e.Section
		if c := g.Card(e.Name); c != nil {
			name = c.Name
			if s := g.SectionByName(e.Section); s != nil {
				sec = s.Name
			} else if s := g.SectionFor(c.Type); s != nil {
				sec = s.Name
			}
		}
		counts[name] += e.Count
		secs[name] = sec
		total += e.Count
	}
	return counts, secs, total, nil
}

// diffDecks compares two decks of a game card by card.
func diffDecks(g *cardsdb.Game, nameA, textA, nameB, textB string) deckDiff {
	d := deckDiff{A: nameA, B: nameB, TextA: textA, TextB: textB}
	ca, sa, ta, err := countsOf(g, textA)
	if err != nil {
		d.Errors = append(d.Errors, nameA+": "+firstLines(err.Error(), 2))
	}
	cb, sb, tb, err := countsOf(g, textB)
	if err != nil {
		d.Errors = append(d.Errors, nameB+": "+firstLines(err.Error(), 2))
	}
	if d.Errors != nil {
		return d
	}
	d.TotalA, d.TotalB = ta, tb
	names := map[string]bool{}
	for n := range ca {
		names[n] = true
	}
	for n := range cb {
		names[n] = true
	}
	for n := range names {
		row := diffRow{Name: n, A: ca[n], B: cb[n], Delta: cb[n] - ca[n], Section: sb[n]}
		if row.Section == "" {
			row.Section = sa[n]
		}
		switch {
		case row.Delta > 0:
			d.In = append(d.In, row)
		case row.Delta < 0:
			d.Out = append(d.Out, row)
		default:
			d.Same++
		}
	}
	byName := func(rows []diffRow) {
		sort.Slice(rows, func(i, j int) bool {
			if rows[i].Section != rows[j].Section {
				return rows[i].Section < rows[j].Section
			}
			return rows[i].Name < rows[j].Name
		})
	}
	byName(d.In)
	byName(d.Out)
	return d
}

// diffPartial compares the texts a and b of a form (the conflict panel:
// yours and the saved one).
func (s *Server) diffPartial(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, http.StatusBadRequest, badRequest("%v", err))
		return
	}
	a, b := r.PostForm.Get("a"), r.PostForm.Get("b")
	g, err := s.editGame(r, []byte(a))
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	na, nb := r.PostForm.Get("name_a"), r.PostForm.Get("name_b")
	if na == "" {
		na = "A"
	}
	if nb == "" {
		nb = "B"
	}
	s.partial(w, r, "diff", diffDecks(g, na, a, nb, b))
}

// diffData is the compare page: two pickers and their difference.
type diffData struct {
	Options []diffOption
	A, B    string
	Diff    *deckDiff
}

// diffOption is a deck or version the compare page can pick.
type diffOption struct {
	Value, Label string
}

// diffText reads what a compare-page value names: a saved deck NAME, an
// earlier version NAME@ID, or a bundled deck GAME/NAME.
func (s *Server) diffText(v string) (string, string, error) {
	if name, id, ok := strings.Cut(v, "@"); ok {
		data, err := s.decks.readVersion(name, id)
		return string(data), gameLine(string(data)), err
	}
	if strings.Count(v, "/") == 1 {
		game, deck, _ := strings.Cut(v, "/")
		g, err := s.cfg.DB.LookupGame(game)
		if err != nil {
			return "", "", err
		}
		p, ok := g.Decks[deck]
		if !ok {
			return "", "", fmt.Errorf("no bundled deck %q", v)
		}
		data, err := readGameFile(g, p)
		return string(data), game, err
	}
	data, err := s.decks.read(v)
	return string(data), gameLine(string(data)), err
}

// diffPage compares two decks or versions side by side: /diff?a=&b=.
func (s *Server) diffPage(w http.ResponseWriter, r *http.Request) {
	d := diffData{A: r.FormValue("a"), B: r.FormValue("b")}
	names, err := s.decks.list()
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	for _, n := range names {
		d.Options = append(d.Options, diffOption{n, n + " (saved)"})
		if vs, err := s.decks.history(n); err == nil {
			for _, v := range vs {
				d.Options = append(d.Options, diffOption{n + "@" + v.ID, n + " as of " + v.Saved.Local().Format("2006-01-02 15:04:05")})
			}
		}
	}
	for _, g := range s.games {
		for _, b := range g.Decks {
			d.Options = append(d.Options, diffOption{b, b + " (bundled)"})
		}
	}
	if d.A != "" && d.B != "" {
		ta, ga, err := s.diffText(d.A)
		if err == nil {
			var tb string
			tb, _, err = s.diffText(d.B)
			if err == nil {
				if ga == "" {
					ga = gameLine(tb)
				}
				var g *cardsdb.Game
				if g, err = s.cfg.DB.LookupGame(ga); err == nil {
					dd := diffDecks(g, d.A, ta, d.B, tb)
					d.Diff = &dd
				}
			}
		}
		if err != nil {
			d.Diff = &deckDiff{A: d.A, B: d.B, Errors: []string{err.Error()}}
		}
	}
	s.render(w, r, "diff", "Compare decks", d)
}

// readGameFile reads a file of a game's folder (a bundled deck).
func readGameFile(g *cardsdb.Game, p string) ([]byte, error) {
	if g.FS == nil {
		return nil, errors.New("the game has no files")
	}
	return fs.ReadFile(g.FS, p)
}
