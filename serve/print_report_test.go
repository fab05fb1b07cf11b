package serve

import (
	"bytes"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/printjob"
	"github.com/deckwright/deckwright/render"
)

// TestPrintReportFragment draws the print fragment from print --json's
// typed report: the figures, the sample and provisional notes, and each
// warning by its message (the page once showed a warning as a Go map,
// "map[card:... kind:... message:...]", from the JSON parsed back).
func TestPrintReportFragment(t *testing.T) {
	s := &Server{}
	if err := s.loadPages(); err != nil {
		t.Fatal(err)
	}
	rep := &printjob.Report{Output: "deck.pdf", Sample: true, ProvisionalCards: 3, TableExtras: []printjob.Extra{},
		Render: &render.Report{Pages: 2, Cards: 12, PerPage: 9, Images: 4, TextFaces: 8,
			Warnings: []render.Warning{{Card: "Comet", Kind: "missing-image", Message: "Comet: art comet.png: no such file; printing a text proxy instead"}}}}
	var b bytes.Buffer
	if err := s.pages["partials"].ExecuteTemplate(&b, "print-report", printData{Report: rep}); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{
		"Ready: 2 pages, 12 cards, 9 a page (4 with art, 8 text proxies).",
		"This deck uses sample cards",
		"3 cards carry provisional values",
		`<p class="note">Comet: art comet.png: no such file; printing a text proxy instead</p>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the fragment lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, "map[") {
		t.Errorf("the fragment shows a Go map:\n%s", html)
	}
}
