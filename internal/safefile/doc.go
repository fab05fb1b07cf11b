// Package safefile reads files that strangers may have made: a game folder
// someone shared, a deck or a table named on the command line, the saved
// decks of the web page, an output folder read back before it is merged.
// Every such read goes through it, so that each refusal is made once and
// says the same thing wherever it happens.
//
// A file is read only if it is a regular file: a FIFO would block the
// read for ever, a device would never end, a folder is not a file. What a
// name is is looked at before it is opened (so a FIFO or a device is not
// even opened), it is opened without waiting (so a FIFO put in its place
// meanwhile still cannot block), and the open file is looked at again:
// that last look, at the file itself rather than at its name, decides.
// Reads stop one byte past a cap, so a file that is larger than it said,
// or grows, is refused rather than read whole.
//
// A folder is read through os.OpenRoot (Folder): a symbolic link or ".."
// that leads out of it is refused, and the error names the folder (by the
// kind Named gives it: "the game folder \"g\""); links inside it work. A
// folder inside it (fs.Sub) reads through the same root and names itself.
//
// Every refusal is a *fs.PathError whose Err is one of three types, each
// matching its sentinel with errors.Is: *NotRegularError (ErrNotRegular),
// *TooBigError (ErrTooBig) and *OutsideError (ErrOutside). Callers that
// name the file themselves take the PathError's Err.
//
//	games, err := safefile.OpenFolder(dir)
//	if err != nil {
//		return err
//	}
//	data, err := safefile.ReadFile(games, "cards/units.yaml", 8<<20)
//	var big *safefile.TooBigError
//	switch {
//	case errors.As(err, &big):
//		return fmt.Errorf("units.yaml is over the %d MiB limit", big.Limit>>20)
//	case err != nil:
//		return err
//	}
package safefile
