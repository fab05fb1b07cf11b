package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
)

// maxShards bounds N of --shard K/N.
const maxShards = 10000

// shardSpec is --shard K/N: shard K (from 1) of N. The zero value is no
// shard: the whole run.
type shardSpec struct {
	text string
	k, n int
}

// registerShard adds --shard to f.
func registerShard(f *pflag.FlagSet, s *shardSpec) {
	f.StringVar(&s.text, "shard", "", "play only shard K of N (K from 1: 1/4 to 4/4) and, with --json, write a partial result for deckwright merge")
}

// on says whether --shard was given.
func (s *shardSpec) on() bool { return s.n > 0 }

// parse reads --shard K/N for a run of games: K from 1 to N, N at most
// the games (each shard plays one game at least).
func (s *shardSpec) parse(games int) error {
	if s.text == "" {
		return nil
	}
	ks, ns, ok := strings.Cut(s.text, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || n > maxShards || k < 1 || k > n {
		return usageError("--shard %q: want K/N, shard K of N with K from 1 to N (1/4 to 4/4) and N from 1 to %d", s.text, maxShards)
	}
	if n > games {
		return usageError("--shard %s: %s cannot make %d shards (want N at most --games)", s.text, cardsdb.Plural(games, "game"), n)
	}
	s.k, s.n = k, n
	return nil
}

// shardGames is the games of shard k (from 1) of n of a run of games:
// first to first+count-1, the run cut into n nearly equal runs in order.
func shardGames(k, n, games int) (first, count int) {
	lo := int(int64(k-1) * int64(games) / int64(n))
	hi := int(int64(k) * int64(games) / int64(n))
	return lo, hi - lo
}

// partialFormat names the format of a partial result.
const partialFormat = "deckwright-partial/1"

// partial is what one shard writes (--shard K/N --json) and merge reads:
// which games it played of which run (the command, the decks and their
// fingerprints, the settings, the seed), and their raw sums. merge adds
// the sums of the N shards and prints the report of the single run.
type partial struct {
	Format  string `json:"format"`
	Command string `json:"command"`
	// Shard is K of Shards; the shard played games First to
	// First+Games-1 of a run of TotalGames.
	Shard      int    `json:"shard"`
	Shards     int    `json:"shards"`
	First      int    `json:"first_game"`
	Games      int    `json:"games"`
	TotalGames int    `json:"total_games"`
	Seed       uint64 `json:"seed"`
	// Decks are the decks as given, with the fingerprints of what was
	// played.
	Decks []partialDeck `json:"decks"`
	// the settings of the run, as given on the command line
	Game     string            `json:"game,omitempty"`
	MaxTurns int               `json:"max_turns,omitempty"`
	Force    bool              `json:"force,omitempty"`
	Settings map[string]string `json:"settings,omitempty"`
	// Counts are a goldfish shard's counts; Pairs a compare shard's sums,
	// one per figure.
	Counts *engine.Counts    `json:"counts,omitempty"`
	Pairs  []engine.PairSums `json:"pairs,omitempty"`
	// Tune holds tune's own settings; Round is the round of the race a
	// tune shard played, Rounds the sums of the rounds before (per round,
	// per swap in the race, per figure), RoundSums its own sums of the
	// round (per swap). A "tune-state" (merge's answer between rounds)
	// has Rounds only.
	Tune      *tuneSettings         `json:"tune,omitempty"`
	Round     int                   `json:"round,omitempty"`
	Rounds    [][][]engine.PairSums `json:"rounds,omitempty"`
	RoundSums [][]engine.PairSums   `json:"round_sums,omitempty"`
	// Optimize holds optimize's own settings; an optimize shard's rounds
	// are as a tune shard's, over the climb's steps and its final check
	// ("optimize-state" between them).
	Optimize *optimizeSettings `json:"optimize,omitempty"`

	file string // the file merge read it from
}

// partialDeck is a deck of a partial result.
type partialDeck struct {
	Deck        string `json:"deck"`
	Fingerprint string `json:"fingerprint"`
}

// settingsGiven returns the engine settings given on the command line.
func (s *engineSettings) settingsGiven() map[string]string {
	var out map[string]string
	for name := range s.vals {
		if v, ok := s.given(name); ok {
			if out == nil {
				out = map[string]string{}
			}
			out[name] = v
		}
	}
	return out
}

// settingsFrom returns engine settings holding the values given.
func settingsFrom(given map[string]string) engineSettings {
	s := engineSettings{vals: map[string]*string{}, changed: map[string]bool{}}
	for name, v := range given {
		s.vals[name] = &v
		s.changed[name] = true
	}
	return s
}

// newPartial starts the partial result of a shard of opts' run.
func newPartial(command string, sh shardSpec, opts *goldfishOptions, decks ...*playtest) *partial {
	first, count := shardGames(sh.k, sh.n, opts.games)
	pt := &partial{Format: partialFormat, Command: command, Shard: sh.k, Shards: sh.n, First: first, Games: count, TotalGames: opts.games,
		Seed: opts.seed, Game: opts.game, MaxTurns: opts.maxTurns, Force: opts.force, Settings: opts.set.settingsGiven()}
	for _, p := range decks {
		pt.Decks = append(pt.Decks, partialDeck{Deck: p.arg, Fingerprint: fingerprint(p)})
	}
	return pt
}

// fingerprint sums up what a run of a deck plays: the game, the cards
// with their counts, sections and every value the engine can read, the
// opposing deck, and the compiled setup (policy, mode, what the games
// report). Two shards of one run have the same; a deck or a card file
// edited between the shards and the merge gives another.
func fingerprint(p *playtest) string {
	h := sha256.New()
	fmt.Fprintf(h, "game %q\npolicy %q mode %q %q broken %d\n", p.deck.Game.ID, p.policy, p.play.Mode, p.play.ModeText, p.broken)
	for _, v := range []any{p.play.ModeJSON, p.deck.Game.Playtest} {
		b, err := json.Marshal(v)
		if err != nil {
			b = []byte(err.Error())
		}
		h.Write(b)
	}
	sp := p.play.Spec
	fmt.Fprintf(h, "\nspec %q %q %q %q %d\n", sp.Cards, sp.Events, sp.Milestones, sp.Tallies, sp.MaxTurns)
	for _, f := range p.play.Figures {
		fmt.Fprintf(h, "figure %q\n", f.Key)
	}
	deckPrint(h, "deck", p.deck)
	if p.setup.Versus != nil {
		deckPrint(h, "versus "+p.setup.VersusName, p.setup.Versus)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// poolPrint is the fingerprint of a search's pool: each card and what
// an engine reads of it.
func poolPrint(arg string, pool []*cardsdb.Card) string {
	h := sha256.New()
	d := &cardsdb.Deck{List: &cardsdb.DeckList{Name: arg}}
	for _, c := range pool {
		d.Cards = append(d.Cards, cardsdb.DeckCard{Card: c, Count: 1})
	}
	fmt.Fprintf(h, "pool %q\n", arg)
	deckPrint(h, "pool", d)
	return hex.EncodeToString(h.Sum(nil))
}

// deckPrint writes the cards of a deck, with what an engine reads of
// them, to the fingerprint's hash.
func deckPrint(w io.Writer, label string, d *cardsdb.Deck) {
	fmt.Fprintf(w, "%s %q\n", label, d.Name())
	for _, dc := range d.Cards {
		sec := ""
		if dc.Section != nil {
			sec = dc.Section.ID
		}
		c := dc.Card
		fmt.Fprintf(w, "%d %q companion %v: %q %q %q %q %q %d\n", dc.Count, sec, dc.Companion, c.Name, c.Type, c.Text, c.Factions, c.Tags, c.DeckLimit)
		for _, k := range slices.Sorted(maps.Keys(c.Fields)) {
			v := c.Fields[k]
			ref := ""
			if v.Ref != nil {
				ref = v.Ref.Name
			}
			fmt.Fprintf(w, "  %q %v %d %v %q %q %v %q %q\n", k, v.Kind, v.Int, v.X, v.Symbol, v.Str, v.Bool, v.List, ref)
		}
	}
}
