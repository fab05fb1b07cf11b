package serve

import (
	"bytes"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
)

// bodyName is how answers name the deck of a request's body: ?name= when
// it is a deck name (with the extension of the deck's format added to a
// bare name, as the editor's name field holds before saving: "mine"),
// else deck.txt or deck.yaml.
func bodyName(r *http.Request, body []byte) string {
	file := "deck.txt"
	if cardsdb.IsYAMLDeck(body) {
		file = "deck.yaml"
	}
	name := r.FormValue("name")
	if CheckDeckName(name) != nil && CheckDeckName(name+filepath.Ext(file)) == nil {
		name += filepath.Ext(file)
	}
	if CheckDeckName(name) != nil {
		name = file
	}
	return name
}

// namedDeck is a saved deck or a bundled deck GAME/NAME.
func (s *Server) namedDeck(name string) (*deckInput, error) {
	if strings.Count(name, "/") == 1 {
		for _, g := range s.games {
			for _, d := range g.Decks {
				if d == name {
					return &deckInput{arg: name, name: name, shown: name}, nil
				}
			}
		}
		return nil, badRequest("no bundled deck %q (see the games list for the bundled decks)", name)
	}
	path, err := s.decks.path(name)
	if err != nil {
		return nil, badRequest("%v", err)
	}
	return &deckInput{arg: path, name: name, shown: path}, nil
}

// stdinName names a deck checked from its text, as validate - does.
const stdinName = cardsdb.StdinName

// requestDeck reads the deck of a request: ?deck=NAME (a saved deck, or
// a bundled deck GAME/NAME) or else the body (a text decklist or YAML
// deck, named by bodyName). ?game= is the game of a deck that names none.
func (s *Server) requestDeck(r *http.Request, body []byte) (*cardsdb.DeckList, string, error) {
	game := r.FormValue("game")
	if game != "" {
		if _, err := s.cfg.DB.LookupGame(game); err != nil {
			return nil, "", badRequest("--game: %v", err)
		}
	}
	var list *cardsdb.DeckList
	var err error
	name := r.FormValue("deck")
	switch {
	case name != "" && strings.Count(name, "/") == 1:
		if _, err = s.namedDeck(name); err != nil {
			return nil, "", err
		}
		list, err = s.cfg.DB.BundledDeck(name)
	case name != "":
		var data []byte
		if data, err = s.decks.read(name); err != nil {
			return nil, "", badRequest("%v", err)
		}
		list, err = cardsdb.ParseDeck(name, data)
	case len(bytes.TrimSpace(body)) == 0:
		return nil, "", badRequest("no deck: give ?deck=NAME (a saved deck, or a bundled deck GAME/NAME) or the deck as the request body")
	default:
		name = bodyName(r, body)
		list, err = cardsdb.ReadDeck(name, bytes.NewReader(body), game)
	}
	if err != nil {
		return nil, "", badRequest("%v", err)
	}
	if list.Game == "" {
		list.Game = game
	}
	return list, name, nil
}

// formInt reads an integer option as the command line reads its flag:
// the last value given wins, in any notation Go accepts (0x10, 1_000), and
// def when none is given. Reading it once, here, means the value checked
// is the value used.
func formInt(r *http.Request, name string, def int) (int, error) {
	vs := r.Form[name]
	if len(vs) == 0 || vs[len(vs)-1] == "" {
		return def, nil
	}
	v := vs[len(vs)-1]
	n, err := strconv.ParseInt(v, 0, 64)
	if err != nil {
		return 0, badRequest("invalid argument %q for \"--%s\" flag: %v", v, name, err)
	}
	return int(n), nil
}

// readGames reads ?games= once, as the command line reads --games (the
// last value, any Go notation: 0x10, 1_000), and refuses more than
// MaxGames: the value checked is the value played. def is for none given.
func readGames(r *http.Request, def int) (int, error) {
	n, err := formInt(r, "games", def)
	if err != nil {
		return 0, err
	}
	if n < 1 || n > MaxGames {
		return 0, badRequest("games %d: the server plays at most %d games a run (and at least 1)", n, MaxGames)
	}
	return n, nil
}

// last is the last value of a query or form field, as a repeated flag
// keeps its last.
func last(r *http.Request, name string) string {
	vs := r.Form[name]
	if len(vs) == 0 {
		return ""
	}
	return vs[len(vs)-1]
}
