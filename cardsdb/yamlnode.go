package cardsdb

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/internal/yamlmap"
)

// MaxFileSize is the largest input file deckwright reads (8 MiB): a
// 5,000-card database takes about a fifth of that.
const MaxFileSize = 8 << 20

// ReadInput reads a whole input file from r, refusing what cannot be a card
// or deck file: more than MaxFileSize bytes, an empty file, a binary file or
// text that is not UTF-8. name is used in error messages.
func ReadInput(name string, r io.Reader) ([]byte, error) {
	var buf bytes.Buffer
	// A regular file of known size is read into one buffer of that size
	// (io.ReadAll would grow its buffer a dozen times for a 20 KB file,
	// and loading the bundled games reads about 40 files). The size is
	// only a hint: the limit below still holds if the file grows.
	if st, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > 0 && fi.Size() <= MaxFileSize {
			buf.Grow(int(fi.Size()) + bytes.MinRead)
		}
	}
	if _, err := buf.ReadFrom(io.LimitReader(r, MaxFileSize+1)); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	data := buf.Bytes()
	return data, CheckText(name, data)
}

// CheckText reports why data cannot be a text input file, or nil.
func CheckText(name string, data []byte) error {
	if len(data) > MaxFileSize {
		return &Error{Pos: Pos{File: name}, Msg: fmt.Sprintf("file is larger than %d MiB; deckwright reads card and deck files up to that size", MaxFileSize>>20)}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return &Error{Pos: Pos{File: name}, Msg: "file is empty"}
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return &Error{Pos: offsetPos(name, data, i), Msg: "file is binary (it holds a NUL byte), not a text file"}
	}
	if !utf8.Valid(data) {
		i := 0
		for i < len(data) {
			r, n := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			i += n
		}
		return &Error{Pos: offsetPos(name, data, i), Msg: "file is not UTF-8 text; save it as UTF-8"}
	}
	return nil
}

func offsetPos(name string, data []byte, off int) Pos {
	line := 1 + bytes.Count(data[:off], []byte{'\n'})
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return Pos{File: name, Line: line, Col: col}
}

var yamlLineRE = regexp.MustCompile(`line (\d+)(?:, column (\d+))?: (.*)`)

// parseYAML parses one YAML document into a node tree and returns the
// document's top node. Syntax errors become *Error values with position; a
// second document in the file is an error too (it would be ignored).
func parseYAML(file string, data []byte) (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil && err != io.EOF {
		return nil, yamlError(file, data, err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, &Error{Pos: Pos{File: file}, Msg: "file holds no YAML document"}
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == io.EOF:
	case err != nil:
		return nil, yamlError(file, data, err)
	case len(next.Content) == 1 && next.Content[0].Tag == "!!null" && next.Content[0].Value == "":
		// a "---" with nothing after it
	default:
		n := &next
		if len(next.Content) > 0 {
			n = next.Content[0]
		}
		return nil, &Error{Pos: Pos{File: file, Line: n.Line, Col: n.Column}, Msg: "a second YAML document (after ---) starts here; a file holds one, so move it to a file of its own"}
	}
	return doc.Content[0], nil
}

// yamlError turns a yaml.v3 error into an *Error with the position the
// message gives, or one found in data for the errors that give none.
func yamlError(file string, data []byte, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		if strings.HasPrefix(m[3], "did not find expected") || strings.HasPrefix(m[3], "found undefined tag") {
			// yaml.v3 reports parser errors (not scanner errors) with
			// the 0-based line of the construct they were parsing
			// (go-yaml/yaml#205).
			line++
		}
		return &Error{Pos: Pos{File: file, Line: line, Col: col}, Msg: "invalid YAML: " + m[3]}
	}
	pos := Pos{File: file}
	if m := unknownAnchorRE.FindStringSubmatch(msg); m != nil {
		if i := findAlias(data, m[1]); i >= 0 {
			pos = offsetPos(file, data, i)
		}
	} else if strings.HasPrefix(msg, "control characters are not allowed") {
		if i := firstYAMLControl(data); i >= 0 {
			pos = offsetPos(file, data, i)
			r, _ := utf8.DecodeRune(data[i:])
			msg = fmt.Sprintf("control character %U is not allowed; YAML files hold printable text, tabs and line ends only", r)
		}
	}
	return &Error{Pos: pos, Msg: "invalid YAML: " + msg}
}

var unknownAnchorRE = regexp.MustCompile(`^unknown anchor '(.*)' referenced`)

// findAlias returns the offset of the first alias *name in data, or -1.
func findAlias(data []byte, name string) int {
	ref := []byte("*" + name)
	for off := 0; ; {
		i := bytes.Index(data[off:], ref)
		if i < 0 {
			return -1
		}
		end := off + i + len(ref)
		if end == len(data) || bytes.IndexByte([]byte(" \t\r\n,]}"), data[end]) >= 0 {
			return off + i
		}
		off = end
	}
}

// firstYAMLControl returns the offset of the first character YAML does
// not allow in a file (what yaml.v3 reports as "control characters are not
// allowed", without a position), or -1.
func firstYAMLControl(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		ok := r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0x7E || r == 0x85 ||
			r >= 0xA0 && r <= 0xD7FF || r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
		if !ok {
			return i
		}
		i += n
	}
	return -1
}

// decoder walks a YAML node tree, collecting every error it meets with its
// position instead of stopping at the first.
type decoder struct {
	file string
	// dir is the folder, inside the game's FS, that the file's paths
	// start from, and game the game read or read into.
	dir  string
	game *Game
	// sheet and cell make positions cells of a table: the nodes' lines
	// and columns are its rows and columns (AddCardNodes).
	sheet string
	cell  bool
	errs  ErrorList
	// aliased lists keys whose values were aliases: reported already, so
	// they count as present.
	aliased []string
	// compared counts the names did-you-mean searches have compared, and
	// prepared holds the lists searched, folded once (by first element).
	compared int
	prepared map[*string]*Names
}

// maxCompared bounds the names one file's did-you-mean searches compare
// (about 0.3 s of work): a file with thousands of unknown values against
// thousands of names is not a file of typos, and gets no more suggestions
// once it is spent.
const maxCompared = 500_000

// suggest returns the name of candidates closest to name, if one is close,
// within the file's budget of comparisons.
func (d *decoder) suggest(name string, candidates []string) []string {
	if len(candidates) == 0 || d.compared+len(candidates) > maxCompared {
		return nil
	}
	d.compared += len(candidates)
	key := &candidates[0] // the same list, not just equal names
	n := d.prepared[key]
	if n == nil || n.Len() != len(candidates) {
		n = NewNames(candidates)
		if d.prepared == nil {
			d.prepared = map[*string]*Names{}
		}
		d.prepared[key] = n
	}
	return n.Suggest(name, 1)
}

// joinSome joins names with commas for a message, up to a dozen of them
// and then how many more there are.
func joinSome(names []string) string {
	const most = 12
	if len(names) <= most {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:most], ", ") + fmt.Sprintf(" and %d more", len(names)-most)
}

func (d *decoder) pos(n *yaml.Node) Pos {
	return Pos{File: d.file, Line: n.Line, Col: n.Column, Sheet: d.sheet, Cell: d.cell}
}

func (d *decoder) errorf(n *yaml.Node, format string, args ...any) {
	d.errs.Add(d.pos(n), format, args...)
}

// Errorf records an error at n (yamlmap.Decoder).
func (d *decoder) Errorf(n *yaml.Node, format string, args ...any) { d.errorf(n, format, args...) }

// Aliased records a key whose value was an alias (yamlmap.Decoder).
func (d *decoder) Aliased(key string) { d.aliased = append(d.aliased, key) }

// SuggestKey returns the allowed key closest to an unknown key, within
// the file's budget of comparisons, or one two edits from it (closeKey);
// "" when none is close (yamlmap.Decoder).
func (d *decoder) SuggestKey(key string, allowed []string) string {
	s := d.suggest(key, allowed)
	if len(s) == 0 {
		s = closeKey(key, allowed)
	}
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

// closeKey finds the one allowed key two edits from a key of five letters
// or more ("copys" for "copies"), which Suggest, tuned for card names,
// lets pass: keys are few, so a second edit rarely finds a wrong one.
func closeKey(key string, allowed []string) []string {
	k := []rune(Fold(key))
	if len(k) < 5 || len(k) > 40 {
		return nil
	}
	var found []string
	buf := make([]int, 3*64)
	for _, a := range allowed {
		r := []rune(Fold(a))
		if len(r) > 60 {
			continue
		}
		if distanceBuf(k, r, 2, buf) <= 2 {
			found = append(found, a)
		}
	}
	if len(found) != 1 {
		return nil
	}
	return found
}

func (d *decoder) scalar(n *yaml.Node, what string) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		d.errorf(n, "%s must be a single value, found %s", what, yamlmap.Kind(n))
		return "", false
	}
	return n.Value, true
}

func (d *decoder) str(n *yaml.Node, what string) string {
	s, _ := d.scalar(n, what)
	return s
}

// name reads a required non-empty one-line string.
func (d *decoder) name(n *yaml.Node, what string) string {
	return d.nameUpTo(n, what, MaxNameLen)
}

// nameUpTo reads a one-line name of at most max bytes; a longer one is
// reported (without echoing it) and read as "".
func (d *decoder) nameUpTo(n *yaml.Node, what string, max int) string {
	s, ok := d.scalar(n, what)
	if ok && strings.TrimSpace(s) == "" {
		d.errorf(n, "%s is empty", what)
	}
	if strings.ContainsAny(s, "\n\r") {
		d.errorf(n, "%s must be one line", what)
	}
	s = strings.TrimSpace(s)
	if len(s) > max {
		d.errorf(n, "%s is %d bytes long; names run to %d", what, len(s), max)
		return ""
	}
	return s
}

// maxPathLen is the longest image path a card or game file may give.
const maxPathLen = 1024

func (d *decoder) int(n *yaml.Node, what string) (int, bool) {
	v, ok := d.anyInt(n, what)
	if ok && (v < -MaxNumber || v > MaxNumber) {
		d.errorf(n, "%s is %d; deckwright takes whole numbers from %d to %d", what, v, -MaxNumber, MaxNumber)
		return 0, false
	}
	return v, ok
}

// intPtr reads an int as int does, and returns it as a pointer, or nil.
func (d *decoder) intPtr(n *yaml.Node, what string) *int {
	if v, ok := d.int(n, what); ok {
		return &v
	}
	return nil
}

// anyInt reads a whole number of the int range.
func (d *decoder) anyInt(n *yaml.Node, what string) (int, bool) {
	s, ok := d.scalar(n, what)
	if !ok {
		return 0, false
	}
	v, err := strconv.Atoi(s)
	if err != nil && n.Tag == "!!int" && errors.Is(err, strconv.ErrRange) {
		d.errorf(n, "%s is %s; deckwright takes whole numbers from %d to %d", what, s, -MaxNumber, MaxNumber)
		return 0, false
	}
	if err != nil || n.Tag != "!!int" {
		d.errorf(n, "%s must be a whole number, found %q", what, s)
		return 0, false
	}
	return v, true
}

// intIn reads an int between lo and hi.
func (d *decoder) intIn(n *yaml.Node, what string, lo, hi int) (int, bool) {
	v, ok := d.anyInt(n, what)
	if ok && (v < lo || v > hi) {
		d.errorf(n, "%s must be from %d to %d, found %d", what, lo, hi, v)
		return 0, false
	}
	return v, ok
}

// MaxNumber bounds every whole number of a game, card or deck file (and
// its negative, the lowest): far past any card game's figures, and far
// enough below the int range that sums over thousands of cards cannot
// overflow.
const MaxNumber = 1_000_000

func (d *decoder) float(n *yaml.Node, what string) (float64, bool) {
	s, ok := d.scalar(n, what)
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || (n.Tag != "!!int" && n.Tag != "!!float") {
		d.errorf(n, "%s must be a number, found %q", what, s)
		return 0, false
	}
	return v, true
}

func (d *decoder) bool(n *yaml.Node, what string) bool {
	s, ok := d.scalar(n, what)
	if !ok {
		return false
	}
	if n.Tag != "!!bool" {
		d.errorf(n, "%s must be true or false, found %q", what, s)
		return false
	}
	return s == "true" || s == "True" || s == "TRUE"
}

// boolPtr reads true or false into a new bool, nil after reporting
// anything else: for keys where saying false differs from saying nothing.
func (d *decoder) boolPtr(n *yaml.Node, what string) *bool {
	before := len(d.errs)
	b := d.bool(n, what)
	if len(d.errs) > before {
		return nil
	}
	return &b
}

// strings reads a list of strings; a single string counts as a list of one.
func (d *decoder) strings(n *yaml.Node, what string) []string {
	if n.Kind == yaml.ScalarNode && n.Tag != "!!null" {
		return []string{n.Value}
	}
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "%s must be a list of words, found %s", what, yamlmap.Kind(n))
		return nil
	}
	out := make([]string, 0, len(n.Content))
	for _, c := range n.Content {
		if s, ok := d.scalar(c, what+" item"); ok {
			out = append(out, s)
		}
	}
	return out
}

// plain converts a node to plain Go values (for rule parameters).
func (d *decoder) plain(n *yaml.Node) any {
	switch n.Kind {
	case yaml.ScalarNode:
		var v any
		if err := n.Decode(&v); err != nil {
			d.errorf(n, "invalid value: %v", err)
		}
		return v
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			out = append(out, d.plain(c))
		}
		return out
	case yaml.MappingNode:
		pairs, _ := yamlmap.Pairs(d, n, "parameters")
		out := make(map[string]any, len(pairs))
		for _, p := range pairs {
			out[p.Key] = d.plain(p.V)
		}
		return out
	}
	d.errorf(n, "unsupported value %s", yamlmap.Kind(n))
	return nil
}

var idRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

func (d *decoder) id(n *yaml.Node, what string) string {
	s, ok := d.scalar(n, what)
	if ok && !idRE.MatchString(s) {
		d.errorf(n, "%s %q must be lower-case letters, digits and '-'", what, s)
	}
	return s
}
