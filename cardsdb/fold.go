package cardsdb

import (
	"sort"
	"strings"
	"unicode"

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
// (insertions, deletions, substitutions and adjacent transpositions).
func distance(a, b []rune) int {
	if len(a) == 0 {
		return len(b)
	}
	if len(b) == 0 {
		return len(a)
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// Suggest returns up to max names from candidates that are close to name,
// best first. Closeness is measured on folded names: an edit distance of at
// most a third of the name's length, or one name containing the other.
func Suggest(name string, candidates []string, max int) []string {
	key := []rune(Fold(name))
	if len(key) == 0 || len(key) > maxSuggestLen {
		return nil // nothing, or too long to be a mistyped name
	}
	type scored struct {
		name string
		d    int
	}
	var found []scored
	limit := max3(len(key) / 3)
	for _, c := range candidates {
		ck := Fold(c)
		d := distance(key, []rune(ck))
		if d > limit {
			if len(key) >= 4 && len(ck) >= 4 && (strings.Contains(ck, string(key)) || strings.Contains(string(key), ck)) {
				d = limit + 1
			} else {
				continue
			}
		}
		found = append(found, scored{c, d})
	}
	sort.SliceStable(found, func(i, j int) bool {
		if found[i].d != found[j].d {
			return found[i].d < found[j].d
		}
		return found[i].name < found[j].name
	})
	var out []string
	for i := 0; i < len(found) && len(out) < max; i++ {
		out = append(out, found[i].name)
	}
	return out
}

// maxSuggestLen is the longest name Suggest looks for: longer input is not a
// mistyped card name, and comparing it would only cost time.
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
