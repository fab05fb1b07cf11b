package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/deckwright/deckwright/layout"
	"github.com/deckwright/deckwright/render"
)

// writeCutFiles writes a cutter sheet's cut files beside the PDF at
// output: the same name with .svg and .dxf. It returns their paths, or nil
// for a sheet without a cutter.
func writeCutFiles(out IO, output string, sheet layout.Sheet) ([]string, error) {
	if sheet.Cutter == layout.CutterNone {
		return nil, nil
	}
	base := strings.TrimSuffix(output, filepath.Ext(output))
	var paths []string
	for _, f := range []struct {
		ext   string
		write func(io.Writer, layout.Sheet) error
	}{{".svg", render.CutSVG}, {".dxf", render.CutDXF}} {
		path := base + f.ext
		if err := writeAtomic(out.temps, path, func(w io.Writer) error { return f.write(w, sheet) }); err != nil {
			return nil, inputError(err)
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// describeCut says what a cutter print wrote besides the PDF.
func describeCut(sheet layout.Sheet, paths []string) string {
	what := fmt.Sprintf("%s %s template", sheet.Cutter, sheet.Template)
	if sheet.Template == "" {
		what = fmt.Sprintf("%s, keylined for Direct Cut", sheet.Cutter)
	}
	s := fmt.Sprintf("cut files %s (%s, %d cards a sheet, corners %g mm",
		strings.Join(paths, ", "), what, len(sheet.Slots), sheet.Corner)
	if len(sheet.Skipped) > 0 {
		var n []string
		for _, i := range sheet.Skipped {
			n = append(n, fmt.Sprint(i+1))
		}
		s += fmt.Sprintf("; slot %s left empty, too close to a registration mark", strings.Join(n, ", "))
	}
	return s + ")"
}
