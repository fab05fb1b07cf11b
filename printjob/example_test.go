package printjob_test

import (
	"context"
	"fmt"
	"io"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/printjob"
)

func Example() {
	db, err := cardsdb.LoadBundled()
	if err != nil {
		fmt.Println(err)
		return
	}
	job, err := printjob.Collect(db, printjob.Options{Decks: []string{"seeker-chronicles/cosmos"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	sheet := printjob.DefaultSheet()
	sheet.Paper = "letter"
	lo, err := job.Layout(sheet)
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := printjob.Render(context.Background(), io.Discard, job, printjob.RenderOptions{Sheet: lo, DPI: 150})
	if err != nil {
		fmt.Println(err)
		return
	}
	res := &printjob.Result{Job: job, Output: "cosmos.pdf", Sheet: lo, Report: rep}
	fmt.Println(job.Name, rep.Cards, "cards,", rep.Pages, "pages,", res.JSON().Output)
	// Output: cosmos 46 cards, 6 pages, cosmos.pdf
}
