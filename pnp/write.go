package pnp

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"

	"github.com/deckwright/deckwright/internal/atomicfile"
)

// ErrNoCards is returned by Write for a Result without cards.
var ErrNoCards = errors.New("no cards found")

// The folder Write makes (paths inside it):
const (
	CardsFile    = "cards/pnp.yaml"     // the cards YAML skeleton
	ContactPNG   = "contact-sheet.png"  // every cut card with its page, row and column
	ContactHTML  = "contact-sheet.html" // the same, as a page that links the images
	ContactPages = "contact-pages.png"  // every page read, with the cards cut from it drawn over it
	ImagesDir    = "images"             // one image per distinct face
	DefaultBack  = "images/back.jpg"    // the back most cards share
	imageExt     = ".jpg"
	imageQuality = 95
)

// WriteOptions control Write.
type WriteOptions struct {
	// Game is the game the cards are for (required): its card types give
	// the new cards a type and its cards are the ones names may attach to.
	Game *cardsdb.Game
	// Naming names the distinct cards; see Naming.
	Naming Naming
	// Type is the card type of new cards; "" picks the game's first type
	// that needs no field a placeholder cannot fill.
	Type string
	// Source names the PDF in the cards file and the contact sheet.
	Source string
	// Recipe, when set, is written to RecipeFile: what the import
	// decided, to be corrected and replayed (see Recipe, RecipeOf).
	Recipe *Recipe
}

// Summary says what Write found and wrote.
type Summary struct {
	Dir   string        `json:"dir"`
	Pages []PageSummary `json:"pages"`
	// Layout is how the backs were read (fronts, duplex or fold) and
	// LayoutReason why: "asked for", or what --layout auto saw.
	Layout       string `json:"layout,omitempty"`
	LayoutReason string `json:"layout_reason,omitempty"`
	// CardSize is the card size the pages were read at (portrait, mm,
	// "63x88") and SizeReason, when it is not the one given, why.
	CardSize   string `json:"card_size,omitempty"`
	SizeReason string `json:"size_reason,omitempty"`
	// Cards counts the cut cards (fronts), Distinct the distinct cards
	// (one entry each in the cards file: a card whose front and back both
	// match another's is one card with copies).
	Cards    int `json:"cards"`
	Distinct int `json:"distinct"`
	// SharedBacks counts the distinct backs that several cards share;
	// DefaultBack is the one most cards share, stored once as the game's
	// default back ("" when no back is shared).
	SharedBacks int    `json:"shared_backs"`
	DefaultBack string `json:"default_back,omitempty"`
	// OwnBacks counts the distinct cards printed with a back of their own.
	OwnBacks int `json:"own_backs"`
	// Existing counts the distinct cards given to cards the game already
	// defines (art: entries); New the new card entries.
	Existing int `json:"existing"`
	New      int `json:"new"`
	// Kept counts the cards a merge found already in the folder's cards
	// file and left as they were there (New and Existing leave them out).
	Kept int `json:"kept"`
	// OwnLandscape counts the distinct cards that lay landscape on the
	// page but are of a portrait type (the game has no landscape type, or
	// --type or the card's own type is portrait): they are written with
	// landscape: true, their own orientation, and their images saved
	// landscape, so print turns them into the portrait slots as it turns
	// a landscape type's cards.
	OwnLandscape int `json:"own_landscape,omitempty"`
	// Unused lists the names that reached no card (more names than
	// distinct cards).
	Unused []string `json:"unused,omitempty"`
	// Merged reports that Dir existed and the import was merged into it.
	Merged bool     `json:"merged"`
	Files  []string `json:"files"`
	// Uncertain lists the pages read with a confidence under
	// UncertainBelow, and UncertainWhy their doubts: look at them on the
	// contact sheet.
	Uncertain    []int    `json:"uncertain,omitempty"`
	UncertainWhy []string `json:"uncertain_why,omitempty"`
}

// PageSummary is one page read: what Import found there.
type PageSummary struct {
	Page   int    `json:"page"`
	Side   string `json:"side"`
	Method string `json:"method"`
	Rows   int    `json:"rows"`
	Cols   int    `json:"cols"`
	Cards  int    `json:"cards"`
	// Registration: the page is a print-and-cut sheet with the cutting
	// machine's registration marks (left out of the cards).
	Registration bool `json:"registration"`
	// Skipped says why no card was cut from the page.
	Skipped string `json:"skipped,omitempty"`
	// Confidence (0 to 1) is how sure the import is that the page was read
	// right, and Doubt what lowered it (see PageReport).
	Confidence float64 `json:"confidence"`
	Doubt      string  `json:"doubt,omitempty"`
	// Size is the cards' trim size measured on the page, "60.5x90.4"
	// (mm, portrait), when it differs from the size given.
	Size string `json:"size,omitempty"`
	// LeftOut says which cells of the page's grid were left out as not
	// cards (see PageReport.NotCards): "1 cell not a card (no card
	// frame): left out".
	LeftOut string `json:"left_out,omitempty"`
	// BacksOf is, for a page of backs, the page of fronts they were
	// paired with; Given what the user gave that decided the page's
	// role or grid ("--backs-pages", "--grid 3x3", "recipe.yaml").
	BacksOf int    `json:"backs_of,omitempty"`
	Given   string `json:"given,omitempty"`
	// SideReason says why the import gave the page its side where the
	// layout does not (see PageReport.SideReason).
	SideReason string `json:"side_reason,omitempty"`
}

// entry is one distinct card of the import.
type entry struct {
	name      string
	existing  bool // a card the game defines: an art: entry
	positions []Pos
	front     Face
	back      *Face // the back to print, unless it is the default back
	backGroup int   // -1: no back
	image     string
	backImage string // "" when the card takes the default back (or has none)
	copies    int
	index     int               // 1-based number on the contact sheet
	typ       *cardsdb.CardType // of a new card
	// landscape: the card is landscape (its type is, or it lay landscape
	// on the page), and its images are stored so; ownLandscape: it lay
	// landscape but its type (or, for an existing card, the card) is
	// portrait, so the cards file says landscape: true.
	landscape, ownLandscape bool
}

// plan is what Write will write.
type plan struct {
	entries     []*entry
	byCard      []int // res.Cards[i] is entries[byCard[i]]
	defaultBack *Face
	sharedBacks int
	unused      []string
	anyNew      bool // some entries are new cards
	// keptNew and keptExisting count the entries a merge left out because
	// the folder's cards file already had them (see mergeCardsYAML).
	keptNew, keptExisting int
}

// Write turns res into a card folder at dir that the game loads with
// --db: one JPEG per distinct face in images/ (named by the position of
// its first copy, p03-r2c1.jpg, so renaming a card never breaks its
// image), the cards skeleton cards/pnp.yaml, the shared back as the game's
// default back, and a contact sheet (PNG and HTML).
//
// Faces are stored as JPEG at quality 95 and at the face's own resolution:
// print embeds a JPEG that needs no change as it is, so the face is never
// encoded twice, and q95 stays far above the 30 dB PSNR an import must
// keep, in a fraction of the room PNG takes for painted art. The contact
// sheet, thumbnails and text, is a PNG. The folder is made in
// a temporary folder beside dir and renamed into place; when dir exists the
// import is merged into it (see mergeInto). On error nothing is left
// behind.
func Write(ctx context.Context, res *Result, dir string, opt WriteOptions) (*Summary, error) {
	if opt.Game == nil {
		return nil, errors.New("pnp: Write needs the game")
	}
	if res == nil || len(res.Cards) == 0 {
		return nil, ErrNoCards
	}
	p, err := makePlan(res, opt)
	if err != nil {
		return nil, err
	}
	dir = filepath.Clean(dir)
	// The files go into a temporary folder moved into place at the end
	// (internal/atomicfile): a new folder in one rename; into an existing
	// one (a merge) file by file, through the folder's root, so the
	// user's other files stay, every file is whole, and a link inside the
	// folder is never followed.
	out, err := atomicfile.NewFolder(dir, atomicfile.FolderOptions{})
	if err != nil {
		return nil, err
	}
	old, err := out.ReadExisting(CardsFile, maxCardsFile)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		out.Abort()
		return nil, err
	}
	files, err := p.render(ctx, res, opt, out, old)
	if err == nil {
		_, err = out.Commit()
	}
	if err != nil {
		out.Abort()
		return nil, err
	}
	s := p.summary(res, dir, files)
	s.Merged = out.Exists()
	return s, nil
}

func makePlan(res *Result, opt WriteOptions) (*plan, error) {
	for i, c := range res.Cards {
		if c.Front.Image == nil || c.Back != nil && c.Back.Image == nil {
			return nil, fmt.Errorf("pnp: card %d (%s) has no image", i+1, c.Front.pos())
		}
	}
	var fronts, backs grouper
	fg := make([]int, len(res.Cards))
	bg := make([]int, len(res.Cards))
	for i, c := range res.Cards {
		fg[i] = fronts.add(c.Front)
		bg[i] = -1
		if c.Back != nil {
			bg[i] = backs.add(*c.Back)
		}
	}
	p := &plan{byCard: make([]int, len(res.Cards))}
	def := -1
	for i, r := range backs.reps {
		if r.size >= 2 {
			p.sharedBacks++
			if def == -1 || r.size > backs.reps[def].size {
				def = i
			}
		}
	}
	type key struct{ f, b int }
	seen := map[key]int{}
	backFile := map[int]string{}
	for i, c := range res.Cards {
		k := key{fg[i], bg[i]}
		if j, ok := seen[k]; ok {
			e := p.entries[j]
			e.copies++
			e.positions = append(e.positions, c.Front.pos())
			p.byCard[i] = j
			continue
		}
		e := &entry{front: c.Front, backGroup: bg[i], copies: 1, positions: []Pos{c.Front.pos()}, index: len(p.entries) + 1}
		e.image = ImagesDir + "/" + c.Front.pos().file() + imageExt
		switch {
		case bg[i] == -1:
		case bg[i] == def:
			if p.defaultBack == nil {
				p.defaultBack = c.Back
			}
		default:
			e.back = c.Back
			if f, ok := backFile[bg[i]]; ok {
				e.backImage = f
			} else if backs.reps[bg[i]].size >= 2 {
				e.backImage = ImagesDir + "/back-" + c.Back.pos().file() + imageExt
			} else {
				e.backImage = ImagesDir + "/" + c.Front.pos().file() + "-back" + imageExt
			}
			backFile[bg[i]] = e.backImage
		}
		seen[k] = len(p.entries)
		p.byCard[i] = len(p.entries)
		p.entries = append(p.entries, e)
	}
	if err := p.name(opt); err != nil {
		return nil, err
	}
	for _, e := range p.entries {
		// A card that lay landscape stays landscape whatever its type; one
		// that lay portrait but is landscape (a realm printed turned into
		// a portrait slot) is turned back.
		var was bool
		if e.existing {
			was = opt.Game.Landscape(opt.Game.Card(e.name))
		} else {
			t, err := chooseType(opt.Game, opt.Type, e.front.Rotated)
			if err != nil {
				return nil, err
			}
			e.typ, was = t, t.Landscape
			p.anyNew = true
		}
		e.landscape = was || e.front.Rotated
		e.ownLandscape = e.front.Rotated && !was
	}
	return p, nil
}

// name gives every entry its name: from the naming, else a placeholder.
func (p *plan) name(opt WriteOptions) error {
	g, n := opt.Game, opt.Naming
	var errs cardsdb.ErrorList
	at := func(name string) cardsdb.Pos {
		return cardsdb.Pos{File: n.File, Line: n.Lines[name], Col: 1}
	}
	for i, e := range p.entries {
		if i < len(n.Order) {
			e.name = n.Order[i]
		}
		for _, pos := range e.positions {
			name, ok := n.At[pos]
			if !ok {
				continue
			}
			if e.name != "" && cardsdb.Fold(e.name) != cardsdb.Fold(name) {
				errs.Add(at(name), "%s is named %q, but it is a copy of the card already named %q", pos, name, e.name)
				continue
			}
			e.name = name
		}
	}
	for i := len(p.entries); i < len(n.Order); i++ {
		if n.Order[i] != "" {
			p.unused = append(p.unused, n.Order[i])
		}
	}
	if len(n.At) > 0 {
		known := map[Pos]bool{}
		for _, e := range p.entries {
			for _, pos := range e.positions {
				known[pos] = true
			}
		}
		for pos, name := range n.At {
			if !known[pos] {
				errs.Add(at(name), "%s (named %q): no card was cut there; see the contact sheet", pos, name)
			}
		}
	}
	byKey := map[string]*entry{}
	for _, e := range p.entries {
		named := e.name != ""
		given := e.name // as the names file spells it, for positions
		if !named {
			e.name = e.positions[0].Name()
		}
		if c := g.Card(e.name); c != nil {
			e.name, e.existing = c.Name, true
		} else if named && n.Existing {
			errs.Add(at(given), "%q is not a card of %s%s; load its cards with --db first", e.name, g.Name, suggest(e.name, g.CardNames()))
		}
		k := cardsdb.Fold(e.name)
		if prev, dup := byKey[k]; dup {
			errs.Add(at(given), "%q names two different cards, at %s and %s (their images differ); give each its own name", e.name, prev.positions[0], e.positions[0])
			continue
		}
		byKey[k] = e
	}
	errs.Sort()
	return errs.Err()
}

// chooseType returns the type new cards get: want, or the game's type
// whose required fields a placeholder can fill (no required card
// reference), of the card's orientation when the game has one (landscape
// for a card that lay landscape on the page), fewest required fields first.
func chooseType(g *cardsdb.Game, want string, landscape bool) (*cardsdb.CardType, error) {
	if want != "" {
		if t := g.Type(want); t != nil {
			return t, nil
		}
		var ids []string
		for _, t := range g.Types {
			ids = append(ids, t.ID)
		}
		return nil, fmt.Errorf("unknown card type %q; %s has types %s%s", want, g.Name, strings.Join(ids, ", "), suggest(want, ids))
	}
	var best *cardsdb.CardType
	bestCost := 0
	for _, t := range g.Types {
		cost, ok := 0, true
		for _, f := range t.Fields {
			if f.Required {
				cost++
				ok = ok && f.Kind != cardsdb.KindCard
			}
		}
		if !ok {
			continue
		}
		if t.Landscape != landscape {
			cost += 1000
		}
		if best == nil || cost < bestCost {
			best, bestCost = t, cost
		}
	}
	if best == nil {
		return nil, fmt.Errorf("every card type of %s needs a card reference; name the cards (--names or --into) or give --type", g.Name)
	}
	return best, nil
}

func (p *plan) summary(res *Result, dir string, files []outFile) *Summary {
	s := &Summary{Dir: dir, Cards: len(res.Cards), Distinct: len(p.entries), SharedBacks: p.sharedBacks, Unused: p.unused, Layout: string(res.Layout), LayoutReason: res.LayoutReason, SizeReason: res.SizeReason}
	if res.CardW > 0 {
		s.CardSize = mm(res.CardW) + "x" + mm(res.CardH)
	}
	backsOf := map[int]int{}
	for _, c := range res.Cards {
		if c.Back != nil && c.Back.Page != c.Front.Page {
			backsOf[c.Back.Page] = c.Front.Page
		}
	}
	for _, pg := range res.Pages {
		s.Pages = append(s.Pages, PageSummary{Page: pg.Page, Side: pg.Side, Method: pg.Method, Rows: pg.Rows, Cols: pg.Cols, Cards: pg.Cards,
			Registration: pg.Registration, Skipped: pg.Skipped, Confidence: pg.Confidence, Doubt: pg.Doubt, Size: measuredSize(pg),
			LeftOut: notCardNote(len(pg.NotCards)), BacksOf: backsOf[pg.Page], Given: pg.Given, SideReason: pg.SideReason})
	}
	s.Uncertain, s.UncertainWhy = res.Uncertain()
	if p.defaultBack != nil {
		s.DefaultBack = DefaultBack
	}
	for _, e := range p.entries {
		if e.backImage != "" {
			s.OwnBacks++
		}
		if e.existing {
			s.Existing++
		} else {
			s.New++
		}
		if e.ownLandscape {
			s.OwnLandscape++
		}
	}
	s.New -= p.keptNew
	s.Existing -= p.keptExisting
	s.Kept = p.keptNew + p.keptExisting
	for _, f := range files {
		s.Files = append(s.Files, f.path)
	}
	return s
}
