// Package pnp turns a publisher's print-and-play (PnP) PDF into card
// images that a game's card database can use.
//
// Import reads the pages of a PDF, finds the grid of cards on each page
// (from the placement of embedded images, or from a raster of the page:
// crop marks, cut lines, the gaps between cards, registration marks), cuts
// every card at its trim line, pairs fronts with backs for duplex and
// gutter-fold sheets, and returns the faces in reading order. Write turns
// a Result into a card folder: one image per distinct face, a cards YAML
// skeleton and a contact sheet.
//
// The package never prints; it returns values and writes only where it is
// told to.
package pnp
