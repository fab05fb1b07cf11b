package templates

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// flowTemplate is a face with a title, a rules box that flows into a
// second box below the art, and a flavour box (issue 35 item 5).
const flowTemplate = `size: {width: 63, height: 88}
boxes:
  - {name: title, content: "{{.Name}}", x: 4, y: 3, w: 40, h: 7, font: {size: 12, min_size: 6}, %s}
  - {name: rules, content: "{{.Text}}", x: 4, y: 12, w: 55, h: 9, font: {size: 8, min_size: 6}, flow: more}
  - {name: more, %s x: 4, y: 60, w: 55, h: 20, font: {size: 10}}
`

func flowSet(t *testing.T, title, more string) *Template {
	t.Helper()
	src := strings.Replace(strings.Replace(flowTemplate, "%s", title, 1), "%s", more, 1)
	tpl, err := Parse("flow.yaml", "default", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return tpl
}

// TestFlow: text that does not fit its box goes on in the box its flow:
// names, at its first box's size, before anything shrinks; only a flow
// that is full shrinks, down to the first box's min_size, and then is cut
// in its last box, with a warning naming the card and that box at its
// file:line:col. A box flowed into may have content of its own, set after
// the flowed text.
func TestFlow(t *testing.T) {
	sentence := "Draw a card, then discard a card. "
	for _, tc := range []struct {
		name       string
		more       string // keys of the box flowed into
		text       string
		rules      string // the rules block ("" none), "*" any
		moreText   string // the more block's start ("" none)
		size       float64
		cut        bool
		warnPrefix string
	}{
		{name: "fits its box: nothing flows", text: "Draw a card.", rules: "Draw a card.", size: 8},
		{name: "goes on in the next box at its size", text: strings.Repeat(sentence, 5), rules: "*", moreText: "then discard", size: 8},
		{name: "a full flow shrinks", text: strings.Repeat(sentence, 12), rules: "*", moreText: "*", size: -1},
		{name: "and is cut in its last box", text: strings.Repeat(sentence, 200), rules: "*", moreText: "*", size: 6, cut: true,
			warnPrefix: `text of "Longwinded" does not fit box "more" (flow.yaml:5:5), where box "rules" flows, at 6pt: cut after`},
		{name: "the box flowed into has text of its own", more: `content: "{{.Flavor}}",`, text: "Draw a card.", rules: "Draw a card.", moreText: "Old words.", size: 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tpl := flowSet(t, "align: left", tc.more)
			c := &cardsdb.Card{Name: "Longwinded", Text: tc.text, Flavor: "Old words."}
			f, warns := tpl.Render(c, nil, cardsdb.Size{}, Front)
			rules, more := blockOf(f, "rules"), blockOf(f, "more")
			switch {
			case tc.rules == "" && rules != nil, tc.rules != "" && rules == nil:
				t.Fatalf("rules block %+v, want %q", rules, tc.rules)
			case tc.rules != "*" && rules != nil && lineText(rules) != tc.rules:
				t.Errorf("rules %q, want %q", lineText(rules), tc.rules)
			}
			switch {
			case tc.moreText == "" && more != nil:
				t.Errorf("the next box holds %q, want nothing", lineText(more))
			case tc.moreText != "" && more == nil:
				t.Fatalf("the next box is empty, want %q", tc.moreText)
			case tc.moreText != "" && tc.moreText != "*" && !strings.HasPrefix(lineText(more), tc.moreText):
				t.Errorf("the next box holds %q, want it to start %q", lineText(more), tc.moreText)
			}
			if more != nil && rules != nil {
				if more.Size != rules.Size {
					t.Errorf("sizes %g and %g: a flow is set at one size", rules.Size, more.Size)
				}
				// Nothing lost or repeated between the boxes, words kept whole.
				if got, want := spaced(lineText(rules)+" "+lineText(more)), spaced(tc.text); !tc.cut && tc.more == "" && got != want {
					t.Errorf("the boxes hold\n%s\nwant\n%s", got, want)
				}
			}
			if rules != nil {
				switch {
				case tc.size > 0 && rules.Size != tc.size:
					t.Errorf("size %g, want %g", rules.Size, tc.size)
				case tc.size < 0 && !(rules.Size < 8 && rules.Size >= 6):
					t.Errorf("size %g, want shrunk from 8 to no less than 6", rules.Size)
				}
			}
			if tc.cut != (more != nil && more.Cut) || (rules != nil && rules.Cut) {
				t.Errorf("cut: rules %v, more %v; want the last box cut: %v", rules != nil && rules.Cut, more != nil && more.Cut, tc.cut)
			}
			if tc.warnPrefix == "" && len(warns) > 0 {
				t.Errorf("warnings %v", warns)
			}
			if tc.warnPrefix != "" && (len(warns) != 1 || !strings.HasPrefix(warns[0].Message, tc.warnPrefix) || warns[0].BoxPos.String() != "flow.yaml:5:5") {
				t.Errorf("warnings %v, want one starting %q at flow.yaml:5:5", warns, tc.warnPrefix)
			}
		})
	}
}

// TestFitLine: a title with fit: line stays on one line, at the largest
// size that fits the box (to a tenth of a point), where it would wrap
// into two lines; below min_size it is cut.
func TestFitLine(t *testing.T) {
	for _, tc := range []struct {
		name   string
		title  string
		fit    string
		lines  int
		size   float64 // -1: shrunk below 12, above 6
		cut    bool
		warned bool
	}{
		{name: "short: full size", title: "Comet", fit: "fit: line", lines: 1, size: 12},
		{name: "long: shrinks on one line", title: "Hierophant Ysolde of the Tide", fit: "fit: line", lines: 1, size: -1},
		{name: "long, without fit: line, wraps", title: "Hierophant Ysolde of the Tide Marrow", fit: "align: left", lines: 2, size: -1},
		{name: "too long: cut at min_size", title: strings.Repeat("Hierophant Ysolde ", 6), fit: "fit: line", lines: 1, size: 6, cut: true, warned: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tpl := flowSet(t, tc.fit, "")
			f, warns := tpl.Render(&cardsdb.Card{Name: tc.title, Text: "Draw."}, nil, cardsdb.Size{}, Front)
			b := blockOf(f, "title")
			if b == nil {
				t.Fatal("no title")
			}
			if len(b.Lines) != tc.lines {
				t.Errorf("%d lines %q, want %d", len(b.Lines), lineText(b), tc.lines)
			}
			switch {
			case tc.size > 0 && b.Size != tc.size:
				t.Errorf("size %g, want %g", b.Size, tc.size)
			case tc.size < 0 && !(b.Size < 12 && b.Size > 6):
				t.Errorf("size %g, want between 6 and 12", b.Size)
			}
			if tc.fit == "fit: line" && !tc.cut {
				if w := b.Lines[0].W; w > 40+eps || (b.Size < 12 && w < 40-1.5) {
					t.Errorf("line %g mm wide in a 40 mm box: it should fill it", w)
				}
			}
			if b.Cut != tc.cut || (len(warns) > 0) != tc.warned {
				t.Errorf("cut %v, warnings %v; want cut %v, warned %v", b.Cut, warns, tc.cut, tc.warned)
			}
		})
	}
}

// TestFlowErrors: a flow to no box, to itself, into a box another flows
// into, in a circle, from a line, and a box without content that no box
// flows into are errors at their place.
func TestFlowErrors(t *testing.T) {
	for _, tc := range []struct{ name, boxes, want string }{
		{"unknown", `
  - {name: rules, content: "{{.Text}}", x: 4, y: 12, w: 55, h: 9, flow: mroe}
  - {name: more, x: 4, y: 60, w: 55, h: 20}`, `f.yaml:3:73: flow: "mroe" is no text box or text layer of the template; did you mean "more"? (it has rules, more)`},
		{"itself", `
  - {name: rules, content: "{{.Text}}", x: 4, y: 12, w: 55, h: 9, flow: rules}`, `f.yaml:3:73: flow: box "rules" flows into itself`},
		{"two into one", `
  - {name: a, content: "{{.Text}}", x: 4, y: 12, w: 55, h: 9, flow: c}
  - {name: b, content: "{{.Text}}", x: 4, y: 30, w: 55, h: 9, flow: c}
  - {name: c, x: 4, y: 60, w: 55, h: 20}`, `f.yaml:4:69: flow: box "c" is flowed into by box "a" already`},
		{"circle", `
  - {name: a, content: "{{.Text}}", x: 4, y: 12, w: 55, h: 9, flow: b}
  - {name: b, content: "{{.Text}}", x: 4, y: 30, w: 55, h: 9, flow: a}`, `flow: the boxes "a" ... "a" flow into each other in a circle`},
		{"a line does not flow", `
  - {name: a, content: "{{.Text}}", x: 4, y: 12, w: 55, h: 9, fit: line, flow: b}
  - {name: b, x: 4, y: 60, w: 55, h: 20}`, `f.yaml:3:5: box "a" has fit: line, which keeps its text on one line, and flow: b`},
		{"no content, no flow into it", `
  - {name: a, content: "{{.Text}}", x: 4, y: 12, w: 55, h: 9}
  - {name: b, x: 4, y: 60, w: 55, h: 20}`, `f.yaml:4:5: box "b" has no content`},
		{"a bad fit", `
  - {name: a, content: "{{.Text}}", x: 4, y: 12, w: 55, h: 9, fit: lines}`, `f.yaml:3:68: box fit must be one of box, line, found "lines"; did you mean "line"?`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("f.yaml", "default", []byte("size: {width: 63, height: 88}\nboxes:"+tc.boxes+"\n"))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v\nwant %q", err, tc.want)
			}
		})
	}
}

func blockOf(f Face, name string) *Block {
	for i := range f.Blocks {
		if f.Blocks[i].Box == name {
			return &f.Blocks[i]
		}
	}
	return nil
}

func lineText(b *Block) string {
	var out []string
	for _, l := range b.Lines {
		out = append(out, l.Text)
	}
	return strings.Join(out, " ")
}

func spaced(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestFlowSplitRefits: every part flowSplit gives a box fits that box at
// the size it chose, as Fit sets it (the last part aside when the text
// overflows the flow), and the parts hold the text's words in order,
// each once: for texts of short and long words, blank lines and boxes
// of every size, wrapping or not.
func TestFlowSplitRefits(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 35))
	vocab := []string{"a", "card", "Draw", "discard,", "then", "Supercalifragilisticexpialidocious", "unit.", "\n", "\n\n", "the"}
	for n := 0; n < 300; n++ {
		var b strings.Builder
		for range 1 + rng.IntN(120) {
			b.WriteString(vocab[rng.IntN(len(vocab))])
			b.WriteByte(' ')
		}
		text := b.String()
		rooms := make([][2]float64, 1+rng.IntN(3))
		for i := range rooms {
			rooms[i] = [2]float64{5 + rng.Float64()*50, 3 + rng.Float64()*30}
		}
		opt := FitOptions{Size: 9, MinSize: 6, Wrap: n%4 != 0}
		cuts, size := flowSplit(text, nil, rooms, opt)
		var got []string
		for i, room := range rooms {
			piece := text[cuts[i]:cuts[i+1]]
			got = append(got, strings.Fields(piece)...)
			o := opt
			o.Size, o.MinSize = size, size
			if fit := Fit(piece, room[0], room[1], o); fit.Cut && i < len(rooms)-1 {
				t.Fatalf("text %q rooms %v: part %d %q is cut at %gpt in its box", text, rooms, i, piece, size)
			}
		}
		if strings.Join(got, " ") != strings.Join(strings.Fields(text), " ") {
			t.Fatalf("text %q: the parts hold %q", text, got)
		}
	}
}
