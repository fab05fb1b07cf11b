package art

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/deckwright/deckwright/internal/atomicfile"
)

// The disk cache holds one file per key, named KEY.art: a header, then the
// image bytes. The header is the magic artCacheMagic, the type (1 byte: 'j'
// or 'p'), W and H (uint32 each), SourceDPI (float64 bits), all big-endian,
// and the SHA-256 of everything else in the file: magic, the header fields
// before it and the image bytes. A file whose checksum does not match (one
// flipped bit anywhere) or whose fields make no sense is damaged: it is
// removed and the art prepared again.
const (
	artCacheMagic  = "dwart\x00\x02\n"
	artCacheFields = len(artCacheMagic) + 1 + 4 + 4 + 8
	artCacheHeader = artCacheFields + sha256.Size
)

func artCachePath(dir, key string) string { return filepath.Join(dir, key+".art") }

// artCacheSum is the checksum of a cache file: of its header fields (with
// the magic) and its image bytes.
func artCacheSum(fields, data []byte) []byte {
	h := sha256.New()
	h.Write(fields)
	h.Write(data)
	return h.Sum(nil)
}

// errArtCacheDamaged reports a cache file that is there but cannot be
// trusted.
var errArtCacheDamaged = errors.New("damaged art cache entry")

// readArtCache returns the cached image for key; nil and no error when
// there is none, nil and errArtCacheDamaged when the file is damaged.
func readArtCache(dir, key string) (*PreparedImage, error) {
	b, err := os.ReadFile(artCachePath(dir, key))
	if err != nil {
		return nil, nil
	}
	if len(b) < artCacheHeader || string(b[:len(artCacheMagic)]) != artCacheMagic {
		return nil, errArtCacheDamaged
	}
	fields, data := b[:artCacheFields], b[artCacheHeader:]
	if !bytes.Equal(artCacheSum(fields, data), b[artCacheFields:artCacheHeader]) {
		return nil, errArtCacheDamaged
	}
	h := fields[len(artCacheMagic):]
	p := &PreparedImage{
		Data:      data,
		W:         int(binary.BigEndian.Uint32(h[1:])),
		H:         int(binary.BigEndian.Uint32(h[5:])),
		SourceDPI: math.Float64frombits(binary.BigEndian.Uint64(h[9:])),
		Cached:    true,
		Key:       key,
	}
	switch h[0] {
	case 'j':
		p.Type = "jpg"
	case 'p':
		p.Type = "png"
	default:
		return nil, errArtCacheDamaged
	}
	if p.W <= 0 || p.H <= 0 || math.IsNaN(p.SourceDPI) || p.SourceDPI < 0 {
		return nil, errArtCacheDamaged
	}
	return p, nil
}

// writeArtCache stores p under its key, atomically: a reader sees the
// whole file or none.
func writeArtCache(dir string, p *PreparedImage) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	h := make([]byte, artCacheHeader)
	copy(h, artCacheMagic)
	m := h[len(artCacheMagic):]
	m[0] = p.Type[0]
	binary.BigEndian.PutUint32(m[1:], uint32(p.W))
	binary.BigEndian.PutUint32(m[5:], uint32(p.H))
	binary.BigEndian.PutUint64(m[9:], math.Float64bits(p.SourceDPI))
	copy(h[artCacheFields:], artCacheSum(h[:artCacheFields], p.Data))
	return atomicfile.Write(artCachePath(dir, p.Key), atomicfile.Options{NoSync: true}, func(w io.Writer) error {
		if _, err := w.Write(h); err != nil {
			return err
		}
		_, err := w.Write(p.Data)
		return err
	})
}
