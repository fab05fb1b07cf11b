package serve

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/deckwright/deckwright/internal/testenv"
	"github.com/deckwright/deckwright/pnp"
)

// The PnP page as a person uses it: choose a PDF, see its pages with the
// grid and the cards cut, change a page's row count with the keyboard and
// see its cards change, import them into the game, with no serious axe
// finding on the way.
func TestPnPBrowserCorrectAndImport(t *testing.T) {
	testenv.NeedTool(t, "pdftoppm")
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
	until(t, ctx, "page 1's cards drawn", `[...document.querySelectorAll("#pnp-page-1 .pnp-cards img")].every(i => i.complete && i.naturalWidth > 0)`)
	screenshot(t, ctx, "pnp")
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
	until(t, ctx, "the new cards drawn", `[...document.querySelectorAll("#pnp-page-1 .pnp-cards img")].every(i => i.complete && i.naturalWidth > 0)`)

	// Dragging the grid's first column line 20 px right moves the grid
	// (about 10 mm at 2 px a mm) and cuts the page again there.
	line := `document.querySelector('#pnp-page-1 .pnp-line[data-axis="x"][data-k="0"]')`
	before := js[float64](t, ctx, `Number(`+line+`.dataset.edge)`)
	// scrollIntoView returns a Promise in newer Chromium (156.0.8078.114
	// does), so the statement is followed by a value of our own.
	js[bool](t, ctx, `(`+line+`.scrollIntoView({block: "center"}), true)`)
	at := js[[]float64](t, ctx, `(() => { const r = `+line+`.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`)
	x, y := at[0], at[1]
	steps(t, ctx, "drag",
		chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.MouseEvent(chromedp.MouseMoved, x+10, y, chromedp.ButtonLeft),
		chromedp.MouseEvent(chromedp.MouseMoved, x+20, y, chromedp.ButtonLeft),
		chromedp.MouseEvent(chromedp.MouseReleased, x+20, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	until(t, ctx, "the grid moved", `Math.abs(Number(`+line+`.dataset.edge) - `+strconv.FormatFloat(before, 'f', -1, 64)+` - 10) < 3`)
	if n := js[string](t, ctx, `document.querySelector("#pnp-page-1").dataset.cards`); n != "2" {
		t.Errorf("page 1 after the drag shows %s cards, want 2", n)
	}

	// The same line by keyboard: four presses of the right arrow move it
	// 2 mm, the page is cut again there, and focus comes back to the line.
	before = js[float64](t, ctx, `Number(`+line+`.dataset.edge)`)
	right := chromedp.KeyEvent(kb.ArrowRight)
	steps(t, ctx, "arrow keys", chromedp.Focus(chromedp.CSS(`#pnp-page-1 .pnp-line[data-axis="x"][data-k="0"]`)), right, right, right, right)
	until(t, ctx, "the grid moved by keyboard", `Math.abs(Number(`+line+`.dataset.edge) - `+strconv.FormatFloat(before, 'f', -1, 64)+` - 2) < 0.3`)
	if f := js[string](t, ctx, `(() => { const a = document.activeElement; return a.classList.contains("pnp-line") ? a.dataset.axis + a.dataset.k + "@" + a.closest(".pnp-page").id : String(a.tagName); })()`); f != "x0@pnp-page-1" {
		t.Errorf("focus went to %q after the keyboard recut, want page 1's first column line", f)
	}
	for _, v := range axeCheck(t, ctx, axe) {
		t.Errorf("the grid's lines as sliders: %s", v)
	}

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
