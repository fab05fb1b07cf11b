package pnp

import "image"

// Layout says how a PDF holds the backs of its cards.
type Layout string

// The layouts Import understands.
const (
	LayoutAuto   Layout = ""       // guess from the pages
	LayoutDuplex Layout = "duplex" // a page of backs after each page of fronts
	LayoutFold   Layout = "fold"   // fronts and backs on two halves of one page
	LayoutFronts Layout = "fronts" // fronts only
)

// Options control an import.
type Options struct {
	// Pages lists the 1-based pages to read, in order; nil reads them all.
	Pages []int
	// Layout says where the backs are.
	Layout Layout
	// Flip is the duplex flip the backs are mirrored for: "long" (the
	// default) or "short".
	Flip string
	// DPI is the resolution of the cut faces (300 when 0).
	DPI int
	// CardW and CardH are the card's trim size in millimetres (portrait:
	// CardW <= CardH): the game's, a prior the size measured on the first
	// pages replaces when it explains them better (see chooseSize), or,
	// with SizeGiven, the size the cards are.
	CardW, CardH float64
	// SizeGiven: CardW and CardH were given for this PDF (--card-size, a
	// recipe), not taken from the game; they are not measured again.
	SizeGiven bool
	// KeepBleed keeps the bleed around each face instead of cutting at the
	// trim line.
	KeepBleed bool
	// MaxPages refuses PDFs with more pages than this (0: 1000).
	MaxPages int
	// Rows and Cols, when given (both or neither), are the grid the pages
	// with cards are cut on: the lattice of Rows×Cols equal cells that
	// best fits each page is cut (see givenGrid), whatever the card size;
	// the counts are not guessed.
	Rows, Cols int
	// BacksPages lists pages of backs: each is paired with a page of
	// fronts before it, as a duplex PDF's are (see Import), and no fronts
	// are cut from it. The other pages are fronts.
	BacksPages []int

	// forceRaster makes Import render pages made of card images too and
	// look for their grid; tests use it to try grid finding on every
	// layout deckwright prints.
	forceRaster bool
	// facesInFile makes Import keep every face in its scratch file (see
	// faceStore), however few: tests read a small PDF both ways.
	facesInFile bool
	// noBudget leaves out the check of each page's cost before it is read
	// (see checkBudget): tests use it to reach pdftoppm's own limits.
	noBudget bool
	// rasterEnv is added to pdftoppm's environment: the corpus tests pin
	// its fonts with it (see pinFonts).
	rasterEnv []string
}

// Face is one cut card face.
type Face struct {
	Page, Row, Col int         // 1-based PDF page, row and column in its grid
	Image          image.Image // the face, portrait, at Options.DPI
	Hash           uint64      // perceptual hash of Image (see Hash)
	Rotated        bool        // the card lay landscape on the page
	// Trim is where the face's trimmed card lay on its page (for a
	// skewed scan, on the page turned straight).
	Trim Rect
}

// Rect is a rectangle in millimetres from the top-left corner of a page,
// y growing downwards.
type Rect struct{ X, Y, W, H float64 }

// Card is one card of the PDF: its front and, unless the PDF has fronts
// only, its back.
type Card struct {
	Front Face
	Back  *Face
}

// PageReport says what Import found on one page.
type PageReport struct {
	Page   int    // 1-based PDF page
	Side   string // "fronts", "backs" or "fold" (fronts and backs)
	Method string // how the grid was found: "images", "marks", "lines", "gaps"
	Rows   int
	Cols   int
	Cards  int // cards found (a partly empty last row gives fewer than Rows*Cols)
	// Registration reports a print-and-cut sheet's registration marks on
	// the page (see Import); they are not cards.
	Registration bool
	// W and H are the page's size in mm; Thumb, when the page was
	// rendered, a small picture of it (about 1 px/mm) that Write draws
	// the cut cards over (see ContactPages).
	W, H  float64
	Thumb image.Image
	// MeasuredW and MeasuredH are the cards' trim size measured on the
	// page (portrait, mm) when it differs from the size given
	// (Options.CardW and CardH) by more than a quarter of a millimetre;
	// zero otherwise. The cards were cut at this size.
	MeasuredW, MeasuredH float64
	// Skipped says why no card was cut from the page (Side "skipped"):
	// no grid of cards on it (a map, a board, rules), only empty card
	// frames, or a page that could not be read.
	Skipped string
	// Grid is the cells of the grid found on a rendered page, in mm,
	// whether cut or not: empty cells, and the cells of a page skipped
	// as a map, a board or a booklet, are drawn on the pages sheet too
	// (see ContactPages).
	Grid []Rect
	// NotCards is the cells of the grid left out as not cards, in mm:
	// they show no frame where the page's cards show one, and little
	// print (a deck's credits in the slot after its last card).
	NotCards []Rect
	// Confidence, from 0 to 1, is how sure Import is that the page was
	// read right (its grid and its side); Doubt says what lowered it.
	Confidence float64
	Doubt      string
	// BacksOf is, for a page of backs, the page of fronts its backs were
	// paired with (0 when none was).
	BacksOf int
	// SideReason says why the import gave the page its side, where the
	// layout alone does not (a page of one shared back among fronts).
	SideReason string
	// Given says what the user gave that decided the page's role or grid
	// ("--backs-pages", "--grid 3x3", "recipe.yaml"); "" when the import
	// decided.
	Given string

	// leaflet: the page's cells look like the panels of a booklet (see
	// leaflet); why says so.
	leaflet string
	// fit says how the grid found fits the page when it fits less than
	// well (see fitDoubt), and fitFactor what that costs its confidence.
	fit       string
	fitFactor float64
	// edgeless: its grid was found with no card edge seen (see pageGrid).
	edgeless bool
	// rowsOnly: its cards are the first rows of the full page's grid,
	// something else below them (see topRows).
	rowsOnly bool
}

// Result is what Import found, cards in reading order (page, then row,
// then column).
type Result struct {
	Pages []PageReport
	Cards []Card
	// Layout is the layout the cards were read with: the one asked for,
	// or the one LayoutAuto chose, with LayoutReason saying why.
	Layout       Layout
	LayoutReason string
	// CardW and CardH are the card size the pages were read at (portrait,
	// mm): Options' or, when the first pages measured another that
	// explains them better, that one, with SizeReason saying so.
	CardW, CardH float64
	SizeReason   string
}

// MemoryLimit is the soft memory limit (runtime/debug.SetMemoryLimit) a
// program should set around Import when GOMEMLIMIT sets none: the cut
// faces are held until they are written (about 1.2 MB a card at 300 DPI),
// and the limit makes the collector return the pages' rasters sooner, so
// 30 pages peak near 400 MB instead of 700. The command line and
// BenchmarkImport30Raster both set it.
const MemoryLimit = 450 << 20
