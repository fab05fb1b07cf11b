package pnp

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
)

// matrix is a PDF transformation matrix [a b c d e f].
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// mul returns m × n: m applied first, then n (PDF's cm premultiplies the CTM).
func (m matrix) mul(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func (m matrix) apply(x, y float64) (float64, float64) {
	return x*m[0] + y*m[2] + m[4], x*m[1] + y*m[3] + m[5]
}

// maxContentOps bounds the operators read from one page's content.
const maxContentOps = 5_000_000

// scanContent reads a content stream for what tells where images are: q, Q
// and cm for the transformation in force, Do for XObjects (see calls with
// op "Do", the CTM and the resource name) and text or inline images (op
// "text").
func scanContent(b []byte, see func(op string, ctm matrix, name string)) error {
	ctm := identity
	var stack []matrix
	var operands []string
	ops := 0
	isDelim := func(c byte) bool { return bytes.IndexByte([]byte("()<>[]{}/% \t\r\n\f\x00"), c) >= 0 }
	depth := 0 // inside [ ] or << >>: everything is one operand
	operator := func(op string) error {
		ops++
		if ops > maxContentOps {
			return fmt.Errorf("more than %d operators", maxContentOps)
		}
		switch op {
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
			for i, s := range operands {
				v, err := strconv.ParseFloat(s, 64)
				if err != nil || !pdfNumber(s) {
					return fmt.Errorf("cm operand %q", s)
				}
				m[i] = v
			}
			ctm = m.mul(ctm)
			for _, v := range ctm {
				if math.IsInf(v, 0) || math.IsNaN(v) {
					return fmt.Errorf("cm makes a transformation out of range")
				}
			}
		case "Do":
			if len(operands) == 1 && len(operands[0]) > 1 && operands[0][0] == '/' {
				see("Do", ctm, operands[0][1:])
			}
		case "BT", "BI":
			see("text", ctm, "")
		}
		operands = operands[:0]
		return nil
	}
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == 0:
			i++
		case c == '%':
			for i < len(b) && b[i] != '\n' && b[i] != '\r' {
				i++
			}
		case c == '(':
			n, j := 0, i
			for ; j < len(b); j++ {
				if b[j] == '\\' {
					j++
					continue
				}
				if b[j] == '(' {
					n++
				} else if b[j] == ')' {
					n--
					if n == 0 {
						break
					}
				}
			}
			if j >= len(b) {
				return fmt.Errorf("unterminated string at byte %d", i)
			}
			if depth == 0 {
				operands = append(operands, "()")
			}
			i = j + 1
		case c == '<' && i+1 < len(b) && b[i+1] == '<':
			depth++
			i += 2
		case c == '>' && i+1 < len(b) && b[i+1] == '>':
			depth--
			i += 2
			if depth == 0 {
				operands = append(operands, "<<>>")
			}
		case c == '<':
			j := bytes.IndexByte(b[i:], '>')
			if j < 0 {
				return fmt.Errorf("unterminated hex string at byte %d", i)
			}
			if depth == 0 {
				operands = append(operands, "<>")
			}
			i += j + 1
		case c == '[':
			depth++
			i++
		case c == ']':
			depth--
			i++
			if depth == 0 {
				operands = append(operands, "[]")
			}
		default:
			j := i + 1
			for j < len(b) && !isDelim(b[j]) {
				j++
			}
			s := string(b[i:j])
			i = j
			if depth > 0 {
				continue
			}
			if s == "ID" {
				// Inline image data: skip to EI.
				k := bytes.Index(b[i:], []byte("EI"))
				for k >= 0 && i+k+2 < len(b) && !isDelim(b[i+k+2]) {
					n := bytes.Index(b[i+k+2:], []byte("EI"))
					if n < 0 {
						k = -1
						break
					}
					k += 2 + n
				}
				if k < 0 {
					return fmt.Errorf("inline image without EI")
				}
				i += k + 2
				operands = operands[:0]
				continue
			}
			_, numErr := strconv.ParseFloat(s, 64)
			if c == '/' || numErr == nil || s == "true" || s == "false" || s == "null" {
				operands = append(operands, s)
				continue
			}
			if err := operator(s); err != nil {
				return err
			}
		}
		if depth < 0 {
			return fmt.Errorf("unbalanced ] or >> at byte %d", i)
		}
	}
	return nil
}

// pdfNumber reports whether s is a number as PDF writes them: an optional
// sign, digits and at most one point (strconv also takes "NaN", "Inf",
// exponents, hexadecimal and underscores, which a PDF has not).
func pdfNumber(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	digits, points := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			points++
		default:
			return false
		}
	}
	return digits > 0 && points <= 1
}
