package cli

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/internal/testenv"
)

// exampleStart opens a runnable example in the README and the docs pages:
// a text block whose first line is the command, the lines after it the
// exact output.
const exampleStart = "```text\n$ deckwright "

// TestREADMEExamples runs every "$ deckwright ..." example that shows its
// output in a text block, in the README and in every page under docs/
// (each file a subtest, each example a subtest of its file), and compares
// the output, so that the documentation stays true. Each file's examples
// run in order, in a folder of their own holding a copy of docs/examples.
//
// pdftoppm draws the examples' PDFs with the fonts of testenv.PinFonts, so
// that what an import shows does not follow the machine's fonts (a page of
// rules in Helvetica, not embedded, was skipped for one reason with DejaVu
// standing in and for another with Liberation).
func TestREADMEExamples(t *testing.T) {
	env, dir := testenv.PinFonts()
	if dir != "" {
		t.Cleanup(func() { os.RemoveAll(dir) })
	}
	for _, e := range env {
		k, v, _ := strings.Cut(e, "=")
		t.Setenv(k, v)
	}
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md"}
	err = filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && strings.HasSuffix(path, ".md") {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files[1:])
	for _, name := range files {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		examples := docExamples(string(data))
		if name == "README.md" && len(examples) == 0 {
			t.Fatal("README has no ```text block starting with $ deckwright")
		}
		if len(examples) == 0 {
			continue
		}
		t.Run(name, func(t *testing.T) {
			// The examples run in a folder of their own holding a copy
			// of docs/examples (the only files they name besides the
			// bundled data), so that what they write (out/cosmos-tts,
			// say) is not left in the source tree, and so that one
			// page's examples do not see another page's files.
			work := t.TempDir()
			if err := os.CopyFS(filepath.Join(work, "docs", "examples"), os.DirFS(filepath.Join(root, "docs", "examples"))); err != nil {
				t.Fatal(err)
			}
			t.Chdir(work)
			for _, ex := range examples {
				t.Run(ex.cmdline, func(t *testing.T) {
					var out, errw bytes.Buffer
					Main(strings.Fields(ex.cmdline), nil, &out, &errw)
					if out.String() != ex.want {
						t.Errorf("%s shows:\n%s\ndeckwright prints:\n%s%s", name, ex.want, out.String(), errw.String())
					}
				})
			}
		})
	}
}

// docExample is one runnable example of a Markdown page.
type docExample struct {
	cmdline string // the arguments after "$ deckwright "
	want    string // the output the page shows
}

// docExamples returns the runnable examples of a Markdown page, in order.
func docExamples(page string) []docExample {
	var out []docExample
	blocks := strings.Split(page, exampleStart)
	for _, b := range blocks[1:] {
		end := strings.Index(b, "```")
		if end < 0 {
			end = len(b)
		}
		cmdline, want, _ := strings.Cut(b[:end], "\n")
		out = append(out, docExample{cmdline: cmdline, want: want})
	}
	return out
}

// TestDocExamplesParse checks how a page's examples are found: only text
// blocks whose first line is the command count, and the output is every
// line up to the closing fence.
func TestDocExamplesParse(t *testing.T) {
	page := "intro\n\n```text\n$ deckwright rules\na\nb\n```\n\n```sh\n$ deckwright print x\n```\n\n" +
		"```text\nnot a command\n```\n\n```text\n$ deckwright validate d.txt --game g\nok\n```\n"
	got := docExamples(page)
	want := []docExample{
		{cmdline: "rules", want: "a\nb\n"},
		{cmdline: "validate d.txt --game g", want: "ok\n"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("docExamples = %q, want %q", got, want)
	}
}

// TestDocLinks checks every relative link of the README and of the pages
// under docs/ (Markdown links and <img src>): the file or folder exists,
// and a #fragment names a heading of the page it points at, so that moving
// a section between pages cannot leave a dead link behind.
func TestDocLinks(t *testing.T) {
	root, err := filepath.Abs("../../../..")
	if err != nil {
		t.Fatal(err)
	}
	pages := []string{"README.md"}
	err = filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && strings.HasSuffix(path, ".md") {
			rel, _ := filepath.Rel(root, path)
			pages = append(pages, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]map[string]bool{} // page -> its headings' anchors
	read := func(page string) (string, error) {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
		return string(b), err
	}
	for _, page := range pages {
		text, err := read(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, target := range docLinks(text) {
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, frag, _ := strings.Cut(target, "#")
			dest := page
			if file != "" {
				dest = path.Clean(path.Join(path.Dir(page), file))
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(dest))); err != nil {
					t.Errorf("%s: link %q: no such file or folder %s", page, target, dest)
					continue
				}
			}
			if frag == "" || !strings.HasSuffix(dest, ".md") {
				continue
			}
			if anchors[dest] == nil {
				text, err := read(dest)
				if err != nil {
					t.Fatal(err)
				}
				anchors[dest] = headingAnchors(text)
			}
			if !anchors[dest][frag] {
				t.Errorf("%s: link %q: %s has no heading #%s", page, target, dest, frag)
			}
		}
	}
}

var (
	mdLink  = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	imgSrc  = regexp.MustCompile(`<img src="([^"]+)"`)
	notSlug = regexp.MustCompile(`[^\p{L}\p{N} _-]`)
)

// docLinks returns the link targets of a Markdown page, outside its fenced
// code blocks.
func docLinks(page string) []string {
	var out []string
	for _, part := range outsideFences(page) {
		for _, m := range mdLink.FindAllStringSubmatch(part, -1) {
			out = append(out, m[1])
		}
		for _, m := range imgSrc.FindAllStringSubmatch(part, -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// headingAnchors returns the anchors GitHub gives a page's headings: lower
// case, punctuation dropped, spaces as hyphens, and -1, -2... after a
// repeated one.
func headingAnchors(page string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, part := range outsideFences(page) {
		for _, line := range strings.Split(part, "\n") {
			h := strings.TrimLeft(line, "#")
			if h == line || !strings.HasPrefix(h, " ") {
				continue
			}
			a := strings.ReplaceAll(notSlug.ReplaceAllString(strings.ToLower(strings.TrimSpace(h)), ""), " ", "-")
			if n := seen[a]; n > 0 {
				out[a+"-"+strconv.Itoa(n)] = true
			} else {
				out[a] = true
			}
			seen[a]++
		}
	}
	return out
}

// outsideFences returns the parts of a Markdown page outside its fenced
// code blocks (``` or ````).
func outsideFences(page string) []string {
	var out []string
	var cur strings.Builder
	fence := ""
	for _, line := range strings.SplitAfter(page, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case fence == "" && strings.HasPrefix(trimmed, "```"):
			fence = trimmed[:len(trimmed)-len(strings.TrimLeft(trimmed, "`"))]
			out = append(out, cur.String())
			cur.Reset()
		case fence != "" && strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, "`") == "":
			fence = ""
		case fence == "":
			cur.WriteString(line)
		}
	}
	return append(out, cur.String())
}

// TestHeadingAnchors checks the anchors against headings whose GitHub
// anchors are known.
func TestHeadingAnchors(t *testing.T) {
	got := headingAnchors("# Print and export\n```sh\n# not a heading\n```\n" +
		"## Export card images: Tabletop Simulator, print shops, other tools\n" +
		"### Card tables (`.csv`, `.tsv`, `.xlsx`)\n## The web page (`deckwright serve`)\n## Notes\n## Notes\n")
	for _, want := range []string{"print-and-export", "export-card-images-tabletop-simulator-print-shops-other-tools",
		"card-tables-csv-tsv-xlsx", "the-web-page-deckwright-serve", "notes", "notes-1"} {
		if !got[want] {
			t.Errorf("no anchor %q in %v", want, got)
		}
	}
	if got["not-a-heading"] {
		t.Error("a comment in a code block was taken for a heading")
	}
}

// maxREADMELines is the longest the README may grow: it is the front door
// (what deckwright does, how to set it up, one example a task, links), and
// the detail lives in docs/.
const maxREADMELines = 350

// TestREADMEIsAFrontDoor keeps the README within maxREADMELines.
func TestREADMEIsAFrontDoor(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte("\n")); n > maxREADMELines {
		t.Errorf("README.md has %d lines, want at most %d: move detail into docs/*.md and link it", n, maxREADMELines)
	}
}
