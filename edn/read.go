package edn

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxDepth is how deeply collections may nest.
const MaxDepth = 200

// MaxValues is the most values Read reads from one input, each value of
// each collection counted: a value held takes some 80 bytes, so 4 MB of
// "{}" (two million maps) took 320 MB. Card files hold a few thousand.
const MaxValues = 1_000_000

// Read parses every top-level value in data.
//
// It is the package's one boundary for input from strangers: what it
// holds is bounded before it is built (MaxDepth, MaxValues), and a panic
// in it is an *Error at the position reached, never a crash.
func Read(data []byte) (vals []any, err error) {
	r := &reader{src: data, line: 1, col: 1}
	defer func() {
		if p := recover(); p != nil {
			vals, err = nil, r.errorf("reading failed here (%v)", p)
		}
	}()
	var out []any
	for {
		r.space()
		if r.eof() {
			return out, nil
		}
		v, skip, err := r.value(0)
		if err != nil {
			return nil, err
		}
		if !skip {
			out = append(out, v)
		}
	}
}

type reader struct {
	src       []byte
	i         int
	line, col int
	values    int // read so far, for MaxValues
}

func (r *reader) eof() bool { return r.i >= len(r.src) }

func (r *reader) errorf(format string, args ...any) error {
	return &Error{Line: r.line, Col: r.col, Msg: fmt.Sprintf(format, args...)}
}

func (r *reader) peek() rune {
	c, _ := utf8.DecodeRune(r.src[r.i:])
	return c
}

func (r *reader) next() rune {
	c, n := utf8.DecodeRune(r.src[r.i:])
	r.i += n
	if c == '\n' {
		r.line++
		r.col = 1
	} else {
		r.col++
	}
	return c
}

// space skips whitespace, commas and comments.
func (r *reader) space() {
	for !r.eof() {
		switch c := r.peek(); {
		case c == ';':
			for !r.eof() && r.peek() != '\n' {
				r.next()
			}
		case c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0xFEFF:
			r.next()
		default:
			return
		}
	}
}

func isDelim(c rune) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\f', '\v', ',', '(', ')', '[', ']', '{', '}', '"', ';':
		return true
	}
	return false
}

// value reads one value; skip is true for a #_ discard.
func (r *reader) value(depth int) (v any, skip bool, err error) {
	if depth > MaxDepth {
		return nil, false, r.errorf("values nest deeper than %d", MaxDepth)
	}
	if r.values++; r.values > MaxValues {
		return nil, false, r.errorf("more than %d values; EDN files of cards hold far fewer", MaxValues)
	}
	if r.eof() {
		return nil, false, r.errorf("unexpected end of input")
	}
	switch c := r.peek(); c {
	case '(':
		r.next()
		items, err := r.seq(')', depth)
		return List(items), false, err
	case '[':
		r.next()
		items, err := r.seq(']', depth)
		return Vector(items), false, err
	case '{':
		r.next()
		m, err := r.mapping(depth)
		return m, false, err
	case ')', ']', '}':
		return nil, false, r.errorf("unexpected %q", c)
	case '"':
		s, err := r.str()
		return s, false, err
	case '\\':
		ch, err := r.char()
		return ch, false, err
	case '#':
		return r.dispatch(depth)
	}
	return r.atom()
}

func (r *reader) seq(end rune, depth int) ([]any, error) {
	items := []any{}
	for {
		r.space()
		if r.eof() {
			return nil, r.errorf("unexpected end of input; want %q", end)
		}
		if r.peek() == end {
			r.next()
			return items, nil
		}
		v, skip, err := r.value(depth + 1)
		if err != nil {
			return nil, err
		}
		if !skip {
			items = append(items, v)
		}
	}
}

func (r *reader) mapping(depth int) (Map, error) {
	line, col := r.line, r.col-1
	items, err := r.seq('}', depth)
	if err != nil {
		return nil, err
	}
	if len(items)%2 != 0 {
		return nil, &Error{Line: line, Col: col, Msg: fmt.Sprintf("map has %d forms, want an even number (a value for every key)", len(items))}
	}
	m := make(Map, 0, len(items)/2)
	for i := 0; i < len(items); i += 2 {
		m = append(m, Pair{items[i], items[i+1]})
	}
	return m, nil
}

func (r *reader) dispatch(depth int) (any, bool, error) {
	r.next() // #
	if r.eof() {
		return nil, false, r.errorf("unexpected end of input after #")
	}
	switch r.peek() {
	case '{':
		r.next()
		items, err := r.seq('}', depth)
		return Set(items), false, err
	case '_':
		r.next()
		r.space()
		_, _, err := r.value(depth + 1)
		return nil, true, err
	}
	tag, _, err := r.atom()
	if err != nil {
		return nil, false, err
	}
	sym, ok := tag.(Symbol)
	if !ok {
		return nil, false, r.errorf("a tag must be a symbol, found %v", tag)
	}
	r.space()
	v, skip, err := r.value(depth + 1)
	if err != nil {
		return nil, false, err
	}
	if skip {
		return nil, false, r.errorf("tag #%s has no value", sym)
	}
	return Tagged{Tag: sym, Value: v}, false, nil
}

func (r *reader) str() (string, error) {
	line, col := r.line, r.col
	r.next() // "
	var b strings.Builder
	for {
		if r.eof() {
			return "", &Error{Line: line, Col: col, Msg: "string has no closing quote"}
		}
		c := r.next()
		switch c {
		case '"':
			return b.String(), nil
		case '\\':
			if r.eof() {
				return "", &Error{Line: line, Col: col, Msg: "string has no closing quote"}
			}
			e := r.next()
			switch e {
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'n':
				b.WriteByte('\n')
			case '\\', '"':
				b.WriteRune(e)
			case 'u':
				if r.i+4 > len(r.src) {
					return "", r.errorf("\\u needs 4 hex digits")
				}
				n, err := strconv.ParseUint(string(r.src[r.i:r.i+4]), 16, 32)
				if err != nil {
					return "", r.errorf("\\u needs 4 hex digits")
				}
				for range 4 {
					r.next()
				}
				b.WriteRune(rune(n))
			default:
				return "", r.errorf("unknown escape \\%c in a string", e)
			}
		default:
			if c == utf8.RuneError {
				return "", r.errorf("string is not valid UTF-8")
			}
			b.WriteRune(c)
		}
	}
}

var charNames = map[string]rune{"newline": '\n', "return": '\r', "space": ' ', "tab": '\t', "formfeed": '\f', "backspace": '\b'}

func (r *reader) char() (Char, error) {
	r.next() // backslash
	if r.eof() {
		return 0, r.errorf("character literal has no character")
	}
	start := r.i
	r.next()
	for !r.eof() && !isDelim(r.peek()) {
		r.next()
	}
	tok := string(r.src[start:r.i])
	if utf8.RuneCountInString(tok) == 1 {
		c, _ := utf8.DecodeRuneInString(tok)
		return Char(c), nil
	}
	if c, ok := charNames[tok]; ok {
		return Char(c), nil
	}
	if len(tok) == 5 && tok[0] == 'u' {
		if n, err := strconv.ParseUint(tok[1:], 16, 32); err == nil {
			return Char(n), nil
		}
	}
	return 0, r.errorf("unknown character literal \\%s", tok)
}

// atom reads a number, keyword, symbol, nil, true or false.
func (r *reader) atom() (any, bool, error) {
	line, col := r.line, r.col
	start := r.i
	for !r.eof() && !isDelim(r.peek()) {
		if r.peek() == utf8.RuneError {
			return nil, false, r.errorf("input is not valid UTF-8")
		}
		r.next()
	}
	tok := string(r.src[start:r.i])
	bad := func(what string) (any, bool, error) {
		return nil, false, &Error{Line: line, Col: col, Msg: fmt.Sprintf("%s %q", what, tok)}
	}
	if tok == "" {
		r.next()
		return nil, false, &Error{Line: line, Col: col, Msg: fmt.Sprintf("unexpected %q", r.src[start:r.i])}
	}
	switch tok {
	case "nil":
		return nil, false, nil
	case "true":
		return true, false, nil
	case "false":
		return false, false, nil
	}
	c := tok[0]
	if c >= '0' && c <= '9' || (c == '-' || c == '+') && len(tok) > 1 && tok[1] >= '0' && tok[1] <= '9' {
		return number(tok, bad)
	}
	if c == ':' {
		if len(tok) == 1 || tok[1] == ':' {
			return bad("bad keyword")
		}
		return Keyword(tok[1:]), false, nil
	}
	if c == '#' {
		return bad("bad symbol")
	}
	return Symbol(tok), false, nil
}

func number(tok string, bad func(string) (any, bool, error)) (any, bool, error) {
	s := tok
	switch {
	case strings.HasSuffix(s, "N"):
		s = s[:len(s)-1]
		n, ok := new(big.Int).SetString(strings.TrimPrefix(s, "+"), 10)
		if !ok {
			return bad("bad number")
		}
		if n.IsInt64() {
			return n.Int64(), false, nil
		}
		return n, false, nil
	case strings.HasSuffix(s, "M"):
		s = s[:len(s)-1]
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, false, nil
	}
	if strings.ContainsAny(s, ".eE") && !strings.ContainsAny(s, "xXpP_") {
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return f, false, nil
		}
	}
	return bad("bad number")
}
