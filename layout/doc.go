// Package layout computes the page geometry of deckwright's print-and-play
// proxy sheets: how many cards fit on a sheet of paper, where each card goes,
// where the card backs go for duplex or fold-over printing, and where the crop
// marks or cut lines are drawn. It is pure arithmetic: it draws nothing,
// writes no PDF, reads no art and imports no other deckwright package.
// Package render takes a [Sheet] from [Plan] and draws images, marks and
// lines at the rectangles given here; package art prepares the images.
//
// # Units and coordinates
//
// Every length is a float64 in millimetres. The origin is the top-left corner
// of the page and y grows downwards, as in gofpdf with unit "mm". A [Size] is
// a width and a height; a [Rect] or a [Slot] is a top-left corner plus a size.
//
// # Grid
//
// Cards are never scaled. Each grid cell is the trimmed card plus its bleed
// on every side (card + 2×bleed in each direction), and Options.Gap separates
// neighbouring cells, so bleed rectangles touch when Gap is 0 and never
// overlap. The grid, together with room for crop marks when they are asked
// for, stays inside Options.Margin (the printer's unprintable border, default
// [DefaultMargin]) and is centred on the page. [Plan] tries the paper both
// in portrait and in landscape and keeps the orientation that holds more
// cards (the paper as given on a tie; the presets are portrait), recorded
// in Sheet.Page and Sheet.Landscape; cards are never turned to fit more of
// them.
//
// # Crop marks
//
// With [MarksCrop], [CropMarks] gives short lines outside the grid, in line
// with every trimmed card edge (the trim line, not the bleed line). Each mark
// starts [MarkGap] (0.5 mm) outside the outer bleed edge of the grid and is
// [MarkLength] (4 mm) long when the space up to the margin allows; Plan always
// reserves at least MarkGap + [MinMarkLength] (2.5 mm) on each side, and
// marks are shortened to what is there (2.2 mm for poker cards on US letter,
// for example). [CutLines] gives full-length lines along the trim edges
// instead, for [MarksLines].
//
// # Backs
//
// For duplex printing ([BacksLong], [BacksShort]) the back of front slot i is
// [BackSlots] slot i: the front slot mirrored across the page centre, so that
// it lies exactly behind the front once the sheet is turned over its long or
// short edge, then moved by Options.BackOffset to make up for the printer's
// misregistration (and, with Options.BackScale, its position stretched
// about the page centre for a printer that prints one side bigger). For a
// portrait page a long-edge flip mirrors x and a short-edge flip mirrors y;
// a landscape page's long edges are its top and bottom, so there the two
// swap. With [BacksFold] the page is split by
// Sheet.Fold into a front half (left or top) and a back half (right or
// bottom); the backs are the fronts mirrored across the fold line.
//
// # Cutting machines
//
// With Options.Cutter set to [CutterSilhouette], Plan lays out a Silhouette
// print-and-cut sheet instead of a grid: the slots and registration marks
// of the templates silhouette-card-maker publishes (letter and A4 in
// landscape, poker and bridge slots), the cards centred in their slots,
// and slots too close to a mark left empty ([MarkClearance], listed in
// Sheet.Skipped). Sheet.RegMarks are the marks to draw and Sheet.Corner the
// corner radius of the cut outlines.
//
// # Landscape cards
//
// A landscape card (wider than tall, like Arkhtide realms, 88×63 mm) goes
// into a portrait slot turned a quarter turn clockwise: its top edge lies
// along the slot's right edge. See [FitRotation], [Turn], [ImageBox] and
// [BackTurn].
package layout
