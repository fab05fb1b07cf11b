package serve

import (
	"errors"
	"net/http"
	"regexp"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// headerRE matches a decklist's header lines (game:, name: and the
// setup's lines), which come before its notes.
var headerRE = regexp.MustCompile(`(?i)^\s*(game|name|players|packs|variant|format)\s*:`)

// notesBlock finds a decklist's notes: the comment lines right after its
// header lines, as DeckList.Text writes them, in the lines of deckLines.
// It returns where the block starts and ends (end excluded).
func notesBlock(lines []string) (start, end int) {
	for start < len(lines) && headerRE.MatchString(lines[start]) {
		start++
	}
	end = start
	for end < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[end]), "#") {
		end++
	}
	return start, end
}

// deckNotes returns a deck's notes: a YAML deck's notes:, or the comment
// lines that follow a decklist's header lines.
func deckNotes(text string) string {
	if cardsdb.IsYAMLDeck([]byte(text)) {
		if l, err := cardsdb.ParseDeckYAML("deck", []byte(text)); err == nil {
			return l.Notes
		}
		return ""
	}
	lines, _ := deckLines(text)
	start, end := notesBlock(lines)
	var out []string
	for _, l := range lines[start:end] {
		l = strings.TrimPrefix(strings.TrimSpace(l), "#")
		out = append(out, strings.TrimPrefix(l, " "))
	}
	return strings.Join(out, "\n")
}

// setDeckNotes returns the deck's text with its notes replaced.
func setDeckNotes(text, notes string) (string, error) {
	notes = strings.TrimRight(strings.ReplaceAll(notes, "\r\n", "\n"), "\n ")
	if cardsdb.IsYAMLDeck([]byte(text)) {
		l, err := cardsdb.ParseDeckYAML("deck", []byte(text))
		if err != nil {
			return "", errors.New("fix the deck's text first: " + firstLines(err.Error(), 2))
		}
		l.Notes = notes
		out, err := l.YAML()
		return string(out), err
	}
	lines, eol := deckLines(text)
	start, end := notesBlock(lines)
	var block []string
	if notes != "" {
		// A line of the notes is a comment line wherever the reader ends
		// lines: a lone CR too (a note "first thought\r40 Spark" added 40
		// cards to the deck).
		for _, l := range cardsdb.SplitLines(notes) {
			block = append(block, strings.TrimRight("# "+l, " "))
		}
	}
	out := append(append(append([]string{}, lines[:start]...), block...), lines[end:]...)
	return strings.Join(out, eol), nil
}

// deckLines splits a decklist's text into its lines where the decklist
// reader ends them ("\n", "\r\n", a lone "\r"), and says which line end to
// write them back with: the text's own, CRLF or LF.
func deckLines(text string) ([]string, string) {
	eol := "\n"
	if strings.Contains(text, "\r\n") {
		eol = "\r\n"
	}
	return cardsdb.SplitLines(text), eol
}

// apiDeckNotes sets the notes of the deck in the form's text.
func (s *Server) apiDeckNotes(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, http.StatusBadRequest, badRequest("%v", err))
		return
	}
	text, err := setDeckNotes(r.PostForm.Get("text"), r.PostForm.Get("notes"))
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"text": text})
}
