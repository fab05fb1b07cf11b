package seeker

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/engine/enginetest"
)

// TestScenarios plays the small states of testdata/scenarios/*.txt, most
// of them the rulebook's own worked examples, and compares the words of
// the match with the .golden file beside each (rewrite them with
// DECKWRIGHT_UPDATE=1). Lines starting with "> expect" check a number or a list of
// cards by hand, so that a scenario states the rule's outcome and does not
// only freeze what the engine did.
//
// A scenario file holds setup lines, then action lines starting with ">":
//
//	guardians: Feynman, Wu, Curie        your Guardians, stages I, II, III
//	mode: duel | goldfish | nature       (default duel)
//	difficulty: apprentice | seeker      (default seeker)
//	seed: N                              the shuffles' stream (default 1)
//	SIDE channel N: CARD [= A + B ...]   a Guardian or Bane in play with linked modules
//	SIDE channel N: CARD (set aside)     a Guardian not yet activated
//	SIDE memory: A, B (tapped), ...      left to right
//	SIDE hand | stack | discard | progress: A, 3 B, ...   stack top first
//	nature link pile | hyperlink pile: A, B             top first
//	> you play | tap CARD
//	> you link | hyperlink CARD to N [X=k]
//	> illegal you ...                    the move must not be legal
//	> respond: MOVE; MOVE                the responder's moves for the next advance
//	> choose: CARD                       your answer to the next choice
//	> you advance | nature advances | nature main phase | SIDE starting phase | end phase
//	> expect SIDE ZONE N | SIDE ZONE: A, B | SIDE power|base N P | SIDE active N yes|no | over yes|no | won yes|no
//
// SIDE is you, opponent or nature.
func TestScenarios(t *testing.T) {
	db := loadDB(t)
	enginetest.Scenarios(t, filepath.Join("testdata", "scenarios"), func(t *testing.T, file, text string) []byte {
		sc := &scenario{t: t, db: db, file: file}
		return sc.run(text)
	})
}

func loadDB(t testing.TB) *cardsdb.DB {
	t.Helper()
	db, err := cardsdb.LoadBundled()
	if err != nil {
		t.Fatal(err)
	}
	g, _ := db.Game("seeker-chronicles")
	data, err := os.ReadFile("testdata/cards.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := cardsdb.ParseCards("testdata/cards.yaml", data, ".", g); err != nil {
		t.Fatal(err)
	}
	return db
}

type scenario struct {
	t    *testing.T
	db   *cardsdb.DB
	file string
	line int
	m    *Match
	out  bytes.Buffer
	you  *script
	opp  *script
	game *cardsdb.Game
	dom  map[string]uint16
}

func (sc *scenario) fail(format string, args ...any) {
	sc.t.Helper()
	sc.t.Fatalf("%s:%d: %s", sc.file, sc.line, fmt.Sprintf(format, args...))
}

func (sc *scenario) errorf(format string, args ...any) {
	sc.t.Helper()
	sc.t.Errorf("%s:%d: %s", sc.file, sc.line, fmt.Sprintf(format, args...))
}

// id returns the id of a card by name, compiling it into the deck when
// the deck does not have it yet.
func (sc *scenario) id(name string) uint8 {
	d := sc.m.Deck
	c := sc.game.Card(name)
	if c == nil {
		sc.fail("no card %q", name)
	}
	for i := range d.Cards {
		if d.Cards[i].Name == c.Name {
			return uint8(i)
		}
	}
	cc, errs := compileCard(c, sc.game, sc.dom)
	if len(errs) > 0 {
		sc.fail("%v", errs)
	}
	d.Cards = append(d.Cards, cc)
	return uint8(len(d.Cards) - 1)
}

// cards reads "A, 3 B, C (tapped)" into ids and tapped flags.
func (sc *scenario) cards(s string) (ids []uint8, tapped []bool) {
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		tap := false
		if p, ok := strings.CutSuffix(part, "(tapped)"); ok {
			part, tap = strings.TrimSpace(p), true
		}
		n := 1
		if f := strings.Fields(part); len(f) > 1 {
			if k, err := strconv.Atoi(f[0]); err == nil {
				n, part = k, strings.TrimSpace(strings.TrimPrefix(part, f[0]))
			}
		}
		id := sc.id(part)
		for range n {
			ids = append(ids, id)
			tapped = append(tapped, tap)
		}
	}
	return ids, tapped
}

func side(s string) (int, bool) {
	switch s {
	case "you":
		return You, true
	case "opponent", "nature":
		return Opponent, true
	}
	return 0, false
}

func (sc *scenario) run(text string) []byte {
	lines := strings.Split(text, "\n")
	// Header: the Guardians and the mode, before anything else.
	opts := Options{Mode: Duel, Difficulty: Seeker}
	seed := uint64(1)
	var guardians []string
	for _, l := range lines {
		k, v, ok := strings.Cut(l, ":")
		if !ok || strings.HasPrefix(l, ">") || strings.HasPrefix(l, "#") {
			continue
		}
		v = strings.TrimSpace(v)
		switch k {
		case "guardians":
			guardians = strings.Split(v, ",")
		case "mode":
			opts.Mode = map[string]Mode{"duel": Duel, "goldfish": Goldfish, "nature": Nature}[v]
		case "difficulty":
			opts.Difficulty = map[string]Difficulty{"apprentice": Apprentice, "seeker": Seeker}[v]
		case "seed":
			seed, _ = strconv.ParseUint(v, 10, 64)
		}
	}
	if len(guardians) != 3 || opts.Mode == 0 || opts.Difficulty == 0 {
		sc.fail("a scenario needs guardians: A, B, C and a known mode and difficulty")
	}
	sc.game, _ = sc.db.Game("seeker-chronicles")
	sc.dom = domainBits(sc.game)
	deck := &cardsdb.Deck{Game: sc.game, List: &cardsdb.DeckList{Name: "scenario"}}
	for _, n := range guardians {
		c := sc.game.Card(strings.TrimSpace(n))
		if c == nil {
			sc.fail("no Guardian %q", n)
		}
		deck.Cards = append(deck.Cards, cardsdb.DeckCard{Card: c, Count: 1})
	}
	deck.Cards = append(deck.Cards, cardsdb.DeckCard{Card: sc.game.Card("Electron"), Count: 1})
	d, err := Compile(deck)
	if err != nil {
		sc.fail("%v", err)
	}
	sc.you = &script{sc: sc}
	sc.opp = &script{sc: sc}
	sc.m = NewMatch(d, opts, sc.you)
	m := sc.m
	if opts.Mode == Duel {
		m.SetOpponent(sc.opp)
	}
	m.rng = rand.New(rand.NewPCG(seed, 0))
	m.reset()
	m.Trace(&sc.out)
	for i := range 3 {
		m.S.Side[You].Chan[i] = Channel{Card: d.Guardians[i], Active: i == 0}
	}
	m.S.Side[You].Chan[0].Base = d.Cards[d.Guardians[0]].Power
	m.S.Turn, m.S.Phase = 1, PhaseMain
	for i, l := range lines {
		sc.line = i + 1
		l = strings.TrimSpace(l)
		switch {
		case l == "" || strings.HasPrefix(l, "#"):
		case strings.HasPrefix(l, ">"):
			sc.act(strings.TrimSpace(l[1:]))
		default:
			sc.setup(l)
		}
	}
	m.tr.flush()
	return sc.out.Bytes()
}

func (sc *scenario) setup(l string) {
	m := sc.m
	k, v, ok := strings.Cut(l, ":")
	if !ok {
		sc.fail("want KEY: VALUE")
	}
	v = strings.TrimSpace(v)
	f := strings.Fields(k)
	if len(f) == 1 {
		return // header, read already
	}
	sd, ok := side(f[0])
	if !ok {
		sc.fail("unknown setup %q", k)
	}
	s := &m.S.Side[sd]
	what := strings.Join(f[1:], " ")
	switch {
	case f[1] == "channel" && len(f) == 3:
		n, _ := strconv.Atoi(f[2])
		if n < 1 || n > 3 {
			sc.fail("channel 1 to 3")
		}
		ch := &s.Chan[n-1]
		if name, ok := strings.CutSuffix(v, "(set aside)"); ok {
			*ch = Channel{Card: sc.id(strings.TrimSpace(name))}
			return
		}
		name, linked, _ := strings.Cut(v, "=")
		id := sc.id(strings.TrimSpace(name))
		*ch = Channel{Card: id, Active: true, Base: m.card(id).Power}
		for _, x := range strings.Split(linked, "+") {
			if x = strings.TrimSpace(x); x == "" {
				continue
			}
			c := sc.id(x)
			s.Links[s.NLinks] = Link{Card: c, Chan: uint8(n - 1)}
			s.NLinks++
			ch.Base += m.card(c).Power
		}
	case what == "memory":
		ids, tapped := sc.cards(v)
		s.NMem = 0
		for i, c := range ids {
			s.addMemory(c, tapped[i])
		}
	case what == "pool":
		s.Pool, _ = strconv.Atoi(v)
	default:
		var p *Pile
		switch what {
		case "hand":
			p = &s.Hand
		case "stack":
			p = &s.Stack
		case "discard":
			p = &s.Discard
		case "progress":
			p = &s.Progress
		case "link pile":
			p = &s.LinkPile
		case "hyperlink pile":
			p = &s.HyperPile
		default:
			sc.fail("unknown zone %q", what)
		}
		ids, _ := sc.cards(v)
		*p = Pile{}
		top := what == "stack" || strings.HasSuffix(what, "pile")
		for i := range ids {
			if top {
				p.Push(ids[len(ids)-1-i])
			} else {
				p.Push(ids[i])
			}
		}
	}
}

// move reads "play CARD", "tap CARD", "link CARD to N [X=k]", "hyperlink
// CARD to N" for side.
func (sc *scenario) move(sd int, s string) Move {
	m := sc.m
	f := strings.Fields(s)
	if len(f) < 2 {
		sc.fail("bad move %q", s)
	}
	verb, rest := f[0], strings.TrimSpace(strings.TrimPrefix(s, f[0]))
	mv := Move{}
	if i := strings.Index(rest, " X="); i >= 0 {
		mv.X, _ = strconv.Atoi(rest[i+3:])
		rest = rest[:i]
	}
	if name, ch, ok := strings.Cut(rest, " to "); ok {
		rest = name
		mv.Chan, _ = strconv.Atoi(strings.TrimSpace(ch))
		mv.Chan--
	}
	id := sc.id(strings.TrimSpace(rest))
	side := &m.S.Side[sd]
	inMemory := func() int {
		for i := 0; i < side.NMem; i++ {
			if side.Memory[i].Card == id && !side.Memory[i].Tapped {
				return i
			}
		}
		for i := 0; i < side.NMem; i++ {
			if side.Memory[i].Card == id {
				return i
			}
		}
		return -1
	}
	switch verb {
	case "play":
		mv.Kind, mv.Index = MovePlay, side.Hand.Index(id)
	case "tap":
		mv.Kind, mv.Index = MoveTap, inMemory()
	case "link":
		mv.Kind, mv.Index = MoveLink, inMemory()
	case "hyperlink":
		mv.Kind, mv.Index = MoveHyperlink, side.Hand.Index(id)
	default:
		sc.fail("unknown move %q", verb)
	}
	return mv
}

func (sc *scenario) act(l string) {
	m := sc.m
	fmt.Fprintf(&sc.out, "> %s\n", l)
	f := strings.Fields(l)
	switch {
	case strings.HasPrefix(l, "respond:"):
		q := &sc.opp.moves
		if m.S.Mode == Nature {
			q = &sc.you.moves
		}
		for _, mv := range strings.Split(strings.TrimPrefix(l, "respond:"), ";") {
			*q = append(*q, strings.TrimSpace(mv))
		}
	case strings.HasPrefix(l, "choose:"):
		sc.you.choices = append(sc.you.choices, strings.TrimSpace(strings.TrimPrefix(l, "choose:")))
	case f[0] == "expect":
		sc.expect(f[1:], l)
	case f[0] == "illegal":
		sd, _ := side(f[1])
		m.S.Actor = sd
		mv := sc.move(sd, strings.Join(f[2:], " "))
		err := m.Legal(mv)
		if err == nil {
			sc.errorf("%q is legal", l)
		}
		fmt.Fprintf(&sc.out, "  (not legal: %v)\n", err)
	case l == "you advance":
		m.S.Phase, m.S.Actor = PhaseAdvance, You
		m.tr.Depth = 1
		m.advance(You)
	case l == "nature advances" || l == "opponent advances":
		m.S.Active = Opponent
		m.S.Phase, m.S.Actor = PhaseAdvance, Opponent
		m.tr.Depth = 1
		adv := m.natureAdvances()
		fmt.Fprintf(&sc.out, "  (Nature's advance rule: %v)\n", adv)
		if adv {
			m.advance(Opponent)
		}
		m.S.Active = You
	case l == "nature main phase":
		m.S.Active, m.S.Actor, m.S.Phase = Opponent, Opponent, PhaseMain
		m.tr.Depth = 1
		m.natureMain()
		m.S.Active, m.S.Actor = You, You
	case l == "you starting phase" || l == "nature starting phase":
		sd, _ := side(f[0])
		m.tr.Depth = 1
		m.startingPhase(sd)
		m.S.Phase = PhaseMain
	case l == "end phase":
		m.tr.Depth = 1
		m.endPhase()
		m.S.Phase = PhaseMain
	default:
		sd, ok := side(f[0])
		if !ok {
			sc.fail("unknown action %q", l)
		}
		m.S.Actor, m.S.Phase = sd, PhaseMain
		mv := sc.move(sd, strings.Join(f[1:], " "))
		if err := m.Legal(mv); err != nil {
			sc.fail("%q: %v", l, err)
		}
		m.tr.Depth = 1
		m.Apply(mv)
		m.tr.flush()
	}
}

func (sc *scenario) expect(f []string, l string) {
	m := sc.m
	yesno := func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	}
	var got, want string
	switch {
	case f[0] == "over" || f[0] == "won":
		got, want = yesno(m.S.Over), f[1]
		if f[0] == "won" {
			got = yesno(m.S.Won)
		}
	default:
		sd, ok := side(f[0])
		if !ok {
			sc.fail("bad expect %q", l)
		}
		s := &m.S.Side[sd]
		rest := strings.Join(f[1:], " ")
		if k, v, ok := strings.Cut(rest, ":"); ok {
			var p *Pile
			switch k {
			case "hand":
				p = &s.Hand
			case "discard":
				p = m.S.DiscardOf(sd)
			case "stack":
				p = m.S.StackOf(sd)
			case "progress":
				p = &s.Progress
			case "link pile":
				p = &s.LinkPile
			case "hyperlink pile":
				p = &s.HyperPile
			case "memory":
				var names []string
				for i := 0; i < s.NMem; i++ {
					n := m.name(s.Memory[i].Card)
					if s.Memory[i].Tapped {
						n += " (tapped)"
					}
					names = append(names, n)
				}
				got, want = strings.Join(names, ", "), strings.TrimSpace(v)
			case "links":
				var names []string
				for i := 0; i < s.NLinks; i++ {
					names = append(names, m.name(s.Links[i].Card)+" to "+strconv.Itoa(int(s.Links[i].Chan)+1))
				}
				got, want = strings.Join(names, ", "), strings.TrimSpace(v)
			default:
				sc.fail("bad expect %q", l)
			}
			if p != nil {
				var names []string
				for _, c := range p.Cards() {
					names = append(names, m.name(c))
				}
				got, want = strings.Join(names, ", "), strings.TrimSpace(v)
			}
			break
		}
		last := f[len(f)-1]
		want = last
		switch f[1] {
		case "power", "base", "active":
			n, _ := strconv.Atoi(f[2])
			ch := &s.Chan[n-1]
			switch f[1] {
			case "power":
				got = strconv.Itoa(ch.Power())
			case "base":
				got = strconv.Itoa(ch.Base)
			default:
				got = yesno(ch.Active)
			}
		case "stack":
			got = strconv.Itoa(m.S.StackOf(sd).N)
		case "discard":
			got = strconv.Itoa(m.S.DiscardOf(sd).N)
		case "hand":
			got = strconv.Itoa(s.Hand.N)
		case "progress":
			got = strconv.Itoa(s.Progress.N)
		case "pool":
			got = strconv.Itoa(s.Pool)
		case "links":
			got = strconv.Itoa(s.NLinks)
		case "memory":
			got = strconv.Itoa(s.NMem)
		default:
			sc.fail("bad expect %q", l)
		}
	}
	if got != want {
		sc.errorf("%s: got %s", l, got)
	}
}

// script is a policy that makes the moves and choices a scenario gives.
type script struct {
	sc      *scenario
	moves   []string
	choices []string
}

func (s *script) Name() string         { return "script" }
func (s *script) Mulligan(*Match) bool { return false }
func (s *script) Advance(*Match) bool  { return true }
func (s *script) Next(m *Match) Move {
	if len(s.moves) == 0 {
		return End
	}
	mv := s.moves[0]
	s.moves = s.moves[1:]
	return s.sc.move(m.S.Actor, mv)
}

func (s *script) Choose(m *Match, c *Choice) int {
	if len(s.choices) == 0 {
		return 0
	}
	want := s.choices[0]
	s.choices = s.choices[1:]
	for i := 0; i < c.N; i++ {
		if m.name(c.Card[i]) == want {
			return i
		}
	}
	s.sc.errorf("choice %q is not among the options", want)
	return 0
}
