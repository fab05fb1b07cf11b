package cardsdb

import (
	"bufio"
	"bytes"
	"errors"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/internal/yamlmap"
)

// MaxCount is the largest count a deck entry may have.
const MaxCount = 999

// MaxNameLen is the longest card name, in bytes, a deck entry may have.
const MaxNameLen = 200

// Entry is one line of a deck list: a count of a card name, in a section.
type Entry struct {
	Section    string // as written; "" when the card came before any section
	SectionPos Pos
	Name       string
	Count      int
	Pos        Pos
}

// DeckList is a deck as written, before its names are looked up.
type DeckList struct {
	File    string
	Game    string // game id ("" when the file names none)
	GamePos Pos
	// GameFolder is the folder of the game the list was given because it
	// lies inside it and names no game (OpenDeck), "" otherwise.
	GameFolder string
	Name       string
	Sample     bool
	Notes      string
	Entries    []Entry
	// Sections lists the sections the list names, in order, with the
	// position of their header.
	Sections []SectionHeader
	// Players is the number of players of a setup (players: N), 0 when the
	// list gives none; PlayersPos is where it is written.
	Players    int
	PlayersPos Pos
	// Packs are the packs a setup chooses (packs: [...]), as written.
	Packs []PackRef
	// Variant is the id of the variant the list is for (variant: ID), ""
	// for the standard game.
	Variant    string
	VariantPos Pos
	// Format is the deck-building format the list names (format: ID), ""
	// for the game's own rules.
	Format    string
	FormatPos Pos
}

// PackRef is a pack a setup names, with the position of the name.
type PackRef struct {
	Name string
	Pos  Pos
}

// IsSetup reports whether the list chooses packs or a player count: a
// game set up from packs rather than a deck of cards.
func (l *DeckList) IsSetup() bool { return len(l.Packs) > 0 || l.Players > 0 }

// SectionHeader is a section named in a deck list.
type SectionHeader struct {
	Name string
	Pos  Pos
}

// ParseDeck reads a deck file, choosing the format by extension: .txt is a
// plain-text decklist, anything else a YAML deck.
func ParseDeck(file string, data []byte) (*DeckList, error) {
	if strings.HasSuffix(strings.ToLower(file), ".txt") {
		return ParseDecklist(file, data)
	}
	return ParseDeckYAML(file, data)
}

// IsYAMLDeck tells a YAML deck from a plain-text decklist when no file
// name says which (standard input, a web page's request body): a YAML deck
// has a top-level "sections:" key, or "packs:" as a list (a decklist's
// packs line names them after the colon). It is the one deck-format
// sniffer of deckwright; ParseDeckData uses it.
func IsYAMLDeck(data []byte) bool {
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, " \t\r")
		if line == "sections:" || line == "packs:" || strings.HasPrefix(line, "packs: [") {
			return true
		}
	}
	return false
}

// ErrNoCards is matched (errors.Is) by the error of ParseDecklist,
// ParseDeckYAML and ParseDeckData for a deck that holds no cards (only
// comments, headers or empty sections): a deck being started, which the
// web page's editor takes as an empty list.
var ErrNoCards = errors.New("deck holds no cards")

// ParseDeckData reads a deck that has no file name to choose its format
// by: a YAML deck when IsYAMLDeck says so, a plain-text decklist
// otherwise. name names the deck in positions and errors.
func ParseDeckData(name string, data []byte) (*DeckList, error) {
	if IsYAMLDeck(data) {
		return ParseDeckYAML(name, data)
	}
	return ParseDecklist(name, data)
}

// ParseDecklist reads the plain-text decklist format: "COUNT NAME",
// "COUNTx NAME" or "NAME" lines, "#" comments, "Section:" headers and the
// optional header lines "game: ID" and "name: TEXT". Every malformed line is
// reported, as an ErrorList.
func ParseDecklist(file string, data []byte) (*DeckList, error) {
	if err := CheckText(file, data); err != nil {
		return nil, err
	}
	l := &DeckList{File: file}
	var errs ErrorList
	section, sectionPos := "", Pos{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), MaxFileSize)
	sc.Split(scanLines)
	lineNo := 0
	for sc.Scan() {
		lineNo++
		raw := sc.Text()
		if lineNo == 1 {
			raw = strings.TrimPrefix(raw, "\uFEFF")
		}
		line := raw
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" {
			continue
		}
		col := 1 + strings.Index(raw, trimmed)
		pos := Pos{File: file, Line: lineNo, Col: col}
		if key, val, ok := headerLine(trimmed); ok && len(l.Entries) == 0 && section == "" {
			switch key {
			case "game":
				l.Game, l.GamePos = val, pos
			case "name":
				if len(val) > MaxNameLen {
					errs.Add(pos, "deck name is %d bytes long; names run to %d", len(val), MaxNameLen)
					continue
				}
				l.Name = val
			case "players":
				n, err := strconv.Atoi(val)
				if err != nil || n < 1 || n > MaxPlayers {
					errs.Add(pos, "players: %q is not a player count; write players: N with N from 1 to %d", val, MaxPlayers)
					continue
				}
				l.Players, l.PlayersPos = n, pos
			case "packs":
				col := pos.Col + strings.Index(trimmed, ":") + 1
				for _, part := range strings.Split(trimmed[strings.Index(trimmed, ":")+1:], ",") {
					name := strings.TrimSpace(part)
					if name != "" {
						off := strings.Index(part, name)
						l.Packs = append(l.Packs, PackRef{Name: name, Pos: Pos{File: file, Line: lineNo, Col: col + off}})
					}
					col += len(part) + 1
				}
			case "variant":
				l.Variant, l.VariantPos = val, pos
			case "format":
				l.Format, l.FormatPos = val, pos
			}
			continue
		}
		if strings.HasSuffix(trimmed, ":") {
			section = strings.TrimSpace(strings.TrimSuffix(trimmed, ":"))
			sectionPos = pos
			if section == "" {
				errs.Add(pos, "empty section header; write the section's name before the ':'")
				continue
			}
			l.Sections = append(l.Sections, SectionHeader{Name: section, Pos: pos})
			continue
		}
		count, name, err := splitCount(trimmed)
		if err != "" {
			errs.Add(pos, "%s", err)
			continue
		}
		l.Entries = append(l.Entries, Entry{Section: section, SectionPos: sectionPos, Name: name, Count: count, Pos: pos})
	}
	if err := sc.Err(); err != nil {
		errs.Add(Pos{File: file, Line: lineNo + 1}, "reading decklist: %v", err)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	if len(l.Entries) == 0 && len(l.Packs) == 0 {
		if l.Players > 0 {
			return nil, &Error{Pos: l.PlayersPos, Msg: "setup has no packs; add a line packs: NAME, NAME, ... with one pack for each player"}
		}
		return nil, &Error{Pos: Pos{File: file}, Msg: "decklist holds no cards", Err: ErrNoCards}
	}
	return l, nil
}

// MaxPlayers is the largest player count a setup may give.
const MaxPlayers = 99

// headerLine recognises the header lines "game: ID", "name: TEXT" and a
// setup's "players: N", "packs: A, B, ..." and "variant: ID".
func headerLine(s string) (key, val string, ok bool) {
	k, v, found := strings.Cut(s, ":")
	if !found {
		return "", "", false
	}
	k = strings.ToLower(strings.TrimSpace(k))
	v = strings.TrimSpace(v)
	switch k {
	case "game", "name", "players", "packs", "variant", "format":
		return k, v, v != ""
	}
	return "", "", false
}

// splitCount splits a decklist line into its count and card name. It
// returns a message instead of a name when the line is not a card line.
func splitCount(s string) (int, string, string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		if len(s) > MaxNameLen {
			return 0, "", "card name is " + strconv.Itoa(len(s)) + " bytes long; names run to " + strconv.Itoa(MaxNameLen)
		}
		return 1, s, ""
	}
	digits := s[:i]
	rest := s[i:]
	if strings.HasPrefix(rest, "x") || strings.HasPrefix(rest, "X") || strings.HasPrefix(rest, "×") {
		_, size := firstRune(rest)
		rest = rest[size:]
	}
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		// A name that starts with digits, such as "2nd Law of Thermodynamics".
		if len(s) > MaxNameLen {
			return 0, "", "card name is " + strconv.Itoa(len(s)) + " bytes long; names run to " + strconv.Itoa(MaxNameLen)
		}
		return 1, s, ""
	}
	name := strings.TrimSpace(rest)
	if len(name) > MaxNameLen {
		return 0, "", "card name is " + strconv.Itoa(len(name)) + " bytes long; names run to " + strconv.Itoa(MaxNameLen)
	}
	if name == "" {
		return 0, "", "line has a count but no card name; write COUNT NAME, e.g. \"3 " + "Rogue Star\""
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n > MaxCount {
		return 0, "", "count " + digits + " of " + strconv.Quote(name) + " is too large; counts run from 1 to " + strconv.Itoa(MaxCount)
	}
	if n == 0 {
		return 0, "", "count 0 of " + strconv.Quote(name) + "; counts run from 1 to " + strconv.Itoa(MaxCount) + " (delete the line to leave the card out)"
	}
	return n, name, ""
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

// deckDoc is a YAML deck file being read.
type deckDoc struct {
	*DeckList
	sections *yaml.Node
}

var deckKeys = newKeys("deck", []key[*deckDoc]{
	{"game", func(d *decoder, v *yaml.Node, l *deckDoc) { l.Game, l.GamePos = d.str(v, "game"), d.pos(v) }},
	{"name", func(d *decoder, v *yaml.Node, l *deckDoc) {
		if l.Name = d.str(v, "deck name"); len(l.Name) > MaxNameLen {
			d.errorf(v, "deck name is %d bytes long; names run to %d", len(l.Name), MaxNameLen)
			l.Name = ""
		}
	}},
	{"sample", func(d *decoder, v *yaml.Node, l *deckDoc) { l.Sample = d.bool(v, "sample") }},
	{"notes", func(d *decoder, v *yaml.Node, l *deckDoc) { l.Notes = d.str(v, "notes") }},
	{"sections", func(d *decoder, v *yaml.Node, l *deckDoc) { l.sections = v }},
	{"players", func(d *decoder, v *yaml.Node, l *deckDoc) {
		if n, ok := d.intIn(v, "players", 1, MaxPlayers); ok {
			l.Players, l.PlayersPos = n, d.pos(v)
		}
	}},
	{"packs", func(d *decoder, v *yaml.Node, l *deckDoc) { l.Packs = d.packRefs(v) }},
	{"variant", func(d *decoder, v *yaml.Node, l *deckDoc) { l.Variant, l.VariantPos = d.id(v, "variant"), d.pos(v) }},
	{"format", func(d *decoder, v *yaml.Node, l *deckDoc) { l.Format, l.FormatPos = d.name(v, "format"), d.pos(v) }},
})

// ParseDeckYAML reads a YAML deck file. Every problem is reported, as an
// ErrorList.
func ParseDeckYAML(file string, data []byte) (*DeckList, error) {
	if err := CheckText(file, data); err != nil {
		return nil, err
	}
	root, err := parseYAML(file, data)
	if err != nil {
		return nil, err
	}
	d := &decoder{file: file}
	l := &DeckList{File: file}
	doc := &deckDoc{DeckList: l}
	pairs, ok := deckKeys.Decode(d, root, doc)
	if !ok {
		return nil, d.errs.Err()
	}
	sections := doc.sections
	if sections == nil {
		if l.IsSetup() || yamlmap.Has(pairs, "players") || yamlmap.Has(pairs, "packs") {
			// A setup chooses packs; its cards come from them.
			if len(l.Packs) == 0 && len(d.errs) == 0 {
				d.errorf(root, "setup has no \"packs\"; add packs: [...] with one pack for each player")
			}
			if err := d.errs.Err(); err != nil {
				return nil, err
			}
			return l, nil
		}
		d.errorf(root, "deck has no \"sections\"; add sections: with a list of cards for each section")
		return nil, d.errs.Err()
	}
	secPairs, _ := yamlmap.Pairs(d, sections, "sections")
	for _, sp := range secPairs {
		spos := d.pos(sp.K)
		l.Sections = append(l.Sections, SectionHeader{Name: sp.Key, Pos: spos})
		add := func(n *yaml.Node, name string, count int) {
			l.Entries = append(l.Entries, Entry{Section: sp.Key, SectionPos: spos, Name: name, Count: count, Pos: d.pos(n)})
		}
		switch sp.V.Kind {
		case yaml.SequenceNode:
			for _, item := range sp.V.Content {
				d.deckItem(item, add)
			}
		case yaml.MappingNode:
			cards, _ := yamlmap.Pairs(d, sp.V, "section "+strconv.Quote(sp.Key))
			for _, c := range cards {
				if strings.TrimSpace(c.Key) == "" {
					d.errorf(c.K, "empty card name in section %q", sp.Key)
					continue
				}
				if n, ok := d.intIn(c.V, "count of "+strconv.Quote(c.Key), 1, MaxCount); ok {
					add(c.K, strings.TrimSpace(c.Key), n)
				}
			}
		default:
			if sp.V.Tag == "!!null" {
				continue // an empty section
			}
			d.errorf(sp.V, "section %q must be a list of cards or a mapping of card names to counts, found %s", sp.Key, yamlmap.Kind(sp.V))
		}
	}
	if err := d.errs.Err(); err != nil {
		return nil, err
	}
	if len(l.Entries) == 0 && len(l.Packs) == 0 {
		return nil, &Error{Pos: d.pos(sections), Msg: "deck holds no cards", Err: ErrNoCards}
	}
	return l, nil
}

// packRefs reads a setup's packs: a list of pack names or ids, each with
// its position.
func (d *decoder) packRefs(n *yaml.Node) []PackRef {
	items, _ := d.list(n, "packs must be a list of pack names")
	var out []PackRef
	for _, item := range items {
		if name := d.name(item, "pack name"); name != "" {
			out = append(out, PackRef{Name: name, Pos: d.pos(item)})
		}
	}
	return out
}

// deckEntry is a {name, count} item of a section list being read.
type deckEntry struct {
	name  string
	count int
}

var deckEntryKeys = newKeys("deck entry", []key[*deckEntry]{
	{"name", func(d *decoder, v *yaml.Node, e *deckEntry) { e.name = d.name(v, "card name") }},
	{"count", func(d *decoder, v *yaml.Node, e *deckEntry) { e.count, _ = d.intIn(v, "count", 1, MaxCount) }},
})

// deckItem reads one item of a section list: a decklist line or a mapping
// {name, count}.
func (d *decoder) deckItem(n *yaml.Node, add func(*yaml.Node, string, int)) {
	if n.Kind == yaml.ScalarNode {
		count, name, msg := splitCount(strings.TrimSpace(n.Value))
		if msg != "" {
			d.errorf(n, "%s", msg)
			return
		}
		if name == "" {
			d.errorf(n, "empty card line")
			return
		}
		add(n, name, count)
		return
	}
	e := &deckEntry{count: 1}
	pairs, ok := deckEntryKeys.Decode(d, n, e)
	if !ok {
		return
	}
	name, count, named := e.name, e.count, yamlmap.Has(pairs, "name")
	if name == "" {
		if !named {
			d.errorf(n, "deck entry has no name")
		}
		return
	}
	if count > 0 {
		add(n, name, count)
	}
}

// SplitLines splits s at every line end the decklist reader knows
// (scanLines): "\n", "\r\n" and a lone "\r". Text written line by line for
// the reader (a deck's notes as comment lines) must be split by it: a lone
// CR inside what was written as one comment line starts a line the reader
// takes for an entry ("# first thought\r40 Spark" adds 40 cards).
func SplitLines(s string) []string {
	var out []string
	for {
		i := strings.IndexAny(s, "\r\n")
		if i < 0 {
			return append(out, s)
		}
		out = append(out, s[:i])
		if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			i++
		}
		s = s[i+1:]
	}
}

// scanLines is bufio.ScanLines that also ends a line at a lone carriage
// return, as old Mac editors write them: "\n", "\r\n" and "\r" all end a
// line.
func scanLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	if atEOF && len(data) == 0 {
		return 0, nil, nil
	}
	if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
		if data[i] == '\n' {
			return i + 1, data[:i], nil
		}
		if i+1 < len(data) {
			if data[i+1] == '\n' {
				return i + 2, data[:i], nil
			}
			return i + 1, data[:i], nil
		}
		if atEOF {
			return i + 1, data[:i], nil
		}
		return 0, nil, nil // a "\r" at the end of the buffer: is a "\n" next?
	}
	if atEOF {
		return len(data), data, nil
	}
	return 0, nil, nil
}
