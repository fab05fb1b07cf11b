package cardsdb

import (
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// thing is what the test table reads.
type thing struct {
	Name  string
	Count int
	order []string // the keys read, in order
	extra []string // the keys other took
}

var thingKeys = newKeys("thing", []key[*thing]{
	{"name", func(d *decoder, v *yaml.Node, t *thing) {
		t.Name = d.name(v, "thing name")
		t.order = append(t.order, "name")
	}},
	{"count", func(d *decoder, v *yaml.Node, t *thing) {
		t.Count, _ = d.intIn(v, "thing count", 1, 9)
		t.order = append(t.order, "count")
	}},
	{"colour", func(d *decoder, v *yaml.Node, t *thing) { t.order = append(t.order, "colour") }},
}).Other(func(d *decoder, p pair, t *thing) bool {
	if !strings.HasPrefix(p.Key, "x-") {
		return false
	}
	t.extra = append(t.extra, p.Key)
	return true
})

// decodeThing reads src with thingKeys and returns the thing, whether the
// node was a mapping, and the messages, one a line.
func decodeThing(t *testing.T, src string) (*thing, bool, string) {
	t.Helper()
	root, err := parseYAML("t.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	d := &decoder{file: "t.yaml"}
	th := &thing{}
	_, ok := thingKeys.Decode(d, root, th)
	msgs := ""
	if err := d.errs.Err(); err != nil {
		msgs = err.Error()
	}
	return th, ok, msgs
}

func TestKeyTable(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		ok        bool
		want      string // the messages
		order     []string
	}{
		{name: "all keys, in the file's order", src: "count: 3\ncolour: red\nname: Box\n", ok: true, order: []string{"count", "colour", "name"}},
		{name: "unknown key with a suggestion", src: "name: Box\nnmae: Bag\n", ok: true, order: []string{"name"},
			want: `t.yaml:2:1: unknown key "nmae" in thing; did you mean "name"?`},
		{name: "unknown key two edits away", src: "colors: red\n", ok: true,
			want: `t.yaml:1:1: unknown key "colors" in thing; did you mean "colour"?`},
		{name: "unknown key with no suggestion", src: "weight: 3\n", ok: true,
			want: `t.yaml:1:1: unknown key "weight" in thing`},
		{name: "duplicate key", src: "name: Box\ncount: 2\nname: Bag\n", ok: true, order: []string{"name", "count"},
			want: `t.yaml:3:1: duplicate key "name" in thing (first at line 1)`},
		{name: "not a mapping", src: "- name: Box\n", ok: false,
			want: `t.yaml:1:1: thing must be a mapping of keys to values, found a list`},
		{name: "a scalar", src: "Box\n", ok: false,
			want: `t.yaml:1:1: thing must be a mapping of keys to values, found "Box"`},
		{name: "wrong kind of value", src: "name: [Box]\ncount: many\n", ok: true, order: []string{"name", "count"},
			want: "t.yaml:1:7: thing name must be a single value, found a list\nt.yaml:2:8: thing count must be a whole number, found \"many\""},
		{name: "key that is no word", src: "[a]: 1\nname: Box\n", ok: true, order: []string{"name"},
			want: `t.yaml:1:1: thing keys must be plain words, found a list`},
		{name: "alias", src: "x-n: &n Box\nname: *n\n", ok: true,
			want: `t.yaml:2:7: YAML aliases (*name) are not supported; write the value out`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			th, ok, msgs := decodeThing(t, tc.src)
			if ok != tc.ok || msgs != tc.want {
				t.Errorf("ok %v, messages:\n%s\nwant ok %v, messages:\n%s", ok, msgs, tc.ok, tc.want)
			}
			if !slices.Equal(th.order, tc.order) {
				t.Errorf("read %q, want %q", th.order, tc.order)
			}
		})
	}
}

func TestKeyTableOther(t *testing.T) {
	th, _, msgs := decodeThing(t, "x-a: 1\nname: Box\nx-b: [2]\ny-c: 3\n")
	if want := []string{"x-a", "x-b"}; !slices.Equal(th.extra, want) {
		t.Errorf("other took %q, want %q", th.extra, want)
	}
	if want := `t.yaml:4:1: unknown key "y-c" in thing`; msgs != want {
		t.Errorf("messages:\n%s\nwant:\n%s", msgs, want)
	}
}

func TestKeyTableTwice(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a table that lists a key twice was made")
		}
	}()
	newKeys("thing", []key[*thing]{{"name", nil}, {"name", nil}})
}

func TestDecoderList(t *testing.T) {
	d := &decoder{file: "t.yaml"}
	for _, src := range []string{"[a, b]\n", "a: 1\n"} {
		root, err := parseYAML("t.yaml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		items, ok := d.list(root, "things must be a list")
		if ok != (root.Kind == yaml.SequenceNode) || ok && len(items) != 2 {
			t.Errorf("%q: %d items, ok %v", src, len(items), ok)
		}
	}
	if want := "t.yaml:1:1: things must be a list, found a mapping"; d.errs.Error() != want {
		t.Errorf("messages:\n%s\nwant:\n%s", d.errs.Error(), want)
	}
}

// TestCardKeys checks that the card table lists the keys that messages
// offer as a card's keys, in their order.
func TestCardKeys(t *testing.T) {
	if want := append(append([]string{}, reservedCardKeys...), commonCardKeys...); !slices.Equal(cardKeys.Names(), want) {
		t.Errorf("cardKeys lists %q,\nreservedCardKeys and commonCardKeys %q", cardKeys.Names(), want)
	}
}

// FuzzKeyTable decodes any YAML mapping with the test table and checks
// that each of its keys is read once, in order, taken by other, or
// reported where it stands: a key that is no word, an alias value, a
// duplicate or an unknown key.
func FuzzKeyTable(f *testing.F) {
	for _, s := range []string{
		"name: Box\ncount: 3\ncolour: red\n", "nmae: x\nname: y\nname: z\n", "[a]: 1\n{b: 2}: 3\n",
		"x-a: &a 1\nname: *a\ncount: *a\n", "- a\n", "{name: [1], count: {a: 1}, colour: ~, x-b: 2, y: 3}",
		"? |\n  long\n: 1\n\"name\": 'Box'\n", "<<: {name: A}\nname: B\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		root, err := parseYAML("t.yaml", []byte(src))
		if err != nil {
			return
		}
		d := &decoder{file: "t.yaml"}
		th := &thing{}
		pairs, ok := thingKeys.Decode(d, root, th)
		reported := map[[2]int]bool{}
		for _, e := range d.errs {
			reported[[2]int{e.Pos.Line, e.Pos.Col}] = true
		}
		at := func(n *yaml.Node) bool { return reported[[2]int{n.Line, n.Column}] }
		if ok != (root.Kind == yaml.MappingNode) || !ok && (len(d.errs) != 1 || !at(root) || len(pairs) > 0) {
			t.Fatalf("ok %v for a node of kind %v, %d pairs, errors:\n%v", ok, root.Kind, len(pairs), d.errs)
		}
		var read, extra []string
		seen := map[string]bool{}
		for i := 0; ok && i+1 < len(root.Content); i += 2 {
			k, v := root.Content[i], root.Content[i+1]
			switch {
			case k.Kind != yaml.ScalarNode:
				if !at(k) {
					t.Errorf("key of kind %v at %d:%d not reported", k.Kind, k.Line, k.Column)
				}
			case v.Kind == yaml.AliasNode:
				if !at(v) {
					t.Errorf("alias value of %q at %d:%d not reported", k.Value, v.Line, v.Column)
				}
			case seen[k.Value]:
				if !at(k) {
					t.Errorf("duplicate key %q at %d:%d not reported", k.Value, k.Line, k.Column)
				}
			default:
				seen[k.Value] = true
				known := true
				switch {
				case slices.Contains(thingKeys.Names(), k.Value):
					read = append(read, k.Value)
				case strings.HasPrefix(k.Value, "x-"):
					extra = append(extra, k.Value)
				default:
					known = false
				}
				if known == at(k) {
					t.Errorf("key %q at %d:%d: known %v, reported %v", k.Value, k.Line, k.Column, known, at(k))
				}
			}
		}
		if !slices.Equal(th.order, read) || !slices.Equal(th.extra, extra) {
			t.Errorf("read %q and took %q, want %q and %q", th.order, th.extra, read, extra)
		}
	})
}
