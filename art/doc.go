// Package art prepares card art for printing: it reads a face's image file
// safely (regular files only, size and decoded-memory caps checked from the
// header before decoding), honours its EXIF orientation, crops it to the
// card's shape, resamples it to the print resolution (a JPEG with at least
// twice the pixels needed is decoded at 1/2, 1/4 or 1/8 of its size by
// third_party/jpeg, which spares most of the decoding), adds bleed by
// extending its edges, and encodes it as a JPEG (or a PNG when it has
// transparency) ready to embed in a PDF. A JPEG that already fits is passed
// through with its metadata stripped. Prepared art can be kept in a disk
// cache keyed by content and parameters ([DefaultCacheDir]). [ReadIcon]
// reads the small image of an inline rules-text icon the same safe way,
// and [PrepareLayer] the picture of a template's image layer (a frame, an
// art window), fitted to the layer, for the PDF and for the face images
// of package faces alike.
//
// It knows nothing of pages or PDFs: package layout places cards on sheets
// and package render draws them, asking [PrepareImages] for the art.
//
//	imgs, errs := art.PrepareImages(ctx, []art.ImageSpec{{
//		Path: "art/alpha.jpg", TrimW: 63.5, TrimH: 88.9, Bleed: 3, DPI: 300,
//	}}, art.PrepareOptions{CacheDir: art.DefaultCacheDir()})
package art
