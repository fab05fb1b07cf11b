package printjob

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// FormatBytes says a size in MB (or kB, or bytes) for people.
func FormatBytes(n int64) string {
	if n == 1 {
		return "1 byte"
	}
	if n < 1e3 {
		return fmt.Sprintf("%d bytes", n)
	}
	if n < 1e6 {
		return fmt.Sprintf("%.0f kB", float64(n)/1e3)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// anyArt reports whether a print has art, whose resolution MaxSize could
// lower: a front's, or a back's when backs are printed.
func anyArt(items []cardface.Item, ro render.RenderOptions) bool {
	for _, it := range items {
		if it.Front.Image != "" || ro.Sheet.Backs != layout.BacksNone && it.Back.Image != "" {
			return true
		}
	}
	return false
}

// errTooBig stops a render whose PDF has grown past MaxSize.
var errTooBig = errors.New("the PDF is over --max-size")

// cappedBuffer holds a PDF being written while it stays within max bytes;
// a write past that fails with errTooBig, which stops the render.
type cappedBuffer struct {
	buf bytes.Buffer
	max int64
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if int64(c.buf.Len())+int64(len(p)) > c.max {
		return 0, errTooBig
	}
	return c.buf.Write(p)
}

// MinMaxSizeDPI is the lowest art resolution MaxSize goes down to: below
// it art is a smear, and the user should rather split the print.
const MinMaxSizeDPI = 72

// nextDPI is the resolution to try after a PDF at dpi grew past max bytes
// by the time a share done (0 to 1) of its pages was written: the art's
// bytes go with the square of its resolution, so the DPI shrinks with the
// square root of how far over the size the whole PDF would be, with a
// margin, and always by at least a tenth.
func nextDPI(dpi int, max int64, done float64) int {
	done = math.Max(done, 0.02)
	estimate := float64(max) / done
	next := int(math.Floor(float64(dpi) * math.Sqrt(0.85*float64(max)/estimate)))
	return min(next, dpi*9/10)
}

// renderWithin renders a job's PDF in memory at ro.DPI, and again at
// lower resolutions while it comes out over max bytes, down to
// MinMaxSizeDPI. The report's notes say which resolution was used.
func renderWithin(ctx context.Context, job *Job, ro render.RenderOptions, max int64) (*cappedBuffer, *render.Report, error) {
	asked := ro.DPI
	progress := ro.Progress
	for {
		var done float64
		ro.Progress = func(stage string, d, total int) {
			if stage == "pages" && total > 0 {
				done = float64(d) / float64(total)
			}
			if progress != nil {
				progress(stage, d, total)
			}
		}
		buf := &cappedBuffer{max: max}
		rep, err := render.Render(ctx, buf, job.Items, ro)
		if err == nil {
			if ro.DPI < asked {
				rep.Notes = append(rep.Notes, fmt.Sprintf("--max-size %s: art at %d DPI (not %d) keeps the PDF at %s", FormatBytes(max), ro.DPI, asked, FormatBytes(int64(buf.buf.Len()))))
			}
			return buf, rep, nil
		}
		if !errors.Is(err, errTooBig) {
			return nil, nil, err
		}
		if !anyArt(job.Items, ro) {
			return nil, nil, ruleError("--max-size %s: the PDF is larger, and none of its cards has art whose resolution could be lowered; allow a larger file or print fewer cards a file (--only, --exclude)", FormatBytes(max))
		}
		next := nextDPI(ro.DPI, max, done)
		if next < MinMaxSizeDPI {
			if ro.DPI > MinMaxSizeDPI {
				next = MinMaxSizeDPI
			} else {
				return nil, nil, ruleError("--max-size %s: the PDF is larger even with art at %d DPI; allow a larger file or print fewer cards a file (--only, --exclude)", FormatBytes(max), ro.DPI)
			}
		}
		ro.DPI = next
	}
}
