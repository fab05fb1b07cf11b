package serve

import (
	"bytes"
	"fmt"
	"image/png"
	"net/http"
	"path/filepath"
	"strings"
	"sync"

	"github.com/deckwright/deckwright/cardface"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/faces"
	"github.com/deckwright/deckwright/templates"
)

// FaceDPI is the resolution of the card images of the grid and the card
// page: a poker card is 248 × 346 pixels.
const FaceDPI = 100

// maxFaceCache is how many drawn faces the server keeps in memory (a
// face is some 30 kB of PNG).
const maxFaceCache = 2000

// faceCache keeps the PNGs of the faces drawn, and lets two faces be
// drawn at a time at most: the grid asks for a hundred at once, and the
// machine has other work.
type faceCache struct {
	mu   sync.Mutex
	pngs map[string][]byte
	sem  chan struct{}
}

func newFaceCache() *faceCache {
	return &faceCache{pngs: map[string][]byte{}, sem: make(chan struct{}, 2)}
}

// face sends a card's face as a PNG drawn by package faces, as the PDF
// prints it: the card's art, or else the text proxy from the same
// templates, with the sample and provisional notices. ?back=1 draws the
// card's second face or the game's back.
func (s *Server) face(w http.ResponseWriter, r *http.Request) {
	game, name := r.PathValue("game"), strings.TrimSuffix(r.PathValue("name"), ".png")
	g, err := s.faceDB().LookupGame(game) // watch.go: the last games loaded
	if err != nil {
		s.fail(w, r, http.StatusNotFound, err)
		return
	}
	c := cardNamed(g, name)
	if c == nil {
		s.fail(w, r, http.StatusNotFound, fmt.Errorf("no card %q in game %q", name, game))
		return
	}
	back := r.FormValue("back") != ""
	key := fmt.Sprintf("%s\x00%s\x00%v", game, name, back)
	fc := s.faces
	fc.mu.Lock()
	data := fc.pngs[key]
	fc.mu.Unlock()
	if data == nil {
		select {
		case fc.sem <- struct{}{}:
		case <-r.Context().Done():
			return
		}
		data, err = s.drawFace(r, g, c, back)
		<-fc.sem
		if err != nil {
			s.fail(w, r, http.StatusInternalServerError, fmt.Errorf("drawing %s: %w", name, err))
			return
		}
		fc.mu.Lock()
		if len(fc.pngs) >= maxFaceCache {
			clear(fc.pngs)
		}
		fc.pngs[key] = data
		fc.mu.Unlock()
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "max-age=300")
	_, _ = w.Write(data)
}

func (s *Server) drawFace(r *http.Request, g *cardsdb.Game, c *cardsdb.Card, back bool) ([]byte, error) {
	item := cardface.CardItem(g, c)
	f := item.Front
	if back {
		f = item.Back
	}
	img, err := faces.RenderOne(r.Context(), f, faces.Options{DPI: FaceDPI, CacheDir: filepath.Join(s.tmp, "art-cache"), Workers: 1, Templates: s.faceTemplates()})
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img.Image); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// drawnFrom says what a card's face on the page is drawn from, as the
// print summary counts faces: its art, the user's own template (a
// designed face), or a text proxy of the bundled templates.
func (s *Server) drawnFrom(game, name, image string) string {
	if image != "" {
		return "drawn from the card's art"
	}
	if g, err := s.faceDB().LookupGame(game); err == nil {
		if f := templates.DesignedFile(s.faceTemplates(), g, cardNamed(g, name)); f != "" {
			return "drawn from your template " + f + ", as the PDF prints it"
		}
	}
	return "text proxy, as the PDF prints it"
}

// cardNamed is g's card of exactly that name (as the page's links write
// it), nil for none.
func cardNamed(g *cardsdb.Game, name string) *cardsdb.Card {
	for _, c := range g.Cards {
		if c.Name == name {
			return c
		}
	}
	return nil
}
