package arkhtide

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine"
	"github.com/deckwright/deckwright/engine/enginetest"
)

// TestScenarios plays the small states of testdata/scenarios/*.txt, each
// taken from a statement of the rulebook, and compares the words of the
// game with the .golden file beside each (rewrite them with DECKWRIGHT_UPDATE=1).
// Lines starting with "> expect" check a number or a list by hand, so
// that a scenario states the rule's outcome and does not only freeze what
// the engine did.
//
// A scenario file holds setup lines, then action lines starting with ">":
//
//	deck: ember-covenant-mono         your deck (its Seeker); default ember-covenant-mono
//	opponent: passive | empty         default passive
//	phase: preparation | combat | regroup   the phase the actions start in (default combat)
//	realms: A (yours, b), The Still Eye, B (opponent's)   slots 1, 2, 3; side a unless b
//	SIDE seeker: N | safe             the Seeker on Realm N or in the Safe Zone
//	SIDE units: A @1, B @2 wounds 3 exhausted, C @safe, D @1 + Binding
//	SIDE hand | deck | chronicle: A, 3 B    the deck top first
//	SIDE arkhé | quintessence | willpower: N
//	> SIDE invoke CARD onto N|safe | to UNIT | killing UNIT
//	> SIDE move | reposition UNIT to N|safe      (UNIT: a card name or seeker)
//	> SIDE assist UNIT | strike UNIT melee|ranged at UNIT
//	> SIDE use N of UNIT | of realm N            ability number N (from 1)
//	> SIDE pass
//	> illegal SIDE ...                the move must not be legal
//	> deal N damage to SIDE UNIT [halved] [lethal]
//	> choose: CARD                    the answer to the next choice
//	> resource | harvest              play that phase (your policy: the script)
//	> preparation | combat | regroup  go on in that phase
//	> expect SIDE quintessence|willpower|arkhé|wounds UNIT|soul N N
//	> expect SIDE hand|units|harvested|chronicle|deck: A, B
//	> expect SIDE critical UNIT yes|no
//	> expect over|won|tie yes|no
//
// SIDE is you or opponent.
func TestScenarios(t *testing.T) {
	enginetest.Scenarios(t, filepath.Join("testdata", "scenarios"), func(t *testing.T, file, text string) []byte {
		sc := &scenario{t: t, file: file}
		return sc.run(text)
	})
}

type scenario struct {
	t    *testing.T
	file string
	line int
	m    *Match
	game *cardsdb.Game
	out  bytes.Buffer
	pol  *script
}

// script is the policy of a scenario: it answers choices as told, else
// with the first option, and never moves by itself.
type script struct {
	answers []string
	sc      *scenario
}

func (s *script) Name() string                             { return "script" }
func (s *script) Discard(m *Match) uint64                  { return 0 }
func (s *script) Mulligan(m *Match) uint64                 { return 0 }
func (s *script) Realm(m *Match, top []uint8) (int, uint8) { return 0, 0 }
func (s *script) Side(m *Match, c uint8) uint8             { return 0 }
func (s *script) First(m *Match) int                       { return You }
func (s *script) Next(m *Match) Move                       { return Pass }
func (s *script) Choose(m *Match, c *Choice) int {
	if len(s.answers) == 0 {
		return 0
	}
	want := s.answers[0]
	s.answers = s.answers[1:]
	for i := 0; i < c.N; i++ {
		if cardsdb.Fold(m.name(c.Card[i])) == cardsdb.Fold(want) {
			return i
		}
	}
	s.sc.fail("choice %q is not among the options", want)
	return 0
}

func (sc *scenario) fail(format string, args ...any) {
	sc.t.Helper()
	sc.t.Fatalf("%s:%d: %s", sc.file, sc.line, fmt.Sprintf(format, args...))
}

func (sc *scenario) errorf(format string, args ...any) {
	sc.t.Helper()
	sc.t.Errorf("%s:%d: %s", sc.file, sc.line, fmt.Sprintf(format, args...))
}

// id returns the id of a card by name, compiling it into the game's card
// table when the deck does not have it.
func (sc *scenario) id(name string) uint8 {
	c := sc.game.Card(name)
	if c == nil {
		sc.fail("no card %q", name)
	}
	for i := range sc.m.cards {
		if sc.m.cards[i].Name == c.Name {
			return uint8(i)
		}
	}
	cc, errs := compileCard(c)
	if len(errs) > 0 {
		sc.fail("%v", errs)
	}
	cc.Innate = sc.game.Factions.Innate(c, sc.m.Deck.Faction)
	for _, t := range []*Text{&cc.Text, &cc.Sides[0], &cc.Sides[1]} {
		for ai := range t.Abilities {
			for xi := range t.Abilities[ai].Actions {
				if a := &t.Abilities[ai].Actions[xi]; a.Kind == ActManifest {
					a.Card = sc.id(a.Token)
				}
			}
		}
	}
	sc.m.cards = append(sc.m.cards, cc)
	return uint8(len(sc.m.cards) - 1)
}

// names reads "A, 3 B" into ids.
func (sc *scenario) names(s string) []uint8 {
	var ids []uint8
	for _, part := range splitList(s) {
		n := 1
		if f := strings.Fields(part); len(f) > 1 {
			if k, err := strconv.Atoi(f[0]); err == nil {
				n, part = k, strings.TrimSpace(strings.TrimPrefix(part, f[0]))
			}
		}
		id := sc.id(part)
		for range n {
			ids = append(ids, id)
		}
	}
	return ids
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func sideOf(s string) (int, bool) {
	switch s {
	case "you":
		return You, true
	case "opponent":
		return Opponent, true
	}
	return 0, false
}

func (sc *scenario) zone(s string) int {
	if s == "safe" {
		return ZoneSafe
	}
	n, err := strconv.Atoi(strings.TrimPrefix(s, "@"))
	if err != nil || n < 1 || n > sc.m.S.NRealms {
		sc.fail("no Realm %q (the Realms are 1 to %d, or safe)", s, sc.m.S.NRealms)
	}
	return n - 1
}

// unit finds side's Unit by name ("seeker": the Seeker).
func (sc *scenario) unit(side int, name string) int {
	if name == "seeker" {
		return SeekerIndex
	}
	sd := &sc.m.S.Side[side]
	c := sc.id(name)
	for i := 0; i < sd.NUnits; i++ {
		if sd.Units[i].Card == c {
			return i
		}
	}
	sc.fail("%s has no %s in play", sc.m.who(side), name)
	return 0
}

func (sc *scenario) pile(p *Pile, s string) {
	ids := sc.names(s)
	p.N = 0
	for i := len(ids) - 1; i >= 0; i-- { // top first
		p.Push(ids[i])
	}
}

func (sc *scenario) run(text string) []byte {
	db := loadDB(sc.t)
	sc.game, _ = db.Game("arkhtide")
	lines := strings.Split(text, "\n")
	deck, opp, phase := "ember-covenant-mono", Passive, PhaseCombat
	for _, l := range lines {
		k, v, ok := strings.Cut(l, ":")
		if !ok || strings.HasPrefix(l, ">") || strings.HasPrefix(l, "#") {
			continue
		}
		v = strings.TrimSpace(v)
		switch k {
		case "deck":
			deck = v
		case "opponent":
			if v == "empty" {
				opp = Empty
			}
		case "phase":
			phase = map[string]Phase{"preparation": PhasePreparation, "combat": PhaseCombat, "regroup": PhaseRegroup, "harvest": PhaseHarvest}[v]
		}
	}
	d := bundled(sc.t, deck)
	sc.pol = &script{sc: sc}
	sc.m = NewMatch(d, Options{Opponent: opp}, sc.pol)
	m := sc.m
	m.cards = append([]Card(nil), m.cards...)
	m.rng = engine.Stream(1, 0)
	m.setup()
	m.Trace(&sc.out)
	m.tr.Depth = 1
	s := &m.S
	s.Round, s.Phase, s.Actor = 1, phase, You
	for side := range s.Side {
		sd := &s.Side[side]
		sd.Deck.N, sd.Hand.N, sd.RealmDeck.N = 0, 0, 0
		if sd.Present {
			sd.Arkhe = ArkhePool
		}
	}
	// The setup.
	for i, l := range lines {
		sc.line = i + 1
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, ">") {
			continue
		}
		k, v, _ := strings.Cut(l, ":")
		v = strings.TrimSpace(v)
		f := strings.Fields(k)
		if len(f) == 1 {
			switch k {
			case "deck", "opponent", "phase":
			case "realms":
				sc.realms(v)
			default:
				sc.fail("unknown setup line %q", l)
			}
			continue
		}
		side, ok := sideOf(f[0])
		if !ok || len(f) != 2 {
			sc.fail("unknown setup line %q", l)
		}
		sd := &s.Side[side]
		switch f[1] {
		case "seeker":
			sd.Seeker.Zone = int8(sc.zone(v))
		case "units":
			sc.units(side, v)
		case "hand":
			sc.pile(&sd.Hand, v)
		case "deck":
			sc.pile(&sd.Deck, v)
		case "chronicle":
			sc.pile(&sd.Chronicle, v)
		case "arkhé", "arkhe", "quintessence", "willpower":
			n, err := strconv.Atoi(v)
			if err != nil {
				sc.fail("%q: want a number", l)
			}
			switch f[1] {
			case "quintessence":
				sd.Quint = n
			case "willpower":
				sd.Willpower = n
			default:
				sd.Arkhe = n
			}
		default:
			sc.fail("unknown setup line %q", l)
		}
	}
	// The actions.
	for i, l := range lines {
		sc.line = i + 1
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, ">") {
			continue
		}
		a := strings.TrimSpace(l[1:])
		if !strings.HasPrefix(a, "expect") {
			m.tr.Depth = 0
			m.tr.Write(0, l)
			m.tr.Depth = 1
		}
		sc.action(a)
	}
	return sc.out.Bytes()
}

// realms reads "A (yours, b), B, C (opponent's)".
func (sc *scenario) realms(v string) {
	s := &sc.m.S
	s.NRealms = 0
	for _, part := range splitList(strings.ReplaceAll(v, ", b)", " b)")) {
		name, opt, _ := strings.Cut(part, "(")
		name = strings.TrimSpace(name)
		owner := -1
		var side uint8
		for _, o := range strings.Fields(strings.TrimSuffix(opt, ")")) {
			switch o {
			case "yours":
				owner = You
			case "opponent's":
				owner = Opponent
			case "b":
				side = 1
			}
		}
		z := sc.m.addRealm(sc.id(name), owner)
		s.Realms[z].Side[You] = side
		if owner >= 0 {
			s.Side[owner].Realm = z
		}
	}
}

// units reads "A @1, B @2 wounds 3 exhausted, C @safe + Binding".
func (sc *scenario) units(side int, v string) {
	sd := &sc.m.S.Side[side]
	sd.NUnits = 0
	for _, part := range splitList(v) {
		var binds []string
		main, rest, _ := strings.Cut(part, "+")
		for rest != "" {
			var b string
			b, rest, _ = strings.Cut(rest, "+")
			binds = append(binds, strings.TrimSpace(b))
		}
		name, opts, ok := strings.Cut(main, "@")
		if !ok {
			sc.fail("%q: say where the Unit is, @N or @safe", part)
		}
		f := strings.Fields(opts)
		u := Unit{Card: sc.id(strings.TrimSpace(name)), Zone: int8(sc.zone(f[0])), Ready: true}
		for j := 1; j < len(f); j++ {
			switch f[j] {
			case "exhausted":
				u.Ready = false
			case "wounds":
				j++
				n, _ := strconv.Atoi(f[j])
				u.Wounds = int8(n)
			}
		}
		for _, b := range binds {
			u.Bound[u.NBound] = Bound{Card: sc.id(b)}
			u.NBound++
		}
		sd.Units[sd.NUnits] = u
		sd.NUnits++
	}
}

func (sc *scenario) action(a string) {
	m := sc.m
	s := &m.S
	f := strings.Fields(a)
	switch {
	case f[0] == "expect":
		sc.expect(strings.TrimSpace(strings.TrimPrefix(a, "expect")))
	case f[0] == "choose:":
		sc.pol.answers = append(sc.pol.answers, strings.TrimSpace(strings.TrimPrefix(a, "choose:")))
	case a == "resource":
		m.resourcePhase()
	case a == "harvest":
		m.harvestPhase()
	case a == "preparation", a == "combat", a == "regroup":
		s.Phase = map[string]Phase{"preparation": PhasePreparation, "combat": PhaseCombat, "regroup": PhaseRegroup}[a]
	case f[0] == "deal":
		// deal N damage to SIDE UNIT [halved] [lethal]
		n, _ := strconv.Atoi(f[1])
		side, _ := sideOf(f[4])
		rest := strings.Join(f[5:], " ")
		halved, lethal := false, false
		if r, ok := strings.CutSuffix(rest, " lethal"); ok {
			rest, lethal = r, true
		}
		if r, ok := strings.CutSuffix(rest, " halved"); ok {
			rest, halved = r, true
		}
		if halved {
			m.logf("%d Damage halved is %d.", n, Halve(n))
			n = Halve(n)
		}
		m.damage(side, sc.unit(side, rest), n, lethal)
	case f[0] == "illegal":
		side, mv := sc.move(f[1:])
		s.Actor = side
		if err := m.Legal(mv); err == nil {
			sc.errorf("%q is legal", a)
		} else {
			m.logf("Not legal: %v.", err)
		}
	default:
		side, mv := sc.move(f)
		s.Actor = side
		if err := m.Legal(mv); err != nil {
			sc.fail("%q: %v", a, err)
		}
		m.Apply(mv)
	}
}

// move reads "SIDE VERB ...".
func (sc *scenario) move(f []string) (int, Move) {
	side, ok := sideOf(f[0])
	if !ok || len(f) < 2 {
		sc.fail("want a side and a move: %q", strings.Join(f, " "))
	}
	rest := strings.Join(f[2:], " ")
	sd := &sc.m.S.Side[side]
	switch f[1] {
	case "pass":
		return side, Pass
	case "invoke":
		// invoke CARD onto N|safe | to UNIT | killing UNIT
		for _, sep := range []string{" onto ", " to ", " killing "} {
			name, where, ok := strings.Cut(rest, sep)
			if !ok {
				continue
			}
			h := sd.Hand.Index(sc.id(name))
			if h < 0 {
				sc.fail("%s has no %s in hand", sc.m.who(side), name)
			}
			switch sep {
			case " onto ":
				return side, Move{Kind: MoveInvoke, Index: h, Zone: sc.zone(where)}
			case " to ":
				enemy := strings.HasPrefix(where, "enemy ")
				ts := side
				if enemy {
					ts, where = 1-side, strings.TrimPrefix(where, "enemy ")
				}
				return side, Move{Kind: MoveInvoke, Index: h, Unit: sc.unit(ts, where), Enemy: enemy}
			default:
				return side, Move{Kind: MoveInvoke, Index: h, Unit: sc.unit(side, where), Meta: true}
			}
		}
		name := rest
		h := sd.Hand.Index(sc.id(name))
		if h < 0 {
			sc.fail("%s has no %s in hand", sc.m.who(side), name)
		}
		return side, Move{Kind: MoveInvoke, Index: h}
	case "move", "reposition":
		name, where, _ := strings.Cut(rest, " to ")
		return side, Move{Kind: MoveMove, Unit: sc.unit(side, name), Zone: sc.zone(where)}
	case "assist":
		return side, Move{Kind: MoveAssist, Unit: sc.unit(side, rest)}
	case "strike":
		// strike UNIT melee|ranged at UNIT
		name, tail, _ := strings.Cut(rest, " at ")
		ranged := strings.HasSuffix(name, " ranged")
		name = strings.TrimSuffix(strings.TrimSuffix(name, " ranged"), " melee")
		return side, Move{Kind: MoveStrike, Unit: sc.unit(side, name), Target: sc.unit(1-side, tail), Ranged: ranged}
	case "use":
		// use N of UNIT | of realm N
		n, _ := strconv.Atoi(f[2])
		of := strings.Join(f[4:], " ")
		if r, ok := strings.CutPrefix(of, "realm "); ok {
			return side, Move{Kind: MoveAbility, Src: SrcRealm, Zone: sc.zone(r), Ability: n - 1}
		}
		return side, Move{Kind: MoveAbility, Src: SrcUnit, Unit: sc.unit(side, of), Ability: n - 1}
	}
	sc.fail("unknown move %q", strings.Join(f, " "))
	return 0, Move{}
}

func yes(v string) bool { return v == "yes" }

func (sc *scenario) expect(e string) {
	m := sc.m
	s := &m.S
	f := strings.Fields(e)
	check := func(what string, got, want any) {
		sc.t.Helper()
		if fmt.Sprint(got) != fmt.Sprint(want) {
			sc.errorf("expect %s: got %v, want %v", what, got, want)
		}
	}
	switch f[0] {
	case "over":
		check(e, s.Over, yes(f[1]))
		return
	case "won":
		check(e, s.Won, yes(f[1]))
		return
	case "tie":
		check(e, s.Tie, yes(f[1]))
		return
	}
	side, ok := sideOf(f[0])
	if !ok {
		sc.fail("unknown expectation %q", e)
	}
	sd := &s.Side[side]
	key, val, list := strings.Cut(strings.Join(f[1:], " "), ":")
	if list {
		var got []string
		switch key {
		case "hand":
			got = sc.pileNames(&sd.Hand)
		case "deck":
			got = sc.pileNames(&sd.Deck)
		case "chronicle":
			got = sc.pileNames(&sd.Chronicle)
		case "harvested":
			got = sc.pileNames(&sd.Harvested)
		case "units":
			for i := 0; i < sd.NUnits; i++ {
				got = append(got, m.name(sd.Units[i].Card))
			}
		default:
			sc.fail("unknown expectation %q", e)
		}
		var want []string
		for _, id := range sc.names(val) {
			want = append(want, m.name(id))
		}
		check(e, strings.Join(got, ", "), strings.Join(want, ", "))
		return
	}
	last := f[len(f)-1]
	switch f[1] {
	case "quintessence":
		check(e, sd.Quint, last)
	case "willpower":
		check(e, sd.Willpower, last)
	case "arkhé", "arkhe":
		check(e, sd.Arkhe, last)
	case "wounds":
		i := sc.unit(side, strings.Join(f[2:len(f)-1], " "))
		check(e, sd.unit(i).Wounds, last)
	case "soul":
		i := sc.unit(side, strings.Join(f[2:len(f)-1], " "))
		check(e, m.Soul(side, i), last)
	case "critical":
		i := sc.unit(side, strings.Join(f[2:len(f)-1], " "))
		check(e, m.Critical(side, i), yes(last))
	default:
		sc.fail("unknown expectation %q", e)
	}
}

// pileNames lists a pile top first.
func (sc *scenario) pileNames(p *Pile) []string {
	var out []string
	for i := p.N - 1; i >= 0; i-- {
		out = append(out, sc.m.name(p.Card[i]))
	}
	return out
}
