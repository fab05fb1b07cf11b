package cli_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/deckwright/deckwright/cmd/deckwright/internal/cli"
	"github.com/deckwright/deckwright/internal/badfont"
	"github.com/deckwright/deckwright/internal/goldenfile"
)

var bugs = flag.Bool("bugs", false, "also run the scripts marked [bugs] (known bugs, expected to fail until fixed)")

// TestMain lets the test binary act as the deckwright command: testscript
// copies it into $PATH as "deckwright", and when it is started under that
// name it runs cli.Main like cmd/deckwright/main.go does.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"deckwright": func() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the end-to-end scripts in testdata/script. Run with
// DECKWRIGHT_UPDATE=1 to rewrite cmp golden files inside the scripts, and with -bugs to
// run the scripts that are skipped with "[!bugs] skip" (known bugs).
//
// Besides testscript's own commands the scripts have:
//
//	exitcode N PROG [ARGS...]
//	    Runs PROG (normally deckwright) like exec does, keeping its stdout
//	    and stderr for the stdout, stderr and cmp commands that follow, and
//	    fails unless PROG exits with status N. exec can only tell zero from
//	    non-zero; deckwright's exit status means something (0 legal, 1 a
//	    deck breaks a rule, 2 usage or unreadable input), so scripts use
//	    exitcode wherever the status matters. It also fails when stderr
//	    shows a Go panic or runtime crash ("panic:", "goroutine N ["), which
//	    would otherwise pass as exit status 2. It cannot be negated.
//
//	grow [-line] FILE SIZE
//	    Pads FILE with comment lines ("#xxx...", valid in decklists and
//	    YAML) to exactly SIZE bytes; with -line, with a single comment
//	    line. SIZE is a byte count, optionally in MiB and with an offset:
//	    9000000, 8MiB, 8MiB+1, 8MiB-1. This keeps huge inputs out of the
//	    repository.
//
//	addbytes FILE TEXT
//	    Appends TEXT to FILE (creating it) after expanding Go string
//	    escapes, so that scripts can make binary and non-UTF-8 files:
//	    addbytes bin.txt 'game: x\n\x00'. The txtar files stay text.
//
//	testfont [-edit EDIT] NAME DEST [BYTES]
//	    Copies templates/testdata/fonts/NAME (a real font file, see its
//	    MANIFEST.md) to DEST, creating DEST's folder; with BYTES, only
//	    its first BYTES bytes (a font cut short); with -edit, changed by
//	    EDIT (internal/badfont: no-name, fstype=0x0004, cmap-format12...).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       goldenfile.Update(),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		ContinueOnError:     true,
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"exitcode":  cmdExitcode,
			"grow":      cmdGrow,
			"addbytes":  cmdAddbytes,
			"pnpfolder": cmdPnpFolder,
			"genart":    cmdGenArt,
			"testfont":  cmdTestFont,
			"replace":   cmdReplace,
		},
		Condition: func(cond string) (bool, error) {
			if cond == "bugs" {
				return *bugs, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
	})
}

// crashRE matches what the Go runtime prints for a panic or a fatal error.
var crashRE = regexp.MustCompile(`(?m)^(panic: |fatal error: )|goroutine \d+ \[`)

func cmdExitcode(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("usage: exitcode N PROG [ARGS...] (cannot be negated; N says what is expected)")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exitcode N PROG [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil || want < 0 {
		ts.Fatalf("exitcode: %q is not an exit status", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exitcode: running %s: %v", args[1], err)
		}
		got = ee.ExitCode()
	}
	// ts.Exec saved the output; read it back to look for crashes.
	if crashRE.MatchString(ts.ReadFile("stderr")) {
		ts.Fatalf("%s crashed (exit status %d)", args[1], got)
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

func cmdGrow(ts *testscript.TestScript, neg bool, args []string) {
	oneLine := len(args) > 0 && args[0] == "-line"
	if oneLine {
		args = args[1:]
	}
	if neg || len(args) != 2 {
		ts.Fatalf("usage: grow [-line] FILE SIZE")
	}
	size, err := parseSize(args[1])
	if err != nil {
		ts.Fatalf("grow: %v", err)
	}
	name := ts.MkAbs(args[0])
	data, err := os.ReadFile(name)
	ts.Check(err)
	if len(data) > size {
		ts.Fatalf("grow: %s already has %d bytes, more than %d", args[0], len(data), size)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' && len(data) < size {
		data = append(data, '\n')
	}
	buf := bytes.NewBuffer(data)
	for pad := size - buf.Len(); pad > 0; pad = size - buf.Len() {
		n := min(pad, 80)
		if oneLine {
			n = pad
		}
		if n == 1 {
			buf.WriteByte('\n')
			continue
		}
		buf.WriteByte('#')
		buf.Write(bytes.Repeat([]byte{'x'}, n-2))
		buf.WriteByte('\n')
	}
	ts.Check(os.WriteFile(name, buf.Bytes(), 0o666))
}

// parseSize reads "N", "NMiB", "NMiB+K" or "NMiB-K".
func parseSize(s string) (int, error) {
	sign, off := 1, 0
	base := s
	if i := strings.LastIndexAny(s, "+-"); i > 0 {
		base = s[:i]
		if s[i] == '-' {
			sign = -1
		}
		n, err := strconv.Atoi(s[i+1:])
		if err != nil {
			return 0, fmt.Errorf("bad size %q", s)
		}
		off = sign * n
	}
	mul := 1
	if b, ok := strings.CutSuffix(base, "MiB"); ok {
		base, mul = b, 1<<20
	}
	n, err := strconv.Atoi(base)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("bad size %q", s)
	}
	return n*mul + off, nil
}

func cmdAddbytes(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: addbytes FILE TEXT")
	}
	text, err := strconv.Unquote(`"` + strings.ReplaceAll(args[1], `"`, `\"`) + `"`)
	if err != nil {
		ts.Fatalf("addbytes: bad escapes in %q: %v", args[1], err)
	}
	f, err := os.OpenFile(ts.MkAbs(args[0]), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	ts.Check(err)
	_, err = f.WriteString(text)
	ts.Check(errors.Join(err, f.Close()))
}

func cmdTestFont(ts *testscript.TestScript, neg bool, args []string) {
	edit := ""
	if len(args) > 2 && args[0] == "-edit" {
		edit, args = args[1], args[2:]
	}
	if neg || len(args) < 2 || len(args) > 3 || strings.ContainsAny(args[0], `/\`) {
		ts.Fatalf("usage: testfont [-edit EDIT] NAME DEST [BYTES]")
	}
	var data []byte
	var err error
	if edit != "" {
		data, err = badFontFile(edit, args[0])
	} else {
		data, err = os.ReadFile(testFontPath(args[0]))
	}
	ts.Check(err)
	if len(args) == 3 {
		n, err := strconv.Atoi(args[2])
		if err != nil || n < 0 || n > len(data) {
			ts.Fatalf("testfont: %q is not a size within the font's %d bytes", args[2], len(data))
		}
		data = data[:n]
	}
	dst := ts.MkAbs(args[1])
	ts.Check(os.MkdirAll(filepath.Dir(dst), 0o777))
	ts.Check(os.WriteFile(dst, data, 0o666))
}

// testFontPath is the path of a font of templates/testdata/fonts.
func testFontPath(name string) string {
	return filepath.Join("..", "..", "..", "..", "templates", "testdata", "fonts", name)
}

// badFontFile returns the font name of templates/testdata/fonts changed
// by edit (internal/badfont).
func badFontFile(edit, name string) ([]byte, error) {
	if strings.ContainsAny(name, `/\`) {
		return nil, fmt.Errorf("%q is not a file name of templates/testdata/fonts", name)
	}
	data, err := os.ReadFile(testFontPath(name))
	if err != nil {
		return nil, err
	}
	return badfont.Make(edit, data)
}
