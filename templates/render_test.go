package templates

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/deckwright/deckwright/cardsdb"
)

// checkFace checks the geometry of a face: blocks inside the card, lines
// inside their blocks (with the blocks' padding unknown here, only the
// block edges count).
func checkFace(t *testing.T, name string, f Face) {
	t.Helper()
	const slack = 1e-6
	for _, b := range f.Blocks {
		if b.X < -slack || b.Y < -slack || b.X+b.W > f.Size.W+slack || b.Y+b.H > f.Size.H+slack {
			t.Errorf("%s: block %q (%g,%g %gx%g) is outside the %gx%g card", name, b.Box, b.X, b.Y, b.W, b.H, f.Size.W, f.Size.H)
		}
		if b.Font != FontName(b.Bold, b.Italic) || b.Size <= 0 || b.LineHeight <= 0 {
			t.Errorf("%s: block %q has font %q at %gpt, line height %g", name, b.Box, b.Font, b.Size, b.LineHeight)
		}
		for i, l := range b.Lines {
			if l.X < b.X-slack || l.X+l.W > b.X+b.W+slack {
				t.Errorf("%s: line %q of %q runs from x %g to %g, outside the block (%g to %g)", name, l.Text, b.Box, l.X, l.X+l.W, b.X, b.X+b.W)
			}
			ascent := 0.945 * b.Size * PtToMM
			if l.Baseline-ascent < b.Y-slack || l.Baseline > b.Y+b.H+slack {
				t.Errorf("%s: line %q of %q has its baseline at %g, outside the block (%g to %g)", name, l.Text, b.Box, l.Baseline, b.Y, b.Y+b.H)
			}
			if i > 0 && math.Abs(l.Baseline-b.Lines[i-1].Baseline-b.LineHeight) > slack {
				t.Errorf("%s: lines of %q are not LineHeight apart", name, b.Box)
			}
			if w := TextWidth(l.Text, b.Size, b.Bold, b.Italic); math.Abs(w-l.W) > slack {
				t.Errorf("%s: line %q width %g, measured %g", name, l.Text, l.W, w)
			}
		}
	}
}

// TestRenderBundledCards renders the front of every card of the games with
// cards, and their backs, with the bundled templates: each card uses its
// game's template for its type, lays out inside the card and gives no
// warning.
func TestRenderBundledCards(t *testing.T) {
	set := bundledSet(t)
	for _, id := range []string{"seeker-chronicles", "arkhtide"} {
		g := game(t, id)
		if len(g.Cards) == 0 {
			t.Fatalf("%s has no cards", id)
		}
		for _, c := range g.Cards {
			f, warns := set.Render(c, g, cardsdb.Size{}, Front)
			for _, w := range warns {
				t.Errorf("%s: %v", c.Name, w)
			}
			if want := id + "/" + c.Type; f.Template != want {
				t.Errorf("%s: template %s, want %s", c.Name, f.Template, want)
			}
			if f.Size != FaceSize(g, c) {
				t.Errorf("%s: laid out on %v, want %v", c.Name, f.Size, FaceSize(g, c))
			}
			if !strings.Contains(blockText(f, "name"), c.Name) {
				t.Errorf("%s: name block says %q", c.Name, blockText(f, "name"))
			}
			checkFace(t, c.Name, f)
		}
		back, warns := set.Render(nil, g, cardsdb.Size{}, Back)
		if len(warns) != 0 || back.Template != "card-back" || !strings.Contains(blockText(back, "title"), g.Back.Text) {
			t.Errorf("%s card back: template %s, title %q, warnings %v", id, back.Template, blockText(back, "title"), warns)
		}
	}
}

func blockText(f Face, box string) string {
	for _, b := range f.Blocks {
		if b.Box == box {
			var lines []string
			for _, l := range b.Lines {
				lines = append(lines, l.Text)
			}
			return strings.Join(lines, " ")
		}
	}
	return ""
}

func hasBlock(f Face, box string) bool {
	for _, b := range f.Blocks {
		if b.Box == box {
			return true
		}
	}
	return false
}

func TestUnicodeNamesPrintUnchanged(t *testing.T) {
	set := bundledSet(t)
	for _, tc := range []struct{ game, card string }{
		{"seeker-chronicles", "Schrödinger's Cat"},
		{"arkhtide", "Thryïnn, the Last Kindler"},
		{"arkhtide", "Arkhé Wellspring"},
	} {
		g := game(t, tc.game)
		f, warns := set.Render(card(t, g, tc.card), g, cardsdb.Size{}, Front)
		if got := strings.TrimSuffix(blockText(f, "name"), ProvisionalMark); got != tc.card {
			t.Errorf("name printed as %q, want %q", got, tc.card)
		}
		if len(warns) != 0 {
			t.Errorf("%s: %v", tc.card, warns)
		}
	}
}

func TestSampleAndProvisionalMarks(t *testing.T) {
	set := bundledSet(t)
	ark := game(t, "arkhtide")
	f, _ := set.Render(card(t, ark, "Ashen Acolyte"), ark, cardsdb.Size{}, Front)
	if got := blockText(f, "notice"); got != SampleNotice {
		t.Errorf("sample card notice %q, want %q", got, SampleNotice)
	}

	sc := game(t, "seeker-chronicles")
	cat := card(t, sc, "Schrödinger's Cat")
	if cat.Sample || !cat.IsProvisional("power") {
		t.Fatalf("test data changed: Schrödinger's Cat sample %v, power provisional %v", cat.Sample, cat.IsProvisional("power"))
	}
	f, _ = set.Render(cat, sc, cardsdb.Size{}, Front)
	if got := blockText(f, "notice"); got != ProvisionalNotice {
		t.Errorf("provisional card notice %q, want %q", got, ProvisionalNotice)
	}
	power, _ := cat.Int("power")
	if got, want := blockText(f, "power"), strconv.Itoa(power)+ProvisionalMark; got != want {
		t.Errorf("provisional power printed %q, want %q", got, want)
	}

	// A card that is neither gets no notice; a card that is both gets both.
	plain := &cardsdb.Card{Name: "Plain", Type: "module", Factions: []string{"cosmos"}, Fields: map[string]cardsdb.Value{"power": {Kind: cardsdb.KindInt, Int: 2}}}
	f, _ = set.Render(plain, sc, cardsdb.Size{}, Front)
	if hasBlock(f, "notice") || blockText(f, "power") != "2" {
		t.Errorf("plain card: notice %q, power %q", blockText(f, "notice"), blockText(f, "power"))
	}
	both := &cardsdb.Card{Name: "Both", Type: "module", Sample: true, AllProvisional: true, Factions: []string{"cosmos"}}
	f, _ = set.Render(both, sc, cardsdb.Size{}, Front)
	if got := blockText(f, "notice"); !strings.Contains(got, SampleNotice) || !strings.Contains(got, ProvisionalNotice) {
		t.Errorf("sample provisional card notice %q, want both lines", got)
	}
	if got := blockText(f, "name"); got != "Both"+ProvisionalMark {
		t.Errorf("all-provisional name %q, want it marked", got)
	}

	// A provisional value the face does not show (the physical count) gets
	// no footnote: nothing on the face carries the mark it explains.
	hidden := &cardsdb.Card{Name: "Hidden", Type: "module", Provisional: []string{"copies"}, Copies: 8, Factions: []string{"cosmos"}, Fields: map[string]cardsdb.Value{"power": {Kind: cardsdb.KindInt, Int: 2}}}
	f, _ = set.Render(hidden, sc, cardsdb.Size{}, Front)
	if hasBlock(f, "notice") {
		t.Errorf("card with only copies provisional: notice %q, want none", blockText(f, "notice"))
	}
}

func TestScaling(t *testing.T) {
	set := bundledSet(t)
	sc := game(t, "seeker-chronicles")
	c := card(t, sc, "Schrödinger's Cat")
	base, _ := set.Render(c, sc, cardsdb.Size{W: 63, H: 88}, Front)
	for _, size := range []cardsdb.Size{{W: 70, H: 120}, {W: 57, H: 89}, {W: 44, H: 63}} {
		f, warns := set.Render(c, sc, size, Front)
		if f.Size != size {
			t.Errorf("laid out on %v, want %v", f.Size, size)
		}
		sx, sy := size.W/63, size.H/88
		for i, b := range f.Blocks {
			o := base.Blocks[i]
			if math.Abs(b.X-o.X*sx) > 1e-9 || math.Abs(b.Y-o.Y*sy) > 1e-9 || math.Abs(b.W-o.W*sx) > 1e-9 || math.Abs(b.H-o.H*sy) > 1e-9 {
				t.Errorf("%v: block %q at %g,%g %gx%g, want %g,%g %gx%g", size, b.Box, b.X, b.Y, b.W, b.H, o.X*sx, o.Y*sy, o.W*sx, o.H*sy)
			}
			if b.Size > o.Size*min(sx, sy)+1e-9 {
				t.Errorf("%v: block %q at %gpt, more than %g scaled by %g", size, b.Box, b.Size, o.Size, min(sx, sy))
			}
		}
		for _, w := range warns {
			t.Errorf("%v: %v", size, w)
		}
		checkFace(t, fmt.Sprintf("%s at %v", c.Name, size), f)
	}
	// A realm is laid out as it is read: landscape.
	ark := game(t, "arkhtide")
	realm := card(t, ark, "Cindervault Steppe")
	if got := FaceSize(ark, realm); got != (cardsdb.Size{W: 88, H: 63}) {
		t.Errorf("FaceSize(realm) = %v, want 88x63", got)
	}
	f, _ := set.Render(realm, ark, cardsdb.Size{}, Front)
	if f.Size != (cardsdb.Size{W: 88, H: 63}) || f.Template != "arkhtide/realm" {
		t.Errorf("realm laid out on %v with %s", f.Size, f.Template)
	}
	checkFace(t, realm.Name, f)
}

// otherGameCard makes a card of a bundled game without cards, with a
// value for every required field.
func otherGameCard(g *cardsdb.Game, typ *cardsdb.CardType) *cardsdb.Card {
	c := &cardsdb.Card{Name: "Proxy " + typ.Name, Type: typ.ID, Text: "Confront: Exile a card. Draw 1.", Fields: map[string]cardsdb.Value{}}
	for _, f := range typ.Fields {
		v := cardsdb.Value{Kind: f.Kind}
		switch f.Kind {
		case cardsdb.KindInt, cardsdb.KindCost:
			v.Int = 2
		case cardsdb.KindEnum:
			v.Str = f.Values[0]
		case cardsdb.KindList:
			v.List = []string{"shard", "card"}
		case cardsdb.KindBool:
			v.Bool = true
		default:
			v.Str = "a value"
		}
		c.Fields[f.Name] = v
	}
	return c
}

func TestRenderOtherGames(t *testing.T) {
	set := bundledSet(t)
	for _, id := range []string{"hubworld", "kaizerseat", "seeders"} {
		g := game(t, id)
		for _, typ := range g.Types {
			c := otherGameCard(g, typ)
			f, warns := set.Render(c, g, cardsdb.Size{}, Front)
			if f.Template != id+"/default" {
				t.Errorf("%s %s: template %s, want %s/default", id, typ.ID, f.Template, id)
			}
			for _, w := range warns {
				t.Errorf("%s %s: %v", id, typ.ID, w)
			}
			if blockText(f, "name") != c.Name || !strings.Contains(blockText(f, "rules"), "Exile a card") {
				t.Errorf("%s %s: name %q, rules %q", id, typ.ID, blockText(f, "name"), blockText(f, "rules"))
			}
			checkFace(t, id+" "+typ.ID, f)
		}
	}
}

func TestDefaultTemplateShowsEveryField(t *testing.T) {
	set := bundledSet(t)
	g := game(t, "hubworld")
	typ := g.Type("agent")
	c := otherGameCard(g, typ)
	f, _ := set.Template("default").Render(c, g, cardsdb.Size{}, Front)
	stats := blockText(f, "stats") + " " + blockText(f, "rules")
	for _, fl := range typ.Fields {
		label := humanize(fl.Name)
		if !strings.Contains(stats, label) {
			t.Errorf("default template does not print field %s (label %q): %q", fl.Name, label, stats)
		}
	}
	if got := blockText(f, "type"); got != "Agent" {
		t.Errorf("type line %q, want Agent", got)
	}
}

func TestDoubleFacedCard(t *testing.T) {
	set := bundledSet(t)
	g := game(t, "seeders")
	c := otherGameCard(g, g.Type("secondary-crew"))
	c.Name, c.Text, c.Image = "Worker", "Front text.", "art/worker.png"
	c.Back = &cardsdb.Face{Name: "Convert", Text: "Back text.", Image: "art/convert.png"}
	front, _ := set.Render(c, g, cardsdb.Size{}, Front)
	back, warns := set.Render(c, g, cardsdb.Size{}, Back)
	if len(warns) != 0 {
		t.Errorf("warnings: %v", warns)
	}
	if blockText(front, "name") != "Worker" || front.Image != "art/worker.png" {
		t.Errorf("front: name %q, image %q", blockText(front, "name"), front.Image)
	}
	if blockText(back, "name") != "Convert" || blockText(back, "rules") != "Back text." || back.Image != "art/convert.png" || back.Side != Back {
		t.Errorf("back: name %q, rules %q, image %q, side %v", blockText(back, "name"), blockText(back, "rules"), back.Image, back.Side)
	}
	if back.Template != "seeders/default" {
		t.Errorf("back uses %s, want the card's own template", back.Template)
	}
	// A card without a second face gets the game's back.
	c.Back = nil
	gb, _ := set.Render(c, g, cardsdb.Size{}, Back)
	if gb.Template != "card-back" || blockText(gb, "title") != g.Name {
		t.Errorf("card back: template %s, title %q", gb.Template, blockText(gb, "title"))
	}
}

func TestRenderWarnings(t *testing.T) {
	set := bundledSet(t)
	sc := game(t, "seeker-chronicles")
	t.Run("emoji", func(t *testing.T) {
		c := &cardsdb.Card{Name: "Rogue Star 🚀", Type: "module", Factions: []string{"cosmos"}, Text: "Launch 🚀 twice 🚀 and \uE000.", Pos: cardsdb.Pos{File: "cards.yaml", Line: 7, Col: 5}}
		f, warns := set.Render(c, sc, cardsdb.Size{}, Front)
		if got := blockText(f, "name"); got != "Rogue Star \uFFFD" {
			t.Errorf("name printed as %q", got)
		}
		if len(warns) != 1 || warns[0].Kind != WarnReplaced {
			t.Fatalf("warnings %v, want one %s", warns, WarnReplaced)
		}
		want := `cards.yaml:7:5: "Rogue Star 🚀": 2 characters the card font cannot draw replaced by U+FFFD: U+1F680 '🚀', U+E000 '\ue000'`
		if got := warns[0].String(); got != want {
			t.Errorf("warning\n%s\nwant\n%s", got, want)
		}
		pdf := newPDF(t)
		pdf.AddPage()
		drawFace(pdf, f, 0, 0)
		if err := pdf.Error(); err != nil {
			t.Error(err)
		}
	})
	t.Run("cut", func(t *testing.T) {
		c := &cardsdb.Card{Name: "Verbose", Type: "module", Factions: []string{"order"}, Text: strings.Repeat("Draw a card, then discard a card. ", 300)}
		f, warns := set.Render(c, sc, cardsdb.Size{}, Front)
		if len(warns) != 1 || warns[0].Kind != WarnCut || warns[0].Box != "rules" {
			t.Fatalf("warnings %v, want one %s for box rules", warns, WarnCut)
		}
		// The card and the box, at its place in the template.
		if !strings.HasPrefix(warns[0].Message, `text of "Verbose" does not fit box "rules" (bundled:templates/seeker-chronicles/module.yaml:37:5) at 5pt: cut after "…`) {
			t.Errorf("message %q", warns[0].Message)
		}
		if p := warns[0].BoxPos.String(); p != "bundled:templates/seeker-chronicles/module.yaml:37:5" {
			t.Errorf("box position %q", p)
		}
		if !strings.HasSuffix(blockText(f, "rules"), Ellipsis) {
			t.Errorf("rules do not end in an ellipsis: %q", blockText(f, "rules"))
		}
		checkFace(t, c.Name, f)
	})
	t.Run("template", func(t *testing.T) {
		// Field wants a string; the probe at load time never runs this
		// branch, as no probe is a sample.
		tpl, err := Parse("t.yaml", "t", []byte("size: {width: 63, height: 88}\nboxes:\n  - {name: name, x: 3, y: 3, w: 57, h: 10, content: '{{if .Sample}}{{.Field 3}}{{end}}'}\n  - {name: rules, x: 3, y: 15, w: 57, h: 40, content: '{{.Text}}'}\n"))
		if err != nil {
			t.Fatal(err)
		}
		c := &cardsdb.Card{Name: "Sampled", Type: "module", Sample: true, Text: "Still printed."}
		f, warns := tpl.Render(c, sc, cardsdb.Size{}, Front)
		if len(warns) != 1 || warns[0].Kind != WarnTemplate || warns[0].Box != "name" {
			t.Fatalf("warnings %v, want one %s for box name", warns, WarnTemplate)
		}
		if blockText(f, "rules") != "Still printed." || blockText(f, "notice") != SampleNotice {
			t.Errorf("other boxes not printed: rules %q, notice %q", blockText(f, "rules"), blockText(f, "notice"))
		}
	})
	t.Run("no template", func(t *testing.T) {
		empty := NewSet()
		f, warns := empty.Render(card(t, sc, "Laika"), sc, cardsdb.Size{}, Front)
		if len(warns) != 1 || warns[0].Kind != WarnNoTemplate || len(f.Blocks) != 0 || f.Size != sc.CardSize {
			t.Errorf("face %+v, warnings %v", f, warns)
		}
	})
	t.Run("nil game", func(t *testing.T) {
		f, warns := set.Render(&cardsdb.Card{Name: "Loose", Type: "thing"}, nil, cardsdb.Size{}, Front)
		if f.Template != "default" || blockText(f, "name") != "Loose" || len(warns) != 0 {
			t.Errorf("template %s, name %q, warnings %v", f.Template, blockText(f, "name"), warns)
		}
	})
}

func TestFactionColors(t *testing.T) {
	set := bundledSet(t)
	sc := game(t, "seeker-chronicles")
	mod := set.Template("seeker-chronicles/module")
	for _, tc := range []struct {
		faction string
		want    string
	}{{"cosmos", "#1d3557"}, {"quantum", "#5a189a"}, {"", "#555555"}} {
		c := &cardsdb.Card{Name: "C", Type: "module", Fields: map[string]cardsdb.Value{"link_cost": {Kind: cardsdb.KindCost, Int: 1}}}
		if tc.faction != "" {
			c.Factions = []string{tc.faction}
		}
		f, _ := mod.Render(c, sc, cardsdb.Size{}, Front)
		if got := f.Frame.Color.Hex(); got != tc.want {
			t.Errorf("%q: frame colour %s, want %s", tc.faction, got, tc.want)
		}
		for _, b := range f.Blocks {
			if b.Box == "link" && (!b.HasFill || b.Fill.Hex() != tc.want) {
				t.Errorf("%q: link box fill %s (%v), want %s", tc.faction, b.Fill.Hex(), b.HasFill, tc.want)
			}
		}
	}
	// The default template colours factions by the game's order from its
	// palette, and neutral factions with neutral_color.
	def := set.Template("default")
	ark := game(t, "arkhtide")
	for i, id := range []string{"ember-covenant", "drowned-choir", "rustmark", "neutral"} {
		f, _ := def.Render(&cardsdb.Card{Name: "C", Type: "unit", Factions: []string{id}}, ark, cardsdb.Size{}, Front)
		want := def.neutral
		if id != "neutral" {
			want = def.palette[i]
		}
		if f.Frame.Color != want {
			t.Errorf("%s: frame colour %s, want %s", id, f.Frame.Color.Hex(), want.Hex())
		}
	}
}

func TestRenderZeroTemplate(t *testing.T) {
	var tpl Template
	f, warns := tpl.Render(&cardsdb.Card{Name: "X", Sample: true}, nil, cardsdb.Size{}, Front)
	if len(f.Blocks) != 0 || len(warns) != 0 {
		t.Errorf("zero template: %+v %v", f, warns)
	}
}

// TestRenderConcurrently renders every card of two games with one set from
// many goroutines at once (run with -race): each face and its warnings must
// be exactly what a render on its own gives, so no render sees another's
// state.
func TestRenderConcurrently(t *testing.T) {
	set := bundledSet(t)
	type job struct {
		c *cardsdb.Card
		g *cardsdb.Game
	}
	var jobs []job
	for _, id := range []string{"arkhtide", "seeker-chronicles"} {
		g := game(t, id)
		for _, c := range g.Cards {
			jobs = append(jobs, job{c, g})
		}
	}
	type result struct {
		face  Face
		warns []Warning
	}
	want := make([]result, len(jobs))
	for i, j := range jobs {
		want[i].face, want[i].warns = set.Render(j.c, j.g, cardsdb.Size{}, Front)
	}
	const workers = 4
	got := make([][]result, workers)
	var wg sync.WaitGroup
	for w := range workers {
		got[w] = make([]result, len(jobs))
		wg.Go(func() {
			// Each worker walks the cards from a different start, so that
			// different cards render at the same time.
			for k := range jobs {
				i := (k + w*len(jobs)/workers) % len(jobs)
				got[w][i].face, got[w][i].warns = set.Render(jobs[i].c, jobs[i].g, cardsdb.Size{}, Front)
			}
		})
	}
	wg.Wait()
	for w := range workers {
		for i, j := range jobs {
			if !reflect.DeepEqual(got[w][i], want[i]) {
				t.Errorf("worker %d: %s renders differently than on its own:\n got %+v\nwant %+v", w, j.c.Name, got[w][i], want[i])
			}
		}
	}
	if len(want) == 0 || len(want[0].face.Blocks) == 0 {
		t.Fatal("nothing rendered")
	}
}

// TestKaizerseatPackName checks that a Kaizerseat face prints its pack's
// name as the game declares it ("Sonar & Sons"), never the id spelt out
// ("pack sonar and sons"); .PackID keeps the id for templates that need it.
func TestKaizerseatPackName(t *testing.T) {
	set := bundledSet(t)
	g := game(t, "kaizerseat")
	var c *cardsdb.Card
	for _, x := range g.Cards {
		if x.Pack == "sonar-and-sons" {
			c = x
			break
		}
	}
	if c == nil {
		t.Fatal("kaizerseat has no card of the pack sonar-and-sons")
	}
	f, warns := set.Render(c, g, cardsdb.Size{}, Front)
	if len(warns) > 0 {
		t.Errorf("warnings: %v", warns)
	}
	line := blockText(f, "type")
	if !strings.Contains(line, "Sonar & Sons") || strings.Contains(strings.ToLower(line), "sonar and sons") || strings.Contains(line, "sonar-and-sons") {
		t.Errorf("type line %q, want the pack's name Sonar & Sons", line)
	}
	d := newData(c, g, Front, nil)
	if d.Pack != "Sonar & Sons" || d.PackID != "sonar-and-sons" || d.Field("pack") != "Sonar & Sons" {
		t.Errorf("Pack %q, PackID %q, Field(pack) %q; want Sonar & Sons, sonar-and-sons, Sonar & Sons", d.Pack, d.PackID, d.Field("pack"))
	}
}
