package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Number is a figure as reports write it in JSON: rounded to 4 decimals,
// null for NaN (no data) or an infinity.
type Number float64

// MarshalJSON writes the rounded figure, or null.
func (x Number) MarshalJSON() ([]byte, error) { return json.Marshal(Num(float64(x))) }

// Interval is a 95% confidence interval in JSON: [lo, hi], each a Number.
type Interval [2]Number

// CI95 is the Interval of c.
func CI95(c [2]float64) Interval { return Interval{Number(c[0]), Number(c[1])} }

// Turn is a percentile turn in JSON, null when there is none (no game won,
// a milestone never reached).
type Turn struct {
	Turn int
	Has  bool
}

// MarshalJSON writes the turn, or null.
func (t Turn) MarshalJSON() ([]byte, error) {
	if !t.Has {
		return []byte("null"), nil
	}
	return json.Marshal(t.Turn)
}

// TurnOf is a percentile turn of d (its Median, P10 or P90), null when d
// holds no game.
func TurnOf(d Dist, turn int) Turn { return Turn{turn, d.HasData()} }

// JoinObjects writes the JSON objects that the parts marshal to as one
// object, their fields in order: a report whose fields come from its own
// struct and from its game's engine (Play.ModeJSON, Report.JSON). A nil
// part adds nothing; a part that is not an object is an error.
func JoinObjects(parts ...any) ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	n := 0
	for _, p := range parts {
		if p == nil {
			continue
		}
		v, err := json.Marshal(p)
		if err != nil {
			return nil, err
		}
		v = bytes.TrimSpace(v)
		if string(v) == "null" {
			continue
		}
		if len(v) < 2 || v[0] != '{' || v[len(v)-1] != '}' {
			return nil, fmt.Errorf("engine: JoinObjects: %T is not a JSON object", p)
		}
		inner := v[1 : len(v)-1]
		if len(inner) == 0 {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		b.Write(inner)
		n++
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
