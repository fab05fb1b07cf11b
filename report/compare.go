package report

import (
	"bytes"
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
	ModeJSON any
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
func (c *Compare) MarshalJSON() ([]byte, error) { return c.Report().MarshalJSON() }

// Report is the typed report: what compare --json writes.
func (c *Compare) Report() *CompareReport {
	res := c.Paired
	r := &CompareReport{
		CompareHead: CompareHead{A: DeckJSON{c.A.Deck, c.A.Name}, B: DeckJSON{c.B.Deck, c.B.Name}, Game: c.Game, Games: res.Games, Seed: c.Seed},
		Mode:        c.ModeJSON,
		CompareFigures: CompareFigures{Policy: c.Policy, Precision: Precision{Target: engine.Number(c.Precision), Reached: res.Precision},
			NotSimulated: c.NotSimulated, Provisional: c.Provisional},
	}
	for i := range res.Figures {
		f := &res.Figures[i]
		r.Figures = append(r.Figures, PairedJSON{Key: f.Key, A: engine.Number(f.A), B: engine.Number(f.B), Diff: engine.Number(f.Diff), CI95: engine.CI95(f.CI95),
			Games: f.N, Significant: f.Significant(), PairingGain: engine.Number(f.Gain()), VarianceReduction: engine.Number(1 - 1/f.Gain()), Verdict: Verdict(f)})
	}
	if r.NotSimulated == nil {
		r.NotSimulated = []engine.NotSimulated{}
	}
	if r.Provisional == nil {
		r.Provisional = []engine.Provisional{}
	}
	return r
}

// CompareReport is the report of a paired run, as compare --json writes
// it: its own fields in order, with the engine's Mode among them.
type CompareReport struct {
	CompareHead
	// Mode is the engine's Play.ModeJSON: how the games were played.
	Mode any
	CompareFigures
}

// MarshalJSON writes the fields in compare --json's order.
func (r CompareReport) MarshalJSON() ([]byte, error) {
	return engine.JoinObjects(r.CompareHead, r.Mode, r.CompareFigures)
}

// CompareHead names the decks, the game, the games and the seed.
type CompareHead struct {
	A     DeckJSON `json:"a"`
	B     DeckJSON `json:"b"`
	Game  string   `json:"game"`
	Games int      `json:"games"`
	Seed  uint64   `json:"seed"`
}

// DeckJSON is a deck as given and by its own name.
type DeckJSON struct {
	Deck string `json:"deck"`
	Name string `json:"name"`
}

// CompareFigures are the policy, the precision, each figure weighed and
// the notes.
type CompareFigures struct {
	Policy       string                `json:"policy"`
	Precision    Precision             `json:"precision"`
	Figures      PairedFigures         `json:"figures"`
	NotSimulated []engine.NotSimulated `json:"not_simulated"`
	Provisional  []engine.Provisional  `json:"provisional"`
}

// PairedFigures are the figures of a paired run, written as one object
// with a key per figure, in order.
type PairedFigures []PairedJSON

// MarshalJSON writes the figures as an object keyed by figure.
func (fs PairedFigures) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range fs {
		if i > 0 {
			b.WriteByte(',')
		}
		writeField(&b, f.Key, f)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// PairedJSON is one figure of a paired run: A's and B's means, B − A with
// its interval, the games both had it, and the verdict in words.
type PairedJSON struct {
	Key               string          `json:"-"`
	A                 engine.Number   `json:"a"`
	B                 engine.Number   `json:"b"`
	Diff              engine.Number   `json:"diff"`
	CI95              engine.Interval `json:"ci95"`
	Games             int             `json:"games"`
	Significant       bool            `json:"significant"`
	PairingGain       engine.Number   `json:"pairing_gain"`
	VarianceReduction engine.Number   `json:"variance_reduction"`
	Verdict           string          `json:"verdict"`
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
