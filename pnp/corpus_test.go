package pnp

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// corpusEntry is one PDF of testdata/corpus/manifest.yaml: where it came
// from and what a person cuts from it (see the manifest's header).
type corpusEntry struct {
	File     string   `yaml:"file"`
	Repo     string   `yaml:"repo"`
	Path     string   `yaml:"path"`
	Commit   string   `yaml:"commit"`
	Licence  string   `yaml:"licence"`
	Tool     string   `yaml:"tool"`
	What     string   `yaml:"what"`
	Size     string   `yaml:"size"`  // the cards' trim size measured by hand
	Prior    string   `yaml:"prior"` // the size a user gives (the game's)
	Game     string   `yaml:"game"`  // the bundled game whose card size is the prior
	Read     string   `yaml:"read"`  // pages read, "1-24"; all when empty
	DPI      int      `yaml:"dpi"`   // the DPI it is read at, when not corpusDPI's (see corpusDPI)
	Pages    []string `yaml:"pages"` // F9, B9, L10 or "-", one a page read
	Cards    int      `yaml:"cards"`
	Distinct int      `yaml:"distinct"`
	Trims    struct {
		Page  int          `yaml:"page"`
		Rects [][4]float64 `yaml:"rects"`
	} `yaml:"trims"`
	// Known is what the importer reaches today where it falls short of
	// the truth, with the reason: TestCorpus fails when a PDF does worse
	// than its truth and worse than Known. Remove a line when the
	// importer reaches the truth.
	Known struct {
		Cut      *int     `yaml:"cut"`      // cards cut on their pages
		Distinct *int     `yaml:"distinct"` // distinct fronts found
		Pages    *int     `yaml:"pages"`    // pages classified right
		Stray    *int     `yaml:"stray"`    // cards cut from pages without cards
		Worst    *float64 `yaml:"worst"`    // worst cut error, mm
		Why      string   `yaml:"why"`
	} `yaml:"known"`
	// FirstTry is what the importer got the first time it read the PDF,
	// recorded before any code was changed for it: the honest figure of
	// how well the importer reads files it was not tuned for.
	FirstTry *corpusFirstTry `yaml:"first_try"`
}

// corpusFirstTry is one first-try result, in TestCorpus's own measures.
type corpusFirstTry struct {
	Code     string  `yaml:"code"`     // the commit whose importer read it
	Cut      int     `yaml:"cut"`      // faces cut on their pages
	Distinct int     `yaml:"distinct"` // distinct fronts found
	Pages    int     `yaml:"pages"`    // pages classified right
	Stray    int     `yaml:"stray"`    // faces cut from pages without cards
	Worst    float64 `yaml:"worst"`    // worst cut error of the measured trims found, mm
	Missed   int     `yaml:"missed"`   // measured trims with no face cut there
	Right    bool    `yaml:"right"`    // all of it right (see corpusRight)
}

// corpusRight is the test of a PDF read right: the faces cut
// within 2% of the truth, the distinct fronts exact, no face from a page
// without cards, and every measured trim found and within 1 mm.
func corpusRight(want, cut, distinct, wantDistinct, stray, missed int, worst float64) bool {
	return float64(cut) >= 0.98*float64(want) && distinct == wantDistinct && stray == 0 && missed == 0 && worst <= 1
}

// corpusScore is what one import gave, measured against the truth.
type corpusScore struct {
	cut, want  int // fronts and backs cut on their pages, of want
	stray      int // faces cut from pages without cards
	distinct   int
	pagesRight int
	errs       []float64 // cut error of each measured trim, mm
	missed     int       // measured trims with no face cut there
	err        error
	pageNotes  []string
}

// TestCorpus imports every PDF of testdata/corpus (print-and-play PDFs
// made by other tools) with the size a user would give and Layout auto,
// prints a table of what it found against the truth written by hand in
// the manifest, and fails when a PDF does worse than its truth (or, where
// the manifest records a known shortfall, worse than that).
func TestCorpus(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	if testing.Short() {
		t.Skip("the corpus takes a while")
	}
	entries := readCorpus(t)
	dpi := corpusDPI(t)
	// The PDFs are read side by side (go test runs GOMAXPROCS parallel
	// subtests at once), each once (see corpusImport), and the table is
	// printed in manifest order when all are read.
	// -run TestCorpus/file/NAME reads one PDF (or a few), and only they
	// are in the table.
	scores := make([]corpusScore, len(entries))
	ran := make([]bool, len(entries))
	t.Run("file", func(t *testing.T) {
		for i, e := range entries {
			t.Run(e.File, func(t *testing.T) {
				t.Parallel()
				scores[i] = scoreCorpus(t, e, dpi)
				ran[i] = true
			})
		}
	})
	var all []float64
	tot := corpusScore{}
	distinctRight := 0
	t.Logf("%-34s %-26s %9s %9s %9s %6s %13s %-5s %-24s  %s", "PDF", "tool", "cards", "distinct", "pages", "stray", "cut err mm", "right", "first try", "notes")
	rightNow := 0
	var firsts []bool // right at first try, in manifest order
	read := 0
	for i, e := range entries {
		if !ran[i] {
			continue
		}
		read++
		sc := scores[i]
		all = append(all, sc.errs...)
		tot.cut += sc.cut
		tot.want += sc.want
		tot.stray += sc.stray
		if sc.distinct == e.Distinct {
			distinctRight++
		}
		med, worst := medianWorst(sc.errs)
		errText := "-"
		if len(sc.errs) > 0 {
			errText = fmt.Sprintf("%.2f / %.2f", med, worst)
		}
		if sc.missed > 0 {
			errText += fmt.Sprintf(" %d missed", sc.missed)
		}
		notes := strings.Join(sc.pageNotes, "; ")
		if sc.err != nil {
			notes = "error: " + sc.err.Error()
		}
		tool, _, _ := strings.Cut(e.Tool, " (")
		right := sc.err == nil && corpusRight(sc.want, sc.cut, sc.distinct, e.Distinct, sc.stray, sc.missed, worst)
		if right {
			rightNow++
		}
		if os.Getenv("DECKWRIGHT_CORPUS_DPI") == "" && knownStale(e, sc, worst) {
			t.Errorf("%s: reaches its truth where known: says it falls short; remove the entry's known: lines (%s)", e.File, e.Known.Why)
		}
		first := "-"
		if f := e.FirstTry; f != nil {
			first = fmt.Sprintf("%s c%d d%d p%d s%d w%.2f m%d %s", f.Code, f.Cut, f.Distinct, f.Pages, f.Stray, f.Worst, f.Missed, yesNo(f.Right))
			firsts = append(firsts, f.Right)
			checkFirstTry(t, e, sc.want)
		}
		t.Logf("%-34s %-26.26s %4d/%-4d %4d/%-4d %4d/%-4d %6d %13s %-5s %-24s  %s", e.File, tool, sc.cut, sc.want, sc.distinct, e.Distinct, sc.pagesRight, len(e.Pages), sc.stray, errText, yesNo(right), first, notes)
		checkCorpus(t, e, sc, worst)
	}
	med, worst := medianWorst(all)
	share := 100.0
	if tot.want > 0 {
		share = 100 * float64(tot.cut) / float64(tot.want)
	}
	t.Logf("corpus: %d PDFs; %.1f%% of faces cut (%d of %d); distinct right on %d of %d; %d faces from pages without cards; cut error median %.2f mm, worst %.2f mm over %d trims",
		read, share, tot.cut, tot.want, distinctRight, read, tot.stray, med, worst, len(all))
	t.Logf("right now: %d of %d PDFs; %s", rightNow, read, firstTryShare(firsts, 20))
}

// firstTryShare says how many of the latest n PDFs with a first try
// (the last in the manifest) were right at first try.
func firstTryShare(firsts []bool, n int) string {
	if len(firsts) == 0 {
		return "no PDF has a first try"
	}
	latest := firsts[max(0, len(firsts)-n):]
	right := 0
	for _, r := range latest {
		if r {
			right++
		}
	}
	return fmt.Sprintf("right at first try: %d of the latest %d with a first try (%.0f%%)", right, len(latest), 100*float64(right)/float64(len(latest)))
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// checkFirstTry fails the test where a recorded first try is not a
// result TestCorpus could have printed: its right must follow from its
// numbers, which must lie within the truth's bounds.
func checkFirstTry(t *testing.T, e corpusEntry, want int) {
	t.Helper()
	f := e.FirstTry
	if len(f.Code) < 7 {
		t.Errorf("%s: first_try.code %q: want the commit (7 or more hex digits) whose importer read it", e.File, f.Code)
	}
	if f.Cut < 0 || f.Cut > want || f.Pages < 0 || f.Pages > len(e.Pages) || f.Distinct < 0 || f.Stray < 0 || f.Missed < 0 || f.Worst < 0 {
		t.Errorf("%s: first_try %+v: want cut 0..%d, pages 0..%d and no negative count", e.File, *f, want, len(e.Pages))
	}
	if r := corpusRight(want, f.Cut, f.Distinct, e.Distinct, f.Stray, f.Missed, f.Worst); r != f.Right {
		t.Errorf("%s: first_try.right is %v but its numbers say %v (cut %d of %d, distinct %d of %d, stray %d, missed %d, worst %.2f mm)", e.File, f.Right, r, f.Cut, want, f.Distinct, e.Distinct, f.Stray, f.Missed, f.Worst)
	}
}

// corpusDPI is the DPI the corpus is read at: 150, or
// DECKWRIGHT_CORPUS_DPI (300 is the command line's default) to see the
// table at another. An entry's own dpi, kept for a PDF that another test
// reads at that DPI (so that the two share one import), gives way to
// DECKWRIGHT_CORPUS_DPI too.
func corpusDPI(t *testing.T) int {
	if v := os.Getenv("DECKWRIGHT_CORPUS_DPI"); v != "" {
		d, err := strconv.Atoi(v)
		if err != nil || d < 50 || d > 1200 {
			t.Fatalf("DECKWRIGHT_CORPUS_DPI=%q: want a DPI from 50 to 1200", v)
		}
		return d
	}
	return 150
}

func readCorpus(t *testing.T) []corpusEntry {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "corpus", "manifest.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var entries []corpusEntry
	if err := yaml.Unmarshal(data, &entries); err != nil {
		t.Fatalf("manifest.yaml: %v", err)
	}
	if len(entries) == 0 {
		t.Fatal("manifest.yaml lists no PDFs")
	}
	for _, e := range entries {
		if e.File == "" || e.Repo == "" || e.Path == "" || len(e.Commit) != 40 || e.Licence == "" || e.Tool == "" || len(e.Pages) == 0 {
			t.Fatalf("%s: an entry needs file, repo, path, commit, licence, tool and pages", e.File)
		}
		if _, err := os.Stat(filepath.Join("testdata", "corpus", e.File)); err != nil {
			t.Fatalf("%s: %v", e.File, err)
		}
	}
	return entries
}

// parseSize reads "63x88" (mm).
func parseSize(s string) (float64, float64, error) {
	a, b, ok := strings.Cut(s, "x")
	w, err1 := strconv.ParseFloat(a, 64)
	h, err2 := strconv.ParseFloat(b, 64)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("size %q: want WxH in mm", s)
	}
	return w, h, nil
}

// pageWant reads a page word: its role ("F", "B", "L" or "-") and cards.
func pageWant(w string) (string, int) {
	if w == "-" || w == "" {
		return "-", 0
	}
	n, _ := strconv.Atoi(w[1:])
	return w[:1], n
}

// corpusOptions are the options TestCorpus reads entry e with at dpi
// (corpusDPI's).
func corpusOptions(t testing.TB, e corpusEntry, dpi int) Options {
	t.Helper()
	prior := e.Prior
	if p := os.Getenv("DECKWRIGHT_CORPUS_PRIOR"); p != "" {
		// Every PDF read with one size given, the wrong one for most:
		// how well the cards' size is measured from the page.
		prior = p
	}
	pw, ph, err := parseSize(prior)
	if err != nil {
		t.Fatalf("%s: prior: %v", e.File, err)
	}
	if e.DPI != 0 && os.Getenv("DECKWRIGHT_CORPUS_DPI") == "" {
		dpi = e.DPI
	}
	opt := Options{CardW: pw, CardH: ph, DPI: dpi}
	if e.Read != "" {
		a, _, _ := strings.Cut(e.Read, "-")
		first, _ := strconv.Atoi(a)
		for i := range e.Pages {
			opt.Pages = append(opt.Pages, first+i)
		}
	}
	return opt
}

func scoreCorpus(t *testing.T, e corpusEntry, dpi int) corpusScore {
	t.Helper()
	var sc corpusScore
	opt := corpusOptions(t, e, dpi)
	pages := make([]int, 0, len(e.Pages))
	first := 1
	if e.Read != "" {
		a, _, _ := strings.Cut(e.Read, "-")
		first, _ = strconv.Atoi(a)
	}
	for i := range e.Pages {
		pages = append(pages, first+i)
	}
	for _, w := range e.Pages {
		role, n := pageWant(w)
		if role == "L" {
			n *= 2 // a fold sheet's fronts and their backs
		}
		sc.want += n
	}
	res, err := corpusImport(t, e.File, opt)
	if errors.Is(err, ErrNoCardPages) {
		// Every page was skipped: right for a PDF without cards.
		res, err = &Result{}, nil
		for _, nr := range pages {
			res.Pages = append(res.Pages, PageReport{Page: nr, Side: "skipped"})
		}
	}
	if err != nil {
		sc.err = err
		return sc
	}
	// Faces cut on each page, fronts and backs.
	onPage := map[int][]Face{}
	for _, c := range res.Cards {
		onPage[c.Front.Page] = append(onPage[c.Front.Page], c.Front)
		if c.Back != nil {
			onPage[c.Back.Page] = append(onPage[c.Back.Page], *c.Back)
		}
	}
	side := map[int]string{}
	for _, p := range res.Pages {
		if p.Cards > 0 {
			side[p.Page] = p.Side
		}
	}
	for i, w := range e.Pages {
		nr := pages[i]
		role, n := pageWant(w)
		got := len(onPage[nr])
		if role == "L" {
			n *= 2
		}
		if role == "-" {
			sc.stray += got
		} else {
			sc.cut += min(got, n)
		}
		gotRole := "-"
		switch side[nr] {
		case "fronts":
			gotRole = "F"
		case "backs":
			gotRole = "B"
		case "fold":
			gotRole = "L"
		}
		if gotRole == role && (role == "-" || got == n) {
			sc.pagesRight++
		} else {
			sc.pageNotes = append(sc.pageNotes, fmt.Sprintf("p%d %s%d want %s", nr, gotRole, got, w))
		}
	}
	if unsure, why := res.Uncertain(); len(unsure) > 0 {
		sc.pageNotes = append(sc.pageNotes, fmt.Sprintf("uncertain %v (%s)", unsure, strings.Join(why, "; ")))
	}
	if len(sc.pageNotes) > 4 {
		sc.pageNotes = append(sc.pageNotes[:4], fmt.Sprintf("+%d pages", len(sc.pageNotes)-4))
	}
	var g grouper
	for _, c := range res.Cards {
		g.add(c.Front)
	}
	sc.distinct = len(g.reps)
	// Cut error: each measured trim against the face cut nearest it.
	for _, r := range e.Trims.Rects {
		want := Rect{X: r[0], Y: r[1], W: r[2], H: r[3]}
		best, bestD := -1.0, math.Inf(1)
		for _, f := range onPage[e.Trims.Page] {
			d := math.Hypot(f.Trim.cx()-want.cx(), f.Trim.cy()-want.cy())
			if d < bestD && d < min(want.W, want.H)/2 {
				bestD = d
				best = max(math.Abs(f.Trim.X-want.X), math.Abs(f.Trim.Y-want.Y),
					math.Abs(f.Trim.X+f.Trim.W-want.X-want.W), math.Abs(f.Trim.Y+f.Trim.H-want.Y-want.H))
			}
		}
		if best < 0 {
			sc.missed++
			continue
		}
		sc.errs = append(sc.errs, best)
	}
	return sc
}

func medianWorst(v []float64) (float64, float64) {
	if len(v) == 0 {
		return 0, 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2], s[len(s)-1]
}

// checkCorpus fails the test where a PDF does worse than its truth and
// than what the manifest records as known.
func checkCorpus(t *testing.T, e corpusEntry, sc corpusScore, worst float64) {
	t.Helper()
	k := e.Known
	fail := func(what string, got, want any, known any) {
		t.Errorf("%s: %s %v, want %v (known today: %v; %s)", e.File, what, got, want, known, k.Why)
	}
	if sc.cut < sc.want && (k.Cut == nil || sc.cut < *k.Cut) {
		fail("faces cut", sc.cut, sc.want, ptr(k.Cut))
	}
	if sc.distinct != e.Distinct && (k.Distinct == nil || abs(sc.distinct-e.Distinct) > abs(*k.Distinct-e.Distinct)) {
		fail("distinct fronts", sc.distinct, e.Distinct, ptr(k.Distinct))
	}
	if sc.pagesRight < len(e.Pages) && (k.Pages == nil || sc.pagesRight < *k.Pages) {
		fail("pages classified right", sc.pagesRight, len(e.Pages), ptr(k.Pages))
	}
	if sc.stray > 0 && (k.Stray == nil || sc.stray > *k.Stray) {
		fail("faces cut from pages without cards", sc.stray, 0, ptr(k.Stray))
	}
	if sc.missed > 0 && (k.Cut == nil) {
		fail("measured trims with no face", sc.missed, 0, "none")
	}
	if worst > 1 && (k.Worst == nil || worst > *k.Worst) {
		fail("worst cut error (mm)", worst, "at most 1", ptr(k.Worst))
	}
}

// knownStale reports whether e has a known: entry and every shortfall it
// records has been made good (the truth reached), so that the entry no
// longer says what the importer does.
func knownStale(e corpusEntry, sc corpusScore, worst float64) bool {
	k := e.Known
	if sc.err != nil || k.Cut == nil && k.Distinct == nil && k.Pages == nil && k.Stray == nil && k.Worst == nil {
		return false
	}
	return (k.Cut == nil || sc.cut >= sc.want && sc.missed == 0) &&
		(k.Distinct == nil || sc.distinct == e.Distinct) &&
		(k.Pages == nil || sc.pagesRight == len(e.Pages)) &&
		(k.Stray == nil || sc.stray == 0) &&
		(k.Worst == nil || worst <= 1)
}

func ptr[T any](p *T) any {
	if p == nil {
		return "none"
	}
	return *p
}

// TestCorpusRight pins the test of a PDF read right, which the
// first-try column and its share are counted by.
func TestCorpusRight(t *testing.T) {
	for _, c := range []struct {
		name                                             string
		want, cut, distinct, wantDistinct, stray, missed int
		worst                                            float64
		right                                            bool
	}{
		{"all right", 100, 100, 40, 40, 0, 0, 0.4, true},
		{"faces within 2%", 100, 98, 40, 40, 0, 0, 0.4, true},
		{"faces short by more than 2%", 100, 97, 40, 40, 0, 0, 0.4, false},
		{"distinct off by one", 100, 100, 41, 40, 0, 0, 0.4, false},
		{"a face from a page without cards", 100, 100, 40, 40, 1, 0, 0.4, false},
		{"a measured trim missed", 100, 100, 40, 40, 0, 1, 0.4, false},
		{"a trim 1 mm off", 100, 100, 40, 40, 0, 0, 1.0, true},
		{"a trim more than 1 mm off", 100, 100, 40, 40, 0, 0, 1.01, false},
		{"no cards, none found", 0, 0, 0, 0, 0, 0, 0, true},
	} {
		if got := corpusRight(c.want, c.cut, c.distinct, c.wantDistinct, c.stray, c.missed, c.worst); got != c.right {
			t.Errorf("%s: corpusRight = %v, want %v", c.name, got, c.right)
		}
	}
}

// TestFirstTryShare checks that the share counts the latest n first tries
// only, in manifest order.
func TestFirstTryShare(t *testing.T) {
	for _, c := range []struct {
		firsts []bool
		n      int
		want   string
	}{
		{nil, 20, "no PDF has a first try"},
		{[]bool{true, false, false}, 20, "right at first try: 1 of the latest 3 with a first try (33%)"},
		{[]bool{true, true, false, false, true}, 2, "right at first try: 1 of the latest 2 with a first try (50%)"},
	} {
		if got := firstTryShare(c.firsts, c.n); got != c.want {
			t.Errorf("firstTryShare(%v, %d) = %q, want %q", c.firsts, c.n, got, c.want)
		}
	}
}
