package validate_test

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/validate"
)

// paramGame is a game definition whose rules list is filled in by the
// tests: line 8 is the first rule.
const paramGame = `id: bad
name: Bad
card_size: {width: 63, height: 88}
factions: {label: Faction, values: [{id: red, name: Red}, {id: blue, name: Blue}]}
types: [{id: hero, name: Hero}, {id: unit, name: Unit, fields: [{name: power, kind: int}, {name: stage, kind: string}]}]
sections: [{id: hero, name: Hero, types: [hero], count: {exact: 1}, copies: 1, leader: true}, {id: main, name: Main, types: [unit]}]
rules:
`

// TestRuleParams checks the parameters a game definition gives its rules:
// a name the rule does not declare and a value of the wrong kind are
// errors at their positions, with the closest name or value suggested.
func TestRuleParams(t *testing.T) {
	tests := []struct {
		rule string // line 8 of the game
		want string // the CheckGame error, "" for none
	}{
		{`  - {name: faction-limit, params: {max: 2}}`, ``},
		{`  - {name: faction-limit, params: {maxx: 2}}`,
			`bad/game.yaml:8:36: rule "faction-limit" has no parameter "maxx"; did you mean "max"? (it takes max)`},
		{`  - {name: faction-limit, params: {max: three}}`,
			`bad/game.yaml:8:41: rule "faction-limit" parameter max: want integer, at least 1, found the text "three"`},
		{`  - {name: faction-limit, params: {max: "3"}}`,
			`bad/game.yaml:8:41: rule "faction-limit" parameter max: want integer, at least 1, found the text "3"`},
		{`  - {name: faction-limit, params: {max: 2.5}}`,
			`bad/game.yaml:8:41: rule "faction-limit" parameter max: want integer, at least 1, found the number 2.5`},
		{`  - {name: faction-limit, params: {max: 0}}`,
			`bad/game.yaml:8:41: rule "faction-limit" parameter max: want integer, at least 1, found 0`},
		{`  - {name: faction-limit, params: {max: [3]}}`,
			`bad/game.yaml:8:41: rule "faction-limit" parameter max: want integer, at least 1, found a list`},
		{`  - {name: non-innate, params: {cost: 2, resource: Willpower, of: 20}}`, ``},
		{`  - {name: non-innate, params: {costs: 2, off: 20}}`,
			"bad/game.yaml:8:33: rule \"non-innate\" has no parameter \"costs\"; did you mean \"cost\"? (it takes cost, resource, of)\n" +
				`bad/game.yaml:8:43: rule "non-innate" has no parameter "off"; did you mean "of"? (it takes cost, resource, of)`},
		{`  - {name: non-innate, params: {resource: 3}}`,
			`bad/game.yaml:8:43: rule "non-innate" parameter resource: want string, found the integer 3`},
		{`  - {name: affiliation, params: {brings: unit, match: icons}}`, ``},
		{`  - {name: affiliation, params: {brings: unit, match: icon}}`,
			`bad/game.yaml:8:55: rule "affiliation" parameter match: want one of "any", "icons", found "icon"; did you mean "icons"?`},
		{`  - {name: affiliation, params: {brings: unit, match: all}}`,
			`bad/game.yaml:8:55: rule "affiliation" parameter match: want one of "any", "icons", found "all"`},
		{`  - {name: affiliation, params: {match: any}}`,
			`bad/game.yaml:8:5: rule "affiliation" parameter brings defaults to "agent", but Bad has no card type "agent" ("hero", "unit"); set params: {brings: ...}`},
		{`  - {name: affiliation, params: {brings: units}}`,
			`bad/game.yaml:8:42: rule "affiliation" parameter brings: Bad has no card type "units"; did you mean "unit"?`},
		{`  - {name: affiliation, params: {brings: agent}}`,
			`bad/game.yaml:8:42: rule "affiliation" parameter brings: Bad has no card type "agent" ("hero", "unit")`},
		{`  - {name: guardian-stages, params: {section: mains, field: power, stage: stage}}`,
			`bad/game.yaml:8:47: rule "guardian-stages" parameter section: Bad has no section "mains"; did you mean "main"?`},
		{`  - {name: guardian-stages, params: {section: main, field: g_module}}`,
			`bad/game.yaml:8:60: rule "guardian-stages" parameter field: Bad has no card field "g_module" ("power", "stage")`},
		{`  - {name: packs, params: {max_players: 100}}`,
			`bad/game.yaml:8:41: rule "packs" parameter max_players: want integer, 1 to 99, found 100`},
		{`  - {name: manifest, params: {section: main}}`,
			`bad/game.yaml:8:31: rule "manifest" has no parameter "section" (it takes none)`},
		{`  - {name: domain, params: {section: main}}`, ``},
		// A default that names no section (card type, field) of the game is
		// an error too, at the rule: the rule would find nothing.
		{`  - {name: domain, params: {}}`,
			`bad/game.yaml:8:5: rule "domain" parameter section defaults to "guardians", but Bad has no section "guardians" ("hero", "main"); set params: {section: ...}`},
		{`  - domain`,
			`bad/game.yaml:8:5: rule "domain" parameter section defaults to "guardians", but Bad has no section "guardians" ("hero", "main"); set params: {section: ...}`},
	}
	for _, tc := range tests {
		t.Run(strings.TrimSpace(tc.rule), func(t *testing.T) {
			g, err := cardsdb.ParseGame("bad/game.yaml", []byte(paramGame+tc.rule+"\n"), ".")
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if err := validate.CheckGame(g); err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("CheckGame\n got: %s\nwant: %s", got, tc.want)
			}
		})
	}
}

// TestRuleParamsNotMapping checks that params must be a mapping.
func TestRuleParamsNotMapping(t *testing.T) {
	_, err := cardsdb.ParseGame("bad/game.yaml", []byte(paramGame+"  - {name: faction-limit, params: [max]}\n"), ".")
	want := `bad/game.yaml:8:35: rule params must be a mapping of names to values, found a list`
	if err == nil || err.Error() != want {
		t.Errorf("ParseGame error\n got: %v\nwant: %s", err, want)
	}
}

// TestBadParamsNoFallback checks that a deck of a game whose definition
// gives a bad parameter is never judged as if the default stood: Check
// reports the parameter's error as a finding, so the deck is not legal.
func TestBadParamsNoFallback(t *testing.T) {
	for _, params := range []string{"{maxx: 2}", "{max: three}"} {
		t.Run(params, func(t *testing.T) {
			d, src := fourfoldDeck(t, params)
			fs := validate.Check(d)
			if validate.Legal(fs) {
				t.Fatalf("deck is legal under params %s: %v", params, fs)
			}
			// The rule's line in the game definition, wherever it is.
			line := 1 + strings.Count(src[:strings.Index(src, "name: faction-limit")], "\n")
			found := false
			for _, f := range fs {
				if f.Rule == "faction-limit" && f.Severity == validate.Error && f.Pos.File == "fourfold/game.yaml" && f.Pos.Line == line {
					found = true
				}
			}
			if !found {
				t.Errorf("no faction-limit error at fourfold/game.yaml:%d for params %s: %v", line, params, fs)
			}
		})
	}
}

// TestRulesForParams checks that a rule gets every declared parameter:
// the game's value, or the default.
func TestRulesForParams(t *testing.T) {
	g, err := cardsdb.ParseGame("bad/game.yaml", []byte(paramGame+"  - {name: non-innate, params: {of: 20}}\n"), ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range validate.RulesFor(g) {
		if a.Rule.Name != "non-innate" {
			continue
		}
		if a.Params["of"] != 20 || a.Params["cost"] != 1 || a.Params["resource"] != "Willpower" {
			t.Errorf("non-innate params %v, want of 20 (given), cost 1 and resource Willpower (defaults)", a.Params)
		}
		if strings.Join(a.Given, ",") != "of" {
			t.Errorf("Given = %v, want [of]", a.Given)
		}
		return
	}
	t.Fatal("non-innate does not apply")
}

// TestParamDeclarations checks each rule's declared parameters: named once,
// documented, of a known kind, with a default of that kind.
func TestParamDeclarations(t *testing.T) {
	for _, r := range validate.All() {
		seen := map[string]bool{}
		for _, pm := range r.Params {
			what := r.Name + " parameter " + pm.Name
			if pm.Name == "" || seen[pm.Name] {
				t.Errorf("%s: empty or repeated name", what)
			}
			seen[pm.Name] = true
			if pm.Doc == "" {
				t.Errorf("%s has no Doc", what)
			}
			switch pm.Kind {
			case validate.ParamInt:
				n, ok := pm.Default.(int)
				if !ok || (pm.Min != nil && n < *pm.Min) || (pm.Max != nil && n > *pm.Max) {
					t.Errorf("%s: default %v is not an integer in range", what, pm.Default)
				}
			case validate.ParamEnum:
				s, _ := pm.Default.(string)
				found := false
				for _, v := range pm.Values {
					found = found || v == s
				}
				if !found {
					t.Errorf("%s: default %v is not one of %v", what, pm.Default, pm.Values)
				}
			case validate.ParamString, validate.ParamSection, validate.ParamType, validate.ParamField:
				if _, ok := pm.Default.(string); !ok {
					t.Errorf("%s: default %v is not a string", what, pm.Default)
				}
			default:
				t.Errorf("%s: unknown kind %q", what, pm.Kind)
			}
		}
	}
}

// TestRulesReadDeclaredParams reads the rules' source: every p.Int("x")
// and p.String("x") in a rule's Check names a parameter the rule declares,
// of the matching kind (Pass.Int and Pass.String panic otherwise).
func TestRulesReadDeclaredParams(t *testing.T) {
	files, err := filepath.Glob("rules_*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no rules_*.go files: %v", err)
	}
	fset := token.NewFileSet()
	reads := 0
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || !isIdent(lit.Type, "Rule") {
				return true
			}
			name := stringField(lit, "Name")
			r := validate.Lookup(name)
			if r == nil {
				t.Errorf("%s: rule %q is not in All()", fset.Position(lit.Pos()), name)
				return false
			}
			ast.Inspect(lit, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 1 {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok || !isIdent(sel.X, "p") || (sel.Sel.Name != "Int" && sel.Sel.Name != "String") {
					return true
				}
				reads++
				arg, ok := call.Args[0].(*ast.BasicLit)
				if !ok || arg.Kind != token.STRING {
					t.Errorf("%s: %s reads a parameter whose name is not a string literal", fset.Position(call.Pos()), name)
					return true
				}
				pname, _ := strconv.Unquote(arg.Value)
				pm := r.Param(pname)
				switch {
				case pm == nil:
					t.Errorf("%s: %s reads parameter %q, which it does not declare", fset.Position(call.Pos()), name, pname)
				case (sel.Sel.Name == "Int") != (pm.Kind == validate.ParamInt):
					t.Errorf("%s: %s reads parameter %q with p.%s, but it is of kind %s", fset.Position(call.Pos()), name, pname, sel.Sel.Name, pm.Kind)
				}
				return true
			})
			return false
		})
	}
	if reads == 0 {
		t.Fatal("found no parameter reads in the rules' source")
	}
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// stringField returns the string literal of a composite literal's field.
func stringField(lit *ast.CompositeLit, field string) string {
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok || !isIdent(kv.Key, field) {
			continue
		}
		if b, ok := kv.Value.(*ast.BasicLit); ok {
			s, _ := strconv.Unquote(b.Value)
			return s
		}
	}
	return ""
}

// TestSchemaDeclaresRuleParams checks the game definition's JSON Schema
// (docs/schema/game.schema.json, which editors use) against the rules'
// declarations: for each rule a game switches on, the schema allows exactly
// its parameters, each with the declared kind, bounds and values.
func TestSchemaDeclaresRuleParams(t *testing.T) {
	data, err := os.ReadFile("../docs/schema/game.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Defs struct {
			Rule struct {
				OneOf []struct {
					AllOf []struct {
						If struct {
							Properties struct {
								Name struct {
									Const string `json:"const"`
								} `json:"name"`
							} `json:"properties"`
						} `json:"if"`
						Then struct {
							Properties struct {
								Params struct {
									MaxProperties *int `json:"maxProperties"`
									Properties    map[string]struct {
										Type    string   `json:"type"`
										Minimum *int     `json:"minimum"`
										Maximum *int     `json:"maximum"`
										Enum    []string `json:"enum"`
									} `json:"properties"`
								} `json:"params"`
							} `json:"properties"`
						} `json:"then"`
					} `json:"allOf"`
				} `json:"oneOf"`
			} `json:"rule"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &schema); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, alt := range schema.Defs.Rule.OneOf {
		for _, c := range alt.AllOf {
			name := c.If.Properties.Name.Const
			seen[name] = true
			r := validate.Lookup(name)
			if r == nil || r.Always {
				t.Errorf("schema gives params for %q, which is not a rule a game switches on", name)
				continue
			}
			ps := c.Then.Properties.Params
			if len(r.Params) == 0 && (ps.MaxProperties == nil || *ps.MaxProperties != 0) {
				t.Errorf("%s declares no parameters; the schema must allow none (maxProperties: 0)", name)
			}
			if len(ps.Properties) != len(r.Params) {
				t.Errorf("%s: schema has %d parameters, the rule declares %d", name, len(ps.Properties), len(r.Params))
			}
			for _, pm := range r.Params {
				sp, ok := ps.Properties[pm.Name]
				if !ok {
					t.Errorf("%s: schema lacks parameter %s", name, pm.Name)
					continue
				}
				wantType := "string"
				switch pm.Kind {
				case validate.ParamInt:
					wantType = "integer"
				case validate.ParamEnum:
					wantType = ""
				}
				if sp.Type != wantType || fmt.Sprint(sp.Enum) != fmt.Sprint(pm.Values) || !sameBound(sp.Minimum, pm.Min) || !sameBound(sp.Maximum, pm.Max) {
					t.Errorf("%s: schema parameter %s is %+v, the rule declares %+v", name, pm.Name, sp, *pm)
				}
			}
		}
	}
	for _, r := range validate.All() {
		if !r.Always && !seen[r.Name] {
			t.Errorf("schema says nothing of %s's parameters", r.Name)
		}
	}
}

func sameBound(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// fourfoldDeck loads the Fourfold test game (testdata/games/fourfold)
// with its faction-limit params: {max: 3} replaced by params, and resolves
// a deck Red Hero leads with 3 Red and 3 Blue Soldiers (legal under the
// default maximum of 3). It returns the deck and the game.yaml loaded.
func fourfoldDeck(t *testing.T, params string) (*cardsdb.Deck, string) {
	t.Helper()
	gameYAML, err := os.ReadFile("testdata/games/fourfold/game.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cardsYAML, err := os.ReadFile("testdata/games/fourfold/cards/cards.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(gameYAML), "params: {max: 3}") {
		t.Fatal("fourfold game.yaml no longer has params: {max: 3}")
	}
	src := strings.Replace(string(gameYAML), "params: {max: 3}", "params: "+params, 1)
	g, err := cardsdb.ParseGame("fourfold/game.yaml", []byte(src), ".")
	if err != nil {
		t.Fatal(err)
	}
	if err := cardsdb.ParseCards("fourfold/cards.yaml", cardsYAML, ".", g); err != nil {
		t.Fatal(err)
	}
	list, err := cardsdb.ParseDecklist("deck.txt", []byte("Hero:\nRed Hero\nMain:\n3 Red Soldier\n3 Blue Soldier\n"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := cardsdb.Resolve(g, list)
	if err != nil {
		t.Fatal(err)
	}
	return d, src
}
