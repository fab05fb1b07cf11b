package hubworld_test

import (
	"os"
	"testing"
	"testing/fstest"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/hubworld"
)

// FuzzConvertCard converts one card file of any content: Convert must
// never panic, and whatever folder it writes must load (the converter
// never writes a value deckwright then refuses).
func FuzzConvertCard(f *testing.F) {
	for _, name := range []string{"dodge", "goldie-xin-tinkering-technician", "canal-network", "auntie-ruth-proprietor-of-the-hidden-tea-house"} {
		data, err := os.ReadFile("testdata/Hubworld-Data/edn/cards/" + name + ".edn")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{:id "x" :title "X" :type :agent :faction :omniworks :shard-cost "X" :presence -4 :deck-limit 0}`))
	for _, s := range []string{
		`{:id "a" :title "A\nB" :type :moment :faction :omniworks}`,
		`{:id "a" :title "!!!" :type :moment :faction :omniworks}`,
		`{:id "a" :title "A" :alias " \n " :subtitle "x\ny" :type :seeker :faction :omniworks :subtypes [:a "" nil]}`,
		`{:id "dodge" :title "A" :type :moment :faction :omniworks :text "\u0000 <b>x"}`,
		`{:id "a" :title "A" :type :source :faction :the-remnants :influence-cost 900 :collection-icons :heat :shard-cost 1000}`,
		`{:id "a" :title "\u00a0" :type :moment :faction :omniworks}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m := fstest.MapFS{
			"edn/factions.edn":      {Data: []byte(`[{:id :omniworks :name "Omniworks"} {:id :the-remnants :name "The Remnants"}]`)},
			"edn/formats.edn":       {Data: []byte(`[{:id "free-agent" :name "Free Agent"}]`)},
			"edn/cards/card.edn":    {Data: data},
			"edn/set-cards/set.edn": {Data: []byte(`[{:card-id "dodge" :code "01001" :quantity 2 :set-id "core" :illustrator "A"}]`)},
		}
		res, err := hubworld.Convert(m, hubworld.Options{})
		if err != nil {
			return
		}
		out := fstest.MapFS{}
		for _, file := range res.Files {
			out["hw/"+file.Path] = &fstest.MapFile{Data: file.Data}
		}
		if err := cardsdb.Empty().AddFS(out, "hw", ""); err != nil {
			t.Fatalf("the converted folder does not load: %v\ninput: %q", err, data)
		}
	})
}
