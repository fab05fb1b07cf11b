package yamlmap_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/deckwright/deckwright/internal/yamlmap"
)

// decoder records messages as "line:col: message" and suggests the
// allowed key that starts with the unknown key's first two letters.
type decoder struct {
	msgs    []string
	aliased []string
}

func (d *decoder) Errorf(n *yaml.Node, format string, args ...any) {
	d.msgs = append(d.msgs, fmt.Sprintf("%d:%d: ", n.Line, n.Column)+fmt.Sprintf(format, args...))
}

func (d *decoder) SuggestKey(key string, allowed []string) string {
	for _, a := range allowed {
		if len(key) >= 2 && strings.HasPrefix(a, key[:2]) {
			return a
		}
	}
	return ""
}

func (d *decoder) Aliased(key string) { d.aliased = append(d.aliased, key) }

type box struct {
	read  []string
	other []string
}

var boxKeys = yamlmap.New("box", []yamlmap.Key[*decoder, *box]{
	{Name: "name", Read: func(d *decoder, v *yaml.Node, b *box) { b.read = append(b.read, "name="+v.Value) }},
	{Name: "width", Read: func(d *decoder, v *yaml.Node, b *box) { b.read = append(b.read, "width="+v.Value) }},
})

func node(t *testing.T, src string) *yaml.Node {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Content[0]
}

func TestTable(t *testing.T) {
	other := yamlmap.New("box", []yamlmap.Key[*decoder, *box]{
		{Name: "name", Read: func(d *decoder, v *yaml.Node, b *box) { b.read = append(b.read, "name="+v.Value) }},
	}).Other(func(d *decoder, p yamlmap.Pair, b *box) bool {
		if !strings.HasPrefix(p.Key, "x-") {
			return false
		}
		b.other = append(b.other, p.Key)
		return true
	})
	tests := []struct {
		name, src string
		table     *yamlmap.Table[*decoder, *box]
		ok        bool
		read      []string
		other     []string
		aliased   []string
		msgs      []string
	}{
		{name: "in the file's order", src: "width: 3\nname: a\n", table: boxKeys, ok: true, read: []string{"width=3", "name=a"}},
		{name: "unknown, suggested", src: "name: a\nwidht: 3\n", table: boxKeys, ok: true, read: []string{"name=a"},
			msgs: []string{`2:1: unknown key "widht" in box; did you mean "width"?`}},
		{name: "unknown, listed", src: "colour: red\n", table: boxKeys.As("box \"title\"").ListKeys(), ok: true,
			msgs: []string{`1:1: unknown key "colour" in box "title" (allowed: name, width)`}},
		{name: "other", src: "x-a: 1\nname: a\ny: 2\n", table: other, ok: true, read: []string{"name=a"}, other: []string{"x-a"},
			msgs: []string{`3:1: unknown key "y" in box`}},
		{name: "duplicate", src: "name: a\nname: b\n", table: boxKeys, ok: true, read: []string{"name=a"},
			msgs: []string{`2:1: duplicate key "name" in box (first at line 1)`}},
		{name: "alias", src: "x: &v 1\nwidth: *v\n", table: other, ok: true, aliased: []string{"width"},
			msgs: []string{`2:8: YAML aliases (*name) are not supported; write the value out`, `1:1: unknown key "x" in box`}},
		{name: "key no word", src: "[a]: 1\n", table: boxKeys, ok: true,
			msgs: []string{`1:1: box keys must be plain words, found a list`}},
		{name: "no mapping", src: "[a, b]\n", table: boxKeys, ok: false,
			msgs: []string{`1:1: box must be a mapping of keys to values, found a list`}},
		{name: "nothing", src: "~\n", table: boxKeys, ok: false,
			msgs: []string{`1:1: box must be a mapping of keys to values, found nothing`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, b := &decoder{}, &box{}
			_, ok := tt.table.Decode(d, node(t, tt.src), b)
			if ok != tt.ok || !slices.Equal(b.read, tt.read) || !slices.Equal(b.other, tt.other) || !slices.Equal(d.aliased, tt.aliased) || !slices.Equal(d.msgs, tt.msgs) {
				t.Errorf("ok %v, read %q, other %q, aliased %q, messages:\n%s\nwant ok %v, read %q, other %q, aliased %q, messages:\n%s",
					ok, b.read, b.other, d.aliased, strings.Join(d.msgs, "\n"), tt.ok, tt.read, tt.other, tt.aliased, strings.Join(tt.msgs, "\n"))
			}
		})
	}
}

// TestAsCopies checks that As leaves the table it copies as it was:
// boxKeys.As(...).ListKeys() above changed the copy only.
func TestAsCopies(t *testing.T) {
	boxKeys.As("other").ListKeys()
	d := &decoder{}
	boxKeys.Decode(d, node(t, "colour: red\n"), &box{})
	if want := []string{`1:1: unknown key "colour" in box`}; !slices.Equal(d.msgs, want) {
		t.Errorf("boxKeys after As: %q, want %q", d.msgs, want)
	}
}

func TestHasAndKind(t *testing.T) {
	pairs, _ := yamlmap.Pairs(&decoder{}, node(t, "a: 1\nb: [2]\nc: {d: 3}\ne: ~\nf: &x g\n"), "test")
	if !yamlmap.Has(pairs, "b") || yamlmap.Has(pairs, "z") {
		t.Error("Has")
	}
	var kinds []string
	for _, p := range pairs {
		kinds = append(kinds, yamlmap.Kind(p.V))
	}
	if want := []string{`"1"`, "a list", "a mapping", "nothing", `"g"`}; !slices.Equal(kinds, want) {
		t.Errorf("kinds %q, want %q", kinds, want)
	}
}

func TestNewTwice(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a table that lists a key twice was made")
		}
	}()
	yamlmap.New("thing", []yamlmap.Key[*decoder, *box]{{Name: "name"}, {Name: "name"}})
}
