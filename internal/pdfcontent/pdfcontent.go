// Package pdfcontent reads PDF content streams: it splits a page's
// content into operands and operators, and holds the transformation
// matrices that q, Q and cm make of them. The PnP import (package pnp)
// reads where a publisher's page places its images with it, and render's
// tests read back the PDFs deckwright writes with it.
//
// It is a reader for what those two need, not a PDF parser: strings, hex
// strings, arrays and dictionaries are each one operand, their content
// left unsplit, and inline image data (ID … EI) is skipped.
package pdfcontent

import (
	"bytes"
	"fmt"
)

// Matrix is a PDF transformation matrix [a b c d e f].
type Matrix [6]float64

// Identity maps every point to itself.
var Identity = Matrix{1, 0, 0, 1, 0, 0}

// Mul returns m × n: m applied first, then n (cm premultiplies the CTM:
// the new CTM is m.Mul(ctm)).
func (m Matrix) Mul(n Matrix) Matrix {
	return Matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// Apply maps the point (x, y).
func (m Matrix) Apply(x, y float64) (float64, float64) {
	return x*m[0] + y*m[2] + m[4], x*m[1] + y*m[3] + m[5]
}

// Token is one operand or operator of a content stream. Raw is its text,
// a slice of the stream given to Scan (copy it to keep it).
type Token struct {
	Raw     []byte
	Operand bool
}

// delims are PDF's white-space and delimiter characters.
const delims = "()<>[]{}/% \t\r\n\f\x00"

// delim[c] says whether c is one of delims: a table, since every byte of a
// content stream is looked up.
var delim = func() (t [256]bool) {
	for i := range len(delims) {
		t[delims[i]] = true
	}
	return t
}()

func isDelim(c byte) bool { return delim[c] }

// Scan calls fn with each token of b in order and stops at fn's first
// error, which it returns. Numbers (see Number), names, true, false, null,
// strings, hex strings, arrays and dictionaries are operands; any other
// word is an operator, ID included (the inline image data after it is
// skipped up to EI). An unterminated string or an unbalanced ] or >> is an
// error naming the byte offset.
func Scan(b []byte, fn func(Token) error) error {
	depth := 0 // inside [ ] or << >>: everything is one operand
	start := 0 // where the outermost array or dictionary began
	open := func(i int) {
		if depth == 0 {
			start = i
		}
		depth++
	}
	for i := 0; i < len(b); {
		c := b[i]
		var tok Token
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == 0:
			i++
			continue
		case c == '%':
			for i < len(b) && b[i] != '\n' && b[i] != '\r' {
				i++
			}
			continue
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
			tok = Token{b[i : j+1], true}
			i = j + 1
		case c == '<' && i+1 < len(b) && b[i+1] == '<':
			open(i)
			i += 2
			continue
		case c == '>' && i+1 < len(b) && b[i+1] == '>':
			depth--
			i += 2
			if depth < 0 {
				return fmt.Errorf("unbalanced >> at byte %d", i-2)
			}
			tok = Token{b[start:i], true}
		case c == '<':
			j := bytes.IndexByte(b[i:], '>')
			if j < 0 {
				return fmt.Errorf("unterminated hex string at byte %d", i)
			}
			tok = Token{b[i : i+j+1], true}
			i += j + 1
		case c == '[':
			open(i)
			i++
			continue
		case c == ']':
			depth--
			i++
			if depth < 0 {
				return fmt.Errorf("unbalanced ] at byte %d", i-1)
			}
			tok = Token{b[start:i], true}
		default:
			j := i + 1
			for j < len(b) && !isDelim(b[j]) {
				j++
			}
			s := b[i:j]
			i = j
			word := string(s)
			tok = Token{s, c == '/' || Number(word) || word == "true" || word == "false" || word == "null"}
			if word == "ID" && depth == 0 {
				// Inline image data: skip to an EI followed by a delimiter.
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
					return fmt.Errorf("inline image without EI at byte %d", i)
				}
				i += k + 2
			}
		}
		if depth > 0 {
			continue // part of an array or dictionary
		}
		if err := fn(tok); err != nil {
			return err
		}
	}
	return nil
}

// Number reports whether s is a number as PDF writes them: an optional
// sign, digits and at most one point. (strconv.ParseFloat also takes
// "NaN", "Inf", exponents, hexadecimal and underscores, which a PDF has
// not.)
func Number(s string) bool {
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
