package cli

import (
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkPrintBundledDeck runs "deckwright print seeker-chronicles/cosmos
// --json" in-process, the cache off: loading the games, collecting the
// deck's cards, laying out the sheets and drawing the PDF, the whole
// pipeline the command line and serve's print share.
func BenchmarkPrintBundledDeck(b *testing.B) {
	b.ReportAllocs()
	out := filepath.Join(b.TempDir(), "cosmos.pdf")
	for b.Loop() {
		var stdout strings.Builder
		if code := Main([]string{"print", "seeker-chronicles/cosmos", "--json", "--no-cache", "-o", out}, strings.NewReader(""), &stdout, io.Discard); code != ExitOK {
			b.Fatalf("exit %d: %s", code, stdout.String())
		}
		if !strings.Contains(stdout.String(), `"pages": 6`) {
			b.Fatalf("output: %s", stdout.String())
		}
	}
}
