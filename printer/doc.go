// Package printer keeps printer profiles: what deckwright has learnt about
// a user's printer from the duplex calibration sheet (the back offset and
// stretch, the edge it flips on) and what the user tells it (the paper in
// its tray, the margin it cannot print). Profiles live in one YAML file,
// by default printers.yaml in os.UserConfigDir()/deckwright, which [Save]
// replaces atomically.
//
//	book, err := printer.Load(path)
//	book.Put(printer.Profile{Name: "office", Offset: layout.Offset{X: 0.5, Y: -0.3}, Flip: "long"})
//	err = printer.Save(path, book)
//
// It reads and writes that file and checks profiles; it prints nothing.
// [Profile.Apply] sets a profile's values into layout.Options.
package printer
