package pnp

import (
	"fmt"
	"math"
	"strconv"

	"github.com/deckwright/deckwright/internal/pdfcontent"
)

// matrix is a PDF transformation matrix [a b c d e f].
type matrix = pdfcontent.Matrix

// maxContentOps bounds the operators read from one page's content.
const maxContentOps = 5_000_000

// scanContent reads a content stream for what tells where images are: q, Q
// and cm for the transformation in force, Do for XObjects (see calls with
// op "Do", the CTM and the resource name) and text or inline images (op
// "text").
func scanContent(b []byte, see func(op string, ctm matrix, name string)) error {
	ctm := pdfcontent.Identity
	var stack []matrix
	var operands [][]byte
	ops := 0
	return pdfcontent.Scan(b, func(t pdfcontent.Token) error {
		if t.Operand {
			operands = append(operands, t.Raw)
			return nil
		}
		ops++
		if ops > maxContentOps {
			return fmt.Errorf("more than %d operators", maxContentOps)
		}
		switch string(t.Raw) {
		case "q":
			if len(stack) > 1000 {
				return fmt.Errorf("graphics states nested more than 1000 deep")
			}
			stack = append(stack, ctm)
		case "Q":
			if len(stack) > 0 {
				ctm, stack = stack[len(stack)-1], stack[:len(stack)-1]
			}
		case "cm":
			if len(operands) != 6 {
				return fmt.Errorf("cm with %d operands", len(operands))
			}
			var m matrix
			for i, raw := range operands {
				s := string(raw)
				v, err := strconv.ParseFloat(s, 64)
				if err != nil || !pdfcontent.Number(s) {
					return fmt.Errorf("cm operand %q", s)
				}
				m[i] = v
			}
			ctm = m.Mul(ctm)
			for _, v := range ctm {
				if math.IsInf(v, 0) || math.IsNaN(v) {
					return fmt.Errorf("cm makes a transformation out of range")
				}
			}
		case "Do":
			if len(operands) == 1 && len(operands[0]) > 1 && operands[0][0] == '/' {
				see("Do", ctm, string(operands[0][1:]))
			}
		case "BT", "BI":
			see("text", ctm, "")
		}
		operands = operands[:0]
		return nil
	})
}
