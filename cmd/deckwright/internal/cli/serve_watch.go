package cli

import (
	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/serve"
	"github.com/deckwright/deckwright/templates"
)

// liveFaces gives the server the templates its faces are drawn with
// (bundled, the --db games' own templates/, --templates) and, with --db,
// watches those folders: a saved card file, template or image redraws
// the faces on the open pages (serve.Watch). It stops with the command.
func liveFaces(opts *serveOptions, srv *serve.Server, db *cardsdb.DB) error {
	tmpl, err := templateSource(db, opts.templates)
	if err != nil {
		return inputError(err)
	}
	srv.SetTemplates(tmpl)
	if opts.check || len(opts.g.db) == 0 {
		return nil
	}
	dirs := serve.WatchDirs(opts.g.db)
	if opts.templates != "" {
		dirs = append(dirs, opts.templates)
	}
	paths, tdir := opts.g.db, opts.templates
	reload := func() (*cardsdb.DB, templates.Source, error) {
		g := &globalOptions{db: paths}
		db, err := g.loadDB()
		if err != nil {
			return nil, nil, err
		}
		t, err := templateSource(db, tdir)
		return db, t, err
	}
	go srv.Watch(opts.io.context(), dirs, 0, reload)
	return nil
}
