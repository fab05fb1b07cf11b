package templates

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/jung-kurt/gofpdf"
	"golang.org/x/image/font/sfnt"
	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/cardsdb"
)

// MaxFontBytes is the largest font file a template may name.
const MaxFontBytes = 16 << 20

// WarnFallback is the Warning kind of characters a template's font has
// no glyph for, drawn in the Go font instead.
const WarnFallback = "font-fallback"

// userFont is a font of a template's fonts: list.
type userFont struct {
	family string // the name the template gives it
	file   string
	face   *face // measured; face.name is its name in a PDF
}

// fonts reads a template's fonts: {NAME: FILE}: TrueType or OpenType
// (TrueType outlines) files of the templates folder, each checked now.
func (d *decoder) fonts(n *yaml.Node, dir fs.FS) map[string]*userFont {
	pairs, _ := d.mapping(n, "fonts")
	out := map[string]*userFont{}
	for _, p := range pairs {
		out[p.Key] = nil // declared; set below when it loads
		file, ok := d.scalar(p.V, "font file of "+p.Key)
		if !ok {
			continue
		}
		if !boxNameRE.MatchString(p.Key) {
			d.errorf(p.K, "font name %q must be lower-case letters, digits, '-' and '_'", p.Key)
			continue
		}
		if dir == nil {
			d.errorf(p.V, "font %q: this template is not read from a folder, so it cannot name a file; give the folder with --templates", file)
			continue
		}
		clean, msg := cleanImagePath(file)
		if msg != "" {
			d.errorf(p.V, "font file %q %s", file, msg)
			continue
		}
		data, err := readFont(dir, clean)
		if err != nil {
			d.errorf(p.V, "font file %q: %v%s", file, err, didYouMean(cardsdb.Suggest(clean, filesNear(dir, clean), 1)))
			continue
		}
		f, err := loadFont(data)
		if err != nil {
			d.errorf(p.V, "font file %q: %v", file, err)
			continue
		}
		out[p.Key] = &userFont{family: p.Key, file: clean, face: f}
	}
	return out
}

// readFont reads a font file, at most MaxFontBytes.
func readFont(dir fs.FS, p string) ([]byte, error) {
	data, err := cardsdb.ReadLimited(dir, p, MaxFontBytes)
	if errors.Is(err, cardsdb.ErrTooLarge) {
		return nil, errors.New("over the 16 MB limit for a font")
	}
	return data, err
}

// loadFont checks that data is a font the PDF writer can embed and
// measures it as the Go fonts are measured.
func loadFont(data []byte) (*face, error) {
	if bytes.HasPrefix(data, []byte("OTTO")) {
		return nil, errors.New("an OpenType font with PostScript (CFF) outlines, which deckwright cannot embed in a PDF; use a TrueType-outline .ttf or .otf of the font")
	}
	if _, err := sfnt.Parse(data); err != nil {
		return nil, fmt.Errorf("not a TrueType or OpenType font (%v)", err)
	}
	sum := sha256.Sum256(data)
	f := &face{name: "tpl-" + hex.EncodeToString(sum[:8]), ttf: data}
	if err := f.measure(); err != nil {
		return nil, fmt.Errorf("not a usable font (%v)", err)
	}
	// The PDF writer parses the font its own way: try it now, so that a
	// font it cannot embed is an error here rather than a broken PDF.
	pdf := gofpdf.New("P", "mm", "A4", "")
	pdf.AddUTF8FontFromBytes(f.name, "", data)
	if err := pdf.Error(); err != nil {
		return nil, fmt.Errorf("the PDF writer cannot embed it (%v)", err)
	}
	return f, nil
}

// fontFamily resolves a box's font family among the template's fonts.
func (d *decoder) fontFamily(n *yaml.Node, b *box, fonts map[string]*userFont) {
	uf, declared := fonts[b.family]
	if declared && uf == nil {
		return // its file was reported
	}
	if uf == nil {
		names := make([]string, 0, len(fonts))
		for k := range fonts {
			names = append(names, k)
		}
		sort.Strings(names)
		if len(names) == 0 {
			d.errorf(n, "font family %q: the template has no fonts; add fonts: {%s: FILE.ttf} with a font file of the templates folder", b.family, b.family)
			return
		}
		d.errorf(n, "font family %q is not among the template's fonts (%s)%s", b.family, strings.Join(names, ", "), didYouMean(cardsdb.Suggest(b.family, names, 1)))
		return
	}
	// Text in the family falls back to the Go font of the box's style
	// for the characters the font lacks.
	ff := *uf.face
	ff.fallback = fontFace(b.bold, b.italic)
	b.ff = &ff
}

// fontRuns splits a fitted line set in a template font into runs of the
// font and of its fallback (the Go font) for the characters it lacks,
// which it adds to missing.
func fontRuns(line string, ff *face, size float64, missing *[]rune) []Run {
	var runs []Run
	x := 0.0
	for _, r := range line {
		own := ff.has(r) || r == ' '
		name := ff.name
		if !own {
			name = ff.fallback.name
			if !containsRune(*missing, r) {
				*missing = append(*missing, r)
			}
		}
		w := unitsToMM(float64(ff.width(r)), size)
		if n := len(runs); n > 0 && runs[n-1].Font == name {
			runs[n-1].Text += string(r)
			runs[n-1].W += w
		} else {
			runs = append(runs, Run{Text: string(r), X: x, Font: name, W: w})
		}
		x += w
	}
	return runs
}
