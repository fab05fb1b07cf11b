package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/deckwright/deckwright/pnp"
)

// The PnP page as a person uses it: choose a PDF, see its pages with the
// grid and the cards cut, change a page's row count with the keyboard and
// see its cards change, import them into the game, with no serious axe
// finding on the way.
func TestPnPBrowserCorrectAndImport(t *testing.T) {
	needPdftoppm(t)
	axe := axeSource(t)
	ctx := builderBrowser(t)
	ts, decks := newTestServer(t)
	pdf, err := filepath.Abs(pnpPDF)
	if err != nil {
		t.Fatal(err)
	}
	steps(t, ctx, "open /pnp", chromedp.Navigate(ts.URL+"/pnp"), chromedp.WaitVisible(chromedp.CSS("#pnp-upload")))
	for _, v := range axeCheck(t, ctx, axe) {
		t.Errorf("the form: %s", v)
	}
	steps(t, ctx, "upload",
		chromedp.SetValue(chromedp.CSS(`#pnp-upload [name="game"]`), "kaizerseat"),
		chromedp.SetValue(chromedp.CSS(`#pnp-upload [name="card-size"]`), "63.5x88.19"),
		chromedp.SetUploadFiles(chromedp.CSS(`#pnp-upload [name="pdf"]`), []string{pdf}),
		chromedp.Click(chromedp.CSS("#pnp-read")),
		chromedp.WaitVisible(chromedp.CSS("#pnp-page-1 .pnp-overlay")))
	if n := js[string](t, ctx, `document.querySelector("#pnp-page-1").dataset.cards`); n != "4" {
		t.Fatalf("page 1 shows %s cards, want 4", n)
	}
	if n := js[int](t, ctx, `document.querySelectorAll("#pnp-page-1 .pnp-cut").length`); n != 4 {
		t.Errorf("page 1's overlay draws %d cut cells, want 4", n)
	}
	imagesDrawn(t, ctx)
	for _, v := range axeCheck(t, ctx, axe) {
		t.Errorf("the pages: %s", v)
	}

	// One row fewer, by keyboard: page 1 is cut again into 2 cards, and
	// focus stays on the field.
	steps(t, ctx, "rows down", chromedp.Focus(chromedp.CSS(`#pnp-page-1 [name="rows"]`)), chromedp.KeyEvent(kb.ArrowDown))
	until(t, ctx, "page 1 recut", `document.querySelector("#pnp-page-1").dataset.cards === "2"`)
	if n := js[int](t, ctx, `document.querySelectorAll("#pnp-page-1 .pnp-cards img").length`); n != 2 {
		t.Errorf("page 1 lists %d cards after 1 row, want 2", n)
	}
	if name := js[string](t, ctx, `document.activeElement.name + "@" + document.activeElement.closest(".pnp-page").id`); name != "rows@pnp-page-1" {
		t.Errorf("focus went to %q after the recut, want the rows field", name)
	}
	imagesDrawn(t, ctx)

	steps(t, ctx, "import", chromedp.Click(chromedp.CSS("#pnp-import button")))
	until(t, ctx, "imported", `document.querySelector("#pnp-summary").textContent.includes("Imported")`)
	sum := js[string](t, ctx, `document.querySelector("#pnp-summary").textContent`)
	if !strings.Contains(sum, "Imported 5 cards") {
		t.Errorf("summary %q, want 5 cards (2 from page 1, 3 from page 3)", sum)
	}
	if _, err := os.Stat(filepath.Join(decks, "imported", "kaizerseat-pnp", filepath.FromSlash(pnp.CardsFile))); err != nil {
		t.Errorf("the import wrote no cards file: %v", err)
	}
	for _, v := range axeCheck(t, ctx, axe) {
		t.Errorf("after the import: %s", v)
	}
}
