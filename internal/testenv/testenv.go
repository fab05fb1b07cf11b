// Package testenv holds what the tests of several packages ask of the
// machine they run on: whether to run the few tests that must stay slow,
// and whether a tool such as poppler's pdftoppm is there.
//
// A test that must stay slow (more than about 20 s on an idle 2-core
// machine) says so first; it runs in CI and when asked for:
//
//	func TestWholeCorpus(t *testing.T) {
//		testenv.SkipSlowUnlessCI(t)
//		...
//	}
//
//	DECKWRIGHT_SLOW=1 go test -run TestWholeCorpus ./pnp
//
// A test that needs an external tool skips without it, except in CI,
// where a missing tool is a failure (.ci/run installs them):
//
//	testenv.NeedTool(t, "pdftoppm")
package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// SlowEnv is the environment variable that runs the slow tests outside
// CI: DECKWRIGHT_SLOW=1.
const SlowEnv = "DECKWRIGHT_SLOW"

// CI reports whether the tests run in CI: CI=true, as .ci/run and most CI
// services set it.
func CI() bool {
	v, _ := strconv.ParseBool(os.Getenv("CI"))
	return v
}

// Slow reports whether the slow tests run: in CI, or with DECKWRIGHT_SLOW
// set to a true value (1, t, true).
func Slow() bool {
	v, _ := strconv.ParseBool(os.Getenv(SlowEnv))
	return v || CI()
}

// SkipSlowUnlessCI skips a test that must stay slow unless Slow says the
// slow tests run, with a message that says how to run it, as Hugo's
// SkipSlowTestUnlessCI does.
func SkipSlowUnlessCI(t testing.TB) {
	t.Helper()
	if !Slow() {
		t.Skipf("slow test, run in CI; to run it here: %s=1 go test -run '^%s$'", SlowEnv, t.Name())
	}
}

// NeedTool skips a test whose external tool (pdftoppm, pdfinfo, chromium
// ...) is not on PATH, and fails it instead in CI, where the tool must be
// installed. It returns the tool's path.
func NeedTool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err == nil {
		return p
	}
	if CI() {
		t.Fatalf("%s is missing, and CI=true: .ci/run must install it (%s)", name, hint(name))
		return ""
	}
	t.Skipf("%s is not installed, skipping (%s)", name, hint(name))
	return ""
}

// hint says which package holds a tool.
func hint(name string) string {
	switch name {
	case "pdftoppm", "pdfinfo", "pdfimages", "pdffonts", "pdftotext":
		return "apt-get install poppler-utils, brew install poppler"
	case "chromium":
		return "apt-get install chromium"
	}
	return "put it on PATH"
}

// PinFonts writes a fontconfig configuration that offers the DejaVu fonts
// alone, where they are installed, and returns the environment entry that
// points pdftoppm at it (FONTCONFIG_FILE=...) and the folder to remove
// when the tests end; nil and "" where DejaVu is not found, where
// FONTCONFIG_FILE is set already, or with DECKWRIGHT_TEST_FONTS=system
// (the machine's fonts).
//
// A PDF that names fonts it does not embed (jsPDF's or gofpdf's
// Helvetica) is drawn with whatever font the machine offers in their
// place, and what an import reads from the page follows: a corpus PDF read
// right where Helvetica became DejaVu Sans and failed where it became
// Liberation Sans, and a documented import's reason for skipping a page
// of rules changed when Chromium's packages brought the Liberation fonts.
func PinFonts() (env []string, dir string) {
	if os.Getenv("DECKWRIGHT_TEST_FONTS") == "system" || os.Getenv("FONTCONFIG_FILE") != "" {
		return nil, ""
	}
	var dirs []string
	for _, d := range []string{"/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts/dejavu-sans-fonts", "/usr/local/share/fonts/dejavu", "/opt/homebrew/share/fonts/dejavu"} {
		if m, _ := filepath.Glob(filepath.Join(d, "DejaVuSans*.ttf")); len(m) > 0 {
			dirs = append(dirs, d)
		}
	}
	if len(dirs) == 0 {
		return nil, ""
	}
	dir, err := os.MkdirTemp("", "deckwright-test-fonts-")
	if err != nil {
		return nil, ""
	}
	conf := "<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"fonts.dtd\">\n<fontconfig>\n"
	for _, d := range dirs {
		conf += "  <dir>" + d + "</dir>\n"
	}
	conf += "  <cachedir>" + filepath.Join(dir, "cache") + "</cachedir>\n</fontconfig>\n"
	if err := os.WriteFile(filepath.Join(dir, "fonts.conf"), []byte(conf), 0o644); err != nil {
		return nil, dir
	}
	return []string{"FONTCONFIG_FILE=" + filepath.Join(dir, "fonts.conf")}, dir
}
