package cardsdb_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"gopkg.in/yaml.v3"
)

// The JSON Schemas for the three YAML formats of docs/formats.md.
const (
	schemaDir     = "../docs/schema"
	schemaURLBase = "https://raw.githubusercontent.com/deckwright/deckwright/main/docs/schema/"

	gameSchema  = "game.schema.json"
	cardsSchema = "cards.schema.json"
	deckSchema  = "deck.schema.json"
)

var schemaNames = []string{gameSchema, cardsSchema, deckSchema}

// compileSchemas compiles the three schemas (checking them against the
// draft 2020-12 metaschema) and returns them by file name.
func compileSchemas(t *testing.T) map[string]*jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	for _, name := range schemaNames {
		f, err := os.Open(filepath.Join(schemaDir, name))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := schemaURLBase + name
		if obj, ok := doc.(map[string]any); !ok || obj["$id"] != want {
			t.Fatalf("%s: $id must be %q", name, want)
		}
		if err := c.AddResource(want, doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	out := map[string]*jsonschema.Schema{}
	for _, name := range schemaNames {
		sch, err := c.Compile(schemaURLBase + name)
		if err != nil {
			t.Fatalf("compile %s: %v", name, err)
		}
		out[name] = sch
	}
	return out
}

// yamlInstance decodes the first YAML document of data and turns it into a
// value as jsonschema expects it (what encoding/json produces with UseNumber).
// It also returns the YAML node tree, to report error positions.
func yamlInstance(data []byte) (any, *yaml.Node, error) {
	var root yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&root); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil, errors.New("empty YAML document")
		}
		return nil, nil, err
	}
	var v any
	if err := root.Decode(&v); err != nil {
		return nil, nil, err
	}
	v, err := jsonCompatible(v)
	if err != nil {
		return nil, nil, err
	}
	js, err := json.Marshal(v)
	if err != nil {
		return nil, nil, err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		return nil, nil, err
	}
	return inst, &root, nil
}

// jsonCompatible turns the maps yaml.v3 produces for non-string keys
// (map[any]any, e.g. for a card named "1999") into map[string]any.
func jsonCompatible(v any) (any, error) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			c, err := jsonCompatible(e)
			if err != nil {
				return nil, err
			}
			v[k] = c
		}
		return v, nil
	case map[any]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			c, err := jsonCompatible(e)
			if err != nil {
				return nil, err
			}
			switch k.(type) {
			case string, int, int64, uint64, float64, bool:
				m[fmt.Sprint(k)] = c
			default:
				return nil, fmt.Errorf("unsupported mapping key %v (%T)", k, k)
			}
		}
		return m, nil
	case []any:
		for i, e := range v {
			c, err := jsonCompatible(e)
			if err != nil {
				return nil, err
			}
			v[i] = c
		}
		return v, nil
	default:
		return v, nil
	}
}

// nodeAt finds the YAML node at a JSON-pointer-like instance location.
func nodeAt(n *yaml.Node, loc []string) *yaml.Node {
	if n != nil && n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	for _, tok := range loc {
		if n == nil {
			return nil
		}
		for n.Kind == yaml.AliasNode && n.Alias != nil {
			n = n.Alias
		}
		switch n.Kind {
		case yaml.MappingNode:
			var next *yaml.Node
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == tok {
					next = n.Content[i+1]
				}
			}
			if next == nil {
				return n
			}
			n = next
		case yaml.SequenceNode:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n.Content) {
				return n
			}
			n = n.Content[i]
		default:
			return n
		}
	}
	return n
}

var printer = message.NewPrinter(language.English)

// describe formats a validation error as "file:line:col: /location: message"
// lines, one for each leaf error.
func describe(file string, root *yaml.Node, err error) string {
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return fmt.Sprintf("%s: %v", file, err)
	}
	var lines []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		pos := file
		if n := nodeAt(root, e.InstanceLocation); n != nil {
			pos = fmt.Sprintf("%s:%d:%d", file, n.Line, n.Column)
		}
		lines = append(lines, fmt.Sprintf("%s: /%s: %s", pos,
			strings.Join(e.InstanceLocation, "/"), e.ErrorKind.LocalizedString(printer)))
	}
	walk(verr)
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func validateFile(t *testing.T, sch *jsonschema.Schema, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	inst, root, err := yamlInstance(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("%s does not match %s:\n%s", path, sch.Location, describe(path, root, err))
	}
}

// schemaFor says which schema a file under a game folder must match, or ""
// for files that are not YAML files of one of the three formats.
func schemaFor(path string) string {
	ext := strings.ToLower(filepath.Ext(path))
	if ext != ".yaml" && ext != ".yml" {
		return ""
	}
	if filepath.Base(path) == "game.yaml" {
		return gameSchema
	}
	switch filepath.Base(filepath.Dir(path)) {
	case "cards":
		return cardsSchema
	case "decks":
		return deckSchema
	}
	return ""
}

func TestBundledDataMatchesSchemas(t *testing.T) {
	schemas := compileSchemas(t)

	// The examples next to the schemas always exist, so the schemas are
	// exercised even before any bundled data has been written.
	examples := []struct{ file, schema string }{
		{"../../examples/lanterns/game.yaml", gameSchema},
		{"../../examples/lanterns/cards/cards.yaml", cardsSchema},
		{"../../examples/market/game.yaml", gameSchema},
		{"../../examples/market/cards/cards.yaml", cardsSchema},
		{"../../examples/mechanics/redgreen/game.yaml", gameSchema},
		{"../../examples/mechanics/race/game.yaml", gameSchema},
		{"../../examples/mechanics/combo/game.yaml", gameSchema},
		{"../../examples/mechanics/orchard/game.yaml", gameSchema},
		{"../../examples/mechanics/aggro/game.yaml", gameSchema},
		{"../../examples/mechanics/orchard/cards/cards.yaml", cardsSchema},
		{"example-game.yaml", gameSchema},
		{"example-cards.yaml", cardsSchema},
		{"example-deck.yaml", deckSchema},
	}
	for _, ex := range examples {
		path := filepath.Join(schemaDir, "testdata", ex.file)
		t.Run("example/"+ex.file, func(t *testing.T) {
			validateFile(t, schemas[ex.schema], path)
		})
	}

	const dataDir = "data"
	if _, err := os.Stat(dataDir); errors.Is(err, fs.ErrNotExist) {
		t.Logf("%s does not exist yet: no bundled data to check", dataDir)
		return
	}
	n := 0
	err := filepath.WalkDir(dataDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		name := schemaFor(path)
		if name == "" {
			return nil
		}
		n++
		rel, _ := filepath.Rel(dataDir, path)
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			validateFile(t, schemas[name], path)
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("checked %d bundled YAML files", n)
}

// TestSchemasDescribeEveryProperty checks that every property a schema
// declares has a description, which editors show as hover help.
func TestSchemasDescribeEveryProperty(t *testing.T) {
	for _, name := range schemaNames {
		f, err := os.Open(filepath.Join(schemaDir, name))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		root := doc.(map[string]any)
		for _, key := range []string{"title", "description"} {
			if s, _ := root[key].(string); s == "" {
				t.Errorf("%s: no %s", name, key)
			}
		}
		var walk func(v any, loc string)
		walk = func(v any, loc string) {
			switch v := v.(type) {
			case map[string]any:
				if props, ok := v["properties"].(map[string]any); ok {
					for p, ps := range props {
						if ps == false {
							continue // a property forbidden by a conditional
						}
						if m, ok := ps.(map[string]any); !ok || m["description"] == nil {
							t.Errorf("%s: %s/properties/%s has no description", name, loc, p)
						}
					}
				}
				for k, e := range v {
					if k == "if" {
						continue // a condition, not something an editor shows
					}
					walk(e, loc+"/"+k)
				}
			case []any:
				for i, e := range v {
					walk(e, fmt.Sprintf("%s/%d", loc, i))
				}
			}
		}
		walk(root, "#")
	}
}

func TestSchemasRejectBadInput(t *testing.T) {
	schemas := compileSchemas(t)
	const minimalGame = `
id: tiny
name: Tiny
card_size: {width: 63, height: 88}
types: [{id: unit, name: Unit}]
sections: [{id: main, name: Main, types: [unit]}]
`
	tests := []struct {
		name   string
		schema string
		yaml   string
		valid  bool
	}{
		// Must pass.
		{"game/minimal", gameSchema, minimalGame, true},
		{"game/factions and rules", gameSchema, minimalGame + `
factions: {values: [{id: red, name: Red}]}
rules: [singleton, {name: faction-limit, params: {max: 2}}]
`, true},
		{"cards/type fields", cardsSchema, `
game: tiny
cards:
  - {name: A, type: unit, cost: X, power: 3, keywords: [fly, swim], unique: true, faction: [red, blue]}
  - {name: B, type: unit, provisional: [cost], cost: 2}
`, true},
		{"deck/all section forms", deckSchema, `
name: Bundled deck without game key
sections:
  main: ["3 Apple", "2x Pear", Plum, {name: Fig, count: 4}, {name: Kiwi}]
  side: {Apple: 1, 1999: 2}  # 1999 is a YAML int key
`, true},

		{"game/packs, manifest and variants", gameSchema, minimalGame + `
packs: [{id: owls, name: Owls, color: brown, color_group: brown, doc: "l.4"}, {id: moles}]
manifest: [{name: Units, types: [unit], count: 40, doc: "COMPONENTS"}]
variants: [{id: short, name: Short game, doc: "p.2", remove: {Apple: 1, "Big Pear": 2}}]
`, true},
		{"game/section with exclude_tags", gameSchema, strings.Replace(minimalGame, "types: [unit]}",
			"types: [unit], exclude_tags: [neutral-realm]}", 1), true},
		{"game/sections filled by all and from_packs", gameSchema, strings.Replace(minimalGame, "types: [unit]}",
			"types: [unit], from_packs: true}, {id: extra, name: Extra, types: [unit], all: true, optional: true}", 1) + "packs: [{id: owls}]\n", true},
		{"game/playtest", gameSchema, minimalGame + "playtest: {opening_hand: 6, draw_first_turn: false, resource_types: [unit], hand_limit: 7, win_points: 20, mulligan: {times: 1, min_resources: 2}}\n", true},
		{"game/playtest unknown key", gameSchema, minimalGame + "playtest: {win_point: 20}\n", false},
		{"game/playtest win_points 0", gameSchema, minimalGame + "playtest: {win_points: 0}\n", false},
		{"game/playtest mulligan unknown key", gameSchema, minimalGame + "playtest: {mulligan: {time: 1}}\n", false},
		{"deck/setup", deckSchema, "game: tiny\nplayers: 4\npacks: [Owls, moles, Sonar & Sons]\n", true},
		{"deck/variant", deckSchema, "variant: expert\nsections: {main: [A]}\n", true},

		// Must fail.
		{"game/rule params a rule declares", gameSchema, minimalGame + "rules: [{name: affiliation, params: {brings: unit, match: icons}}, {name: non-innate, params: {of: 20}}]\n", true},
		{"game/rule param the rule does not declare", gameSchema, minimalGame + "rules: [{name: faction-limit, params: {maxx: 2}}]\n", false},
		{"game/rule param of the wrong kind", gameSchema, minimalGame + "rules: [{name: faction-limit, params: {max: three}}]\n", false},
		{"game/rule param out of range", gameSchema, minimalGame + "rules: [{name: faction-limit, params: {max: 0}}]\n", false},
		{"game/rule param not among the values", gameSchema, minimalGame + "rules: [{name: affiliation, params: {match: icon}}]\n", false},
		{"game/params for a rule that takes none", gameSchema, minimalGame + "rules: [{name: manifest, params: {section: main}}]\n", false},
		{"game/unknown top-level key", gameSchema, minimalGame + "colour: red\n", false},
		{"game/missing sections", gameSchema, `
id: tiny
name: Tiny
card_size: {width: 63, height: 88}
types: [{id: unit, name: Unit}]
`, false},
		{"game/bad id", gameSchema, strings.Replace(minimalGame, "id: tiny", "id: Tiny Game", 1), false},
		{"game/wrong kind", gameSchema, strings.Replace(minimalGame, "{id: unit, name: Unit}",
			"{id: unit, name: Unit, fields: [{name: power, kind: integer}]}", 1), false},
		{"game/enum without values", gameSchema, strings.Replace(minimalGame, "{id: unit, name: Unit}",
			"{id: unit, name: Unit, fields: [{name: speed, kind: enum}]}", 1), false},
		{"game/min on a string field", gameSchema, strings.Replace(minimalGame, "{id: unit, name: Unit}",
			"{id: unit, name: Unit, fields: [{name: title, kind: string, min: 1}]}", 1), false},
		{"game/empty count", gameSchema, strings.Replace(minimalGame, "types: [unit]}",
			"types: [unit], count: {}}", 1), false},
		{"game/exact and min", gameSchema, strings.Replace(minimalGame, "types: [unit]}",
			"types: [unit], count: {exact: 3, min: 1}}", 1), false},
		{"game/section without types", gameSchema, strings.Replace(minimalGame, ", types: [unit]}", "}", 1), false},
		{"game/field named like a common card key", gameSchema, strings.Replace(minimalGame, "{id: unit, name: Unit}",
			"{id: unit, name: Unit, fields: [{name: text, kind: text}]}", 1), false},
		{"game/exclude_tags not a list of words", gameSchema, strings.Replace(minimalGame, "types: [unit]}",
			"types: [unit], exclude_tags: [{tag: x}]}", 1), false},
		{"game/copy override not a number", gameSchema, strings.Replace(minimalGame, "types: [unit]}",
			"types: [unit], copy_overrides: {Apple: one}}", 1), false},
		{"game/pack without id", gameSchema, minimalGame + "packs: [{name: Owls}]\n", false},
		{"game/pack color_group not an id", gameSchema, minimalGame + "packs: [{id: owls, color_group: Dark Brown}]\n", false},
		{"game/manifest line without count", gameSchema, minimalGame + "manifest: [{name: Units, types: [unit]}]\n", false},
		{"game/variant removes 0", gameSchema, minimalGame + "variants: [{id: short, remove: {Apple: 0}}]\n", false},
		{"game/section both all and from_packs", gameSchema, strings.Replace(minimalGame, "types: [unit]}",
			"types: [unit], all: true, from_packs: true}", 1), false},
		{"deck/neither sections nor packs", deckSchema, "game: tiny\nplayers: 4\n", false},
		{"deck/players 0", deckSchema, "players: 0\npacks: [Owls]\n", false},
		{"deck/packs a string", deckSchema, "players: 2\npacks: Owls\n", false},
		{"deck/variant not an id", deckSchema, "variant: Expert Mode\nsections: {main: [A]}\n", false},
		{"cards/unknown top-level key", cardsSchema, "game: tiny\nset: core\ncards: []\n", false},
		{"cards/card without name", cardsSchema, "game: tiny\ncards:\n  - {type: unit}\n", false},
		{"cards/card without type", cardsSchema, "game: tiny\ncards:\n  - {name: A}\n", false},
		{"cards/field value is a mapping", cardsSchema, "game: tiny\ncards:\n  - {name: A, type: unit, stats: {a: 1}}\n", false},
		{"cards/field value is a fraction", cardsSchema, "game: tiny\ncards:\n  - {name: A, type: unit, power: 1.5}\n", false},
		{"cards/provisional is a string", cardsSchema, "game: tiny\nprovisional: power\ncards: []\n", false},
		{"cards/unknown key on back", cardsSchema, "game: tiny\ncards:\n  - {name: A, type: unit, back: {nmae: B}}\n", false},
		{"deck/unknown top-level key", deckSchema, "name: D\nsections: {main: [A]}\nlegality: standard\n", false},
		{"deck/count 0 in a mapping", deckSchema, "sections:\n  main:\n    Apple: 0\n", false},
		{"deck/count 1000 in a list", deckSchema, "sections:\n  main:\n    - {name: Apple, count: 1000}\n", false},
		{"deck/count 0 in a line", deckSchema, "sections:\n  main: [\"0 Apple\"]\n", false},
		{"deck/section is a string", deckSchema, "sections:\n  main: Apple\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			inst, root, err := yamlInstance([]byte(tc.yaml))
			if err != nil {
				t.Fatal(err)
			}
			err = schemas[tc.schema].Validate(inst)
			switch {
			case tc.valid && err != nil:
				t.Errorf("want valid, got:\n%s", describe("input", root, err))
			case !tc.valid && err == nil:
				t.Errorf("want an error from %s, got none", tc.schema)
			case !tc.valid:
				t.Logf("rejected as expected:\n%s", describe("input", root, err))
			}
		})
	}
}
