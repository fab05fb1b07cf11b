package pnp

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
)

// importedCorpus is one import of a corpus PDF, shared by every test that
// reads that PDF with the same options.
type importedCorpus struct {
	once sync.Once
	res  *Result
	err  error
}

var corpusImports sync.Map // key (see corpusImport) -> *importedCorpus

// corpusImport imports testdata/corpus/file with opt once per test binary
// and hands every caller the same Result: TestCorpus and the tests that
// look closer at one corpus PDF render and read it once between them.
// The Result must not be changed.
func corpusImport(t testing.TB, file string, opt Options) (*Result, error) {
	t.Helper()
	opt.rasterEnv = corpusFonts
	key := fmt.Sprintf("%s %+v", file, opt)
	v, _ := corpusImports.LoadOrStore(key, &importedCorpus{})
	c := v.(*importedCorpus)
	c.once.Do(func() {
		c.res, c.err = Import(context.Background(), filepath.Join("testdata", "corpus", file), opt)
	})
	return c.res, c.err
}
