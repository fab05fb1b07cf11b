package arkhtide

import (
	"math/rand/v2"
	"testing"
)

// firstPolicy is the greedy policy that, holding the higher Initiative,
// lets the player it names act first, and counts how often it was asked.
type firstPolicy struct {
	Greedy
	first int
	asked int
}

func (p *firstPolicy) First(m *Match) int { p.asked++; return p.first }

// initiativeMatch sets up a match against the passive opponent whose only
// Realms are yours and the opponent's, and plays its Realm Phase.
func initiativeMatch(t *testing.T, p Policy, yours, theirs string) *Match {
	t.Helper()
	d := bundled(t, "ember-covenant-mono")
	m := NewMatch(d, Options{Opponent: Passive}, p)
	m.rng = rand.New(rand.NewPCG(1, 2))
	m.setup()
	id := func(name string) uint8 {
		for i := range m.cards {
			if m.cards[i].Name == name {
				return uint8(i)
			}
		}
		t.Fatalf("no Realm %q in the deck", name)
		return NoCard
	}
	y, o := &m.S.Side[You], &m.S.Side[Opponent]
	y.RealmDeck.N, o.RealmDeck.N = 0, 0
	y.RealmDeck.Push(id(yours))
	o.RealmDeck.Push(id(theirs))
	m.realmPhase()
	return m
}

// TestInitiativeChooses checks step 16 of the Realm Phase: "The player
// whose revealed Realm has the highest Initiative value chooses which
// player will act first during the Preparation Phase". The choice is your
// policy's when your Realm's Initiative is higher, and only then.
func TestInitiativeChooses(t *testing.T) {
	// Arkhé Wellspring (Initiative 9) against Ossuary of Ten Kings (1).
	for _, first := range []int{You, Opponent} {
		p := &firstPolicy{first: first}
		m := initiativeMatch(t, p, "Arkhé Wellspring", "Ossuary of Ten Kings")
		if p.asked != 1 || m.S.First != first || m.Illegal != 0 {
			t.Errorf("higher Initiative, policy chooses %d: asked %d times, %d acts first, %d illegal", first, p.asked, m.S.First, m.Illegal)
		}
	}
	// The opponent holds the higher Initiative: the passive opponent
	// chooses, and takes the first Turn; your policy is not asked.
	p := &firstPolicy{first: You}
	m := initiativeMatch(t, p, "Ossuary of Ten Kings", "Arkhé Wellspring")
	if p.asked != 0 || m.S.First != Opponent {
		t.Errorf("lower Initiative: asked %d times, %d acts first; want 0 and the opponent", p.asked, m.S.First)
	}
	// A choice that is no player is illegal: you act first.
	p = &firstPolicy{first: 7}
	m = initiativeMatch(t, p, "Arkhé Wellspring", "Ossuary of Ten Kings")
	if m.S.First != You || m.Illegal != 1 {
		t.Errorf("choice 7: %d acts first, %d illegal; want you and 1", m.S.First, m.Illegal)
	}
	// Both shipped policies choose, with a reasoned default: to act first.
	for _, name := range PolicyNames() {
		pol, _ := NewPolicy(name)
		m := initiativeMatch(t, pol, "Arkhé Wellspring", "Ossuary of Ten Kings")
		if got := pol.First(m); got != You {
			t.Errorf("%s chooses %d to act first, want you", name, got)
		}
	}
}
