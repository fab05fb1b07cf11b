package pdfgeom

import (
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// space is a colour space as far as its colours are converted.
type space uint8

const (
	spUnknown space = iota // colours not converted (Separation, DeviceN, Indexed, Lab)
	spGray
	spRGB
	spCMYK
	spPattern
)

// paint is the stroke or fill colour in force.
type paint struct {
	sp    space
	color Color
}

var black = Color{Known: true}

// components is how many numbers a colour of sp takes.
func (sp space) components() int {
	switch sp {
	case spGray:
		return 1
	case spRGB:
		return 3
	case spCMYK:
		return 4
	}
	return 0
}

// setSpace is cs or CS: the colour becomes the space's initial colour
// (black for the device spaces).
func (e *exec) setSpace(p *paint, name string) {
	p.sp = e.r.colorSpace(e.res, name)
	if p.sp.components() > 0 {
		p.color = black
	} else {
		p.color = Color{}
	}
}

// setColor is sc, scn, SC or SCN with nums the numeric operands, or g, rg,
// k and their stroking forms with the space they imply.
func setColor(p *paint, sp space, nums []float64) {
	p.sp = sp
	n := sp.components()
	if n == 0 || len(nums) < n {
		p.color = Color{}
		return
	}
	p.color = toRGB(sp, nums[len(nums)-n:])
}

func toRGB(sp space, v []float64) Color {
	c8 := func(x float64) uint8 {
		if !(x > 0) {
			return 0
		}
		if x >= 1 {
			return 255
		}
		return uint8(x*255 + 0.5)
	}
	switch sp {
	case spGray:
		g := c8(v[0])
		return Color{g, g, g, true}
	case spRGB:
		return Color{c8(v[0]), c8(v[1]), c8(v[2]), true}
	case spCMYK:
		k := 1 - clamp01(v[3])
		return Color{c8((1 - clamp01(v[0])) * k), c8((1 - clamp01(v[1])) * k), c8((1 - clamp01(v[2])) * k), true}
	}
	return Color{}
}

func clamp01(x float64) float64 {
	if !(x > 0) {
		return 0
	}
	return min(x, 1)
}

// colorSpace resolves the operand of cs or CS: a device space's name, or a
// name in the ColorSpace resources.
func (r *reader) colorSpace(res *resources, name string) space {
	switch name {
	case "DeviceGray", "G":
		return spGray
	case "DeviceRGB", "RGB":
		return spRGB
	case "DeviceCMYK", "CMYK":
		return spCMYK
	case "Pattern":
		return spPattern
	}
	if sp, ok := res.spaces[name]; ok {
		return sp
	}
	d := r.category(res, "ColorSpace")
	o, ok := d[name]
	if !ok {
		return spUnknown // not remembered: only names the resources hold are
	}
	if res.spaces == nil {
		res.spaces = map[string]space{}
	}
	sp := r.spaceOf(o)
	res.spaces[name] = sp
	return sp
}

// spaceOf classifies a colour space object.
func (r *reader) spaceOf(o types.Object) space {
	fam, n := r.spaceName(o)
	switch fam {
	case "Pattern":
		return spPattern
	case "DeviceGray", "CalGray", "DeviceRGB", "CalRGB", "DeviceCMYK", "ICCBased":
		switch n {
		case 1:
			return spGray
		case 3:
			return spRGB
		case 4:
			return spCMYK
		}
	}
	return spUnknown
}
