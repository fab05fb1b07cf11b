// Package fontfile reads the font files a game folder brings (a
// template's fonts), the one place every such file goes through before
// anything measures, draws or embeds it.
//
// Load checks a TrueType or OpenType file with Go's own parser
// (golang.org/x/image/font/sfnt) and with checks of its own: the tables
// the PDF writer reads are present, long enough and inside the file,
// glyph outlines and composite glyphs are in range and acyclic, and the
// licence bits allow embedding (Embedding). A font with PostScript (CFF)
// outlines is converted to TrueType outlines (internal/otf2ttf, within
// its budgets). The character map is rebuilt as one format 4 map of what
// sfnt reads from the font's own maps (format 12 included), so that the
// PDF writer (gofpdf, which reads format 4 only) maps characters to the
// glyphs the measuring and drawing code maps them to. Last, the font is
// embedded once in a PDF with every character it maps, under a recovery:
// a font gofpdf cannot embed, or panics on, is an error now rather than
// a crash or a broken PDF later.
//
//	f, err := fontfile.Load(data)
//	if err != nil {
//		return fmt.Errorf("font file %q: %v", name, err)
//	}
//	pdf.AddUTF8FontFromBytes(family, "", f.TTF)
package fontfile
