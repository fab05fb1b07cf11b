// Package export writes a deck as files that other tools read, drawn by
// package faces from the same art and templates as the printed proxies:
//
//   - [PNG]: one image per card face (and back), named and ordered, for
//     any tool that takes pictures;
//   - [TTS]: Tabletop Simulator deck sheets, a back image and a saved
//     object (a DeckCustom) that loads from Saves/Saved Objects;
//   - [MPC]: one image per card face at a print shop's size with 1/8 inch
//     of bleed, and the XML order that the MakePlayingCards autofill tool
//     (github.com/chilli-axe/mpc-autofill) reads.
//
// Every export writes into a new temporary folder beside the destination
// and moves it into place only when every file is whole, so a failed run
// (art that cannot be read, a cancelled context) leaves no half-written
// folder. Art that cannot be read is an error that names every card
// concerned; the print command's fallback to a text proxy is for paper,
// where a missing picture is visible, not for files handed to other tools.
//
// Example:
//
//	res, err := export.TTS(ctx, "out/tts", cardface.DeckItems(deck), export.TTSOptions{Name: "Order"})
//	if err != nil { ... }
//	fmt.Println(res.Files)
package export
