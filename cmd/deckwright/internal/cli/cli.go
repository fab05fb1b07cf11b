// Package cli holds deckwright's cobra commands. Each command is a
// constructor plus an options struct; its RunE checks flags and calls a
// plain run function that calls the library packages. Main turns errors
// into exit codes in one place.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/sheet"
	"github.com/deckwright/deckwright/validate"
)

// Exit codes.
const (
	ExitOK    = 0 // every deck legal, or the command did its work
	ExitRules = 1 // a deck or input breaks a rule
	ExitInput = 2 // usage error or unreadable input
	// ExitInterrupted is the status after Ctrl-C (128 + SIGINT, as shells
	// report it).
	ExitInterrupted = 130
)

// IO is where commands read and write.
type IO struct {
	In       io.Reader
	Out, Err io.Writer
	// ctx is cancelled when the user interrupts the command; temps holds
	// the temporary files to remove then. Both are set by Main.
	ctx   context.Context
	temps *tempFiles
}

// context returns the command's context, never nil.
func (io IO) context() context.Context {
	if io.ctx == nil {
		return context.Background()
	}
	return io.ctx
}

// exitError carries an exit code; a silent one has already been reported.
type exitError struct {
	code   int
	err    error
	silent bool
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// ExitStatus is the exit code.
func (e *exitError) ExitStatus() int { return e.code }

// exitStatus is an error that says the exit status it means: the
// command's own exitError, and a library's error for input that breaks a
// rule (printjob.RuleError and printjob.StrictError say 1). exitCode,
// the one place errors become exit codes, asks for it.
type exitStatus interface {
	error
	ExitStatus() int
}

// brokeRules is returned when the problems have been printed already.
var errBrokeRules = &exitError{code: ExitRules, silent: true}

// usageError marks bad flags or arguments.
func usageError(format string, args ...any) error {
	return &exitError{code: ExitInput, err: fmt.Errorf(format, args...)}
}

// globalOptions are the flags every command has.
type globalOptions struct {
	db    []string
	quiet bool // -q: no notes or progress; errors and results only
	// table is how --db reads a table (--sheet, --type, --map): the keys
	// of game.yaml's tables:.
	table tableFlags
	// notes receives loadDB's notes (the sheets a workbook gave), unless
	// quiet; nil for none.
	notes io.Writer
}

// gcPercentLoading is the GC target while the bundled games load.
const gcPercentLoading = 400

// gcLoading counts the loads under way (commands run concurrently in tests
// and in-process callers) and holds the GC target to restore after the
// last.
var gcLoading struct {
	sync.Mutex
	n   int
	old int
}

// loadingGC raises the GC target to gcPercentLoading until the returned
// function is called; the first of concurrent loads raises it and the
// last restores it, so that none leaves it raised.
func loadingGC() (restore func()) {
	gcLoading.Lock()
	if gcLoading.n == 0 {
		gcLoading.old = debug.SetGCPercent(gcPercentLoading)
	}
	gcLoading.n++
	gcLoading.Unlock()
	return func() {
		gcLoading.Lock()
		gcLoading.n--
		if gcLoading.n == 0 {
			debug.SetGCPercent(gcLoading.old)
		}
		gcLoading.Unlock()
	}
}

// loadDBFor loads the games as loadDB does and checks the command's --game
// (when given): an unreadable database is an input error, an unknown game
// a usage error.
func (g *globalOptions) loadDBFor(game string) (*cardsdb.DB, error) {
	db, err := g.loadDB()
	if err != nil {
		return nil, inputError(err)
	}
	if game != "" {
		if _, err := db.LookupGame(game); err != nil {
			return nil, usageError("--game: %v", err)
		}
	}
	return db, nil
}

// loadDB loads the bundled games and each --db path beside them.
func (g *globalOptions) loadDB() (*cardsdb.DB, error) {
	// Loading the bundled games allocates about 4 MB of parse trees that
	// are garbage once loaded; with the runtime's first collection due at
	// a 4 MB heap, a short command collected twice while loading them
	// (a third of "deckwright validate"'s CPU time). The load runs with
	// a higher GC target, and the caller's is restored after it.
	restore := loadingGC()
	db, err := cardsdb.LoadBundled()
	restore()
	if err != nil {
		return nil, fmt.Errorf("bundled data: %w", err)
	}
	for _, p := range g.db {
		if sheet.FormatOf(p) == "" {
			if err := db.AddPath(p); err != nil {
				return nil, err
			}
			continue
		}
		src, err := g.table.source()
		if err != nil {
			return nil, err
		}
		l, err := sheet.AddPath(db, p, src)
		if err != nil {
			return nil, err
		}
		if g.notes != nil && !g.quiet {
			tableNote(g.notes, p, l)
		}
	}
	for _, game := range db.Games() {
		if err := validate.CheckGame(game); err != nil {
			return nil, err
		}
	}
	if g.notes != nil && !g.quiet {
		skippedSheetsNote(g.notes, db)
	}
	return db, nil
}

// Main runs deckwright with args and returns the exit code. Ctrl-C
// (SIGINT), SIGTERM and SIGHUP end any command within a second, its
// temporary files removed: see MainContext.
func Main(args []string, in io.Reader, out, errw io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	return MainContext(ctx, args, in, out, errw)
}

// interruptGrace is how long a command may take to stop by itself once
// interrupted before MainContext returns without it.
const interruptGrace = 500 * time.Millisecond

// MainContext runs deckwright with args until it ends or ctx is cancelled,
// and returns the exit code. The command runs in a goroutine of its own:
// once ctx is cancelled, MainContext waits at most half a second for it to
// stop, then removes the temporary files it made (so that no half-written
// output is left), says "interrupted" and returns ExitInterrupted, whatever
// the command's workers are doing.
func MainContext(ctx context.Context, args []string, in io.Reader, out, errw io.Writer) int {
	// Everything printed passes through escapeWriters, so nothing read
	// from a shared file reaches the terminal as a control sequence.
	safeOut, safeErr := &escapeWriter{w: out}, &escapeWriter{w: errw}
	defer safeOut.Flush()
	defer safeErr.Flush()
	out, errw = safeOut, safeErr
	temps := &tempFiles{}
	io := IO{In: in, Out: out, Err: errw, ctx: ctx, temps: temps}
	root := newRootCmd(io)
	root.SetArgs(args)
	root.SetIn(in)
	root.SetOut(out)
	root.SetErr(errw)
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	select {
	case err := <-done:
		if ctx.Err() == nil {
			return exitCode(errw, err)
		}
	case <-ctx.Done():
		select {
		case <-done:
		case <-time.After(interruptGrace):
		}
	}
	temps.removeAll()
	fmt.Fprintln(errw, "deckwright: interrupted")
	return ExitInterrupted
}

// exitCode reports err and turns it into an exit code.
func exitCode(errw io.Writer, err error) int {
	if err == nil {
		return ExitOK
	}
	var st exitStatus
	if !errors.As(err, &st) {
		printError(errw, oneLine(err))
		// Anything else that reaches here is a usage error from cobra
		// (unknown command or flag) or unreadable input.
		return ExitInput
	}
	if ee, ok := st.(*exitError); ok {
		if !ee.silent && ee.err != nil {
			printError(errw, ee.err)
		}
		return ee.code
	}
	printError(errw, err)
	return st.ExitStatus()
}

// oneLine folds a multi-line error from cobra ("unknown command ...\n\nDid
// you mean this?\n\tvalidate") into one line.
func oneLine(err error) error {
	var parts []string
	for _, l := range strings.Split(err.Error(), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	msg := strings.Join(parts, " ")
	msg = strings.Replace(msg, " Did you mean this? ", "; did you mean ", 1)
	msg = strings.Replace(msg, `. Run 'deckwright --help' for usage.`, " (see deckwright --help)", 1)
	return errors.New(msg)
}

// printError writes an error, one problem per line, each prefixed with
// "deckwright: " unless it already starts with a position.
func printError(w io.Writer, err error) {
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintln(w, "deckwright: "+line)
	}
}

func newRootCmd(io IO) *cobra.Command {
	g := &globalOptions{}
	root := &cobra.Command{
		Use:   "deckwright",
		Short: "Validate, print and playtest decks for print-and-play card games",
		Long: `deckwright validates deck lists against a game's deck-building rules, prints
proxy sheets, and playtests decks. Games are data: YAML game definitions and
card files (bundled ones for Seeker Chronicles, Arkhtide, Hubworld,
Kaizerseat and Seeders from Sereis; your own with --db).

A DECK is a deck file (.yaml/.yml, or a .txt decklist) or a bundled deck
GAME/NAME, such as seeker-chronicles/cosmos.`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       readVersion().Version,
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &exitError{code: ExitInput, err: fmt.Errorf("%w (see %s --help)", err, c.CommandPath())}
	})
	root.PersistentFlags().StringArrayVar(&g.db, "db", nil, "load a game folder, a folder of games, a game.yaml, a cards file or a cards table (.csv, .tsv, .xlsx) beside the bundled data (repeatable)")
	root.PersistentFlags().BoolVarP(&g.quiet, "quiet", "q", false, "no notes or progress: errors, problems and results only")
	g.table.register(root.PersistentFlags(), "--db tables")
	g.notes = io.Err
	root.AddCommand(
		newGamesCmd(io, g),
		newCardsCmd(io, g),
		newRulesCmd(io, g),
		newValidateCmd(io, g),
		newPrintCmd(io, g),
		newBuildCmd(io, g),
		newGoldfishCmd(io, g),
		newCompareCmd(io, g),
		newTuneCmd(io, g),
		newOptimizeCmd(io, g),
		newMergeCmd(io, g),
		newImportCmd(io, g),
		newStatsCmd(io, g),
		newExportCmd(io, g),
		newPrinterCmd(io, g),
		newVersionCmd(io, g),
		newServeCmd(io, g),
		newTemplatesCmd(io, g),
		newDiffCmd(io, g),
	)
	addCompletions(root, g)
	// Cobra's completion command prints its help and exits 0 for an unknown
	// shell; make that a usage error like every other.
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Args = argsUsage(cobra.NoArgs)
			c.RunE = func(c *cobra.Command, args []string) error {
				return usageError("completion needs a shell: bash, zsh, fish or powershell (see deckwright completion --help)")
			}
		}
	}
	// Cobra's help command prints "Unknown help topic" and the usage and
	// exits 0 for a topic it does not know; make that a usage error too.
	root.InitDefaultHelpCmd()
	for _, c := range root.Commands() {
		if c.Name() == "help" {
			help := c.Run
			c.Run = nil
			c.RunE = func(c *cobra.Command, args []string) error {
				if target, rest, err := root.Find(args); target == nil || err != nil || len(rest) > 0 {
					return usageError("no help topic %q (see deckwright --help for the commands)", strings.Join(args, " "))
				}
				help(c, args)
				return nil
			}
		}
	}
	return root
}

// inputError wraps an error about unreadable input (exit 2).
func inputError(err error) error {
	return &exitError{code: ExitInput, err: err}
}

// noArgsOrUsage wraps cobra's argument checks so that they exit 2.
func argsUsage(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := check(cmd, args); err != nil {
			return usageError("%v (see %s --help)", err, cmd.CommandPath())
		}
		return nil
	}
}
