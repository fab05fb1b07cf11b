package layout

import (
	"strings"
	"testing"
)

func TestParseScale(t *testing.T) {
	tests := []struct {
		in   string
		want Scale
		err  string
	}{
		{"", Scale{}, ""},
		{"1,1", Scale{1, 1}, ""},
		{" 1.002 , 0.998 ", Scale{1.002, 0.998}, ""},
		{"1.05,0.95", Scale{1.05, 0.95}, ""},
		{"1.06,1", Scale{}, "not within 0.95 to 1.05"},
		{"1,0", Scale{}, "not within"},
		{"1", Scale{}, "want SX,SY"},
		{"1,x", Scale{}, `"x" is not a number`},
		{"NaN,1", Scale{}, "not a number"},
	}
	for _, tt := range tests {
		got, err := ParseScale(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseScale(%q) error %v, want one saying %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseScale(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

// TestBackScale checks that a back scale moves each back's centre away from
// the page centre by the factor, before the offset, and keeps its size.
func TestBackScale(t *testing.T) {
	for _, mode := range []BackMode{BacksLong, BacksShort} {
		o := opts(A4, Poker, func(o *Options) { o.Backs = mode; o.BackOffset = Offset{0.4, -0.2} })
		plain := mustPlan(t, o)
		o.BackScale = Scale{1.01, 0.98}
		scaled := mustPlan(t, o)
		cx, cy := A4.W/2, A4.H/2
		for i, b := range plain.Backs {
			s := scaled.Backs[i]
			bx, by := b.Trim().Center()
			sx, sy := s.Trim().Center()
			wantX := cx + (bx-0.4-cx)*1.01 + 0.4
			wantY := cy + (by+0.2-cy)*0.98 - 0.2
			if !near(sx, wantX) || !near(sy, wantY) || !near(s.W, b.W) || !near(s.H, b.H) {
				t.Errorf("%s back %d: centre %.4f,%.4f size %gx%g; want %.4f,%.4f size %gx%g",
					mode, i, sx, sy, s.W, s.H, wantX, wantY, b.W, b.H)
			}
		}
	}
	o := opts(A4, Poker, func(o *Options) { o.Backs = BacksLong; o.BackScale = Scale{1.2, 1} })
	if _, err := Plan(o); err == nil || !strings.Contains(err.Error(), "back scale") {
		t.Errorf("Plan with scale 1.2: error %v, want one about the back scale", err)
	}
}
