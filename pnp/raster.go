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
	"os/exec"
	"strconv"
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

// rasterize renders one page at dpi with pdftoppm into an NRGBA image.
func rasterize(ctx context.Context, path string, p *pdfPage, dpi int) (*image.NRGBA, error) {
	w := int(math.Ceil(p.w / 25.4 * float64(dpi)))
	h := int(math.Ceil(p.h / 25.4 * float64(dpi)))
	if w*h > maxPixels || w > 100_000 || h > 100_000 {
		return nil, fmt.Errorf("page %d: %.0fx%.0f mm at %d DPI is %d×%d pixels, over the cap of %d megapixels; lower --dpi", p.nr, p.w, p.h, dpi, w, h, maxPixels/1_000_000)
	}
	bin, err := exec.LookPath(pdftoppm)
	if err != nil {
		return nil, fmt.Errorf("page %d has its cards drawn, not as separate images, so it must be rasterized: %w; %s", p.nr, errNoPdftoppm, installHint)
	}
	cmd := exec.CommandContext(ctx, bin, "-q", "-cropbox", "-r", strconv.Itoa(dpi),
		"-f", strconv.Itoa(p.nr), "-l", strconv.Itoa(p.nr), path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("page %d: running pdftoppm: %w", p.nr, err)
	}
	img, derr := readPPM(bufio.NewReaderSize(out, 1<<16))
	if derr != nil {
		io.Copy(io.Discard, out)
	}
	werr := cmd.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if werr != nil {
		msg := firstLine(stderr.String())
		if msg == "" {
			msg = werr.Error()
		}
		return nil, fmt.Errorf("page %d: pdftoppm cannot render it: %s", p.nr, msg)
	}
	if derr != nil {
		return nil, fmt.Errorf("page %d: reading pdftoppm's output: %w", p.nr, derr)
	}
	return img, nil
}

// readPPM reads one binary PPM (P6, maxval 255) into an NRGBA image.
func readPPM(r *bufio.Reader) (*image.NRGBA, error) {
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
