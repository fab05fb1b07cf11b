// Package printjob is deckwright's print pipeline: it collects the cards
// of decks (or of a game's whole set) to print, with the extras their
// games need on the table, keeps the ones --only and --exclude select,
// turns the sheet settings into the page layout, and renders the PDF to an
// io.Writer, lowering the art's resolution when the PDF must stay under a
// size. The command line's print and build, and the print page of serve,
// call the same functions: the command line formats the Result for a
// person or as --json, the page answers the same JSON values.
//
// A Job is what to print; Collect makes one from Options, Select narrows
// it. Sheet holds the page settings as the command line's flags give them
// (and their errors name those flags), Job.Layout turns them into
// layout.Options, and Render draws the PDF. The package writes no files
// but the ones its caller gives it a writer for, and prints nothing.
//
// Errors are plain errors (the command line's exit status 2, unreadable
// input or a usage error) or say their exit status with an ExitStatus
// method: a *RuleError or a *StrictError (1: the deck or the print breaks
// a rule, such as an unknown card, or --strict with warnings).
//
// Example:
//
//	job, err := printjob.Collect(db, printjob.Options{Decks: []string{"seeker-chronicles/cosmos"}})
//	if err != nil {
//		return err
//	}
//	sheet := printjob.DefaultSheet()
//	sheet.Paper = "letter"
//	lo, err := job.Layout(sheet)
//	if err != nil {
//		return err
//	}
//	rep, err := printjob.Render(ctx, w, job, printjob.RenderOptions{Sheet: lo, DPI: 300})
//	if err != nil {
//		return err
//	}
//	res := &printjob.Result{Job: job, Output: "cosmos.pdf", Sheet: lo, Report: rep}
//	json.NewEncoder(os.Stdout).Encode(res.JSON())
package printjob
