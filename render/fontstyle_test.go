package render_test

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
	"github.com/deckwright/deckwright/templates"
)

// TestFontStyleWarningOnce: a box in a style its font family has no file
// for (the worked example's title made bold) prints with one warning for
// the whole print, at the template's file:line:col, not one per card.
func TestFontStyleWarningOnce(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../docs/examples/forge")); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "templates", "default.yaml")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	bolded := strings.Replace(string(data), "font: {family: title, size: 12, min_size: 8}", "font: {family: title, size: 12, min_size: 8, bold: true}", 1)
	if bolded == string(data) {
		t.Fatal("the example's title font line has changed; update this test")
	}
	if err := os.WriteFile(p, []byte(bolded), 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	if err := db.AddPath(dir); err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("forge")
	set, err := templates.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	sub, err := fs.Sub(g.FS, "templates")
	if err != nil {
		t.Fatal(err)
	}
	if err := set.AddFSFor(sub, "forge/templates/", "forge"); err != nil {
		t.Fatal(err)
	}
	items := render.SetItems(g)
	rep, err := render.Render(context.Background(), io.Discard, items, render.RenderOptions{Sheet: layout.DefaultOptions(), Templates: set})
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`^forge/templates/default\.yaml:\d+:\d+: font family "title" has no bold file: the bold text of box "title" prints in its regular file`)
	n := 0
	for _, w := range rep.Warnings {
		if w.Kind == templates.WarnFontStyle {
			n++
			if !re.MatchString(w.Message) {
				t.Errorf("warning %q", w.Message)
			}
		}
	}
	if n != 1 || len(items) < 2 {
		t.Errorf("%d font-style warnings for %d cards, want 1: %v", n, len(items), rep.Warnings)
	}
}
