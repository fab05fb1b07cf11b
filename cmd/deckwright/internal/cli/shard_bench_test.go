package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkShards weighs the overhead of sharding: a goldfish run of
// 100,000 games of the Cosmos starter played whole (--json), against the
// same run as 4 shards played one after the other, each loading the games
// and the deck as a process of its own would and writing its part, then
// deckwright merge reading the 4 parts, loading the deck again and
// printing the same JSON. Each command runs through Main, in process.
//
//	go test -run '^$' -bench Shards -benchtime 3x ./cmd/deckwright/internal/cli
func BenchmarkShards(b *testing.B) {
	const games = "100000"
	deck := []string{"goldfish", "seeker-chronicles/cosmos", "--games", games, "--json", "-q"}
	main := func(b *testing.B, args ...string) string {
		var out, errw bytes.Buffer
		if code := Main(args, strings.NewReader(""), &out, &errw); code != 0 {
			b.Fatalf("deckwright %s: exit %d: %s", strings.Join(args, " "), code, errw.String())
		}
		return out.String()
	}
	var whole string
	b.Run("single", func(b *testing.B) {
		for b.Loop() {
			whole = main(b, deck...)
		}
	})
	dir := b.TempDir()
	b.Run("4 shards + merge", func(b *testing.B) {
		for b.Loop() {
			var parts []string
			for k := 1; k <= 4; k++ {
				out := main(b, append(deck, "--shard", fmt.Sprintf("%d/4", k))...)
				p := filepath.Join(dir, fmt.Sprintf("part%d.json", k))
				if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
					b.Fatal(err)
				}
				parts = append(parts, p)
			}
			if got := main(b, append([]string{"merge", "--json"}, parts...)...); whole != "" && got != whole {
				b.Fatal("the merge differs from the single run")
			}
		}
	})
}
