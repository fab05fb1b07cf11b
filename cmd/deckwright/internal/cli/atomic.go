package cli

import (
	"io"
	"os"
	"sync"

	"github.com/deckwright/deckwright/internal/atomicfile"
)

// writeAtomic writes the output file path through write with
// atomicfile.Write: a temporary file renamed into place over nothing or a
// regular file; a terminal, /dev/null or a pipe written through (the
// command line's -o may name them on purpose); anything else refused.
// Temporary files are recorded in temps (which may be nil), so that an
// interrupted command can remove them.
func writeAtomic(temps *tempFiles, path string, write func(io.Writer) error) error {
	return atomicfile.Write(path, atomicfile.Options{Through: true, Temp: temps.hook}, write)
}

// outputKind checks what is at an output path as writeAtomic would: see
// atomicfile.Check.
func outputKind(path string) (through bool, err error) {
	return atomicfile.Check(path, atomicfile.Options{Through: true})
}

// tempFiles records the temporary files a command has made and not yet
// renamed or removed, so that an interrupted run can remove them.
type tempFiles struct {
	mu    sync.Mutex
	names map[string]bool
}

// hook records name when made, forgets it when gone: the shape of
// atomicfile's and export's Temp options.
func (t *tempFiles) hook(name string, made bool) {
	if made {
		t.add(name)
	} else {
		t.remove(name)
	}
}

func (t *tempFiles) add(name string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.names == nil {
		t.names = map[string]bool{}
	}
	t.names[name] = true
}

func (t *tempFiles) remove(name string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.names, name)
}

// removeAll deletes every temporary file still recorded.
func (t *tempFiles) removeAll() {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for name := range t.names {
		os.RemoveAll(name) // a file, or an export's temporary folder
	}
	clear(t.names)
}
