package serve

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	cdpage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/deckwright/deckwright/internal/testenv"
)

// findChromium returns the path of a Chromium (or Chrome) to drive, or ""
// for none: $DECKWRIGHT_CHROME, else the usual names on PATH.
func findChromium() string {
	if p := os.Getenv("DECKWRIGHT_CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// newBrowser opens a tab at 1280x900, the size of the README's
// screenshots (see browserAt).
func newBrowser(t *testing.T) context.Context { return browserAt(t, 1280, 900) }

// chromium is the headless Chromium the package's browser tests share:
// started by the first test that needs it, closed by TestMain. Each test
// gets a browser context of its own (its own storage, cookies and
// downloads) and a tab in it, so that no test sees another's drafts.
var chromium struct {
	once   sync.Once
	exe    string
	ctx    context.Context // the browser's first tab
	cancel context.CancelFunc
	err    error
}

// TestMain closes the shared Chromium after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if chromium.cancel != nil {
		chromium.cancel()
	}
	os.Exit(code)
}

// sharedBrowser starts the package's Chromium the first time it is asked
// for, with the flags a shared machine wants, or skips the test when there
// is none (never under CI=true, where .ci/run installs it).
func sharedBrowser(t testing.TB) context.Context {
	t.Helper()
	exe := findChromium()
	if exe == "" {
		if testenv.CI() {
			t.Fatal("no Chromium found, and CI=true: .ci/run installs Debian's chromium; set DECKWRIGHT_CHROME to its path")
		}
		t.Skip("browser test skipped: no Chromium found (apt-get install chromium, or set DECKWRIGHT_CHROME)")
	}
	chromium.once.Do(func() {
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(exe),
			chromedp.NoSandbox, // Chromium refuses to run as root with its sandbox (CI runs as root)
			chromedp.DisableGPU,
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("no-first-run", true),
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.WindowSize(1366, 900),
		)
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelBrowser := chromedp.NewContext(actx)
		chromium.exe, chromium.ctx = exe, ctx
		chromium.cancel = func() { cancelBrowser(); cancelAlloc() }
		chromium.err = chromedp.Do(ctx) // the browser lives as long as ctx, the context of its first run
	})
	if chromium.err != nil {
		t.Fatalf("starting %s: %v", chromium.exe, chromium.err)
	}
	return chromium.ctx
}

// browserAt opens a tab of the shared Chromium (see sharedBrowser) in a
// browser context of its own, with a viewport of w×h, for one test: the
// test's cleanup closes both. A reload with unsaved edits asks first: its
// dialogs are accepted.
func browserAt(t testing.TB, w, h int) context.Context {
	t.Helper()
	root := sharedBrowser(t)
	ctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	ctx, cancel2 := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(cancel2)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(w), int64(h))); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	acceptDialogs(t, ctx)
	return ctx
}

// allowDownloads saves the downloads of the test's browser context (see
// browserAt) in dir, named by their GUID, and reports their progress as
// browser.DownloadProgress events.
func allowDownloads(dir string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		events := true
		_, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior:         browser.SetDownloadBehaviorBehaviorAllowAndName,
			BrowserContextID: chromedp.FromContext(ctx).BrowserContextID,
			DownloadPath:     dir,
			EventsEnabled:    &events,
		})
		return err
	})
}

// screenshot saves what the browser shows as docs/images/serve-NAME.jpg
// when DECKWRIGHT_SCREENSHOTS=1 (the README shows them).
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if os.Getenv("DECKWRIGHT_SCREENSHOTS") != "1" {
		return
	}
	imagesDrawn(t, ctx)
	quality := int64(72)
	shot, err := chromedp.Call(ctx, cdpage.CaptureScreenshot, cdpage.CaptureScreenshotParams{Format: cdpage.CaptureScreenshotFormatJpeg, Quality: &quality})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "docs", "images", "serve-"+name+".jpg")
	if err := os.WriteFile(path, shot.Data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", path)
}

// imagesDrawn waits until every image of the page has loaded, so that a
// screenshot shows the card faces; an image loaded lazily below the
// window is not waited for (it loads when scrolled to).
func imagesDrawn(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`[...document.images].every(i => i.complete || i.loading === "lazy" && i.getBoundingClientRect().top > innerHeight)`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("waiting for the page's images: %v", err)
	}
}

// steps runs browser steps and fails the test on an error.
func steps(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// get runs one browser action that returns a value.
func get[T any](t *testing.T, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// The deck editor as a person uses it: type a decklist with a typo, see
// the finding, fix it, see the deck legal, save, reload and find it,
// then print it and read the downloaded PDF back.
func TestServeBrowserEditor(t *testing.T) {
	ctx := newBrowser(t)
	ts, decks := newTestServer(t)
	downloads := t.TempDir()

	start := time.Now()
	timing := `(() => { const n = performance.getEntriesByType("navigation")[0]; return [n.responseEnd - n.startTime, n.domContentLoadedEventEnd - n.startTime, n.duration]; })()`
	steps(t, ctx, "open the start page", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS("table.list")))
	home := get(t, ctx, chromedp.Evaluate[[]float64](timing))
	t.Logf("first page load (start page, cold browser): response %.0f ms, DOM ready %.0f ms, load event %.0f ms; %v with the browser's start-up", home[0], home[1], home[2], time.Since(start).Round(time.Millisecond))
	steps(t, ctx, "open the editor",
		chromedp.Navigate(ts.URL+"/deck?game=seeker-chronicles"),
		chromedp.WaitVisible(chromedp.CSS("#deck-text")),
	)
	first := get(t, ctx, chromedp.Evaluate[[]float64](timing))
	t.Logf("first load of the deck editor: response %.0f ms, DOM ready %.0f ms, load event %.0f ms", first[0], first[1], first[2])
	steps(t, ctx, "load again", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#deck-text")))
	again := get(t, ctx, chromedp.Evaluate[[]float64](timing))
	t.Logf("second load of the deck editor: response %.0f ms, DOM ready %.0f ms, load event %.0f ms", again[0], again[1], again[2])

	// Paste the list and type its last line, with a typo. On a busy
	// machine a check may run while a name is half typed ("Rou"): wait for
	// the whole one.
	steps(t, ctx, "type a decklist",
		chromedp.SendKeys(chromedp.CSS("#deck-name"), "mine"),
		chromedp.SetValue(chromedp.CSS("#deck-text"), legalDecklist),
		chromedp.SendKeys(chromedp.CSS("#deck-text"), "3 Rouge Star"),
		chromedp.WaitVisible(chromedp.CSS(`#findings li[data-rule="unknown-card"]`)),
	)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(document.querySelector('#findings li[data-rule="unknown-card"]') || {}).textContent?.includes('"Rouge Star" in')`, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("waiting for the finding on \"Rouge Star\": %v", err)
	}
	text := get(t, ctx, chromedp.Text(chromedp.CSS(`#findings li[data-rule="unknown-card"]`)))
	if want := `no card named "Rouge Star" in Seeker Chronicles; did you mean "Rogue Star"?`; !strings.Contains(text, want) {
		t.Errorf("finding %q, want %q", text, want)
	}
	get(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector("#findings-h").scrollIntoView()`))
	screenshot(t, ctx, "editor")

	// Fix it: delete "uge Star" and type the right name.
	steps(t, ctx, "fix the typo",
		chromedp.SendKeys(chromedp.CSS("#deck-text"), strings.Repeat(kb.Backspace, len("uge Star"))+"gue Star\n"),
		chromedp.WaitVisible(chromedp.CSS(`#findings .verdict.legal`)),
	)
	if v := get(t, ctx, chromedp.Text(chromedp.CSS("#verdict"))); !strings.HasPrefix(strings.TrimSpace(v), "legal") {
		t.Errorf("verdict %q, want legal", v)
	}
	ms := get(t, ctx, chromedp.AttributeValue(chromedp.CSS("#findings"), "data-ms"))
	t.Logf("live validation round trip (findings and stats) in the browser: %s ms", ms.Value)

	// Save, reload, and find it.
	steps(t, ctx, "save",
		chromedp.Click(chromedp.CSS("#save")),
		chromedp.WaitVisible(chromedp.CSS("#saved.ok")),
	)
	if saved := get(t, ctx, chromedp.Text(chromedp.CSS("#saved"))); saved != "saved mine.txt" {
		t.Errorf("save says %q", saved)
	}
	steps(t, ctx, "reload", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#deck-text")))
	text = get(t, ctx, chromedp.Value(chromedp.CSS("#deck-text")))
	if !strings.Contains(text, "3 Rogue Star") || strings.Contains(text, "Rouge") {
		t.Errorf("after reload the editor holds:\n%s", text)
	}
	if data, err := os.ReadFile(filepath.Join(decks, "mine.txt")); err != nil || !strings.Contains(string(data), "3 Rogue Star") {
		t.Errorf("saved file: %q, %v", data, err)
	}

	// Print it from the editor's link: check, then download the PDF and
	// read it back.
	// (The link's address is followed with Navigate: a click right after
	// a reload can land while the page is still settling.)
	link := get(t, ctx, chromedp.AttributeValue(chromedp.CSS("#print-link"), "href"))
	if link.Value != "/print?deck=mine.txt" {
		t.Fatalf("the editor's print link is %q", link.Value)
	}
	steps(t, ctx, "check the print",
		chromedp.Navigate(ts.URL+link.Value),
		chromedp.WaitVisible(chromedp.CSS("#print-form")),
		chromedp.Click(chromedp.CSS("#preview")),
		chromedp.WaitVisible(chromedp.CSS("#print-report .ok")),
	)
	if report := get(t, ctx, chromedp.Text(chromedp.CSS("#print-report .ok"))); !strings.Contains(report, "6 pages, 46 cards") {
		t.Errorf("print report %q", report)
	}
	screenshot(t, ctx, "print")
	progress := chromedp.BrowserEvents(ctx, browser.DownloadProgress)
	steps(t, ctx, "download the PDF",
		allowDownloads(downloads),
		chromedp.Click(chromedp.CSS("#download")),
	)
	var file string
	for ev, err := range progress {
		if err != nil {
			t.Fatalf("waiting for the download: %v", err)
		}
		if ev.State == browser.DownloadProgressStateCompleted {
			file = filepath.Join(downloads, ev.GUID)
			break
		}
		if ev.State == browser.DownloadProgressStateCanceled {
			t.Fatal("the download was cancelled")
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if n := pdfPages(t, data); n != 6 {
		t.Errorf("downloaded PDF has %d pages, want 6", n)
	}
}

// Every other page opens and shows what it is for; the grid adds cards,
// the hand drawer draws, and the playtest runs with its progress bar and
// draws its charts.
func TestServeBrowserPages(t *testing.T) {
	ctx := newBrowser(t)
	ts, decks := newTestServer(t)
	if err := os.WriteFile(filepath.Join(decks, "cosmos.txt"), []byte(legalDecklist+"3 Rogue Star\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pages := []struct {
		name, path, wait string
	}{
		{"home", "/", "table.list"},
		{"cards", "/cards?game=seeker-chronicles", ".grid .tile"},
		{"card", "/card/seeker-chronicles/Rogue%20Star", ".fields"},
	}
	for _, p := range pages {
		steps(t, ctx, p.path, chromedp.Navigate(ts.URL+p.path), chromedp.WaitVisible(chromedp.CSS(p.wait)))
		screenshot(t, ctx, p.name)
	}
	steps(t, ctx, "add a card with +",
		chromedp.Navigate(ts.URL+"/deck?name=cosmos.txt"),
		chromedp.WaitVisible(chromedp.CSS(`#grid [data-add="Gluon"]`)),
		chromedp.Click(chromedp.CSS(`#grid [data-add="Gluon"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#findings li[data-rule="domain"]`)),
	)
	if s := get(t, ctx, chromedp.Value(chromedp.CSS("#deck-text"))); !strings.Contains(s, "\n1 Gluon\n") {
		t.Errorf("+ did not add a line 1 Gluon:\n%s", s)
	}
	// A reload keeps the unsaved change (a draft in the browser).
	until(t, ctx, "the draft kept", `(sessionStorage.getItem("deckwright-draft:deck:cosmos.txt") || "").includes("1 Gluon")`)
	steps(t, ctx, "reload unsaved", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`#findings li[data-rule="domain"]`)))
	if s := get(t, ctx, chromedp.Value(chromedp.CSS("#deck-text"))); !strings.Contains(s, "\n1 Gluon\n") {
		t.Errorf("the unsaved change is lost on reload:\n%s", s)
	}
	if s := get(t, ctx, chromedp.Text(chromedp.CSS("#saved"))); !strings.Contains(s, "unsaved changes restored") {
		t.Errorf("status after reload: %q", s)
	}
	steps(t, ctx, "draw a hand", chromedp.Click(chromedp.CSS("#draw")), chromedp.WaitVisible(chromedp.CSS("#hand ol.hand li")))
	get(t, ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0); document.querySelector("#findings .stats").scrollIntoView()`))
	screenshot(t, ctx, "editor-stats")
	steps(t, ctx, "run goldfish",
		chromedp.Navigate(ts.URL+"/playtest?deck=cosmos.txt"),
		chromedp.WaitVisible(chromedp.CSS("#run")),
		chromedp.SetValue(chromedp.CSS(`input[name="games"]`), "3000"),
		chromedp.Click(chromedp.CSS("#run")),
		chromedp.WaitVisible(chromedp.CSS("#playtest-report svg")),
	)
	if s := get(t, ctx, chromedp.Text(chromedp.CSS("#progress-text"))); s != "done" {
		t.Errorf("progress says %q, want done", s)
	}
	screenshot(t, ctx, "playtest")
	steps(t, ctx, "compare",
		chromedp.SetValue(chromedp.CSS(`#compare-form select[name="b"]`), "seeker-chronicles/order"),
		chromedp.SetValue(chromedp.CSS(`#compare-form input[name="games"]`), "2000"),
		chromedp.Click(chromedp.CSS("#compare")),
		chromedp.WaitVisible(chromedp.CSS("#compare-report table")),
	)
	get(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector("#compare-form").scrollIntoView({block: "start"})`))
	if s := get(t, ctx, chromedp.Text(chromedp.CSS("#compare-report h2"))); !strings.Contains(s, "cosmos.txt (A) against Order starter (B): 2000 paired games") {
		t.Errorf("compare says %q", s)
	}
	screenshot(t, ctx, "compare")
}
