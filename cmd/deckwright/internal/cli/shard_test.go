package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// run runs deckwright with args and returns its stdout, failing the test
// unless it exits with code.
func runCode(t *testing.T, code int, args ...string) (stdout, stderr string) {
	t.Helper()
	var out, errw bytes.Buffer
	if got := Main(args, strings.NewReader(""), &out, &errw); got != code {
		t.Fatalf("deckwright %s: exit %d, want %d\n%s", strings.Join(args, " "), got, code, errw.String())
	}
	return out.String(), errw.String()
}

// shardDecks are runs of several engines and modes that the shard tests
// split: the arguments of goldfish and of compare.
var shardDecks = []struct {
	name     string
	goldfish []string
	compare  []string
}{
	{"seeker", []string{"seeker-chronicles/cosmos"}, []string{"seeker-chronicles/cosmos", "seeker-chronicles/order"}},
	{"seeker nature", []string{"seeker-chronicles/quantum", "--mode", "nature", "--difficulty", "apprentice"}, []string{"seeker-chronicles/quantum", "seeker-chronicles/cosmos", "--mode", "nature"}},
	{"arkhtide passive", []string{"arkhtide/three-factions", "--opponent", "passive", "--policy", "planner"}, []string{"arkhtide/three-factions", "arkhtide/ember-covenant-mono", "--mode", "passive"}},
	{"playtest block", []string{"--db", "../../../../docs/examples/lanterns", "lanterns/starter", "--policy", "planner", "--max-turns", "12"},
		[]string{"--db", "../../../../docs/examples/lanterns", "lanterns/starter", "lanterns/high-flyers"}},
}

// withDB moves a leading --db DIR before the command, where the global
// flag goes.
func withDB(cmd string, args []string, more ...string) []string {
	var out []string
	if len(args) > 1 && args[0] == "--db" {
		out, args = append(out, args[:2]...), args[2:]
	}
	out = append(out, cmd)
	out = append(out, args...)
	return append(out, more...)
}

// TestShardsMergeToTheRun splits goldfish and compare runs of several
// decks into 1, 2, 3 and 7 shards: merging the parts (given in any order)
// prints the single run's JSON and table, byte for byte.
func TestShardsMergeToTheRun(t *testing.T) {
	const games = "1201"
	for _, d := range shardDecks {
		for _, cmd := range []string{"goldfish", "compare"} {
			args := d.goldfish
			if cmd == "compare" {
				args = d.compare
			}
			t.Run(d.name+" "+cmd, func(t *testing.T) {
				wantJSON, _ := runCode(t, 0, withDB(cmd, args, "--games", games, "--json", "-q")...)
				wantText, _ := runCode(t, 0, withDB(cmd, args, "--games", games, "-q")...)
				dir := t.TempDir()
				for _, n := range []int{1, 2, 3, 7} {
					var parts []string
					for k := n; k >= 1; k-- { // in reverse: merge sorts them
						out, _ := runCode(t, 0, withDB(cmd, args, "--games", games, "--json", "--shard", fmt.Sprintf("%d/%d", k, n), "--workers", "2")...)
						p := filepath.Join(dir, fmt.Sprintf("%d-of-%d.json", k, n))
						if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
							t.Fatal(err)
						}
						parts = append(parts, p)
					}
					gotJSON, _ := runCode(t, 0, withDB("merge", dbOf(args), append([]string{"--json"}, parts...)...)...)
					if gotJSON != wantJSON {
						t.Errorf("%d shards merged give\n%s\nthe single run\n%s", n, gotJSON, wantJSON)
					}
					if n == 3 {
						gotText, _ := runCode(t, 0, withDB("merge", dbOf(args), parts...)...)
						if gotText != wantText {
							t.Errorf("%d shards merged print\n%s\nthe single run\n%s", n, gotText, wantText)
						}
					}
				}
			})
		}
	}
}

// dbOf returns the --db DIR that args start with, if any.
func dbOf(args []string) []string {
	if len(args) > 1 && args[0] == "--db" {
		return args[:2:2]
	}
	return nil
}

// TestTuneShardsMergeToTheRun plays tune races round by round in 1, 2, 3
// and 7 shards, merging each round's parts into the next state, until the
// merge prints the report: the single run's JSON and table, byte for byte.
func TestTuneShardsMergeToTheRun(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"seeker", []string{"seeker-chronicles/cosmos", "--pool", "../../../../docs/examples/playtest/seeker-extra-pile.txt", "--games", "60000", "--top", "4"}},
		{"playtest block", []string{"--db", "../../../../docs/examples/lanterns", "lanterns/starter", "--games", "12000"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantJSON, _ := runCode(t, 0, withDB("tune", tc.args, "--json", "-q")...)
			wantText, _ := runCode(t, 0, withDB("tune", tc.args, "-q")...)
			dir := t.TempDir()
			for _, n := range []int{1, 2, 3, 7} {
				var state []string
				rounds := 0
				for {
					rounds++
					if rounds > 20 {
						t.Fatal("the race does not end")
					}
					var parts []string
					for k := 1; k <= n; k++ {
						out, _ := runCode(t, 0, withDB("tune", tc.args, append([]string{"--json", "--shard", fmt.Sprintf("%d/%d", k, n)}, state...)...)...)
						p := filepath.Join(dir, fmt.Sprintf("r%d-%d-of-%d.json", rounds, k, n))
						if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
							t.Fatal(err)
						}
						parts = append(parts, p)
					}
					out, _ := runCode(t, 0, withDB("merge", dbOf(tc.args), append([]string{"--json", "-q"}, parts...)...)...)
					if !strings.Contains(out, `"format": "deckwright-partial/1"`) {
						if out != wantJSON {
							t.Errorf("%d shards, %d rounds, merged give\n%s\nthe single run\n%s", n, rounds, out, wantJSON)
						}
						if text, _ := runCode(t, 0, withDB("merge", dbOf(tc.args), append([]string{"-q"}, parts...)...)...); text != wantText {
							t.Errorf("%d shards merged print\n%s\nthe single run\n%s", n, text, wantText)
						}
						break
					}
					st := filepath.Join(dir, fmt.Sprintf("state-%d-of-%d.json", rounds, n))
					if err := os.WriteFile(st, []byte(out), 0o644); err != nil {
						t.Fatal(err)
					}
					state = []string{"--state", st}
				}
				if rounds < 2 {
					t.Errorf("%d shards: a race of %d round; want a budget that makes several", n, rounds)
				}
			}
		})
	}
}

// TestOptimizeShardsMergeToTheRun plays optimize climbs round by round
// (every step's race, then the final check) in 1, 2 and 3 shards, merging
// each round's parts into the next state, until the merge prints the
// report: the single run's JSON and table, byte for byte.
func TestOptimizeShardsMergeToTheRun(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"seeker", []string{"seeker-chronicles/cosmos", "--pool", "../../../../docs/examples/playtest/seeker-extra-pile.txt", "--evals", "30", "--games", "60", "--check", "1000", "--keep", "Comet"}},
		{"playtest block", []string{"--db", "../../../../docs/examples/lanterns", "lanterns/starter", "--evals", "30", "--games", "60", "--check", "1001"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantJSON, _ := runCode(t, 0, withDB("optimize", tc.args, "--json", "-q")...)
			wantText, _ := runCode(t, 0, withDB("optimize", tc.args, "-q")...)
			if !strings.Contains(wantJSON, `"path": [`+"\n") || !strings.Contains(wantJSON, `"check": {`) {
				t.Fatalf("the single run keeps no swap, so checks nothing:\n%s", wantJSON)
			}
			dir := t.TempDir()
			for _, n := range []int{1, 2, 3} {
				var state []string
				rounds, checked := 0, false
				for {
					rounds++
					if rounds > 40 {
						t.Fatal("the climb does not end")
					}
					var parts []string
					for k := 1; k <= n; k++ {
						out, _ := runCode(t, 0, withDB("optimize", tc.args, append([]string{"--json", "--shard", fmt.Sprintf("%d/%d", k, n)}, state...)...)...)
						checked = checked || strings.Contains(out, `"first_game": 1099511627776`)
						p := filepath.Join(dir, fmt.Sprintf("r%d-%d-of-%d.json", rounds, k, n))
						if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
							t.Fatal(err)
						}
						parts = append(parts, p)
					}
					out, _ := runCode(t, 0, withDB("merge", dbOf(tc.args), append([]string{"--json", "-q"}, parts...)...)...)
					if !strings.Contains(out, `"format": "deckwright-partial/1"`) {
						if out != wantJSON {
							t.Errorf("%d shards, %d rounds, merged give\n%s\nthe single run\n%s", n, rounds, out, wantJSON)
						}
						if text, _ := runCode(t, 0, withDB("merge", dbOf(tc.args), append([]string{"-q"}, parts...)...)...); text != wantText {
							t.Errorf("%d shards merged print\n%s\nthe single run\n%s", n, text, wantText)
						}
						break
					}
					st := filepath.Join(dir, fmt.Sprintf("state-%d-of-%d.json", rounds, n))
					if err := os.WriteFile(st, []byte(out), 0o644); err != nil {
						t.Fatal(err)
					}
					state = []string{"--state", st}
				}
				if rounds < 4 || !checked {
					t.Errorf("%d shards: a climb of %d rounds, the check's played %v; want several rounds and the check's", n, rounds, checked)
				}
			}
		})
	}
}
