package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/dom"
	cdpage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gopkg.in/yaml.v3"
)

// The deck builder as players use it, in headless Chromium: these tests
// are the list (building a legal deck with clicks and quick add,
// two tabs saving one deck, a reload after a rename, both exports, print
// and playtest from a bundled deck, a failed run, 390 px, keyboard only,
// axe-core on every page).

// builderBrowser opens a tab at 1366x900 (see browserAt).
func builderBrowser(t testing.TB) context.Context { return browserAt(t, 1366, 900) }

// newTab opens another tab of the same browser.
func newTab(t *testing.T, ctx context.Context) context.Context {
	t.Helper()
	tab, cancel := chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	if err := chromedp.Do(tab); err != nil {
		t.Fatal(err)
	}
	acceptDialogs(t, tab)
	return tab
}

// dialogs counts the "leave the page?" questions a tab asked (each is
// accepted, as a person who means to leave would).
var dialogs atomic.Int32

func acceptDialogs(t testing.TB, ctx context.Context) {
	go func() {
		for ev, err := range chromedp.Events(ctx, cdpage.JavascriptDialogOpening) {
			if err != nil {
				return
			}
			if ev.Type == cdpage.DialogTypeBeforeunload {
				dialogs.Add(1)
			}
			_, _ = chromedp.Call(ctx, cdpage.HandleJavaScriptDialog, cdpage.HandleJavaScriptDialogParams{Accept: true})
		}
	}()
}

// js evaluates an expression in the page.
func js[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	return get(t, ctx, chromedp.Evaluate[T](expr))
}

// until waits for a condition written in JavaScript.
func until(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		status := ""
		status, _ = chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector("#saved")||{}).textContent || ""`))
		t.Fatalf("waiting for %s (%s): %v; status line %q", what, cond, err, status)
	}
}

// clickNow clicks the element sel names as soon as it is there, finding
// and clicking it in one step in the page: the deck list is drawn anew
// while a page settles, and a node found first and clicked after may be
// gone by then ("Could not find node with given id").
func clickNow(t *testing.T, ctx context.Context, what, sel string) {
	t.Helper()
	q, _ := json.Marshal(sel)
	until(t, ctx, what, `(() => { const e = document.querySelector(`+string(q)+`); if (!e) return false; e.click(); return true })()`)
}

// deckHas is a condition: the deck's text holds the line.
func deckHas(line string) string {
	q, _ := json.Marshal("\n" + line + "\n")
	return `("\n" + document.querySelector("#deck-text").value).includes(` + string(q) + `)`
}

// shot saves a screenshot as DIR/NAME.png when DECKWRIGHT_SHOTS=DIR.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("DECKWRIGHT_SHOTS")
	if dir == "" {
		return
	}
	imagesDrawn(t, ctx)
	data, err := chromedp.Call(ctx, cdpage.CaptureScreenshot, cdpage.CaptureScreenshotParams{Format: cdpage.CaptureScreenshotFormatPng})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), data.Data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// loadTime is the navigation timing of the page shown: response end, DOM
// ready, load event, in ms from the start of the navigation.
func loadTime(t *testing.T, ctx context.Context) [3]float64 {
	v := js[[]float64](t, ctx, `(() => { const n = performance.getEntriesByType("navigation")[0]; return [n.responseEnd - n.startTime, n.domContentLoadedEventEnd - n.startTime, n.loadEventEnd - n.startTime]; })()`)
	return [3]float64{v[0], v[1], v[2]}
}

// putDeck saves a deck through the API, as a new deck.
func putDeck(t *testing.T, base, name, text string) {
	t.Helper()
	got := do(t, "PUT", base+"/api/decks/"+name, text, "Content-Type", "text/plain", "If-None-Match", "*")
	if got.code != 200 {
		t.Fatalf("PUT %s: %d %s", name, got.code, got.body)
	}
}

// cosmosStack is the Cosmos starter's stack: a legal stack of 40.
var cosmosStack = []struct {
	name string
	n    int
}{{"Laika", 1}, {"Comet", 2}, {"Rogue Star", 3}, {"Red Giant", 2}, {"Nebula", 2}, {"Cosmic Infrared Background", 2}, {"Spacetime Curvature", 3}, {"Supernova", 2}, {"Mass Accretion", 3}, {"Cosmic Jet", 2}, {"Accelerating Expansion", 2}, {"Black Hole", 3}, {"Exoplanetary Drone", 3}, {"Solar Sail", 2}, {"Telescope Array", 2}, {"GPS", 3}, {"Space Probe", 3}}

// A legal Seeker Chronicles deck built with the pool's + and quick add
// only: Guardians under Guardians, modules under Stack, one line a card,
// the copy limit shown on the tile with its reason; then a save without
// a name, a save, and both exports read back.
func TestBuilderBrowserLegalDeck(t *testing.T) {
	ctx := builderBrowser(t)
	ts, decks := newTestServer(t)
	steps(t, ctx, "open a new deck",
		chromedp.Navigate(ts.URL+"/deck?game=seeker-chronicles"),
		chromedp.WaitVisible(chromedp.CSS(`#grid [data-add="Johnson"]`)),
	)
	first := loadTime(t, ctx)
	t.Logf("first load of the deck builder: response %.0f ms, DOM ready %.0f ms, load %.0f ms", first[0], first[1], first[2])
	for _, g := range []string{"Johnson", "Newton", "Hawking"} {
		steps(t, ctx, "+ "+g, chromedp.Click(chromedp.CSS(`#grid [data-add="`+g+`"]`)))
		until(t, ctx, g+" in the deck", deckHas("1 "+g))
	}
	// Quick add: a name and Enter; a typo offers the card it may mean.
	steps(t, ctx, "quick add Laika", chromedp.SendKeys(chromedp.CSS("#quick-add"), "laika\r"))
	until(t, ctx, "Laika", deckHas("1 Laika"))
	steps(t, ctx, "quick add a typo", chromedp.SendKeys(chromedp.CSS("#quick-add"), "Rouge Star\r"))
	until(t, ctx, "did you mean", `document.querySelector("#saved").textContent.includes('did you mean "Rogue Star"?')`)
	steps(t, ctx, "take the suggestion", chromedp.Click(chromedp.CSS(`#saved [data-add="Rogue Star"]`)))
	until(t, ctx, "Rogue Star", deckHas("1 Rogue Star"))
	for _, c := range cosmosStack {
		have := 0
		if c.name == "Laika" || c.name == "Rogue Star" {
			have = 1
		}
		for i := have; i < c.n; i++ {
			steps(t, ctx, "+ "+c.name, chromedp.Click(chromedp.CSS(`#grid [data-add="`+c.name+`"]`)))
			until(t, ctx, fmt.Sprintf("%d %s", i+1, c.name), deckHas(fmt.Sprintf("%d %s", i+1, c.name)))
		}
	}
	// The tile of a card at its limit says so, and + does nothing but say why.
	until(t, ctx, "the tile at the limit", `document.querySelector('#grid [data-add="GPS"]').getAttribute("aria-disabled") === "true"`)
	if why := get(t, ctx, chromedp.Text(chromedp.CSS(`#grid [data-why="GPS"]`))); why != "limit 3 reached" {
		t.Errorf("GPS tile says %q", why)
	}
	if have := get(t, ctx, chromedp.Text(chromedp.CSS(`#grid [data-have="GPS"]`))); have != "3" {
		t.Errorf("GPS tile counts %q", have)
	}
	steps(t, ctx, "+ past the limit", chromedp.Click(chromedp.CSS(`#grid [data-add="GPS"]`)))
	until(t, ctx, "the reason", `document.querySelector("#saved").textContent.includes("copy limit: at most 3 copies of GPS in the Stack")`)
	until(t, ctx, "a legal deck", `!!document.querySelector("#findings .verdict.legal")`)
	text := get(t, ctx, chromedp.Value(chromedp.CSS("#deck-text")))
	seen := map[string]bool{}
	for i, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if l == "" && i > 0 && !strings.HasSuffix(strings.Split(text, "\n")[i+1], ":") {
			t.Errorf("line %d: a blank line inside a section:\n%s", i+1, text)
		}
		if seen[l] && l != "" {
			t.Errorf("line %q twice:\n%s", l, text)
		}
		seen[l] = true
	}
	if !strings.HasPrefix(text, "game: seeker-chronicles\nGuardians:\n1 Johnson\n1 Newton\n1 Hawking\n\nStack:\n1 Laika\n") {
		t.Errorf("deck text:\n%s", text)
	}
	ms := get(t, ctx, chromedp.AttributeValue(chromedp.CSS("#findings"), "data-ms"))
	t.Logf("validation round trip in the browser (findings and stats of the 46-card deck): %s ms", ms.Value)
	rt := get(t, ctx, chromedp.Evaluate[[]float64](`(async () => { const out = []; const body = document.querySelector("#deck-text").value; for (let i = 0; i < 5; i++) { const t0 = performance.now(); await (await fetch("/api/validate?game=seeker-chronicles", {method: "POST", body})).text(); out.push(performance.now() - t0); } return out; })()`, chromedp.EvalAwaitPromise))
	t.Logf("POST /api/validate from the page, 5 times: %.1f ms", rt)
	shot(t, ctx, "builder-legal-1366")
	get(t, ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0); document.querySelector(".deckcol").scrollTo(0, 0)`))
	screenshot(t, ctx, "builder") // docs/serve.md shows it

	// Notes go into the deck, after its game line.
	steps(t, ctx, "notes", chromedp.SendKeys(chromedp.CSS("#deck-notes"), "the Cosmos starter, by clicks"))
	until(t, ctx, "the notes in the deck", deckHas("# the Cosmos starter, by clicks"))
	text = get(t, ctx, chromedp.Value(chromedp.CSS("#deck-text")))
	if !strings.HasPrefix(text, "game: seeker-chronicles\n# the Cosmos starter, by clicks\nGuardians:\n") {
		t.Errorf("notes:\n%s", text)
	}

	// Save: first without a name, then with one.
	steps(t, ctx, "save without a name", chromedp.Click(chromedp.CSS("#save")))
	until(t, ctx, "the no-name message", `document.querySelector("#saved").textContent.includes("Give the deck a name before saving")`)
	steps(t, ctx, "name and save", chromedp.SendKeys(chromedp.CSS("#deck-name"), "built"), chromedp.Click(chromedp.CSS("#save")))
	until(t, ctx, "saved", `document.querySelector("#saved").textContent === "saved built.txt"`)
	if data, err := os.ReadFile(filepath.Join(decks, "built.txt")); err != nil || string(data) != text {
		t.Errorf("saved file %q, %v", data, err)
	}

	// Export in both formats: the downloads read back as the same deck.
	downloads := t.TempDir()
	steps(t, ctx, "allow downloads", allowDownloads(downloads))
	next := func(button string) string {
		progress := chromedp.BrowserEvents(ctx, browser.DownloadProgress) // a loop left ends its events
		steps(t, ctx, button, chromedp.Click(chromedp.CSS(button)))
		for ev, err := range progress {
			if err != nil {
				t.Fatal(err)
			}
			if ev.State == browser.DownloadProgressStateCompleted {
				data, err := os.ReadFile(filepath.Join(downloads, ev.GUID))
				if err != nil {
					t.Fatal(err)
				}
				return string(data)
			}
			if ev.State == browser.DownloadProgressStateCanceled {
				t.Fatalf("%s: download cancelled", button)
			}
		}
		return ""
	}
	txt := next("#export-txt")
	if !strings.Contains(txt, "\nGuardians:\n1 Johnson\n") || !strings.Contains(txt, "\n3 GPS\n") {
		t.Errorf("export .txt:\n%s", txt)
	}
	y := next("#export-yaml")
	var doc struct {
		Game     string
		Sections map[string][]string
	}
	if err := yaml.Unmarshal([]byte(y), &doc); err != nil && !strings.Contains(err.Error(), "cannot unmarshal") {
		t.Fatalf("export .yaml: %v\n%s", err, y)
	}
	if doc.Game != "seeker-chronicles" || !strings.Contains(y, "Stack:") || !strings.Contains(y, "{name: GPS, count: 3}") {
		t.Errorf("export .yaml:\n%s", y)
	}
	if s := get(t, ctx, chromedp.Text(chromedp.CSS("#saved"))); s != "exported built.yaml" {
		t.Errorf("status after export: %q", s)
	}

	// An edit after the first save survives a reload, under the deck's
	// name (issue: it went to the "new deck" draft and showed up there).
	steps(t, ctx, "− Laika after the save", chromedp.Click(chromedp.CSS(`#decklist [data-remove="Laika"]`)))
	until(t, ctx, "Laika gone", `!document.querySelector("#deck-text").value.includes("Laika")`)
	steps(t, ctx, "reload", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#decklist .dl")))
	until(t, ctx, "the edit restored", `!document.querySelector("#deck-text").value.includes("Laika") && document.querySelector("#saved").textContent.includes("unsaved changes restored")`)
	steps(t, ctx, "a new deck", chromedp.Navigate(ts.URL+"/deck?game=seeker-chronicles"), chromedp.WaitVisible(chromedp.CSS("#deck-text")))
	if s := get(t, ctx, chromedp.Value(chromedp.CSS("#deck-text"))); s != "" {
		t.Errorf("a new deck opens with another deck's draft:\n%s", s)
	}
}

// Two tabs edit one deck and save: the second is refused, shows both
// versions side by side with their differences, and its merge is saved;
// the history keeps the first tab's version. Nothing is lost.
func TestBuilderBrowserTwoTabs(t *testing.T) {
	ctx := builderBrowser(t)
	ts, decks := newTestServer(t)
	putDeck(t, ts.URL, "two.txt", "game: seeker-chronicles\nGuardians:\nJohnson\n\nStack:\n2 Comet\n")
	one, two := ctx, newTab(t, ctx)
	for _, tab := range []context.Context{one, two} {
		steps(t, tab, "open", chromedp.Navigate(ts.URL+"/deck?name=two.txt"), chromedp.WaitVisible(chromedp.CSS(`#decklist [data-add="Comet"]`)))
	}
	clickNow(t, one, "tab one: + Comet", `#decklist [data-add="Comet"]`)
	until(t, one, "3 Comet", deckHas("3 Comet"))
	steps(t, one, "tab one: save", chromedp.Click(chromedp.CSS("#save")))
	until(t, one, "saved", `document.querySelector("#saved").textContent === "saved two.txt"`)

	steps(t, two, "tab two: quick add Nebula", chromedp.SendKeys(chromedp.CSS("#quick-add"), "Nebula\r"))
	until(t, two, "1 Nebula", deckHas("1 Nebula"))
	steps(t, two, "tab two: save", chromedp.Click(chromedp.CSS("#save")))
	until(t, two, "the conflict", `!document.querySelector("#conflict").hidden && !!document.querySelector("#conflict-diff table")`)
	if s := get(t, two, chromedp.Text(chromedp.CSS("#saved"))); !strings.Contains(s, "was saved elsewhere since you opened it") {
		t.Errorf("tab two says %q", s)
	}
	theirs := get(t, two, chromedp.Value(chromedp.CSS("#conflict-theirs")))
	mine := get(t, two, chromedp.Value(chromedp.CSS("#conflict-mine")))
	if !strings.Contains(theirs, "3 Comet") || !strings.Contains(mine, "1 Nebula") || !strings.Contains(mine, "2 Comet") {
		t.Errorf("side by side:\nsaved:\n%s\nyours:\n%s", theirs, mine)
	}
	diff := get(t, two, chromedp.Text(chromedp.CSS("#conflict-diff")))
	if !strings.Contains(diff, "Nebula") || !strings.Contains(diff, "Comet") {
		t.Errorf("differences: %s", diff)
	}
	if data, _ := os.ReadFile(filepath.Join(decks, "two.txt")); !strings.Contains(string(data), "3 Comet") {
		t.Errorf("the refused save changed the file:\n%s", data)
	}
	shot(t, two, "builder-conflict-1366")
	// Merge: take tab one's Comet count into tab two's list, save over.
	merged := strings.Replace(mine, "2 Comet", "3 Comet", 1)
	steps(t, two, "merge", chromedp.SetValue(chromedp.CSS("#conflict-mine"), merged), chromedp.Click(chromedp.CSS("#keep-mine")))
	until(t, two, "saved", `document.querySelector("#saved").textContent === "saved two.txt"`)
	data, _ := os.ReadFile(filepath.Join(decks, "two.txt"))
	if !strings.Contains(string(data), "3 Comet") || !strings.Contains(string(data), "1 Nebula") {
		t.Errorf("merged file:\n%s", data)
	}
	hist := do(t, "GET", ts.URL+"/api/decks/two.txt/history", "")
	var h struct{ Versions []struct{ ID string } }
	if err := json.Unmarshal([]byte(hist.body), &h); err != nil || len(h.Versions) != 2 {
		t.Fatalf("history: %s", hist.body)
	}
	if v := do(t, "GET", ts.URL+"/api/decks/two.txt/history/"+h.Versions[0].ID, ""); !strings.Contains(v.body, "3 Comet") || strings.Contains(v.body, "Nebula") {
		t.Errorf("tab one's version in the history: %s", v.body)
	}
	// The history lists both earlier versions; Restore brings one back.
	steps(t, two, "history", chromedp.Click(chromedp.CSS("#history-btn")))
	until(t, two, "two versions", `document.querySelectorAll("#history li").length === 2`)
	steps(t, two, "restore the first", chromedp.Click(chromedp.CSS("#history li:last-child button")))
	until(t, two, "restored", deckHas("2 Comet")+` && !document.querySelector("#deck-text").value.includes("Nebula")`)
	steps(t, two, "undo the restore", chromedp.Click(chromedp.CSS("#undo")))
	until(t, two, "back", deckHas("1 Nebula"))

	// Tab one learns of it at its next save too.
	steps(t, one, "tab one: + Comet again", chromedp.Click(chromedp.CSS(`#decklist [data-remove="Comet"]`)))
	until(t, one, "2 Comet", deckHas("2 Comet"))
	steps(t, one, "tab one: save again", chromedp.Click(chromedp.CSS("#save")))
	until(t, one, "the conflict in tab one", `!document.querySelector("#conflict").hidden`)
}

// A rename moves the deck and its draft: after the rename, an edit and a
// reload (which asks first), the edit is there; it shows up in no other
// deck.
func TestBuilderBrowserRenameReload(t *testing.T) {
	ctx := builderBrowser(t)
	ts, decks := newTestServer(t)
	putDeck(t, ts.URL, "first.txt", "game: seeker-chronicles\nGuardians:\nJohnson\n\nStack:\n2 Comet\n")
	steps(t, ctx, "open", chromedp.Navigate(ts.URL+"/deck?name=first.txt"), chromedp.WaitVisible(chromedp.CSS(`#decklist [data-add="Comet"]`)))
	steps(t, ctx, "rename",
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#deck-name").value = ""`),
		chromedp.SendKeys(chromedp.CSS("#deck-name"), "second"),
		chromedp.Click(chromedp.CSS("#save")),
	)
	until(t, ctx, "saved", `document.querySelector("#saved").textContent === "saved second.txt"`)
	if _, err := os.Stat(filepath.Join(decks, "first.txt")); err == nil {
		t.Error("first.txt is still there")
	}
	if u := js[string](t, ctx, "location.pathname + location.search"); u != "/deck?name=second.txt" {
		t.Errorf("address after the rename: %s", u)
	}
	clickNow(t, ctx, "edit", `#decklist [data-add="Comet"]`)
	until(t, ctx, "3 Comet", deckHas("3 Comet"))
	before := dialogs.Load()
	steps(t, ctx, "reload", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#decklist [data-add="Comet"]`)))
	if dialogs.Load() == before {
		t.Error("leaving the page with unsaved edits did not ask first")
	}
	until(t, ctx, "the edit is back", deckHas("3 Comet"))
	if s := get(t, ctx, chromedp.Text(chromedp.CSS("#saved"))); !strings.Contains(s, "unsaved changes restored") {
		t.Errorf("status after reload: %q", s)
	}
	until(t, ctx, "the list shows it", `document.querySelector('#decklist [data-row="Comet"] .n').textContent === "3"`)
	// Another deck, and a new one, do not show this draft.
	putDeck(t, ts.URL, "other.txt", "game: seeker-chronicles\nStack:\n1 Laika\n")
	for _, u := range []string{"/deck?name=other.txt", "/deck?game=seeker-chronicles"} {
		steps(t, ctx, u, chromedp.Navigate(ts.URL+u), chromedp.WaitVisible(chromedp.CSS("#deck-text")))
		if s := get(t, ctx, chromedp.Value(chromedp.CSS("#deck-text"))); strings.Contains(s, "Comet") {
			t.Errorf("%s shows the draft of second.txt:\n%s", u, s)
		}
	}
	// Saved, the draft goes: the deck opens as saved.
	steps(t, ctx, "back", chromedp.Navigate(ts.URL+"/deck?name=second.txt"), chromedp.WaitVisible(chromedp.CSS("#deck-text")))
	until(t, ctx, "draft", deckHas("3 Comet"))
	steps(t, ctx, "save", chromedp.Click(chromedp.CSS("#save")))
	until(t, ctx, "saved", `document.querySelector("#saved").textContent === "saved second.txt"`)
	steps(t, ctx, "reload", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#deck-text")))
	if s := get(t, ctx, chromedp.Text(chromedp.CSS("#saved"))); s != "" {
		t.Errorf("after a save and a reload the status says %q", s)
	}
}

// Print and playtest from a bundled deck: the links name the bundled
// deck, the pickers show it, the options are its game's; a run with bad
// numbers fails and says so in words.
func TestBuilderBrowserBundledPrintPlaytest(t *testing.T) {
	ctx := builderBrowser(t)
	ts, _ := newTestServer(t)
	steps(t, ctx, "open a bundled deck", chromedp.Navigate(ts.URL+"/deck?bundled=seeker-chronicles/cosmos"), chromedp.WaitVisible(chromedp.CSS("#copy-bundled")))
	link := get(t, ctx, chromedp.AttributeValue(chromedp.CSS("#print-link"), "href"))
	steps(t, ctx, "print it", chromedp.Navigate(ts.URL+link.Value), chromedp.WaitVisible(chromedp.CSS("#print-form")))
	if v := get(t, ctx, chromedp.Value(chromedp.CSS("#deck-pick"))); v != "seeker-chronicles/cosmos" {
		t.Errorf("print picker shows %q", v)
	}
	steps(t, ctx, "check", chromedp.Click(chromedp.CSS("#preview")), chromedp.WaitVisible(chromedp.CSS("#print-report .ok")))
	if s := get(t, ctx, chromedp.Text(chromedp.CSS("#print-report .ok"))); !strings.Contains(s, "46 cards") {
		t.Errorf("print report %q", s)
	}
	// The picker changes the deck at once.
	if _, err := chromedp.RunResponse(ctx, chromedp.Evaluate[chromedp.Void](`(() => { const p = document.querySelector("#deck-pick"); p.value = "seeker-chronicles/order"; setTimeout(() => p.dispatchEvent(new Event("change")), 0); })()`)); err != nil {
		t.Fatalf("pick another: %v", err)
	}
	steps(t, ctx, "the picked deck's page", chromedp.WaitVisible(chromedp.CSS("#print-form")))
	until(t, ctx, "the picked deck", `location.search === "?deck=seeker-chronicles%2Forder" && document.querySelector('#print-form [name="deck"]').value === "seeker-chronicles/order"`)

	steps(t, ctx, "back to the bundled deck", chromedp.Navigate(ts.URL+"/deck?bundled=seeker-chronicles/cosmos"), chromedp.WaitVisible(chromedp.CSS("#copy-bundled")))
	link = get(t, ctx, chromedp.AttributeValue(chromedp.CSS("#playtest-link"), "href"))
	steps(t, ctx, "playtest it", chromedp.Navigate(ts.URL+link.Value), chromedp.WaitVisible(chromedp.CSS("#run")))
	if n := js[int](t, ctx, `document.querySelectorAll('[name="opponent"]').length`); n != 0 {
		t.Error("a Seeker Chronicles deck is offered Arkhtide's opponent")
	}
	if n := js[int](t, ctx, `document.querySelectorAll('#playtest-form [name="mode"]').length`); n != 1 {
		t.Error("no Seeker Chronicles mode")
	}
	if a, b := get(t, ctx, chromedp.Value(chromedp.CSS(`#compare-form [name="a"]`))), get(t, ctx, chromedp.Value(chromedp.CSS(`#compare-form [name="b"]`))); a == b || !strings.HasPrefix(b, "seeker-chronicles/") {
		t.Errorf("compare %q against %q by default", a, b)
	}
	steps(t, ctx, "run", chromedp.SetValue(chromedp.CSS(`#playtest-form [name="games"]`), "300"), chromedp.Click(chromedp.CSS("#run")))
	until(t, ctx, "done", `document.querySelector("#progress-text").textContent === "done" && !!document.querySelector("#playtest-report svg")`)
	if s := get(t, ctx, chromedp.Text(chromedp.CSS("#playtest-report h2"))); !strings.Contains(s, "300 games") {
		t.Errorf("report %q", s)
	}
	// A failed run: the bar empties and says failed, with the reason.
	for _, games := range []string{"lots", "-5", "5000000"} {
		steps(t, ctx, "run "+games, chromedp.SetValue(chromedp.CSS(`#playtest-form [name="games"]`), games), chromedp.Click(chromedp.CSS("#run")))
		until(t, ctx, "failed", `document.querySelector("#progress-text").textContent.startsWith("failed") && !!document.querySelector("#playtest-report .error-panel")`)
		if s := get(t, ctx, chromedp.Text(chromedp.CSS("#playtest-report .error-panel"))); !strings.Contains(s, "games must be a number from 1 to 200,000") {
			t.Errorf("games %s: %q", games, s)
		}
		if v := js[float64](t, ctx, `document.querySelector("#progress").value`); v != 0 {
			t.Errorf("games %s: the bar is at %v", games, v)
		}
	}
	shot(t, ctx, "playtest-failed-1366")
	// An Arkhtide deck gets Arkhtide's options and no Seeker ones.
	steps(t, ctx, "arkhtide", chromedp.Navigate(ts.URL+"/playtest?deck=arkhtide/three-factions"), chromedp.WaitVisible(chromedp.CSS("#run")))
	if n := js[int](t, ctx, `document.querySelectorAll('#playtest-form [name="opponent"]').length + 10 * document.querySelectorAll('[name="difficulty"], #playtest-form [name="mode"]').length`); n != 1 {
		t.Errorf("Arkhtide options: %d", n)
	}
}

// At 390 px wide no page scrolls sideways, axe-core finds nothing serious,
// and the deck comes before the pool.
func TestBuilderBrowserPhone(t *testing.T) {
	axe := axeSource(t)
	ctx := builderBrowser(t)
	ts, _ := newTestServer(t)
	putDeck(t, ts.URL, "mine.txt", legalDecklist+"3 Rogue Star\n")
	steps(t, ctx, "phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
	for _, p := range []struct{ name, path, wait string }{
		{"home", "/", "table.list"},
		{"cards", "/cards?game=seeker-chronicles", ".grid .tile"},
		{"card", "/card/seeker-chronicles/Rogue%20Star", ".fields"},
		{"deck", "/deck?name=mine.txt", "#findings .verdict"},
		{"deck-bundled", "/deck?bundled=seeker-chronicles/cosmos", "#grid .tile"},
		{"deck-new", "/deck?game=arkhtide", "#grid .tile"},
		{"print", "/print?deck=mine.txt", "#print-form"},
		{"playtest", "/playtest?deck=mine.txt", "#run"},
		{"diff", "/diff?a=mine.txt&b=seeker-chronicles/order", ".diff"},
	} {
		steps(t, ctx, p.path, chromedp.Navigate(ts.URL+p.path), chromedp.WaitVisible(chromedp.CSS(p.wait)))
		if p.name == "print" {
			steps(t, ctx, "preview", chromedp.Click(chromedp.CSS("#preview")), chromedp.WaitVisible(chromedp.CSS("#print-report .ok")))
		}
		if p.name == "playtest" {
			steps(t, ctx, "run", chromedp.SetValue(chromedp.CSS(`#playtest-form [name="games"]`), "200"), chromedp.Click(chromedp.CSS("#run")))
			until(t, ctx, "done", `document.querySelector("#progress-text").textContent === "done"`)
		}
		w := js[[]float64](t, ctx, `[document.documentElement.scrollWidth, document.documentElement.clientWidth]`)
		if w[0] > w[1] {
			wide := js[string](t, ctx, `[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).slice(0, 5).map(e => e.tagName + "." + e.className + "#" + e.id).join(", ")`)
			t.Errorf("%s: %v px wide in a %v px window (sideways scrolling): %s", p.path, w[0], w[1], wide)
		}
		for _, v := range axeCheck(t, ctx, axe) {
			t.Errorf("%s at 390 px: %s", p.name, v)
		}
		if strings.HasPrefix(p.name, "deck") {
			if above := js[bool](t, ctx, `document.querySelector(".deckcol").getBoundingClientRect().top < document.querySelector(".pool").getBoundingClientRect().top`); !above {
				t.Errorf("%s: the pool comes before the deck", p.path)
			}
		}
		shot(t, ctx, p.name+"-390")
	}
}

// The deck built with the keyboard alone: the tab order reaches the deck
// before the pool, quick add takes Enter, the list's + and − answer Enter
// and name their card, and import opens the file chooser.
func TestBuilderBrowserKeyboard(t *testing.T) {
	ctx := builderBrowser(t)
	ts, _ := newTestServer(t)
	steps(t, ctx, "open", chromedp.Navigate(ts.URL+"/deck?game=seeker-chronicles"), chromedp.WaitVisible(chromedp.CSS(`#grid [data-add="Johnson"]`)))
	active := `(() => { const e = document.activeElement; return (e.id || e.getAttribute("aria-label") || e.textContent.trim().slice(0, 30)) + (e.closest("#grid, .pool") ? " [pool]" : ""); })()`
	var order []string
	tabTo := func(want string, max int) {
		t.Helper()
		for range max {
			steps(t, ctx, "Tab", chromedp.KeyEvent(kb.Tab))
			a := js[string](t, ctx, active)
			order = append(order, a)
			if a == want {
				return
			}
		}
		t.Fatalf("Tab never reached %q; order: %q", want, order)
	}
	tabTo("quick-add", 30)
	for _, a := range order {
		if strings.HasSuffix(a, "[pool]") {
			t.Errorf("the pool comes before the deck in tab order: %q", order)
		}
	}
	steps(t, ctx, "type Johnson", chromedp.KeyEvent("Johnson\r"))
	until(t, ctx, "Johnson", deckHas("1 Johnson"))
	steps(t, ctx, "type Comet", chromedp.KeyEvent("Comet\r"))
	until(t, ctx, "Comet", deckHas("1 Comet"))
	until(t, ctx, "the findings announced", `document.querySelector("#findings-live").textContent.startsWith("NOT legal")`)
	if a := js[string](t, ctx, active); a != "quick-add" {
		t.Errorf("focus moved to %q after quick add", a)
	}
	order = nil
	tabTo("Add one Comet", 40)
	steps(t, ctx, "Enter on + Comet", chromedp.KeyEvent("\r"))
	until(t, ctx, "2 Comet", deckHas("2 Comet"))
	steps(t, ctx, "Undo by keyboard", chromedp.Focus(chromedp.CSS("#undo")), chromedp.KeyEvent("\r"))
	until(t, ctx, "undone", deckHas("1 Comet"))
	steps(t, ctx, "Redo by keyboard", chromedp.Focus(chromedp.CSS("#redo")), chromedp.KeyEvent("\r"))
	until(t, ctx, "redone", deckHas("2 Comet"))
	// Import by keyboard opens the file chooser; a file chosen fills the deck.
	file := filepath.Join(t.TempDir(), "imported.txt")
	if err := os.WriteFile(file, []byte("game: seeker-chronicles\nStack:\n3 Nebula\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	steps(t, ctx, "intercept", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, cdpage.SetInterceptFileChooserDialog, cdpage.SetInterceptFileChooserDialogParams{Enabled: true})
		return err
	}))
	chooser := chromedp.Events(ctx, cdpage.FileChooserOpened)
	steps(t, ctx, "Enter on Import", chromedp.Focus(chromedp.CSS("#import-label")), chromedp.KeyEvent("\r"))
	for ev, err := range chooser {
		if err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Call(ctx, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: []string{file}, BackendNodeID: ev.BackendNodeID}); err != nil {
			t.Fatal(err)
		}
		break
	}
	until(t, ctx, "imported", deckHas("3 Nebula"))
	// The Game field changes the deck's game: line, the pool and quick add.
	steps(t, ctx, "another game", chromedp.SetValue(chromedp.CSS("#deck-game"), "arkhtide"))
	until(t, ctx, "the game line", deckHas("game: arkhtide")+` && document.querySelector('#card-search [name="game"]').value === "arkhtide"`)
	until(t, ctx, "the quick-add names", `[...document.querySelectorAll("#card-names option")].every(o => !["Comet", "Johnson"].includes(o.value)) && document.querySelectorAll("#card-names option").length > 10`)
	if n := js[int](t, ctx, `[...document.querySelectorAll("#decklist button, #grid button")].filter(b => !/^(Add|Remove) one /.test(b.getAttribute("aria-label") || "")).length`); n != 0 {
		t.Errorf("%d + or − buttons do not name their card", n)
	}
}

// axe-core finds no serious or critical violation on any page, in the
// states a player sees (findings and charts drawn, a print checked, a
// playtest run, a comparison, an error page).
func TestBuilderBrowserAxe(t *testing.T) {
	axe := axeSource(t)
	ctx := builderBrowser(t)
	ts, _ := newTestServer(t)
	putDeck(t, ts.URL, "mine.txt", legalDecklist+"3 Rogue Star\n")
	pages := []struct {
		name, path, wait string
		then             func()
	}{
		{name: "home", path: "/", wait: "table.list"},
		{name: "cards", path: "/cards?game=seeker-chronicles", wait: ".grid .tile"},
		{name: "card", path: "/card/seeker-chronicles/Rogue%20Star", wait: ".fields"},
		{name: "deck", path: "/deck?name=mine.txt", wait: "#findings .stats svg"},
		{name: "deck bundled", path: "/deck?bundled=arkhtide/three-factions", wait: "#grid .tile"},
		{name: "deck new", path: "/deck?game=seeker-chronicles", wait: "#grid .tile"},
		{name: "print", path: "/print?deck=mine.txt", wait: "#print-form", then: func() {
			steps(t, ctx, "preview", chromedp.Click(chromedp.CSS("#preview")), chromedp.WaitVisible(chromedp.CSS("#print-report svg")))
		}},
		{name: "playtest", path: "/playtest?deck=mine.txt", wait: "#run", then: func() {
			steps(t, ctx, "run", chromedp.SetValue(chromedp.CSS(`#playtest-form [name="games"]`), "300"), chromedp.Click(chromedp.CSS("#run")))
			until(t, ctx, "done", `!!document.querySelector("#playtest-report svg")`)
		}},
		{name: "diff", path: "/diff?a=mine.txt&b=seeker-chronicles/cosmos", wait: ".diff"},
		{name: "error", path: "/card/seeker-chronicles/Nope", wait: ".error-panel"},
	}
	for _, p := range pages {
		steps(t, ctx, p.path, chromedp.Navigate(ts.URL+p.path), chromedp.WaitVisible(chromedp.CSS(p.wait)))
		lt := loadTime(t, ctx)
		t.Logf("first load of %-38s response %4.0f ms, DOM ready %4.0f ms, load %4.0f ms", p.path, lt[0], lt[1], lt[2])
		if p.then != nil {
			p.then()
		}
		violations := axeCheck(t, ctx, axe)
		for _, v := range violations {
			t.Errorf("%s: %s", p.name, v)
		}
	}
	if got := do(t, "GET", ts.URL+"/favicon.ico", ""); got.code != http.StatusOK {
		t.Errorf("favicon: %d", got.code)
	}
}

// axeSource reads axe-core, vendored in serve's test data.
func axeSource(t *testing.T) []byte {
	t.Helper()
	axe, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	return axe
}

// axeCheck runs axe-core on the page shown and returns its serious and
// critical violations, one line each.
func axeCheck(t *testing.T, ctx context.Context, axe []byte) []string {
	t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](string(axe)+`;
axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations.filter(v => v.impact === "serious" || v.impact === "critical").map(v => v.impact + " " + v.id + ": " + v.help + " at " + v.nodes.slice(0, 4).map(n => n.target.join(" ")).join(", "))))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe: %v", err)
	}
	var violations []string
	if err := json.Unmarshal([]byte(got), &violations); err != nil {
		t.Fatalf("axe: %v: %s", err, got)
	}
	return violations
}

// A tab's unsaved edits survive its reload even when another tab edited
// and saved the same deck meanwhile; its save then shows the conflict.
func TestBuilderBrowserTwoTabDrafts(t *testing.T) {
	ctx := builderBrowser(t)
	ts, _ := newTestServer(t)
	putDeck(t, ts.URL, "d.txt", "game: seeker-chronicles\nGuardians:\nJohnson\n\nStack:\n2 Comet\n")
	one, two := ctx, newTab(t, ctx)
	for _, tab := range []context.Context{one, two} {
		steps(t, tab, "open", chromedp.Navigate(ts.URL+"/deck?name=d.txt"), chromedp.WaitVisible(chromedp.CSS(`#decklist [data-add="Comet"]`)))
	}
	clickNow(t, two, "tab two: + Comet", `#decklist [data-add="Comet"]`)
	until(t, two, "3 Comet", deckHas("3 Comet"))
	steps(t, one, "tab one: quick add Nebula", chromedp.SendKeys(chromedp.CSS("#quick-add"), "Nebula\r"))
	until(t, one, "Nebula", deckHas("1 Nebula"))
	steps(t, one, "tab one: save", chromedp.Click(chromedp.CSS("#save")))
	until(t, one, "saved", `document.querySelector("#saved").textContent === "saved d.txt"`)
	steps(t, two, "tab two: reload", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#decklist .dl")))
	until(t, two, "tab two's edit back", deckHas("3 Comet")+` && !document.querySelector("#deck-text").value.includes("Nebula")`)
	steps(t, two, "tab two: save", chromedp.Click(chromedp.CSS("#save")))
	until(t, two, "the conflict", `!document.querySelector("#conflict").hidden && document.querySelector("#conflict-theirs").value.includes("1 Nebula")`)
}

// On a 390 px phone every game's "New deck" button on the home page is
// inside the window, and its link can be tapped without scrolling the
// table sideways.
func TestBuilderBrowserPhoneHome(t *testing.T) {
	ctx := builderBrowser(t)
	ts, _ := newTestServer(t)
	steps(t, ctx, "phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)),
		chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS("table.list")))
	// Hit: the button is what a tap at its middle reaches (nothing clips
	// or covers it).
	buttons := js[[]struct {
		Href        string
		Left, Right float64
		Hit         bool
	}](t, ctx, `[...document.querySelectorAll("table.list a.button")].map(a => { a.scrollIntoView({block: "center"}); const r = a.getBoundingClientRect(); const e = document.elementFromPoint(r.left + r.width/2, r.top + r.height/2); return {Href: a.getAttribute("href"), Left: r.left, Right: r.right, Hit: e === a || a.contains(e)}; })`)
	if len(buttons) < 3 {
		t.Fatalf("%d New deck buttons, want one a game", len(buttons))
	}
	width := js[float64](t, ctx, `document.documentElement.clientWidth`)
	for _, b := range buttons {
		if b.Left < 0 || b.Right > width || !b.Hit {
			t.Errorf("%s: New deck at %.0f–%.0f px in a %.0f px window (reachable by a tap: %v)", b.Href, b.Left, b.Right, width, b.Hit)
		}
	}
	shot(t, ctx, "home-buttons-390")
}
