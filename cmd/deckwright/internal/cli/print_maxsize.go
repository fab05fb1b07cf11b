package cli

import (
	"context"

	"bytes"
	"errors"
	"fmt"
	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
	"math"
	"strconv"
	"strings"
)

// parseByteSize reads a file size as copy shops write it: 100MB, 1.5 GB,
// 500kB, 2MiB, or a number of bytes. KB, MB and GB are powers of 1000
// (as shops and operating systems' file dialogs count), KiB, MiB and GiB
// powers of 1024.
func parseByteSize(s string) (int64, error) {
	t := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	mult := 1.0
	for _, u := range []struct {
		suffix string
		mult   float64
	}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"K", 1e3}, {"M", 1e6}, {"G", 1e9}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSuffix(t, u.suffix), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || !(v > 0) || math.IsInf(v, 0) || v*mult > 1e12 {
		return 0, fmt.Errorf("%q: want a size such as 100MB, 1.5GB or 500KB", s)
	}
	return int64(v * mult), nil
}

// formatBytes says a size in MB (or kB, or bytes) for people.
func formatBytes(n int64) string {
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

// anyArt reports whether a print has art, whose resolution --max-size
// could lower: a front's, or a back's when backs are printed.
func anyArt(items []render.Item, ro render.RenderOptions) bool {
	for _, it := range items {
		if it.Front.Image != "" || ro.Sheet.Backs != layout.BacksNone && it.Back.Image != "" {
			return true
		}
	}
	return false
}

// errTooBig stops a render whose PDF has grown past --max-size.
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

// MinMaxSizeDPI is the lowest art resolution --max-size goes down to:
// below it art is a smear, and the user should rather split the print.
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
func renderWithin(ctx context.Context, job *printJob, ro render.RenderOptions, max int64) (*cappedBuffer, *render.Report, error) {
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
		rep, err := render.Render(ctx, buf, job.items, ro)
		if err == nil {
			if ro.DPI < asked {
				rep.Notes = append(rep.Notes, fmt.Sprintf("--max-size %s: art at %d DPI (not %d) keeps the PDF at %s", formatBytes(max), ro.DPI, asked, formatBytes(int64(buf.buf.Len()))))
			}
			return buf, rep, nil
		}
		if !errors.Is(err, errTooBig) {
			return nil, nil, inputError(err)
		}
		if !anyArt(job.items, ro) {
			return nil, nil, &exitError{code: ExitRules, err: fmt.Errorf("--max-size %s: the PDF is larger, and none of its cards has art whose resolution could be lowered; allow a larger file or print fewer cards a file (--only, --exclude)", formatBytes(max))}
		}
		next := nextDPI(ro.DPI, max, done)
		if next < MinMaxSizeDPI {
			if ro.DPI > MinMaxSizeDPI {
				next = MinMaxSizeDPI
			} else {
				return nil, nil, &exitError{code: ExitRules, err: fmt.Errorf("--max-size %s: the PDF is larger even with art at %d DPI; allow a larger file or print fewer cards a file (--only, --exclude)", formatBytes(max), ro.DPI)}
			}
		}
		ro.DPI = next
	}
}
