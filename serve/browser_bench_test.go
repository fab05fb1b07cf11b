package serve

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// BenchmarkBrowserPageLoad loads each page of serve in headless Chromium
// and reports, from the page's own Navigation Timing, the median time to
// the end of the response (ms-response) and to DOMContentLoaded
// (ms-dom-ready), and the slowest DOMContentLoaded (ms-dom-ready-max).
// The budget: 200 ms for a page's first load. Between two loads the
// page is given a second to fetch what it fetches once ready.
func BenchmarkBrowserPageLoad(b *testing.B) {
	ctx := builderBrowser(b)
	ts, _ := newTestServer(b)
	putDeck(&testing.T{}, ts.URL, "mine.txt", legalDecklist+"3 Rogue Star\n")
	for _, p := range []struct{ name, path string }{
		{"home", "/"},
		{"cards", "/cards?game=seeker-chronicles"},
		{"card", "/card/seeker-chronicles/Rogue%20Star"},
		{"deck-saved", "/deck?name=mine.txt"},
		{"deck-new", "/deck?game=seeker-chronicles"},
		{"deck-bundled", "/deck?bundled=seeker-chronicles/cosmos"},
		{"print", "/print?deck=mine.txt"},
		{"playtest", "/playtest?deck=mine.txt"},
		{"diff", "/diff?a=mine.txt&b=seeker-chronicles/cosmos"},
	} {
		b.Run(p.name, func(b *testing.B) {
			var resp, ready []float64
			for b.Loop() {
				if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+p.path)); err != nil {
					b.Fatal(err)
				}
				v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => { const n = performance.getEntriesByType("navigation")[0]; return [n.responseEnd - n.startTime, n.domContentLoadedEventEnd - n.startTime]; })()`))
				if err != nil {
					b.Fatal(err)
				}
				resp, ready = append(resp, v[0]), append(ready, v[1])
				// Let the page finish what it fetches after it is ready (the
				// card grid and its images, the findings), so that one load's
				// work does not slow the next one down.
				if err := chromedp.Do(ctx, chromedp.Sleep(time.Second)); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(median(resp), "ms-response")
			b.ReportMetric(median(ready), "ms-dom-ready")
			b.ReportMetric(slices.Max(ready), "ms-dom-ready-max")
		})
	}
}

// BenchmarkBrowserValidateRoundTrip is the builder's validation round
// trip measured in the page: the deck posted to /partial/check (validate
// and stats run, findings and charts rendered) and its answer read, and
// POST /api/validate alone; the medians in ms (the budget: 50 ms).
func BenchmarkBrowserValidateRoundTrip(b *testing.B) {
	ctx := builderBrowser(b)
	ts, _ := newTestServer(b)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/deck?game=seeker-chronicles")); err != nil {
		b.Fatal(err)
	}
	body := strings.ReplaceAll(legalDecklist+"3 Rogue Star\n", "\n", `\n`)
	var check, api []float64
	for b.Loop() {
		v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(async () => {
  const body = "`+body+`";
  let t0 = performance.now();
  await (await fetch("/partial/check?game=seeker-chronicles", {method: "POST", body})).text();
  const a = performance.now() - t0;
  t0 = performance.now();
  await (await fetch("/api/validate?game=seeker-chronicles", {method: "POST", body})).text();
  return [a, performance.now() - t0];
})()`, chromedp.EvalAwaitPromise))
		if err != nil {
			b.Fatal(err)
		}
		check, api = append(check, v[0]), append(api, v[1])
	}
	b.ReportMetric(median(check), "ms-check")
	b.ReportMetric(median(api), "ms-validate")
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}
