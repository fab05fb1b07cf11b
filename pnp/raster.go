package pnp

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// MaxMegapixels bounds, in millions of pixels, any one image Import
// decodes: an image XObject, or a page rasterized at the working DPI.
const MaxMegapixels = 100

// maxPixels is MaxMegapixels in pixels; tests lower it.
var maxPixels = MaxMegapixels * 1_000_000

// pdftoppm is the rasterizer's command name; tests change it to see the
// message given when it is missing.
var pdftoppm = "pdftoppm"

// installHint says how to install pdftoppm.
const installHint = `install poppler's pdftoppm: "apt-get install poppler-utils" (Debian, Ubuntu), "dnf install poppler-utils" (Fedora), "brew install poppler" (macOS) or "choco install poppler" (Windows)`

// errNoPdftoppm is wrapped by the error for a page that needs pdftoppm
// when it is not installed.
var errNoPdftoppm = errors.New("pdftoppm not found")

// rasterTimeout bounds the time pdftoppm may take over one page: a page
// of cards renders in a second or two, while a few kilobytes of nested
// forms can keep it busy for ever. Tests lower it.
var rasterTimeout = 60 * time.Second

// rasterMemory bounds, in bytes, the address space pdftoppm may use for
// one page (on systems with ulimit -v; a page of cards at 300 DPI takes
// well under 200 MB). It is raised for a page whose raster alone needs
// more.
var rasterMemory int64 = 1 << 30

// rasterize renders one page at dpi with pdftoppm into an NRGBA image.
// pdftoppm runs with a time limit (rasterTimeout) and a memory limit
// (rasterMemory, where the shell has ulimit -v); its output is read only
// up to the page's size in pixels, and the process is killed and waited
// for whatever happens, so none is left behind.
func rasterize(ctx context.Context, path string, p *pdfPage, dpi int, env []string) (*image.NRGBA, error) {
	w := int(math.Ceil(p.w / 25.4 * float64(dpi)))
	h := int(math.Ceil(p.h / 25.4 * float64(dpi)))
	if w*h > maxPixels || w > 100_000 || h > 100_000 {
		return nil, fmt.Errorf("page %d: %.0fx%.0f mm at %d DPI is %d×%d pixels, over the cap of %d megapixels; lower --dpi", p.nr, p.w, p.h, dpi, w, h, maxPixels/1_000_000)
	}
	bin, err := exec.LookPath(pdftoppm)
	if err != nil {
		return nil, fmt.Errorf("page %d has its cards drawn, not as separate images, so it must be rasterized: %w; %s", p.nr, errNoPdftoppm, installHint)
	}
	tctx, cancel := context.WithTimeout(ctx, rasterTimeout)
	defer cancel()
	args := []string{"-q", "-cropbox", "-r", strconv.Itoa(dpi), "-f", strconv.Itoa(p.nr), "-l", strconv.Itoa(p.nr), path}
	mem := max(rasterMemory, 8*int64(w)*int64(h))
	var cmd *exec.Cmd
	if sh, err := exec.LookPath("sh"); err == nil && runtime.GOOS != "windows" {
		// The shell sets the limit and then becomes pdftoppm (exec), so
		// killing it kills pdftoppm.
		cmd = exec.CommandContext(tctx, sh, append([]string{"-c", `ulimit -v "$1" 2>/dev/null; shift; exec "$@"`, "sh", strconv.FormatInt(mem>>10, 10), bin}, args...)...)
	} else {
		cmd = exec.CommandContext(tctx, bin, args...)
	}
	if len(env) > 0 {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.WaitDelay = 5 * time.Second
	var stderr limitedBuffer
	stderr.max = 4096
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("page %d: running pdftoppm: %w", p.nr, err)
	}
	img, derr := readPPM(bufio.NewReaderSize(out, 1<<16), w, h)
	// Whatever pdftoppm writes past the page is not read: closing the
	// pipe ends it (EPIPE), and a process that stops short is killed by
	// the context or WaitDelay.
	out.Close()
	if derr != nil {
		cancel()
	}
	werr := cmd.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if errors.Is(tctx.Err(), context.DeadlineExceeded) && derr != nil {
		return nil, fmt.Errorf("page %d: pdftoppm did not finish rendering it within %s (nested forms or a huge drawing?)", p.nr, rasterTimeout)
	}
	if derr != nil {
		msg := firstLine(stderr.String())
		if msg == "" && werr != nil {
			msg = werr.Error()
		}
		if msg == "" {
			msg = derr.Error()
		}
		if strings.Contains(strings.ToLower(msg), "alloc") || strings.Contains(strings.ToLower(msg), "memory") {
			msg += fmt.Sprintf(" (it may use %d MB)", mem>>20)
		}
		return nil, fmt.Errorf("page %d: pdftoppm cannot render it: %s", p.nr, msg)
	}
	return img, nil
}

// limitedBuffer keeps the first max bytes written to it.
type limitedBuffer struct {
	bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); room > 0 {
		b.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// readPPM reads one binary PPM (P6, maxval 255) into an NRGBA image of
// about w×h pixels (pdftoppm may round the page's size either way by a
// pixel or two); a PPM of another size is refused before it is read.
func readPPM(r *bufio.Reader, wantW, wantH int) (*image.NRGBA, error) {
	var fields [4]int
	magic := make([]byte, 2)
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != "P6" {
		return nil, fmt.Errorf("not a binary PPM")
	}
	for i := 1; i < 4; i++ {
		n, err := ppmInt(r)
		if err != nil {
			return nil, err
		}
		fields[i] = n
	}
	w, h, maxval := fields[1], fields[2], fields[3]
	if w < 1 || h < 1 || w*h > maxPixels || maxval != 255 {
		return nil, fmt.Errorf("PPM of %dx%d pixels, maxval %d", w, h, maxval)
	}
	if abs(w-wantW) > 2 || abs(h-wantH) > 2 {
		return nil, fmt.Errorf("pdftoppm gave %dx%d pixels for a page of %dx%d", w, h, wantW, wantH)
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	row := make([]byte, 3*w)
	for y := 0; y < h; y++ {
		if _, err := io.ReadFull(r, row); err != nil {
			return nil, fmt.Errorf("PPM cut short at row %d", y)
		}
		p := img.Pix[y*img.Stride : y*img.Stride+4*w]
		for x := 0; x < w; x++ {
			p[4*x], p[4*x+1], p[4*x+2], p[4*x+3] = row[3*x], row[3*x+1], row[3*x+2], 255
		}
	}
	return img, nil
}

// ppmInt reads one header number, skipping white space and comments; one
// white-space byte after the last number ends the header.
func ppmInt(r *bufio.Reader) (int, error) {
	c, err := r.ReadByte()
	for err == nil && (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '#') {
		if c == '#' {
			_, err = r.ReadString('\n')
		}
		if err == nil {
			c, err = r.ReadByte()
		}
	}
	n := 0
	for err == nil && c >= '0' && c <= '9' {
		n = n*10 + int(c-'0')
		if n > 1<<30 {
			return 0, fmt.Errorf("PPM header number too large")
		}
		c, err = r.ReadByte()
	}
	if err != nil {
		return 0, fmt.Errorf("PPM header cut short")
	}
	return n, nil
}
