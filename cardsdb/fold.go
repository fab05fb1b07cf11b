package cardsdb

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// foldSpecial maps letters that Unicode decomposition does not split into a
// base letter and a mark.
var foldSpecial = map[rune]string{
	'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'ł': "l", 'đ': "d", 'ð': "d", 'þ': "th", 'ı': "i",
}

// Fold returns the lookup key of a card, section or game name: lower case,
// accents removed, apostrophes and quotes dropped, and spaces, hyphens and
// other punctuation removed, so that "schrodingers cat", "Schrödinger’s Cat"
// and "SCHRÖDINGER'S  CAT" all fold to "schrodingerscat".
func Fold(s string) string {
	if ascii(s) {
		// The fast path for plain ASCII names: no decomposition needed.
		var buf [64]byte
		b, _ := foldASCII(buf[:0], s)
		return string(b)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFKD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			// a combining accent: drop it
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			r = unicode.ToLower(r)
			if rep, ok := foldSpecial[r]; ok {
				b.WriteString(rep)
			} else {
				b.WriteRune(r)
			}
		}
		// spaces, apostrophes, hyphens and other punctuation are dropped
	}
	return b.String()
}

// foldASCII appends the folded form of an ASCII string to b; ok is false
// when it did not fit in b's capacity (the result is still right).
func foldASCII(b []byte, s string) ([]byte, bool) {
	c0 := cap(b)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			b = append(b, c)
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		}
	}
	return b, cap(b) == c0
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// distance is the optimal-string-alignment edit distance between a and b
// (insertions, deletions, substitutions and adjacent transpositions), or
// limit+1 when it is more than limit: only cells within limit of the
// diagonal are computed, and the search stops once a whole row is past it.
func distance(a, b []rune, limit int) int {
	return distanceBuf(a, b, limit, nil)
}

// distanceBuf is distance with a scratch buffer, used when it holds
// 3*(len(b)+1) ints.
func distanceBuf(a, b []rune, limit int, buf []int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	if len(a) == 0 || len(b) == 0 {
		return max(len(a), len(b))
	}
	far := limit + 1
	if len(buf) < 3*(len(b)+1) {
		buf = make([]int, 3*(len(b)+1))
	}
	prev2 := buf[:len(b)+1]
	prev, cur := buf[len(b)+1:2*(len(b)+1)], buf[2*(len(b)+1):3*(len(b)+1)]
	for j := range prev {
		prev[j] = min(j, far)
		prev2[j] = far
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		cur[0] = min(i, far)
		if lo > 1 {
			cur[lo-1] = far
		}
		best := cur[0]
		if lo > 1 {
			best = far
		}
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			v = min(v, far)
			cur[j] = v
			best = min(best, v)
		}
		if hi < len(b) {
			cur[hi+1] = far
		}
		if best > limit {
			return far
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// Names is a list of names prepared for suggestions: each is folded once,
// so that suggesting against it costs no folding of the candidates.
type Names struct {
	names   []string
	keys    []string // Fold of each name
	runes   [][]rune // the keys as runes, for the edit distance
	longest int      // the most runes of a key
}

// NewNames prepares names for Suggest.
func NewNames(names []string) *Names {
	n := &Names{names: names, keys: make([]string, len(names)), runes: make([][]rune, len(names))}
	for i, s := range names {
		n.keys[i] = Fold(s)
		n.runes[i] = []rune(n.keys[i])
		n.longest = max(n.longest, len(n.runes[i]))
	}
	return n
}

// Len returns the number of names.
func (n *Names) Len() int { return len(n.names) }

// Suggest returns up to max names close to name, best first. Closeness is
// measured on folded names: an edit distance of at most a third of the
// name's length (at most 4), or one name containing the other. A name
// equal to one of the list once folded always comes first, however long;
// other names longer than 200 letters get no suggestion.
func (n *Names) Suggest(name string, max int) []string {
	if max <= 0 {
		return nil
	}
	skey := Fold(name)
	if skey == "" {
		return nil
	}
	// best holds the best max names so far, best first: by distance, then
	// by name.
	type scored struct {
		name string
		d    int
	}
	best := make([]scored, 0, max+1)
	add := func(name string, d int) {
		if len(best) == max {
			w := best[len(best)-1]
			if d > w.d || d == w.d && name >= w.name {
				return
			}
			best = best[:len(best)-1]
		}
		i := len(best)
		for i > 0 && (d < best[i-1].d || d == best[i-1].d && name < best[i-1].name) {
			i--
		}
		best = append(best, scored{})
		copy(best[i+1:], best[i:])
		best[i] = scored{name, d}
	}
	if len(skey) > maxSuggestLen*utf8.UTFMax || utf8.RuneCountInString(skey) > maxSuggestLen {
		// Too long to be a mistyped name: only the name itself.
		for i, k := range n.keys {
			if k == skey {
				add(n.names[i], 0)
			}
		}
	} else {
		key := []rune(skey)
		limit := max3(len(key) / 3)
		buf := make([]int, 3*(n.longest+1))
		for i, ck := range n.keys {
			// Once max names are found, only as close ones can join them.
			cut := limit
			if len(best) == max {
				cut = min(cut, best[len(best)-1].d)
			}
			d := distanceBuf(key, n.runes[i], cut, buf)
			if d > cut {
				if len(key) >= 4 && len(n.runes[i]) >= 4 && (strings.Contains(ck, skey) || strings.Contains(skey, ck)) {
					d = limit + 1
				} else {
					continue
				}
			}
			add(n.names[i], d)
		}
	}
	out := make([]string, len(best))
	for i, b := range best {
		out[i] = b.name
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// Suggest returns up to max names from candidates that are close to name,
// best first (see Names.Suggest). To suggest against the same candidates
// many times, prepare them once with NewNames.
func Suggest(name string, candidates []string, max int) []string {
	return NewNames(candidates).Suggest(name, max)
}

// maxSuggestLen is the longest name, in letters once folded, that Suggest
// compares: longer input is not a mistyped card name, and comparing it would
// only cost time.
const maxSuggestLen = 200

func max3(n int) int {
	if n < 1 {
		return 1
	}
	if n > 4 {
		return 4
	}
	return n
}

// didYouMean formats suggestions as `; did you mean "A"?` or `; did you mean
// "A" or "B"?`, or "" when there are none.
func didYouMean(suggestions []string) string {
	switch len(suggestions) {
	case 0:
		return ""
	case 1:
		return `; did you mean "` + suggestions[0] + `"?`
	}
	q := make([]string, len(suggestions))
	for i, s := range suggestions {
		q[i] = `"` + s + `"`
	}
	return "; did you mean " + strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1] + "?"
}

// DidYouMean formats suggestions for an error message: `; did you mean "A"?`,
// or "" when there are none.
func DidYouMean(suggestions []string) string { return didYouMean(suggestions) }
