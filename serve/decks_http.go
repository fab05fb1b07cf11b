package serve

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// apiDeckGet answers a saved deck's text with its version as the ETag
// (and in X-Deck-Version), for the save that follows to send back.
func (s *Server) apiDeckGet(w http.ResponseWriter, r *http.Request) {
	data, err := s.decks.read(r.PathValue("name"))
	if err != nil {
		s.fail(w, r, http.StatusNotFound, err)
		return
	}
	v := deckVersion(data)
	w.Header().Set("ETag", etag(v))
	w.Header().Set("X-Deck-Version", v)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write(data)
}

func (s *Server) deckDownload(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	data, err := s.decks.read(name)
	if err != nil {
		s.fail(w, r, http.StatusNotFound, err)
		return
	}
	w.Header().Set("ETag", etag(deckVersion(data)))
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", "attachment; filename="+strconv.Quote(name))
	_, _ = w.Write(data)
}

// apiDeckNoName answers a save without a deck name.
func (s *Server) apiDeckNoName(w http.ResponseWriter, r *http.Request) {
	s.fail(w, r, http.StatusBadRequest, errors.New("the deck has no name: type one (such as my-deck) before saving"))
}

// ifMatch reads a save's precondition: If-Match "VERSION" (the version
// the edits start from) or If-None-Match: * (a new deck).
func ifMatch(r *http.Request) precondition {
	var p precondition
	if v := strings.TrimSpace(r.Header.Get("If-Match")); v != "" && v != "*" {
		p.IfMatch = strings.Trim(strings.TrimPrefix(v, "W/"), `"`)
	}
	p.MustBeNew = strings.TrimSpace(r.Header.Get("If-None-Match")) == "*"
	return p
}

// apiDeckPut saves a deck. The text must read as a deck (a decklist or a
// YAML deck; its cards are the validator's business, not the save's). A
// deck already saved is replaced only by a save that names, in If-Match,
// the version it was edited from: otherwise 412 (another save came first)
// or 428 (no version given), with the saved text so that nothing is lost.
// ?from=OLD renames the deck OLD (at version If-Match) to the new name.
func (s *Server) apiDeckPut(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	name := r.PathValue("name")
	if err := CheckDeckName(name); err != nil {
		s.fail(w, r, http.StatusBadRequest, err)
		return
	}
	if err := checkDeckText(name, body); err != nil {
		s.fail(w, r, http.StatusUnprocessableEntity, err)
		return
	}
	pre := ifMatch(r)
	var v string
	from := r.URL.Query().Get("from")
	if from != "" && from != name {
		v, err = s.decks.rename(from, name, body, pre)
	} else {
		v, err = s.decks.save(name, body, pre)
	}
	var ce *conflictError
	switch {
	case errors.As(err, &ce):
		status := http.StatusPreconditionFailed
		if pre.IfMatch == "" && !pre.MustBeNew {
			status = http.StatusPreconditionRequired
		}
		if ce.Version != "" {
			w.Header().Set("ETag", etag(ce.Version))
		}
		writeJSON(w, status, map[string]any{"error": ce.msg, "conflict": true, "name": ce.Name, "version": ce.Version, "text": string(ce.Current)})
		return
	case err != nil:
		s.fail(w, r, http.StatusBadRequest, err)
		return
	}
	w.Header().Set("ETag", etag(v))
	writeJSON(w, http.StatusOK, map[string]any{"saved": name, "bytes": len(body), "version": v})
}

// checkDeckText refuses text that is not a deck: not UTF-8 text, or
// neither a decklist nor a YAML deck, with the parser's position.
func checkDeckText(name string, data []byte) error {
	if len(strings.TrimSpace(string(data))) == 0 {
		return errors.New("not saved: the deck is empty; add a card first")
	}
	if err := cardsdb.CheckText(name, data); err != nil {
		return fmt.Errorf("not saved: this is not a deck: %w", err)
	}
	if _, err := cardsdb.ParseDeckData(name, data); errors.Is(err, cardsdb.ErrNoCards) {
		return errors.New("not saved: the deck holds no cards yet; add a card first")
	} else if err != nil {
		return fmt.Errorf("not saved: the text does not read as a deck: %s", firstLines(err.Error(), 3))
	}
	return nil
}

// firstLines keeps the first n lines of a message, saying how many more.
func firstLines(msg string, n int) string {
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	if len(lines) <= n {
		return strings.Join(lines, "; ")
	}
	return strings.Join(lines[:n], "; ") + fmt.Sprintf(" (and %d more)", len(lines)-n)
}

// apiDeckHistory lists a deck's earlier versions, newest first.
func (s *Server) apiDeckHistory(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if _, err := s.decks.read(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		s.fail(w, r, http.StatusNotFound, err)
		return
	}
	vs, err := s.decks.history(name)
	if err != nil {
		s.fail(w, r, http.StatusNotFound, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"deck": name, "versions": vs})
}

// apiDeckVersion answers one earlier version's text.
func (s *Server) apiDeckVersion(w http.ResponseWriter, r *http.Request) {
	data, err := s.decks.readVersion(r.PathValue("name"), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, http.StatusNotFound, err)
		return
	}
	w.Header().Set("X-Deck-Version", deckVersion(data))
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write(data)
}
