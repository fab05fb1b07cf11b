package engine

import (
	"fmt"
	"strings"
)

// Policies is a game's list of named policies (whatever plays your side:
// P is the game's policy interface), the default first.
type Policies[P any] []PolicyInfo[P]

// PolicyInfo is one named policy: what it does, and how to make one.
type PolicyInfo[P any] struct {
	Name, Doc string
	New       func() P
}

// Names lists the policies, the default first.
func (ps Policies[P]) Names() []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

// Make returns a new policy by name, or an error that lists the names.
func (ps Policies[P]) Make(name string) (P, error) {
	for _, p := range ps {
		if p.Name == name {
			return p.New(), nil
		}
	}
	var zero P
	return zero, fmt.Errorf("unknown policy %q; the policies are %s", name, strings.Join(ps.Names(), ", "))
}
