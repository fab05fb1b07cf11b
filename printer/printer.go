package printer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/atomicfile"
	"github.com/deckwright/deckwright/internal/safefile"
	"github.com/deckwright/deckwright/internal/yamlmap"
	"github.com/deckwright/deckwright/layout"
)

// MaxFileBytes is the largest profiles file Load reads: a few hundred
// profiles take a few kilobytes.
const MaxFileBytes = 1 << 20

// MaxMargin bounds a profile's margin, mm, as print's --margin is bounded.
const MaxMargin = 50.0

// Profile is one printer: how it misplaces the backs of a duplex print and
// what it prints on. Zero values mean "not set": no offset, no stretch, any
// flip, the paper and margin given on the command line.
type Profile struct {
	// Name is how print --printer names the profile: letters, digits, '.',
	// '-' and '_', at most 40.
	Name string
	// Offset moves the backs, as print's --back-offset.
	Offset layout.Offset
	// Scale stretches the backs' positions about the page centre (see
	// layout.Options.BackScale); zero is none.
	Scale layout.Scale
	// Flip is the edge the printer turns the sheet over, "long" or
	// "short", or "" when not said: the offset is only right for it.
	Flip string
	// Paper is the paper in the printer, as print's --paper takes it.
	Paper string
	// Margin is the border the printer cannot print, mm; nil when not set.
	Margin *float64
}

// fileProfile is a Profile as the file writes it: the offset and scale as
// the command line takes them ("0.5,-0.3").
type fileProfile struct {
	pos    cardsdb.Pos // where Parse read it
	Name   string      `yaml:"name"`
	Offset string      `yaml:"offset,omitempty"`
	Scale  string      `yaml:"scale,omitempty"`
	Flip   string      `yaml:"flip,omitempty"`
	Paper  string      `yaml:"paper,omitempty"`
	Margin *float64    `yaml:"margin,omitempty"`
}

type fileBook struct {
	Printers []fileProfile `yaml:"printers"`
}

func (p Profile) file() fileProfile {
	f := fileProfile{Name: p.Name, Flip: p.Flip, Paper: p.Paper, Margin: p.Margin}
	if p.Offset != (layout.Offset{}) {
		f.Offset = fmt.Sprintf("%g,%g", p.Offset.X, p.Offset.Y)
	}
	if p.Scale != (layout.Scale{}) {
		f.Scale = fmt.Sprintf("%g,%g", p.Scale.X, p.Scale.Y)
	}
	return f
}

func (f fileProfile) profile() (Profile, error) {
	p := Profile{Name: f.Name, Flip: f.Flip, Paper: f.Paper, Margin: f.Margin}
	var err error
	if p.Offset, err = layout.ParseOffset(f.Offset); err != nil {
		return p, fmt.Errorf("printer %s: %w", f.Name, err)
	}
	if p.Scale, err = layout.ParseScale(f.Scale); err != nil {
		return p, fmt.Errorf("printer %s: %w", f.Name, err)
	}
	return p, p.Check()
}

// MarshalJSON writes the offset and scale as [x, y] pairs, leaving out
// what is not set.
func (p Profile) MarshalJSON() ([]byte, error) {
	v := struct {
		Name   string      `json:"name"`
		Offset [2]float64  `json:"offset"`
		Scale  *[2]float64 `json:"scale,omitempty"`
		Flip   string      `json:"flip,omitempty"`
		Paper  string      `json:"paper,omitempty"`
		Margin *float64    `json:"margin,omitempty"`
	}{Name: p.Name, Offset: [2]float64{p.Offset.X, p.Offset.Y}, Flip: p.Flip, Paper: p.Paper, Margin: p.Margin}
	if p.Scale != (layout.Scale{}) {
		v.Scale = &[2]float64{p.Scale.X, p.Scale.Y}
	}
	return json.Marshal(v)
}

// Book is the profiles of one file, sorted by name.
type Book struct {
	Printers []Profile
}

// DefaultPath returns os.UserConfigDir()/deckwright/printers.yaml.
func DefaultPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no configuration folder for printer profiles: %w", err)
	}
	return filepath.Join(dir, "deckwright", "printers.yaml"), nil
}

// CheckName reports whether name can name a profile.
func CheckName(name string) error {
	if name == "" || len(name) > 40 {
		return fmt.Errorf("printer name %q: want 1 to 40 letters, digits, '.', '-' or '_'", name)
	}
	for _, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_'
		if !ok {
			return fmt.Errorf("printer name %q: want only letters, digits, '.', '-' or '_'", name)
		}
	}
	return nil
}

// Check reports the first value of p that print could not use.
func (p Profile) Check() error {
	if err := CheckName(p.Name); err != nil {
		return err
	}
	o := layout.DefaultOptions()
	if _, err := p.Apply(o); err != nil {
		return fmt.Errorf("printer %s: %w", p.Name, err)
	}
	return nil
}

// Apply returns o with p's values set: its paper and margin when it has
// them, its offset and its scale. The backs are left as o has them (see
// Backs for the profile's flip). Each value is checked as print's flags
// are.
func (p Profile) Apply(o layout.Options) (layout.Options, error) {
	if p.Paper != "" {
		paper, err := layout.ParsePaper(p.Paper)
		if err != nil {
			return o, err
		}
		o.Paper = paper
	}
	if p.Margin != nil {
		m := *p.Margin
		if math.IsNaN(m) || m < 0 || m > MaxMargin {
			return o, fmt.Errorf("margin %g: want 0 to %g mm", m, MaxMargin)
		}
		o.Margin = m
	}
	if _, err := layout.ParseOffset(fmt.Sprintf("%g,%g", p.Offset.X, p.Offset.Y)); err != nil {
		return o, err
	}
	o.BackOffset = p.Offset
	if p.Scale != (layout.Scale{}) {
		if _, err := layout.ParseScale(fmt.Sprintf("%g,%g", p.Scale.X, p.Scale.Y)); err != nil {
			return o, err
		}
	}
	o.BackScale = p.Scale
	if _, err := p.Backs(); err != nil {
		return o, err
	}
	return o, nil
}

// Backs returns the duplex mode of p's flip: BacksLong, BacksShort, or
// BacksNone when p does not say.
func (p Profile) Backs() (layout.BackMode, error) {
	switch p.Flip {
	case "":
		return layout.BacksNone, nil
	case "long":
		return layout.BacksLong, nil
	case "short":
		return layout.BacksShort, nil
	}
	return layout.BacksNone, fmt.Errorf("flip %q: want long or short", p.Flip)
}

// Get returns the profile called name.
func (b *Book) Get(name string) (Profile, bool) {
	for _, p := range b.Printers {
		if p.Name == name {
			return p, true
		}
	}
	return Profile{}, false
}

// Put adds p, or replaces the profile of the same name, and reports
// whether it replaced one.
func (b *Book) Put(p Profile) (replaced bool) {
	for i := range b.Printers {
		if b.Printers[i].Name == p.Name {
			b.Printers[i] = p
			return true
		}
	}
	b.Printers = append(b.Printers, p)
	slices.SortFunc(b.Printers, func(a, c Profile) int { return strings.Compare(a.Name, c.Name) })
	return false
}

// Remove deletes the profile called name and reports whether there was one.
func (b *Book) Remove(name string) bool {
	for i := range b.Printers {
		if b.Printers[i].Name == name {
			b.Printers = slices.Delete(b.Printers, i, i+1)
			return true
		}
	}
	return false
}

// Names lists the profiles' names, sorted.
func (b *Book) Names() []string {
	var out []string
	for _, p := range b.Printers {
		out = append(out, p.Name)
	}
	return out
}

// Load reads the profiles file at path; a missing file is an empty Book.
// Only a regular file of at most MaxFileBytes is read, and every profile
// must pass Check; errors name the file (and the line for YAML errors).
func Load(path string) (*Book, error) {
	data, err := safefile.ReadPath(path, MaxFileBytes)
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &Book{}, nil
	case errors.Is(err, safefile.ErrTooBig):
		return nil, fmt.Errorf("%s: bigger than %d bytes; not a profiles file", path, MaxFileBytes)
	case errors.Is(err, safefile.ErrNotRegular) && errors.As(err, &pe):
		return nil, fmt.Errorf("%s: %w", path, pe.Err)
	case err != nil:
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads a profiles file's content; path names it in errors. Every
// problem is reported, each at its file:line:col, as a cardsdb.ErrorList:
// YAML that does not parse, keys that are not a profile's (read as
// game and card files are read, package yamlmap), values print could
// not use, a name twice. A file without a YAML document holds no
// profiles.
func Parse(path string, data []byte) (*Book, error) {
	var empty yaml.Node
	if err := yaml.Unmarshal(data, &empty); err == nil && len(empty.Content) == 0 {
		return &Book{}, nil // nothing, or only comments
	}
	root, err := cardsdb.ParseYAML(path, data)
	if err != nil {
		return nil, err
	}
	d := cardsdb.NewYAMLDecoder(path)
	var fb fileBook
	bookTable.Decode(d, root, &fb)
	var b Book
	seen := map[string]bool{}
	for _, f := range fb.Printers {
		p, err := f.profile()
		if err != nil {
			d.Add(f.pos, "%v", err)
			continue
		}
		if seen[p.Name] {
			d.Add(f.pos, "printer %s is there twice", p.Name)
			continue
		}
		seen[p.Name] = true
		b.Printers = append(b.Printers, p)
	}
	if err := d.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(b.Printers, func(a, c Profile) int { return strings.Compare(a.Name, c.Name) })
	return &b, nil
}

// bookTable reads a profiles file: its list of printers.
var bookTable = yamlmap.New("printer profiles file", []yamlmap.Key[*cardsdb.YAMLDecoder, *fileBook]{
	{Name: "printers", Read: func(d *cardsdb.YAMLDecoder, v *yaml.Node, fb *fileBook) {
		if v.Kind != yaml.SequenceNode {
			d.Errorf(v, "printers must be a list of printers, found %s", yamlmap.Kind(v))
			return
		}
		for _, item := range v.Content {
			f := fileProfile{pos: d.Pos(item)}
			if _, ok := profileTable.Decode(d, item, &f); ok {
				fb.Printers = append(fb.Printers, f)
			}
		}
	}},
}).ListKeys()

// profileTable reads one printer of a profiles file. A key without a
// value is a value not set, as Save leaves it out.
var profileTable = yamlmap.New("printer", []yamlmap.Key[*cardsdb.YAMLDecoder, *fileProfile]{
	{Name: "name", Read: func(d *cardsdb.YAMLDecoder, v *yaml.Node, f *fileProfile) { f.Name = fileString(d, v, "printer name") }},
	{Name: "offset", Read: func(d *cardsdb.YAMLDecoder, v *yaml.Node, f *fileProfile) {
		f.Offset = fileString(d, v, "printer offset")
	}},
	{Name: "scale", Read: func(d *cardsdb.YAMLDecoder, v *yaml.Node, f *fileProfile) {
		f.Scale = fileString(d, v, "printer scale")
	}},
	{Name: "flip", Read: func(d *cardsdb.YAMLDecoder, v *yaml.Node, f *fileProfile) { f.Flip = fileString(d, v, "printer flip") }},
	{Name: "paper", Read: func(d *cardsdb.YAMLDecoder, v *yaml.Node, f *fileProfile) {
		f.Paper = fileString(d, v, "printer paper")
	}},
	{Name: "margin", Read: func(d *cardsdb.YAMLDecoder, v *yaml.Node, f *fileProfile) {
		s := fileString(d, v, "printer margin")
		if s == "" {
			return
		}
		m, err := strconv.ParseFloat(s, 64)
		if err != nil || v.Tag != "!!int" && v.Tag != "!!float" {
			d.Errorf(v, "printer margin must be a number of mm, found %q", s)
			return
		}
		f.Margin = &m
	}},
}).ListKeys()

// fileString reads a single value; nothing is "".
func fileString(d *cardsdb.YAMLDecoder, v *yaml.Node, what string) string {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return ""
	}
	return d.Str(v, what)
}

// header starts every profiles file Save writes.
const header = "# deckwright printer profiles: edit with deckwright printer add and remove.\n"

// Save writes b to path, creating its folder: to a temporary file beside
// it, then renamed over it, so that a failed write leaves the old file.
// When path is a symbolic link (a dotfiles folder, say) the file it points
// to is replaced, and the link kept.
func Save(path string, b *Book) error {
	if target, err := filepath.EvalSymlinks(path); err == nil {
		path = target
	}
	for _, p := range b.Printers {
		if err := p.Check(); err != nil {
			return err
		}
	}
	var buf bytes.Buffer
	buf.WriteString(header)
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	fb := fileBook{Printers: []fileProfile{}}
	for _, p := range b.Printers {
		fb.Printers = append(fb.Printers, p.file())
	}
	if err := enc.Encode(fb); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	return atomicfile.WriteFile(path, buf.Bytes(), 0o644)
}
