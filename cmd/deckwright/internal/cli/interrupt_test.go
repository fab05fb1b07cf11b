//go:build unix

package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// interruptBound is how soon after Ctrl-C a command must have returned:
// the promise is a second; the bound allows for a loaded test machine.
const interruptBound = 2 * time.Second

// interrupt runs deckwright with args in dir, cancels it once ready says
// so (polled every millisecond, for at most 10 s) and
// checks that it returns soon after, says "interrupted", and leaves no
// output or temporary file in dir.
// When refuseOK is set, a command that refuses its input on its own first
// (exit 2) skips the test.
func interrupt(t *testing.T, dir string, ready func() bool, refuseOK bool, args ...string) {
	t.Helper()
	t.Chdir(dir)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errw bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- MainContext(ctx, args, strings.NewReader(""), &out, &errw) }()
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	limit := time.After(10 * time.Second)
wait:
	for {
		select {
		case code := <-done:
			if refuseOK && code == ExitInput {
				t.Skipf("deckwright refuses the input by itself: %s", errw.String())
			}
			t.Fatalf("deckwright %s ended before it was interrupted (exit %d): %s", strings.Join(args, " "), code, errw.String())
		case <-limit:
			break wait
		case <-tick.C:
			if ready() {
				break wait
			}
		}
	}
	cancel()
	start := time.Now()
	var code int
	select {
	case code = <-done:
	case <-time.After(interruptBound):
		t.Fatalf("deckwright %s still runs %v after it was interrupted", strings.Join(args, " "), interruptBound)
	}
	t.Logf("returned %v after the interrupt", time.Since(start))
	if code != ExitInterrupted {
		t.Errorf("exit %d, want %d", code, ExitInterrupted)
	}
	if got := errw.String(); !strings.HasSuffix(got, "deckwright: interrupted\n") {
		t.Errorf("stderr %q, want it to end with the line \"deckwright: interrupted\"", got)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if n := e.Name(); strings.HasSuffix(n, ".pdf") || strings.HasSuffix(n, ".tmp") {
			t.Errorf("interrupted print left %s", n)
		}
	}
}

// TestInterruptPrint interrupts a long print (about 20,000 text proxies)
// once it has begun to write its output.
func TestInterruptPrint(t *testing.T) {
	dir := t.TempDir()
	deck := "game: seeker-chronicles\n" + strings.Repeat("999 Comet\n", 20)
	if err := os.WriteFile(filepath.Join(dir, "comets.txt"), []byte(deck), 0o644); err != nil {
		t.Fatal(err)
	}
	writing := func() bool {
		m, _ := filepath.Glob(filepath.Join(dir, ".out.pdf.*.tmp"))
		return len(m) > 0
	}
	interrupt(t, dir, writing, false, "print", "-q", "--max-cards", "20000", "comets.txt", "-o", "out.pdf")
}

// TestInterruptStuck interrupts a print whose work is stuck: card art that
// is a FIFO nobody writes to, opened by a worker. Whatever layout does with
// it (refuse it, or block in open), Ctrl-C ends the command.
func TestInterruptStuck(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "g")
	files := map[string]string{
		"game.yaml": "id: stuck\nname: Stuck\ncard_size: {width: 63, height: 88}\n" +
			"types:\n  - {id: spell, name: Spell}\nsections:\n  - {id: deck, name: Deck, types: [spell]}\n",
		"cards/core.yaml": "game: stuck\ncards:\n  - {name: One, type: spell, image: one.jpg}\n",
	}
	for name, text := range files {
		p := filepath.Join(game, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The deck is a FIFO too: reading it blocks until the test is over,
	// unless the loading code refuses it (then the test is skipped).
	fifo := filepath.Join(dir, "deck.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	// Afterwards, let the abandoned reader go (it reads an empty deck).
	t.Cleanup(func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	var started time.Time
	soon := func() bool {
		if started.IsZero() {
			started = time.Now()
		}
		return time.Since(started) > 300*time.Millisecond
	}
	interrupt(t, dir, soon, true, "--db", "g", "print", "-q", "--game", "stuck", "deck.txt", "-o", "out.pdf")
}

// TestInterruptExport interrupts an export of about 20,000 images once
// its temporary folder exists: neither the folder nor the output is left.
func TestInterruptExport(t *testing.T) {
	dir := t.TempDir()
	deck := "game: seeker-chronicles\n" + strings.Repeat("999 Comet\n", 20)
	if err := os.WriteFile(filepath.Join(dir, "comets.txt"), []byte(deck), 0o644); err != nil {
		t.Fatal(err)
	}
	writing := func() bool {
		m, _ := filepath.Glob(filepath.Join(dir, ".faces.tmp-*", "*.png"))
		return len(m) > 0
	}
	interrupt(t, dir, writing, false, "export", "png", "-q", "--dpi", "50", "--max-cards", "20000", "comets.txt", "-o", "faces")
	if m, _ := filepath.Glob(filepath.Join(dir, "*faces*")); len(m) > 0 {
		t.Errorf("interrupted export left %v", m)
	}
}
