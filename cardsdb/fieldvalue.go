package cardsdb

import (
	"fmt"
	"strconv"
	"strings"
)

// CellSep separates the items of a list field in a table's cell:
// "cosmos | order". It is a bar, not a comma or a semicolon, because rules
// text and effects use those.
const CellSep = "|"

// checkValue checks a field's value against what the field declares: the
// one check of a card's field, whether the value was read from a cards file
// (decoder.value) or from a table's cell (ParseCell). It checks the whole
// number range and the field's bounds, one line for a string or a card
// name, and the allowed values of an enum or a list. what names the field
// in the message and suggest finds the value meant by a wrong one. It
// returns the problem ("" for none) and, for a list, the index of the item
// at fault (-1 otherwise).
func (f *Field) checkValue(v Value, what string, suggest func(string, []string) []string) (msg string, item int) {
	switch f.Kind {
	case KindInt, KindCost:
		if v.Symbol != "" || v.X {
			return "", -1
		}
		if v.Int < -MaxNumber || v.Int > MaxNumber {
			return fmt.Sprintf("%s is %d; deckwright takes whole numbers from %d to %d", what, v.Int, -MaxNumber, MaxNumber), -1
		}
		if f.Min != nil && v.Int < *f.Min || f.Max != nil && v.Int > *f.Max {
			return fmt.Sprintf("%s is %d, outside %s", what, v.Int, boundsText(f)), -1
		}
	case KindString, KindCard:
		if strings.Contains(v.Str, "\n") {
			return what + " must be one line", -1
		}
	case KindEnum:
		if !contains(f.Values, v.Str) {
			return fmt.Sprintf("%s must be one of %s, found %q%s", what, joinSome(f.Values), v.Str, didYouMean(suggest(v.Str, f.Values))), -1
		}
	case KindList:
		if len(f.Values) == 0 {
			break
		}
		for i, s := range v.List {
			if !contains(f.Values, s) {
				return fmt.Sprintf("%s: %q is not one of %s%s", what, s, joinSome(f.Values), didYouMean(suggest(s, f.Values))), i
			}
		}
	}
	return "", -1
}

// MissingField says that card, of type t, lacks the required field f: the
// one message for a cards file and a table's row.
func (t *CardType) MissingField(card string, f *Field) string {
	return fmt.Sprintf("%s %q has no %q; %s needs one", t.Name, card, f.Name, Article(t.Name))
}

// ParseCell reads field f's value from the text of a table's cell, as a
// spreadsheet writes it: a whole number or one of the field's symbols (and
// X, for a cost); yes or no (also true, false, y, n, 1, 0, x); items
// separated by CellSep; an enum's value in any case and accents; "%n" as a
// line break in text. The value is then checked as a cards file's value is
// (the same bounds, values and messages). pos is the cell's position
// (deck.xlsx:Deck!C12), the value's and a problem's, which is an *Error;
// its message names the field as a cell's column does, by its name alone.
func (f *Field) ParseCell(s string, pos Pos) (Value, error) {
	v := Value{Kind: f.Kind, Pos: pos}
	what := strconv.Quote(f.Name)
	fail := func(format string, args ...any) (Value, error) {
		return v, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
	}
	switch f.Kind {
	case KindInt, KindCost:
		if sym, ok := f.Symbol(s); ok {
			v.Symbol = sym
			return v, nil
		}
		if f.Kind == KindCost && (s == "X" || s == "x") {
			v.X = true
			return v, nil
		}
		x, err := strconv.Atoi(s)
		if err != nil {
			want := "a whole number"
			if f.Kind == KindCost {
				want += " or X"
			}
			if len(f.Symbols) > 0 {
				want += " or one of " + strings.Join(f.Symbols, ", ")
			}
			return fail("%s must be %s, found %q", what, want, s)
		}
		v.Int = x
	case KindText:
		v.Str = strings.TrimSpace(strings.ReplaceAll(s, "%n", "\n"))
	case KindEnum:
		v.Str = s
		if c, ok := oneOfFold(s, f.Values); ok {
			v.Str = c
		}
	case KindBool:
		b, err := ParseYesNo(s)
		if err != nil {
			return fail("%s must be true or false (or yes, no, 1, 0), found %q", what, s)
		}
		v.Bool = b
	case KindList:
		v.List = SplitCell(s)
		for i, it := range v.List {
			if c, ok := oneOfFold(it, f.Values); ok {
				v.List[i] = c
			}
		}
	default: // KindString, KindCard
		v.Str = s
	}
	suggest := func(s string, values []string) []string { return Suggest(s, values, 1) }
	if msg, _ := f.checkValue(v, what, suggest); msg != "" {
		return fail("%s", msg)
	}
	return v, nil
}

// ParseYesNo reads a yes or no as a table's cell writes it: true, yes, y,
// 1 or x; false, no, n or 0 (in any case).
func ParseYesNo(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "yes", "y", "1", "x":
		return true, nil
	case "false", "no", "n", "0":
		return false, nil
	}
	return false, fmt.Errorf("not a yes or no: %q", s)
}

// SplitCell splits a list cell at CellSep, trimming the items and dropping
// empty ones.
func SplitCell(s string) []string {
	var out []string
	for _, it := range strings.Split(s, CellSep) {
		if it = strings.TrimSpace(it); it != "" {
			out = append(out, it)
		}
	}
	return out
}

// oneOfFold finds s among values, as written or else ignoring case and
// accents.
func oneOfFold(s string, values []string) (string, bool) {
	for _, v := range values {
		if v == s {
			return v, true
		}
	}
	for _, v := range values {
		if Fold(v) == Fold(s) && Fold(s) != "" {
			return v, true
		}
	}
	return "", false
}
