package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/internal/safefile"
)

type mergeOptions struct {
	io    IO
	g     *globalOptions
	parts []string
	json  bool
	csv   string
}

// maxPartBytes bounds a partial result's file.
const maxPartBytes = 64 << 20

func newMergeCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &mergeOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "merge PARTS...",
		Short: "Add up the shards of a goldfish, compare, tune or optimize run and print its report",
		Long: `Read the partial results that the N shards of one run wrote (goldfish or
compare --shard K/N --json, K from 1 to N) and print the report of the whole
run: the same table, or with --json the same bytes, as the run played on one
machine, since game i of a seed is the same game whichever shard plays it.

A tune race is sharded round by round: merge adds up the N parts of a
round and writes the state of the race, which the next round's shards take
with tune --state; once the race is over it prints the report instead.
An optimize climb is sharded the same way (optimize --shard K/N --json
--evals E --state STATE): its rounds are each step's race, then the final
check, after whose merge merge prints the report.

merge opens the decks again (give it the same --db and run it where the
decks' paths lead) and refuses, with exit status 2, parts of different runs
(another deck or card data, seed, games, mode, policy or settings), a shard
given twice, a shard missing, and a file that is not a whole partial result.

Exit status: 0 done, 1 a deck now breaks a deck-building rule, 2 usage error
or parts that do not make one run.`,
		Example: `  deckwright goldfish my-deck.txt --games 100000 --shard 1/2 --json > part1.json
  deckwright goldfish my-deck.txt --games 100000 --shard 2/2 --json > part2.json
  deckwright merge part1.json part2.json`,
		Args: argsUsage(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.parts = args
			return runMerge(opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.json, "json", false, "print JSON, as the single run's --json")
	f.StringVar(&opts.csv, "csv", "", "goldfish: print one table as CSV instead of the report (as goldfish --csv)")
	return cmd
}

// readPart reads one partial result: a whole JSON object of the format,
// nothing after it, no unknown field.
func readPart(name string) (*partial, error) {
	b, err := safefile.ReadPath(name, maxPartBytes)
	if err != nil {
		return nil, inputError(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var pt partial
	if err := dec.Decode(&pt); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return nil, usageError("%s: not a whole partial result (the file ends at byte %d: truncated?)", name, len(b))
		}
		return nil, usageError("%s: not a partial result of deckwright goldfish or compare --shard: %v", name, err)
	}
	if dec.More() {
		return nil, usageError("%s: more than one JSON value; a part holds one shard", name)
	}
	if pt.Format != partialFormat {
		return nil, usageError("%s: format %q, want %q (a part written by goldfish or compare --shard K/N --json)", name, pt.Format, partialFormat)
	}
	pt.file = name
	return &pt, nil
}

// sameRun says how part b differs from part a as a run, "" for not.
func sameRun(a, b *partial) string {
	switch {
	case a.Command != b.Command:
		return fmt.Sprintf("%s part and %s part", article(a.Command), article(b.Command))
	case a.Shards != b.Shards:
		return fmt.Sprintf("%d shards and %d shards", a.Shards, b.Shards)
	case a.TotalGames != b.TotalGames:
		return fmt.Sprintf("runs of %d and %d games", a.TotalGames, b.TotalGames)
	case a.Seed != b.Seed:
		return fmt.Sprintf("seeds %d and %d", a.Seed, b.Seed)
	case len(a.Decks) != len(b.Decks):
		return "different decks"
	case a.Game != b.Game || a.MaxTurns != b.MaxTurns || a.Force != b.Force || !maps.Equal(a.Settings, b.Settings) || (a.Tune == nil) != (b.Tune == nil) || a.Tune != nil && *a.Tune != *b.Tune ||
		(a.Optimize == nil) != (b.Optimize == nil) || a.Optimize != nil && !a.Optimize.equal(b.Optimize):
		return fmt.Sprintf("different settings (%s and %s)", settingsText(a), settingsText(b))
	}
	for i := range a.Decks {
		if a.Decks[i].Deck != b.Decks[i].Deck {
			return fmt.Sprintf("decks %s and %s", a.Decks[i].Deck, b.Decks[i].Deck)
		}
		if a.Decks[i].Fingerprint != b.Decks[i].Fingerprint {
			return fmt.Sprintf("two versions of %s (its cards or card data changed between the shards)", a.Decks[i].Deck)
		}
	}
	return ""
}

// settingsText writes a part's settings as flags.
func settingsText(p *partial) string {
	s := fmt.Sprintf("--max-turns %d", p.MaxTurns)
	if p.Game != "" {
		s += " --game " + p.Game
	}
	if p.Force {
		s += " --force"
	}
	for _, k := range sortedKeys(p.Settings) {
		s += fmt.Sprintf(" --%s %s", k, p.Settings[k])
	}
	return s
}

func sortedKeys(m map[string]string) []string {
	return slices.Sorted(maps.Keys(m))
}

// checkParts checks that the parts are the N shards of one run, each
// once, and returns them in shard order.
func checkParts(names []string, parts []*partial) ([]*partial, error) {
	first := parts[0]
	n := first.Shards
	if n < 1 || n > maxShards || first.TotalGames < n || first.TotalGames > maxGames {
		return nil, usageError("%s: shards %d of a run of %d games: not a run --shard writes", names[0], n, first.TotalGames)
	}
	if first.Command == "tune-state" {
		return nil, usageError("%s: the state of a tune race between rounds: play the next round with tune --shard K/N --json --state %s, then merge its parts", names[0], names[0])
	}
	if first.Command == "optimize-state" {
		return nil, usageError("%s: the state of an optimize climb between rounds: play the next round with optimize --shard K/N --json --state %s, then merge its parts", names[0], names[0])
	}
	if len(first.Decks) != map[string]int{"goldfish": 1, "compare": 2, "tune": 2, "optimize": 2}[first.Command] {
		return nil, usageError("%s: a %q part with %d decks: not a part goldfish or compare writes", names[0], first.Command, len(first.Decks))
	}
	byShard := make([]int, n+1) // part index + 1, by shard
	for i, p := range parts {
		if d := sameRun(first, p); d != "" {
			return nil, usageError("%s and %s are parts of different runs: %s", names[0], names[i], d)
		}
		if p.Shard < 1 || p.Shard > n {
			return nil, usageError("%s: shard %d of %d: want 1 to %d", names[i], p.Shard, n, n)
		}
		if j := byShard[p.Shard]; j > 0 {
			return nil, usageError("%s and %s are both shard %d/%d: give each shard once", names[j-1], names[i], p.Shard, n)
		}
		byShard[p.Shard] = i + 1
		if lo, count := shardGames(p.Shard, n, p.TotalGames); !rounded(p.Command) && (p.First != lo || p.Games != count) {
			return nil, usageError("%s: shard %d/%d holds games %d to %d, want %d to %d", names[i], p.Shard, n, p.First+1, p.First+p.Games, lo+1, lo+count)
		}
		if (p.Command == "goldfish") != (p.Counts != nil) || (p.Command == "compare") != (p.Pairs != nil) || rounded(p.Command) != (p.RoundSums != nil) {
			return nil, usageError("%s: a %s part without its sums", names[i], p.Command)
		}
	}
	var missing []int
	ordered := make([]*partial, 0, n)
	for k := 1; k <= n; k++ {
		if byShard[k] == 0 {
			missing = append(missing, k)
			continue
		}
		ordered = append(ordered, parts[byShard[k]-1])
	}
	if len(missing) > 0 {
		return nil, usageError("shard %s of %d missing: merge needs all %d parts of the run", shardList(missing), n, n)
	}
	return ordered, nil
}

// article writes a command's name after "a" or "an": "a tune", "an optimize".
func article(command string) string {
	if command != "" && strings.ContainsRune("aeiou", rune(command[0])) {
		return "an " + command
	}
	return "a " + command
}

// rounded says whether a command's shards play a search round by round
// (tune, optimize).
func rounded(command string) bool { return command == "tune" || command == "optimize" }

// shardList writes shard numbers: "3", "2, 3 and 5", "2, 3, 4 and 9 more".
func shardList(ks []int) string {
	s := ""
	for i, k := range ks {
		switch {
		case i == 5:
			return s + fmt.Sprintf(" and %d more", len(ks)-5)
		case i > 0 && i == len(ks)-1:
			s += " and "
		case i > 0:
			s += ", "
		}
		s += fmt.Sprint(k)
	}
	return s
}

func runMerge(opts *mergeOptions) error {
	if opts.json && opts.csv != "" {
		return usageError("--json and --csv: choose one")
	}
	parts := make([]*partial, len(opts.parts))
	for i, name := range opts.parts {
		p, err := readPart(name)
		if err != nil {
			return err
		}
		parts[i] = p
	}
	parts, err := checkParts(opts.parts, parts)
	if err != nil {
		return err
	}
	first := parts[0]
	if rounded(first.Command) {
		if opts.csv != "" {
			return usageError("--csv is for goldfish parts; these are %s parts", first.Command)
		}
		if first.Command == "optimize" {
			return mergeOptimize(opts, parts)
		}
		return mergeTune(opts, parts)
	}
	gopts := &goldfishOptions{io: opts.io, g: opts.g, game: first.Game, set: settingsFrom(first.Settings), games: first.TotalGames,
		seed: first.Seed, maxTurns: first.MaxTurns, force: first.Force, json: opts.json, csv: opts.csv}
	if err := gopts.check(); err != nil {
		return usageError("the parts' settings: %v", err)
	}
	if first.Command == "compare" && opts.csv != "" {
		return usageError("--csv is for goldfish parts; these are compare parts")
	}
	db, err := opts.g.loadDBFor(first.Game)
	if err != nil {
		return err
	}
	var decks []*playtest
	for _, d := range first.Decks {
		p, err := loadPlaytest(opts.io.Err, db, d.Deck, gopts)
		if err != nil {
			return err
		}
		if fp := fingerprint(p); fp != d.Fingerprint {
			return usageError("%s is not the deck the shards played: its cards or card data changed since (fingerprint %.12s, the parts' %.12s); play the shards again", d.Deck, fp, d.Fingerprint)
		}
		decks = append(decks, p)
	}
	switch first.Command {
	case "goldfish":
		return mergeGoldfish(gopts, decks[0], parts)
	case "compare":
		if decks[0].deck.Game.ID != decks[1].deck.Game.ID {
			return usageError("%s and %s are decks of different games", first.Decks[0].Deck, first.Decks[1].Deck)
		}
		return mergeCompare(gopts, decks[0], decks[1], parts)
	}
	return usageError("%s: command %q: want goldfish or compare", opts.parts[0], first.Command)
}

// mergeGoldfish adds up the counts of goldfish shards and prints the
// run's report.
func mergeGoldfish(opts *goldfishOptions, p *playtest, parts []*partial) error {
	total := engine.NewCounts(&p.play.Spec)
	for _, pt := range parts {
		if err := pt.Counts.Check(&p.play.Spec); err != nil {
			return usageError("%s: %v", pt.file, err)
		}
		if pt.Counts.Games != int64(pt.Games) {
			return usageError("%s: counts of %d games, want %d", pt.file, pt.Counts.Games, pt.Games)
		}
		if err := total.Add(pt.Counts); err != nil {
			return usageError("%s: %v", pt.file, err)
		}
	}
	s, err := total.Summarize(&p.play.Spec)
	if err != nil {
		return usageError("%v", err)
	}
	return writeGoldfish(opts, p, s)
}

// mergeCompare adds up the sums of compare shards and prints the run's
// report.
func mergeCompare(gopts *goldfishOptions, pa, pb *playtest, parts []*partial) error {
	figs := pa.play.Figures
	total := make([]engine.PairSums, len(figs))
	for _, pt := range parts {
		if len(pt.Pairs) != len(figs) {
			return usageError("%s: sums of %d figures, want %d", pt.file, len(pt.Pairs), len(figs))
		}
		for f := range pt.Pairs {
			if pt.Pairs[f].Games() > pt.Games {
				return usageError("%s: figure %s has %d games of %d", pt.file, figs[f].Key, pt.Pairs[f].Games(), pt.Games)
			}
			if err := total[f].AddChecked(&pt.Pairs[f]); err != nil {
				return usageError("%s: %v", pt.file, err)
			}
		}
	}
	res, err := engine.PairedFrom(total, figs, gopts.games, false)
	if err != nil {
		return usageError("%v", err)
	}
	copts := &compareOptions{io: gopts.io, g: gopts.g, a: pa.arg, b: pb.arg, game: gopts.game, set: gopts.set, games: gopts.games, seed: gopts.seed, maxTurns: gopts.maxTurns, json: gopts.json}
	return writeCompare(copts, pa, pb, res)
}
