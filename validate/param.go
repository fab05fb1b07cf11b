package validate

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// ParamKind is the kind of value a rule parameter takes.
type ParamKind string

// The kinds of rule parameters. Every kind but ParamInt holds a string.
const (
	ParamInt     ParamKind = "integer" // a whole number, within Min and Max
	ParamString  ParamKind = "string"  // any one-line text
	ParamEnum    ParamKind = "enum"    // one of Values
	ParamSection ParamKind = "section" // the id of a section of the game
	ParamType    ParamKind = "type"    // the id of a card type of the game
	ParamField   ParamKind = "field"   // the name of a field a card type of the game declares
)

// Param declares a parameter of a rule, as an analysis.Analyzer declares its
// flags: a game definition may set it (rules: - {name: R, params: {NAME:
// VALUE}}), and CheckGame refuses a parameter the rule does not declare or
// a value of the wrong kind, each at its position.
type Param struct {
	Name string
	Kind ParamKind
	// Default is the value when the game does not set the parameter: an int
	// for ParamInt, else a string.
	Default any
	// Doc says what the parameter means, in a phrase.
	Doc string
	// Min and Max bound a ParamInt (nil: open).
	Min, Max *int
	// Values lists what a ParamEnum takes.
	Values []string
}

// Describe says what values the parameter takes: "integer, at least 1",
// `one of "any", "icons"`, "section id".
func (pm *Param) Describe() string {
	switch pm.Kind {
	case ParamInt:
		switch {
		case pm.Min != nil && pm.Max != nil:
			return fmt.Sprintf("integer, %d to %d", *pm.Min, *pm.Max)
		case pm.Min != nil:
			return fmt.Sprintf("integer, at least %d", *pm.Min)
		case pm.Max != nil:
			return fmt.Sprintf("integer, at most %d", *pm.Max)
		}
		return "integer"
	case ParamEnum:
		return "one of " + quoteList(pm.Values)
	case ParamSection, ParamType:
		return pm.noun() + " id"
	case ParamField:
		return pm.noun() + " name"
	}
	return string(pm.Kind)
}

// noun names what a ParamSection, ParamType or ParamField value names.
func (pm *Param) noun() string {
	switch pm.Kind {
	case ParamType:
		return "card type"
	case ParamField:
		return "card field"
	}
	return string(pm.Kind)
}

// Param returns the rule's declared parameter called name, or nil.
func (r *Rule) Param(name string) *Param {
	for _, pm := range r.Params {
		if pm.Name == name {
			return pm
		}
	}
	return nil
}

func (r *Rule) paramNames() []string {
	names := make([]string, len(r.Params))
	for i, pm := range r.Params {
		names[i] = pm.Name
	}
	return names
}

// intPtr returns a pointer to n, for Param bounds.
func intPtr(n int) *int { return &n }

// resolve turns the parameters a game gives a rule into the values the rule
// reads: every declared parameter, the game's value or the default. A name
// the rule does not declare and a value of the wrong kind are errors at
// their positions (the default stands in for a bad value, but the game is
// refused: CheckGame reports the errors, and Check reports them as
// findings).
func resolve(r *Rule, ref cardsdb.RuleRef, g *cardsdb.Game) (map[string]any, cardsdb.ErrorList) {
	var errs cardsdb.ErrorList
	vals := make(map[string]any, len(r.Params))
	for _, pm := range r.Params {
		vals[pm.Name] = pm.Default
	}
	names := make([]string, 0, len(ref.Params))
	for name := range ref.Params {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		at := ref.ParamPos[name]
		if at.Key.File == "" {
			at = cardsdb.ParamPos{Key: ref.Pos, Value: ref.Pos}
		}
		pm := r.Param(name)
		if pm == nil {
			declared := "it takes none"
			if len(r.Params) > 0 {
				declared = "it takes " + strings.Join(r.paramNames(), ", ")
			}
			errs.Add(at.Key, "rule %q has no parameter %q%s (%s)", r.Name, name, cardsdb.DidYouMean(cardsdb.Suggest(name, r.paramNames(), 1)), declared)
			continue
		}
		v, msg := pm.check(ref.Params[name], g)
		if msg != "" {
			errs.Add(at.Value, "rule %q parameter %s: %s", r.Name, name, msg)
			continue
		}
		vals[name] = v
	}
	// A default that names a section, card type or field must name one of
	// this game's: else the rule would look for something that is not there.
	if ref.Pos.File != "" {
		for _, pm := range r.Params {
			if _, given := ref.Params[pm.Name]; given || pm.Kind == ParamInt || pm.Kind == ParamString || pm.Kind == ParamEnum {
				continue
			}
			if _, msg := pm.check(pm.Default, g); msg != "" {
				errs.Add(ref.Pos, "rule %q parameter %s defaults to %q, but %s; set params: {%s: ...}", r.Name, pm.Name, pm.Default, msg, pm.Name)
			}
		}
	}
	return vals, errs
}

// check returns v as the parameter's type, or a message saying what is
// wrong with it.
func (pm *Param) check(v any, g *cardsdb.Game) (any, string) {
	found := describeValue(v)
	if pm.Kind == ParamInt {
		n, ok := v.(int)
		if !ok {
			return nil, "want " + pm.Describe() + ", found " + found
		}
		if (pm.Min != nil && n < *pm.Min) || (pm.Max != nil && n > *pm.Max) {
			return nil, fmt.Sprintf("want %s, found %d", pm.Describe(), n)
		}
		return n, ""
	}
	s, ok := v.(string)
	if !ok {
		return nil, "want " + pm.Describe() + ", found " + found
	}
	var allowed []string
	switch pm.Kind {
	case ParamString:
		if strings.ContainsAny(s, "\n\r") {
			return nil, "want one line of text"
		}
		return s, ""
	case ParamEnum:
		allowed = pm.Values
	case ParamSection:
		for _, sec := range g.Sections {
			allowed = append(allowed, sec.ID)
		}
	case ParamType:
		for _, t := range g.Types {
			allowed = append(allowed, t.ID)
		}
	case ParamField:
		for _, t := range g.Types {
			for _, f := range t.Fields {
				if !contains(allowed, f.Name) {
					allowed = append(allowed, f.Name)
				}
			}
		}
	}
	if contains(allowed, s) {
		return s, ""
	}
	msg := "want " + pm.Describe() + ", found " + strconv.Quote(s)
	if pm.Kind != ParamEnum {
		msg = fmt.Sprintf("%s has no %s %q", g.Name, pm.noun(), s)
	}
	if sug := cardsdb.Suggest(s, allowed, 1); len(sug) > 0 {
		return nil, msg + cardsdb.DidYouMean(sug)
	}
	if pm.Kind != ParamEnum {
		msg += " (" + quoteList(allowed) + ")"
	}
	return nil, msg
}

// describeValue names a YAML value in a message: "the text "three"", "3.5".
func describeValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "nothing"
	case string:
		return "the text " + strconv.Quote(v)
	case int:
		return "the integer " + strconv.Itoa(v)
	case float64:
		return "the number " + strconv.FormatFloat(v, 'g', -1, 64)
	case bool:
		return "the boolean " + strconv.FormatBool(v)
	case []any:
		return "a list"
	case map[string]any:
		return "a mapping"
	}
	return fmt.Sprintf("%v", v)
}

// Int returns the value of the rule's integer parameter name: the game's,
// or the declared default. It panics when the rule does not declare name as
// an integer, a mistake in the rule's code (the tests read every rule's
// source for it), never in a game definition.
func (p *Pass) Int(name string) int {
	return p.param(name, ParamInt).(int)
}

// String returns the value of the rule's string-valued parameter name (any
// kind but ParamInt): the game's, or the declared default. It panics when
// the rule does not declare name, or declares it as an integer.
func (p *Pass) String(name string) string {
	return p.param(name, "").(string)
}

func (p *Pass) param(name string, kind ParamKind) any {
	pm := p.rule.Param(name)
	if pm == nil || (kind == ParamInt) != (pm.Kind == ParamInt) {
		panic(fmt.Sprintf("validate: rule %q reads parameter %q, which it does not declare as %s", p.rule.Name, name, map[bool]string{true: "an integer", false: "a string"}[kind == ParamInt]))
	}
	if v, ok := p.values[name]; ok {
		return v
	}
	return pm.Default
}
