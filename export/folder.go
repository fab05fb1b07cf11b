package export

import (
	"fmt"
	"io"
	"strings"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/internal/atomicfile"
)

// folder is an export's output folder being written (atomicfile.Folder):
// files go into a temporary folder, moved into place by commit, through
// os.OpenRoot so that a link inside an existing folder is never followed.
// A manifest (atomicfile.DefaultManifest) lists what the export wrote, so
// that the next export into the folder replaces that and only that.
type folder struct {
	*atomicfile.Folder
}

// newFolder starts writing dir. hook hears of the temporary folder (see
// Options.TempDir).
func newFolder(dir string, hook func(string, bool)) (*folder, error) {
	f, err := atomicfile.NewFolder(dir, atomicfile.FolderOptions{Manifest: atomicfile.DefaultManifest, Temp: hook})
	if err != nil {
		return nil, err
	}
	return &folder{f}, nil
}

// create writes the file name (slash-separated) through write.
func (f *folder) create(name string, write func(io.Writer) error) error {
	return f.Create(name, write)
}

// commit moves the files into place and records in res the files written
// and, when an earlier export was replaced, a note saying so.
func (f *folder) commit(res *Result) error {
	sum, err := f.Commit()
	if err != nil {
		return err
	}
	res.Files = f.Files()
	if sum.Existed && (len(sum.Replaced) > 0 || len(sum.Removed) > 0) {
		var did []string
		if n := len(sum.Replaced); n > 0 {
			did = append(did, fmt.Sprintf("replaced %d of its files", n))
		}
		if n := len(sum.Removed); n > 0 {
			did = append(did, fmt.Sprintf("removed %s this export does not write", cardsdb.Plural(n, "file")))
		}
		res.Notes = append(res.Notes, fmt.Sprintf("%s held an earlier export: %s (other files are left alone)", f.Dir(), strings.Join(did, " and ")))
	}
	return nil
}

// abort removes the temporary folder.
func (f *folder) abort() { f.Abort() }
