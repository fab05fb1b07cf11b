// Package pdfgeom reads what a PDF page draws, as geometry: the lines it
// strokes, the shapes it fills, the rectangles it clips to, the images and
// forms it places and the text it shows, in millimetres from the page's
// top-left corner as displayed. The PnP importer (package pnp) checks a
// page's cost with it before a renderer draws it; finding the card grid
// of a vector page in what Read returns is not built yet (pnp finds grids
// in the rendered page and in the images a page places).
//
// # API
//
//	Read(ctx, xt *model.XRefTable, nr int, b Budget) (*Page, error)
//	    what page nr draws; forms are followed (their /Matrix, /BBox
//	    and resources applied), so a card inside a form is on the page
//	    like the rest. Checks the budget first (as Check).
//	Check(ctx, xt, nr, b) (Expansion, error)
//	    the cost of drawing page nr, counted without drawing it (each
//	    distinct form read once, placements multiplied out; tiling
//	    patterns, Type 3 glyphs and annotation appearances included, as a
//	    renderer expands them): call it before pdftoppm.
//	Budget{Ops, Bytes, Scanned, Depth, Placements, Items, States}
//	    zero fields take DefaultBudget's: 5,000,000 operators, 64 MB of
//	    content inflated, 256 MB tokenized (forms as drawn), forms 12
//	    deep, 20,000 form placements, 200,000 items, 1000 saved graphics
//	    states; and the context's deadline.
//	*RefusedError{Page, What}
//	    a page over budget, a form that draws itself: "page 3: its forms
//	    draw each other more than 20,000 times (a form bomb?): refused".
//
//	Page{Nr, W, H, Rotate, Strokes, Fills, Clips, Images, Forms, Texts, Shadings, Cost}
//	Stroke{A, B, Box, Width, Color, Dashed, Curve, Path, Scope}   one straight segment
//	Fill{Box, Rect, Color, Path, Scope}                       one filled subpath
//	Clip{Box, Visible, Parent, Form, Images, Paths, Texts}    a rectangular clip and what it holds
//	Image{Box, Turn, Mirrored, Skewed, W, H, BPC, Filter, ColorSpace, Components,
//	      SMask, Masked, Stencil, Inline, Name, Obj, Scope}
//	Form{Name, Obj, Box, M, Depth, Parent, Clip}              one form placement
//	Text{Origin, Box, Size, Glyphs, Invisible, Scope}         estimated from the font size
//	Shading{Box, Scope}                                       sh: the clip's box
//	Scope{Form, Clip}   which form placement and rectangular clip an item was drawn in (-1: none)
//	Color{R, G, B, Known}   grey, RGB, CMYK → RGB; Known false for patterns, separations, …
//
// Rect has the shape of pnp.Rect, so pnp.Rect(r) converts.
//
// # What is read, and what is not
//
// Paths (m l c v y h re) painted with S s f F f* B B* b b* become strokes
// and fills. A stroke is one straight segment: a segment that goes
// straight on from the previous one is joined to it (so a frame begun
// mid-edge has four sides), and a curve is one segment from its start to
// its end, marked Curve. A fill is one subpath, with its bounding box and
// whether it is an axis-aligned rectangle. A path made the clip (W W*
// then a painting operator or n) that is one axis-aligned rectangle is
// listed in Clips. Colours follow G g RG rg K k CS cs SC SCN sc scn; line
// width and dash follow w, d and an ExtGState's LW and D.
//
// Text is estimated, not measured: each glyph is taken as half the font
// size wide; the font program is not read (a Type0 font is taken as two
// bytes a glyph).
//
// A shading painted with sh is the box of the clip in force. Shading
// patterns and tiling patterns used as colours make a fill's colour
// unknown; a tiling pattern's cell is not drawn. Type 3 glyphs are text
// like any other, optional content (layers hidden or shown) and /UserUnit
// are not read. Read does not draw annotations. (Check counts the content
// of tiling patterns, Type 3 glyphs and annotation appearances, since a
// renderer draws them.)
//
// # Budgets
//
// Check runs before anything is drawn: it reads each distinct form once
// (its content decoded within the bytes budget, its operators counted)
// and multiplies the placements out, so forms that draw each other 10 ways
// 10 deep are refused after reading ten small streams, and a form that
// draws itself is refused as a cycle. Tiling patterns and Type 3 glyphs
// are counted the same way (a pattern once each time it is chosen, a
// glyph at its font's costliest glyph's cost). Read then draws the page,
// counting again as it goes. Every budget is one field of Budget; a page
// over one is a *RefusedError naming the page and what was over. Any panic
// while reading a page (pdfcpu's or this package's) is recovered, once, in
// Read and Check, and becomes an error naming the page. Other errors (a
// page pdfcpu cannot find, content the tokenizer cannot split) name the
// page too, and the form when it is a form's content.
//
// Read and Check are not safe for concurrent use on one XRefTable: pdfcpu
// marks its entries as it dereferences them. Open the PDF once a
// goroutine to read pages in parallel.
//
// The package never prints.
package pdfgeom
