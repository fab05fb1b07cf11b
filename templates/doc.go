// Package templates lays out text proxies: card faces for cards without
// art, drawn from card-face templates. A template is a YAML file of boxes
// in millimetres (name, cost, type line, stats, rules text...), each
// filled from a Go text/template over the card's printed values (Data),
// with a frame and colours per faction so that proxies read at a glance.
// The bundled templates are embedded files (data/), one per game and card
// type where it helps; a user's folder of templates overrides them.
//
// # Lookup
//
// A Set finds the template for a card by Chain: GAME/TYPE, then
// GAME/default, then default (for a landscape type GAME/TYPE,
// GAME/default-landscape, GAME/default, default-landscape, default), and
// for a game's card back GAME/card-back, then card-back. A card whose own
// landscape key turns it from its type's orientation takes the chain of
// its own orientation without GAME/TYPE. Folders added later (Set.AddFS, Set.AddDir, Load) replace templates of the same name.
//
// # Template format
//
//	description: "Arkhtide Unit."           # free text
//	size: {width: 63, height: 88}           # required: the card the boxes are laid out on (mm)
//	frame: {border: 1.2, color: faction, background: "#ffffff", inset: 0}
//	faction_colors: {ember-covenant: "#9d2a0b", drowned-choir: "#14506e"}
//	palette: ["#1d3557", "#9d0208"]         # factions without a colour, in the game's order
//	neutral_color: "#555555"                # no faction, or a neutral one
//	labels: {soul_mod: Soul}                # printed field labels (default: "soul mod" → "Soul mod")
//	line_height: 1.15                       # baseline distance / font size, for every box
//	notice: {x: 2.5, y: 82, w: 58, h: 3.5, font: {size: 5}, align: center}
//	boxes:
//	  - name: rules                         # required, unique: for messages
//	    x: 2.5                              # required, mm from the card's top-left corner
//	    y: 24
//	    w: 58
//	    h: 33
//	    content: "{{.Text}}"                # required: a text/template over Data
//	    font: {size: 8, min_size: 5, bold: false, italic: false}   # pt
//	    align: left                         # left | center | right
//	    valign: top                         # top | middle | bottom
//	    wrap: true                          # false: one line per "\n"-separated line
//	    padding: 1.5                        # mm inside the box
//	    fill: none                          # box background
//	    border: 0.3                         # mm; 0 = none
//	    border_color: faction
//	    color: "#000000"                    # text colour
//	    line_height: 1.15
//	    always: false                       # draw fill and border even when the text is empty
//
// A template may also give layers: images (a file of its folder, or a
// path a template gives such as a card field, fitted cover, contain or
// stretch at an anchor), shapes (rect, rounded, ellipse, polygon, line)
// and text boxes, drawn in order before the boxes, each with when:,
// bleed, opacity and rotation; and fonts: of its folder (TrueType), used
// by a box's font family, with the Go fonts as the fallback per glyph.
// Layout.Layers holds them laid out; Layer.Rect and Layer.Outline give
// their geometry to drawers. Templates run within bounds (MaxSteps,
// MaxOutput, MaxExecTime): a hostile template stops with an error.
//
// Colours are "#rrggbb" or "#rgb" (quoted: an unquoted # starts a YAML
// comment), faction (the card's faction colour), faction-tint (a pale
// tint of it) or none. A box whose text comes out empty is not drawn
// unless it says always: true. Boxes are drawn in order.
//
// The notice box prints SampleNotice on a card that is a sample
// (Card.Sample) and ProvisionalNotice on one with provisional values,
// whose printed values end in ProvisionalMark ("*"); a template can move
// and restyle it, and reword it with sample_text and provisional_text, but
// not leave it out. Without a notice key it runs along the bottom edge.
//
// Parse checks everything it can when the file is read — unknown keys,
// wrong kinds, boxes outside the card, a box too small for one line at
// min_size, content that does not parse or names a field Data lacks (on
// the branches a blank card takes) — and reports every problem as
// file:line:col in a cardsdb.ErrorList.
//
// # Rendering and fitting
//
// Template.Render (or Set.Render, which looks the template up) turns a
// card into a Layout: Blocks of lines with their positions in mm, scaled to
// the card's size. Text is Sanitized, wrapped at spaces (inside words that
// are wider than the box), and shrunk from the box's size to its min_size
// in SizeStep (0.5 pt) steps until it fits; what still does not fit is cut
// with Ellipsis and reported as a Warning. Widths are measured with the
// embedded Go fonts exactly as gofpdf measures them, so a PDF writer that
// registers FontTTF under FontName draws what was measured.
//
// Drawing a face with gofpdf (unit "mm"), its top-left corner at (x, y):
//
//	for _, b := range face.Blocks {
//		if b.HasFill {
//			pdf.SetFillColor(int(b.Fill[0]), int(b.Fill[1]), int(b.Fill[2]))
//			pdf.Rect(x+b.X, y+b.Y, b.W, b.H, "F")
//		}
//		pdf.SetFont(b.Font, "", b.Size)
//		pdf.SetTextColor(int(b.Color[0]), int(b.Color[1]), int(b.Color[2]))
//		for _, l := range b.Lines {
//			pdf.Text(x+l.X, y+l.Baseline, l.Text)
//		}
//	}
package templates
