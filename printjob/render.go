package printjob

import (
	"context"
	"io"

	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
	"github.com/deckwright/deckwright/templates"
)

// RenderOptions says how Render draws a job.
type RenderOptions struct {
	// Sheet is the page layout (Job.Layout).
	Sheet layout.Options
	// DPI is the art's resolution; CacheDir the prepared-art cache ("" for
	// none); Templates draw the text proxies (nil: the bundled ones).
	DPI       int
	CacheDir  string
	Templates templates.Source
	// InkSaver draws text proxies with thin frames and no solid fills.
	InkSaver bool
	// MaxSize, when not 0, keeps the PDF within this many bytes by
	// lowering the art's resolution, down to MinMaxSizeDPI.
	MaxSize int64
	// Strict makes the render's warnings an error (*StrictError).
	Strict bool
	// Progress, when set, hears how far each stage is.
	Progress func(stage string, done, total int)
}

// Render draws the job's PDF and writes it to w, with its report: the
// warnings that did not stop it and the notes on what was put right on the
// way (such as the resolution MaxSize chose). With MaxSize the PDF is made
// in memory, and written to w once it fits.
func Render(ctx context.Context, w io.Writer, job *Job, o RenderOptions) (*render.Report, error) {
	ro := render.RenderOptions{
		Sheet:     o.Sheet,
		DPI:       o.DPI,
		CacheDir:  o.CacheDir,
		Progress:  o.Progress,
		Title:     job.Name,
		Templates: o.Templates,
		InkSaver:  o.InkSaver,
	}
	var rep *render.Report
	var fitted *cappedBuffer
	var err error
	if o.MaxSize > 0 {
		if fitted, rep, err = renderWithin(ctx, job, ro, o.MaxSize); err != nil {
			return nil, err
		}
	} else if rep, err = render.Render(ctx, w, job.Items, ro); err != nil {
		return nil, err
	}
	if o.Strict && len(rep.Warnings) > 0 {
		return rep, &StrictError{Warnings: rep.Warnings}
	}
	if fitted != nil {
		if _, err := w.Write(fitted.buf.Bytes()); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// Result is a PDF written: where, how, and the renderer's report; its JSON
// is print --json's report.
type Result struct {
	Job *Job
	// Output is the PDF's name as the report gives it.
	Output string
	Sheet  layout.Options
	Report *render.Report
	// Printer is the printer profile used, "" for none.
	Printer string
	// CutFiles are the cut files written beside the PDF for a cutter.
	CutFiles []string
}

// JSON is print --json's report, as a typed value.
func (r *Result) JSON() *Report {
	extras := r.Job.Extras
	if extras == nil {
		extras = []Extra{}
	}
	rep := &Report{Output: r.Output, Render: r.Report, Sample: r.Job.Sample, ProvisionalCards: r.Job.Provisional, TableExtras: extras}
	if r.CutFiles != nil {
		cut := r.CutFiles
		tmpl := r.Report.Sheet.Template
		skipped := []int{} // numbered from 1 in reading order, as the summary says them
		for _, i := range r.Report.Sheet.Skipped {
			skipped = append(skipped, i+1)
		}
		rep.CutFiles, rep.Template, rep.SkippedSlots = &cut, &tmpl, &skipped
	}
	return rep
}

// Report is print --json's report: the PDF written, the renderer's
// report, the sample and provisional cards, the extras a table asked
// for, and with a cutter the cut files, the cut template and the slots
// left empty. Its fields are in the order print --json writes them.
type Report struct {
	// CutFiles, Template and SkippedSlots are set with a cutter only.
	CutFiles         *[]string      `json:"cut_files,omitempty"`
	Output           string         `json:"output"`
	ProvisionalCards int            `json:"provisional_cards"`
	Render           *render.Report `json:"report"`
	Sample           bool           `json:"sample"`
	SkippedSlots     *[]int         `json:"skipped_slots,omitempty"`
	TableExtras      []Extra        `json:"table_extras"`
	Template         *string        `json:"template,omitempty"`
}
