package render_test

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"
)

// TestGofpdfStateFollowsQ holds the vendored gofpdf's patch that makes its
// cached graphics state (colours, line width, transparency) follow the
// PDF's q/Q: each case calls gofpdf, and a small interpreter of the page's
// content stream says what colour each piece of text and each filled
// shape is painted in, which must be the colour last asked for in force at
// that point.
func TestGofpdfStateFollowsQ(t *testing.T) {
	white, black, red := [3]int{255, 255, 255}, [3]int{0, 0, 0}, [3]int{255, 0, 0}
	text := func(f *gofpdf.Fpdf, c [3]int) {
		f.SetTextColor(c[0], c[1], c[2])
		f.Text(10, 10, "x")
	}
	fill := func(f *gofpdf.Fpdf, c [3]int) {
		f.SetFillColor(c[0], c[1], c[2])
		f.Rect(0, 0, 5, 5, "F")
	}
	cases := []struct {
		name string
		draw func(f *gofpdf.Fpdf)
		want string // the fill colour of each Tj and each fill, in order
		// fillAfter, when set, is what GetFillColor says at the end.
		fillAfter string
	}{
		{
			// The forge example's cards: a white fill inside one card's
			// q/Q, then white text in the next card.
			name: "white text after a white fill in a closed transform",
			draw: func(f *gofpdf.Fpdf) {
				f.TransformBegin()
				fill(f, white)
				f.TransformEnd()
				f.TransformBegin()
				text(f, white)
				f.TransformEnd()
			},
			want: "fill 1 1 1, text 1 1 1",
		},
		{
			name: "the same after a clipping context",
			draw: func(f *gofpdf.Fpdf) {
				f.ClipRect(0, 0, 50, 50, false)
				fill(f, white)
				f.ClipEnd()
				text(f, white)
			},
			want: "fill 1 1 1, text 1 1 1",
		},
		{
			name: "a fill set before a transform is in force after it",
			draw: func(f *gofpdf.Fpdf) {
				f.SetFillColor(255, 0, 0)
				f.TransformBegin()
				fill(f, white)
				f.TransformEnd()
				f.Rect(0, 0, 5, 5, "F")
				text(f, red)
			},
			want:      "fill 1 1 1, fill 1 0 0, text 1 0 0",
			fillAfter: "255 0 0",
		},
		{
			name: "black text after a transform that set white text and fill",
			draw: func(f *gofpdf.Fpdf) {
				text(f, black)
				f.TransformBegin()
				fill(f, white)
				text(f, white)
				f.TransformEnd()
				text(f, black)
			},
			want: "text 0 0 0, fill 1 1 1, text 1 1 1, text 0 0 0",
		},
		{
			name: "a rounded rectangle closes its own q",
			draw: func(f *gofpdf.Fpdf) {
				f.TransformBegin()
				f.SetFillColor(255, 255, 255)
				f.RoundedRect(0, 0, 10, 10, 2, "1234", "F")
				f.TransformEnd()
				text(f, white)
			},
			want: "fill 1 1 1, text 1 1 1",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := gofpdf.New("P", "mm", "A4", "")
			f.SetCompression(false)
			f.AddPage()
			f.SetFont("Helvetica", "", 10)
			c.draw(f)
			if err := f.Error(); err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := f.Output(&buf); err != nil {
				t.Fatal(err)
			}
			got, depth := paints(t, pageContent(t, buf.Bytes()))
			if got != c.want {
				t.Errorf("painted %q, want %q", got, c.want)
			}
			if depth != 0 {
				t.Errorf("the page ends %d q deep, want 0 (a q without its Q)", depth)
			}
			// The cache agrees with the PDF at the end too.
			if r, g, b := f.GetFillColor(); c.fillAfter != "" && fmt.Sprint(r, g, b) != c.fillAfter {
				t.Errorf("GetFillColor at the end = %d %d %d, want %s", r, g, b, c.fillAfter)
			}
		})
	}
}

// pageContent is the first (uncompressed) content stream of a PDF.
func pageContent(t *testing.T, pdf []byte) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)stream\n(.*?)\nendstream`).FindSubmatch(pdf)
	if m == nil {
		t.Fatal("no content stream")
	}
	return string(m[1])
}

// paints interprets a content stream's q/Q, g/rg, Tj and fills, and says
// the fill colour of each text and fill painted, and the q depth at its
// end.
func paints(t *testing.T, content string) (string, int) {
	t.Helper()
	type state struct{ fill string }
	cur, stack := state{fill: "0 0 0"}, []state{}
	var ops []string
	var out []string
	for _, tok := range tokens(content) {
		switch tok {
		case "q":
			stack = append(stack, cur)
		case "Q":
			if len(stack) == 0 {
				t.Fatal("Q without q")
			}
			cur, stack = stack[len(stack)-1], stack[:len(stack)-1]
		case "g":
			v := num(ops[len(ops)-1])
			cur.fill = v + " " + v + " " + v
		case "rg":
			cur.fill = num(ops[len(ops)-3]) + " " + num(ops[len(ops)-2]) + " " + num(ops[len(ops)-1])
		case "Tj", "TJ":
			out = append(out, "text "+cur.fill)
		case "f", "F", "f*", "B", "B*", "b", "b*":
			out = append(out, "fill "+cur.fill)
		default:
			ops = append(ops, tok)
			continue
		}
		ops = ops[:0]
	}
	return strings.Join(out, ", "), len(stack)
}

// num writes a PDF number without trailing zeros.
func num(s string) string {
	var v float64
	fmt.Sscan(s, &v)
	return fmt.Sprint(v)
}

// tokens splits a content stream into operands and operators, keeping a
// (string) whole.
func tokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ' || c == '\n' || c == '\r' || c == '\t':
			i++
		case c == '(':
			depth, j := 0, i
			for ; j < len(s); j++ {
				if s[j] == '\\' {
					j++
					continue
				}
				if s[j] == '(' {
					depth++
				} else if s[j] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			out = append(out, s[i:min(j+1, len(s))])
			i = j + 1
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \n\r\t(", rune(s[j])) {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out
}
