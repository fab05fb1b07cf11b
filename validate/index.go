package validate

// linearMax is how many distinct keys a keyIndex scans before it builds a
// map (a variable so that tests can run both ways).
var linearMax = 32

// keyIndex numbers keys in the order they are first seen. While there are
// few it finds a key by scanning them, which for a deck of forty cards is
// several times cheaper than hashing; past linearMax keys it moves them to
// a map, so that a list of 100,000 lines stays linear.
type keyIndex[K comparable] struct {
	keys []K
	m    map[K]int
}

// newKeyIndex returns an empty index with room for hint keys (and no more
// than a scan takes) in one allocation.
func newKeyIndex[K comparable](hint int) keyIndex[K] {
	return keyIndex[K]{keys: make([]K, 0, min(hint, linearMax+1))}
}

// index returns the number of k and whether k was seen before; a new key
// gets the next number.
func (x *keyIndex[K]) index(k K) (int, bool) {
	if x.m != nil {
		if i, ok := x.m[k]; ok {
			return i, true
		}
		x.m[k] = len(x.keys)
		x.keys = append(x.keys, k)
		return len(x.keys) - 1, false
	}
	for i, seen := range x.keys {
		if seen == k {
			return i, true
		}
	}
	x.keys = append(x.keys, k)
	if len(x.keys) > linearMax {
		x.m = make(map[K]int, 2*len(x.keys))
		for i, seen := range x.keys {
			x.m[seen] = i
		}
	}
	return len(x.keys) - 1, false
}
