package cli

import (
	"context"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/serve"
)

type serveOptions struct {
	io    IO
	g     *globalOptions
	addr  string
	decks string
	// imports is --imports: where the PnP page writes card folders.
	imports string
	open    bool
	check   bool
	// templates is --templates (serve_watch.go).
	templates string
}

func newServeCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &serveOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Build, check, print and playtest decks on a local web page",
		Long: `Start a local web server with deckwright's pages: the games and their cards
(a card grid with search and a page per card), a deck editor that shows the
validator's findings and the deck's statistics as you type, print (the
print options as a form, the PDF to download) and playtest (goldfish with a
progress bar, its histogram and per-card table; a sample opening hand).

Every answer comes from the same library functions as on the command line:
the same rule ids and messages, and under /api/ the same JSON as --json
(POST /api/validate with a decklist or YAML deck as the body answers what
"deckwright validate - --json" prints).

Decks are saved as files in --decks (made if missing), written atomically;
the PnP page writes the card folders it imports into --imports (default:
the folder "imported" in --decks); the server reads and writes nothing else
but its own temporary folder. It
listens on the loopback address unless --addr says otherwise, refuses
requests from other sites, and caps request bodies in size and time.
Ctrl-C, SIGTERM or SIGHUP stops it and removes its temporary folder.

--check builds the server, asks it for its start page and exits, without
listening.`,
		Example: `  deckwright serve
  deckwright serve --decks ~/decks --db ~/games/my-game --open
  deckwright serve --imports ~/games/imported
  deckwright serve --addr 127.0.0.1:0`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(_ *cobra.Command, args []string) error {
			return runServe(opts)
		},
	}
	cmd.Flags().StringVar(&opts.addr, "addr", "127.0.0.1:8080", "the address to listen on (port 0: any free port)")
	cmd.Flags().StringVar(&opts.decks, "decks", "decks", "the folder where decks are saved")
	cmd.Flags().StringVar(&opts.imports, "imports", "", `the folder the PnP page writes imported card folders into (default: "imported" in --decks)`)
	cmd.Flags().BoolVar(&opts.open, "open", false, "open the page in the web browser")
	cmd.Flags().BoolVar(&opts.check, "check", false, "build the server, load its start page once and exit")
	cmd.Flags().StringVar(&opts.templates, "templates", "", "a folder of card-face templates over the bundled ones; with --db, the faces redraw when a card file, template or image is saved")
	return cmd
}

func runServe(opts *serveOptions) error {
	db, err := opts.g.loadDB()
	if err != nil {
		return inputError(err)
	}
	imports := opts.imports
	if imports == "" {
		imports = filepath.Join(opts.decks, "imported")
	} else if st, err := os.Stat(imports); err == nil && !st.IsDir() {
		return usageError("--imports: %s is not a folder", imports)
	}
	srv, err := newServer(db, opts.decks, imports, log.New(opts.io.Err, "deckwright serve: ", 0))
	if err != nil {
		return inputError(err)
	}
	defer srv.Close()
	if err := liveFaces(opts, srv, db); err != nil { // serve_watch.go
		return err
	}
	if opts.check {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/", nil)
		req.Host = "127.0.0.1"
		srv.Handler().ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			return fmt.Errorf("serve --check: start page answered %d", rec.Code)
		}
		fmt.Fprintf(opts.io.Out, "serve: ok: %s, %s, decks in %s, PnP imports in %s\n", cardsdb.Plural(len(db.Games()), "game"), cardsdb.Plural(cardCount(db), "card"), opts.decks, imports)
		return nil
	}
	ln, err := net.Listen("tcp", opts.addr)
	if err != nil {
		return usageError("--addr: %v", err)
	}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(opts.io.Out, "deckwright serve: %s (decks in %s, PnP imports in %s; Ctrl-C stops)\n", url, opts.decks, imports)
	if host, _, _ := net.SplitHostPort(opts.addr); !loopback(host) {
		fmt.Fprintf(opts.io.Err, "deckwright: warning: --addr %s is not a loopback address: anyone who can reach it can read and write the decks in %s\n", opts.addr, opts.decks)
	}
	if opts.open {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(opts.io.Err, "deckwright: warning: --open: %v\n", err)
		}
	}
	hs := srv.HTTPServer()
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-opts.io.context().Done():
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		_ = hs.Shutdown(ctx)
		return nil
	}
}

func cardCount(db *cardsdb.DB) int {
	n := 0
	for _, g := range db.Games() {
		n += len(g.Cards)
	}
	return n
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// openBrowser opens url in the user's web browser.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait() // reap it; the browser outlives the opener
	return nil
}

// newServer makes the web server over db: every answer comes from the
// libraries (package report, printjob, the engines), as the commands'.
func newServer(db *cardsdb.DB, decks, imports string, logger *log.Logger) (*serve.Server, error) {
	return serve.New(serve.Config{DB: db, Decks: decks, Imports: imports, Log: logger})
}
