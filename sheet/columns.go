package sheet

import (
	"fmt"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// The header: which key each column fills, by its name, its alias or the map.

// The keys every card has, as columns; a game's own fields come after.
var commonColumns = []string{"game", "name", "type", "faction", "copies", "deck_limit", "pack", "text", "flavor", "image", "back", "back_name", "back_text", "tags", "sample", "provisional"}

// column is what a column of the table fills.
type column struct {
	key   string // a common key or a field name; "" to skip
	field bool   // a field of some card type
}

// Aliases are the headers designers write for the common keys, beside the
// keys' own names: Squib, nanDECK and Game Crafter sheets say Title,
// Description, Quote, Art and Qty. A game's own field of the same name
// comes first.
var Aliases = map[string][]string{
	"name":        {"title", "card name", "card title", "cardname"},
	"text":        {"description", "desc", "rules", "rules text", "rule", "card text", "ability", "abilities", "body"},
	"flavor":      {"flavour", "flavor text", "flavour text", "quote", "lore"},
	"image":       {"art", "artwork", "picture", "pic", "illustration", "img", "image file", "art file", "images"},
	"copies":      {"qty", "quantity", "count", "amount", "copy", "nb", "number of copies", "num cards", "num copies"},
	"tags":        {"tag", "keywords tags"},
	"faction":     {"factions"},
	"back":        {"back image", "back art"},
	"illustrator": {"artist"},
}

// extraColumns are card keys a table may fill unless a type has a field
// of the name.
var extraColumns = []string{"subtitle", "illustrator", "landscape"}

// columns resolves the header against the game's keys.
func columns(t *Table, g *cardsdb.Game, opt Options, m map[string]string, errs *cardsdb.ErrorList) []column {
	known := map[string]column{}
	var names []string
	add := func(alias, key string, field bool) {
		k := cardsdb.Fold(alias)
		if _, ok := known[k]; !ok && k != "" {
			known[k] = column{key: key, field: field}
		}
	}
	for _, k := range commonColumns {
		add(k, k, false)
		names = append(names, k)
	}
	for _, ty := range g.Types {
		for _, f := range ty.Fields {
			if _, ok := known[cardsdb.Fold(f.Name)]; !ok {
				names = append(names, f.Name)
			}
			add(f.Name, f.Name, true)
		}
	}
	for _, k := range extraColumns {
		if _, ok := known[cardsdb.Fold(k)]; !ok {
			names = append(names, k)
		}
		add(k, k, false)
	}
	add(g.Factions.Label, "faction", false)
	add(g.Factions.Label+"s", "faction", false)
	for key, aliases := range Aliases {
		for _, a := range aliases {
			add(a, key, false)
		}
	}
	mapName := opt.MapName
	if mapName == "" {
		mapName = "--map"
	}
	mapPos := func(k string) cardsdb.Pos {
		if p, ok := opt.MapPos[k]; ok {
			return p
		}
		return t.Where()
	}
	used := map[string]bool{}
	for k, target := range m {
		if target == Skip {
			continue
		}
		c, ok := known[cardsdb.Fold(target)]
		if !ok {
			errs.Add(mapPos(k), "%s: %q is not a field of %s%s", mapName, target, g.Name, cardsdb.DidYouMean(cardsdb.Suggest(target, names, 1)))
			m[k] = Skip // reported once, here
			continue
		}
		m[k] = c.key
	}
	cols := make([]column, len(t.Header))
	first := map[string]int{}
	unknown := 0
	for i, h := range t.Header {
		k := cardsdb.Fold(h)
		pos := t.Pos(t.HeaderRow, i)
		c, ok := known[k]
		if target, mapped := m[k]; mapped {
			used[k] = true
			if target == Skip {
				continue
			}
			c, ok = known[cardsdb.Fold(target)]
		}
		switch {
		case k == "" && h == "":
			if hasData(t, i) {
				errs.Add(pos, "column %s has cells but no header; name it (or clear it)", ColumnName(i))
			}
			continue
		case !ok:
			if sug := cardsdb.Suggest(h, names, 1); len(sug) > 0 {
				errs.Add(pos, "unknown column %q%s (or skip it: %s)", h, cardsdb.DidYouMean(sug), mapExample(mapName, h, Skip))
			} else {
				unknown++
				errs.Add(pos, "unknown column %q; map it to a field (%s) or skip it (%s)", h, mapExample(mapName, h, "FIELD"), mapExample(mapName, h, Skip))
			}
			continue
		}
		if j, dup := first[c.key]; dup {
			if cardsdb.Fold(t.Header[j]) == k {
				errs.Add(pos, "column %q appears twice (columns %s and %s); rename or clear one", h, ColumnName(j), ColumnName(i))
			} else {
				errs.Add(pos, "column %q fills %q, as column %s does already; keep one", h, c.key, ColumnName(j))
			}
			continue
		}
		first[c.key] = i
		cols[i] = c
	}
	if unknown > 0 {
		// The list once, not once a column.
		errs.Add(cardsdb.Pos{File: t.File, Sheet: t.Sheet, Line: t.HeaderRow, Cell: true}, "%s cards have the columns %s", g.Name, strings.Join(names, ", "))
	}
	for k := range m {
		if !used[k] && !opt.MapUnused {
			errs.Add(mapPos(k), "%s: the table has no column %q", mapName, k)
		}
	}
	if _, ok := first["name"]; !ok && len(*errs) == 0 {
		errs.Add(t.Pos(t.HeaderRow, 0), "the header row has no \"name\" column; add one (or map a column to name)")
	}
	if _, ok := first["type"]; !ok && opt.Type == "" && len(g.Types) > 1 && len(*errs) == 0 {
		errs.Add(t.Pos(t.HeaderRow, 0), "the header row has no \"type\" column; %s has types %s, so each row must say which (or give the whole table a type)", g.Name, strings.Join(g.TypeIDs(), ", "))
	}
	return cols
}

func mapExample(mapName, header, target string) string {
	if mapName == "--map" {
		return fmt.Sprintf("--map %q", header+"="+target)
	}
	if target == Skip {
		target = `"-"`
	}
	return fmt.Sprintf("%s: {%q: %s}", mapName, header, target)
}

func hasData(t *Table, i int) bool {
	for _, r := range t.Rows {
		if strings.TrimSpace(r.Cells[i]) != "" {
			return true
		}
	}
	return false
}
