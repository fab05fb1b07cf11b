package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/deckwright/deckwright/engine"
)

// Compare is deckwright compare --json: two decks of one game played on
// the same shuffles, each figure weighed game by game (B − A).
type Compare struct {
	// A and B name the decks as given and by their own names.
	A, B     Named
	Game     string
	Seed     uint64
	Policy   string
	ModeJSON engine.Object
	// Precision is the target width of the main figure's CI (0: none).
	Precision float64
	Paired    *engine.Paired
	// NotSimulated and Provisional are both decks' cards, each once.
	NotSimulated []engine.NotSimulated
	Provisional  []engine.Provisional
}

// Named is a deck as given (Deck) and by its own name.
type Named struct {
	Deck, Name string
}

// NewCompare is the report of a paired run of a and b, whose plays are pa
// and pb.
func NewCompare(a, b Named, game string, pa, pb *engine.Play, res *engine.Paired, seed uint64, precision float64) *Compare {
	return &Compare{A: a, B: b, Game: game, Seed: seed, Policy: pa.Policy, ModeJSON: pa.ModeJSON, Precision: precision, Paired: res,
		NotSimulated: UniqueNotSimulated(append(append([]engine.NotSimulated{}, pa.NotSimulated...), pb.NotSimulated...)),
		Provisional:  UniqueProvisional(append(append([]engine.Provisional{}, pa.Provisional...), pb.Provisional...))}
}

// MarshalJSON writes the report as compare --json prints it.
func (c *Compare) MarshalJSON() ([]byte, error) { return c.JSON().MarshalJSON() }

// JSON is the report as an ordered JSON object.
func (c *Compare) JSON() engine.Object {
	res := c.Paired
	figs := engine.Object{}
	for i := range res.Figures {
		f := &res.Figures[i]
		figs = append(figs, engine.Field{K: f.Key, V: engine.Object{
			{K: "a", V: engine.Num(f.A)}, {K: "b", V: engine.Num(f.B)}, {K: "diff", V: engine.Num(f.Diff)}, {K: "ci95", V: ci(f.CI95)},
			{K: "games", V: f.N}, {K: "significant", V: f.Significant()}, {K: "pairing_gain", V: engine.Num(f.Gain())}, {K: "variance_reduction", V: engine.Num(1 - 1/f.Gain())},
			{K: "verdict", V: Verdict(f)},
		}})
	}
	pv, ns := c.Provisional, c.NotSimulated
	if pv == nil {
		pv = []engine.Provisional{}
	}
	if ns == nil {
		ns = []engine.NotSimulated{}
	}
	o := engine.Object{
		{K: "a", V: engine.Object{{K: "deck", V: c.A.Deck}, {K: "name", V: c.A.Name}}},
		{K: "b", V: engine.Object{{K: "deck", V: c.B.Deck}, {K: "name", V: c.B.Name}}},
		{K: "game", V: c.Game},
		{K: "games", V: res.Games},
		{K: "seed", V: c.Seed},
	}
	o = append(o, c.ModeJSON...)
	o = append(o,
		engine.Field{K: "policy", V: c.Policy},
		engine.Field{K: "precision", V: engine.Object{{K: "target", V: engine.Num(c.Precision)}, {K: "reached", V: res.Precision}}},
		engine.Field{K: "figures", V: figs},
		engine.Field{K: "not_simulated", V: ns},
		engine.Field{K: "provisional", V: pv},
	)
	return o
}

// Verdict says in words what the paired difference of a figure shows.
func Verdict(f *engine.PairedFigure) string {
	if f.N < 2 {
		return fmt.Sprintf("%s: too few games to tell", f.Name)
	}
	if f.Diff == 0 && f.SD == 0 {
		return fmt.Sprintf("%s: no difference (the same in every game)", f.Name)
	}
	if !f.Significant() {
		return fmt.Sprintf("%s: no difference detectable at this precision (B − A %s, 95%% CI %s to %s)", f.Name, FigureText(f, f.Diff), FigureText(f, f.CI95[0]), FigureText(f, f.CI95[1]))
	}
	lo, hi := f.CI95[0], f.CI95[1]
	phrase := f.More
	if f.Diff < 0 {
		phrase, lo, hi = f.Less, -hi, -lo
	}
	if phrase == "" {
		phrase = "differs by %s"
	}
	ci := fmt.Sprintf("95%% CI %s–%s", FigureText(f, lo), FigureText(f, hi))
	return "B " + fmt.Sprintf(phrase, amount(f, math.Abs(f.Diff))) + ", " + ci
}

// amount writes the size of a difference: "0.31 turns", "2.5 percentage
// points".
func amount(f *engine.PairedFigure, x float64) string {
	if f.Percent {
		return fmt.Sprintf("%.1f percentage points", 100*x)
	}
	if f.Unit == "" {
		return fmt.Sprintf("%.2f", x)
	}
	u := f.Unit
	if u == "turn" || u == "round" || u == "card" || u == "point" {
		u += "s" // a count with decimals: "1.00 turns"
	}
	return fmt.Sprintf("%.2f %s", x, u)
}

// FigureText writes a value of a figure for a table: a percentage or two
// decimals, "-" for no data, never "-0".
func FigureText(f *engine.PairedFigure, x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	if f.Percent {
		return strings.Replace(fmt.Sprintf("%.1f%%", 100*x), "-0.0%", "0.0%", 1)
	}
	if s := fmt.Sprintf("%.2f", x); s != "-0.00" {
		return s
	}
	return "0.00"
}

// UniqueProvisional keeps the first entry of each card.
func UniqueProvisional(pv []engine.Provisional) []engine.Provisional {
	seen := map[string]bool{}
	var out []engine.Provisional
	for _, p := range pv {
		if !seen[p.Card] {
			seen[p.Card] = true
			out = append(out, p)
		}
	}
	return out
}

// UniqueNotSimulated keeps the first entry of each card.
func UniqueNotSimulated(ns []engine.NotSimulated) []engine.NotSimulated {
	seen := map[string]bool{}
	var out []engine.NotSimulated
	for _, n := range ns {
		if !seen[n.Card] {
			seen[n.Card] = true
			out = append(out, n)
		}
	}
	return out
}
