package cli

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
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
func TestREADMEExamples(t *testing.T) {
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
