package hubworld

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/template"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/edn"
	"github.com/deckwright/deckwright/internal/safefile"
	"gopkg.in/yaml.v3"
)

// File is a file of the converted game folder.
type File struct {
	Path string // slash-separated, relative to the game folder
	Data []byte
}

// Result is a converted game folder.
type Result struct {
	Files []File
	// Cards is how many cards were converted; Skipped says which cards
	// were left out and why.
	Cards   int
	Skipped []string
	// Art is how many cards got their image; Notes tell of image files
	// that were not taken.
	Art   int
	Notes []string
}

// MaxArtSize is the largest card image Convert copies.
const MaxArtSize = 32 << 20

// artExts are the image files a card's collector number may name in the
// data's img folder, in the order they are looked for.
var artExts = []string{".png", ".jpg", ".jpeg", ".webp"}

// MaxFileSize is the largest EDN file Convert reads.
const MaxFileSize = 4 << 20

//go:embed game.yaml.tmpl
var gameTmpl string

var tmpl = template.Must(template.New("game").Funcs(template.FuncMap{"quote": strconv.Quote}).Parse(gameTmpl))

// iconNames maps the data's icon words to the game's icon names.
var iconNames = map[string]string{
	"click": "action", "credit": "shard", "heat": "heat", "reaction": "reaction",
	"instant": "instant", "confront": "confront", "discover": "discover",
}

func kw(s string) edn.Keyword { return edn.Keyword(s) }

type faction struct{ ID, Name string }

type format struct {
	ID, Name, Doc      string
	Override           string
	SkipAll            bool
	Banned, Restricted []string
	Sets               []string
}

type card struct {
	id, file            string
	title, typ, faction string
	m                   edn.Map
	set                 edn.Map // its set-cards entry, nil when none
	art                 string  // its image in the game folder ("img/01001.png"), "" for none
}

// Options change what Convert writes.
type Options struct {
	// ID is the game id to write ("" for hubworld, which replaces the
	// bundled sample game when the folder is loaded with --db).
	ID string
	// Dir is the folder fsys reads, as errors name it ("Hubworld-Data").
	Dir string
}

// Convert reads the Hubworld-Data files in fsys (the repository's root, or
// its edn folder) and returns the game folder.
func Convert(fsys fs.FS, opts Options) (*Result, error) {
	if opts.ID == "" {
		opts.ID = "hubworld"
	}
	if slug(opts.ID) != opts.ID {
		return nil, fmt.Errorf("game id %q: use lower-case letters, digits and '-'", opts.ID)
	}
	prefix := opts.Dir
	if prefix != "" {
		prefix += "/"
	}
	var img fs.FS // the data's img folder: only under the repository's root
	imgPrefix := prefix + "img/"
	if _, err := fs.Stat(fsys, "edn/cards"); err == nil {
		if st, err := fs.Stat(fsys, "img"); err == nil && st.IsDir() {
			if img, err = fs.Sub(fsys, "img"); err != nil {
				return nil, err
			}
		}
		prefix += "edn/"
		sub, err := fs.Sub(fsys, "edn")
		if err != nil {
			return nil, err
		}
		fsys = sub
	} else if _, err := fs.Stat(fsys, "cards"); err != nil {
		return nil, errors.New("no edn/cards folder: give the Hubworld-Data folder (or its edn folder)")
	}
	c := &converter{fsys: fsys, img: img, imgPrefix: imgPrefix, res: &Result{}, id: opts.ID, prefix: prefix}
	return c.run()
}

type converter struct {
	fsys      fs.FS
	img       fs.FS  // the data's img folder (card images by collector number), nil for none
	imgPrefix string // what notes put before an image's name
	id        string
	prefix    string // what errors put before a file's name
	res       *Result
	subtypes  map[string]string          // id -> name
	artData   map[string][]byte          // card images to write, by path in the game folder
	fields    map[string]map[string]bool // type id -> the fields game.yaml declares for it
}

func (c *converter) read(name string) ([]any, error) {
	data, err := safefile.ReadFile(c.fsys, name, MaxFileSize)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is said once, with its prefix
		}
		return nil, fmt.Errorf("%s%s: %w", c.prefix, name, err)
	}
	vals, err := edn.Read(data)
	if err != nil {
		return nil, fmt.Errorf("%s%s:%w", c.prefix, name, err)
	}
	return vals, nil
}

// readList reads a file holding one list or vector of maps (or several
// maps); a missing optional file gives nothing.
func (c *converter) readList(name string, optional bool) ([]edn.Map, error) {
	vals, err := c.read(name)
	if err != nil {
		if optional && errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	var out []edn.Map
	for _, v := range vals {
		items, ok := edn.Items(v)
		if !ok {
			items = []any{v}
		}
		for _, it := range items {
			m, ok := it.(edn.Map)
			if !ok {
				return nil, fmt.Errorf("%s%s: want maps, found %s", c.prefix, name, describe(it))
			}
			out = append(out, m)
		}
	}
	return out, nil
}

func (c *converter) run() (*Result, error) {
	facts, err := c.readList("factions.edn", false)
	if err != nil {
		return nil, err
	}
	var factions []faction
	known := map[string]bool{}
	for _, m := range facts {
		id, name := ident(m.Get(kw("id"))), str(m.Get(kw("name")))
		if id == "" || name == "" {
			return nil, fmt.Errorf("%sfactions.edn: an affiliation without :id or :name", c.prefix)
		}
		factions = append(factions, faction{ID: id, Name: name})
		known[id] = true
	}
	subs, err := c.readList("subtypes.edn", true)
	if err != nil {
		return nil, err
	}
	c.subtypes = map[string]string{}
	for _, m := range subs {
		c.subtypes[ident(m.Get(kw("id")))] = str(m.Get(kw("name")))
	}
	cards, err := c.cards(known)
	if err != nil {
		return nil, err
	}
	formats, err := c.formats(cards)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err = tmpl.Execute(&buf, map[string]any{
		"ID": c.id, "Source": "github.com/NBKelly/Hubworld-Data", "Cards": len(cards),
		"Factions": factions, "Formats": formats,
	})
	if err != nil {
		return nil, err
	}
	c.res.Files = append(c.res.Files, File{Path: "game.yaml", Data: buf.Bytes()})
	// A card carries only the fields its type declares in the game written
	// above: the data gives a shard-limit to any card it likes, and the game
	// would refuse it on an agent.
	if c.fields, err = typeFields(buf.Bytes()); err != nil {
		return nil, err
	}
	for _, f := range factions {
		var fc []*card
		for _, cd := range cards {
			if cd.faction == f.ID {
				fc = append(fc, cd)
			}
		}
		if len(fc) > 0 {
			c.res.Files = append(c.res.Files, File{Path: "cards/" + f.ID + ".yaml", Data: c.cardsFile(f, fc)})
		}
	}
	for _, cd := range cards {
		if cd.art != "" {
			c.res.Files = append(c.res.Files, File{Path: cd.art, Data: c.artData[cd.art]})
			c.res.Art++
		}
	}
	c.res.Cards = len(cards)
	return c.res, nil
}

// codeRE matches a collector number that can name a file.
var codeRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$`)

// findArt looks for a card's image where the data's scraper saves it: the
// img folder beside edn, named by the card's collector number (its
// set-cards :code) with the extension .png (or .jpg, .jpeg, .webp). A file
// there that is not a regular file, is over MaxArtSize or is not an image
// is left out with a note; the card is written without art.
func (c *converter) findArt(cd *card) {
	if c.img == nil || cd.set == nil {
		return
	}
	code := str(cd.set.Get(kw("code")))
	if !codeRE.MatchString(code) {
		return
	}
	for _, ext := range artExts {
		name := code + ext
		data, err := readArt(c.img, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			c.res.Notes = append(c.res.Notes, fmt.Sprintf("%s%s: %v; %q is written without art", c.imgPrefix, name, err, cd.title))
			return
		}
		cd.art = "img/" + name
		if c.artData == nil {
			c.artData = map[string][]byte{}
		}
		c.artData[cd.art] = data
		return
	}
}

// readArt reads an image file of the data: a regular file of at most
// MaxArtSize bytes that starts as a PNG, JPEG or WebP file does.
func readArt(fsys fs.FS, name string) ([]byte, error) {
	data, err := safefile.ReadFile(fsys, name, MaxArtSize)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the note names the file
	}
	switch {
	case errors.Is(err, safefile.ErrTooBig):
		return nil, fmt.Errorf("over the %d MB limit for a card image", MaxArtSize>>20)
	case err != nil:
		return nil, err
	}
	isPNG := bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n"))
	isJPEG := bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF})
	isWebP := len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP"
	if !isPNG && !isJPEG && !isWebP {
		return nil, errors.New("not a PNG, JPEG or WebP image")
	}
	return data, nil
}

var types = map[string]bool{"seeker": true, "agent": true, "obstacle": true, "source": true, "moment": true}

func (c *converter) cards(known map[string]bool) ([]*card, error) {
	names, err := fs.Glob(c.fsys, "cards/*.edn")
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, errors.New("cards: no .edn files")
	}
	byID := map[string]*card{}
	var out []*card
	for _, name := range names {
		vals, err := c.read(name)
		if err != nil {
			return nil, err
		}
		if len(vals) != 1 {
			return nil, fmt.Errorf("%s%s: want one card map, found %d values", c.prefix, name, len(vals))
		}
		m, ok := vals[0].(edn.Map)
		if !ok {
			return nil, fmt.Errorf("%s%s: want a card map, found %s", c.prefix, name, describe(vals[0]))
		}
		cd := &card{file: name, m: m, id: str(m.Get(kw("id"))), title: oneLine(str(m.Get(kw("title")))),
			typ: ident(m.Get(kw("type"))), faction: ident(m.Get(kw("faction")))}
		switch {
		case cd.id == "" || cd.title == "":
			return nil, fmt.Errorf("%s%s: card without :id or :title", c.prefix, name)
		case cardsdb.Fold(cd.title) == "":
			c.res.Skipped = append(c.res.Skipped, fmt.Sprintf("%s: title %q has no letters or digits", name, cd.title))
			continue
		case !types[cd.typ]:
			c.res.Skipped = append(c.res.Skipped, fmt.Sprintf("%s: %q has type %q, which Hubworld does not have", name, cd.title, cd.typ))
			continue
		case !known[cd.faction]:
			c.res.Skipped = append(c.res.Skipped, fmt.Sprintf("%s: %q has affiliation %q, which factions.edn does not list", name, cd.title, cd.faction))
			continue
		}
		if prev, dup := byID[cd.id]; dup {
			return nil, fmt.Errorf("%s%s: card id %q is also in %s", c.prefix, name, cd.id, prev.file)
		}
		byID[cd.id] = cd
		out = append(out, cd)
	}
	setFiles, err := fs.Glob(c.fsys, "set-cards/*.edn")
	if err != nil {
		return nil, err
	}
	for _, name := range setFiles {
		entries, err := c.readList(name, false)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if cd := byID[str(e.Get(kw("card-id")))]; cd != nil && cd.set == nil {
				cd.set = e
			}
		}
	}
	for _, cd := range out {
		c.findArt(cd)
	}
	// Collector order: by set and number; cards outside every set last.
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if (a.set == nil) != (b.set == nil) {
			return a.set != nil
		}
		if a.set == nil {
			return a.title < b.title
		}
		if sa, sb := str(a.set.Get(kw("set-id"))), str(b.set.Get(kw("set-id"))); sa != sb {
			return sa < sb
		}
		return str(a.set.Get(kw("code"))) < str(b.set.Get(kw("code")))
	})
	// Titles must differ as deckwright folds names.
	seen := map[string]*card{}
	var keep []*card
	for _, cd := range out {
		k := cardsdb.Fold(cd.title)
		if prev := seen[k]; prev != nil {
			c.res.Skipped = append(c.res.Skipped, fmt.Sprintf("%s: %q has the title of %s", cd.file, cd.title, prev.file))
			continue
		}
		seen[k] = cd
		keep = append(keep, cd)
	}
	return keep, nil
}

// formats reads formats.edn and mwls.edn into the game's formats, and adds
// Casual.
func (c *converter) formats(cards []*card) ([]format, error) {
	fms, err := c.readList("formats.edn", true)
	if err != nil {
		return nil, err
	}
	mwls, err := c.readList("mwls.edn", true)
	if err != nil {
		return nil, err
	}
	title := map[string]string{}
	for _, cd := range cards {
		title[cd.id] = cd.title
	}
	var out []format
	for _, m := range fms {
		f := format{ID: slug(ident(m.Get(kw("id")))), Name: str(m.Get(kw("name")))}
		if f.ID == "" {
			continue
		}
		if f.Name == "" {
			f.Name = f.ID
		}
		f.Doc = "The data's format " + strconv.Quote(f.Name) + "."
		if f.ID == "free-agent" {
			f.Doc = `The data's Free Agent format: "you can use any 6 affiliation pips", whatever the agents.`
			f.Override = "{name: affiliation, params: {pips: 6}}"
		}
		if items, ok := edn.Items(m.Get(kw("sets"))); ok {
			for _, it := range items {
				if id := oneLine(ident(it)); id != "" {
					f.Sets = append(f.Sets, id)
				}
			}
			if len(f.Sets) > 0 {
				f.Doc += " Cards of the sets " + strings.Join(f.Sets, ", ") + "."
			}
		}
		if mwl := pickMWL(m, mwls); mwl != nil {
			f.Doc += " Ban and restricted lists: " + str(mwl.Get(kw("name"))) + "."
			cm, _ := mwl.Get(kw("cards")).(edn.Map)
			for _, p := range cm {
				t := title[ident(p.Key)]
				r, _ := p.Value.(edn.Map)
				if t == "" || r == nil {
					continue
				}
				if n, ok := r.Get(kw("deck-limit")).(int64); ok && n == 0 {
					f.Banned = append(f.Banned, t)
				}
				if r.Get(kw("is-restricted")) != nil && r.Get(kw("is-restricted")) != false {
					f.Restricted = append(f.Restricted, t)
				}
			}
		}
		out = append(out, f)
	}
	out = append(out, format{ID: "casual", Name: "Casual", SkipAll: true,
		Doc: "Casual play: no deck-building checks (deckwright's format, not the data's)."})
	return out, nil
}

// pickMWL returns the format's ban list: the one its :mwl names, else the
// latest one for the format.
func pickMWL(f edn.Map, mwls []edn.Map) edn.Map {
	id := ident(f.Get(kw("id")))
	if want := ident(f.Get(kw("mwl"))); want != "" {
		for _, m := range mwls {
			if ident(m.Get(kw("id"))) == want {
				return m
			}
		}
	}
	var best edn.Map
	for _, m := range mwls {
		if ident(m.Get(kw("format"))) == id && (best == nil || str(m.Get(kw("date-start"))) > str(best.Get(kw("date-start")))) {
			best = m
		}
	}
	return best
}

func (c *converter) cardsFile(f faction, cards []*card) []byte {
	var b bytes.Buffer
	b.WriteString("# yaml-language-server: $schema=https://raw.githubusercontent.com/deckwright/deckwright/main/docs/schema/cards.schema.json\n")
	fmt.Fprintf(&b, "# %s: converted by deckwright import hubworld-data from the community data.\n", f.Name)
	fmt.Fprintf(&b, "game: %s\ncards:\n", c.id)
	for _, cd := range cards {
		c.writeCard(&b, cd)
	}
	return b.Bytes()
}

func (c *converter) writeCard(b *bytes.Buffer, cd *card) {
	m := cd.m
	line := func(k, v string) { fmt.Fprintf(b, "    %s: %s\n", k, v) }
	fmt.Fprintf(b, "  - name: %s\n", strconv.Quote(cd.title))
	line("type", cd.typ)
	line("faction", cd.faction)
	kv := func(k, v string) {
		if f, typed := c.fields[cd.typ]; typed && c.fields[""][k] && !f[k] {
			return
		}
		line(k, v)
	}
	if a := oneLine(str(m.Get(kw("alias")))); cardsdb.Fold(a) != "" && cardsdb.Fold(a) != cardsdb.Fold(cd.title) {
		kv("alias", strconv.Quote(a))
	}
	if s := oneLine(str(m.Get(kw("subtitle")))); s != "" {
		kv("subtitle", strconv.Quote(s))
	}
	if cd.typ != "agent" {
		// The icons a card requires; 0 for a card that requires none.
		n, _ := m.Get(kw("influence-cost")).(int64)
		kv("icons", fmt.Sprintf("{%s: %d}", cd.faction, clamp(n)))
	}
	if u, _ := m.Get(kw("uniqueness")).(bool); u {
		kv("unique", "true")
	}
	if items, ok := edn.Items(m.Get(kw("subtypes"))); ok && len(items) > 0 {
		var ts []string
		for _, it := range items {
			id := ident(it)
			name := c.subtypes[id]
			if name == "" {
				name = id
			}
			name = oneLine(name)
			if name != "" {
				ts = append(ts, strconv.Quote(name))
			}
		}
		if len(ts) > 0 {
			kv("traits", "["+strings.Join(ts, ", ")+"]")
		}
	}
	ints := []struct{ key, field string }{
		{"shard-cost", "shard_cost"}, {"presence", "presence"}, {"barrier", "barrier"},
		{"action-limit", "action_limit"}, {"shard-limit", "shard_limit"}, {"draw-limit", "council_limit"},
	}
	for _, f := range ints {
		switch v := m.Get(kw(f.key)).(type) {
		case int64:
			kv(f.field, strconv.Itoa(clamp(v)))
		case string:
			if v == "X" {
				kv(f.field, "X")
			}
		}
	}
	if col := ident(m.Get(kw("collection-icons"))); col != "" && cd.typ != "moment" {
		if col == "draw" {
			col = "card"
		}
		if col == "shard" || col == "card" {
			kv("collection", "["+col+"]")
		}
	}
	if n, ok := m.Get(kw("deck-limit")).(int64); ok && n >= 1 && n <= 999 {
		kv("deck_limit", strconv.Itoa(int(n)))
	}
	if t := Text(str(m.Get(kw("text")))); t != "" {
		kv("text", strconv.Quote(t))
	}
	if s := cd.set; s != nil {
		if v := oneLine(str(s.Get(kw("set-id")))); v != "" {
			kv("set", strconv.Quote(v))
		}
		if v := oneLine(str(s.Get(kw("code")))); v != "" {
			kv("number", strconv.Quote(v))
		}
		if v := oneLine(str(s.Get(kw("illustrator")))); v != "" {
			kv("illustrator", strconv.Quote(v))
		}
		if q, ok := s.Get(kw("quantity")).(int64); ok && q >= 1 && q <= 999 {
			kv("copies", strconv.Itoa(int(q)))
		}
	}
	if cd.art != "" {
		kv("image", strconv.Quote("../"+cd.art))
	}
}

var (
	tagRE  = regexp.MustCompile(`(?i)<\s*(/?)\s*([a-z0-9]+)[^>]*>`)
	iconRE = regexp.MustCompile(`\[([A-Za-z ]+)\]`)
	nlRE   = regexp.MustCompile(`[ \t]*\n[ \t\n]*`)
)

// Text turns the data's HTML rules text into deckwright's markup: **bold**
// for <strong> and <b>, *italic* for <em> and <i>, a new line for <br/>,
// <hr/> and <p>, other tags dropped, entities decoded, and the data's icon
// words ([Click], [Credit]...) renamed to the game's icons ([action],
// [shard]...).
func Text(s string) string {
	s = tagRE.ReplaceAllStringFunc(s, func(t string) string {
		m := tagRE.FindStringSubmatch(t)
		switch strings.ToLower(m[2]) {
		case "strong", "b":
			return "**"
		case "em", "i":
			return "*"
		case "br", "hr", "p":
			return "\n"
		}
		return ""
	})
	s = html.UnescapeString(s)
	s = iconRE.ReplaceAllStringFunc(s, func(t string) string {
		if n, ok := iconNames[strings.ToLower(strings.TrimSpace(t[1:len(t)-1]))]; ok {
			return "[" + n + "]"
		}
		return t
	})
	s = nlRE.ReplaceAllString(s, "\n")
	return strings.TrimSpace(s)
}

// oneLine collapses runs of white space, line breaks included, to one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func clamp(n int64) int {
	if n < 0 {
		return 0
	}
	if n > 99 {
		return 99
	}
	return int(n)
}

// ident returns a keyword's, symbol's or string's text.
func ident(v any) string {
	switch x := v.(type) {
	case edn.Keyword:
		return string(x)
	case edn.Symbol:
		return string(x)
	case string:
		return x
	}
	return ""
}

func str(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return ident(v)
}

var slugRE = regexp.MustCompile(`[^a-z0-9]+`)

// slug makes an id deckwright accepts: lower-case letters, digits and '-'.
func slug(s string) string {
	return strings.Trim(slugRE.ReplaceAllString(strings.ToLower(s), "-"), "-")
}

func describe(v any) string {
	switch v.(type) {
	case nil:
		return "nil"
	case edn.Map:
		return "a map"
	case edn.List, edn.Vector, edn.Set:
		return "a collection"
	case string:
		return "a string"
	}
	return fmt.Sprintf("%T", v)
}

// typeFields reads the fields each card type declares in a game.yaml; under
// "" it lists every field some type declares (keys every card may have,
// such as its text or art, are under none).
func typeFields(game []byte) (map[string]map[string]bool, error) {
	var g struct {
		Types []struct {
			ID     string `yaml:"id"`
			Fields []struct {
				Name string `yaml:"name"`
			} `yaml:"fields"`
		} `yaml:"types"`
	}
	if err := yaml.Unmarshal(game, &g); err != nil {
		return nil, fmt.Errorf("the game written for the data does not read back: %w", err)
	}
	out := map[string]map[string]bool{"": {}}
	for _, t := range g.Types {
		f := map[string]bool{}
		for _, fd := range t.Fields {
			f[fd.Name] = true
			out[""][fd.Name] = true
		}
		out[t.ID] = f
	}
	return out, nil
}
