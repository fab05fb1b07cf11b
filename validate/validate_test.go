package validate_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/validate"
)

// The annotated decks in testdata/ follow the convention of
// testdata/README.md: a comment "# want RULE..." on a line lists the
// findings that must point at that line, and "RULE@N" in such a comment
// points at line N instead.

// publicRules are the rule names validate's package doc promises as a
// public contract.
var publicRules = []string{
	"section-size", "copy-limit", "unknown-card", "unknown-section", "card-type", "card-section", "companion",
	"leader", "faction-limit", "guardian-stages", "domain", "non-innate",
	"packs", "manifest", "affiliation", "format-list",
}

// warningRules are the rules whose findings are warnings: their docs say
// the deck stays legal (domain: rules C and D of play; non-innate: a cost in
// play). Every other rule makes a deck illegal.
var warningRules = map[string]bool{"domain": true, "non-innate": true}

// mixedRules are the rules that report both errors and warnings: packs
// (similar colours are advice) and manifest (cards missing from the data,
// not from the print set). Their warnings are annotated "RULE:warning".
var mixedRules = map[string]bool{"packs": true, "manifest": true}

// findingKey is how a finding is annotated: its rule, with ":warning" for a
// warning of a mixed rule.
func findingKey(f validate.Finding) string {
	if mixedRules[f.Rule] && f.Severity == validate.Warning {
		return f.Rule + ":warning"
	}
	return f.Rule
}

var (
	dbOnce sync.Once
	testDB *cardsdb.DB
	dbErr  error
)

// loadDB returns the bundled games plus the test-only games of
// testdata/games (fourfold: four factions, to break faction-limit).
func loadDB(t *testing.T) *cardsdb.DB {
	t.Helper()
	dbOnce.Do(func() {
		testDB, dbErr = cardsdb.LoadBundled()
		if dbErr == nil {
			dbErr = testDB.AddFS(os.DirFS("testdata/games"), ".", "testdata/games/")
		}
	})
	if dbErr != nil {
		t.Fatal(dbErr)
	}
	return testDB
}

// deckFiles lists the annotated decks: testdata/*.txt, *.yaml and *.yml.
func deckFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{"*.txt", "*.yaml", "*.yml"} {
		m, err := filepath.Glob(filepath.Join("testdata", pat))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatal("no annotated decks in testdata")
	}
	return files
}

// check parses, resolves and validates the deck file.
func check(t *testing.T, file string) (*cardsdb.Deck, []validate.Finding) {
	t.Helper()
	db := loadDB(t)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	list, err := cardsdb.ParseDeck(file, data)
	if err != nil {
		t.Fatalf("ParseDeck: %v", err)
	}
	g, err := db.GameOf(list)
	if err != nil {
		t.Fatalf("GameOf: %v", err)
	}
	deck, err := cardsdb.Resolve(g, list)
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	return deck, validate.Check(deck)
}

// lineRule is one expected or reported finding, by line and rule.
type lineRule struct {
	line int
	rule string
}

var wantRE = regexp.MustCompile(`#\s*want\s+(.*)$`)

// parseWants reads the "# want" annotations of a deck file: how many
// findings of each rule each line must get.
func parseWants(t *testing.T, file string, data []byte) map[lineRule]int {
	t.Helper()
	known := map[string]bool{}
	for _, r := range validate.All() {
		known[r.Name] = true
	}
	wants := map[lineRule]int{}
	lines := strings.Split(string(data), "\n")
	for i, line := range lines {
		m := wantRE.FindStringSubmatch(strings.TrimRight(line, "\r"))
		if m == nil {
			continue
		}
		fields := strings.Fields(m[1])
		if len(fields) == 0 {
			t.Fatalf("%s:%d: \"# want\" names no rule", file, i+1)
		}
		for _, f := range fields {
			rule, at, hasAt := strings.Cut(f, "@")
			name, sev, hasSev := strings.Cut(rule, ":")
			if hasSev && (sev != "warning" || !mixedRules[name]) {
				t.Fatalf("%s:%d: \"# want %s\": only a rule that reports errors and warnings (%s) takes \":warning\"", file, i+1, f, strings.Join(sortedKeys(mixedRules), ", "))
			}
			n := i + 1
			if hasAt {
				var err error
				if n, err = strconv.Atoi(at); err != nil || n < 1 || n > len(lines) {
					t.Fatalf("%s:%d: bad line in %q: want RULE@LINE with a line of the file", file, i+1, f)
				}
			}
			if !known[name] {
				t.Fatalf("%s:%d: \"# want %s\": no rule named %q", file, i+1, f, name)
			}
			wants[lineRule{n, rule}]++
		}
	}
	return wants
}

// TestAnnotatedDecks validates every deck of testdata/ and compares the
// findings, by line and rule, with the deck's "# want" annotations: a
// missing finding and an unexpected one both fail.
func TestAnnotatedDecks(t *testing.T) {
	for _, file := range deckFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			wants := parseWants(t, file, data)
			_, findings := check(t, file)

			got := map[lineRule][]validate.Finding{}
			for _, f := range findings {
				if f.Pos.File != file {
					t.Errorf("finding in file %q, want %q: %v", f.Pos.File, file, f)
				}
				if f.Pos.Line < 1 || f.Pos.Col < 1 {
					t.Errorf("finding without a line and column: %v", f)
				}
				if want := warningRules[f.Rule]; !mixedRules[f.Rule] && (f.Severity == validate.Warning) != want {
					t.Errorf("finding has severity %s, want %s for rule %s: %v", f.Severity, map[bool]string{true: "warning", false: "error"}[want], f.Rule, f)
				}
				if f.Message == "" {
					t.Errorf("finding without a message: %v", f)
				}
				k := lineRule{f.Pos.Line, findingKey(f)}
				got[k] = append(got[k], f)
			}

			var problems []string
			keys := map[lineRule]bool{}
			for k := range wants {
				keys[k] = true
			}
			for k := range got {
				keys[k] = true
			}
			sorted := make([]lineRule, 0, len(keys))
			for k := range keys {
				sorted = append(sorted, k)
			}
			sort.Slice(sorted, func(i, j int) bool {
				if sorted[i].line != sorted[j].line {
					return sorted[i].line < sorted[j].line
				}
				return sorted[i].rule < sorted[j].rule
			})
			for _, k := range sorted {
				w, g := wants[k], got[k]
				switch {
				case len(g) < w:
					problems = append(problems, fmt.Sprintf("%s:%d: missing %s finding [%s] (want %d, got %d)", file, k.line, k.rule, k.rule, w, len(g)))
				case len(g) > w:
					for _, f := range g[w:] {
						problems = append(problems, fmt.Sprintf("unexpected finding (no \"# want %s\" on line %d): %v", k.rule, k.line, f))
					}
				}
			}
			if len(problems) > 0 {
				var all strings.Builder
				for _, f := range findings {
					all.WriteString("\n\t" + f.String())
				}
				t.Errorf("%s\nall findings:%s", strings.Join(problems, "\n"), all.String())
			}

			if strings.HasPrefix(filepath.Base(file), "legal-") && !validate.Legal(findings) {
				t.Errorf("a legal- deck must have no error findings (warnings are allowed), got %v", findings)
			}
		})
	}
}

// TestEveryRuleIsCovered makes sure the annotated decks want a finding of
// every rule at least once.
func TestEveryRuleIsCovered(t *testing.T) {
	seen := map[string]int{}
	for _, file := range deckFiles(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for k, n := range parseWants(t, file, data) {
			seen[k.rule] += n
			if name, _, ok := strings.Cut(k.rule, ":"); ok {
				seen[name] += n
			}
		}
	}
	for _, r := range validate.All() {
		if seen[r.Name] == 0 {
			t.Errorf("no annotated deck in testdata wants a finding of rule %s", r.Name)
		}
		if mixedRules[r.Name] && seen[r.Name+":warning"] == 0 {
			t.Errorf("no annotated deck in testdata wants a warning of rule %s", r.Name)
		}
	}
}

// TestRuleNames checks the rule names against the public contract of the
// package doc, and that Lookup finds each one.
func TestRuleNames(t *testing.T) {
	var names []string
	for _, r := range validate.All() {
		names = append(names, r.Name)
		if validate.Lookup(r.Name) != r {
			t.Errorf("Lookup(%q) does not return the rule", r.Name)
		}
		if r.Doc == "" {
			t.Errorf("rule %s has no Doc", r.Name)
		}
	}
	sort.Strings(names)
	want := append([]string(nil), publicRules...)
	sort.Strings(want)
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("rules are %v, want the public %v", names, want)
	}
	if validate.Lookup("no-such-rule") != nil {
		t.Error("Lookup of an unknown name returned a rule")
	}
}

// TestMessages checks the exact wording of findings whose message is the
// public face of the rule: what was expected, what was found, how to fix it.
// Each message is worked out from the game's rules, not copied from output.
func TestMessages(t *testing.T) {
	tests := []struct {
		file string
		line int
		rule string
		msg  string
	}{
		// Seeker Chronicles: a stack is exactly 40 modules, up to 3 copies each.
		{"sc-size-stack-39.txt", 3, "section-size", "Stack has 39 Modules, want exactly 40 (add 1)"},
		{"sc-size-two-guardians.txt", 5, "section-size", "Guardians has 2 Guardians, want exactly 3 (add 1)"},
		{"sc-size-two-guardians.txt", 1, "section-size", "G-modules has 2 G-modules, want exactly 3 (add 1)"},
		{"sc-size-two-guardians.txt", 8, "section-size", "Stack has 41 Modules, want exactly 40 (remove 1)"},
		{"sc-size-missing-stack.txt", 4, "section-size", "Stack has 0 Modules, want exactly 40 (add 40)"},
		// Copies over the copy limit are counted once: copy-limit asks to
		// remove them, and the size advice is for what is left after.
		{"sc-size-over-limit.txt", 9, "section-size", "Stack has 41 Modules, want exactly 40 (removing the copy over the copy limit fixes it)"},
		{"sc-size-over-limit-39.txt", 8, "section-size", "Stack has 39 Modules, want exactly 40 (add 2 once the copy over the copy limit is removed)"},
		{"ark-main-46-over-limit.txt", 7, "section-size", "Main has 46 cards, want 33 to 42 (remove 2 to 11 besides the 2 copies over the copy limit)"},
		// Unknown cards count toward their section: fixing their names and
		// following the advice gives the right count.
		{"sc-size-unknown.txt", 5, "section-size", "Stack has 38 Modules and 3 unknown cards, want exactly 40 (remove 1)"},
		{"sc-size-unknown-noheader.txt", 5, "section-size", "Stack has 39 Modules and 2 unknown cards, want exactly 40 (remove 1)"},
		{"sc-unknown-card.txt", 8, "section-size", "Stack has 40 Modules and 5 unknown cards, want exactly 40 (remove 5)"},
		{"sc-size-unknown-guardian.txt", 5, "section-size", "Guardians has 1 Guardian and 1 unknown card, want exactly 3 (add 1)"},
		{"sc-size-unknown-guardian.txt", 1, "section-size", "G-modules has 1 G-module and 1 to come with an unknown Guardian, want exactly 3 (add 1)"},
		{"ff-unknown-two-heroes.txt", 3, "leader", `deck has 2 Heroes ("Red Hero", "Nutral Hero"), want exactly one; keep one`},
		{"sc-copy-limit.txt", 8, "copy-limit", `4 copies of "Rogue Star" in Stack, at most 3 copies allowed (remove 1)`},
		{"sc-copy-limit.txt", 10, "copy-limit", `4 copies of "Comet" in Stack, at most 3 copies allowed (remove 1)`},
		{"sc-unknown-card.txt", 26, "unknown-card", `no card named "Rouge Star" in Seeker Chronicles; did you mean "Rogue Star"?`},
		{"sc-unknown-card.txt", 27, "unknown-card", `no card named "Schrödinger's Kat" in Seeker Chronicles; did you mean "Schrödinger's Cat"?`},
		{"sc-unknown-card.txt", 28, "unknown-card", `no card named "Quantum Leap" in Seeker Chronicles`},
		{"sc-card-type.txt", 27, "card-type", `"Time" is a Bane; Stack takes only Modules; remove it (no section of a Seeker Chronicles deck takes Banes)`},
		{"sc-card-type.txt", 4, "card-type", `"Noise" is a Bane, and no section of a Seeker Chronicles deck takes Banes; remove it`},
		{"sc-companion.txt", 8, "companion", `"Tesla Coil" is listed, but none of this deck's Guardians brings it (Johnson brings Spaceflight, Newton brings Optical Prism, Hawking brings Hawking Radiation); remove it`},
		{"sc-companion.txt", 6, "section-size", "G-modules has 4 G-modules, want exactly 3 (remove 1)"},
		{"sc-guardian-stages.txt", 6, "guardian-stages", `"Johnson" and "Noether" both have a stage-I G-module; the G-modules have stages I (Johnson), I (Noether), III (Hawking), want one each of I, II and III (replace one with a Guardian whose G-module is stage II)`},
		{"sc-domain.txt", 9, "domain", `"Gluon" (Quantum) can never be linked or hyperlinked: no Guardian of this deck is Quantum (rule D; Guardians: Johnson (Cosmos), Newton (Cosmos), Hawking (Cosmos)); add a Quantum Guardian or remove it`},
		{"sc-domain-rule-c.txt", 6, "domain", `"Tesla" (Order) can never be activated: the deck holds no Order or Logic module (rule C); add some or choose another Guardian`},

		// Hubworld's real cards: a format takes the cards of its sets.
		{"hr-format-list.txt", 30, "format-list", `"Harbor Courier" is from set "promo", which Pre-Release does not take (its sets: pre-release); remove it`},

		// Arkhtide: Main Deck 33-42, at most 3 copies; Realm Deck exactly 7, no copies; one Seeker.
		{"ark-main-32.txt", 6, "section-size", "Main has 32 cards, want 33 to 42 (add 1 to 10)"},
		{"ark-main-43.txt", 6, "section-size", "Main has 43 cards, want 33 to 42 (remove 1 to 10)"},
		{"ark-copy-limit.txt", 6, "copy-limit", `4 copies of "Ashen Acolyte" in Main, at most 3 copies allowed (remove 1)`},
		{"ark-copy-limit.txt", 31, "copy-limit", `2 copies of "Glasswind Dunes" in Realms, it takes one of each card (remove 1)`},
		{"ark-copy-limit.txt", 32, "copy-limit", `"The Still Eye" may not be in Realms; remove it`},
		{"ark-card-type.txt", 23, "card-type", `"Glasswind Dunes" is a Realm; Main takes only Units, Feats and Bindings; move it to Realms`},
		{"ark-card-type.txt", 32, "card-type", `"Scorched Herald" is a Unit; Realms takes only Realms; move it to Main`},
		{"ark-card-section.txt", 31, "card-section", `"Ashen Acolyte" is in both Main (line 5) and Realms; keep it in one section`},
		{"ark-unknown-section.txt", 32, "unknown-section", `unknown section "Sideboard": Arkhtide TCG decks have sections Seeker, Main, Realms; the 3 cards under it are left out of the deck`},
		{"ark-no-seeker.txt", 3, "leader", "deck has no Seeker; add exactly one Seeker under Seeker:"},
		{"ark-two-seekers.txt", 3, "leader", `deck has 2 Seekers ("Thryïnn, the Last Kindler", "Oathwarden Maelis Corrow"), want exactly one; keep one`},
		{"ark-seeker-copies.txt", 3, "leader", `2 copies of "Thryïnn, the Last Kindler", want exactly one Seeker (remove 1)`},
		// The same Seeker on two lines is one Seeker in two copies, not two Seekers.
		{"ark-seeker-two-lines.txt", 3, "leader", `2 copies of "Thryïnn, the Last Kindler", want exactly one Seeker (remove 1)`},
		// Neutral cards belong to no faction, so they are not Innate either.
		{"ark-non-innate.txt", 23, "non-innate", `8 cards not innate to Thryïnn, the Last Kindler's Ember Covenant ("Arkhé Warden", "Shard of Quintessence", "Gutter Crew", "Picked Clean"): invoking them all costs 8 Willpower of 13`},
		{"legal-three-factions.yaml", 22, "non-innate", `13 cards not innate to Hierophant Ysolde Marrowtide's Drowned Choir ("Kiln-Sworn Guard", "Trial by Cinders", "Brand of the Kiln", "Gutter Crew", "Patchwork Plating", "Picked Clean"): invoking them all costs 13 Willpower of 13`},

		// Fourfold (testdata/games): faction-limit max 3, neutral never counts.
		{"ff-four-factions.txt", 10, "faction-limit", `deck uses 4 factions (Red, Blue, Green, Gold), at most 3 allowed counting the leader's Red; remove the 1 Gold card ("Gold Soldier")`},
		{"ff-four-factions.txt", 8, "non-innate", `9 cards not innate to Red Hero's Red ("Blue Soldier", "Green Soldier", "Gold Soldier", "Grey Soldier"): invoking them all costs 9 Willpower of 13`},
		// A leader without a faction (or a neutral one) gives no main faction: no card is Innate.
		{"ff-factionless-leader.txt", 6, "non-innate", `Hero "Stray Hero" has no faction, so the deck has no main faction and no card is innate: invoking all 8 cards costs 8 Willpower of 13; choose a Hero with a faction`},
		{"ff-neutral-leader.txt", 6, "non-innate", `Hero "Neutral Hero" is Neutral, so the deck has no main faction and no card is innate: invoking all 9 cards costs 9 Willpower of 13; choose a Hero with a faction`},
		{"ff-leader-only-faction.txt", 8, "faction-limit", `deck uses 4 factions (Red, Blue, Gold, Green), at most 3 allowed counting the leader's Red; remove the 2 Gold cards ("Gold Soldier")`},
		// Kaizerseat setups: one pack per player, packs by name, colour advice.
		{"kz-packs.yaml", 6, "packs", "setup has 3 packs for 4 players, want one pack per player (add 1)"},
		{"kz-packs.yaml", 8, "packs", `no pack named "Solongneck" in Kaizerseat; did you mean "Solongnecks"?`},
		{"kz-packs.yaml", 10, "packs", `packs "Cracktapus" (light blue, colour group blue) and "Sirens of Seatongue" (dark blue, colour group blue) are of similar colour; the rulebook advises: "It's recommended to not include two Seekers of similar color in the same game. They have similar actions and might make the game monotone."; consider another pack instead of "Sirens of Seatongue"`},
		{"legal-kz-blues.yaml", 11, "packs", `packs "Cracktapus" (light blue, colour group blue) and "Sirens of Seatongue" (dark blue, colour group blue) are of similar colour; the rulebook advises: "It's recommended to not include two Seekers of similar color in the same game. They have similar actions and might make the game monotone."; consider another pack instead of "Sirens of Seatongue"`},
		{"kz-packs.yaml", 11, "packs", `pack "Cracktapus" is chosen twice (first on line 9); choose each pack once`},
		{"kz-too-many.txt", 5, "packs", "setup has 5 packs for 3 players, want one pack per player (remove 2)"},
		{"kz-no-players.yaml", 2, "packs", "setup gives no player count; add players: N and choose one pack per player"},
		// Hubworld: affiliation icons brought by the agents (match: icons).
		{"hw-affiliation.txt", 6, "affiliation", `"Brother Quill of the Hush" needs 1 Quiet Choir icon, the deck's agents bring none; add a Quiet Choir agent or remove it`},
		{"hw-affiliation.txt", 14, "affiliation", `"Grand Heist" needs 2 Lantern Syndicate icons, the deck's agents bring 1 (Wick Fence Marrow); add agents with 1 more Lantern Syndicate icon or remove it`},
		{"hw-deck-rules.txt", 7, "section-size", "Deck has 37 cards, want exactly 36 (add 1 once the 2 copies over the copy limit are removed)"},
		{"hw-deck-rules.txt", 12, "copy-limit", `2 copies of "Pitboy Nell" in Deck, it takes one of each card (remove 1)`},
		{"hw-seven-agents.txt", 6, "section-size", "Deck has 7 Agents, want exactly 6 (remove 1)"},
		// Seeders: a print set against the physical set, expert mode.
		{"sd-manifest.yaml", 9, "manifest", `7 copies of "Convert" in the print set, the physical set in Expert mode has 8 (add 1)`},
		{"sd-manifest.yaml", 10, "manifest", `1 copy of "Apprentice" in the print set, Expert mode removes 1 of its 1 (remove 1)`},
		{"sd-manifest.yaml", 17, "manifest", `12 copies of "Worker" in the print set, Expert mode removes 2 of its 12 (remove 2)`},
		{"sd-manifest.yaml", 5, "manifest", "Secondary Crew cards: the print set has 27, the physical set in Expert mode has 26 (the cards that differ are reported one by one)"},
		{"legal-sd-full-set.txt", 3, "manifest", "Ark cards: the manifest has 162, the game's card files hold 8; the other 154 are not in deckwright's data yet (add them to a cards file to print a full set)"},
		// A neutral leader gives no main faction: four counted factions, one too many.
		{"ff-neutral-leader.txt", 11, "faction-limit", `deck uses 4 factions (Red, Blue, Green, Gold), at most 3 allowed; remove the 1 Gold card ("Gold Soldier")`},
	}
	cache := map[string][]validate.Finding{}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s:%d/%s", tc.file, tc.line, tc.rule), func(t *testing.T) {
			file := filepath.Join("testdata", tc.file)
			findings, ok := cache[file]
			if !ok {
				_, findings = check(t, file)
				cache[file] = findings
			}
			var same []string
			for _, f := range findings {
				if f.Pos.Line == tc.line && f.Rule == tc.rule {
					if f.Message == tc.msg {
						return
					}
					same = append(same, f.Message)
				}
			}
			if len(same) == 0 {
				t.Fatalf("no %s finding on line %d; findings: %v", tc.rule, tc.line, findings)
			}
			t.Errorf("%s:%d: %s message\n got: %s\nwant: %s", file, tc.line, tc.rule, strings.Join(same, "\n  or: "), tc.msg)
		})
	}
}

// TestBundledDecks validates the decks bundled with the games: all are
// legal; the three-faction deck has the non-Innate warning for its 13 Ember
// Covenant and Rustmark cards, and the Seeders print sets the manifest
// warning for the 154 Ark cards the data does not hold.
func TestBundledDecks(t *testing.T) {
	tests := []struct {
		ref  string
		want []string // rules of the findings, in order
	}{
		{"seeker-chronicles/cosmos", nil},
		{"seeker-chronicles/order", nil},
		{"seeker-chronicles/quantum", nil},
		{"arkhtide/ember-covenant-mono", []string{"non-innate"}}, // its 3 neutral cards
		{"arkhtide/three-factions", []string{"non-innate"}},
		{"hubworld/sample", nil},
		{"kaizerseat/four-players", nil},
		// The publisher's recommended sets: not even the similar-colour warning.
		{"kaizerseat/starter", nil},
		{"kaizerseat/medium", nil},
		{"kaizerseat/advanced", nil},
		// Only 8 of the 162 Ark cards are in the data: a warning, not an error.
		{"seeders/full-set", []string{"manifest"}},
		{"seeders/expert", []string{"manifest"}},
	}
	db := loadDB(t)
	for _, tc := range tests {
		t.Run(tc.ref, func(t *testing.T) {
			list, err := db.BundledDeck(tc.ref)
			if err != nil {
				t.Fatal(err)
			}
			g, err := db.GameOf(list)
			if err != nil {
				t.Fatal(err)
			}
			deck, err := cardsdb.Resolve(g, list)
			if err != nil {
				t.Fatal(err)
			}
			findings := validate.Check(deck)
			var rules []string
			for _, f := range findings {
				rules = append(rules, f.Rule)
			}
			if strings.Join(rules, " ") != strings.Join(tc.want, " ") {
				t.Errorf("findings %v, want rules %v", findings, tc.want)
			}
			if !validate.Legal(findings) {
				t.Errorf("bundled deck is not legal: %v", findings)
			}
		})
	}
}

// TestFindingJSON checks the public JSON problem object of a finding.
func TestFindingJSON(t *testing.T) {
	file := filepath.Join("testdata", "sc-copy-limit.txt")
	_, findings := check(t, file)
	for _, f := range findings {
		if f.Rule != "copy-limit" || f.Card != "Rogue Star" {
			continue
		}
		got, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		want := `{"rule":"copy-limit","severity":"error","message":"4 copies of \"Rogue Star\" in Stack, at most 3 copies allowed (remove 1)","section":"stack","card":"Rogue Star","file":"testdata/sc-copy-limit.txt","line":8,"column":1}`
		if string(got) != want {
			t.Errorf("JSON\n got: %s\nwant: %s", got, want)
		}
		wantText := `testdata/sc-copy-limit.txt:8:1: error: 4 copies of "Rogue Star" in Stack, at most 3 copies allowed (remove 1) [copy-limit]`
		if f.String() != wantText {
			t.Errorf("String\n got: %s\nwant: %s", f, wantText)
		}
		return
	}
	t.Fatalf("no copy-limit finding for Rogue Star in %s: %v", file, findings)
}

// TestCheckGame checks the rules lists of game definitions: the bundled and
// test games name only known, switchable rules; an unknown rule gets a
// suggestion, an always-on rule is refused, and a rule whose default names
// a section the game lacks is refused, each at its position.
func TestCheckGame(t *testing.T) {
	db := loadDB(t)
	for _, g := range db.Games() {
		if err := validate.CheckGame(g); err != nil {
			t.Errorf("%s: %v", g.ID, err)
		}
	}
	g, err := cardsdb.ParseGame("bad/game.yaml", []byte(`id: bad
name: Bad
card_size: {width: 63, height: 88}
types: [{id: unit, name: Unit}]
sections: [{id: main, name: Main, types: [unit]}]
rules:
  - guardian-stage
  - {name: section-size}
  - domain
`), ".")
	if err != nil {
		t.Fatal(err)
	}
	err = validate.CheckGame(g)
	want := `bad/game.yaml:7:5: unknown rule "guardian-stage"; did you mean "guardian-stages"? (deckwright rules lists them)
bad/game.yaml:8:5: rule "section-size" applies to every game; remove it from rules
bad/game.yaml:9:5: rule "domain" parameter section defaults to "guardians", but Bad has no section "guardians" ("main"); set params: {section: ...}`
	if err == nil || err.Error() != want {
		t.Errorf("CheckGame error\n got: %v\nwant: %s", err, want)
	}
}

// TestRulesFor checks which rules apply to a game: every always-on rule,
// then the game's own rules with their parameters.
func TestRulesFor(t *testing.T) {
	db := loadDB(t)
	g, _ := db.Game("arkhtide")
	var names []string
	for _, a := range validate.RulesFor(g) {
		names = append(names, a.Rule.Name)
		if a.Rule.Name == "faction-limit" {
			if max, ok := a.Params["max"].(int); !ok || max != 3 {
				t.Errorf("faction-limit params %v, want max 3", a.Params)
			}
		}
	}
	want := "unknown-card unknown-section card-type card-section section-size copy-limit leader companion format-list faction-limit non-innate"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("RulesFor(arkhtide) = %s\nwant %s", got, want)
	}
}

// TestFactionLimitParams runs faction-limit with other maximums than 3 on
// the Fourfold test game: Red Hero leads 3 Red and 3 Blue Soldiers. The
// rule must report, never panic, whatever number the game definition gives.
func TestFactionLimitParams(t *testing.T) {
	tests := []struct {
		max  string
		want string // the faction-limit message, "" for none
	}{
		{"3", ""},
		{"2", ""},
		{"1", `deck uses 2 factions (Red, Blue), at most 1 allowed counting the leader's Red; remove the 3 Blue cards ("Blue Soldier")`},
		// max is at least 1 (a deck cannot have no faction at all): the game
		// is refused, and Check reports the parameter under faction-limit.
		{"0", "*"},
	}
	for _, tc := range tests {
		t.Run("max "+tc.max, func(t *testing.T) {
			d, _ := fourfoldDeck(t, "{max: "+tc.max+"}")
			var findings []validate.Finding
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("Check panicked with faction-limit max %s: %v", tc.max, r)
					}
				}()
				findings = validate.Check(d)
			}()
			var got []string
			for _, f := range findings {
				if f.Rule == "faction-limit" {
					got = append(got, f.Message)
				}
			}
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("unexpected faction-limit findings %q", got)
			case tc.want == "*" && len(got) == 0:
				t.Error("no faction-limit finding")
			case tc.want != "" && tc.want != "*" && strings.Join(got, "\n") != tc.want:
				t.Errorf("faction-limit\n got: %q\nwant: %s", got, tc.want)
			}
		})
	}
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestAffiliationMatch runs the affiliation rule on the Hubworld sample
// cards with each match parameter. The deck's agents are 3 Dockwardens, 2
// Scrapborn and 1 Lantern Syndicate: "Grand Heist" requires 2 Lantern
// Syndicate icons (icons: reported, any: allowed); "Reliquary" is Quiet
// Choir (reported either way).
func TestAffiliationMatch(t *testing.T) {
	gameYAML, err := os.ReadFile("../cardsdb/data/hubworld/game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const deck = "Seeker:\nYsolde Marr, Harbor Broker\nDeck:\nHarbormaster Edda Rook\nCrane Operator Juno\nTidewatch Sergeant\nRivet Queen Haska\nPitboy Nell\nWick Fence Marrow\n2 Grand Heist\n2 Reliquary\n"
	tests := []struct {
		params string
		want   []string // cards with an affiliation finding
	}{
		{"{brings: agent, match: icons}", []string{"Grand Heist", "Reliquary"}},
		{"{brings: agent, match: any}", []string{"Reliquary"}},
		{"{brings: agent}", []string{"Reliquary"}}, // any is the default
		// Sources bring the affiliations: Reliquary (a Quiet Choir source)
		// brings only Quiet Choir, so every other affiliated card is reported.
		{"{brings: source, match: any}", []string{"Ysolde Marr, Harbor Broker", "Harbormaster Edda Rook", "Crane Operator Juno", "Tidewatch Sergeant", "Rivet Queen Haska", "Pitboy Nell", "Wick Fence Marrow", "Grand Heist"}},
	}
	for _, tc := range tests {
		t.Run(tc.params, func(t *testing.T) {
			src := strings.Replace(string(gameYAML), "params: {brings: agent, match: icons}", "params: "+tc.params, 1)
			if src == string(gameYAML) && !strings.Contains(tc.params, "icons") {
				t.Fatal("hubworld game.yaml no longer has params: {brings: agent, match: icons}")
			}
			g, err := cardsdb.ParseGame("hubworld/game.yaml", []byte(src), ".")
			if err != nil {
				t.Fatal(err)
			}
			files, _ := filepath.Glob("../cardsdb/data/hubworld/cards/*.yaml")
			for _, f := range files {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if err := cardsdb.ParseCards(f, data, ".", g); err != nil {
					t.Fatal(err)
				}
			}
			list, err := cardsdb.ParseDecklist("deck.txt", []byte(deck))
			if err != nil {
				t.Fatal(err)
			}
			d, err := cardsdb.Resolve(g, list)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range validate.Check(d) {
				if f.Rule == "affiliation" {
					got = append(got, f.Card)
				}
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("affiliation findings for %v, want %v", got, tc.want)
			}
		})
	}
}
