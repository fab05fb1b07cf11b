package printer

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/layout"
)

func ptr(v float64) *float64 { return &v }

func TestSaveLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cfg", "deckwright", "printers.yaml")
	b, err := Load(path)
	if err != nil || len(b.Printers) != 0 {
		t.Fatalf("Load of a missing file = %v, %v; want an empty book", b, err)
	}
	office := Profile{Name: "office", Offset: layout.Offset{X: 0.5, Y: -0.3}, Scale: layout.Scale{X: 1.002, Y: 0.998}, Flip: "long", Paper: "letter", Margin: ptr(6)}
	home := Profile{Name: "home", Offset: layout.Offset{X: -1}}
	if b.Put(office) || b.Put(home) {
		t.Fatal("Put reports a replacement in an empty book")
	}
	if err := Save(path, b); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), header) {
		t.Errorf("file starts %q, want the header", data)
	}
	for _, want := range []string{"\n  - name: office\n    offset: 0.5,-0.3\n    scale: 1.002,0.998\n    flip: long\n", "\n  - name: home\n    offset: -1,0\n"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("file %s\nwants %q", data, want)
		}
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if names := strings.Join(got.Names(), ","); names != "home,office" {
		t.Errorf("names %s, want home,office (sorted)", names)
	}
	p, ok := got.Get("office")
	if !ok || p.Offset != office.Offset || p.Scale != office.Scale || p.Flip != "long" || p.Paper != "letter" || p.Margin == nil || *p.Margin != 6 {
		t.Errorf("office read back as %+v, want %+v", p, office)
	}
	if h, _ := got.Get("home"); h.Margin != nil || h.Scale != (layout.Scale{}) {
		t.Errorf("home read back with values it never had: %+v", h)
	}
	o, err := p.Apply(layout.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if o.Paper != layout.Letter || o.Margin != 6 || o.BackOffset != office.Offset || o.BackScale != office.Scale {
		t.Errorf("Apply gave %+v", o)
	}
	if m, _ := p.Backs(); m != layout.BacksLong {
		t.Errorf("Backs() = %v, want long", m)
	}
	if !got.Put(Profile{Name: "office"}) {
		t.Error("Put of an existing name does not report the replacement")
	}
	if !got.Remove("home") || got.Remove("home") {
		t.Error("Remove: want true once, then false")
	}
	// No temporary file is left beside the profiles.
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("%d files in the folder, want printers.yaml alone", len(entries))
	}
}

// TestParseNothingSet checks that a file without a document holds no
// profiles and that a key without a value is a value not set.
func TestParseNothingSet(t *testing.T) {
	for _, data := range []string{"", "\n", "# printers: none yet\n"} {
		if b, err := Parse("printers.yaml", []byte(data)); err != nil || len(b.Printers) != 0 {
			t.Errorf("Parse(%q) = %v, %v; want no profiles", data, b, err)
		}
	}
	b, err := Parse("printers.yaml", []byte("printers:\n  - name: a\n    margin:\n    offset: ~\n    paper: a4\n"))
	if err != nil || len(b.Printers) != 1 {
		t.Fatalf("Parse = %v, %v; want profile a", b, err)
	}
	if p := b.Printers[0]; p.Name != "a" || p.Margin != nil || p.Offset != (layout.Offset{}) || p.Paper != "a4" {
		t.Errorf("profile %+v, want a with paper a4 only", p)
	}
}

func TestLoadBad(t *testing.T) {
	tests := []struct{ name, data, err string }{
		{"yaml", "printers: [", "printers.yaml:2: invalid YAML: did not find expected node content"},
		{"unknown-field", "printers:\n  - name: a\n    offest: 1,1\n", `printers.yaml:3:5: unknown key "offest" in printer; did you mean "offset"? (allowed: name, offset, scale, flip, paper, margin)`},
		{"unknown-top", "printer:\n  - name: a\n", `printers.yaml:1:1: unknown key "printer" in printer profiles file; did you mean "printers"? (allowed: printers)`},
		{"not-a-list", "printers: {name: a}\n", `printers.yaml:1:11: printers must be a list of printers, found a mapping`},
		{"not-a-mapping", "printers: [a]\n", `printers.yaml:1:12: printer must be a mapping of keys to values, found "a"`},
		{"duplicate-key", "printers:\n  - name: a\n    name: b\n", `printers.yaml:3:5: duplicate key "name" in printer (first at line 2)`},
		{"margin-word", "printers:\n  - name: a\n    margin: wide\n", `printers.yaml:3:13: printer margin must be a number of mm, found "wide"`},
		{"bad-name", "printers:\n  - name: a b\n", `printers.yaml:2:5: printer name "a b"`},
		{"offset", "printers:\n  - name: a\n    offset: 30,0\n", "printers.yaml:2:5: printer a: offset \"30,0\""},
		{"scale", "printers:\n  - name: a\n    scale: 2,1\n", "not within"},
		{"flip", "printers:\n  - name: a\n    flip: sideways\n", `flip "sideways"`},
		{"paper", "printers:\n  - name: a\n    paper: napkin\n", "napkin"},
		{"margin", "printers:\n  - name: a\n    margin: -1\n", "margin -1"},
		{"twice", "printers:\n  - name: a\n  - name: a\n", "printers.yaml:3:5: printer a is there twice"},
		// Every problem at once, in the file's order.
		{"all", "printers:\n  - name: a\n    flip: sideways\n  - name: b\n    offest: 1,1\n  - name: c\n    margin: -1\n",
			"printers.yaml:2:5: printer a: flip \"sideways\": want long or short\n" +
				`printers.yaml:5:5: unknown key "offest" in printer; did you mean "offset"? (allowed: name, offset, scale, flip, paper, margin)` + "\n" +
				"printers.yaml:6:5: printer c: margin -1: want 0 to 50 mm"},
		{"too-big", "printers: []\n#" + strings.Repeat("x", MaxFileBytes), "bigger than 1048576 bytes; not a profiles file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "printers.yaml")
			if err := os.WriteFile(path, []byte(tt.data), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Load(path)
			if err == nil {
				t.Fatalf("Load: no error, want %q", tt.err)
			}
			// One line a problem, each naming the file.
			lines, wants := strings.Split(err.Error(), "\n"), strings.Split(tt.err, "\n")
			if len(lines) != len(wants) {
				t.Errorf("Load error %v, want %d lines", err, len(wants))
			}
			for i := range min(len(lines), len(wants)) {
				if !strings.Contains(lines[i], wants[i]) || !strings.HasPrefix(lines[i], path) {
					t.Errorf("Load error line %q, want one naming the file and saying %q", lines[i], wants[i])
				}
			}
		})
	}
	dir := t.TempDir()
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("Load of a folder: %v, want 'not a regular file'", err)
	}
}

func TestProfileJSON(t *testing.T) {
	data, err := json.Marshal([]Profile{
		{Name: "a", Offset: layout.Offset{X: 0.5, Y: -0.3}, Scale: layout.Scale{X: 1.002, Y: 0.998}, Flip: "short", Paper: "a4", Margin: ptr(4)},
		{Name: "b"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"name":"a","offset":[0.5,-0.3],"scale":[1.002,0.998],"flip":"short","paper":"a4","margin":4},{"name":"b","offset":[0,0]}]`
	if string(data) != want {
		t.Errorf("JSON\n%s\nwant\n%s", data, want)
	}
}

// TestSaveThroughLink: a profiles file that is a link to a dotfiles
// folder stays a link; the file it points to gets the profiles.
func TestSaveThroughLink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "printers.yaml")
	if err := os.MkdirAll(filepath.Dir(real), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(real, []byte("printers: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "printers.yaml")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	b, err := Load(link)
	if err != nil {
		t.Fatal(err)
	}
	b.Put(Profile{Name: "office", Offset: layout.Offset{X: 1}})
	if err := Save(link, b); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi, err)
	}
	if got, err := Load(real); err != nil || len(got.Printers) != 1 {
		t.Errorf("the linked file holds %v, %v; want the profile", got, err)
	}
}
