package templates

import (
	"fmt"
	"strconv"
	"strings"
)

// RGB is a colour, red, green and blue from 0 to 255.
type RGB [3]uint8

// Hex formats c as "#rrggbb".
func (c RGB) Hex() string { return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2]) }

// paintKind says where a template colour comes from.
type paintKind uint8

const (
	paintNone        paintKind = iota // not drawn
	paintRGB                          // a fixed colour
	paintFaction                      // the card's faction colour
	paintFactionTint                  // a pale tint of the faction colour
)

// paint is a colour as a template writes it: "#rrggbb", "#rgb", "faction",
// "faction-tint" or "none".
type paint struct {
	kind paintKind
	rgb  RGB
}

// tintShare is how much of the faction colour a faction-tint keeps; the
// rest is white.
const tintShare = 0.18

func parsePaint(s string) (paint, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "none", "":
		return paint{}, nil
	case "faction":
		return paint{kind: paintFaction}, nil
	case "faction-tint":
		return paint{kind: paintFactionTint}, nil
	}
	c, err := parseRGB(s)
	if err != nil {
		return paint{}, err
	}
	return paint{kind: paintRGB, rgb: c}, nil
}

func parseRGB(s string) (RGB, error) {
	h := strings.TrimSpace(s)
	bad := fmt.Errorf("want a colour \"#rrggbb\" or \"#rgb\", found %q", s)
	if !strings.HasPrefix(h, "#") {
		return RGB{}, bad
	}
	h = h[1:]
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	if len(h) != 6 {
		return RGB{}, bad
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return RGB{}, bad
	}
	return RGB{uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
}

// resolve returns the colour to draw and whether to draw at all, given the
// card's faction colour.
func (p paint) resolve(faction RGB) (RGB, bool) {
	switch p.kind {
	case paintRGB:
		return p.rgb, true
	case paintFaction:
		return faction, true
	case paintFactionTint:
		var c RGB
		for i := range c {
			c[i] = uint8(float64(faction[i])*tintShare + 255*(1-tintShare) + 0.5)
		}
		return c, true
	}
	return RGB{}, false
}
