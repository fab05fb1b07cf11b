package templates

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/fontfile"
	"github.com/deckwright/deckwright/internal/yamlmap"
)

// MaxFontBytes is the largest font file a template may name.
const MaxFontBytes = 16 << 20

// WarnFallback is the Warning kind of characters a template's font has
// no glyph for, drawn in the Go font instead.
const WarnFallback = "font-fallback"

// WarnFontStyle is the Warning kind of a box in a style (bold, italic)
// its template font family has no file for, printed in the family's
// regular file.
const WarnFontStyle = "font-style"

// The styles of a template font family, in the order of FontStyle: the
// keys of fonts: {NAME: {regular: FILE, bold: FILE, italic: FILE,
// bold_italic: FILE}}.
var fontStyleKeys = []string{"regular", "bold", "italic", "bold_italic"}

// fontStyleTable reads a font family's files, {regular: FILE, bold:
// FILE...}, by their index in fontStyleKeys.
var fontStyleTable = func() *yamlmap.Table[*decoder, map[int]*yaml.Node] {
	var keys []yamlmap.Key[*decoder, map[int]*yaml.Node]
	for i, k := range fontStyleKeys {
		keys = append(keys, yamlmap.Key[*decoder, map[int]*yaml.Node]{Name: k, Read: func(d *decoder, v *yaml.Node, files map[int]*yaml.Node) { files[i] = v }})
	}
	return yamlmap.New("font family", keys).ListKeys()
}()

// FontStyle is a font style's index, 0 regular, 1 bold, 2 italic and 3
// bold italic: the order of a family's style files and of the Go fonts.
func FontStyle(bold, italic bool) int {
	s := 0
	if bold {
		s |= 1
	}
	if italic {
		s |= 2
	}
	return s
}

// userFont is a family of a template's fonts: list, with a file per
// style (regular at least).
type userFont struct {
	family string // the name the template gives it
	files  [4]string
	faces  [4]*face // measured; face.name is its name in a PDF; nil for a style without a file
}

// fonts reads a template's fonts: {NAME: FILE} or {NAME: {regular: FILE,
// bold: FILE, italic: FILE, bold_italic: FILE}}: TrueType or OpenType
// files of the templates folder (CFF outlines converted to TrueType
// ones), each checked now.
func (d *decoder) fonts(n *yaml.Node, dir fs.FS) map[string]*userFont {
	pairs, _ := yamlmap.Pairs(d, n, "fonts")
	out := map[string]*userFont{}
	for _, p := range pairs {
		out[p.Key] = nil // declared; set below when it loads
		if !boxNameRE.MatchString(p.Key) {
			d.Errorf(p.K, "font name %q must be lower-case letters, digits, '-' and '_'", p.Key)
			continue
		}
		files := map[int]*yaml.Node{}
		if p.V.Kind == yaml.MappingNode {
			fontStyleTable.As("font family "+p.Key).Decode(d, p.V, files)
			if files[0] == nil {
				d.Errorf(p.V, "font family %q has no regular file; add regular: FILE (bold, italic and bold_italic fall back to it)", p.Key)
				continue
			}
		} else {
			files[0] = p.V
		}
		uf := &userFont{family: p.Key}
		ok := true
		for i := range fontStyleKeys {
			v := files[i]
			if v == nil {
				continue
			}
			what := "font file"
			if i > 0 {
				what = strings.ReplaceAll(fontStyleKeys[i], "_", " ") + " font file"
			}
			if uf.files[i], uf.faces[i] = d.fontFile(v, what, dir); uf.faces[i] == nil {
				ok = false
			}
		}
		if ok {
			out[p.Key] = uf
		}
	}
	return out
}

// fontFile reads and checks one font file named by the scalar n; what
// says which ("bold font file").
func (d *decoder) fontFile(n *yaml.Node, what string, dir fs.FS) (string, *face) {
	file, ok := d.Scalar(n, what+" of a font family")
	if !ok {
		return "", nil
	}
	if dir == nil {
		d.Errorf(n, "font %q: this template is not read from a folder, so it cannot name a file; give the folder with --templates", file)
		return "", nil
	}
	clean, msg := cleanImagePath(file)
	if msg != "" {
		d.Errorf(n, "%s %q %s", what, file, msg)
		return "", nil
	}
	data, err := readFont(dir, clean)
	if err != nil {
		d.Errorf(n, "%s %q: %v%s", what, file, err, didYouMean(cardsdb.Suggest(clean, filesNear(dir, clean), 1)))
		return "", nil
	}
	f, err := loadFont(data)
	if err != nil {
		d.Errorf(n, "%s %q: %v", what, file, err)
		return "", nil
	}
	return clean, f
}

// readFont reads a font file, at most MaxFontBytes.
func readFont(dir fs.FS, p string) ([]byte, error) {
	data, err := cardsdb.ReadLimited(dir, p, MaxFontBytes)
	if errors.Is(err, cardsdb.ErrTooLarge) {
		return nil, errors.New("over the 16 MB limit for a font")
	}
	return data, err
}

// loadFont checks that data is a font the PDF writer can embed
// (internal/fontfile, the one place every font file goes through) and
// measures it as the Go fonts are measured. What is measured, embedded
// and drawn is fontfile's font: an OpenType font with PostScript (CFF)
// outlines converted to TrueType outlines, and every font's character
// map rebuilt, so that the PDF and the PNG agree.
func loadFont(data []byte) (*face, error) {
	ff, err := fontfile.Load(data)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(ff.TTF)
	f := &face{name: "tpl-" + hex.EncodeToString(sum[:8]), ttf: ff.TTF}
	if err := f.measure(); err != nil {
		return nil, fmt.Errorf("not a usable font (%v)", err)
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
			d.Errorf(n, "font family %q: the template has no fonts; add fonts: {%s: FILE.ttf} with a font file of the templates folder", b.family, b.family)
			return
		}
		d.Errorf(n, "font family %q is not among the template's fonts (%s)%s", b.family, strings.Join(names, ", "), didYouMean(cardsdb.Suggest(b.family, names, 1)))
		return
	}
	// The family's file of the box's style, else its regular file (with
	// a warning, given once by Render). Text in the family falls back to
	// the Go font of the box's style for the characters the font lacks.
	style := FontStyle(b.bold, b.italic)
	f := uf.faces[style]
	if f == nil {
		f = uf.faces[0]
		d.fontWarns = append(d.fontWarns, Warning{
			Kind: WarnFontStyle,
			Pos:  d.Pos(n),
			Message: fmt.Sprintf("font family %q has no %s file: the %s text of %s prints in its regular file; add %s: FILE under fonts: %s",
				b.family, fontStyleKeys[style], strings.ReplaceAll(fontStyleKeys[style], "_", " "), d.boxLabel(b, false), fontStyleKeys[style], b.family),
		})
	}
	ff := *f
	ff.fallback = fontFace(b.bold, b.italic)
	b.ff = &ff
	if uf.faces[1] == nil && uf.faces[2] == nil && uf.faces[3] == nil {
		return
	}
	// The faces the rules text's marks print in: the family's file of
	// each style, else the box's own, with the Go font of the style for
	// the characters it lacks.
	b.styled = new([4]*face)
	for i, sf := range uf.faces {
		if sf == nil {
			b.styled[i] = b.ff
			continue
		}
		c := *sf
		c.fallback = fontFace(i&1 != 0, i&2 != 0)
		b.styled[i] = &c
	}
}

// familyRuns splits a fitted line set in a family with style files into
// runs of one face each: a rune's style (sts, from runeStyles) and the
// box's choose the family's file of that style; a character that file
// lacks is set in the Go font of the style, and added to missing. The
// mark of one of icons (the game's image icons) is an icon run of its own,
// as in the Go fonts (lineRuns).
func familyRuns(line string, sts []byte, faces *[4]*face, bold, italic bool, size float64, missing *[]rune, icons []*cardsdb.IconDef) ([]Run, float64) {
	var runs []Run
	x := 0.0
	i := 0
	for _, r := range line {
		st := sts[i]
		i++
		b, it := bold || st&1 != 0, italic || st&2 != 0
		ff := faces[FontStyle(b, it)]
		if isIconMark(r, len(icons)) {
			w := unitsToMM(IconAdvance, size)
			runs = append(runs, iconRun(icons[r-iconMark], x, w, b, it))
			x += w
			continue
		}
		name := ff.name
		if !ff.has(r) && r != ' ' {
			name = ff.fallback.name
			if !containsRune(*missing, r) {
				*missing = append(*missing, r)
			}
		}
		w := unitsToMM(float64(ff.width(r)), size)
		if n := len(runs); n > 0 && runs[n-1].Icon == nil && runs[n-1].Font == name && runs[n-1].Bold == b && runs[n-1].Italic == it {
			runs[n-1].Text += string(r)
			runs[n-1].W += w
		} else {
			runs = append(runs, Run{Text: string(r), X: x, Font: name, W: w, Bold: b, Italic: it})
		}
		x += w
	}
	return runs, x
}

// fontRuns splits a fitted line set in a template font into runs of the
// font and of its fallback (the Go font) for the characters it lacks,
// which it adds to missing; the mark of one of icons (the game's image
// icons) is an icon run of its own, in the style bold, italic.
func fontRuns(line string, ff *face, size float64, missing *[]rune, icons []*cardsdb.IconDef, bold, italic bool) []Run {
	var runs []Run
	x := 0.0
	for _, r := range line {
		if isIconMark(r, len(icons)) {
			w := unitsToMM(IconAdvance, size)
			runs = append(runs, iconRun(icons[r-iconMark], x, w, bold, italic))
			x += w
			continue
		}
		own := ff.has(r) || r == ' '
		name := ff.name
		if !own {
			name = ff.fallback.name
			if !containsRune(*missing, r) {
				*missing = append(*missing, r)
			}
		}
		w := unitsToMM(float64(ff.width(r)), size)
		if n := len(runs); n > 0 && runs[n-1].Icon == nil && runs[n-1].Font == name {
			runs[n-1].Text += string(r)
			runs[n-1].W += w
		} else {
			runs = append(runs, Run{Text: string(r), X: x, Font: name, W: w, Bold: bold, Italic: italic})
		}
		x += w
	}
	return runs
}
