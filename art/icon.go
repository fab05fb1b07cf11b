package art

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"

	"github.com/deckwright/deckwright/internal/safefile"
	scaledjpeg "github.com/deckwright/deckwright/third_party/jpeg"
)

// Limits on an icon's image: icons print a few millimetres wide, so a
// bigger file is a mistake, read no further.
const (
	MaxIconBytes  = 4 << 20
	MaxIconPixels = 1 << 22 // 2048×2048
)

// ReadIcon reads an icon's image file (PNG, JPEG, GIF or WebP, a regular
// file of at most MaxIconBytes and MaxIconPixels) for an inline icon of
// rules text and returns it as an
// 8-bit non-interlaced RGBA PNG, a form gofpdf always reads, with its size.
// A decoder's panic on the file is an error (guard).
func ReadIcon(spec ImageSpec) ([]byte, int, int, error) {
	ic, err := guard(func() (icon, error) {
		data, w, h, err := readIcon(spec)
		return icon{data, w, h}, err
	})
	return ic.data, ic.w, ic.h, err
}

// icon is what readIcon returns, as one value for guard.
type icon struct {
	data []byte
	w, h int
}

func readIcon(spec ImageSpec) ([]byte, int, int, error) {
	f, err := openArt(spec)
	if err != nil {
		return nil, 0, 0, err
	}
	defer f.Close()
	raw, err := io.ReadAll(safefile.LimitReader(f, MaxIconBytes))
	if errors.Is(err, safefile.ErrTooBig) {
		return nil, 0, 0, fmt.Errorf("over the %d MB limit for an icon image", MaxIconBytes>>20)
	} else if err != nil {
		return nil, 0, 0, fmt.Errorf("read: %w", err)
	}
	if err := sniffArt(raw); err != nil {
		return nil, 0, 0, err
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return nil, 0, 0, headerError(err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > MaxIconPixels {
		return nil, 0, 0, fmt.Errorf("%d×%d pixels: an icon image must have at most %d", cfg.Width, cfg.Height, MaxIconPixels)
	}
	var m image.Image
	if format == "jpeg" {
		// With the limit on progressive scans that image/jpeg lacks.
		m, err = scaledjpeg.Decode(bytes.NewReader(raw))
	} else {
		m, _, err = image.Decode(bytes.NewReader(raw))
	}
	if err != nil {
		return nil, 0, 0, fmt.Errorf("decode: %w", err)
	}
	b := m.Bounds()
	rgba := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Bounds(), m, b.Min, draw.Src)
	var out bytes.Buffer
	if err := png.Encode(&out, rgba); err != nil {
		return nil, 0, 0, fmt.Errorf("encode: %w", err)
	}
	return out.Bytes(), b.Dx(), b.Dy(), nil
}
