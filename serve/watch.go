package serve

import (
	"context"
	"encoding/json"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/deckwright/deckwright/templates"
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/report"
)

// Live preview: Watch looks at a designer's folders (the --db game folders
// with their cards, art and templates/), and when a file is saved it
// loads the games and templates again (Reload), forgets the faces drawn,
// and tells the pages, which redraw their faces: GET /api/watch?since=N
// answers {"version": M, "error": "..."} as soon as the version passes N
// (or after WatchPoll with the same version), and /watch.js, which every
// page loads, asks it in a loop.

// WatchInterval is how often Watch looks at the files: a saved file shows
// on the page within about twice this.
const WatchInterval = 250 * time.Millisecond

// WatchPoll is how long GET /api/watch waits for a change.
const WatchPoll = 20 * time.Second

// maxWatchFiles bounds the files Watch looks at in its folders.
const maxWatchFiles = 20000

// Reload loads the games and the templates again after a change.
type Reload func() (*cardsdb.DB, templates.Source, error)

// live is what the face pages draw from once a change has been loaded,
// and the cards the card pages show (nil: those the server started with).
type live struct {
	db        *cardsdb.DB
	templates templates.Source
	cards     map[string][]report.Card
}

// watchState is the server's live-preview state.
type watchState struct {
	cur     atomic.Pointer[live]
	mu      sync.Mutex
	version int
	err     string
	changed chan struct{} // closed and replaced at every change
}

// watchStates holds each server's state; Server's own fields belong to
// server.go, so the state lives beside it here.
var watchStates sync.Map // *Server -> *watchState

func (s *Server) watch() *watchState {
	if w, ok := watchStates.Load(s); ok {
		return w.(*watchState)
	}
	w, _ := watchStates.LoadOrStore(s, &watchState{changed: make(chan struct{})})
	return w.(*watchState)
}

// SetTemplates sets the templates the faces are drawn from (nil: the
// bundled ones).
func (s *Server) SetTemplates(t templates.Source) {
	s.watch().cur.Store(&live{db: s.cfg.DB, templates: t})
}

// faceDB is the database the faces are drawn from: the last one loaded.
func (s *Server) faceDB() *cardsdb.DB {
	if l := s.watch().cur.Load(); l != nil && l.db != nil {
		return l.db
	}
	return s.cfg.DB
}

// liveCard is a card as the card page shows it: from the last games
// loaded, so that its table of fields follows the cards file too.
func (s *Server) liveCard(game, name string) *report.Card {
	l := s.watch().cur.Load()
	if l == nil || l.cards == nil {
		return s.card(game, name)
	}
	for i, c := range l.cards[game] {
		if c.Name == name {
			return &l.cards[game][i]
		}
	}
	return nil
}

// cardLists lists every game's cards of db, as loadLists does.
func cardLists(db *cardsdb.DB) map[string][]report.Card {
	out := map[string][]report.Card{}
	for _, g := range db.Games() {
		cards, _ := report.Cards([]*cardsdb.Game{g}, cardsdb.Query{})
		out[g.ID] = cards
	}
	return out
}

// faceTemplates is the templates the faces are drawn with, nil for the
// bundled ones.
func (s *Server) faceTemplates() templates.Source {
	if l := s.watch().cur.Load(); l != nil {
		return l.templates
	}
	return nil
}

// Watch looks at the files under dirs every interval (0: WatchInterval)
// until ctx ends; when one is saved, added or removed it calls reload
// and, if that works, draws faces from what it loaded. A reload that fails
// (a card file half written) keeps the faces as they were and shows its
// error on the pages until the next change.
func (s *Server) Watch(ctx context.Context, dirs []string, interval time.Duration, reload Reload) {
	if interval <= 0 {
		interval = WatchInterval
	}
	w := s.watch()
	last := snapshot(dirs)
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		now := snapshot(dirs)
		if now == last {
			continue
		}
		last = now
		db, tmpl, err := reload()
		w.mu.Lock()
		if err != nil {
			w.err = err.Error()
			s.logf("reloading after a change: %v", err)
		} else {
			w.err = ""
			w.cur.Store(&live{db: db, templates: tmpl, cards: cardLists(db)})
			s.faces.mu.Lock()
			clear(s.faces.pngs)
			s.faces.mu.Unlock()
		}
		w.version++
		close(w.changed)
		w.changed = make(chan struct{})
		w.mu.Unlock()
	}
}

// snapshot sums up the names, sizes and times of the regular files under
// dirs (not following links, skipping dot folders).
func snapshot(dirs []string) string {
	h := make([]byte, 0, 4096)
	n := 0
	for _, d := range dirs {
		_ = filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err != nil || n > maxWatchFiles {
				return nil
			}
			if e.IsDir() {
				if p != d && len(e.Name()) > 0 && e.Name()[0] == '.' {
					return filepath.SkipDir
				}
				return nil
			}
			if !e.Type().IsRegular() {
				return nil
			}
			info, err := e.Info()
			if err != nil {
				return nil
			}
			n++
			h = append(h, p...)
			h = append(h, 0)
			h = strconv.AppendInt(h, info.Size(), 10)
			h = append(h, 0)
			h = strconv.AppendInt(h, info.ModTime().UnixNano(), 10)
			h = append(h, '\n')
			return nil
		})
	}
	return string(h)
}

// watchEvents answers GET /api/watch?since=N: {"version": M, "error": E}
// once the version passes N, or after WatchPoll.
func (s *Server) watchEvents(w http.ResponseWriter, r *http.Request) {
	since, _ := strconv.Atoi(r.FormValue("since"))
	ws := s.watch()
	timer := time.NewTimer(WatchPoll)
	defer timer.Stop()
	for {
		ws.mu.Lock()
		v, e, ch := ws.version, ws.err, ws.changed
		ws.mu.Unlock()
		if v != since {
			writeWatch(w, v, e)
			return
		}
		select {
		case <-ch:
		case <-timer.C:
			writeWatch(w, v, e)
			return
		case <-r.Context().Done():
			return
		}
	}
}

func writeWatch(w http.ResponseWriter, version int, err string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(map[string]any{"version": version, "error": err})
}

// watchJS asks /api/watch in a loop and, at each change, reloads every
// card face on the page (a new query string defeats the cache), reads the
// page again for its parts marked data-live (a card's table of fields)
// and puts them in place, and shows a reload error, if any, at the top of
// the page.
const watchJS = `(function () {
  "use strict";
  var since = -1;
  function show(err) {
    var box = document.getElementById("watch-error");
    if (!err) { if (box) { box.remove(); } return; }
    if (!box) {
      box = document.createElement("div");
      box.id = "watch-error";
      box.className = "error-panel";
      document.body.insertBefore(box, document.body.firstChild);
    }
    box.textContent = "Not redrawn: " + err;
  }
  function redraw(v) {
    document.querySelectorAll("img.face").forEach(function (img) {
      var u = new URL(img.src, location.href);
      u.searchParams.set("v", v);
      img.src = u.pathname + u.search;
    });
  }
  function refresh() {
    var parts = document.querySelectorAll("[data-live]");
    if (!parts.length) { return; }
    fetch(location.href, {cache: "no-store"}).then(function (r) {
      if (!r.ok) { throw new Error(r.status); }
      return r.text();
    }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      parts.forEach(function (el) {
        var now = doc.querySelector('[data-live="' + el.getAttribute("data-live") + '"]');
        if (now) { el.innerHTML = now.innerHTML; }
      });
    }).catch(function (e) { show("this page could not be read again (" + e.message + ")"); });
  }
  function ask() {
    fetch("/api/watch?since=" + since, {cache: "no-store"}).then(function (r) {
      if (!r.ok) { throw new Error(r.status); }
      return r.json();
    }).then(function (j) {
      if (since >= 0 && j.version !== since) {
        redraw(j.version);
        if (!j.error) { refresh(); }
      }
      since = j.version;
      show(j.error);
      setTimeout(ask, 50);
    }).catch(function () { setTimeout(ask, 5000); });
  }
  ask();
})();
`

// watchScript sends watchJS.
func (s *Server) watchScript(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write([]byte(watchJS))
}

// watchRoutes adds the live preview's routes to mux.
func (s *Server) watchRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/watch", s.watchEvents)
	mux.HandleFunc("GET /watch.js", s.watchScript)
}

// isDir reports whether p is a folder.
func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// WatchDirs lists the folders of the --db paths to watch: each folder
// given, and the folder of each file given.
func WatchDirs(paths []string) []string {
	var out []string
	for _, p := range paths {
		if isDir(p) {
			out = append(out, p)
		} else {
			out = append(out, filepath.Dir(p))
		}
	}
	return out
}
