package cardsdb

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// A Query selects cards, as `deckwright cards` does: Text is looked for in
// every word a card carries (name, type, factions, rules text, flavour,
// pack, tags and every field value, such as traits and keywords), ignoring
// case, accents and spacing; every condition of Where must hold too.
type Query struct {
	Text  string
	Where []Cond
}

// Cond is one field condition of a query: Field Op Value, as in cost<=2.
// Op is one of = != < <= > >= and ~ (contains).
type Cond struct {
	Field string
	Op    string
	Value string
}

// String returns the condition as written: "cost<=2".
func (c Cond) String() string { return c.Field + c.Op + c.Value }

// Ops are the operators of a condition, two-character ones first.
var Ops = []string{"<=", ">=", "!=", "=", "<", ">", "~"}

// BuiltinFields are the condition fields every card has, beside the fields
// its game's types declare.
// "cost" is the card's cost field whatever the game calls it (see Cost).
var BuiltinFields = []string{"name", "type", "faction", "text", "flavor", "pack", "copies", "tags", "sample", "game", "cost"}

// Cost returns a card's cost: its field "cost", else the first field of
// kind cost its type declares (Hubworld's shard_cost, Seeker Chronicles'
// link_cost). ok is false for a card without one.
func (g *Game) Cost(c *Card) (v Value, name string, ok bool) {
	if v, ok := c.Fields["cost"]; ok {
		return v, "cost", true
	}
	if t := g.Type(c.Type); t != nil {
		for _, f := range t.Fields {
			if f.Kind == KindCost {
				v, ok := c.Fields[f.Name]
				return v, f.Name, ok
			}
		}
	}
	return Value{}, "", false
}

// ParseCond reads a condition such as "cost<=2", "type=agent" or
// "text~gravity". The field is everything before the first operator.
func ParseCond(s string) (Cond, error) {
	i := strings.IndexAny(s, "=!<>~")
	if i < 0 {
		return Cond{}, fmt.Errorf("%q has no operator; write FIELD OP VALUE with OP one of %s (cost<=2, type=agent, text~draw)", s, strings.Join(Ops, " "))
	}
	op := s[i : i+1]
	if i+1 < len(s) && s[i+1] == '=' && op != "=" && op != "~" {
		op += "="
	}
	if op == "!" {
		return Cond{}, fmt.Errorf("%q: unknown operator \"!\"; did you mean \"!=\"?", s)
	}
	c := Cond{Field: strings.ToLower(strings.TrimSpace(s[:i])), Op: op, Value: strings.TrimSpace(s[i+len(op):])}
	if c.Field == "" {
		return Cond{}, fmt.Errorf("%q names no field; write FIELD OP VALUE (cost<=2)", s)
	}
	if c.Op == "<" || c.Op == "<=" || c.Op == ">" || c.Op == ">=" {
		if _, err := strconv.Atoi(c.Value); err != nil {
			return Cond{}, fmt.Errorf("%q: %s compares numbers, found %q", s, c.Op, c.Value)
		}
	}
	return c, nil
}

// Fields returns the names a condition may use on the cards of games: the
// built-in ones and every field the games' types declare, sorted.
func Fields(games []*Game) []string {
	seen := map[string]bool{}
	for _, f := range BuiltinFields {
		seen[f] = true
	}
	for _, g := range games {
		for _, t := range g.Types {
			for _, f := range t.Fields {
				seen[f.Name] = true
			}
		}
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Check reports the first condition whose field none of the games has,
// with the closest field names.
func (q Query) Check(games []*Game) error {
	known := Fields(games)
	for _, c := range q.Where {
		if i := sort.SearchStrings(known, c.Field); i < len(known) && known[i] == c.Field {
			continue
		}
		if c.Field == "factions" {
			continue
		}
		if s := Suggest(c.Field, known, 3); len(s) > 0 {
			return fmt.Errorf("%s: no field %q%s", c, c.Field, didYouMean(s))
		}
		return fmt.Errorf("%s: no field %q (fields: %s)", c, c.Field, strings.Join(known, ", "))
	}
	return nil
}

// Match reports whether card c of game g is selected by the query.
func (q Query) Match(g *Game, c *Card) bool {
	if t := Fold(q.Text); t != "" {
		found := false
		for _, w := range words(g, c) {
			if strings.Contains(Fold(w), t) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	for _, cond := range q.Where {
		if !cond.holds(g, c) {
			return false
		}
	}
	return true
}

// words returns every text a card carries, for a free-text search.
func words(g *Game, c *Card) []string {
	w := []string{c.Name, c.Type, g.TypeName(c.Type), c.Text, c.Flavor, c.Pack}
	w = append(w, c.Factions...)
	w = append(w, c.Tags...)
	if c.Back != nil {
		w = append(w, c.Back.Name, c.Back.Text)
	}
	for _, v := range c.Fields {
		w = append(w, valueStrings(v)...)
	}
	return w
}

// values returns a card's values for a condition field; num is true when
// the field holds a number (then n is it).
func values(g *Game, c *Card, field string) (strs []string, n int, num, ok bool) {
	switch field {
	case "name":
		return []string{c.Name}, 0, false, true
	case "type":
		return []string{c.Type, g.TypeName(c.Type)}, 0, false, true
	case "faction", "factions":
		s := append([]string(nil), c.Factions...)
		for _, f := range c.Factions {
			for _, fv := range g.Factions.Values {
				if fv.ID == f && fv.Name != "" {
					s = append(s, fv.Name)
				}
			}
		}
		return s, 0, false, true
	case "text":
		return []string{c.Text}, 0, false, true
	case "flavor":
		return []string{c.Flavor}, 0, false, true
	case "pack":
		s := []string{c.Pack}
		if p := g.Pack(c.Pack); p != nil {
			s = append(s, p.Name)
		}
		return s, 0, false, c.Pack != ""
	case "copies":
		return []string{strconv.Itoa(c.Copies)}, c.Copies, true, true
	case "tags":
		return c.Tags, 0, false, true
	case "sample":
		return []string{strconv.FormatBool(c.Sample)}, 0, false, true
	case "game":
		return []string{g.ID, g.Name}, 0, false, true
	}
	v, has := c.Fields[field]
	if field == "cost" {
		v, _, has = g.Cost(c)
	}
	if !has {
		return nil, 0, false, false
	}
	switch v.Kind {
	case KindInt, KindCost:
		return valueStrings(v), v.Int, !v.X && v.Symbol == "", true
	}
	return valueStrings(v), 0, false, true
}

func valueStrings(v Value) []string {
	if v.Symbol != "" {
		return []string{v.Symbol}
	}
	switch v.Kind {
	case KindInt:
		return []string{strconv.Itoa(v.Int)}
	case KindCost:
		if v.X {
			return []string{"X"}
		}
		return []string{strconv.Itoa(v.Int)}
	case KindBool:
		return []string{strconv.FormatBool(v.Bool)}
	case KindList:
		return v.List
	}
	return []string{v.Str}
}

// holds reports whether the condition holds for the card. A card without
// the field satisfies only !=.
func (cond Cond) holds(g *Game, c *Card) bool {
	strs, n, num, ok := values(g, c, cond.Field)
	if !ok {
		return cond.Op == "!="
	}
	want, werr := strconv.Atoi(cond.Value)
	switch cond.Op {
	case "<", "<=", ">", ">=":
		if !num || werr != nil {
			return false // X costs and text compare with no number
		}
		switch cond.Op {
		case "<":
			return n < want
		case "<=":
			return n <= want
		case ">":
			return n > want
		}
		return n >= want
	case "~":
		t := Fold(cond.Value)
		for _, s := range strs {
			if strings.Contains(Fold(s), t) {
				return true
			}
		}
		return false
	}
	eq := false
	if num && werr == nil {
		eq = n == want
	} else {
		t := Fold(cond.Value)
		for _, s := range strs {
			if Fold(s) == t {
				eq = true
				break
			}
		}
	}
	if cond.Op == "!=" {
		return !eq
	}
	return eq
}
