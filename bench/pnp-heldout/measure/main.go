// Command measure is issue 33's honest measure: it runs a deckwright
// binary with default flags (import pnp FILE --game G --json, and --pages
// only where the manifest keeps a page range of a long file) on every
// print-and-play PDF of the held-out folder, compares what it cut with the
// truth written by hand in bench/pnp-heldout/manifest.yaml, and prints a
// table and the number of files read right.
//
//	go run ./bench/pnp-heldout/measure -bin /work/bin/dw-37d7718 -dir /work/pnp-heldout
//
// It fetches nothing: a file of the manifest missing from the folder is
// named, and counted neither right nor wrong (see docs/development.md for
// how to rebuild the folder from the manifest's sources).
//
// "Right" is corpusRight's test in pnp/corpus_test.go: the faces cut on
// pages of cards within 2% of the truth, the distinct cards exact, no face
// from a page without cards, and every measured trim found and within
// 1 mm. The counts are read from the import's --json summary (a page's
// side and cards, the distinct cards) and the trims from the grid of its
// recipe.yaml.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"gopkg.in/yaml.v3"
)

type entry struct {
	File    string `yaml:"file"`
	Repo    string `yaml:"repo"`
	Path    string `yaml:"path"`
	Commit  string `yaml:"commit"`
	Licence string `yaml:"licence"`
	Tool    string `yaml:"tool"`
	Short   string `yaml:"short"` // the tool in a few letters, for the table
	Size    string `yaml:"size"`
	Game    string `yaml:"game"`
	Read    string `yaml:"read"` // pages read, "1-12"; all when empty
	// Tuned names the commit whose importer code was changed with this
	// file in view (its licence keeps it out of the corpus): it is
	// measured still, but no longer counts as held out.
	Tuned    string   `yaml:"tuned"`
	Pages    []string `yaml:"pages"`
	Cards    int      `yaml:"cards"`
	Distinct int      `yaml:"distinct"`
	Trims    struct {
		Page  int          `yaml:"page"`
		Rects [][4]float64 `yaml:"rects"`
	} `yaml:"trims"`
}

type summary struct {
	Summary struct {
		Pages []struct {
			Page  int    `json:"page"`
			Side  string `json:"side"`
			Cards int    `json:"cards"`
		} `json:"pages"`
		Cards    int `json:"cards"`
		Distinct int `json:"distinct"`
	} `json:"summary"`
}

type recipe struct {
	Pages []struct {
		Page int    `yaml:"page"`
		Role string `yaml:"role"`
		Grid *struct {
			X        float64 `yaml:"x"`
			Y        float64 `yaml:"y"`
			Rows     int     `yaml:"rows"`
			Cols     int     `yaml:"cols"`
			Cell     string  `yaml:"cell"`
			Pitch    string  `yaml:"pitch"`
			Rotation int     `yaml:"rotation"`
		} `yaml:"grid"`
	} `yaml:"pages"`
}

type rect struct{ x, y, w, h float64 }

func (r rect) cx() float64 { return r.x + r.w/2 }
func (r rect) cy() float64 { return r.y + r.h/2 }

func main() {
	bin := flag.String("bin", "", "the deckwright binary to measure (required)")
	dir := flag.String("dir", "/work/pnp-heldout", "the folder holding the held-out PDFs")
	manifest := flag.String("manifest", "bench/pnp-heldout/manifest.yaml", "the manifest: sources and truth")
	only := flag.String("only", "", "measure only the files whose names contain this")
	sources := flag.Bool("sources", false, "print a shell script that fetches the files missing from the folder, and measure nothing")
	flag.Parse()
	if *bin == "" && !*sources || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: measure -bin DECKWRIGHT [-dir FOLDER] [-manifest FILE] [-only NAME]\n       measure -sources [-dir FOLDER] [-manifest FILE] | sh")
		os.Exit(2)
	}
	raw, err := os.ReadFile(*manifest)
	if err != nil {
		fmt.Fprintln(os.Stderr, "measure:", err)
		os.Exit(2)
	}
	var entries []entry
	if err := yaml.Unmarshal(raw, &entries); err != nil {
		fmt.Fprintf(os.Stderr, "measure: %s: %v\n", *manifest, err)
		os.Exit(2)
	}
	if *sources {
		fmt.Print(fetchScript(entries, *dir, *only, "https://github.com/"))
		return
	}
	tmp, err := os.MkdirTemp("", "pnp-heldout-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "measure:", err)
		os.Exit(2)
	}
	defer os.RemoveAll(tmp)

	fmt.Printf("binary %s, folder %s, %s\n\n", *bin, *dir, time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Printf("%-36s %-10s %7s %9s %9s %5s %8s %-5s %7s %7s  %s\n", "file", "tool", "pages", "cut/want", "dist/want", "stray", "worst mm", "right", "s/page", "RSS MB", "notes")
	var missing []string
	right, read := 0, 0
	heldRight, held := 0, 0
	tools := map[string]bool{}
	for _, e := range entries {
		if *only != "" && !strings.Contains(e.File, *only) {
			continue
		}
		pdf := filepath.Join(*dir, e.File)
		if _, err := os.Stat(pdf); err != nil {
			missing = append(missing, e.File)
			continue
		}
		read++
		tools[e.Short] = true
		r := measure(*bin, pdf, e, filepath.Join(tmp, fmt.Sprint(read)))
		if r.right {
			right++
		}
		if e.Tuned == "" {
			held++
			if r.right {
				heldRight++
			}
		} else {
			r.notes = append([]string{"tuned at " + e.Tuned}, r.notes...)
		}
		worst := "-"
		if r.measured {
			worst = fmt.Sprintf("%.2f", r.worst)
		}
		fmt.Printf("%-36s %-10s %3d/%-3d %4d/%-4d %4d/%-4d %5d %8s %-5v %7.2f %7.0f  %s\n", e.File, e.Short, r.pagesRight, len(e.Pages), r.cut, r.want, r.distinct, e.Distinct, r.stray, worst, r.right, r.secPage, r.rssMB, strings.Join(r.notes, "; "))
	}
	fmt.Printf("\nright: %d of %d files read (%d tools); of the %d never tuned for, %d right\n", right, read, len(tools), held, heldRight)
	if len(missing) > 0 {
		fmt.Printf("MISSING from %s (not measured; rebuild the folder from the manifest's sources): %s\n", *dir, strings.Join(missing, ", "))
	}
}

type result struct {
	pagesRight, cut, want, distinct, stray, missed int
	fronts, wantFronts                             int // fronts cut on pages of fronts or fold sheets
	worst                                          float64
	measured                                       bool
	right                                          bool
	secPage, rssMB                                 float64
	notes                                          []string
}

// pageWant splits a page word into its role and the faces cut there:
// "F9" is ("F", 9), "L5" is ("L", 10) (a fold sheet's fronts and their
// backs, as the import counts a page's cuts), "-" is ("-", 0).
// fetchScript is a shell script that clones each repository the entries
// missing from dir come from (from base, once, without checking out) and
// copies each file, at its commit, into dir.
func fetchScript(entries []entry, dir, only, base string) string {
	var b strings.Builder
	b.WriteString("set -e\nsrc=$(mktemp -d)\nmkdir -p " + shellQuote(dir) + "\n")
	cloned := map[string]bool{}
	for _, e := range entries {
		if only != "" && !strings.Contains(e.File, only) {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, e.File)); err == nil {
			continue
		}
		repo := strings.ReplaceAll(e.Repo, "/", "+")
		if !cloned[e.Repo] {
			cloned[e.Repo] = true
			fmt.Fprintf(&b, "git clone -q --no-checkout %s \"$src/%s\"\n", shellQuote(base+e.Repo), repo)
		}
		fmt.Fprintf(&b, "git -C \"$src/%s\" show %s > %s\n", repo, shellQuote(e.Commit+":"+e.Path), shellQuote(filepath.Join(dir, e.File)))
	}
	b.WriteString("rm -rf \"$src\"\n")
	return b.String()
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func pageWant(w string) (string, int) {
	if w == "-" || w == "" {
		return "-", 0
	}
	n, _ := strconv.Atoi(w[1:])
	if w[:1] == "L" {
		n *= 2
	}
	return w[:1], n
}

// frontsOf is how many of a page's n faces cut are fronts when its role
// is role (F, B, L or -): all on a page of fronts, half on a fold sheet.
func frontsOf(role string, n int) int {
	switch role {
	case "F":
		return n
	case "L":
		return n / 2
	}
	return 0
}

func measure(bin, pdf string, e entry, out string) result {
	var r result
	game := e.Game
	if game == "" {
		game = "seeker-chronicles"
	}
	args := []string{"import", "pnp", pdf, "--game", game, "-o", out, "--json"}
	if e.Read != "" {
		args = append(args, "--pages", e.Read)
	}
	cmd := exec.Command(bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start).Seconds()
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			r.rssMB = float64(ru.Maxrss) / 1024 // kB on Linux
		}
	}
	r.secPage = wall / float64(max(1, len(e.Pages)))
	first := 1
	if e.Read != "" {
		a, _, _ := strings.Cut(e.Read, "-")
		first, _ = strconv.Atoi(a)
	}
	for _, w := range e.Pages {
		_, n := pageWant(w)
		r.want += n
	}
	var sum summary
	switch {
	case err == nil:
		if err := json.Unmarshal(stdout.Bytes(), &sum); err != nil {
			r.notes = append(r.notes, "unreadable --json: "+err.Error())
			return r
		}
	case cmd.ProcessState != nil && cmd.ProcessState.ExitCode() == 1:
		// No card found: every page skipped (right for a PDF without cards).
		r.notes = append(r.notes, "exit 1: no cards")
	default:
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 120 {
			msg = msg[:120] + "..."
		}
		r.notes = append(r.notes, fmt.Sprintf("failed (%v): %s", err, msg))
		return r
	}
	side := map[int]string{}
	got := map[int]int{}
	for _, p := range sum.Summary.Pages {
		got[p.Page] = p.Cards
		if p.Cards > 0 {
			side[p.Page] = p.Side
		}
	}
	var wrong []string
	for i, w := range e.Pages {
		nr := first + i
		role, n := pageWant(w)
		g := got[nr]
		if role == "-" {
			r.stray += g
		} else {
			r.cut += min(g, n)
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
		r.fronts += min(frontsOf(gotRole, g), frontsOf(role, n))
		r.wantFronts += frontsOf(role, n)
		if gotRole == role && (role == "-" || g == n) {
			r.pagesRight++
		} else {
			wrong = append(wrong, fmt.Sprintf("p%d %s%d want %s", nr, gotRole, g, w))
		}
	}
	if len(wrong) > 3 {
		wrong = append(wrong[:3], fmt.Sprintf("+%d pages", len(wrong)-3))
	}
	r.notes = append(r.notes, wrong...)
	r.distinct = sum.Summary.Distinct
	if len(e.Trims.Rects) > 0 {
		cells := recipeCells(filepath.Join(out, "recipe.yaml"), e.Trims.Page)
		for _, t := range e.Trims.Rects {
			want := rect{t[0], t[1], t[2], t[3]}
			best, bestD := rect{}, math.Inf(1)
			for _, c := range cells {
				d := math.Hypot(c.cx()-want.cx(), c.cy()-want.cy())
				if d < bestD && d < min(want.w, want.h)/2 {
					best, bestD = c, d
				}
			}
			if math.IsInf(bestD, 1) {
				r.missed++
				continue
			}
			err := max(math.Abs(best.x-want.x), math.Abs(best.y-want.y), math.Abs(best.x+best.w-want.x-want.w), math.Abs(best.y+best.h-want.y-want.h))
			r.worst = max(r.worst, err)
			r.measured = true
		}
		if r.missed > 0 {
			r.notes = append(r.notes, fmt.Sprintf("%d trims missed", r.missed))
		}
	}
	// Right: the fronts and all faces cut (within 2%): a page of fronts
	// read as a fold sheet cuts every face, half of them as backs.
	r.right = float64(r.cut) >= 0.98*float64(r.want) && float64(r.fronts) >= 0.98*float64(r.wantFronts) && r.distinct == e.Distinct && r.stray == 0 && r.missed == 0 && r.worst <= 1
	return r
}

// recipeCells are the trims of the grid the import wrote for page nr.
func recipeCells(path string, nr int) []rect {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var rc recipe
	if yaml.Unmarshal(raw, &rc) != nil {
		return nil
	}
	var cells []rect
	for _, p := range rc.Pages {
		if p.Page != nr || p.Grid == nil {
			continue
		}
		g := p.Grid
		cw, ch := pair(g.Cell)
		px, py := pair(g.Pitch)
		// The cell is the trim as it lies on the page (pnp.RecipeGrid),
		// landscape or not: rotation needs no turning here.
		for row := 0; row < g.Rows; row++ {
			for col := 0; col < g.Cols; col++ {
				cells = append(cells, rect{g.X + float64(col)*px, g.Y + float64(row)*py, cw, ch})
			}
		}
	}
	return cells
}

// pair reads "63.16x88.65".
func pair(s string) (float64, float64) {
	a, b, _ := strings.Cut(s, "x")
	x, _ := strconv.ParseFloat(a, 64)
	y, _ := strconv.ParseFloat(b, 64)
	return x, y
}
