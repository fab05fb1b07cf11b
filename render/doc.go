// Package render writes deckwright's print-and-play sheets as PDF: card
// fronts and backs (art prepared by package art, or text proxies laid out by
// package templates, with the images of inline icons), crop marks or cut
// lines and fold lines at the places package layout computes, registration
// marks on a cutting machine's sheets and their cut files ([CutSVG],
// [CutDXF]), and the duplex calibration sheet ([Calibration]).
// RenderOptions.InkSaver draws text proxies without solid fills.
//
// [Render] is the entry point: it takes the [cardface.Item]s to print
// ([cardface.DeckItems] for a deck, [cardface.SetItems] for a game's whole
// set) and [RenderOptions] whose
// Sheet is the layout.Options of the page geometry, and streams the PDF to
// an io.Writer, returning a [Report] with the warnings that did not stop
// the print.
//
//	items := cardface.DeckItems(deck)
//	opts := render.RenderOptions{Sheet: layout.DefaultOptions(), DPI: 300}
//	rep, err := render.Render(ctx, w, items, opts)
package render
