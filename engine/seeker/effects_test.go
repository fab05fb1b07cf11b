package seeker

import (
	"strings"
	"testing"
)

func TestParseEffect(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Effect
		err  string
	}{
		{"draw 1", Effect{Kind: EffectDraw, N: 1}, ""},
		{"  progress   2 ", Effect{Kind: EffectProgress, N: 2}, ""},
		{"untap 3", Effect{Kind: EffectUntap, N: 3}, ""},
		{"power +2 eot", Effect{Kind: EffectPower, N: 2}, ""},
		{"power +X eot all", Effect{Kind: EffectPowerAll, X: true}, ""},
		{"unlink 1", Effect{Kind: EffectUnlink, N: 1}, ""},
		{"put 1", Effect{Kind: EffectPut, N: 1}, ""},
		{"recover 2", Effect{Kind: EffectRecover, N: 2}, ""},
		{"discard X", Effect{Kind: EffectDiscard, X: true}, ""},
		{"draw 20", Effect{Kind: EffectDraw, N: 20}, ""},
		{"", Effect{}, "empty effect"},
		{"drwa 1", Effect{}, `unknown effect "drwa"; the verbs are draw, progress, untap, power, unlink, put, recover, discard; did you mean "draw"?`},
		{"draw", Effect{}, `effect "draw": write "draw" followed by one amount (1 to 20, or X)`},
		{"draw 1 2", Effect{}, "followed by one amount"},
		{"draw 0", Effect{}, `amount "0" must be a whole number from 1 to 20, or X`},
		{"draw 21", Effect{}, "from 1 to 20"},
		{"draw +1", Effect{}, "from 1 to 20"},
		{"draw one", Effect{}, "from 1 to 20"},
		{"power 2 eot", Effect{}, `write "power +N eot"`},
		{"power +2", Effect{}, `write "power +N eot"`},
		{"power +2 eot some", Effect{}, `write "power +N eot"`},
		{"power +0 eot", Effect{}, "from 1 to 20"},
	} {
		got, err := ParseEffect(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseEffect(%q) error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseEffect(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
		if again, err := ParseEffect(got.String()); err != nil || again != got {
			t.Errorf("%q: String %q reads back as %+v, %v", tc.in, got.String(), again, err)
		}
	}
}

func FuzzParseEffect(f *testing.F) {
	for _, s := range []string{"draw 1", "power +2 eot all", "recover X", "power +X eot", "drwa 1", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseEffect(s)
		if err != nil {
			return
		}
		if e.Kind < EffectDraw || e.Kind > EffectDiscard || !e.X && (e.N < 1 || e.N > MaxAmount) {
			t.Fatalf("ParseEffect(%q) = %+v", s, e)
		}
		again, err := ParseEffect(e.String())
		if err != nil || again != e {
			t.Fatalf("%q: %q reads back as %+v, %v", s, e.String(), again, err)
		}
		if e.Describe(3) == "?" {
			t.Fatalf("%q: no description", s)
		}
	})
}
