package engine

// Spec says what the games of a run report, so that the runner can size its
// tables before the first game: the names of the cards and of the per-card
// events, the milestones and tallies, and the longest game.
type Spec struct {
	// Cards names the card ids a game reports by: id i is Cards[i].
	Cards []string
	// Events names the per-card counters: "drawn", "played", ...
	Events []string
	// Milestones names things that happen at most once per game, at some
	// turn: "Newton (II) online".
	Milestones []string
	// Tallies names numbers each game ends with, averaged over the games:
	// "your progress pile".
	Tallies []string
	// MaxTurns is the longest a game may last; a game stopped there
	// without an end (Outcome.Unfinished) is neither won nor lost.
	MaxTurns int
}

// Outcome is how one game ended: won, lost, or unfinished.
type Outcome struct {
	Won   bool
	Turns int // the turn the game ended on, won or not
	// Unfinished says that the game was stopped at Spec.MaxTurns before
	// its rules ended it: it is neither won nor lost. (A game reported won
	// after Spec.MaxTurns counts as unfinished too.)
	Unfinished bool
}

// Record collects what the games of one chunk report. A game calls its
// methods while it is played; they only add to counters, so a game costs
// no allocation. Card, event, milestone and tally numbers index the
// Spec's lists; out-of-range numbers are ignored.
type Record struct {
	spec *Spec

	games, won  int64
	unfinished  int64   // games stopped at MaxTurns, neither won nor lost
	sumT, sumT2 int64   // turns of won games
	wonHist     []int64 // [turn]: won games that ended on it
	lenHist     []int64 // [turn]: all games that ended on it
	events      []int64 // [event*cards+card]
	miles       []int64 // [milestone*(MaxTurns+1)+turn]
	tallies     []int64 // [tally]
	tallySq     []int64 // [tally]
	openGames   []int64 // [card]: games with the card in the opening hand
	openWon     []int64 // [card]: won games with the card in the opening hand
	openWonT    []int64 // [card]: sum of their turns

	// the game being played
	opening []int32
	mark    []uint32
	stamp   uint32
	game    []int64 // [tally]: this game's
	gameMil []int32 // [milestone]: the turn this game reached it, 0 for not yet
}

func newRecord(spec *Spec) *Record {
	nc, nt := len(spec.Cards), spec.MaxTurns+1
	return &Record{
		spec:      spec,
		wonHist:   make([]int64, nt),
		lenHist:   make([]int64, nt),
		events:    make([]int64, len(spec.Events)*nc),
		miles:     make([]int64, len(spec.Milestones)*nt),
		tallies:   make([]int64, len(spec.Tallies)),
		tallySq:   make([]int64, len(spec.Tallies)),
		openGames: make([]int64, nc),
		openWon:   make([]int64, nc),
		openWonT:  make([]int64, nc),
		opening:   make([]int32, 0, 16),
		mark:      make([]uint32, nc),
		game:      make([]int64, len(spec.Tallies)),
		gameMil:   make([]int32, len(spec.Milestones)),
	}
}

// NewRecord returns an empty Record for spec, for playing games outside
// Run (tests, traces).
func NewRecord(spec *Spec) *Record { return newRecord(spec) }

// Count adds one to a per-card event.
func (r *Record) Count(event, card int) {
	nc := len(r.spec.Cards)
	if card < 0 || card >= nc || event < 0 || event >= len(r.spec.Events) {
		return
	}
	r.events[event*nc+card]++
}

// Opening notes that the card is in the opening hand (once per game
// however many copies).
func (r *Record) Opening(card int) {
	if card < 0 || card >= len(r.mark) || r.mark[card] == r.stamp {
		return
	}
	r.mark[card] = r.stamp
	r.opening = append(r.opening, int32(card))
}

// Milestone notes that milestone m was reached on turn.
func (r *Record) Milestone(m, turn int) {
	nt := r.spec.MaxTurns + 1
	if m < 0 || m >= len(r.spec.Milestones) {
		return
	}
	r.miles[m*nt+clampTurn(turn, nt)]++
	r.gameMil[m] = int32(max(turn, 1))
}

// GameMilestone returns the turn the game being played reached milestone
// m, and whether it did: what a Figure reads.
func (r *Record) GameMilestone(m int) (turn int, ok bool) {
	if m < 0 || m >= len(r.gameMil) || r.gameMil[m] == 0 {
		return 0, false
	}
	return int(r.gameMil[m]), true
}

// Tally adds v to tally t for this game.
func (r *Record) Tally(t, v int) {
	if t < 0 || t >= len(r.tallies) {
		return
	}
	r.tallies[t] += int64(v)
	r.tallySq[t] += int64(v) * int64(v)
	r.game[t] += int64(v)
}

// GameTally returns tally t of the game being played (so far), 0 for an
// unknown tally: what a Figure reads.
func (r *Record) GameTally(t int) int64 {
	if t < 0 || t >= len(r.game) {
		return 0
	}
	return r.game[t]
}

func clampTurn(t, nt int) int {
	if t < 0 {
		return 0
	}
	if t >= nt {
		return nt - 1
	}
	return t
}

// begin starts a game.
func (r *Record) begin() {
	r.stamp++
	if r.stamp == 0 { // wrapped: clear the marks
		clear(r.mark)
		r.stamp = 1
	}
	r.opening = r.opening[:0]
	clear(r.game)
	clear(r.gameMil)
}

// end closes a game with its outcome.
func (r *Record) end(o Outcome) {
	nt := r.spec.MaxTurns + 1
	t := clampTurn(o.Turns, nt)
	r.games++
	r.lenHist[t]++
	won := o.Won && o.Turns <= r.spec.MaxTurns
	if !won && (o.Unfinished || o.Won) {
		r.unfinished++
	}
	if won {
		r.won++
		r.wonHist[t]++
		r.sumT += int64(t)
		r.sumT2 += int64(t) * int64(t)
	}
	for _, c := range r.opening {
		r.openGames[c]++
		if won {
			r.openWon[c]++
			r.openWonT[c] += int64(t)
		}
	}
}

// Begin and End bracket a game played outside Run.
func (r *Record) Begin() { r.begin() }

// End closes a game played outside Run; see Begin.
func (r *Record) End(o Outcome) { r.end(o) }

// reset empties the record for the next chunk.
func (r *Record) reset() {
	r.games, r.won, r.unfinished, r.sumT, r.sumT2 = 0, 0, 0, 0, 0
	for _, s := range [][]int64{r.wonHist, r.lenHist, r.events, r.miles, r.tallies, r.tallySq, r.openGames, r.openWon, r.openWonT} {
		clear(s)
	}
}

// add adds the counts of o to r.
func (r *Record) add(o *Record) {
	r.games += o.games
	r.won += o.won
	r.unfinished += o.unfinished
	r.sumT += o.sumT
	r.sumT2 += o.sumT2
	addAll(r.wonHist, o.wonHist)
	addAll(r.lenHist, o.lenHist)
	addAll(r.events, o.events)
	addAll(r.miles, o.miles)
	addAll(r.tallies, o.tallies)
	addAll(r.tallySq, o.tallySq)
	addAll(r.openGames, o.openGames)
	addAll(r.openWon, o.openWon)
	addAll(r.openWonT, o.openWonT)
}

func addAll(dst, src []int64) {
	for i, v := range src {
		dst[i] += v
	}
}
