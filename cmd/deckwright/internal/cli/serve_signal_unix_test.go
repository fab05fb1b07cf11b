//go:build unix

package cli

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// SIGTERM and SIGHUP stop serve as Ctrl-C does: its deckwright-serve-*
// temporary folder is removed (issue 25 item 6).
func TestServeSignalCleansUp(t *testing.T) {
	if os.Getenv("DECKWRIGHT_SERVE_CHILD") == "1" {
		os.Exit(Main([]string{"serve", "--addr", "127.0.0.1:0", "--decks", os.Getenv("DECKWRIGHT_SERVE_DECKS")}, os.Stdin, os.Stdout, os.Stderr))
	}
	if testing.Short() {
		t.Skip("starts deckwright serve in a process of its own")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			tmp := t.TempDir()
			cmd := exec.Command(os.Args[0], "-test.run=^TestServeSignalCleansUp$")
			cmd.Env = append(os.Environ(), "DECKWRIGHT_SERVE_CHILD=1", "TMPDIR="+tmp, "DECKWRIGHT_SERVE_DECKS="+filepath.Join(tmp, "decks"))
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			line, err := bufio.NewReader(out).ReadString('\n')
			if err != nil || !strings.HasPrefix(line, "deckwright serve: http://") {
				_ = cmd.Process.Kill()
				t.Fatalf("serve printed %q, %v", line, err)
			}
			if left := serveTemps(t, tmp); len(left) != 1 {
				t.Errorf("serve made %d temporary folders, want 1: %v", len(left), left)
			}
			go func() { done <- cmd.Wait() }()
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			select {
			case err := <-done:
				if err != nil {
					t.Logf("serve ended with %v", err)
				}
			case <-time.After(30 * time.Second):
				_ = cmd.Process.Kill()
				t.Fatalf("serve did not stop on %v", sig)
			}
			if left := serveTemps(t, tmp); len(left) > 0 {
				t.Errorf("after %v, serve left %v behind", sig, left)
			}
		})
	}
}

func serveTemps(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "deckwright-serve-*"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}
