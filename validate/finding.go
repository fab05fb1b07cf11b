package validate

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/deckwright/deckwright/cardsdb"
)

// Severity says whether a finding makes a deck illegal.
type Severity int

const (
	// Error makes the deck illegal.
	Error Severity = iota
	// Warning is worth knowing but the deck stays legal.
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// MarshalText writes the severity as "error" or "warning".
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Finding is one problem of a deck: where it is, which rule found it, how
// bad it is, and a message that says what was expected, what was found and
// how to fix it.
type Finding struct {
	Pos      cardsdb.Pos
	Rule     string
	Severity Severity
	Message  string
	Section  string // the section's id, "" when the finding is about the whole deck
	Card     string // the card's name, "" when the finding is about no one card
}

// String formats the finding as "file:line:col: severity: message [rule]".
func (f Finding) String() string {
	return fmt.Sprintf("%s: %s: %s [%s]", f.Pos, f.Severity, f.Message, f.Rule)
}

// MarshalJSON writes the finding as the public JSON problem object:
// rule, severity, message, section, card, file, line, column.
func (f Finding) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Rule     string   `json:"rule"`
		Severity Severity `json:"severity"`
		Message  string   `json:"message"`
		Section  string   `json:"section"`
		Card     string   `json:"card"`
		File     string   `json:"file"`
		Line     int      `json:"line"`
		Column   int      `json:"column"`
	}{f.Rule, f.Severity, f.Message, f.Section, f.Card, f.Pos.File, f.Pos.Line, f.Pos.Col})
}

// Sort orders findings by position, then rule, then message.
func Sort(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Pos != b.Pos {
			return a.Pos.Before(b.Pos)
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Message < b.Message
	})
}

// Legal reports whether no finding is an Error.
func Legal(fs []Finding) bool {
	for _, f := range fs {
		if f.Severity == Error {
			return false
		}
	}
	return true
}
