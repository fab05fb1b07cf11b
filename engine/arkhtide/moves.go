package arkhtide

import "errors"

// MoveKind is what a move does.
type MoveKind uint8

// The moves of the Preparation, Combat and Regroup Phases.
const (
	// MovePass: in the Preparation Phase "I am Prepared!"; in the Combat
	// and Regroup Phases, pass.
	MovePass MoveKind = iota
	// MoveInvoke Invokes the card at hand position Index, paying its
	// Arkhé (and 1 Willpower when it is not Innate). A Unit goes onto the
	// Realm in slot Zone or, with Zone ZoneSafe, into your Safe Zone; with
	// Meta (Metamorphosis, during Combat) it kills your Unit Unit and takes
	// its place on its Realm. A Binding is Bound to Unit (SeekerIndex: your
	// Seeker), an enemy Unit with Enemy. A Feat resolves.
	MoveInvoke
	// MoveMove: in the Preparation Phase, move Unit (or your Seeker) from
	// your Safe Zone onto the Realm in slot Zone, once a Round; in the
	// Combat Phase, Reposition: Unit Acts and moves to the Realm in slot
	// Zone or, with ZoneSafe, into your Safe Zone.
	MoveMove
	// MoveAssist: Unit (or your Seeker) Acts and refreshes 1 Arkhé.
	MoveAssist
	// MoveStrike: Unit (or your Seeker) Acts and performs its Melee
	// Attack (Ranged: its Ranged Attack) on the enemy Unit Target
	// (SeekerIndex: the enemy Seeker).
	MoveStrike
	// MoveAbility uses ability number Ability of a card in play: of Unit
	// (or your Seeker) with Src SrcUnit, of its Binding number Slot with
	// SrcBinding, of the Realm in slot Zone with SrcRealm.
	MoveAbility
)

// Source is the kind of card whose ability a MoveAbility uses.
type Source uint8

// The sources of abilities.
const (
	SrcUnit Source = iota
	SrcBinding
	SrcRealm
)

// Move is one move of the actor (State.Actor).
type Move struct {
	Kind    MoveKind
	Index   int // hand position
	Unit    int // your Unit (SeekerIndex: your Seeker)
	Zone    int // a Realm slot, or ZoneSafe
	Target  int // the enemy Unit struck (SeekerIndex: the enemy Seeker)
	Ranged  bool
	Enemy   bool // a Binding for an enemy Unit
	Meta    bool // Metamorphosis
	Src     Source
	Slot    int
	Ability int
}

// Pass is the move that passes (or, in the Preparation Phase, is
// Prepared).
var Pass = Move{Kind: MovePass}

// Why a move is not legal.
var (
	ErrOver        = errors.New("the game is over")
	ErrPhase       = errors.New("no such move in this phase")
	ErrNoCard      = errors.New("no card at that hand position")
	ErrNoUnit      = errors.New("no such Unit in play")
	ErrZone        = errors.New("no such Realm (or the card may not go there)")
	ErrArkhe       = errors.New("not enough Arkhé to pay the cost")
	ErrUnique      = errors.New("that Unit is in play already (Units are unique; One of Many: up to 3)")
	ErrTiming      = errors.New("no Unit or Binding may be Invoked during Combat (unless Ambush or Metamorphosis), and a Feat only during Combat")
	ErrBind        = errors.New("not a valid target for the Binding")
	ErrPrepared    = errors.New("a player may be Prepared only if their Seeker is on a Realm")
	ErrSafeZone    = errors.New("only a card that started the Preparation Phase in the Safe Zone may move onto a Realm, once a Round")
	ErrNotReady    = errors.New("the card is exhausted (it has Acted this Round)")
	ErrNotOnRealm  = errors.New("the card is not on a Realm (cards in the Safe Zone cannot Act or use abilities)")
	ErrSevered     = errors.New("the Unit has Severed: it can't Assist")
	ErrNoAttack    = errors.New("the card's Attack is \".\": it cannot perform that Attack")
	ErrRange       = errors.New("the target is out of range (Melee: the same Realm; Ranged: another Realm)")
	ErrAbility     = errors.New("no such ability, or it is not one a player uses (Fast, Slow, Omni)")
	ErrUsed        = errors.New("the ability was used this Round")
	ErrAbilityTime = errors.New("a Fast or Slow ability is used in the Combat Phase only (Omni: Preparation, Combat and Regroup)")
	ErrAbilityCost = errors.New("the ability's cost cannot be paid")
	ErrNoTarget    = errors.New("the ability has nothing to act on")
	ErrMeta        = errors.New("a Metamorphosis is Invoked during Combat onto the Realm of an allied Unit, by killing it")
)

// Legal reports why the actor may not make mv now, or nil when it may.
func (m *Match) Legal(mv Move) error {
	s := &m.S
	if s.Over {
		return ErrOver
	}
	if s.Phase != PhasePreparation && s.Phase != PhaseCombat && s.Phase != PhaseRegroup {
		return ErrPhase
	}
	side := s.Actor
	sd := &s.Side[side]
	switch mv.Kind {
	case MovePass:
		if s.Phase == PhasePreparation && sd.Seeker.Zone < 0 && s.NRealms > 0 {
			return ErrPrepared
		}
		return nil
	case MoveInvoke:
		return m.legalInvoke(side, mv)
	case MoveMove:
		if !sd.validUnit(mv.Unit) {
			return ErrNoUnit
		}
		u := sd.unit(mv.Unit)
		switch s.Phase {
		case PhasePreparation:
			if u.Zone != ZoneSafe || u.Moved || u.Fresh {
				return ErrSafeZone
			}
			if mv.Zone < 0 || mv.Zone >= s.NRealms {
				return ErrZone
			}
		case PhaseCombat:
			if err := m.mayAct(u); err != nil {
				return err
			}
			if mv.Zone != ZoneSafe && (mv.Zone < 0 || mv.Zone >= s.NRealms || mv.Zone == int(u.Zone)) {
				return ErrZone
			}
		default:
			return ErrPhase
		}
		return nil
	case MoveAssist, MoveStrike:
		if s.Phase != PhaseCombat {
			return ErrPhase
		}
		if !sd.validUnit(mv.Unit) {
			return ErrNoUnit
		}
		u := sd.unit(mv.Unit)
		if err := m.mayAct(u); err != nil {
			return err
		}
		if mv.Kind == MoveAssist {
			if mv.Unit != SeekerIndex && m.Keywords(side, mv.Unit).Has(Severed) {
				return ErrSevered
			}
			return nil
		}
		if m.AttackValue(side, mv.Unit, mv.Ranged) == NoAttack {
			return ErrNoAttack
		}
		od := &s.Side[1-side]
		if !od.Present || !od.validUnit(mv.Target) {
			return ErrNoUnit
		}
		if !inRange(u.Zone, od.unit(mv.Target).Zone, mv.Ranged) {
			return ErrRange
		}
		return nil
	case MoveAbility:
		_, _, err := m.abilityOf(side, mv)
		return err
	}
	return ErrPhase
}

// mayAct checks that a card may Act: "The card must be Ready", and
// "Units in the Safe Zone cannot perform Main Actions".
func (m *Match) mayAct(u *Unit) error {
	if !u.Ready {
		return ErrNotReady
	}
	if u.Zone < 0 {
		return ErrNotOnRealm
	}
	return nil
}

func (m *Match) legalInvoke(side int, mv Move) error {
	s := &m.S
	sd := &s.Side[side]
	if mv.Index < 0 || mv.Index >= sd.Hand.N {
		return ErrNoCard
	}
	c := sd.Hand.Card[mv.Index]
	card := &m.cards[c]
	if m.Cost(side, c) > sd.Arkhe {
		return ErrArkhe
	}
	ambush := card.Keywords.Has(Ambush)
	switch card.Kind {
	case KindUnit:
		if mv.Meta {
			if s.Phase != PhaseCombat || !card.Keywords.Has(Metamorphosis) {
				return ErrMeta
			}
			if mv.Unit < 0 || mv.Unit >= sd.NUnits || sd.Units[mv.Unit].Zone < 0 {
				return ErrNoUnit
			}
			if sd.Units[mv.Unit].Card != c && !m.mayField(side, c) {
				return ErrUnique
			}
			return nil
		}
		switch s.Phase {
		case PhasePreparation:
		case PhaseCombat:
			if !ambush {
				return ErrTiming
			}
		case PhaseRegroup:
			if mv.Zone != ZoneSafe {
				return ErrZone
			}
		}
		if mv.Zone != ZoneSafe && (mv.Zone < 0 || mv.Zone >= s.NRealms) {
			return ErrZone
		}
		if !m.mayField(side, c) {
			return ErrUnique
		}
		return nil
	case KindFeat:
		if s.Phase != PhaseCombat {
			return ErrTiming
		}
		return nil
	case KindBinding:
		if s.Phase == PhaseCombat && !ambush {
			return ErrTiming
		}
		ts := side
		if mv.Enemy {
			ts = 1 - side
		}
		td := &s.Side[ts]
		if !td.Present || !td.validUnit(mv.Unit) {
			return ErrBind
		}
		switch card.BindTo {
		case BindAlly:
			if mv.Enemy || mv.Unit == SeekerIndex {
				return ErrBind
			}
		case BindEnemy:
			if !mv.Enemy || mv.Unit == SeekerIndex {
				return ErrBind
			}
		case BindAny:
			if mv.Unit == SeekerIndex {
				return ErrBind
			}
		case BindAllyOrSeeker:
			if mv.Enemy {
				return ErrBind
			}
		}
		if td.unit(mv.Unit).NBound >= MaxBound {
			return ErrBind
		}
		return nil
	}
	return ErrNoCard
}

// abilityOf finds the ability a MoveAbility uses and checks that it may
// be used: its timing, its source's place, once a Round, its costs and
// what it acts on. It returns the ability and its context.
func (m *Match) abilityOf(side int, mv Move) (*Ability, ctx, error) {
	s := &m.S
	sd := &s.Side[side]
	var t *Text
	var used uint8
	x := ctx{side: side, unit: noUnit, zone: -1}
	switch mv.Src {
	case SrcUnit, SrcBinding:
		if !sd.validUnit(mv.Unit) {
			return nil, x, ErrNoUnit
		}
		u := sd.unit(mv.Unit)
		x.unit, x.zone, x.card = mv.Unit, int(u.Zone), u.Card
		if u.Zone < 0 && mv.Unit != SeekerIndex {
			return nil, x, ErrNotOnRealm
		}
		if mv.Src == SrcUnit {
			t, used = &m.cards[u.Card].Text, u.Used
		} else {
			if mv.Slot < 0 || mv.Slot >= int(u.NBound) {
				return nil, x, ErrNoUnit
			}
			x.card = u.Bound[mv.Slot].Card
			t, used = &m.cards[x.card].Text, u.Bound[mv.Slot].Used
		}
	case SrcRealm:
		if mv.Zone < 0 || mv.Zone >= s.NRealms {
			return nil, x, ErrZone
		}
		if !m.Present(side, mv.Zone) {
			return nil, x, ErrNotOnRealm
		}
		x.zone, x.card = mv.Zone, s.Realms[mv.Zone].Card
		t, used = m.realmText(mv.Zone, side), s.Realms[mv.Zone].Used[side]
	default:
		return nil, x, ErrAbility
	}
	if mv.Ability < 0 || mv.Ability >= len(t.Abilities) || mv.Ability >= 8 {
		return nil, x, ErrAbility
	}
	ab := &t.Abilities[mv.Ability]
	switch ab.Trigger {
	case TrigFast, TrigSlow:
		if s.Phase != PhaseCombat {
			return nil, x, ErrAbilityTime
		}
	case TrigOmni:
	default:
		return nil, x, ErrAbility
	}
	if used&(1<<mv.Ability) != 0 {
		return nil, x, ErrUsed
	}
	if ab.Discard > sd.Hand.N {
		return nil, x, ErrAbilityCost
	}
	if ab.ExhaustMe {
		u := m.me(x)
		if u == nil || !u.Ready {
			return nil, x, ErrAbilityCost
		}
	}
	if ab.ExhaustAlly && m.allyOptions(side, x.zone, exhaustAlly, x.card).N == 0 {
		return nil, x, ErrAbilityCost
	}
	for ai := range ab.Actions {
		a := &ab.Actions[ai]
		switch a.Kind {
		case ActReadyAlly, ActAllySoul:
			if m.allyOptions(side, x.zone, a.Kind, x.card).N == 0 {
				return nil, x, ErrNoTarget
			}
		case ActDrain:
			if !m.drainable(side, x.zone) {
				return nil, x, ErrNoTarget
			}
		}
	}
	return ab, x, nil
}

// Apply makes a legal move for the actor and resolves what follows from
// it. Call Legal first.
func (m *Match) Apply(mv Move) {
	s := &m.S
	side := s.Actor
	sd := &s.Side[side]
	switch mv.Kind {
	case MovePass:
		if s.Phase == PhasePreparation {
			sd.Prepared = true
			if m.tr != nil {
				m.logf("%s %s Prepared.", m.who(side), verb(side, "are", "is"))
			}
		} else if m.tr != nil {
			m.logf("%s %s.", m.who(side), verb(side, "pass", "passes"))
		}
	case MoveInvoke:
		m.invoke(side, mv)
	case MoveMove:
		u := sd.unit(mv.Unit)
		if s.Phase == PhaseCombat {
			u.Ready = false
		} else {
			u.Moved = true
		}
		from := u.Zone
		u.Zone = int8(mv.Zone)
		if m.tr != nil {
			how := "moves"
			if s.Phase == PhaseCombat {
				how = "Repositions"
			}
			if from >= 0 {
				m.logf("%s %s from %s to %s.", m.unitName(side, u), how, m.realmName(int(from)), m.zoneName(side, mv.Zone))
			} else {
				m.logf("%s %s from %s Safe Zone to %s.", m.unitName(side, u), how, m.their(side), m.zoneName(side, mv.Zone))
			}
		}
		if mv.Unit == SeekerIndex && mv.Zone >= 0 {
			m.fireRealm(side, mv.Zone, TrigSeekerArrives)
		}
	case MoveAssist:
		u := sd.unit(mv.Unit)
		u.Ready = false
		k := m.refresh(side, 1)
		if m.tr != nil {
			m.logf("%s Assists: %s %s %d Arkhé (%d ready).", m.unitName(side, u), m.who(side), verb(side, "refresh", "refreshes"), k, sd.Arkhe)
		}
		m.fireUnit(side, mv.Unit, TrigAssist)
	case MoveStrike:
		u := sd.unit(mv.Unit)
		u.Ready = false
		n := m.AttackValue(side, mv.Unit, mv.Ranged)
		card := &m.cards[u.Card]
		kw := m.Keywords(side, mv.Unit)
		lethal := kw.Has(Lethal) && card.KeywordRanged == mv.Ranged
		reaping := 0
		if kw.Has(Reaping) && card.KeywordRanged == mv.Ranged {
			reaping = card.Reaping
		}
		if m.tr != nil {
			m.logf("%s Strikes: %s %d at %s.", m.unitName(side, u), attackWord(mv.Ranged), n, m.unitName(1-side, s.Side[1-side].unit(mv.Target)))
		}
		m.attack(side, mv.Unit, mv.Target, n, mv.Ranged, lethal, reaping)
	case MoveAbility:
		m.useAbility(side, mv)
	}
}

// invoke Invokes a card from the hand.
func (m *Match) invoke(side int, mv Move) {
	s := &m.S
	sd := &s.Side[side]
	c := sd.Hand.Remove(mv.Index)
	card := &m.cards[c]
	cost := m.Cost(side, c)
	sd.Arkhe -= cost
	if side == You {
		m.arkheSpent += cost
		m.ra += cost
		m.count(EventInvoked, c)
	}
	x := ctx{side: side, unit: noUnit, zone: int(sd.Seeker.Zone), card: c}
	switch card.Kind {
	case KindUnit:
		zone := mv.Zone
		if mv.Meta {
			zone = int(sd.Units[mv.Unit].Zone)
		}
		if m.tr != nil {
			m.logf("%s %s %s (%s) %s.", m.who(side), verb(side, "invoke", "invokes"), card.Name, m.costNote(side, cost), m.ontoName(side, zone))
		}
		m.payInnate(side, card)
		if mv.Meta {
			if m.tr != nil {
				m.logf("Metamorphosis: %s kills %s.", card.Name, m.name(sd.Units[mv.Unit].Card))
			}
			m.kill(side, mv.Unit)
		} else if card.Keywords.Has(Metamorphosis) {
			if m.tr != nil {
				m.logf("Metamorphosis: Invoked otherwise, it costs %d Willpower.", card.Cost)
			}
			m.loseWillpower(side, card.Cost, false)
		}
		i := sd.NUnits
		if i >= MaxUnits || !m.mayField(side, c) {
			sd.Chronicle.Push(c)
			return
		}
		sd.Units[i] = Unit{Card: c, Zone: int8(zone), Ready: true, Fresh: s.Phase == PhasePreparation && zone == ZoneSafe}
		sd.NUnits++
		x.unit, x.zone = i, zone
		if !s.Over {
			m.fireInvoke(x, c)
		}
	case KindFeat:
		if m.tr != nil {
			m.logf("%s %s %s (%s).", m.who(side), verb(side, "invoke", "invokes"), card.Name, m.costNote(side, cost))
		}
		m.payInnate(side, card)
		if s.Over {
			sd.Chronicle.Push(c)
			return
		}
		m.fireInvoke(x, c)
		sd.Chronicle.Push(c)
	case KindBinding:
		ts := side
		if mv.Enemy {
			ts = 1 - side
		}
		u := s.Side[ts].unit(mv.Unit)
		if m.tr != nil {
			m.logf("%s %s %s (%s) and %s it to %s.", m.who(side), verb(side, "invoke", "invokes"), card.Name, m.costNote(side, cost), verb(side, "bind", "binds"), m.unitName(ts, u))
		}
		m.payInnate(side, card)
		u.Bound[u.NBound] = Bound{Card: c}
		u.NBound++
		if !mv.Enemy {
			x.unit, x.zone = mv.Unit, int(u.Zone)
		}
		if !s.Over {
			m.fireInvoke(x, c)
		}
	}
}

// payInnate: "Invoking a card that is not Innate to your faction [...]
// costs 1 Willpower."
func (m *Match) payInnate(side int, card *Card) {
	if card.Innate {
		return
	}
	if m.tr != nil {
		m.logf("%s is not Innate:", card.Name)
	}
	m.loseWillpower(side, 1, true)
}

// useAbility pays an ability's costs, marks it used and resolves it.
func (m *Match) useAbility(side int, mv Move) {
	s := &m.S
	sd := &s.Side[side]
	ab, x, _ := m.abilityOf(side, mv)
	switch mv.Src {
	case SrcUnit:
		sd.unit(mv.Unit).Used |= 1 << mv.Ability
	case SrcBinding:
		sd.unit(mv.Unit).Bound[mv.Slot].Used |= 1 << mv.Ability
	case SrcRealm:
		s.Realms[mv.Zone].Used[side] |= 1 << mv.Ability
	}
	if m.tr != nil {
		m.logf("%s %s %s: %s.", m.who(side), verb(side, "use", "uses"), m.name(x.card), m.describe(ab))
	}
	x.used = true
	for k := 0; k < ab.Discard && sd.Hand.N > 0; k++ {
		i := m.chooseHand(side, ChooseDiscard, x.card)
		c := m.discardAt(side, i)
		if m.tr != nil {
			m.logf("%s %s %s.", m.who(side), verb(side, "discard", "discards"), m.name(c))
		}
	}
	if ab.ExhaustMe {
		if u := m.me(x); u != nil {
			u.Ready = false
		}
	}
	if ab.ExhaustAlly {
		if i := m.chooseAlly(x, exhaustAlly); i >= 0 {
			sd.Units[i].Ready = false
			if m.tr != nil {
				m.logf("%s is exhausted.", m.name(sd.Units[i].Card))
			}
		}
	}
	if ab.Willpower > 0 {
		m.loseWillpower(side, ab.Willpower, false)
		if s.Over {
			return
		}
	}
	m.resolve(x, ab)
}

// LegalMoves appends every legal move of the actor to dst and returns it.
// Policies may use it (tests do); the engine's own policies build their
// moves.
func (m *Match) LegalMoves(dst []Move) []Move {
	s := &m.S
	sd := &s.Side[s.Actor]
	od := &s.Side[1-s.Actor]
	try := func(mv Move) {
		if m.Legal(mv) == nil {
			dst = append(dst, mv)
		}
	}
	try(Pass)
	units := func(f func(i int)) {
		f(SeekerIndex)
		for i := 0; i < sd.NUnits; i++ {
			f(i)
		}
	}
	for h := 0; h < sd.Hand.N; h++ {
		for z := ZoneSafe; z < s.NRealms; z++ {
			try(Move{Kind: MoveInvoke, Index: h, Zone: z})
		}
		units(func(i int) {
			try(Move{Kind: MoveInvoke, Index: h, Unit: i})
			try(Move{Kind: MoveInvoke, Index: h, Unit: i, Meta: true})
		})
		for i := SeekerIndex; i < od.NUnits; i++ {
			try(Move{Kind: MoveInvoke, Index: h, Unit: i, Enemy: true})
		}
	}
	units(func(i int) {
		for z := ZoneSafe; z < s.NRealms; z++ {
			try(Move{Kind: MoveMove, Unit: i, Zone: z})
		}
		try(Move{Kind: MoveAssist, Unit: i})
		for t := SeekerIndex; t < od.NUnits; t++ {
			try(Move{Kind: MoveStrike, Unit: i, Target: t})
			try(Move{Kind: MoveStrike, Unit: i, Target: t, Ranged: true})
		}
		for a := 0; a < 8; a++ {
			try(Move{Kind: MoveAbility, Src: SrcUnit, Unit: i, Ability: a})
			for b := 0; b < MaxBound; b++ {
				try(Move{Kind: MoveAbility, Src: SrcBinding, Unit: i, Slot: b, Ability: a})
			}
		}
	})
	for z := 0; z < s.NRealms; z++ {
		for a := 0; a < 8; a++ {
			try(Move{Kind: MoveAbility, Src: SrcRealm, Zone: z, Ability: a})
		}
	}
	return dst
}

// slow reports whether a move in the Combat Phase is the Turn's Slow
// Action (Acting, Invoking a card, a Slow ability).
func (m *Match) slow(mv Move) bool {
	switch mv.Kind {
	case MoveInvoke, MoveMove, MoveAssist, MoveStrike:
		return true
	case MoveAbility:
		ab, _, err := m.abilityOf(m.S.Actor, mv)
		return err == nil && ab.Trigger == TrigSlow
	}
	return false
}
