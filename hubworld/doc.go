// Package hubworld converts the community card data of Hubworld: Aidalon
// (the EDN files of the public Hubworld-Data repository) into a deckwright
// game folder: game.yaml with the real affiliations and the data's
// formats, and one cards file per affiliation with counted affiliation
// icons, uniqueness, traits, aliases, subtitles, illustrators, set codes
// and collector numbers. Each format keeps the data's :sets (the cards it
// takes); a card whose image the data's scraper saved (img/CODE.png by
// collector number, beside edn/) gets it, copied into the game folder.
//
// Convert reads through an fs.FS, so the caller decides where the data
// lives (the CLI opens the user's folder with os.OpenRoot), and returns the
// files to write; it writes nothing itself.
//
//	out, err := hubworld.Convert(os.DirFS("Hubworld-Data"), hubworld.Options{})
//	if err != nil {
//		return err
//	}
//	for _, f := range out.Files {
//		// write f.Data to filepath.Join(dir, f.Path)
//	}
//
// The data's license is not stated, so deckwright ships this converter,
// never the data.
package hubworld
