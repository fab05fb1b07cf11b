package pnp

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/yamlmap"
)

// Pos is the place of a cut card in the PDF: 1-based page, row and column.
type Pos struct{ Page, Row, Col int }

// String writes the position as a names file does: "page 3 r2c1".
func (p Pos) String() string { return fmt.Sprintf("page %d r%dc%d", p.Page, p.Row, p.Col) }

// Name is the placeholder name of a card found at p: "Page 3 r2c1".
func (p Pos) Name() string { return fmt.Sprintf("Page %d r%dc%d", p.Page, p.Row, p.Col) }

// file is the position's part of an image file name: "p03-r2c1".
func (p Pos) file() string { return fmt.Sprintf("p%02d-r%dc%d", p.Page, p.Row, p.Col) }

func (f Face) pos() Pos { return Pos{f.Page, f.Row, f.Col} }

// Naming says what to call the distinct cards of an import. A card no
// name reaches keeps its placeholder name (Pos.Name).
type Naming struct {
	// Order names the distinct cards in reading order (the order of their
	// first copy); "" leaves a card unnamed.
	Order []string
	// At names a card by the position of any of its copies.
	At map[Pos]string
	// Existing requires every name to be a card the game already defines
	// (names read from a cards file with --into).
	Existing bool
	// File is where the names come from, for messages; Lines holds the
	// line of each name of Order and At, for messages too.
	File  string
	Lines map[string]int
}

var mapLine = regexp.MustCompile(`(?i)^p(?:age)?\s*(\d+)\s*[,;]?\s*r(\d+)\s*c(\d+)\s*=\s*(.*)$`)

// ParseNames reads a names file. It is either a list, one name per line
// in reading order (a line "-" leaves that card unnamed), or a mapping,
// one "page 3 r2c1 = Rogue Star" line per card ("p3 r2c1 = ..." also
// works; any copy's position names the card). Blank lines and lines
// starting with # are ignored. Errors carry file:line:col.
func ParseNames(file string, data []byte) (Naming, error) {
	if err := cardsdb.CheckText(file, data); err != nil {
		return Naming{}, err
	}
	n := Naming{File: file, Lines: map[string]int{}}
	var errs cardsdb.ErrorList
	mapping := -1 // unknown until the first name
	seen := map[string]int{}
	for i, line := range strings.Split(string(data), "\n") {
		ln := i + 1
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pos := cardsdb.Pos{File: file, Line: ln, Col: 1}
		m := mapLine.FindStringSubmatch(line)
		isMap := 0
		if m != nil {
			isMap = 1
		}
		if mapping == -1 {
			mapping = isMap
		}
		if isMap != mapping {
			if mapping == 1 {
				errs.Add(pos, "%q is not a \"page N rRcC = NAME\" line, but the file is a mapping (its first line is one)", line)
			} else {
				errs.Add(pos, "%q is a \"page N rRcC = NAME\" line, but the file is a list of names (its first line is one); use one form", line)
			}
			continue
		}
		name := line
		if m != nil {
			name = strings.TrimSpace(m[4])
			p := Pos{atoi(m[1]), atoi(m[2]), atoi(m[3])}
			if p.Page < 1 || p.Row < 1 || p.Col < 1 {
				errs.Add(pos, "%s: pages, rows and columns count from 1", p)
				continue
			}
			if name == "" {
				errs.Add(pos, "%s has no name after =", p)
				continue
			}
			if n.At == nil {
				n.At = map[Pos]string{}
			}
			if prev, dup := n.At[p]; dup {
				errs.Add(pos, "%s is named twice (%q at line %d)", p, prev, n.Lines[prev])
				continue
			}
			n.At[p] = name
			n.Lines[name] = ln
			continue
		}
		if name == "-" {
			n.Order = append(n.Order, "")
			continue
		}
		if first, dup := seen[cardsdb.Fold(name)]; dup {
			errs.Add(pos, "%q is listed twice (first at line %d); a name belongs to one card (copies of a card are found from the images)", name, first)
			continue
		}
		seen[cardsdb.Fold(name)] = ln
		n.Order = append(n.Order, name)
		n.Lines[name] = ln
	}
	if err := errs.Err(); err != nil {
		return Naming{}, err
	}
	if len(n.Order) == 0 && len(n.At) == 0 {
		return Naming{}, &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: "no names in the file (one name per line, or \"page 3 r2c1 = NAME\" lines)"}
	}
	return n, nil
}

// ParseInto reads the card names of a cards file (its cards: list, in file
// order) for --into: the imported cards, in reading order, become those
// cards.
func ParseInto(file string, data []byte) (Naming, error) {
	if err := cardsdb.CheckText(file, data); err != nil {
		return Naming{}, err
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return Naming{}, &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: "not YAML: " + err.Error()}
	}
	n := Naming{File: file, Existing: true, Lines: map[string]int{}}
	doc := &root
	if doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		doc = doc.Content[0]
	}
	// The cards file is checked when it is loaded; here only its cards'
	// names are read, and what is not a mapping is passed over.
	if doc.Kind == yaml.MappingNode {
		top, _ := yamlmap.Pairs(&yamlDecoder{file: file}, doc, "cards file")
		for _, p := range top {
			if p.Key != "cards" || p.V.Kind != yaml.SequenceNode {
				continue
			}
			for _, c := range p.V.Content {
				if c.Kind != yaml.MappingNode {
					continue
				}
				fields, _ := yamlmap.Pairs(&yamlDecoder{file: file}, c, "card")
				for _, f := range fields {
					if f.Key == "name" && f.V.Value != "" {
						n.Order = append(n.Order, f.V.Value)
						n.Lines[f.V.Value] = f.V.Line
					}
				}
			}
		}
	}
	if len(n.Order) == 0 {
		return Naming{}, &cardsdb.Error{Pos: cardsdb.Pos{File: file}, Msg: "no cards: list with names in the file; --into wants a cards file (docs/formats.md, \"Cards\")"}
	}
	return n, nil
}

// WithMapping names the cards of an --into file by a mapping instead of by
// order: every name of m must be one of n's cards.
func (n Naming) WithMapping(m Naming) (Naming, error) {
	if len(m.At) == 0 {
		return Naming{}, &cardsdb.Error{Pos: cardsdb.Pos{File: m.File}, Msg: "with --into, --names must be a mapping (\"page 3 r2c1 = NAME\" lines)"}
	}
	known := map[string]bool{}
	for _, s := range n.Order {
		known[cardsdb.Fold(s)] = true
	}
	var errs cardsdb.ErrorList
	for _, name := range m.At {
		if !known[cardsdb.Fold(name)] {
			errs.Add(cardsdb.Pos{File: m.File, Line: m.Lines[name], Col: 1}, "%q is not a card of %s%s", name, n.File, suggest(name, n.Order))
		}
	}
	if err := errs.Err(); err != nil {
		errs.Sort()
		return Naming{}, errs
	}
	m.Existing = true
	return m, nil
}

func suggest(name string, names []string) string {
	s := cardsdb.Suggest(name, names, 1)
	if len(s) == 0 {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", s[0])
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}
