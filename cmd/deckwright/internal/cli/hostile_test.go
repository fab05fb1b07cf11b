package cli_test

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/deckwright/deckwright/cmd/deckwright/internal/cli"
	"github.com/deckwright/deckwright/internal/jpegscans"
	"github.com/deckwright/deckwright/internal/xlsxgen"
)

// outsideSecret is the text of the files the hostile cases may link to
// from outside their folder; no output may ever show it.
const outsideSecret = "S3CRET-OUTSIDE-THE-FOLDER"

// TestHostile runs the hostile-input corpus, testdata/hostile/*.txtar: the
// inputs strangers may share (FIFOs, links out of the folder, huge or
// malformed files, terminal escapes). Each case is a txtar archive; its
// files are written to a fresh temporary folder, which is the working
// folder while deckwright runs (in this process, through cli.Main; or, with
// DECKWRIGHT_HOSTILE_BIN=path, as that built binary within 2 GB). The
// comment section holds one setting a line ("#" lines are comments):
//
//	args: validate deck.txt    deckwright's arguments, split on spaces;
//	                           $OUTSIDE is replaced (see setup)
//	exit: 2                    the exit code wanted
//	first: REGEXP              matched against the first line of stderr,
//	                           or of stdout when stderr is empty
//	timeout: 10s               how long Main may take (default 10s); the
//	                           case fails if it has not returned by then
//	setup: fifo NAME           makes a FIFO (skipped where there are none)
//	setup: symlink NAME TARGET makes a symbolic link; TARGET may start
//	                           with $OUTSIDE/, a folder outside the case's
//	                           folder that holds secret.png (a real PNG),
//	                           secret.yaml and secret.txt
//	gen: NAME lines N TEXT     appends N lines of TEXT (Go escapes such as
//	                           \r or \x1b expanded) to NAME, each ended by
//	                           a newline
//	gen: NAME jpeg-scans W H N appends a valid progressive JPEG of W×H
//	                           pixels and N scans of end-of-band runs
//	                           (internal/jpegscans) to NAME
//	gen: NAME font EDIT FONT   appends templates/testdata/fonts/FONT
//	                           changed by EDIT (internal/badfont: no-name,
//	                           fstype=0x0002, cff-subr-bomb...) to NAME
//	gen: NAME xlsx-far-cells N writes a workbook whose sheet Cards has a
//	                           header (name, type) and N rows below of one
//	                           cell in column XFD (internal/xlsxgen)
//	gen: NAME xlsx-sheets N    writes a workbook of N sheets, "Sheet number
//	                           1" to "Sheet number N"
//	leaves: PATH               a file the case may leave behind
//
// Every case must also end without a crash, print no control character
// (but newline and tab; bidirectional controls are control characters
// too) and no text of the secret files, leave no file
// behind but its leaves (which must not hold that text either), and
// change nothing outside its folder.
func TestHostile(t *testing.T) {
	files, err := filepath.Glob("testdata/hostile/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no cases in testdata/hostile")
	}
	// The art cache and anything else kept between runs goes here, not
	// into the user's home.
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(home, "cache"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			runHostile(t, file)
		})
	}
}

// hostileCase is the comment section of one case.
type hostileCase struct {
	args    []string
	exit    int
	first   *regexp.Regexp
	timeout time.Duration
	setups  [][]string
	gens    []hostileGen
	leaves  map[string]bool
}

// hostileGen is a gen: setting: N lines of text, or (when data is set)
// the bytes of a generated file.
type hostileGen struct {
	name  string
	lines int
	text  string
	data  []byte
}

func parseHostile(t *testing.T, comment string) *hostileCase {
	c := &hostileCase{exit: -1, timeout: 10 * time.Second, leaves: map[string]bool{}}
	for i, line := range strings.Split(comment, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		val = strings.TrimSpace(val)
		bad := func(format string, args ...any) {
			t.Fatalf("line %d: %s", i+1, fmt.Sprintf(format, args...))
		}
		if !ok {
			bad("want KEY: VALUE, found %q", line)
		}
		switch key {
		case "args":
			c.args = strings.Fields(val)
		case "exit":
			n, err := strconv.Atoi(val)
			if err != nil {
				bad("exit: %v", err)
			}
			c.exit = n
		case "first":
			re, err := regexp.Compile(val)
			if err != nil {
				bad("first: %v", err)
			}
			c.first = re
		case "timeout":
			d, err := time.ParseDuration(val)
			if err != nil {
				bad("timeout: %v", err)
			}
			c.timeout = d
		case "setup":
			f := strings.Fields(val)
			if len(f) == 0 || f[0] == "fifo" && len(f) != 2 || f[0] == "symlink" && len(f) != 3 || f[0] != "fifo" && f[0] != "symlink" {
				bad("want setup: fifo NAME or setup: symlink NAME TARGET, found %q", val)
			}
			c.setups = append(c.setups, f)
		case "gen":
			if f := strings.Fields(val); len(f) == 5 && f[1] == "jpeg-scans" {
				var n [3]int
				for i := range n {
					v, err := strconv.Atoi(f[2+i])
					if err != nil || v < 1 || i < 2 && v > 65535 {
						bad("gen: jpeg-scans: bad number %q", f[2+i])
					}
					n[i] = v
				}
				c.gens = append(c.gens, hostileGen{name: f[0], data: jpegscans.Progressive(n[0], n[1], n[2])})
				continue
			}
			if f := strings.Fields(val); len(f) == 4 && f[1] == "font" {
				data, err := badFontFile(f[2], f[3])
				if err != nil {
					bad("gen: font: %v", err)
				}
				c.gens = append(c.gens, hostileGen{name: f[0], data: data})
				continue
			}
			if f := strings.Fields(val); len(f) == 3 && (f[1] == "xlsx-far-cells" || f[1] == "xlsx-sheets") {
				n, err := strconv.Atoi(f[2])
				if err != nil || n < 1 || n > 100000 {
					bad("gen: %s: bad count %q", f[1], f[2])
				}
				data := xlsxgen.FarCells(n)
				if f[1] == "xlsx-sheets" {
					data = xlsxgen.Sheets(n)
				}
				c.gens = append(c.gens, hostileGen{name: f[0], data: data})
				continue
			}
			f := strings.SplitN(val, " ", 4)
			if len(f) != 4 || f[1] != "lines" {
				bad("want gen: NAME lines N TEXT, NAME jpeg-scans W H N, NAME font EDIT FONT, NAME xlsx-far-cells N or NAME xlsx-sheets N, found %q", val)
			}
			n, err := strconv.Atoi(f[2])
			if err != nil || n < 0 {
				bad("gen: bad line count %q", f[2])
			}
			text, err := strconv.Unquote(`"` + strings.ReplaceAll(f[3], `"`, `\"`) + `"`)
			if err != nil {
				bad("gen: TEXT %q: %v", f[3], err)
			}
			c.gens = append(c.gens, hostileGen{name: f[0], lines: n, text: text})
		case "leaves":
			c.leaves[path.Clean(val)] = true
		default:
			bad("unknown setting %q (args, exit, first, timeout, setup, gen, leaves)", key)
		}
	}
	if c.args == nil || c.exit < 0 || c.first == nil {
		t.Fatal("a case needs args:, exit: and first:")
	}
	return c
}

func runHostile(t *testing.T, file string) {
	a, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c := parseHostile(t, string(a.Comment))
	outside := t.TempDir()
	writeOutside(t, outside)
	dir := t.TempDir()
	for _, f := range a.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	expand := func(s string) string { return strings.ReplaceAll(s, "$OUTSIDE", outside) }
	var fifos []string
	for _, s := range c.setups {
		p := filepath.Join(dir, filepath.FromSlash(s[1]))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		switch s[0] {
		case "fifo":
			if err := mkfifo(p); err != nil {
				t.Skipf("cannot make a FIFO here: %v", err)
			}
			fifos = append(fifos, p)
		case "symlink":
			if err := os.Symlink(filepath.FromSlash(expand(s[2])), p); err != nil {
				t.Skipf("cannot make a symbolic link here: %v", err)
			}
		}
	}
	for _, g := range c.gens {
		p := filepath.Join(dir, filepath.FromSlash(g.name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		b.Write(g.data)
		for range g.lines {
			b.WriteString(g.text)
			b.WriteByte('\n')
		}
		if _, err := f.Write(b.Bytes()); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	before := listTree(t, dir)
	outsideBefore := listTree(t, outside)
	args := make([]string, len(c.args))
	for i, s := range c.args {
		args[i] = expand(s)
	}

	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	done := make(chan int, 1)
	if bin := os.Getenv("DECKWRIGHT_HOSTILE_BIN"); bin != "" {
		go func() { done <- runHostileBinary(t, bin, dir, args, &stdout, &stderr) }()
	} else {
		go func() { done <- cli.Main(args, strings.NewReader(""), &stdout, &stderr) }()
	}
	var code int
	select {
	case code = <-done:
	case <-time.After(c.timeout):
		// Free a reader blocked on a FIFO, so the run can end.
		for _, p := range fifos {
			if f, err := os.OpenFile(p, os.O_RDWR, 0); err == nil {
				f.Close()
			}
		}
		t.Fatalf("deckwright %s did not end within %v", strings.Join(c.args, " "), c.timeout)
	}

	out, errOut := stdout.String(), stderr.String()
	show := func() string {
		return fmt.Sprintf("\n--- stdout:\n%s--- stderr:\n%s", clip(out), clip(errOut))
	}
	if crashRE.MatchString(errOut) {
		t.Fatalf("deckwright crashed%s", show())
	}
	if code != c.exit {
		t.Errorf("exit code %d, want %d%s", code, c.exit, show())
	}
	first := errOut
	if first == "" {
		first = out
	}
	first, _, _ = strings.Cut(first, "\n")
	if !c.first.MatchString(first) {
		t.Errorf("first line %q does not match %q%s", clip(first), c.first, show())
	}
	for _, s := range []string{out, errOut} {
		if i := strings.IndexFunc(s, func(r rune) bool {
			return r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f ||
				r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c // bidi
		}); i >= 0 {
			r, _ := utf8.DecodeRuneInString(s[i:])
			t.Errorf("output holds the control character %U at byte %d%s", r, i, show())
		}
		if !utf8.ValidString(s) {
			t.Errorf("output is not UTF-8 (a raw byte such as 0x9b is a control code to some terminals)%s", show())
		}
		if strings.Contains(s, outsideSecret) {
			t.Errorf("output shows the content of a file outside the folder%s", show())
		}
	}
	after := listTree(t, dir)
	allowed := map[string]bool{}
	for p := range c.leaves {
		for ; p != "." && p != "/"; p = path.Dir(p) {
			allowed[p] = true // a leaf and the folders it is in
		}
	}
	for p := range after {
		if !before[p] && !allowed[p] {
			t.Errorf("left %s behind (a case lists what it may leave with leaves: PATH)", p)
		}
	}
	for p := range c.leaves {
		if !after[p] {
			t.Errorf("leaves %s, but it is not there", p)
			continue
		}
		// Read only regular files: a case may leave a FIFO in place, and
		// reading it would block the test itself.
		full := filepath.Join(dir, filepath.FromSlash(p))
		if st, err := os.Lstat(full); err != nil || !st.Mode().IsRegular() {
			continue
		}
		if data, err := os.ReadFile(full); err == nil && bytes.Contains(data, []byte(outsideSecret)) {
			t.Errorf("%s holds the content of a file outside the folder", p)
		}
	}
	outsideAfter := listTree(t, outside)
	if fmt.Sprint(sortedKeys(outsideAfter)) != fmt.Sprint(sortedKeys(outsideBefore)) {
		t.Errorf("the folder outside changed: %v, was %v", sortedKeys(outsideAfter), sortedKeys(outsideBefore))
	}
}

// hostileMaxRSS is the most memory a case may take on the built binary
// (issue 34: every case ends cleanly within its time and 2 GB).
const hostileMaxRSS = 2 << 30

// runHostileBinary runs a case on a built deckwright (DECKWRIGHT_HOSTILE_BIN,
// as a user runs it: its own process, its own memory) instead of in this
// process, and fails the case if the process's peak resident memory passes
// hostileMaxRSS. The process is killed when the case's time is up.
func runHostileBinary(t *testing.T, bin, dir string, args []string, stdout, stderr *bytes.Buffer) int {
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Stdin, cmd.Stdout, cmd.Stderr = dir, strings.NewReader(""), stdout, stderr
	if err := cmd.Start(); err != nil {
		t.Errorf("start %s: %v", bin, err)
		return -1
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	err := cmd.Wait()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		if rss := int64(ru.Maxrss) * 1024; rss > hostileMaxRSS {
			t.Errorf("peak memory %d MB, want at most %d MB", rss>>20, hostileMaxRSS>>20)
		} else {
			t.Logf("peak memory %d MB", rss>>20)
		}
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Errorf("run %s: %v", bin, err)
		return -1
	}
	return cmd.ProcessState.ExitCode()
}

// writeOutside fills the folder outside a case's folder with files that a
// hostile folder may link to.
func writeOutside(t *testing.T, dir string) {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	img.Set(1, 1, color.NRGBA{R: 0xff, A: 0xff})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	b.WriteString(outsideSecret) // after the image's end: harmless to a decoder
	for name, data := range map[string][]byte{
		"secret.png":  b.Bytes(),
		"secret.yaml": []byte("game: seeker-chronicles\nname: " + outsideSecret + "\ncards:\n  - {name: " + outsideSecret + "}\n"),
		"secret.txt":  []byte("game: seeker-chronicles\nname: " + outsideSecret + "\n1 " + outsideSecret + "\n"),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// listTree returns every path under dir, relative and slash-separated.
func listTree(t *testing.T, dir string) map[string]bool {
	out := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir {
			rel, _ := filepath.Rel(dir, p)
			out[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// clip shortens long output for a failure message.
func clip(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "...(clipped)\n"
	}
	return s
}
