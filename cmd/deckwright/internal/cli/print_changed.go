package cli

import (
	"fmt"
	"os"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/changes"
	"github.com/deckwright/deckwright/printjob"
	"github.com/deckwright/deckwright/render"
)

// keepChanged is print --changed-since OLD: it keeps only the items whose
// card was added or changed since OLD, a game folder, its game.yaml, a
// cards file, or a revision of the git repository the game's folder is
// in. It reports false when nothing is left to print.
func keepChanged(opts *printOptions, db *cardsdb.DB, job *printjob.Job) (bool, error) {
	old := opts.changedSince
	newT, err := opts.sheet.templateSet(job.DB)
	if err != nil {
		return false, inputError(err)
	}
	touched := map[*cardsdb.Card]bool{}
	for _, g := range job.Games {
		var v *version
		var err error
		if _, serr := os.Stat(old); serr == nil {
			v, err = loadVersion(db, old)
		} else {
			if g.Dir == "" || len(g.Dir) > 8 && g.Dir[:8] == "bundled:" {
				return false, usageError("--changed-since %s: no such file or folder (a git revision needs a game folder of your own, given with --db)", old)
			}
			var dir string
			dir, err = gitVersion(opts.io.context(), opts.io.temps, g.Dir, old)
			if err != nil {
				return false, usageError("--changed-since %s: %v", old, err)
			}
			defer func() {
				os.RemoveAll(dir)
				opts.io.temps.remove(dir)
			}()
			v, err = loadVersion(db, dir)
		}
		if err != nil {
			return false, err
		}
		if v.game.ID != g.ID {
			return false, usageError("--changed-since %s is of game %q, not %q", old, v.game.ID, g.ID)
		}
		// The old version's faces with its own templates; the new ones as
		// this print draws them.
		oldT, err := templateSource(v.db, opts.sheet.templates)
		if err != nil {
			return false, inputError(err)
		}
		d, err := changes.Compare(v.game, g, oldT, newT)
		if err != nil {
			return false, err
		}
		for c := range d.Touched() {
			touched[c] = true
		}
	}
	var kept []render.Item
	cards := map[*cardsdb.Card]bool{}
	for _, it := range job.Items {
		if c := it.Front.Card; c != nil && touched[c] {
			kept = append(kept, it)
			cards[c] = true
		}
	}
	if len(kept) == 0 {
		fmt.Fprintf(opts.io.Out, "no card of %s was added or changed since %s; nothing to print\n", job.Name, old)
		return false, nil
	}
	note := fmt.Sprintf("only the %s added or changed since %s", cardsdb.Plural(len(cards), "card"), old)
	if job.Selected != "" {
		note = job.Selected + "; " + note
	}
	job.Items, job.Selected = kept, note
	return true, nil
}
