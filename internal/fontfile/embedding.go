package fontfile

import (
	"encoding/binary"
	"fmt"
)

// The embedding-licence bits of a font's OS/2 fsType (OpenType
// specification, OS/2 table).
const (
	// FsRestricted (bit 1): "Restricted License embedding": the font must
	// not be embedded without the legal owner's permission.
	FsRestricted = 0x0002
	// FsPreviewPrint (bit 2): "Preview & Print embedding": the font may
	// be embedded in a document that is only viewed or printed.
	FsPreviewPrint = 0x0004
	// FsEditable (bit 3): "Editable embedding": the font may be embedded
	// in a document that is edited.
	FsEditable = 0x0008
	// FsNoSubsetting (bit 8): the font must be embedded whole, not as a
	// subset of its glyphs.
	FsNoSubsetting = 0x0100
	// FsBitmapOnly (bit 9): only the font's bitmaps may be embedded, not
	// its outlines.
	FsBitmapOnly = 0x0200
)

// Embedding returns nil if a font's licence bits, fsType, let deckwright
// embed it in a PDF, as it does: a subset of its outlines, holding the
// characters the cards use, in a document that is viewed and printed.
// Else it returns an error that says which bit forbids it and what the
// bit means.
//
//   - No bit (0, "installable"), Preview & Print (0x0004) and Editable
//     (0x0008) allow it.
//   - Restricted License (0x0002) forbids it, unless the font also sets
//     0x0004 or 0x0008: the specification says the least restrictive of
//     the bits set applies.
//   - No subsetting (0x0100) forbids it: print embeds a subset, always.
//   - Bitmap embedding only (0x0200) forbids it: a PDF embeds outlines.
//
// The reserved bits are ignored.
func Embedding(fsType uint16) error {
	switch {
	case fsType&(FsRestricted|FsPreviewPrint|FsEditable) == FsRestricted:
		return fmt.Errorf("its licence forbids embedding it in a document (OS/2 fsType 0x%04x: bit 0x0002, restricted licence embedding, and no bit that allows preview and print); a PDF printed with it would carry the font: use a font whose licence allows embedding, or ask its maker for one", fsType)
	case fsType&FsNoSubsetting != 0:
		return fmt.Errorf("its licence allows embedding only the whole font (OS/2 fsType 0x%04x: bit 0x0100, no subsetting), and a PDF carries only the characters its cards use: use a font whose licence allows subsetting", fsType)
	case fsType&FsBitmapOnly != 0:
		return fmt.Errorf("its licence allows embedding only its bitmaps (OS/2 fsType 0x%04x: bit 0x0200, bitmap embedding only), and a PDF carries outlines: use a font whose licence allows embedding outlines", fsType)
	}
	return nil
}

// checkEmbedding applies Embedding to a font's OS/2 table, if it has one.
func checkEmbedding(d *directory) error {
	os2 := d.tables["OS/2"]
	if len(os2) < 10 {
		return nil // no licence bits: checkTables judges the table's length
	}
	return Embedding(binary.BigEndian.Uint16(os2[8:]))
}
