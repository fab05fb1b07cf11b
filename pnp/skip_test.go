package pnp

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestSkipPages checks that pages without a grid of cards (a page of
// rules between two pages of cards) are skipped with a reason while the
// others are cut, and that a PDF with no page of cards is an error that
// names each page (issue 21: one page stopped everything).
func TestSkipPages(t *testing.T) {
	t.Parallel()
	needPdftoppm(t)
	pdf := sheetPDF()
	rules := func() {
		pdf.AddPage()
		pdf.SetFont("Helvetica", "", 12)
		pdf.SetTextColor(0, 0, 0)
		for i := 0; i < 30; i++ {
			pdf.Text(20, 20+float64(i)*8, fmt.Sprintf("Rule %d: a line of the rules, not a card at all.", i))
		}
	}
	rules()
	for p := 0; p < 2; p++ {
		pdf.AddPage()
		for i := 0; i < 9; i++ {
			x, y := grid3(i, 3)
			vectorCard(pdf, 9*p+i, x, y)
		}
	}
	rules()
	path := savePDF(t, pdf)
	res, err := Import(context.Background(), path, Options{CardW: 63, CardH: 88, DPI: 100})
	if err != nil {
		t.Fatal(err)
	}
	if res.Layout != LayoutFronts || res.LayoutReason == "" {
		t.Errorf("layout %q (%q), want fronts with a reason", res.Layout, res.LayoutReason)
	}
	if len(res.Cards) != 18 {
		t.Errorf("%d cards, want 18", len(res.Cards))
	}
	var sides []string
	for _, p := range res.Pages {
		sides = append(sides, fmt.Sprintf("%d:%s", p.Page, p.Side))
		if p.Side == "skipped" && !strings.HasPrefix(p.Skipped, "no grid of cards (a map, a board or rules?): ") {
			t.Errorf("page %d skipped for %q, want no grid", p.Page, p.Skipped)
		}
	}
	if got := strings.Join(sides, " "); got != "1:skipped 2:fronts 3:fronts 4:skipped" {
		t.Errorf("pages %s, want 1:skipped 2:fronts 3:fronts 4:skipped", got)
	}

	_, err = Import(context.Background(), path, Options{CardW: 63, CardH: 88, DPI: 100, Pages: []int{1, 4}})
	if !errors.Is(err, ErrNoCardPages) || !strings.Contains(err.Error(), "page 1: no grid") || !strings.Contains(err.Error(), "page 4: no grid") {
		t.Errorf("err = %v, want no page holds cards, naming pages 1 and 4", err)
	}
}
