package printjob

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/printer"
)

var (
	bundledOnce sync.Once
	bundled     *cardsdb.DB
	bundledErr  error
)

func bundledDB(t testing.TB) *cardsdb.DB {
	t.Helper()
	bundledOnce.Do(func() { bundled, bundledErr = cardsdb.LoadBundled() })
	if bundledErr != nil {
		t.Fatal(bundledErr)
	}
	return bundled
}

// Collect's errors say what is wrong in the deck's own words, and tell a
// deck that breaks a rule (RuleError: the command exits 1) from input that
// cannot be read or a bad option (exit 2).
func TestCollectErrors(t *testing.T) {
	db := bundledDB(t)
	tests := []struct {
		name string
		opts Options
		rule bool
		want string
	}{
		{"unknown card", Options{Decks: []string{"-"}, In: strings.NewReader("game: seeker-chronicles\n3 Rouge Star\n")}, true,
			`<stdin>:2:1: no card named "Rouge Star"; did you mean "Rogue Star"?; fix the deck (deckwright validate -) before printing`},
		{"unknown card named", Options{Decks: []string{"-"}, In: strings.NewReader("game: seeker-chronicles\n3 Rouge Star\n"), InName: "mine.txt"}, true,
			`mine.txt:2:1: no card named "Rouge Star"`},
		{"stdin twice", Options{Decks: []string{"-", "-"}}, false, "- (standard input) given more than once"},
		{"no game", Options{Decks: []string{"-"}, In: strings.NewReader("3 Comet\n")}, false, "names no game"},
		{"too many", Options{Decks: []string{"seeker-chronicles/cosmos"}, MaxCards: 40}, false,
			"seeker-chronicles/cosmos asks for more than 40 cards (the --max-cards limit)"},
		{"all without game", Options{All: true, Game: "nosuchgame"}, false, "--game: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Collect(db, tt.opts)
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			var re *RuleError
			if errors.As(err, &re) != tt.rule {
				t.Errorf("RuleError %v, want %v: %v", errors.As(err, &re), tt.rule, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want %q in it", err, tt.want)
			}
		})
	}
}

// An Arkhtide deck gets the Neutral Realm for the table once, however
// many decks are printed together, and the tokens its cards Manifest;
// NoExtras leaves them out.
func TestCollectExtras(t *testing.T) {
	db := bundledDB(t)
	deck := "arkhtide/ember-covenant-mono"
	one, err := Collect(db, Options{Decks: []string{deck}})
	if err != nil {
		t.Fatal(err)
	}
	two, err := Collect(db, Options{Decks: []string{deck, deck}})
	if err != nil {
		t.Fatal(err)
	}
	none, err := Collect(db, Options{Decks: []string{deck}, NoExtras: true})
	if err != nil {
		t.Fatal(err)
	}
	count := func(j *Job, what string) int {
		n := 0
		for _, x := range j.Extras {
			if x.What == what {
				n += x.Count
			}
		}
		return n
	}
	if n := count(one, "the Neutral Realm"); n != 5 {
		t.Errorf("one deck: %d Neutral Realm cards, want 5", n)
	}
	if n := count(two, "the Neutral Realm"); n != 5 {
		t.Errorf("two decks: %d Neutral Realm cards, want 5 (one stack for the table)", n)
	}
	extra := 0
	for _, x := range one.Extras {
		extra += x.Count
	}
	if len(one.Items) != len(none.Items)+extra || len(none.Extras) != 0 {
		t.Errorf("%d items with extras, %d without, extras %d", len(one.Items), len(none.Items), extra)
	}
	if !strings.HasPrefix(one.ExtrasNote(), "added for the table: 5 ") || none.ExtrasNote() != "" {
		t.Errorf("notes %q and %q", one.ExtrasNote(), none.ExtrasNote())
	}
	if one.Name != "ember-covenant-mono" || two.Name != "ember-covenant-mono+ember-covenant-mono" {
		t.Errorf("names %q, %q", one.Name, two.Name)
	}
}

func TestSelect(t *testing.T) {
	db := bundledDB(t)
	job, err := Collect(db, Options{Decks: []string{"seeker-chronicles/cosmos"}})
	if err != nil {
		t.Fatal(err)
	}
	all := len(job.Items)
	if err := job.Select([]string{"Comet", "Laika"}, nil); err != nil {
		t.Fatal(err)
	}
	for _, it := range job.Items {
		if n := it.Front.Card.Name; n != "Comet" && n != "Laika" {
			t.Errorf("--only Comet Laika kept %s", n)
		}
	}
	if want := "3 of 46 cards selected by --only/--exclude"; all != 46 || job.Selected != want {
		t.Errorf("selected %q of %d, want %q of 46", job.Selected, all, want)
	}
	for _, tt := range []struct {
		only, exclude []string
		want          string
	}{
		{[]string{"Rouge Star"}, nil, `--only: no card named "Rouge Star" in Seeker Chronicles; did you mean`},
		{[]string{"type:nosuch"}, nil, `--only type:nosuch: no card type "nosuch"`},
		{nil, []string{"Comet", "Laika"}, "--only and --exclude leave none of the 3 cards to print"},
	} {
		if err := job.Select(tt.only, tt.exclude); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Select(%q, %q): %v, want %q", tt.only, tt.exclude, err, tt.want)
		}
	}
}

// The sheet settings' errors name the flags the user gave, and a printer
// profile applies where a setting was not given.
func TestSheetOptions(t *testing.T) {
	card := cardsdb.Size{W: 63, H: 88}
	given := func(names ...string) func(string) bool {
		return func(n string) bool {
			for _, x := range names {
				if x == n {
					return true
				}
			}
			return false
		}
	}
	margin := 6.0
	office := printer.Profile{Name: "office", Offset: layout.Offset{X: 0.5, Y: -0.5}, Flip: "short", Paper: "letter", Margin: &margin}
	load := func(name string) (printer.Profile, string, error) {
		if name != "office" {
			return printer.Profile{}, "", errors.New("no printer named " + name)
		}
		return office, "printers.yaml", nil
	}
	for _, tt := range []struct {
		name  string
		edit  func(*Sheet)
		want  string // the error, "" for none
		check func(layout.Options) bool
	}{
		{"defaults", func(*Sheet) {}, "", func(o layout.Options) bool { return o.Paper.W == 210 && o.Backs == layout.BacksNone }},
		{"bad paper", func(s *Sheet) { s.Paper = "napkin" }, `--paper: paper "napkin"`, nil},
		{"bad grid", func(s *Sheet) { s.Grid = "0x0" }, "--grid: ", nil},
		{"gap", func(s *Sheet) { s.Gap = 51 }, "--gap 51: want 0 to 50 mm", nil},
		{"offset without backs", func(s *Sheet) { s.BackOffset = "1,1"; s.Given = given("back-offset") }, "--back-offset 1,1 moves the backs, but none are printed", nil},
		{"cutter and grid", func(s *Sheet) { s.Cutter = "silhouette"; s.Grid = "3x3"; s.Given = given("grid") }, "--grid does not go with --cutter silhouette", nil},
		{"corner without cutter", func(s *Sheet) { s.Corner = 2; s.Given = given("corner") }, "--corner is the corner radius of a cutter's outlines", nil},
		// --gap 0 was taken for "not given" and 6 mm used in silence
		// (issue 34): a gap given is the gap asked for.
		{"scanncut gap 0", func(s *Sheet) { s.Cutter = "scanncut"; s.Gap = 0; s.Given = given("gap") }, "--cutter scanncut: --gap 0 mm: Direct Cut needs at least 3 mm", nil},
		{"scanncut gap given", func(s *Sheet) { s.Cutter = "scanncut"; s.Gap = 4; s.Given = given("gap") }, "", func(o layout.Options) bool { return o.Gap == 4 }},
		{"scanncut gap default", func(s *Sheet) { s.Cutter = "scanncut" }, "", func(o layout.Options) bool { return o.Gap == layout.ScanNCutGap }},
		// --corner 0 was taken for "not given" too: square corners asked
		// for reached the cut file as the default 3 mm radius.
		{"silhouette corner 0", func(s *Sheet) { s.Cutter = "silhouette"; s.Given = given("corner") }, "", func(o layout.Options) bool {
			sh, err := layout.Plan(o)
			return err == nil && o.SquareCorners && sh.Corner == 0
		}},
		{"scanncut corner 0", func(s *Sheet) { s.Cutter = "scanncut"; s.Given = given("corner") }, "", func(o layout.Options) bool {
			sh, err := layout.Plan(o)
			return err == nil && o.SquareCorners && sh.Corner == 0
		}},
		{"silhouette corner default", func(s *Sheet) { s.Cutter = "silhouette" }, "", func(o layout.Options) bool {
			sh, err := layout.Plan(o)
			return err == nil && !o.SquareCorners && sh.Corner == layout.DefaultCorner(o.Card)
		}},
		{"printer", func(s *Sheet) { s.Printer, s.LoadPrinter = "office", load }, "", func(o layout.Options) bool {
			return o.Backs == layout.BacksShort && o.Margin == 6 && o.BackOffset == layout.Offset{X: 0.5, Y: -0.5} && o.Paper.W < 216
		}},
		{"printer under given flags", func(s *Sheet) { s.Printer, s.LoadPrinter, s.Given, s.Margin = "office", load, given("margin"), 3 }, "", func(o layout.Options) bool {
			return o.Margin == 3 && o.Backs == layout.BacksShort
		}},
		{"printer other edge", func(s *Sheet) { s.Printer, s.LoadPrinter, s.Backs, s.Given = "office", load, "long", given("backs") }, "printer office was measured flipping on the short edge", nil},
		{"no printer", func(s *Sheet) { s.Printer, s.LoadPrinter = "home", load }, "no printer named home", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := DefaultSheet()
			tt.edit(&s)
			o, err := s.Options(card)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("error %v, want %q", err, tt.want)
			case tt.check != nil && !tt.check(o):
				t.Errorf("options %+v", o)
			}
		})
	}
}

// miniGame writes a game of two mini cards, one with art that is
// missing, and returns the database with it.
func miniGame(t *testing.T) *cardsdb.DB {
	dir := filepath.Join(t.TempDir(), "mini")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "cards"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "game.yaml"), []byte("id: mini\nname: Mini\ncard_size: {width: 44, height: 68}\ntypes:\n  - {id: unit, name: Unit}\nsections:\n  - {id: main, name: Main, types: [unit], copies: 3}\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "cards", "core.yaml"), []byte("game: mini\ncards:\n  - {name: Alpha, type: unit, image: art/gone.png}\n  - {name: Beta, type: unit}\n"), 0o644))
	db, err := cardsdb.LoadBundled()
	must(err)
	must(db.AddPath(dir))
	return db
}

// Render draws the PDF to the writer with the report's warnings; with
// Strict a warning is a StrictError, and with MaxSize a print without art
// that cannot fit is a RuleError.
func TestRender(t *testing.T) {
	db := miniGame(t)
	job, err := Collect(db, Options{Decks: []string{"-"}, In: strings.NewReader("game: mini\n2 Alpha\n3 Beta\n")})
	if err != nil {
		t.Fatal(err)
	}
	lo, err := job.Layout(DefaultSheet())
	if err != nil {
		t.Fatal(err)
	}
	var pdf bytes.Buffer
	rep, err := Render(context.Background(), &pdf, job, RenderOptions{Sheet: lo, DPI: 150})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf.Bytes(), []byte("%PDF-")) || rep.Cards != 5 || len(rep.Warnings) == 0 {
		t.Fatalf("%d cards, warnings %v, PDF %.8q", rep.Cards, rep.Warnings, pdf.Bytes())
	}
	res := &Result{Job: job, Output: "deck.pdf", Sheet: lo, Report: rep}
	m := res.JSON()
	if m.Output != "deck.pdf" || m.Render != rep || m.ProvisionalCards != 0 || m.TableExtras == nil || len(m.TableExtras) != 0 || m.CutFiles != nil {
		t.Errorf("JSON %+v", m)
	}

	_, err = Render(context.Background(), &bytes.Buffer{}, job, RenderOptions{Sheet: lo, DPI: 150, Strict: true})
	var se *StrictError
	if !errors.As(err, &se) || len(se.Warnings) != len(rep.Warnings) || !strings.HasSuffix(err.Error(), "with --strict") || se.ExitStatus() != 1 {
		t.Errorf("Strict: %v", err)
	}

	var small bytes.Buffer
	_, err = Render(context.Background(), &small, job, RenderOptions{Sheet: lo, DPI: 150, MaxSize: 2000})
	var re *RuleError
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "--max-size 2 kB: the PDF is larger even with art at 72 DPI") || small.Len() != 0 || re.ExitStatus() != 1 {
		t.Errorf("MaxSize: %v (%d bytes written)", err, small.Len())
	}
}

// nextDPI lowers the resolution by at least a tenth, more when the PDF
// was over the size early on.
func TestNextDPI(t *testing.T) {
	for _, tt := range []struct {
		dpi  int
		max  int64
		done float64
		want int
	}{
		{300, 5e6, 0.9, 262},  // nearly fitted: sqrt(0.85*0.9)
		{300, 5e6, 0.25, 138}, // a quarter written: sqrt(0.85*0.25)
		{300, 5e6, 0, 39},     // nothing written yet counts as 2%
		{100, 5e6, 1, 90},     // never more than 90%
	} {
		if got := nextDPI(tt.dpi, tt.max, tt.done); got != tt.want {
			t.Errorf("nextDPI(%d, %d, %g) = %d, want %d", tt.dpi, tt.max, tt.done, got, tt.want)
		}
	}
}

// Decks of games whose cards differ in size are printed apart, unless
// the sheet gives one card size for all.
func TestCollectCardSizes(t *testing.T) {
	db := miniGame(t)
	opts := Options{Decks: []string{"seeker-chronicles/cosmos", "-"}, In: strings.NewReader("game: mini\n3 Beta\n")}
	if _, err := Collect(db, opts); err == nil || !strings.Contains(err.Error(), "- is a Mini deck with 44x68 mm cards, unlike the decks before it; print them apart or pass --card-size") {
		t.Errorf("mixed card sizes: %v", err)
	}
	opts.In, opts.CardSize = strings.NewReader("game: mini\n3 Beta\n"), "poker"
	job, err := Collect(db, opts)
	if err != nil || len(job.Items) != 49 || job.Name != "cosmos+deck" {
		t.Errorf("with a card size: %v", err)
	}
}

// A print that fits within MaxSize at the asked DPI is written at that
// DPI with no note: the "art at N DPI (not M)" note is for a resolution
// that was lowered, never one that was kept.
func TestRenderMaxSizeFits(t *testing.T) {
	db := miniGame(t)
	job, err := Collect(db, Options{Decks: []string{"-"}, In: strings.NewReader("game: mini\n2 Alpha\n3 Beta\n")})
	if err != nil {
		t.Fatal(err)
	}
	lo, err := job.Layout(DefaultSheet())
	if err != nil {
		t.Fatal(err)
	}
	var pdf bytes.Buffer
	rep, err := Render(context.Background(), &pdf, job, RenderOptions{Sheet: lo, DPI: 150, MaxSize: 50 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf.Bytes(), []byte("%PDF-")) || len(rep.Notes) != 0 {
		t.Errorf("notes %q, PDF %.8q", rep.Notes, pdf.Bytes())
	}
}
