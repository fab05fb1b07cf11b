package templates

import (
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// TestBoundedTemplates runs hostile box contents (issue 25, item 8): each
// must stop quickly with an error naming the box, at load (where the
// content is tried on a blank card) or when a card is drawn.
func TestBoundedTemplates(t *testing.T) {
	for _, tc := range []struct {
		name, content, want string
	}{
		{"nested range", `{{range 100000}}{{range 100000}}{{range 100000}}{{end}}{{end}}{{end}}`, "loops run more than"},
		{"range over a variable", `{{$n := 1000000000}}{{range $n}}{{end}}`, "loops run more than"},
		{"huge output", `{{range 10000000}}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx{{end}}`, "more than"},
		{"printf width", `{{printf "%0999999999d" 1}}`, "printf width or precision over 1000"},
		{"printf star", `{{printf "%*d" 999999999 1}}`, "printf width or precision from an argument"},
		{"doubling", `{{$s := "xxxxxxxxxxxxxxxx"}}{{range 40}}{{$s = print $s $s}}{{end}}{{$s}}`, "writes more than"},
		{"defined loop", `{{define "a"}}{{range 1000}}{{range 1000}}{{end}}{{end}}{{end}}{{template "a" .}}`, "loops run more than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "size: {width: 63, height: 88}\nboxes:\n  - name: evil\n    x: 3\n    y: 3\n    w: 57\n    h: 10\n    content: '" + tc.content + "'\n"
			_, err := Parse("evil.yaml", "default", []byte(src))
			if err == nil {
				t.Fatal("loaded without an error")
			}
			if !strings.Contains(err.Error(), "evil.yaml:8:") || !strings.Contains(err.Error(), `box "evil" content`) ||
				!strings.Contains(err.Error(), tc.want) && !strings.Contains(err.Error(), "runs longer than") {
				t.Errorf("error %q: want it at evil.yaml:8, naming box evil and saying %q", err, tc.want)
			}
		})
	}
}

// TestBoundedTemplatesAtRender: a loop that a blank card skips runs on a
// real card, and is stopped there with a warning naming the template.
func TestBoundedTemplatesAtRender(t *testing.T) {
	src := "size: {width: 63, height: 88}\nboxes:\n  - name: evil\n    x: 3\n    y: 3\n    w: 57\n    h: 10\n    content: '{{if .Name}}{{range 100000}}{{range 100000}}{{end}}{{end}}{{end}}ok'\n"
	tp, err := Parse("evil.yaml", "default", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	face, warns := tp.Render(&cardsdb.Card{Name: "Comet", Type: "unit"}, nil, cardsdb.Size{}, Front)
	if len(face.Blocks) != 0 || len(warns) != 1 || !strings.Contains(warns[0].Message, `box "evil" of template default failed: it`) ||
		!strings.Contains(warns[0].Message, "loops run more than") && !strings.Contains(warns[0].Message, "runs longer than") {
		t.Errorf("blocks %d, warnings %v", len(face.Blocks), warns)
	}
}

func TestCheckFormat(t *testing.T) {
	for f, ok := range map[string]bool{"%d": true, "%5.2f": true, "%1000d": true, "%1001d": false, "%.2000f": false, "%*d": false, "100%%": true, "%[1]d": true} {
		if err := checkFormat(f); (err == nil) != ok {
			t.Errorf("checkFormat(%q) = %v", f, err)
		}
	}
}
