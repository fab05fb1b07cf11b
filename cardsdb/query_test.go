package cardsdb_test

import (
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestParseCond reads conditions with each operator, and refuses the ones
// that cannot be read.
func TestParseCond(t *testing.T) {
	tests := []struct {
		in   string
		want cardsdb.Cond
		err  string
	}{
		{in: "cost<=2", want: cardsdb.Cond{Field: "cost", Op: "<=", Value: "2"}},
		{in: " Type = agent ", want: cardsdb.Cond{Field: "type", Op: "=", Value: "agent"}},
		{in: "power>=3", want: cardsdb.Cond{Field: "power", Op: ">=", Value: "3"}},
		{in: "power>3", want: cardsdb.Cond{Field: "power", Op: ">", Value: "3"}},
		{in: "power<3", want: cardsdb.Cond{Field: "power", Op: "<", Value: "3"}},
		{in: "faction!=cosmos", want: cardsdb.Cond{Field: "faction", Op: "!=", Value: "cosmos"}},
		{in: "text~draw a card", want: cardsdb.Cond{Field: "text", Op: "~", Value: "draw a card"}},
		{in: "name=a=b", want: cardsdb.Cond{Field: "name", Op: "=", Value: "a=b"}},
		{in: "cost", err: `"cost" has no operator`},
		{in: "=2", err: `names no field`},
		{in: "cost!2", err: `did you mean "!="`},
		{in: "cost<=two", err: `<= compares numbers, found "two"`},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := cardsdb.ParseCond(tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ParseCond(%q) error %v, want one containing %q", tc.in, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("ParseCond(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
			}
		})
	}
}

// TestQueryMatch runs queries over the bundled games and checks which
// cards they select.
func TestQueryMatch(t *testing.T) {
	tests := []struct {
		game  string
		text  string
		where []string
		want  []string // the names selected, in the game's order
	}{
		// Free text reaches the rules text and keywords, not only names.
		{"seeker-chronicles", "gravity", nil, []string{"Spacetime Curvature", "Mass Accretion", "Black Hole"}},
		// cost is Hubworld's shard_cost; conditions are and-ed.
		{"hubworld", "", []string{"cost<=1", "type=agent"}, []string{"Hushed Novice", "Glassjaw Courier", "Pitboy Nell"}},
		{"hubworld", "", []string{"presence>5", "faction=choir"}, []string{"The Listening Abbess"}},
		// Lists: = matches one element, ~ a part of one; != none of them.
		{"arkhtide", "", []string{"traits=mystic"}, []string{"Hierophant Ysolde Marrowtide", "Ondrëa, Voice Beneath", "Saltglass Oracle", "Sister Caul of Still Waters"}},
		{"arkhtide", "", []string{"traits=mystic", "type=seeker"}, []string{"Hierophant Ysolde Marrowtide"}},
		{"kaizerseat", "", []string{"pack=cracktapus", "action!=when-tell"}, []string{"Cracktapus"}},
		{"kaizerseat", "", []string{"pack=Sirens of Seatongue", "dark=true", "text~leader"}, []string{"Sirens of Seatongue dark 1", "Sirens of Seatongue dark 3"}},
		{"kaizerseat", "", []string{"copies>1"}, []string{"Solongnecks", "Boardom Thieves", "Longsword Fins", "Atheneyes", "Gallopeers", "Candlesticks", "Taredtula", "Sonar & Sons", "Sirens of Seatongue", "Cracktapus", "Ravenletters", "Twistertoots"}},
		// A number compares with a card without the field: never, but != holds.
		{"kaizerseat", "", []string{"cost<100"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.game+" "+tc.text+" "+strings.Join(tc.where, " "), func(t *testing.T) {
			g := bundledGame(t, tc.game)
			q := cardsdb.Query{Text: tc.text}
			for _, w := range tc.where {
				c, err := cardsdb.ParseCond(w)
				if err != nil {
					t.Fatal(err)
				}
				q.Where = append(q.Where, c)
			}
			if err := q.Check([]*cardsdb.Game{g}); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range g.Cards {
				if q.Match(g, c) {
					got = append(got, c.Name)
				}
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("selected %q, want %q", got, tc.want)
			}
		})
	}
}

// TestQueryCheck refuses a field no game has, suggesting the closest.
func TestQueryCheck(t *testing.T) {
	g := bundledGame(t, "hubworld")
	q := cardsdb.Query{Where: []cardsdb.Cond{{Field: "presense", Op: "=", Value: "2"}}}
	err := q.Check([]*cardsdb.Game{g})
	if err == nil || err.Error() != `presense=2: no field "presense"; did you mean "presence"?` {
		t.Fatalf("Check = %v", err)
	}
	q = cardsdb.Query{Where: []cardsdb.Cond{{Field: "shard_cost", Op: "<", Value: "2"}, {Field: "cost", Op: "<", Value: "2"}}}
	if err := q.Check([]*cardsdb.Game{g}); err != nil {
		t.Fatalf("Check = %v, want nil for declared and built-in fields", err)
	}
}

// FuzzParseCond: ParseCond never panics, and a condition it reads reads
// back the same from its String.
func FuzzParseCond(f *testing.F) {
	for _, s := range []string{"cost<=2", "type=agent", "text~draw", "a!=b", "x>=", "<", "!", "~~", "é=ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := cardsdb.ParseCond(s)
		if err != nil {
			return
		}
		back, err := cardsdb.ParseCond(c.String())
		if err != nil {
			t.Fatalf("ParseCond(%q) = %+v, but its String %q does not read back: %v", s, c, c.String(), err)
		}
		if back != c && strings.TrimSpace(c.Value) == c.Value {
			t.Fatalf("ParseCond(%q) = %+v, read back as %+v", s, c, back)
		}
	})
}
