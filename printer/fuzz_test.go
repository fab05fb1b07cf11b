package printer

import (
	"strings"
	"testing"
)

// FuzzParse reads arbitrary profiles files: an error naming the file or a
// book whose every profile passes Check, sorted and without duplicates;
// never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"printers:\n  - name: office\n    offset: 0.5,-0.3\n    flip: long\n",
		"printers:\n  - {name: a, offset: \"1,1\", scale: \"1.001,0.999\", paper: a4, margin: 4}\n  - {name: b}\n",
		"printers: [{name: a}, {name: a}]\n",
		"printers:\n  - name: x\n    offset: NaN,Inf\n",
		"printers:\n  - name: \"../../etc\"\n",
		"nonsense: [",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse("printers.yaml", data)
		if err != nil {
			if !strings.Contains(err.Error(), "printers.yaml") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		seen := map[string]bool{}
		for i, p := range b.Printers {
			if err := p.Check(); err != nil {
				t.Fatalf("profile %q passed Parse but fails Check: %v", p.Name, err)
			}
			if seen[p.Name] {
				t.Fatalf("profile %q twice", p.Name)
			}
			seen[p.Name] = true
			if i > 0 && b.Printers[i-1].Name > p.Name {
				t.Fatalf("profiles not sorted: %q before %q", b.Printers[i-1].Name, p.Name)
			}
		}
	})
}
