package cardsdb

import (
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// fullDistance is the optimal-string-alignment distance computed over the
// whole table, the reference for the banded distance.
func fullDistance(a, b []rune) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// TestDistanceBanded checks the banded distance against the full table on
// random words over a small alphabet (so that they are often close): equal
// when within the limit, limit+1 otherwise.
func TestDistanceBanded(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func() []rune {
		w := make([]rune, r.IntN(12))
		for i := range w {
			w[i] = rune('a' + r.IntN(3))
		}
		return w
	}
	for range 20000 {
		a, b := word(), word()
		for limit := 1; limit <= 4; limit++ {
			want := min(fullDistance(a, b), limit+1)
			if got := distance(a, b, limit); got != want {
				t.Fatalf("distance(%q, %q, %d) = %d, want %d", string(a), string(b), limit, got, want)
			}
		}
	}
}

// refSuggest is Suggest done the plain way: every candidate's full
// distance, then a sort.
func refSuggest(name string, candidates []string, max int) []string {
	key := []rune(Fold(name))
	if len(key) == 0 {
		return nil
	}
	type scored struct {
		name string
		d    int
	}
	var found []scored
	limit := max3(len(key) / 3)
	for _, c := range candidates {
		ck := Fold(c)
		d := fullDistance(key, []rune(ck))
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

// TestSuggestReference checks Suggest (banded distance, the best kept as
// it goes, the band narrowed once enough are found) against refSuggest on
// random names over a small alphabet.
func TestSuggestReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	word := func() string {
		w := make([]byte, 1+r.IntN(12))
		for i := range w {
			w[i] = "abc"[r.IntN(3)]
		}
		return string(w)
	}
	for range 3000 {
		cands := make([]string, 1+r.IntN(30))
		seen := map[string]bool{}
		for i := range cands {
			for cands[i] = word(); seen[cands[i]]; cands[i] = word() {
			}
			seen[cands[i]] = true
		}
		name, max := word(), 1+r.IntN(3)
		got, want := Suggest(name, cands, max), refSuggest(name, cands, max)
		if !slices.Equal(got, want) {
			t.Fatalf("Suggest(%q, %q, %d) = %q, want %q", name, cands, max, got, want)
		}
	}
}

// TestSectionTakesMany checks Takes on a section of many types (a set is
// built) and after a type is added to it.
func TestSectionTakesMany(t *testing.T) {
	s := &Section{}
	for i := range 40 {
		s.Types = append(s.Types, "t"+strconv.Itoa(i))
	}
	for i := range 40 {
		if !s.Takes("t" + strconv.Itoa(i)) {
			t.Errorf("does not take t%d", i)
		}
	}
	if s.Takes("t40") || s.Takes("") {
		t.Error("takes a type it does not list")
	}
	s.Types = append(s.Types, "t40")
	if !s.Takes("t40") {
		t.Error("does not take a type added later")
	}
}
