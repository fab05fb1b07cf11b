package sheet

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/cardsdb"
)

// Sep separates the items of a list cell: "cosmos | order"
// (cardsdb.CellSep).
const Sep = cardsdb.CellSep

// typeOf finds a card type by id or name, ignoring case and accents.
func typeOf(g *cardsdb.Game, s string) *cardsdb.CardType {
	for _, ty := range g.Types {
		if cardsdb.Fold(ty.ID) == cardsdb.Fold(s) || cardsdb.Fold(ty.Name) == cardsdb.Fold(s) {
			return ty
		}
	}
	return nil
}

// Cards turns a table into the cards of game g. Every problem is reported,
// each at its FILE:ROW:COLUMN, as a cardsdb.ErrorList.
func Cards(t *Table, g *cardsdb.Game, opt Options) (*File, error) {
	var errs cardsdb.ErrorList
	m := map[string]string{}
	for k, v := range opt.Map {
		m[k] = v
	}
	var tableType *cardsdb.CardType
	if opt.Type != "" {
		if tableType = typeOf(g, opt.Type); tableType == nil {
			where := opt.TypePos
			if where.File == "" {
				where = t.Where()
			}
			ids := g.TypeIDs()
			errs.Add(where, "unknown card type %q for the table; %s has types %s%s", opt.Type, g.Name, strings.Join(ids, ", "), cardsdb.DidYouMean(cardsdb.Suggest(opt.Type, ids, 1)))
		}
	}
	cols := columns(t, g, opt, m, &errs)
	if len(errs) > 0 {
		return nil, errs.Err()
	}
	at := map[string]int{}
	for i, c := range cols {
		if c.key != "" {
			at[c.key] = i
		}
	}
	r := &rowReader{t: t, g: g, cols: cols, at: at, errs: &errs, tableType: tableType, image: opt.Image, laterCards: opt.LaterCards}
	// The names first: card fields may name a card of a later row.
	r.types = map[string]string{}
	for _, c := range g.Cards {
		r.types[c.Key] = c.Type
	}
	seen := map[string]int{}
	f := &File{Game: g.ID}
	for i, h := range t.Header {
		key := cols[i].key
		if key == "" {
			key = Skip
		}
		f.Columns = append(f.Columns, cardsdb.TableColumn{Header: h, Field: key, Pos: t.Pos(t.HeaderRow, i)})
	}
	for _, row := range t.Rows {
		name := r.cell(row, "name")
		k := cardsdb.Fold(name)
		switch {
		case name == "":
		case k == "":
			errs.Add(r.pos(row, "name"), "card name %q has no letters or digits", name)
		case seen[k] > 0:
			errs.Add(r.pos(row, "name"), "card %q is in row %d already; card names must be unique in a game", name, seen[k])
		case opt.Loaded && g.Card(name) != nil:
			errs.Add(r.pos(row, "name"), "%s has a card %q already (at %s)", g.Name, name, g.Card(name).Pos)
		default:
			seen[k] = row.N
			if typ := r.cardType(row, false); typ != nil {
				r.types[k] = typ.ID
			}
		}
	}
	for _, row := range t.Rows {
		if n := r.card(row); n != nil {
			f.Cards = append(f.Cards, n)
		}
	}
	return f, errs.Err()
}

type rowReader struct {
	t          *Table
	tableType  *cardsdb.CardType // every row's type, or nil
	image      func(string) string
	laterCards bool
	g          *cardsdb.Game
	cols       []column
	at         map[string]int
	errs       *cardsdb.ErrorList
	types      map[string]string // folded card name -> type id
}

func (r *rowReader) cell(row Row, key string) string {
	i, ok := r.at[key]
	if !ok {
		return ""
	}
	return strings.TrimSpace(strings.ReplaceAll(row.Cells[i], "\r\n", "\n"))
}

// text reads a cell of text: "%n" (the line break of Squib and The Game
// Crafter sheets) is a line break, as a line break in the cell is.
func (r *rowReader) text(row Row, key string) string {
	return strings.TrimSpace(strings.ReplaceAll(r.cell(row, key), "%n", "\n"))
}

func (r *rowReader) pos(row Row, key string) cardsdb.Pos {
	i, ok := r.at[key]
	if !ok {
		return cardsdb.Pos{File: r.t.File, Line: row.N}
	}
	return r.t.Pos(row.N, i)
}

// cardType returns the row's type; report says whether to report a
// problem (the first pass does not).
func (r *rowReader) cardType(row Row, report bool) *cardsdb.CardType {
	s := r.cell(row, "type")
	if r.tableType != nil {
		if s == "" || typeOf(r.g, s) == r.tableType {
			return r.tableType
		}
		if report {
			r.errs.Add(r.pos(row, "type"), "the row's type is %q, but the table's cards are all %s; map the column to a field or skip it", s, r.tableType.ID)
		}
		return nil
	}
	if _, ok := r.at["type"]; !ok && len(r.g.Types) == 1 {
		return r.g.Types[0]
	}
	if s == "" {
		if report {
			r.errs.Add(r.pos(row, "type"), "card %q has no type; %s has types %s", r.cell(row, "name"), r.g.Name, strings.Join(r.g.TypeIDs(), ", "))
		}
		return nil
	}
	if ty := typeOf(r.g, s); ty != nil {
		return ty
	}
	if report {
		ids := r.g.TypeIDs()
		r.errs.Add(r.pos(row, "type"), "unknown card type %q; %s has types %s%s", s, r.g.Name, strings.Join(ids, ", "), cardsdb.DidYouMean(cardsdb.Suggest(s, ids, 1)))
	}
	return nil
}

// card reads one row into a card mapping, or nil after reporting why not.
func (r *rowReader) card(row Row) *yaml.Node {
	before := len(*r.errs)
	name := r.cell(row, "name")
	if name == "" {
		r.errs.Add(r.pos(row, "name"), "row %d has no card name", row.N)
		return nil
	}
	for _, key := range []string{"name", "type", "faction", "copies", "deck_limit", "pack", "image", "back", "back_name", "tags", "sample", "provisional", "game", "subtitle", "illustrator"} {
		if strings.ContainsAny(r.cell(row, key), "\r\n") {
			r.errs.Add(r.pos(row, key), "%s must be one line", key)
		}
	}
	if len(*r.errs) > before {
		return nil
	}
	if id := r.cell(row, "game"); id != "" && id != r.g.ID {
		r.errs.Add(r.pos(row, "game"), "the row is for game %q, but the cards are for %q", id, r.g.ID)
	}
	typ := r.cardType(row, true)
	if typ == nil {
		return nil
	}
	n := &yaml.Node{Kind: yaml.MappingNode}
	// Each value sits at its cell, for the messages of whoever decodes
	// the card (cardsdb.AddCardNodes); the card at its row.
	n.Line, n.Column = row.N, 1
	if i, ok := r.at["name"]; ok {
		n.Column = i + 1
	}
	put := func(k string, v *yaml.Node) {
		key := str(k)
		if i, ok := r.at[k]; ok {
			setPos(v, row.N, i+1)
		} else {
			setPos(v, row.N, 0)
		}
		key.Line, key.Column = v.Line, v.Column
		n.Content = append(n.Content, key, v)
	}
	put("name", str(name))
	put("type", str(typ.ID))
	if s := r.cell(row, "faction"); s != "" {
		var ids []string
		for _, item := range cardsdb.SplitCell(s) {
			id := r.faction(item)
			if id == "" {
				all := r.g.Factions.IDs()
				r.errs.Add(r.pos(row, "faction"), "unknown %s %q; %s has %s%s", strings.ToLower(r.g.Factions.Label), item, r.g.Name, strings.Join(all, ", "), cardsdb.DidYouMean(cardsdb.Suggest(item, all, 1)))
				continue
			}
			ids = append(ids, id)
		}
		if len(ids) == 1 {
			put("faction", str(ids[0]))
		} else if len(ids) > 1 {
			put("faction", strList(ids))
		}
	}
	for _, key := range []string{"copies", "deck_limit"} {
		if s := r.cell(row, key); s != "" {
			// No copies (0) is a card of the design not in the box yet
			// (PyCard and cards.py skip it), as in a cards file.
			least := 0
			if key == "deck_limit" {
				least = 1
			}
			x, err := strconv.Atoi(s)
			if err != nil || x < least || x > 999 {
				r.errs.Add(r.pos(row, key), "%s must be a whole number from %d to 999, found %q", key, least, s)
				continue
			}
			put(key, intNode(x))
		}
	}
	if s := r.cell(row, "pack"); s != "" {
		if len(r.g.Packs) == 0 {
			put("pack", str(s))
		} else if p := r.g.Pack(s); p != nil {
			put("pack", str(p.ID))
		} else {
			r.errs.Add(r.pos(row, "pack"), "unknown pack %q; %s has packs %s%s", s, r.g.Name, strings.Join(r.g.PackNames(), ", "), cardsdb.DidYouMean(r.g.SuggestPack(s)))
		}
	}
	for i, c := range r.cols {
		if !c.field {
			continue
		}
		s := r.cell(row, c.key)
		if s == "" {
			continue
		}
		if typ.Field(c.key) == nil {
			r.errs.Add(r.t.Pos(row.N, i), "%s has no %q; clear the cell (the %s column is for %s)", cardsdb.Article(typ.Name), r.t.Header[i], r.t.Header[i], typesWith(r.g, c.key))
		}
	}
	// Fields in the order the game declares them, whatever the columns'.
	for _, f := range typ.Fields {
		i, ok := r.at[f.Name]
		if s := r.cell(row, f.Name); ok && s != "" {
			if v := r.value(row, i, f, s); v != nil {
				put(f.Name, v)
			}
		}
	}
	for _, f := range typ.Fields {
		if f.Required && r.cell(row, f.Name) == "" {
			r.errs.Add(r.pos(row, f.Name), "%s", typ.MissingField(name, f))
		}
	}
	for _, key := range []string{"text", "flavor"} {
		if s := r.text(row, key); s != "" {
			put(key, str(s))
		}
	}
	for _, key := range []string{"image", "subtitle", "illustrator"} {
		if s := r.cell(row, key); s != "" {
			if key == "image" && r.image != nil {
				s = r.image(s)
			}
			put(key, str(s))
		}
	}
	if back := r.back(row); back != nil {
		put("back", back)
	}
	if s := r.cell(row, "tags"); s != "" {
		put("tags", strList(cardsdb.SplitCell(s)))
	}
	if s := r.cell(row, "sample"); s != "" {
		if b, ok := r.bool(row, "sample", s); ok && b {
			put("sample", boolNode(true))
		}
	}
	// The card's own orientation, unless a type's field takes the column:
	// "no" differs from an empty cell (the type's orientation).
	if i, ok := r.at["landscape"]; ok && !r.cols[i].field {
		if s := r.cell(row, "landscape"); s != "" {
			if b, ok := r.bool(row, "landscape", s); ok {
				put("landscape", boolNode(b))
			}
		}
	}
	if s := r.cell(row, "provisional"); s != "" {
		if b, err := cardsdb.ParseYesNo(s); err == nil {
			if b {
				put("provisional", boolNode(true))
			}
		} else {
			put("provisional", strList(cardsdb.SplitCell(s)))
		}
	}
	if len(*r.errs) > before {
		return nil
	}
	return n
}

func (r *rowReader) back(row Row) *yaml.Node {
	var content []*yaml.Node
	for _, kv := range [][2]string{{"back_name", "name"}, {"back_text", "text"}, {"back", "image"}} {
		s := r.cell(row, kv[0])
		if kv[0] == "back_text" {
			s = r.text(row, kv[0])
		}
		if kv[0] == "back" && s != "" && r.image != nil {
			s = r.image(s)
		}
		if s != "" {
			content = append(content, str(kv[1]), str(s))
		}
	}
	if content == nil {
		return nil
	}
	return &yaml.Node{Kind: yaml.MappingNode, Content: content}
}

func (r *rowReader) faction(s string) string {
	k := cardsdb.Fold(s)
	for _, f := range r.g.Factions.Values {
		if cardsdb.Fold(f.ID) == k || cardsdb.Fold(f.Name) == k {
			return f.ID
		}
	}
	return ""
}

func (r *rowReader) bool(row Row, key, s string) (bool, bool) {
	b, err := cardsdb.ParseYesNo(s)
	if err != nil {
		r.errs.Add(r.pos(row, key), "%s must be true or false (or yes, no, 1, 0), found %q", key, s)
		return false, false
	}
	return b, true
}

// value reads a field's cell by the field's kind, checked as a cards
// file's value is (cardsdb.Field.ParseCell), and for a card field the card
// it names, among the table's rows and the game's cards.
func (r *rowReader) value(row Row, i int, f *cardsdb.Field, s string) *yaml.Node {
	pos := r.t.Pos(row.N, i)
	v, err := f.ParseCell(s, pos)
	if err != nil {
		r.errs.Append(err)
		return nil
	}
	what := strconv.Quote(f.Name)
	switch {
	case v.Symbol != "":
		return str(v.Symbol)
	case v.X:
		return str("X")
	}
	switch f.Kind {
	case cardsdb.KindInt, cardsdb.KindCost:
		return intNode(v.Int)
	case cardsdb.KindBool:
		return boolNode(v.Bool)
	case cardsdb.KindList:
		return strList(v.List)
	case cardsdb.KindCard:
		ty, ok := r.types[cardsdb.Fold(s)]
		switch {
		case !ok && r.laterCards:
			// Another table may hold it: the game checks.
		case !ok:
			r.errs.Add(pos, "%s names %q, but neither the table nor %s has such a card%s", what, s, r.g.Name, cardsdb.DidYouMean(r.g.Suggest(s)))
			return nil
		case f.CardType != "" && ty != f.CardType:
			r.errs.Add(pos, "%s names %q, which is a %s, not a %s", what, s, r.g.TypeName(ty), r.g.TypeName(f.CardType))
			return nil
		}
	}
	return str(v.Str)
}

func typesWith(g *cardsdb.Game, field string) string {
	var names []string
	for _, t := range g.Types {
		if t.Field(field) != nil {
			names = append(names, t.Name)
		}
	}
	return strings.Join(names, ", ")
}
