package goldenfile

import "testing"

func TestUpdate(t *testing.T) {
	for _, c := range []struct {
		env  string
		want bool
	}{
		{"", false}, {"0", false}, {"false", false}, {"no", false},
		{"1", true}, {"true", true}, {"TRUE", true},
	} {
		t.Setenv(Env, c.env)
		if got := Update(); got != c.want {
			t.Errorf("%s=%q: Update() = %v, want %v", Env, c.env, got, c.want)
		}
	}
}
