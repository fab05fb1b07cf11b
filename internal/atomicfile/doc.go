// Package atomicfile writes output files so that no reader ever sees half
// of one: a file is written into a temporary file beside it and renamed
// over it once complete, and a failed or interrupted write leaves the old
// file (or nothing) in place.
//
// It writes over regular files only: a directory, a symbolic link, a
// FIFO, a device or a socket where the output should go is refused before
// anything is written (Options.Through lets the command line write through
// a terminal, /dev/null or a pipe it was given on purpose).
//
// Folders of output (an export, an imported PnP folder) are written with
// Folder: the files go into a temporary folder and are moved into place
// through os.OpenRoot, so a symbolic link inside an existing output folder
// is never followed out of it, and a manifest lets the next run replace
// the files an earlier run wrote while leaving the user's own alone.
//
// Writing one file:
//
//	err := atomicfile.WriteFile("out/deck.pdf", data, 0o644)
//
// Writing a file inside a folder opened with os.OpenRoot (a saved deck):
//
//	err := atomicfile.WriteFileIn(root, "decks/mine.txt", data, 0o644)
//
// Writing a folder:
//
//	f, err := atomicfile.NewFolder("out/deck-tts", atomicfile.FolderOptions{Manifest: atomicfile.DefaultManifest})
//	err = f.WriteFile("sheet-1.png", png)
//	sum, err := f.Commit() // or f.Abort()
package atomicfile
