package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/report"
	"github.com/deckwright/deckwright/templates"
)

// Live preview: Watch looks at a designer's folders (the --db game folders
// with their cards, art and templates/), and when a file is saved it
// loads the games and templates again (Reload), forgets the faces drawn,
// and tells the pages, which redraw their faces: GET /api/watch?since=N
// answers {"version": M, "error": "..."} as soon as the version passes N
// (or after WatchPoll with the same version), and /watch.js, which every
// page loads, asks it in a loop.

// WatchInterval is how long Watch waits after a change for the next of
// the same burst (and, without file-system notifications, how often it
// looks at the files): a saved file shows on the page within about twice
// this.
const WatchInterval = 250 * time.Millisecond

// WatchPoll is how long GET /api/watch waits for a change.
const WatchPoll = 20 * time.Second

// maxWatchFiles bounds the files Watch looks at in its folders when it
// looks at them itself.
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
	// polling is set when Watch looks at the files itself, for want of
	// file-system notifications
	polling atomic.Bool
	// ready is closed once Watch looks: a file saved before is no change
	ready     chan struct{}
	readyOnce sync.Once
}

// looking closes ready.
func (w *watchState) looking() { w.readyOnce.Do(func() { close(w.ready) }) }

func newWatchState() *watchState {
	return &watchState{changed: make(chan struct{}), ready: make(chan struct{})}
}

// SetTemplates sets the templates the faces are drawn from (nil: the
// bundled ones).
func (s *Server) SetTemplates(t templates.Source) {
	s.watching.cur.Store(&live{db: s.cfg.DB, templates: t})
}

// faceDB is the database the faces are drawn from: the last one loaded.
func (s *Server) faceDB() *cardsdb.DB {
	if l := s.watching.cur.Load(); l != nil && l.db != nil {
		return l.db
	}
	return s.cfg.DB
}

// liveCard is a card as the card page shows it: from the last games
// loaded, so that its table of fields follows the cards file too.
func (s *Server) liveCard(game, name string) *report.Card {
	l := s.watching.cur.Load()
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

// faceTemplates is the templates the faces are drawn with, nil for the
// bundled ones.
func (s *Server) faceTemplates() templates.Source {
	if l := s.watching.cur.Load(); l != nil {
		return l.templates
	}
	return nil
}

// Watch watches the files under dirs until ctx ends; when one is saved,
// added or removed it calls reload and, if that works, draws faces from
// what it loaded. A reload that fails (a card file half written) or panics
// (a font or a picture a reader was not written for) keeps the faces as
// they were and shows its error on the pages until the next change: the
// server never dies from a file in a folder it watches.
//
// It is told of changes by the file system (fsnotify: inotify, kqueue,
// ReadDirectoryChangesW), which costs nothing while nothing changes; a
// burst of events (an editor's save, a folder copied in) is one reload,
// once interval (0: WatchInterval) has passed without another. Where
// notifications cannot be had (no such system, the watch limit reached,
// more than maxWatchDirs folders) it falls back to looking at the files
// every interval, and at most a tenth of the time (walking 100,000 files
// every 250 ms took half a core).
func (s *Server) Watch(ctx context.Context, dirs []string, interval time.Duration, reload Reload) {
	if interval <= 0 {
		interval = WatchInterval
	}
	changed := make(chan struct{}, 1)
	ws := s.watching
	go func() {
		err := notifyChanges(ctx, dirs, interval, changed, ws.looking)
		if err == nil || ctx.Err() != nil {
			return
		}
		ws.polling.Store(true)
		s.logf("watching %s by looking at its files every %v or more: no file-system notifications (%v)", strings.Join(dirs, ", "), interval, err)
		pollChanges(ctx, dirs, interval, changed, ws.looking)
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case <-changed:
		}
		s.reloadNow(reload)
	}
}

// reloadNow loads the games and templates again and tells the pages.
func (s *Server) reloadNow(reload Reload) {
	w := s.watching
	l, err := safeReload(reload)
	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil {
		w.err = err.Error()
		s.logf("reloading after a change: %v", err)
	} else {
		w.err = ""
		w.cur.Store(l)
		s.faces.mu.Lock()
		clear(s.faces.pngs)
		s.faces.mu.Unlock()
	}
	w.version++
	close(w.changed)
	w.changed = make(chan struct{})
}

// safeReload runs reload and lists the cards it loaded, turning a panic
// in either (a reader's, on a file it was not written for) into an error.
func safeReload(reload Reload) (l *live, err error) {
	defer func() {
		if p := recover(); p != nil {
			l, err = nil, fmt.Errorf("reading the changed files failed (%v); fix or remove the file just saved", p)
		}
	}()
	db, tmpl, err := reload()
	if err != nil {
		return nil, err
	}
	return &live{db: db, templates: tmpl, cards: cardLists(db)}, nil
}

// maxWatchDirs bounds the folders watched by notification (a watch each):
// past it, Watch looks at the files instead. Tests lower it.
var maxWatchDirs = 4096

// maxWatchDelay bounds, in intervals, how long a stream of changes that
// never pauses delays the reload.
const maxWatchDelay = 8

// notifyChanges sends on changed, once per burst, when the file system
// says something under dirs changed (dot folders aside), until ctx ends;
// it calls ready once it is told of changes.
// It returns an error, having watched nothing, when notifications cannot
// be had for every folder.
func notifyChanges(ctx context.Context, dirs []string, interval time.Duration, changed chan<- struct{}, ready func()) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	n := 0
	addTree := func(root string, top bool) error {
		return filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
			if err != nil || !e.IsDir() {
				return nil
			}
			if !(top && p == root) && strings.HasPrefix(e.Name(), ".") {
				return filepath.SkipDir
			}
			if n++; n > maxWatchDirs {
				return fmt.Errorf("more than %d folders", maxWatchDirs)
			}
			return w.Add(p)
		})
	}
	for _, d := range dirs {
		if err := addTree(d, true); err != nil {
			return err
		}
	}
	ready()
	var quiet <-chan time.Time // fires once the burst has paused
	var timer *time.Timer
	var first time.Time
	seen := func() {
		now := time.Now()
		if first.IsZero() {
			first = now
		}
		wait := min(interval, first.Add(maxWatchDelay*interval).Sub(now))
		if timer == nil {
			timer = time.NewTimer(wait)
		} else {
			timer.Reset(wait)
		}
		quiet = timer.C
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
				if slices.Contains(dirs, ev.Name) {
					// a folder watched is gone: nothing tells of it
					// coming back, looking at the files does
					select {
					case changed <- struct{}{}:
					default:
					}
					return fmt.Errorf("%s was removed or renamed", ev.Name)
				}
			}
			if ev.Has(fsnotify.Create) {
				if st, err := os.Lstat(ev.Name); err == nil && st.IsDir() && !strings.HasPrefix(filepath.Base(ev.Name), ".") {
					if err := addTree(ev.Name, false); err != nil {
						return err // the limit: look at the files instead
					}
				}
			}
			seen()
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				seen() // changes were lost: reload to be sure
				continue
			}
			return err
		case <-quiet:
			quiet, first = nil, time.Time{}
			select {
			case changed <- struct{}{}:
			default: // a reload is due already
			}
		}
	}
}

// pollChanges looks at the files under dirs at once, then every interval
// or ten times as long as looking took, and sends on changed when they
// differ, until ctx ends.
func pollChanges(ctx context.Context, dirs []string, interval time.Duration, changed chan<- struct{}, ready func()) {
	// The first look is a change: what happened since notifications
	// stopped (a folder removed and made again at once) is not known.
	last := ""
	wait := time.Duration(0)
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		start := time.Now()
		now := snapshot(dirs)
		ready()
		wait = max(interval, 10*time.Since(start))
		if now == last {
			continue
		}
		last = now
		select {
		case changed <- struct{}{}:
		default:
		}
	}
}

// snapshots counts the looks at the files, for tests.
var snapshots atomic.Int64

// snapshot sums up the names, sizes and times of the regular files under
// dirs (not following links, skipping dot folders), the first
// maxWatchFiles of them.
func snapshot(dirs []string) string {
	snapshots.Add(1)
	h := make([]byte, 0, 4096)
	n := 0
	for _, d := range dirs {
		_ = filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if n > maxWatchFiles {
				return fs.SkipAll
			}
			if err != nil {
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
	ws := s.watching
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
