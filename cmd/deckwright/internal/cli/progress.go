package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress reports long work on stderr: a progress bar on a terminal, a
// plain line per stage and quarter otherwise, nothing when quiet.
type progress struct {
	w       io.Writer
	quiet   bool
	tty     bool
	stage   string
	bar     *progressbar.ProgressBar
	lastPct int
}

func newProgress(w io.Writer, quiet bool) *progress {
	w = rawWriter(w) // the bar draws with control codes; its text is ours
	tty := false
	if f, ok := w.(*os.File); ok {
		tty = term.IsTerminal(int(f.Fd()))
	}
	return &progress{w: w, quiet: quiet, tty: tty}
}

var stageNames = map[string]string{
	"art":   "preparing art",
	"pages": "drawing cards", // render counts the cards laid out, not pages
	"games": "playing games",
}

// Update reports that done of total steps of a stage are finished.
func (p *progress) Update(stage string, done, total int) {
	if p.quiet || total <= 0 {
		return
	}
	name := stageNames[stage]
	if name == "" {
		name = stage
	}
	if stage != p.stage {
		p.finish()
		p.stage, p.lastPct = stage, -25
		if p.tty {
			p.bar = progressbar.NewOptions(total,
				progressbar.OptionSetWriter(p.w),
				progressbar.OptionSetDescription(name),
				progressbar.OptionShowCount(),
				progressbar.OptionSetWidth(30),
				progressbar.OptionClearOnFinish(),
			)
		}
	}
	if p.bar != nil {
		_ = p.bar.Set(done)
		return
	}
	pct := done * 100 / total
	if pct/25 > p.lastPct/25 || done == total && p.lastPct != 100 {
		fmt.Fprintf(p.w, "%s: %d/%d\n", name, done, total)
		p.lastPct = pct
	}
}

func (p *progress) finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
		p.bar = nil
	}
}

// Done ends the last stage.
func (p *progress) Done() { p.finish() }
