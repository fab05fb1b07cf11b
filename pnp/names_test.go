package pnp

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseNames(t *testing.T) {
	for name, tc := range map[string]struct {
		in    string
		order []string
		at    map[Pos]string
		err   string
	}{
		"list":         {"# reading order\nRogue Star\n\n-\nSchrödinger's Cat\r\n", []string{"Rogue Star", "", "Schrödinger's Cat"}, nil, ""},
		"mapping":      {"page 3 r2c1 = Rogue Star\nP4 R1C3=Comet\npage12, r1c1 = Laika\n", nil, map[Pos]string{{3, 2, 1}: "Rogue Star", {4, 1, 3}: "Comet", {12, 1, 1}: "Laika"}, ""},
		"mixed":        {"page 1 r1c1 = Comet\nLaika\n", nil, nil, `names.txt:2:1: "Laika" is not a "page N rRcC = NAME" line`},
		"place twice":  {"p1 r1c1 = Comet\np1 r1c1 = Laika\n", nil, nil, `names.txt:2:1: page 1 r1c1 is named twice ("Comet" at line 1)`},
		"page 0":       {"p0 r1c1 = Comet\n", nil, nil, "names.txt:1:1: page 0 r1c1: pages, rows and columns count from 1"},
		"no name":      {"p1 r1c1 =\n", nil, nil, "names.txt:1:1: page 1 r1c1 has no name after ="},
		"empty":        {"# nothing\n\n", nil, nil, "names.txt: no names in the file"},
		"listed twice": {"Comet\nLaika\nCOMET\n", nil, nil, `names.txt:3:1: "COMET" is listed twice (first at line 1)`},
		"binary":       {"Comet\x00\n", nil, nil, "names.txt"},
	} {
		t.Run(name, func(t *testing.T) {
			n, err := ParseNames("names.txt", []byte(tc.in))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(n.Order, tc.order) || !reflect.DeepEqual(n.At, tc.at) {
				t.Errorf("got order %q at %v, want %q %v", n.Order, n.At, tc.order, tc.at)
			}
		})
	}
}

func TestParseInto(t *testing.T) {
	n, err := ParseInto("c.yaml", []byte("game: x\ncards:\n  - name: A\n    type: t\n  - {name: B, type: t}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(n.Order, []string{"A", "B"}) || !n.Existing || n.Lines["B"] != 5 {
		t.Errorf("got %+v", n)
	}
	for _, bad := range []string{"game: x\n", "[1, 2]", "cards: {a: 1}", ":\n\t- x"} {
		if _, err := ParseInto("c.yaml", []byte(bad)); err == nil || !strings.HasPrefix(err.Error(), "c.yaml") {
			t.Errorf("ParseInto(%q) error %v, want one naming c.yaml", bad, err)
		}
	}
}

func FuzzParseNames(f *testing.F) {
	for _, s := range []string{"Rogue Star\n-\n", "page 3 r2c1 = Rogue Star\n", "p1r1c1=x", "page 99999999999999999999 r1c1 = x"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := ParseNames("f.txt", data)
		if err != nil {
			return
		}
		for p, name := range n.At {
			if p.Page < 1 || p.Row < 1 || p.Col < 1 || strings.TrimSpace(name) == "" {
				t.Fatalf("accepted %v = %q", p, name)
			}
		}
	})
}
