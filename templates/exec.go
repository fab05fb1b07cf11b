package templates

import (
	"errors"
	"fmt"
	"strings"
	"text/template"
	"text/template/parse"
	"time"
)

// Bounds on running one template (a box's content, a layer's image path
// or when:). A card face needs a few hundred bytes and a handful of loop
// steps; a template that wants more is a mistake or hostile, and is
// stopped with an error naming it rather than left to run.
const (
	// MaxOutput is the most text one execution may write.
	MaxOutput = 256 << 10
	// MaxSteps is the most range iterations one execution may run, over
	// all its loops (nested loops multiply).
	MaxSteps = 100_000
	// MaxExecTime is the longest one execution may run.
	MaxExecTime = time.Second
	// maxFormatWidth is the widest width or precision printf may be given.
	maxFormatWidth = 1000
)

// Errors of a bounded execution.
var (
	errTooMuchOutput = fmt.Errorf("it writes more than %d KiB of text", MaxOutput>>10)
	errTooManySteps  = fmt.Errorf("its loops run more than %d steps", MaxSteps)
	errTooSlow       = fmt.Errorf("it runs longer than %v", MaxExecTime)
)

// budget is what one execution has left.
type budget struct {
	steps    int
	deadline time.Time
}

// stepFunc is called at the top of every range iteration (compile puts
// the call there): it counts the step and stops a loop that runs too
// long. d is the template's root data, $.
func stepFunc(d *Data) (string, error) {
	if d == nil || d.budget == nil {
		return "", nil
	}
	b := d.budget
	b.steps++
	if b.steps > MaxSteps {
		return "", errTooManySteps
	}
	if b.steps%256 == 0 && time.Now().After(b.deadline) {
		return "", errTooSlow
	}
	return "", nil
}

// stepName is the function compile calls in every loop.
const stepName = "deckwright_step"

// compile parses a template of a box, layer or when: and bounds it: every
// {{range}} counts its iterations (stepFunc), so that nested loops over
// large numbers stop at MaxSteps instead of running for hours.
func compile(name, src string) (*template.Template, error) {
	t, err := template.New(name).Funcs(funcs).Option("missingkey=error").Parse(src)
	if err != nil {
		return nil, err
	}
	step, err := template.New("step").Funcs(funcs).Parse("{{" + stepName + " $}}")
	if err != nil {
		return nil, err
	}
	call := step.Tree.Root.Nodes[0]
	for _, x := range t.Templates() {
		if x.Tree != nil && x.Tree.Root != nil {
			boundLoops(x.Tree.Root, call)
		}
	}
	return t, nil
}

// boundLoops puts call at the start of the body of every range under n.
func boundLoops(n parse.Node, call parse.Node) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			boundLoops(c, call)
		}
	case *parse.RangeNode:
		boundLoops(n.List, call)
		boundLoops(n.ElseList, call)
		if n.List != nil {
			n.List.Nodes = append([]parse.Node{call}, n.List.Nodes...)
		}
	case *parse.IfNode:
		boundLoops(n.List, call)
		boundLoops(n.ElseList, call)
	case *parse.WithNode:
		boundLoops(n.List, call)
		boundLoops(n.ElseList, call)
	}
}

// limitWriter keeps at most MaxOutput bytes and then fails, which stops
// the template.
type limitWriter struct {
	b strings.Builder
}

func (w *limitWriter) Write(p []byte) (int, error) {
	if w.b.Len()+len(p) > MaxOutput {
		return 0, errTooMuchOutput
	}
	return w.b.Write(p)
}

// execute runs a compiled template on data within the bounds above.
func execute(t *template.Template, data *Data) (string, error) {
	if data == nil {
		data = &Data{}
	}
	data.budget = &budget{deadline: time.Now().Add(MaxExecTime)}
	defer func() { data.budget = nil }()
	var w limitWriter
	err := t.Execute(&w, data)
	if err != nil {
		for _, e := range []error{errTooMuchOutput, errTooManySteps, errTooSlow} {
			if errors.Is(err, e) {
				return "", e
			}
		}
		return "", err
	}
	return w.b.String(), nil
}

// boundedPrintf is printf with its width and precision bounded and its
// result at most MaxOutput bytes: "%0999999999d" would otherwise take
// gigabytes.
func boundedPrintf(format string, args ...any) (string, error) {
	if err := checkFormat(format); err != nil {
		return "", err
	}
	s := fmt.Sprintf(format, args...)
	if len(s) > MaxOutput {
		return "", errTooMuchOutput
	}
	return s, nil
}

// boundedPrint is print (fmt.Sprint) with its result bounded.
func boundedPrint(args ...any) (string, error) {
	s := fmt.Sprint(args...)
	if len(s) > MaxOutput {
		return "", errTooMuchOutput
	}
	return s, nil
}

// boundedPrintln is println (fmt.Sprintln) with its result bounded.
func boundedPrintln(args ...any) (string, error) {
	s := fmt.Sprintln(args...)
	if len(s) > MaxOutput {
		return "", errTooMuchOutput
	}
	return s, nil
}

// checkFormat refuses a printf format with a width or precision over
// maxFormatWidth or given as an argument (*).
func checkFormat(format string) error {
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		n := 0
	spec:
		for i++; i < len(format); i++ {
			switch c := format[i]; {
			case c >= '0' && c <= '9':
				n = min(n*10+int(c-'0'), 1<<30)
				if n > maxFormatWidth {
					return fmt.Errorf("printf width or precision over %d in %q", maxFormatWidth, format)
				}
			case c == '*':
				return fmt.Errorf("printf width or precision from an argument (*) in %q", format)
			case c == '.' || c == '+' || c == '-' || c == '#' || c == ' ' || c == '[' || c == ']':
				n = 0
			default:
				break spec
			}
		}
	}
	return nil
}
