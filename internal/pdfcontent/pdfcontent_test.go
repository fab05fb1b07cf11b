package pdfcontent

import (
	"strings"
	"testing"
)

func TestScan(t *testing.T) {
	src := "q 1 0 0 1 10 20 cm /Im1 Do Q % note\n" +
		"[(a]b) 2 <41>] TJ << /K [1 2] /S (x) >> BDC " +
		"BI /W 1 ID \x00EIx\x01 EI Q -3.5 +.5 1e5 NaN"
	var got []string
	err := Scan([]byte(src), func(tok Token) error {
		kind := "op"
		if tok.Operand {
			kind = "arg"
		}
		got = append(got, kind+":"+string(tok.Raw))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"op:q", "arg:1", "arg:0", "arg:0", "arg:1", "arg:10", "arg:20", "op:cm", "arg:/Im1", "op:Do", "op:Q",
		"arg:[(a]b) 2 <41>]", "op:TJ", "arg:<< /K [1 2] /S (x) >>", "op:BDC",
		"op:BI", "arg:/W", "arg:1", "op:ID", "op:Q",
		"arg:-3.5", "arg:+.5", "op:1e5", "op:NaN",
	}
	if strings.Join(got, " | ") != strings.Join(want, " | ") {
		t.Errorf("tokens\n got %q\nwant %q", got, want)
	}
}

func TestScanErrors(t *testing.T) {
	for _, src := range []string{"(open", "<41", "]", ">>", "[1 2]]", "BI ID no end"} {
		if err := Scan([]byte(src), func(Token) error { return nil }); err == nil {
			t.Errorf("%q: no error", src)
		}
	}
}

func TestMatrix(t *testing.T) {
	// Scale by 2, then move by (10, 20): (1, 1) goes to (12, 22).
	m := Matrix{2, 0, 0, 2, 0, 0}.Mul(Matrix{1, 0, 0, 1, 10, 20})
	if x, y := m.Apply(1, 1); x != 12 || y != 22 {
		t.Errorf("Apply = %v, %v; want 12, 22", x, y)
	}
	if Identity.Mul(m) != m || m.Mul(Identity) != m {
		t.Error("Identity is not neutral")
	}
}

func TestNumber(t *testing.T) {
	for s, want := range map[string]bool{
		"1": true, "-1": true, "+.5": true, "3.": true, "0.25": true,
		"": false, "-": false, ".": false, "1.2.3": false, "1e5": false, "NaN": false, "Inf": false, "+-1": false, "0x10": false,
	} {
		if got := Number(s); got != want {
			t.Errorf("Number(%q) = %v", s, got)
		}
	}
}
