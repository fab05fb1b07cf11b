package templates

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"text/template"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/yamlmap"
)

// The keys of a box and of the notice box, in the order messages list
// them.
var (
	boxKeys    = []string{"name", "x", "y", "w", "h", "content", "font", "align", "valign", "wrap", "fit", "flow", "fill", "border", "border_color", "color", "padding", "line_height", "always"}
	noticeKeys = []string{"x", "y", "w", "h", "font", "align", "valign", "fill", "border", "border_color", "color", "padding", "line_height", "sample_text", "provisional_text"}
)

// Limits on template values.
const (
	maxCardMM   = 500 // largest card side, as cardsdb allows
	minFontSize = 2   // pt
	maxFontSize = 96  // pt
	maxBorder   = 5   // mm
)

// defaultNeutral is the faction colour of a card without a faction when
// the template sets no neutral_color.
var defaultNeutral = RGB{0x55, 0x55, 0x55}

// funcs are the functions box contents may call besides the methods of Data.
var funcs = template.FuncMap{
	"join":   join,
	"upper":  strings.ToUpper,
	"lower":  strings.ToLower,
	"title":  title,
	"words":  words,
	"signed": signed,
	// Bounded versions of the builtins that can build large text.
	"printf":  boundedPrintf,
	"print":   boundedPrint,
	"println": boundedPrintln,
	stepName:  stepFunc,
}

// Parse reads one template from YAML. file names it in messages and name is
// its lookup name ("default", "arkhtide/realm"). Every problem in the file
// is reported, each at its file:line:col, as a cardsdb.ErrorList.
func Parse(file, name string, data []byte) (*Template, error) {
	return parseIn(nil, file, name, data)
}

// parseIn is Parse for a template read from the folder dir, where the
// files its layers and fonts name are looked up (nil: no folder).
func parseIn(dir fs.FS, file, name string, data []byte) (*Template, error) {
	if err := cardsdb.CheckText(file, data); err != nil {
		return nil, err
	}
	root, err := cardsdb.ParseYAML(file, data)
	if err != nil {
		return nil, err
	}
	d := &decoder{YAMLDecoder: cardsdb.NewYAMLDecoder(file)}
	t := &Template{Name: name, File: file, neutral: defaultNeutral, lineHeight: DefaultLineHeight, pos: d.Pos(root), sum: fmt.Sprintf("%x", sha256.Sum256(data))}
	t.frame.color = paint{kind: paintFaction}
	t.dir = dir
	doc := &templateDoc{t: t}
	pairs, ok := templateTable.Decode(d, root, doc)
	if !ok {
		return nil, d.Err()
	}
	boxesNode, noticeNode, fontsNode, layersNode := doc.boxes, doc.notice, doc.fonts, doc.layers
	if !yamlmap.Has(pairs, "size") {
		d.Errorf(root, "template has no size; add size: {width: 63, height: 88}, the card size its boxes are laid out on")
	}
	if boxesNode == nil && layersNode == nil {
		d.Errorf(root, "template has no boxes or layers; add boxes: with at least one box")
	}
	if fontsNode != nil {
		t.fonts = d.fonts(fontsNode, dir)
	}
	if t.Size.W > 0 {
		if layersNode != nil {
			t.layers = d.layers(layersNode, t, dir)
		}
		if boxesNode != nil {
			t.boxes = d.boxes(boxesNode, t)
		}
		t.notice = d.notice(noticeNode, t)
		d.flows(t)
	}
	if err := d.Err(); err != nil {
		return nil, err
	}
	t.warnings, t.warned = d.fontWarns, new(atomic.Bool)
	return t, nil
}

// templateDoc is what the keys of a template file are read into: the
// template, and the nodes read once every key is known.
type templateDoc struct {
	t                            *Template
	boxes, notice, fonts, layers *yaml.Node
}

// templateTable reads the keys of a template file.
var templateTable = yamlmap.New("template", []yamlmap.Key[*decoder, *templateDoc]{
	{Name: "size", Read: func(d *decoder, v *yaml.Node, doc *templateDoc) { doc.t.Size = d.size(v) }},
	{Name: "description", Read: func(d *decoder, v *yaml.Node, doc *templateDoc) { doc.t.Description = d.Str(v, "description") }},
	{Name: "frame", Read: func(d *decoder, v *yaml.Node, doc *templateDoc) { d.frame(v, &doc.t.frame) }},
	{Name: "faction_colors", Read: func(d *decoder, v *yaml.Node, doc *templateDoc) { doc.t.factionColors = d.colorMap(v) }},
	{Name: "palette", Read: func(d *decoder, v *yaml.Node, doc *templateDoc) { doc.t.palette = d.palette(v) }},
	{Name: "neutral_color", Read: func(d *decoder, v *yaml.Node, doc *templateDoc) {
		if c, ok := d.rgb(v, "neutral_color"); ok {
			doc.t.neutral = c
		}
	}},
	{Name: "labels", Read: func(d *decoder, v *yaml.Node, doc *templateDoc) { doc.t.labels = d.labels(v) }},
	{Name: "line_height", Read: func(d *decoder, v *yaml.Node, doc *templateDoc) {
		if x, ok := d.number(v, "line_height"); ok {
			doc.t.lineHeight = d.lineHeight(v, x)
		}
	}},
	{Name: "notice", Read: func(d *decoder, v *yaml.Node, doc *templateDoc) { doc.notice = v }},
	{Name: "fonts", Read: func(d *decoder, v *yaml.Node, doc *templateDoc) { doc.fonts = v }},
	{Name: "layers", Read: func(d *decoder, v *yaml.Node, doc *templateDoc) { doc.layers = v }},
	{Name: "boxes", Read: func(d *decoder, v *yaml.Node, doc *templateDoc) { doc.boxes = v }},
}).ListKeys()

// decoder reads a template's YAML with cardsdb's decoder, so that template
// errors read like card-file errors: every problem with its file:line:col.
type decoder struct {
	*cardsdb.YAMLDecoder
	// fontWarns are the boxes in a style their font family has no file
	// for.
	fontWarns []Warning
}

func didYouMean(s []string) string { return cardsdb.DidYouMean(s[:min(len(s), 1)]) }

func (d *decoder) number(n *yaml.Node, what string) (float64, bool) {
	s, ok := d.Scalar(n, what)
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || (n.Tag != "!!int" && n.Tag != "!!float") || math.IsInf(v, 0) || math.IsNaN(v) {
		d.Errorf(n, "%s must be a number, found %q", what, s)
		return 0, false
	}
	return v, true
}

// numberIn reads a number from lo to hi.
func (d *decoder) numberIn(n *yaml.Node, what string, lo, hi float64, unit string) (float64, bool) {
	v, ok := d.number(n, what)
	if ok && (v < lo || v > hi) {
		d.Errorf(n, "%s must be from %g to %g%s, found %g", what, lo, hi, unit, v)
		return 0, false
	}
	return v, ok
}

func (d *decoder) oneOf(n *yaml.Node, what string, allowed ...string) string {
	s, ok := d.Scalar(n, what)
	if !ok {
		return ""
	}
	for _, a := range allowed {
		if s == a {
			return s
		}
	}
	d.Errorf(n, "%s must be one of %s, found %q%s", what, strings.Join(allowed, ", "), s, didYouMean(cardsdb.Suggest(s, allowed, 1)))
	return ""
}

// colorHint explains the commonest colour mistake: an unquoted "#" starts a
// YAML comment, so the value is empty.
const colorHint = "; quote it (\"#1d3557\"): an unquoted # starts a YAML comment"

func (d *decoder) paint(n *yaml.Node, what string) (paint, bool) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		d.Errorf(n, "%s is empty%s", what, colorHint)
		return paint{}, false
	}
	s, ok := d.Scalar(n, what)
	if !ok {
		return paint{}, false
	}
	p, err := parsePaint(s)
	if err != nil {
		d.Errorf(n, "%s must be \"#rrggbb\", \"#rgb\", faction, faction-tint or none, found %q", what, s)
		return paint{}, false
	}
	return p, true
}

func (d *decoder) rgb(n *yaml.Node, what string) (RGB, bool) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		d.Errorf(n, "%s is empty%s", what, colorHint)
		return RGB{}, false
	}
	s, ok := d.Scalar(n, what)
	if !ok {
		return RGB{}, false
	}
	c, err := parseRGB(s)
	if err != nil {
		d.Errorf(n, "%s must be \"#rrggbb\" or \"#rgb\", found %q", what, s)
		return RGB{}, false
	}
	return c, true
}

// sizeTable reads a template's size.
var sizeTable = yamlmap.New("size", []yamlmap.Key[*decoder, *cardsdb.Size]{
	{Name: "width", Read: func(d *decoder, v *yaml.Node, s *cardsdb.Size) {
		s.W, _ = d.numberIn(v, "size width", 1, maxCardMM, " mm")
	}},
	{Name: "height", Read: func(d *decoder, v *yaml.Node, s *cardsdb.Size) {
		s.H, _ = d.numberIn(v, "size height", 1, maxCardMM, " mm")
	}},
}).ListKeys()

func (d *decoder) size(n *yaml.Node) cardsdb.Size {
	var s cardsdb.Size
	pairs, _ := sizeTable.Decode(d, n, &s)
	if n.Kind == yaml.MappingNode && (!yamlmap.Has(pairs, "width") || !yamlmap.Has(pairs, "height")) {
		d.Errorf(n, "size needs width and height in mm, e.g. {width: 63, height: 88}")
	}
	if s.W <= 0 || s.H <= 0 {
		return cardsdb.Size{}
	}
	return s
}

// frameTable reads a template's frame.
var frameTable = yamlmap.New("frame", []yamlmap.Key[*decoder, *frameSpec]{
	{Name: "border", Read: func(d *decoder, v *yaml.Node, f *frameSpec) {
		f.border, _ = d.numberIn(v, "frame border", 0, maxBorder, " mm")
	}},
	{Name: "color", Read: func(d *decoder, v *yaml.Node, f *frameSpec) {
		if c, ok := d.paint(v, "frame color"); ok {
			f.color = c
		}
	}},
	{Name: "background", Read: func(d *decoder, v *yaml.Node, f *frameSpec) { f.background, _ = d.paint(v, "frame background") }},
	{Name: "inset", Read: func(d *decoder, v *yaml.Node, f *frameSpec) { f.inset, _ = d.numberIn(v, "frame inset", 0, 20, " mm") }},
}).ListKeys()

func (d *decoder) frame(n *yaml.Node, f *frameSpec) { frameTable.Decode(d, n, f) }

func (d *decoder) colorMap(n *yaml.Node) map[string]RGB {
	pairs, _ := yamlmap.Pairs(d, n, "faction_colors")
	out := make(map[string]RGB, len(pairs))
	for _, p := range pairs {
		if c, ok := d.rgb(p.V, "colour of faction "+strconv.Quote(p.Key)); ok {
			out[p.Key] = c
		}
	}
	return out
}

func (d *decoder) palette(n *yaml.Node) []RGB {
	if n.Kind != yaml.SequenceNode {
		d.Errorf(n, "palette must be a list of colours, found %s", yamlmap.Kind(n))
		return nil
	}
	var out []RGB
	for _, c := range n.Content {
		if v, ok := d.rgb(c, "palette colour"); ok {
			out = append(out, v)
		}
	}
	return out
}

func (d *decoder) labels(n *yaml.Node) map[string]string {
	pairs, _ := yamlmap.Pairs(d, n, "labels")
	out := make(map[string]string, len(pairs))
	for _, p := range pairs {
		if s, ok := d.Scalar(p.V, "label of "+strconv.Quote(p.Key)); ok {
			out[p.Key] = s
		}
	}
	return out
}

func (d *decoder) lineHeight(n *yaml.Node, v float64) float64 {
	if v < 0.8 || v > 3 {
		d.Errorf(n, "line_height is a multiple of the font size from 0.8 to 3, found %g", v)
		return DefaultLineHeight
	}
	return v
}

func (d *decoder) boxes(n *yaml.Node, t *Template) []*box {
	if n.Kind != yaml.SequenceNode {
		d.Errorf(n, "boxes must be a list of boxes, found %s", yamlmap.Kind(n))
		return nil
	}
	if len(n.Content) == 0 && !t.layered() {
		d.Errorf(n, "boxes is empty; add at least one box")
	}
	seen := map[string]*box{}
	var out []*box
	for _, item := range n.Content {
		b := d.box(item, t, false)
		if b == nil {
			continue
		}
		if prev, dup := seen[b.name]; dup && b.name != "" {
			d.Errorf(item, "two boxes are called %q (the first at line %d); box names must differ", b.name, prev.pos.Line)
			continue
		}
		seen[b.name] = b
		out = append(out, b)
	}
	return out
}

// notice reads the notice box, or places one along the bottom edge when
// the template has none.
func (d *decoder) notice(n *yaml.Node, t *Template) *box {
	if n == nil {
		return &box{
			name: "notice", x: 3, y: t.Size.H - 4.2, w: t.Size.W - 6, h: 3.2,
			size: 5, minSize: 4, align: "center", valign: "middle", wrap: true,
			color: paint{kind: paintRGB, rgb: RGB{0x44, 0x44, 0x44}}, lineHeight: t.lineHeight,
			sampleText: SampleNotice, provisionalText: ProvisionalNotice, pos: t.pos,
		}
	}
	return d.box(n, t, true)
}

// boxDoc is what the keys of a box are read into: the box, what it is
// called in messages ("box" or "notice"), and the nodes read once every
// key is known.
type boxDoc struct {
	b             *box
	what          string
	content, font *yaml.Node
}

// boxReaders read the keys of a box and of the notice box, which share
// most of them.
var boxReaders = map[string]func(d *decoder, v *yaml.Node, bd *boxDoc){
	"name": func(d *decoder, v *yaml.Node, bd *boxDoc) { bd.b.name = d.boxName(v) },
	"x": func(d *decoder, v *yaml.Node, bd *boxDoc) {
		bd.b.x, _ = d.numberIn(v, bd.what+" x", 0, maxCardMM, " mm")
	},
	"y": func(d *decoder, v *yaml.Node, bd *boxDoc) {
		bd.b.y, _ = d.numberIn(v, bd.what+" y", 0, maxCardMM, " mm")
	},
	"w": func(d *decoder, v *yaml.Node, bd *boxDoc) {
		bd.b.w, _ = d.numberIn(v, bd.what+" w", 0.5, maxCardMM, " mm")
	},
	"h": func(d *decoder, v *yaml.Node, bd *boxDoc) {
		bd.b.h, _ = d.numberIn(v, bd.what+" h", 0.5, maxCardMM, " mm")
	},
	"content": func(d *decoder, v *yaml.Node, bd *boxDoc) { bd.content = v },
	"font":    func(d *decoder, v *yaml.Node, bd *boxDoc) { bd.font = v },
	"align": func(d *decoder, v *yaml.Node, bd *boxDoc) {
		bd.b.align = d.oneOf(v, bd.what+" align", "left", "center", "right")
	},
	"valign": func(d *decoder, v *yaml.Node, bd *boxDoc) {
		bd.b.valign = d.oneOf(v, bd.what+" valign", "top", "middle", "bottom")
	},
	"wrap": func(d *decoder, v *yaml.Node, bd *boxDoc) { bd.b.wrap = d.Bool(v, bd.what+" wrap") },
	"fit": func(d *decoder, v *yaml.Node, bd *boxDoc) {
		bd.b.line = d.oneOf(v, bd.what+" fit", FitBox, FitLine) == FitLine
	},
	"flow":  func(d *decoder, v *yaml.Node, bd *boxDoc) { bd.b.flow, bd.b.flowPos = d.boxName(v), d.Pos(v) },
	"fill":  func(d *decoder, v *yaml.Node, bd *boxDoc) { bd.b.fill, _ = d.paint(v, bd.what+" fill") },
	"color": func(d *decoder, v *yaml.Node, bd *boxDoc) { bd.b.color, _ = d.paint(v, bd.what+" color") },
	"border": func(d *decoder, v *yaml.Node, bd *boxDoc) {
		bd.b.border, _ = d.numberIn(v, bd.what+" border", 0, maxBorder, " mm")
	},
	"border_color": func(d *decoder, v *yaml.Node, bd *boxDoc) {
		bd.b.bColor, _ = d.paint(v, bd.what+" border_color")
	},
	"padding": func(d *decoder, v *yaml.Node, bd *boxDoc) {
		bd.b.padding, _ = d.numberIn(v, bd.what+" padding", 0, 50, " mm")
	},
	"line_height": func(d *decoder, v *yaml.Node, bd *boxDoc) {
		if x, ok := d.number(v, bd.what+" line_height"); ok {
			bd.b.lineHeight = d.lineHeight(v, x)
		}
	},
	"always": func(d *decoder, v *yaml.Node, bd *boxDoc) { bd.b.always = d.Bool(v, bd.what+" always") },
	"sample_text": func(d *decoder, v *yaml.Node, bd *boxDoc) {
		bd.b.sampleText = d.noticeText(v, "sample_text", "a sample card must say that it is one")
	},
	"provisional_text": func(d *decoder, v *yaml.Node, bd *boxDoc) {
		bd.b.provisionalText = d.noticeText(v, "provisional_text", "the provisional mark needs its explanation")
	},
}

// boxTableOf returns the table of a box named what in messages that
// reads keys.
func boxTableOf(what string, keys ...string) *yamlmap.Table[*decoder, *boxDoc] {
	ks := make([]yamlmap.Key[*decoder, *boxDoc], len(keys))
	for i, k := range keys {
		ks[i] = yamlmap.Key[*decoder, *boxDoc]{Name: k, Read: boxReaders[k]}
	}
	return yamlmap.New(what, ks)
}

var (
	// boxTable reads a box: the keys of boxKeys.
	boxTable = boxTableOf("box", boxKeys...)
	// noticeTable reads the notice box: the keys of noticeKeys, and
	// those of a box the notice has always taken without their being
	// offered in messages; its content: has a message of its own.
	noticeTable = boxTableOf("notice", append(append([]string{}, noticeKeys...), "wrap", "fit", "flow", "always")...).
			Other(func(d *decoder, p yamlmap.Pair, bd *boxDoc) bool {
			if p.Key != "content" {
				return false
			}
			d.Errorf(p.K, "the notice box has no content: it prints the sample and provisional lines (set their words with sample_text and provisional_text)")
			return true
		})
)

// box reads one box (or, with notice, the notice box).
func (d *decoder) box(n *yaml.Node, t *Template, notice bool) *box {
	what, keys := "box", boxTable.Names()
	if notice {
		what, keys = "notice", noticeKeys
	}
	pairs, ok := yamlmap.Pairs(d, n, what)
	if !ok {
		return nil
	}
	b := &box{
		align: "left", valign: "top", wrap: true, size: 8,
		color:      paint{kind: paintRGB},
		bColor:     paint{kind: paintRGB},
		lineHeight: t.lineHeight,
		pos:        d.Pos(n),
	}
	if notice {
		b.name, b.sampleText, b.provisionalText = "notice", SampleNotice, ProvisionalNotice
	}
	table := boxTable
	if notice {
		table = noticeTable
	}
	bd := &boxDoc{b: b, what: what}
	for _, p := range pairs {
		if !table.Known(d, p, bd) {
			yamlmap.Unknown(d, p, what, keys, true)
		}
	}
	contentNode, fontNode := bd.content, bd.font
	var minSet bool
	if fontNode != nil {
		minSet = d.font(fontNode, b, what)
		if b.family != "" {
			d.fontFamily(fontNode, b, t.fonts)
		}
	}
	if !minSet {
		b.minSize = defaultMinSize(b.size)
	}
	for _, k := range []string{"x", "y", "w", "h"} {
		if !yamlmap.Has(pairs, k) {
			d.Errorf(n, "%s has no %q; a box needs x, y, w and h in mm", d.boxLabel(b, notice), k)
		}
	}
	if !notice && !yamlmap.Has(pairs, "name") {
		d.Errorf(n, "box has no name; give it one (name: rules) for messages and overrides")
	}
	d.checkGeometry(n, b, t, notice)
	if !notice {
		if contentNode == nil {
			// Only a box another one flows into may have none: said
			// once every flow is known (flows).
			b.noContent = true
		} else {
			d.content(contentNode, b)
		}
	} else {
		b.tmpl = nil
	}
	if b.line && b.flow != "" {
		d.Errorf(n, "%s has fit: line, which keeps its text on one line, and flow: %s; a line does not flow: drop one", d.boxLabel(b, notice), b.flow)
		b.flow = ""
	}
	return b
}

// The values of a box's fit:.
const (
	// FitBox (the default) breaks the text into lines and shrinks it,
	// down to min_size, until it fits the box.
	FitBox = "box"
	// FitLine keeps the text on one line (its line breaks become
	// spaces) at the largest size from size down to min_size at which it
	// fits the box: a title that shrinks rather than wraps.
	FitLine = "line"
)

// flows links each box with flow: NAME to the text box or text layer
// NAME, where the text it cannot hold goes on, and checks the chains: a
// box flows into one other box of the template, which no other box flows
// into, without coming back; a box without content must be flowed into.
func (d *decoder) flows(t *Template) {
	byName := map[string]*box{}
	var names []string
	all := t.textBoxes()
	for _, b := range all {
		if b.name != "" && byName[b.name] == nil {
			byName[b.name] = b
			names = append(names, b.name)
		}
	}
	for _, b := range all {
		if b.flow == "" {
			continue
		}
		to := byName[b.flow]
		switch {
		case to == nil:
			d.Add(b.flowPos, "flow: %q is no text box or text layer of the template%s (it has %s)", b.flow, didYouMean(cardsdb.Suggest(b.flow, names, 1)), strings.Join(names, ", "))
		case to == b:
			d.Add(b.flowPos, "flow: box %q flows into itself; name the box its text goes on in", b.name)
		case to.prev != nil:
			d.Add(b.flowPos, "flow: box %q is flowed into by box %q already; a box takes the text of one other box", to.name, to.prev.name)
		case to.line:
			d.Add(b.flowPos, "flow: box %q has fit: line and takes no text from another box", to.name)
		default:
			b.next, to.prev = to, b
		}
	}
	for _, b := range all {
		seen := map[*box]bool{}
		for c := b; c != nil; c = c.next {
			if seen[c] {
				d.Add(b.flowPos, "flow: the boxes %q ... %q flow into each other in a circle; the last box of a flow has none", b.name, c.name)
				for c := b; c != nil && c.next != nil; c = c.next {
					c.next.prev, c.next = nil, nil
				}
				break
			}
			seen[c] = true
		}
		if b.noContent && b.prev == nil {
			d.Add(b.pos, "%s has no content; add content: \"{{.Name}}\" or another text template (only a box another one flows into may have none)", d.boxLabel(b, false))
		}
	}
}

// noticeText reads the wording of a notice line, which may not be empty.
func (d *decoder) noticeText(n *yaml.Node, what, why string) string {
	s, ok := d.Scalar(n, what)
	if ok && strings.TrimSpace(s) == "" {
		d.Errorf(n, "%s is empty; %s", what, why)
	}
	return s
}

var boxNameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

func (d *decoder) boxName(n *yaml.Node) string {
	s, ok := d.Scalar(n, "box name")
	if !ok {
		return ""
	}
	if !boxNameRE.MatchString(s) {
		d.Errorf(n, "box name %q must be lower-case letters, digits, '-' and '_'", s)
	}
	if s == "notice" {
		d.Errorf(n, "box name \"notice\" is taken by the notice box; set that one with the template's notice: key")
	}
	return s
}

func (d *decoder) boxLabel(b *box, notice bool) string {
	if notice {
		return "notice box"
	}
	if b.name == "" {
		return "box"
	}
	return "box " + strconv.Quote(b.name)
}

// fontDoc is what the keys of a box's font are read into: the box, and
// min_size, read once the size is known.
type fontDoc struct {
	b   *box
	min *yaml.Node
}

// fontTable reads the keys of a box's font.
var fontTable = yamlmap.New("font", []yamlmap.Key[*decoder, *fontDoc]{
	{Name: "family", Read: func(d *decoder, v *yaml.Node, fd *fontDoc) { fd.b.family, _ = d.Scalar(v, "font family") }},
	{Name: "size", Read: func(d *decoder, v *yaml.Node, fd *fontDoc) {
		if x, ok := d.numberIn(v, "font size", minFontSize, maxFontSize, " pt"); ok {
			fd.b.size = x
		}
	}},
	{Name: "min_size", Read: func(d *decoder, v *yaml.Node, fd *fontDoc) { fd.min = v }},
	{Name: "bold", Read: func(d *decoder, v *yaml.Node, fd *fontDoc) { fd.b.bold = d.Bool(v, "font bold") }},
	{Name: "italic", Read: func(d *decoder, v *yaml.Node, fd *fontDoc) { fd.b.italic = d.Bool(v, "font italic") }},
}).ListKeys()

// font reads a box's font and reports whether it set min_size.
func (d *decoder) font(n *yaml.Node, b *box, what string) bool {
	pairs, _ := yamlmap.Pairs(d, n, what+" font")
	fd := &fontDoc{b: b}
	fontTable.Walk(d, pairs, fd)
	minNode := fd.min
	if minNode == nil {
		return false
	}
	v, ok := d.numberIn(minNode, "font min_size", minFontSize, maxFontSize, " pt")
	if !ok {
		b.minSize = b.size
		return true
	}
	if v > b.size {
		d.Errorf(minNode, "font min_size %g is larger than size %g; text shrinks from size down to min_size", v, b.size)
		v = b.size
	}
	b.minSize = v
	return true
}

// defaultMinSize is how far text shrinks when a box gives no min_size:
// to 60% of its size, rounded down to half a point, but not below 4 pt.
func defaultMinSize(size float64) float64 {
	m := math.Floor(size*0.6*2) / 2
	return min(size, max(m, 4))
}

func (d *decoder) checkGeometry(n *yaml.Node, b *box, t *Template, notice bool) {
	if b.w <= 0 || b.h <= 0 {
		return
	}
	label := d.boxLabel(b, notice)
	if b.x+b.w > t.Size.W+eps {
		d.Errorf(n, "%s goes outside the %gx%g mm card: x + w = %g > %g; make it narrower or move it left", label, t.Size.W, t.Size.H, b.x+b.w, t.Size.W)
	}
	if b.y+b.h > t.Size.H+eps {
		d.Errorf(n, "%s goes outside the %gx%g mm card: y + h = %g > %g; make it shorter or move it up", label, t.Size.W, t.Size.H, b.y+b.h, t.Size.H)
	}
	if 2*b.padding >= min(b.w, b.h) {
		d.Errorf(n, "%s padding %g leaves no room inside a %gx%g mm box", label, b.padding, b.w, b.h)
		return
	}
	inner := b.h - 2*b.padding
	need := b.minSize * b.lineHeight * PtToMM
	if need > inner+eps {
		d.Errorf(n, "%s is %g mm tall inside its padding, but one line at min_size %g pt needs %.2f mm; make it taller or the font smaller", label, round1(inner), b.minSize, need)
	}
}

var (
	tplErrRE   = regexp.MustCompile(`^template: [^:]*:(\d+):(?:(\d+):)? ?(.*)$`)
	execAtRE   = regexp.MustCompile(`^executing "[^"]*" at <([^>]*)>: (.*)$`)
	noFieldRE  = regexp.MustCompile(`can't evaluate field (\w+) in type`)
	dataFields = []string{"Game", "GameID", "Name", "Type", "TypeName", "Faction", "FactionID", "FactionLabel", "Text", "Flavor", "Pack", "PackID", "Copies", "Stats", "Texts", "Back", "CardBack", "Sample", "Provisional", "Field", "List", "Has", "Label", "IsProvisional", "StatsOf", "StatsExcept"}
)

// content parses a box's content template and runs it once on an empty
// front and back, so that a misspelt field is reported now, with its
// position, rather than on every card.
func (d *decoder) content(n *yaml.Node, b *box) {
	s, ok := d.Scalar(n, "box content")
	if !ok {
		return
	}
	b.content = s
	tmpl, err := compile(b.name, s)
	if err != nil {
		d.tplError(n, b, err)
		return
	}
	for _, probe := range []*Data{{}, {Back: true}, {CardBack: true}} {
		if _, err := execute(tmpl, probe); err != nil {
			d.tplError(n, b, err)
			return
		}
	}
	b.tmpl = tmpl
}

// tplError reports a text/template error at its place inside the content
// value: lines count from the value's first line.
func (d *decoder) tplError(n *yaml.Node, b *box, err error) {
	msg := err.Error()
	pos := d.Pos(n)
	if m := tplErrRE.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		msg = m[3]
		switch n.Style {
		case yaml.LiteralStyle, yaml.FoldedStyle:
			pos.Line += line
			pos.Col = 0
		default:
			pos.Line += line - 1
			if line == 1 && col > 0 {
				pos.Col += col // text/template counts columns from 0
				if n.Style == yaml.DoubleQuotedStyle || n.Style == yaml.SingleQuotedStyle {
					pos.Col++
				}
			} else {
				pos.Col = 0
			}
		}
	}
	msg = cleanExecMsg(msg)
	d.Add(pos, "box %q content: %s", b.name, msg)
}

// cleanExecErr shortens a text/template execution error for a warning.
func cleanExecErr(err error) string {
	msg := err.Error()
	if m := tplErrRE.FindStringSubmatch(msg); m != nil {
		msg = m[3]
	}
	return cleanExecMsg(msg)
}

func cleanExecMsg(msg string) string {
	if m := execAtRE.FindStringSubmatch(msg); m != nil {
		msg = "at " + m[1] + ": " + m[2]
	}
	if m := noFieldRE.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("there is no field .%s%s (fields: .%s)", m[1], didYouMeanField(m[1]), strings.Join(dataFields, ", ."))
	}
	return msg
}

func didYouMeanField(name string) string {
	s := cardsdb.Suggest(name, dataFields, 1)
	if len(s) == 0 {
		return ""
	}
	return "; did you mean ." + s[0] + "?"
}
