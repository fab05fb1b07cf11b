package render_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/forgetest"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
	"github.com/deckwright/deckwright/templates"
)

// forgeInFamily is a copy of the worked example whose rules text is set in
// the template's own font (Go Smallcaps cut to ASCII, from the templates
// package's testdata) rather than the Go fonts: its [spark] icon is a
// picture, drawn inline in that family.
func forgeInFamily(t *testing.T) (*cardsdb.Game, *templates.Set) {
	t.Helper()
	dir := forgetest.Copy(t, map[string][]byte{"templates/fonts/title.ttf": forgetest.Font(t, "smallcaps-ascii.ttf")},
		forgetest.Edit{File: "templates/default.yaml", Old: "font: {size: 8, min_size: 5.5}", New: "font: {family: title, size: 8, min_size: 5.5}"})
	return forgetest.Load(t, dir)
}

// iconRuns are the image icon runs of a laid-out face, each with the
// line it is on.
func iconRuns(f templates.Layout) (lines []templates.Line, runs []templates.Run) {
	blocks := append([]templates.Block(nil), f.Blocks...)
	for _, l := range f.Layers {
		if l.Block != nil {
			blocks = append(blocks, *l.Block)
		}
	}
	for _, b := range blocks {
		for _, l := range b.Lines {
			for _, r := range l.Runs {
				if r.Icon != nil && r.Icon.Image != "" {
					lines = append(lines, l)
					runs = append(runs, r)
				}
			}
		}
	}
	return lines, runs
}

// TestTemplateFontIconsInPDF prints cards whose rules text, set in the
// template's own font family, has an image icon: the icon's picture is
// drawn at its place in the line (one em square less the inset, on the
// baseline), as in the Go fonts, and nothing is replaced: no replaced
// warning, no U+FFFD in the PDF's text.
func TestTemplateFontIconsInPDF(t *testing.T) {
	g, set := forgeInFamily(t)
	names := []string{"Wandering Smith", "Cinder Drake"}
	items := cardItems(t, g, names...)
	rep, doc := renderPDF(t, items, func(o *render.RenderOptions) { o.Templates = set })
	for _, w := range rep.Warnings {
		if w.Kind == templates.WarnReplaced || w.Kind == templates.WarnFallback || w.Kind == "missing-icon" {
			t.Errorf("warning %s: %s", w.Kind, w.Message)
		}
	}
	var want []layout.Rect
	for i, n := range names {
		face, _ := set.Render(g.Card(n), g, cardsdb.Size{W: 63, H: 88}, templates.Front)
		lines, runs := iconRuns(face)
		if len(runs) != 1 || runs[0].Icon.Name != "spark" || !strings.Contains(runs[0].Font, "Go") {
			t.Fatalf("%s: icon runs %+v, want one spark", n, runs)
		}
		l, run := lines[0], runs[0]
		if _, ok := face.Fonts[l.Runs[0].Font]; !ok {
			t.Errorf("%s: the rules text is in %s, not the template's font", n, l.Runs[0].Font)
		}
		slot := rep.Sheet.Slots[i]
		side := 0.8 * run.W
		want = append(want, layout.Rect{X: slot.X + l.X + run.X + (run.W-side)/2, Y: slot.Y + l.Baseline - side, W: side, H: side})
	}
	var got []layout.Rect
	for _, d := range doc.pages[0].draws {
		if d.w == 96 && d.h == 96 { // the spark's picture
			got = append(got, d.box)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d sparks drawn, want %d: %+v", len(got), len(want), doc.pages[0].draws)
	}
	for i := range want {
		if !sameRect(got[i], want[i]) {
			t.Errorf("%s: spark drawn at %+v, want %+v", names[i], got[i], want[i])
		}
	}
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Log("pdftotext not installed: the PDF's text is not checked")
		return
	}
	pdf := filepath.Join(t.TempDir(), "cards.pdf")
	if err := os.WriteFile(pdf, doc.raw, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", pdf, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v: %s", err, out)
	}
	text := string(out)
	if strings.ContainsRune(text, templates.Replacement) || strings.ContainsFunc(text, func(r rune) bool { return r >= 0xE000 && r < 0xF900 || r >= 0xF0000 }) || !strings.Contains(text, "Pay") {
		t.Errorf("the PDF's text has a replaced or marked icon, or lacks the rules:\n%s", text)
	}
}
