// Package faces draws one side of a card — its face, its second face or
// its back — as an image.Image, for exports that want pictures rather
// than a PDF (Tabletop Simulator sheets, print-shop files, a web view).
//
// A face with art goes through the art pipeline the PDF uses
// (art.PrepareImages: safe reading, EXIF orientation, cropping to the
// card's shape, resampling, edges extended into the bleed) and is then
// brought to the exact pixel size asked for. A face without art (or whose
// art cannot be read) is a text proxy drawn from the same templates.Layout
// the PDF draws — background, frame, box fills and borders, lines and
// their bold or italic runs — with the embedded Go fonts rasterised by
// golang.org/x/image/font/opentype at the target resolution, so a PNG of a
// proxy looks like the PDF printed at that resolution. Cards that are
// samples, or show provisional values, carry the template's notice on the
// image, art or not.
//
// Sizes are in millimetres as everywhere in deckwright; an image covers
// the trimmed card plus Options.Bleed on every side, in the card's own
// orientation (an Arkhtide realm comes out wider than tall), at
// Options.DPI, or at exactly Options.Pixels when that is set.
//
// Example:
//
//	imgs, err := faces.Render(ctx, []cardface.Face{item.Front, item.Back}, faces.Options{DPI: 300})
//	if err != nil { ... }
//	png.Encode(w, imgs[0].Image)
package faces
