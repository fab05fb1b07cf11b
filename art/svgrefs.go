package art

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html/charset"
)

// Limits on what an SVG's <use> elements expand to, checked before oksvg
// reads the file (see checkSVGRefs).
const (
	// MaxSVGUseDepth bounds how deeply <use> elements may refer to
	// elements that hold <use> elements in turn (symbols in symbols).
	MaxSVGUseDepth = 16
	// MaxSVGElements bounds the elements an SVG holds once every <use>
	// is replaced by what it refers to.
	MaxSVGElements = 250_000
	// MaxSVGExpandedBytes bounds the text of their attributes (path data
	// mostly): eight times the largest SVG file read.
	MaxSVGExpandedBytes = 8 * maxSVGBytes
)

// svgEntry is an element kept in a definition: its size (name and
// attribute values), and what it refers to when it is a <use>.
type svgEntry struct {
	size int64
	ref  string // the id a <use> refers to ("" for other elements)
}

// svgRefs is what checkSVGRefs knows of the file: every definition of
// each id (an id defined twice may be used in either version), and the
// cost of each id once expanded.
type svgRefs struct {
	defs   map[string][][]svgEntry
	memo   map[string]svgCost
	active map[string]bool // the ids being expanded, for loops
}

// svgCost is what an element expands to: elements, their text, and how
// deeply its <use> elements nest.
type svgCost struct {
	elements, bytes int64
	depth           int
}

func (a *svgCost) add(b svgCost) {
	a.elements = min(a.elements+b.elements, MaxSVGElements+1)
	a.bytes = min(a.bytes+b.bytes, MaxSVGExpandedBytes+1)
	a.depth = max(a.depth, b.depth)
}

// checkSVGRefs reads an SVG as oksvg does and works out what its <use>
// elements expand to before oksvg expands them, refusing a file whose
// references loop (oksvg would recurse until the stack overflows, which no
// recover catches), nest deeper than MaxSVGUseDepth, or expand to more
// than MaxSVGElements elements or MaxSVGExpandedBytes of attributes (ten
// <use> of the previous level, nine levels deep, is a billion elements).
//
// oksvg expands a <use> as it reads it, from the definitions read so far:
// the elements inside <defs> are kept in order, and an element with an id
// starts the next definition (oksvg's IconCursor.readStartElement), until
// </defs>; gradients are not kept. This reads the same definitions but
// lets each <use> reach any version of an id in the file, wherever it is
// defined: it may count more than oksvg draws, never less.
func checkSVGRefs(data []byte) error {
	refs := &svgRefs{defs: map[string][][]svgEntry{}, memo: map[string]svgCost{}, active: map[string]bool{}}
	var uses []string // the <use> elements oksvg expands as it reads them
	var total svgCost
	d := xml.NewDecoder(bytes.NewReader(data))
	d.CharsetReader = charset.NewReaderLabel
	inDefs, inGrad := false, false
	var cur []svgEntry
	curID := ""
	keep := func() {
		if len(cur) > 0 {
			refs.defs[curID] = append(refs.defs[curID], cur)
		}
		cur, curID = nil, ""
	}
read:
	for {
		t, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			// oksvg reads the same tokens and says what is wrong, but only
			// once it reaches the bad one: the <use> elements before it
			// are expanded by then (a loop ahead of a bad end tag
			// overflowed the stack; found by FuzzSVGArt), so they are
			// checked all the same.
			break read
		}
		switch se := t.(type) {
		case xml.StartElement:
			name := se.Name.Local
			e := svgEntry{size: int64(len(name))}
			id, href := "", ""
			for _, a := range se.Attr {
				e.size += int64(len(a.Value))
				switch a.Name.Local {
				case "id":
					id = a.Value
				case "href":
					href = a.Value
				}
			}
			if name == "use" {
				e.ref = strings.TrimPrefix(href, "#")
				if !strings.HasPrefix(href, "#") {
					e.ref = "" // oksvg refuses it
				}
			}
			total.add(svgCost{elements: 1, bytes: e.size})
			skip := name == "linearGradient" || name == "radialGradient" || inGrad
			switch {
			case inDefs && !skip:
				if id != "" && len(cur) > 0 {
					keep()
				}
				if len(cur) == 0 {
					curID = id
				}
				cur = append(cur, e)
			case name == "defs":
				inDefs = true
			case name == "linearGradient" || name == "radialGradient":
				inGrad = true
			case name == "use" && e.ref != "":
				uses = append(uses, e.ref)
			}
		case xml.EndElement:
			switch se.Name.Local {
			case "g":
				if inDefs {
					cur = append(cur, svgEntry{size: 1})
				}
			case "defs":
				keep()
				inDefs = false
			case "linearGradient", "radialGradient":
				inGrad = false
			}
		}
		if total.elements > MaxSVGElements || total.bytes > MaxSVGExpandedBytes {
			break
		}
	}
	keep()
	for _, id := range uses {
		c, err := refs.expand(id, 1)
		if err != nil {
			return err
		}
		total.add(c)
		if total.elements > MaxSVGElements {
			return fmt.Errorf("its <use> elements make more than %s elements, over the limit: simplify it, or save it as PNG", countText(MaxSVGElements))
		}
		if total.bytes > MaxSVGExpandedBytes {
			return fmt.Errorf("its <use> elements repeat more than %d MB of shapes, over the limit: simplify it, or save it as PNG", MaxSVGExpandedBytes>>20)
		}
	}
	if total.elements > MaxSVGElements {
		return fmt.Errorf("more than %s elements, over the limit: simplify it, or save it as PNG", countText(MaxSVGElements))
	}
	return nil
}

// expand is what a <use> of id at nesting depth expands to: the largest
// of id's definitions, each entry with what it refers to in turn.
func (r *svgRefs) expand(id string, depth int) (svgCost, error) {
	if c, ok := r.memo[id]; ok {
		if depth+c.depth-1 > MaxSVGUseDepth {
			return c, r.tooDeep(id)
		}
		return c, nil
	}
	if depth > MaxSVGUseDepth {
		return svgCost{}, r.tooDeep(id)
	}
	if r.active[id] {
		return svgCost{}, fmt.Errorf("<use> of #%s refers back to itself through what it holds, a loop that never ends: remove the loop", id)
	}
	r.active[id] = true
	defer delete(r.active, id)
	var most svgCost
	for _, def := range r.defs[id] {
		c := svgCost{depth: 1}
		for _, e := range def {
			c.add(svgCost{elements: 1, bytes: e.size})
			if e.ref == "" {
				continue
			}
			sub, err := r.expand(e.ref, depth+1)
			if err != nil {
				return svgCost{}, err
			}
			sub.depth++
			c.add(sub)
			if c.elements > MaxSVGElements || c.bytes > MaxSVGExpandedBytes {
				break
			}
		}
		most = svgCost{elements: max(most.elements, c.elements), bytes: max(most.bytes, c.bytes), depth: max(most.depth, c.depth)}
	}
	r.memo[id] = most
	return most, nil
}

func (r *svgRefs) tooDeep(id string) error {
	return fmt.Errorf("<use> of #%s nests <use> elements more than %d deep: simplify it, or save it as PNG", id, MaxSVGUseDepth)
}

// countText writes a count for a message: 1200000 as "1.2 million".
func countText(n int64) string {
	if n >= 1_000_000 {
		return fmt.Sprintf("%.1f million", float64(n)/1e6)
	}
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
