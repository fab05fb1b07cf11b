package cli

import (
	"io"
	"strings"
	"testing"
)

// BenchmarkValidateBundledDeck runs "deckwright validate
// seeker-chronicles/cosmos" in-process: loading the bundled games, the
// command's setup and the validation. bench/run times the same command as
// a process (target 0.03 s), which adds the runtime's start and package
// inits (GODEBUG=inittrace=1) to this.
func BenchmarkValidateBundledDeck(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var out strings.Builder
		if code := Main([]string{"validate", "seeker-chronicles/cosmos"}, strings.NewReader(""), &out, io.Discard); code != ExitOK {
			b.Fatalf("exit %d: %s", code, out.String())
		}
		if !strings.Contains(out.String(), "legal: 0 errors") {
			b.Fatalf("output: %s", out.String())
		}
	}
}
