package testenv

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// recorder is a testing.TB that records a skip or a failure instead of
// ending the test.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper()                      {}
func (r *recorder) Name() string                 { return "TestX" }
func (r *recorder) Skipf(f string, args ...any)  { r.skipped = sprintf(f, args...) }
func (r *recorder) Fatalf(f string, args ...any) { r.failed = sprintf(f, args...) }
func sprintf(f string, args ...any) string       { return strings.TrimSpace(fmt.Sprintf(f, args...)) }

func TestSlow(t *testing.T) {
	for _, c := range []struct {
		ci, slow string
		want     bool
	}{
		{"", "", false},
		{"true", "", true},
		{"", "1", true},
		{"false", "0", false},
		{"", "true", true},
	} {
		t.Setenv("CI", c.ci)
		t.Setenv(SlowEnv, c.slow)
		if got := Slow(); got != c.want {
			t.Errorf("CI=%q %s=%q: Slow() = %v, want %v", c.ci, SlowEnv, c.slow, got, c.want)
		}
		r := &recorder{TB: t}
		SkipSlowUnlessCI(r)
		if skipped := r.skipped != ""; skipped == c.want {
			t.Errorf("CI=%q %s=%q: skipped %v", c.ci, SlowEnv, c.slow, skipped)
		}
		if r.skipped != "" && !strings.Contains(r.skipped, "DECKWRIGHT_SLOW=1 go test -run '^TestX$'") {
			t.Errorf("the skip does not say how to run the test: %q", r.skipped)
		}
	}
}

func TestNeedTool(t *testing.T) {
	const missing = "deckwright-no-such-tool"
	t.Setenv("CI", "")
	r := &recorder{TB: t}
	NeedTool(r, missing)
	if r.skipped == "" || r.failed != "" {
		t.Errorf("outside CI a missing tool: skipped %q, failed %q; want a skip", r.skipped, r.failed)
	}
	t.Setenv("CI", "true")
	r = &recorder{TB: t}
	NeedTool(r, missing)
	if r.failed == "" || r.skipped != "" || !strings.Contains(r.failed, missing) {
		t.Errorf("in CI a missing tool: skipped %q, failed %q; want a failure naming it", r.skipped, r.failed)
	}
	want, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go on PATH")
	}
	r = &recorder{TB: t}
	if got := NeedTool(r, "go"); got != want || r.skipped != "" || r.failed != "" {
		t.Errorf("NeedTool(go) = %q (skipped %q, failed %q), want %q", got, r.skipped, r.failed, want)
	}
}
