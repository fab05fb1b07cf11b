package cli

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/printjob"
	"github.com/deckwright/deckwright/render"
)

func TestParseByteSize(t *testing.T) {
	for in, want := range map[string]int64{"100MB": 100e6, "5 mb": 5e6, "1.5GB": 1.5e9, "500kB": 500e3, "2MiB": 2 << 20, "12345": 12345, "200M": 200e6} {
		if got, err := parseByteSize(in); err != nil || got != want {
			t.Errorf("parseByteSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "MB", "-5MB", "0", "lots", "5XB", "1e30GB", "NaN"} {
		if _, err := parseByteSize(in); err == nil {
			t.Errorf("parseByteSize(%q): no error", in)
		}
	}
}

// noiseJPEG is a w×h JPEG of coloured noise: art that compresses badly,
// as scanned or painted art does.
func noiseJPEG(t *testing.T, path string, w, h int, seed uint64) {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(seed, 7))
	for i := range img.Pix {
		img.Pix[i] = uint8(r.IntN(256))
		if i%4 == 3 {
			img.Pix[i] = 255
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 92}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPrintMaxSize prints 12 cards of hi-res art, which at 300 DPI make a
// PDF of about 7.5 MB, with --max-size 2MB: the PDF must come under 2 MB
// and the note say which resolution did it. (Twelve cards fill more than
// a page, as a real print does; more cards only take longer.)
func TestPrintMaxSize(t *testing.T) {
	if testing.Short() {
		t.Skip("draws 12 cards of hi-res art")
	}
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "game", "cards", "art"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "game", "game.yaml"), []byte("id: hires\nname: Hi-res\ncard_size: {width: 63, height: 88}\ntypes:\n  - {id: unit, name: Unit}\nsections:\n  - {id: main, name: Main, types: [unit], copies: 1}\n"), 0o644))
	var cards, deck strings.Builder
	cards.WriteString("game: hires\ncards:\n")
	deck.WriteString("game: hires\n")
	for i := range 12 {
		fmt.Fprintf(&cards, "  - {name: Card %d, type: unit, image: art/c%d.jpg}\n", i, i)
		fmt.Fprintf(&deck, "1 Card %d\n", i)
		noiseJPEG(t, filepath.Join(dir, "game", "cards", "art", fmt.Sprintf("c%d.jpg", i)), 760, 1060, uint64(i))
	}
	must(os.WriteFile(filepath.Join(dir, "game", "cards", "core.yaml"), []byte(cards.String()), 0o644))
	must(os.WriteFile(filepath.Join(dir, "deck.txt"), []byte(deck.String()), 0o644))
	t.Chdir(dir)

	// At 300 DPI the PDF is about 7.5 MB (the note's "not 300" shows the
	// first try was over).
	var out, errw bytes.Buffer
	if code := Main([]string{"--db", "game", "print", "deck.txt", "--no-cache", "--max-size", "2MB", "-o", "small.pdf"}, nil, &out, &errw); code != 0 {
		t.Fatalf("print --max-size: exit %d: %s", code, errw.String())
	}
	small, _ := os.Stat("small.pdf")
	if small.Size() > 2e6 {
		t.Errorf("with --max-size 2MB the PDF is %d bytes", small.Size())
	}
	m := regexp.MustCompile(`note: --max-size 2\.0 MB: art at (\d+) DPI \(not 300\) keeps the PDF at ([\d.]+) MB`).FindStringSubmatch(errw.String())
	if m == nil {
		t.Fatalf("no note of the DPI used:\n%s", errw.String())
	}
	t.Logf("12 cards: %.1f MB at %s DPI", float64(small.Size())/1e6, m[1])
	// A limit no resolution meets: exit 1, nothing written.
	if code := Main([]string{"--db", "game", "print", "deck.txt", "--no-cache", "--max-size", "50kB", "-o", "tiny.pdf"}, nil, &out, &errw); code != 1 {
		t.Errorf("--max-size 50kB: exit %d, want 1", code)
	}
	if _, err := os.Stat("tiny.pdf"); err == nil {
		t.Error("--max-size 50kB wrote tiny.pdf")
	}
}

// TestPrintQuietHidesNotes: print -q prints no notes (docs/reference.md:
// "no progress and no notes, only errors, problems and the result"), like
// every export; the --max-size note and the damaged-cache note came
// through -q. Warnings stay.
func TestPrintQuietHidesNotes(t *testing.T) {
	rep := &render.Report{Cards: 1, Pages: 1,
		Notes:    []string{"--max-size 5.0 MB: art at 150 DPI (not 300) keeps the PDF at 4.2 MB"},
		Warnings: []render.Warning{{Message: "Alpha: art below 200 DPI"}}}
	for _, quiet := range []bool{false, true} {
		var out, errw bytes.Buffer
		p := &printjob.Result{Job: &printjob.Job{}, Output: "x.pdf", Sheet: layout.DefaultOptions(), Report: rep}
		printResult(IO{Out: &out, Err: &errw}, p, quiet)
		if got := strings.Contains(errw.String(), "note: --max-size"); got == quiet {
			t.Errorf("quiet %v: note printed %v:\n%s", quiet, got, errw.String())
		}
		if !strings.Contains(errw.String(), "warning: Alpha: art below 200 DPI") {
			t.Errorf("quiet %v: the warning is gone:\n%s", quiet, errw.String())
		}
	}
}
