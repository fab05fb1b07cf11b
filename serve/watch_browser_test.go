package serve

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestWatchBrowser: in Chromium, a card page open while its cards file
// is saved shows the new field values without a reload (watch.js puts
// the page's data-live part in place). Skipped without Chromium, except
// under CI=true.
func TestWatchBrowser(t *testing.T) {
	w := watchFolder(t, strings.Replace(watchGame, "{id: t, name: T}", "{id: t, name: T, fields: [{name: cost, kind: int}]}", 1), "game: g\ncards:\n  - {name: C, type: t, cost: 2, text: \"Draw a card.\"}\n")
	write := w.write
	ts := startServer(t, w.s.Handler()) // closed after the browser (its cleanups run first)

	ctx := newBrowser(t)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/card/g/C"),
		chromedp.WaitVisible(chromedp.CSS("table.fields")),
	); err != nil {
		t.Fatal(err)
	}
	// watch.js has had its first answer (the version the page shows), so
	// that the next one tells it of the change.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`performance.getEntriesByType("resource").some(e => e.name.includes("/api/watch?since=-1"))`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatal(err)
	}
	text := func() string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("table.fields")))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if before := text(); !strings.Contains(before, "Draw a card.") {
		t.Fatalf("the page shows %q", before)
	}
	write("cards/cards.yaml", "game: g\ncards:\n  - {name: C, type: t, cost: 7, text: \"Draw three cards.\"}\n")
	_, _ = chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector("table.fields").textContent.includes("Draw three cards.")`, chromedp.WithPollingTimeout(20*time.Second)))
	after := text()
	if !strings.Contains(after, "Draw three cards.") || !strings.Contains(after, "7") || strings.Contains(after, "Draw a card.") {
		t.Errorf("after the save the page shows %q", after)
	}
}
