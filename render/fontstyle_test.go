package render_test

import (
	"context"
	"io"
	"regexp"
	"testing"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/internal/forgetest"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
	"github.com/deckwright/deckwright/templates"
)

// TestFontStyleWarningOnce: a box in a style its font family has no file
// for (the worked example's title made bold) prints with one warning for
// the whole print, at the template's file:line:col, not one per card.
func TestFontStyleWarningOnce(t *testing.T) {
	dir := forgetest.Copy(t, nil, forgetest.Edit{File: "templates/default.yaml",
		Old: "font: {family: title, size: 12, min_size: 8}", New: "font: {family: title, size: 12, min_size: 8, bold: true}"})
	g, set := forgetest.Load(t, dir)
	items := cardface.SetItems(g)
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
