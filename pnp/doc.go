// Package pnp turns a publisher's print-and-play (PnP) PDF into card
// images that a game's card database can use.
//
// Import reads the pages of a PDF, finds the grid of cards on each page
// (from the placement of embedded images, or from a raster of the page:
// crop marks, cut lines, the gaps between cards, registration marks), cuts
// every card at its trim line, pairs fronts with backs for duplex and
// gutter-fold sheets, and returns the faces in reading order. Write turns
// a Result into a card folder: one image per distinct face, a cards YAML
// skeleton and a contact sheet.
//
// For example:
//
//	res, err := pnp.Import(ctx, "game-pnp.pdf", pnp.Options{CardW: 63, CardH: 88, Layout: pnp.LayoutDuplex})
//	if err != nil {
//		return err // one line, naming the page at fault
//	}
//	for _, c := range res.Cards {
//		fmt.Println(c.Front.Page, c.Front.Row, c.Front.Col, c.Back != nil)
//	}
//
// # How cards are found
//
// Pages whose cards are separate images are cut where the page's content
// stream draws them (the transformation in force at each Do), so order and
// position are known; JPEG images are decoded at their own resolution
// without any rasterizer. Other pages (scans, exported sheets, vector art)
// are rendered with poppler's pdftoppm at Options.DPI, straightened when
// skewed by up to about 1°, and searched for the lattice of card-sized
// cells that best explains the edges along each axis (see Import); cards
// laid edge to edge, whose shared edges may not show (deckwright's own
// text proxies: frames meeting in one band), are measured as a block whose
// outer border is divided evenly. Faces
// are held as YCbCr 4:2:0 images, 1.5 bytes a pixel.
//
// On a raster, a card printed to its bleed is centred on its art (cut
// lines drawn across the bleed give a second set of edges that the lattice
// may mix with the art's), and the registration marks of a print-and-cut
// sheet are found and blanked before the grid is looked for.
//
// A lone card printed to its bleed between cut lines drawn for a whole
// sheet is read the way up the card size gives it when that explains the
// page with fewer cards than a turned reading; a fold sheet's backs are
// cut at their fronts' mirrored places, where folding puts them.
//
// # Pages that hold no cards, and how sure a page is
//
// A grid of card-sized cells is not always cards: a board is one picture
// running on across the cells, a booklet a few panels of body text on a
// page that would hold several times as many cards. Such pages are skipped
// with the reason "no grid of cards (a map, a board or rules?): ...". A
// partly filled page is cut on the grid of the full page before it. Each
// page gets a confidence from 0 to 1 and the doubts that lowered it (a
// card missed among the others, a front without a back, a grid unlike the
// full pages'); Result.Uncertain names the pages under UncertainBelow,
// and Write's pages sheet frames them.
//
// Known limit, on a raster: cards about a millimetre apart on a partly
// filled page may be cut up to 0.8 mm off. PDFs deckwright prints are
// read from their image placements and are not affected.
//
// # Same card or not
//
// Write (and the layout guess) take two faces for one card when their
// perceptual hashes are close, their thumbnails agree and their fine
// images (about 4.5 px/mm, ink stretched, laid over each other) differ
// in no small tile: see SameFace. Text cards, a frame and a few words,
// are told apart by their words.
//
// The package never prints; it returns values and writes only where it is
// told to.
package pnp
