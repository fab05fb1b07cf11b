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
)

var (
	templateKeys = []string{"size", "description", "frame", "faction_colors", "palette", "neutral_color", "labels", "line_height", "notice", "fonts", "layers", "boxes"}
	frameKeys    = []string{"border", "color", "background", "inset"}
	boxKeys      = []string{"name", "x", "y", "w", "h", "content", "font", "align", "valign", "wrap", "fit", "flow", "fill", "border", "border_color", "color", "padding", "line_height", "always"}
	noticeKeys   = []string{"x", "y", "w", "h", "font", "align", "valign", "fill", "border", "border_color", "color", "padding", "line_height", "sample_text", "provisional_text"}
	fontKeys     = []string{"family", "size", "min_size", "bold", "italic"}
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
	root, err := parseYAML(file, data)
	if err != nil {
		return nil, err
	}
	d := &decoder{YAMLDecoder: cardsdb.NewYAMLDecoder(file)}
	t := &Template{Name: name, File: file, neutral: defaultNeutral, lineHeight: DefaultLineHeight, pos: d.pos(root), sum: fmt.Sprintf("%x", sha256.Sum256(data))}
	t.frame.color = paint{kind: paintFaction}
	pairs, ok := d.mapping(root, "template")
	if !ok {
		return nil, d.Err()
	}
	t.dir = dir
	var boxesNode, noticeNode, fontsNode, layersNode *yaml.Node
	for _, p := range pairs {
		switch p.Key {
		case "size":
			t.Size = d.size(p.V)
		case "description":
			t.Description = d.str(p.V, "description")
		case "frame":
			d.frame(p.V, &t.frame)
		case "faction_colors":
			t.factionColors = d.colorMap(p.V)
		case "palette":
			t.palette = d.palette(p.V)
		case "neutral_color":
			if c, ok := d.rgb(p.V, "neutral_color"); ok {
				t.neutral = c
			}
		case "labels":
			t.labels = d.labels(p.V)
		case "line_height":
			if v, ok := d.number(p.V, "line_height"); ok {
				t.lineHeight = d.lineHeight(p.V, v)
			}
		case "notice":
			noticeNode = p.V
		case "boxes":
			boxesNode = p.V
		case "fonts":
			fontsNode = p.V
		case "layers":
			layersNode = p.V
		default:
			d.unknown(p, "template", templateKeys)
		}
	}
	if !hasKey(pairs, "size") {
		d.errorf(root, "template has no size; add size: {width: 63, height: 88}, the card size its boxes are laid out on")
	}
	if boxesNode == nil && layersNode == nil {
		d.errorf(root, "template has no boxes or layers; add boxes: with at least one box")
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

// decoder reads a template's YAML with cardsdb's decoder, so that template
// errors read like card-file errors: every problem with its file:line:col.
type decoder struct {
	*cardsdb.YAMLDecoder
	// fontWarns are the boxes in a style their font family has no file
	// for.
	fontWarns []Warning
}

type pair = cardsdb.YAMLPair

func parseYAML(file string, data []byte) (*yaml.Node, error) { return cardsdb.ParseYAML(file, data) }

func (d *decoder) pos(n *yaml.Node) cardsdb.Pos { return d.Pos(n) }

func (d *decoder) errorf(n *yaml.Node, format string, args ...any) { d.Errorf(n, format, args...) }

func (d *decoder) mapping(n *yaml.Node, what string) ([]pair, bool) { return d.Mapping(n, what) }

func (d *decoder) scalar(n *yaml.Node, what string) (string, bool) { return d.Scalar(n, what) }

func (d *decoder) str(n *yaml.Node, what string) string { return d.Str(n, what) }

func (d *decoder) bool(n *yaml.Node, what string) bool { return d.Bool(n, what) }

var (
	hasKey   = cardsdb.HasKey
	kindName = cardsdb.YAMLKind
)

// unknown reports a key templates do not know, listing the ones they do.
func (d *decoder) unknown(p pair, what string, allowed []string) {
	d.errorf(p.K, "unknown key %q in %s%s (allowed: %s)", p.Key, what, didYouMean(cardsdb.Suggest(p.Key, allowed, 1)), strings.Join(allowed, ", "))
}

func didYouMean(s []string) string { return cardsdb.DidYouMean(s[:min(len(s), 1)]) }

func (d *decoder) number(n *yaml.Node, what string) (float64, bool) {
	s, ok := d.scalar(n, what)
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || (n.Tag != "!!int" && n.Tag != "!!float") || math.IsInf(v, 0) || math.IsNaN(v) {
		d.errorf(n, "%s must be a number, found %q", what, s)
		return 0, false
	}
	return v, true
}

// numberIn reads a number from lo to hi.
func (d *decoder) numberIn(n *yaml.Node, what string, lo, hi float64, unit string) (float64, bool) {
	v, ok := d.number(n, what)
	if ok && (v < lo || v > hi) {
		d.errorf(n, "%s must be from %g to %g%s, found %g", what, lo, hi, unit, v)
		return 0, false
	}
	return v, ok
}

func (d *decoder) oneOf(n *yaml.Node, what string, allowed ...string) string {
	s, ok := d.scalar(n, what)
	if !ok {
		return ""
	}
	for _, a := range allowed {
		if s == a {
			return s
		}
	}
	d.errorf(n, "%s must be one of %s, found %q%s", what, strings.Join(allowed, ", "), s, didYouMean(cardsdb.Suggest(s, allowed, 1)))
	return ""
}

// colorHint explains the commonest colour mistake: an unquoted "#" starts a
// YAML comment, so the value is empty.
const colorHint = "; quote it (\"#1d3557\"): an unquoted # starts a YAML comment"

func (d *decoder) paint(n *yaml.Node, what string) (paint, bool) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		d.errorf(n, "%s is empty%s", what, colorHint)
		return paint{}, false
	}
	s, ok := d.scalar(n, what)
	if !ok {
		return paint{}, false
	}
	p, err := parsePaint(s)
	if err != nil {
		d.errorf(n, "%s must be \"#rrggbb\", \"#rgb\", faction, faction-tint or none, found %q", what, s)
		return paint{}, false
	}
	return p, true
}

func (d *decoder) rgb(n *yaml.Node, what string) (RGB, bool) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		d.errorf(n, "%s is empty%s", what, colorHint)
		return RGB{}, false
	}
	s, ok := d.scalar(n, what)
	if !ok {
		return RGB{}, false
	}
	c, err := parseRGB(s)
	if err != nil {
		d.errorf(n, "%s must be \"#rrggbb\" or \"#rgb\", found %q", what, s)
		return RGB{}, false
	}
	return c, true
}

func (d *decoder) size(n *yaml.Node) cardsdb.Size {
	var s cardsdb.Size
	pairs, _ := d.mapping(n, "size")
	for _, p := range pairs {
		switch p.Key {
		case "width":
			s.W, _ = d.numberIn(p.V, "size width", 1, maxCardMM, " mm")
		case "height":
			s.H, _ = d.numberIn(p.V, "size height", 1, maxCardMM, " mm")
		default:
			d.unknown(p, "size", []string{"width", "height"})
		}
	}
	if n.Kind == yaml.MappingNode && (!hasKey(pairs, "width") || !hasKey(pairs, "height")) {
		d.errorf(n, "size needs width and height in mm, e.g. {width: 63, height: 88}")
	}
	if s.W <= 0 || s.H <= 0 {
		return cardsdb.Size{}
	}
	return s
}

func (d *decoder) frame(n *yaml.Node, f *frameSpec) {
	pairs, _ := d.mapping(n, "frame")
	for _, p := range pairs {
		switch p.Key {
		case "border":
			f.border, _ = d.numberIn(p.V, "frame border", 0, maxBorder, " mm")
		case "color":
			if c, ok := d.paint(p.V, "frame color"); ok {
				f.color = c
			}
		case "background":
			f.background, _ = d.paint(p.V, "frame background")
		case "inset":
			f.inset, _ = d.numberIn(p.V, "frame inset", 0, 20, " mm")
		default:
			d.unknown(p, "frame", frameKeys)
		}
	}
}

func (d *decoder) colorMap(n *yaml.Node) map[string]RGB {
	pairs, _ := d.mapping(n, "faction_colors")
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
		d.errorf(n, "palette must be a list of colours, found %s", kindName(n))
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
	pairs, _ := d.mapping(n, "labels")
	out := make(map[string]string, len(pairs))
	for _, p := range pairs {
		if s, ok := d.scalar(p.V, "label of "+strconv.Quote(p.Key)); ok {
			out[p.Key] = s
		}
	}
	return out
}

func (d *decoder) lineHeight(n *yaml.Node, v float64) float64 {
	if v < 0.8 || v > 3 {
		d.errorf(n, "line_height is a multiple of the font size from 0.8 to 3, found %g", v)
		return DefaultLineHeight
	}
	return v
}

func (d *decoder) boxes(n *yaml.Node, t *Template) []*box {
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "boxes must be a list of boxes, found %s", kindName(n))
		return nil
	}
	if len(n.Content) == 0 && !t.layered() {
		d.errorf(n, "boxes is empty; add at least one box")
	}
	seen := map[string]*box{}
	var out []*box
	for _, item := range n.Content {
		b := d.box(item, t, false)
		if b == nil {
			continue
		}
		if prev, dup := seen[b.name]; dup && b.name != "" {
			d.errorf(item, "two boxes are called %q (the first at line %d); box names must differ", b.name, prev.pos.Line)
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

// box reads one box (or, with notice, the notice box).
func (d *decoder) box(n *yaml.Node, t *Template, notice bool) *box {
	what, keys := "box", boxKeys
	if notice {
		what, keys = "notice", noticeKeys
	}
	pairs, ok := d.mapping(n, what)
	if !ok {
		return nil
	}
	b := &box{
		align: "left", valign: "top", wrap: true, size: 8,
		color:      paint{kind: paintRGB},
		bColor:     paint{kind: paintRGB},
		lineHeight: t.lineHeight,
		pos:        d.pos(n),
	}
	if notice {
		b.name, b.sampleText, b.provisionalText = "notice", SampleNotice, ProvisionalNotice
	}
	var contentNode, fontNode *yaml.Node
	var minSet bool
	for _, p := range pairs {
		switch p.Key {
		case "name":
			if notice {
				d.unknown(p, what, keys)
				continue
			}
			b.name = d.boxName(p.V)
		case "x":
			b.x, _ = d.numberIn(p.V, what+" x", 0, maxCardMM, " mm")
		case "y":
			b.y, _ = d.numberIn(p.V, what+" y", 0, maxCardMM, " mm")
		case "w":
			b.w, _ = d.numberIn(p.V, what+" w", 0.5, maxCardMM, " mm")
		case "h":
			b.h, _ = d.numberIn(p.V, what+" h", 0.5, maxCardMM, " mm")
		case "content":
			if notice {
				d.errorf(p.K, "the notice box has no content: it prints the sample and provisional lines (set their words with sample_text and provisional_text)")
				continue
			}
			contentNode = p.V
		case "font":
			fontNode = p.V
		case "align":
			b.align = d.oneOf(p.V, what+" align", "left", "center", "right")
		case "valign":
			b.valign = d.oneOf(p.V, what+" valign", "top", "middle", "bottom")
		case "wrap":
			b.wrap = d.bool(p.V, what+" wrap")
		case "fit":
			b.line = d.oneOf(p.V, what+" fit", FitBox, FitLine) == FitLine
		case "flow":
			b.flow, b.flowPos = d.boxName(p.V), d.pos(p.V)
		case "fill":
			b.fill, _ = d.paint(p.V, what+" fill")
		case "color":
			b.color, _ = d.paint(p.V, what+" color")
		case "border":
			b.border, _ = d.numberIn(p.V, what+" border", 0, maxBorder, " mm")
		case "border_color":
			b.bColor, _ = d.paint(p.V, what+" border_color")
		case "padding":
			b.padding, _ = d.numberIn(p.V, what+" padding", 0, 50, " mm")
		case "line_height":
			if v, ok := d.number(p.V, what+" line_height"); ok {
				b.lineHeight = d.lineHeight(p.V, v)
			}
		case "always":
			b.always = d.bool(p.V, what+" always")
		case "sample_text":
			if notice {
				b.sampleText = d.noticeText(p.V, "sample_text", "a sample card must say that it is one")
				continue
			}
			d.unknown(p, what, keys)
		case "provisional_text":
			if notice {
				b.provisionalText = d.noticeText(p.V, "provisional_text", "the provisional mark needs its explanation")
				continue
			}
			d.unknown(p, what, keys)
		default:
			d.unknown(p, what, keys)
		}
	}
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
		if !hasKey(pairs, k) {
			d.errorf(n, "%s has no %q; a box needs x, y, w and h in mm", d.boxLabel(b, notice), k)
		}
	}
	if !notice && !hasKey(pairs, "name") {
		d.errorf(n, "box has no name; give it one (name: rules) for messages and overrides")
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
		d.errorf(n, "%s has fit: line, which keeps its text on one line, and flow: %s; a line does not flow: drop one", d.boxLabel(b, notice), b.flow)
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
	s, ok := d.scalar(n, what)
	if ok && strings.TrimSpace(s) == "" {
		d.errorf(n, "%s is empty; %s", what, why)
	}
	return s
}

var boxNameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

func (d *decoder) boxName(n *yaml.Node) string {
	s, ok := d.scalar(n, "box name")
	if !ok {
		return ""
	}
	if !boxNameRE.MatchString(s) {
		d.errorf(n, "box name %q must be lower-case letters, digits, '-' and '_'", s)
	}
	if s == "notice" {
		d.errorf(n, "box name \"notice\" is taken by the notice box; set that one with the template's notice: key")
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

// font reads a box's font and reports whether it set min_size.
func (d *decoder) font(n *yaml.Node, b *box, what string) bool {
	pairs, _ := d.mapping(n, what+" font")
	var minNode *yaml.Node
	for _, p := range pairs {
		switch p.Key {
		case "size":
			if v, ok := d.numberIn(p.V, "font size", minFontSize, maxFontSize, " pt"); ok {
				b.size = v
			}
		case "min_size":
			minNode = p.V
		case "family":
			b.family, _ = d.scalar(p.V, "font family")
		case "bold":
			b.bold = d.bool(p.V, "font bold")
		case "italic":
			b.italic = d.bool(p.V, "font italic")
		default:
			d.unknown(p, "font", fontKeys)
		}
	}
	if minNode == nil {
		return false
	}
	v, ok := d.numberIn(minNode, "font min_size", minFontSize, maxFontSize, " pt")
	if !ok {
		b.minSize = b.size
		return true
	}
	if v > b.size {
		d.errorf(minNode, "font min_size %g is larger than size %g; text shrinks from size down to min_size", v, b.size)
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
		d.errorf(n, "%s goes outside the %gx%g mm card: x + w = %g > %g; make it narrower or move it left", label, t.Size.W, t.Size.H, b.x+b.w, t.Size.W)
	}
	if b.y+b.h > t.Size.H+eps {
		d.errorf(n, "%s goes outside the %gx%g mm card: y + h = %g > %g; make it shorter or move it up", label, t.Size.W, t.Size.H, b.y+b.h, t.Size.H)
	}
	if 2*b.padding >= min(b.w, b.h) {
		d.errorf(n, "%s padding %g leaves no room inside a %gx%g mm box", label, b.padding, b.w, b.h)
		return
	}
	inner := b.h - 2*b.padding
	need := b.minSize * b.lineHeight * PtToMM
	if need > inner+eps {
		d.errorf(n, "%s is %g mm tall inside its padding, but one line at min_size %g pt needs %.2f mm; make it taller or the font smaller", label, round1(inner), b.minSize, need)
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
	s, ok := d.scalar(n, "box content")
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
	pos := d.pos(n)
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
