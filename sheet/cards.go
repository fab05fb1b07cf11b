package sheet

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/cardsdb"
)

// Sep separates the items of a list cell: "cosmos | order"
// (cardsdb.CellSep).
const Sep = cardsdb.CellSep

// The keys every card has, as columns; a game's own fields come after.
var commonColumns = []string{"game", "name", "type", "faction", "copies", "deck_limit", "pack", "text", "flavor", "image", "back", "back_name", "back_text", "tags", "sample", "provisional"}

// Skip is the --map target that ignores a column.
const Skip = "-"

// Options tune Cards.
type Options struct {
	// Map names the key a column fills, by the column's header: "Card
	// Title" -> "name"; Skip ignores the column. Headers are compared
	// folded (cardsdb.Fold).
	Map map[string]string
	// MapPos is where each entry of Map was written (a line of
	// game.yaml's columns:), by folded header; entries without one are
	// reported at the table, as from --map.
	MapPos map[string]cardsdb.Pos
	// MapName names Map in messages: "--map" (the default) or "columns".
	MapName string
	// Type is the card type of every row (a type id or name), for a table
	// that holds one type; "" reads each row's type column.
	Type string
	// TypePos is where Type was written, for its message.
	TypePos cardsdb.Pos
	// Image, when set, rewrites the image paths of the cells (image,
	// back): import csv makes a path relative to the table one relative
	// to the cards file it writes.
	Image func(string) string
	// LaterCards leaves a card field that names no card known yet to the
	// game's own check, for a table of game.yaml read before the table
	// that holds the card (cardsdb reports what stays unknown, at its
	// cell).
	LaterCards bool
	// MapUnused accepts a Map entry for a header the table lacks (one
	// --map for the several sheets of a workbook).
	MapUnused bool
	// Loaded makes a card whose name the game already has an error, for
	// a table loaded beside the game's own cards (--db cards.csv) rather
	// than written as a file that replaces them.
	Loaded bool
}

// ParseMap reads --map COLUMN=FIELD pairs into Options.Map.
func ParseMap(pairs []string) (map[string]string, error) {
	m := map[string]string{}
	for _, p := range pairs {
		col, field, ok := strings.Cut(p, "=")
		col, field = strings.TrimSpace(col), strings.TrimSpace(field)
		if !ok || cardsdb.Fold(col) == "" || field == "" {
			return nil, fmt.Errorf("--map %q: want COLUMN=FIELD, e.g. --map \"Card Title=name\" (FIELD - skips the column)", p)
		}
		if _, dup := m[cardsdb.Fold(col)]; dup {
			return nil, fmt.Errorf("--map %q: column %q is mapped twice", p, col)
		}
		m[cardsdb.Fold(col)] = field
	}
	return m, nil
}

// File is a cards file made from a table: what a cards/*.yaml file holds.
type File struct {
	Game  string
	Cards []*yaml.Node // one mapping a card
	// Columns are the table's headers and the key each fills (Skip
	// for none), in the table's order.
	Columns []cardsdb.TableColumn
}

// YAML returns the cards file as YAML text, with a comment naming its
// source.
func (f *File) YAML(source string) ([]byte, error) {
	var b strings.Builder
	if source != "" {
		b.WriteString("# yaml-language-server: $schema=https://raw.githubusercontent.com/deckwright/deckwright/main/docs/schema/cards.schema.json\n")
		b.WriteString("# Written by deckwright import csv from " + strings.ReplaceAll(source, "\n", " ") + ".\n")
	}
	head, err := encode(&yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{str("game"), str(f.Game)}})
	if err != nil {
		return nil, err
	}
	b.WriteString(head)
	if len(f.Cards) == 0 {
		b.WriteString("cards: []\n")
		return []byte(b.String()), nil
	}
	b.WriteString("cards:\n")
	// One card at a time: yaml.v3's emitter slows down on one large
	// document (its event queue grows with it).
	for _, c := range f.Cards {
		item, err := encode(&yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{c}})
		if err != nil {
			return nil, err
		}
		for _, line := range strings.SplitAfter(item, "\n") {
			if line != "" && line != "\n" {
				b.WriteString("  ")
			}
			b.WriteString(line)
		}
	}
	return []byte(b.String()), nil
}

func encode(n *yaml.Node) (string, error) {
	var b strings.Builder
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return "", err
	}
	if err := enc.Close(); err != nil {
		return "", err
	}
	return b.String(), nil
}

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
		errs.Add(t.Pos(t.HeaderRow, 0), "the header row has no \"type\" column; %s has types %s, so each row must say which (or give the whole table a type)", g.Name, strings.Join(typeIDs(g), ", "))
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

// typeOf finds a card type by id or name, ignoring case and accents.
func typeOf(g *cardsdb.Game, s string) *cardsdb.CardType {
	for _, ty := range g.Types {
		if cardsdb.Fold(ty.ID) == cardsdb.Fold(s) || cardsdb.Fold(ty.Name) == cardsdb.Fold(s) {
			return ty
		}
	}
	return nil
}

func typeIDs(g *cardsdb.Game) []string {
	out := make([]string, len(g.Types))
	for i, t := range g.Types {
		out[i] = t.ID
	}
	return out
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
			ids := typeIDs(g)
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
			r.errs.Add(r.pos(row, "type"), "card %q has no type; %s has types %s", r.cell(row, "name"), r.g.Name, strings.Join(typeIDs(r.g), ", "))
		}
		return nil
	}
	if ty := typeOf(r.g, s); ty != nil {
		return ty
	}
	if report {
		ids := typeIDs(r.g)
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
				var all []string
				for _, f := range r.g.Factions.Values {
					all = append(all, f.ID)
				}
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
			r.errs.Add(r.t.Pos(row.N, i), "a %s has no %q; clear the cell (the %s column is for %s)", typ.Name, r.t.Header[i], r.t.Header[i], typesWith(r.g, c.key))
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
			r.errs.Add(r.pos(row, f.Name), "%s %q has no %q; a %s needs one", typ.Name, name, f.Name, typ.Name)
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
	what := fmt.Sprintf("%q", f.Name)
	v, err := f.ParseCell(s, what)
	if err != nil {
		r.errs.Add(pos, "%s", err)
		return nil
	}
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

// setPos puts a node and its items at row line, column col (from 1).
func setPos(n *yaml.Node, line, col int) {
	n.Line, n.Column = line, col
	for _, c := range n.Content {
		setPos(c, line, col)
	}
}

func str(s string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
	if strings.Contains(s, "\n") {
		n.Style = yaml.LiteralStyle
	}
	return n
}

func intNode(x int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(x)}
}

func boolNode(b bool) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(b)}
}

func strList(items []string) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
	for _, it := range items {
		n.Content = append(n.Content, str(it))
	}
	return n
}
