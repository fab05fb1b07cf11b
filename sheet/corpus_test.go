package sheet

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"text/tabwriter"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/cardsdb"
)

// corpusCase is one entry of testdata/corpus/manifest.yaml: a real
// designer's table, the game.yaml for it, and what it gives.
type corpusCase struct {
	Name    string   `yaml:"name"`
	Project string   `yaml:"project"`
	Source  string   `yaml:"source"`
	Licence string   `yaml:"licence"`
	Note    string   `yaml:"note"`
	Files   []string `yaml:"files"`
	Dir     string   `yaml:"dir"` // the folder of the game the files go in
	Game    string   `yaml:"game"`
	Cards   []string `yaml:"cards"`
	Errors  []string `yaml:"errors"`
}

// TestCorpus loads each real table of the corpus through game.yaml's
// tables: and compares the cards (or the errors) with the manifest's,
// then prints a table over all of them.
func TestCorpus(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "corpus", "manifest.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Cases []corpusCase `yaml:"cases"`
	}
	if err := yaml.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	var report strings.Builder
	tw := tabwriter.NewWriter(&report, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CASE\tPROJECT\tLICENCE\tCARDS\tCOPIES\tERRORS\tRESULT")
	projects := map[string]bool{}
	for _, c := range m.Cases {
		projects[c.Project] = true
		got, gotErrs := loadCorpusCase(t, c)
		result := "ok"
		if !equalLines(got, c.Cards) {
			result = "FAIL"
			t.Errorf("%s: cards\n  %s\nwant\n  %s", c.Name, strings.Join(got, "\n  "), strings.Join(c.Cards, "\n  "))
		}
		if !equalLines(gotErrs, c.Errors) {
			result = "FAIL"
			t.Errorf("%s: errors\n  %s\nwant\n  %s", c.Name, strings.Join(gotErrs, "\n  "), strings.Join(c.Errors, "\n  "))
		}
		copies := 0
		for _, s := range got {
			var n int
			if i := strings.Index(s, " x"); i >= 0 {
				fmt.Sscanf(s[i+2:], "%d", &n)
			}
			copies += n
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%s\n", c.Name, c.Project, c.Licence, len(got), copies, len(gotErrs), result)
	}
	tw.Flush()
	t.Logf("corpus of %d tables from %d projects:\n%s", len(m.Cases), len(projects), report.String())
	if len(m.Cases) < 10 {
		t.Errorf("the corpus holds %d tables, want at least 10", len(m.Cases))
	}
}

// loadCorpusCase writes the case's game folder and loads it: the card
// summaries, or the error lines with the folder's path left out.
func loadCorpusCase(t *testing.T, c corpusCase) (cards, errs []string) {
	t.Helper()
	dir := t.TempDir()
	var types struct {
		Types []struct {
			ID string `yaml:"id"`
		} `yaml:"types"`
	}
	if err := yaml.Unmarshal([]byte(c.Game), &types); err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	var ids []string
	for _, ty := range types.Types {
		ids = append(ids, ty.ID)
	}
	head := "id: corpus\nname: Corpus\ncard_size: {width: 63, height: 88}\nsections:\n  - {id: deck, name: Deck, types: [" + strings.Join(ids, ", ") + "]}\n"
	if err := os.WriteFile(filepath.Join(dir, "game.yaml"), []byte(head+c.Game), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range c.Files {
		data, err := os.ReadFile(filepath.Join("testdata", "corpus", f))
		if err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(dir, c.Dir, f)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(target, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db := cardsdb.Empty()
	if err := db.AddPath(dir); err != nil {
		var l cardsdb.ErrorList
		if !errors.As(err, &l) {
			return nil, []string{err.Error()}
		}
		for _, e := range l {
			errs = append(errs, strings.ReplaceAll(e.Error(), filepath.ToSlash(dir)+"/", ""))
		}
		return nil, errs
	}
	g, _ := db.Game("corpus")
	for _, card := range g.Cards {
		cards = append(cards, summary(card))
	}
	return cards, nil
}

// summary is a card as the manifest writes it.
func summary(c *cardsdb.Card) string {
	parts := []string{fmt.Sprintf("%s x%d %s", c.Name, c.Copies, c.Type)}
	var fields []string
	for k, v := range c.Fields {
		s := v.Str
		switch v.Kind {
		case cardsdb.KindInt, cardsdb.KindCost:
			s = fmt.Sprint(v.Int)
		}
		fields = append(fields, k+"="+s)
	}
	sort.Strings(fields)
	parts = append(parts, fields...)
	if c.Image != "" {
		parts = append(parts, "image="+c.Image)
	}
	if c.Text != "" {
		parts = append(parts, "text="+strings.ReplaceAll(c.Text, "\n", `\n`))
	}
	return strings.Join(parts, " ")
}

func equalLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
