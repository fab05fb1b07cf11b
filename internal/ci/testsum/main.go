// Command testsum reads the output of go test -json, for .ci/run.
//
//	go test -json ./... | tee test.json | testsum stream
//	testsum summary -slowest 15 -log pnp:TestCorpus test.json
//
// stream prints what a plain go test prints while the tests run: each
// package's closing line ("ok", "FAIL", "?"), build errors, and the whole
// output of every failed test (or of the tests still running when a
// package failed, as on a timeout). Lines that are not JSON pass through.
//
// summary prints, from the saved file, the wall time of every package
// that has tests, slowest first; the slowest tests and subtests; the
// output of the tests named by -log (PKG:TEST, PKG the end of the import
// path), without go test's "=== RUN" lines, so that a table a test logs
// is shown from the run that made it; and a closing line "tests: N passed,
// N failed, N skipped". It exits 1 when a test or package failed, or when
// a -log test did not run.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: testsum stream < test.json | testsum summary [-slowest N] [-log PKG:TEST]... test.json")
		return 2
	}
	switch args[0] {
	case "stream":
		if err := stream(stdin, stdout); err != nil {
			fmt.Fprintln(stderr, "testsum:", err)
			return 2
		}
		return 0
	case "summary":
		fs := flag.NewFlagSet("summary", flag.ContinueOnError)
		fs.SetOutput(stderr)
		slowest := fs.Int("slowest", 15, "how many of the slowest tests to list")
		var logs listFlag
		fs.Var(&logs, "log", "PKG:TEST whose output to print (repeatable)")
		if err := fs.Parse(args[1:]); err != nil {
			return 2
		}
		if fs.NArg() != 1 {
			fmt.Fprintln(stderr, "testsum summary: want one file of go test -json output")
			return 2
		}
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintln(stderr, "testsum:", err)
			return 2
		}
		defer f.Close()
		r, err := read(f)
		if err != nil {
			fmt.Fprintf(stderr, "testsum: %s: %v\n", fs.Arg(0), err)
			return 2
		}
		return r.summary(stdout, *slowest, logs)
	}
	fmt.Fprintf(stderr, "testsum: unknown command %q (want stream or summary)\n", args[0])
	return 2
}

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// event is one line of go test -json (cmd/test2json).
type event struct {
	Action     string
	Package    string
	Test       string
	Elapsed    float64
	Output     string
	ImportPath string // build-output and build-fail events
}

// decode reads line as an event; ok is false for a line that is not one.
func decode(line []byte) (e event, ok bool) {
	if len(line) == 0 || line[0] != '{' {
		return e, false
	}
	if err := json.Unmarshal(line, &e); err != nil || e.Action == "" {
		return e, false
	}
	return e, true
}

// lines calls f with each line of r, without its newline.
func lines(r io.Reader, f func([]byte)) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	for sc.Scan() {
		f(sc.Bytes())
	}
	return sc.Err()
}

// stream prints the events from r as a plain go test would.
func stream(r io.Reader, w io.Writer) error {
	type key struct{ pkg, test string }
	held := map[key]*strings.Builder{}
	var order []key // the tests held, in the order they started
	return lines(r, func(line []byte) {
		e, ok := decode(line)
		if !ok {
			fmt.Fprintf(w, "%s\n", line)
			return
		}
		switch {
		case e.Action == "build-output":
			io.WriteString(w, e.Output)
		case e.Test == "" && e.Action == "output":
			if e.Output != "PASS\n" {
				io.WriteString(w, e.Output)
			}
		case e.Test == "" && e.Action == "fail":
			// Tests still running when their package failed (a
			// timeout, a panic): their output says why.
			for _, k := range order {
				if b := held[k]; k.pkg == e.Package && b != nil {
					io.WriteString(w, b.String())
					delete(held, k)
				}
			}
		case e.Test != "":
			k := key{e.Package, e.Test}
			switch e.Action {
			case "output":
				b := held[k]
				if b == nil {
					b = &strings.Builder{}
					held[k] = b
					order = append(order, k)
				}
				b.WriteString(e.Output)
			case "fail":
				if b := held[k]; b != nil {
					io.WriteString(w, b.String())
				}
				delete(held, k)
			case "pass", "skip":
				delete(held, k)
			}
		}
	})
}

// result is a whole run read back.
type result struct {
	pkgs   []outcome // packages with tests
	tests  []outcome // tests and subtests
	output []outcome // each a test's line of output (in action), in order
	failed bool
}

// outcome is how a package or test ended.
type outcome struct {
	pkg, test string
	action    string
	elapsed   float64
}

func read(r io.Reader) (*result, error) {
	res := &result{}
	ran := map[string]bool{} // packages that ran a test
	var pkgs []outcome
	err := lines(r, func(line []byte) {
		e, ok := decode(line)
		if !ok {
			return
		}
		switch e.Action {
		case "output":
			if e.Test != "" {
				res.output = append(res.output, outcome{e.Package, e.Test, e.Output, 0})
			}
		case "run":
			ran[e.Package] = true
		case "pass", "fail", "skip":
			o := outcome{e.Package, e.Test, e.Action, e.Elapsed}
			if e.Action == "fail" {
				res.failed = true
			}
			if e.Test == "" {
				pkgs = append(pkgs, o)
			} else {
				res.tests = append(res.tests, o)
			}
		case "build-fail":
			res.failed = true
		}
	})
	for _, p := range pkgs {
		if ran[p.pkg] || p.action == "fail" {
			res.pkgs = append(res.pkgs, p)
		}
	}
	return res, err
}

func (r *result) summary(w io.Writer, slowest int, logs []string) int {
	code := 0
	if r.failed {
		code = 1
	}
	pkgs := append([]outcome(nil), r.pkgs...)
	sort.SliceStable(pkgs, func(i, j int) bool { return pkgs[i].elapsed > pkgs[j].elapsed })
	fmt.Fprintf(w, "-- the time of each package (%d), slowest first\n", len(pkgs))
	for _, p := range pkgs {
		fmt.Fprintf(w, "%8.1fs  %-4s  %s\n", p.elapsed, p.action, p.pkg)
	}
	tests := append([]outcome(nil), r.tests...)
	sort.SliceStable(tests, func(i, j int) bool { return tests[i].elapsed > tests[j].elapsed })
	if len(tests) > slowest {
		tests = tests[:slowest]
	}
	fmt.Fprintf(w, "-- the %d slowest tests\n", len(tests))
	for _, t := range tests {
		fmt.Fprintf(w, "%8.1fs  %-4s  %s %s\n", t.elapsed, t.action, t.pkg, t.test)
	}
	for _, l := range logs {
		pkg, test, ok := strings.Cut(l, ":")
		var got []string
		if ok {
			got = r.log(pkg, test)
		}
		if got == nil {
			fmt.Fprintf(w, "-- %s: no such test ran\n", l)
			code = 1
			continue
		}
		fmt.Fprintf(w, "-- the output of %s\n", l)
		for _, s := range got {
			io.WriteString(w, s)
		}
	}
	var passed, failed, skipped int
	for _, t := range r.tests {
		switch t.action {
		case "pass":
			passed++
		case "fail":
			failed++
		case "skip":
			skipped++
		}
	}
	fmt.Fprintf(w, "tests: %d passed, %d failed, %d skipped\n", passed, failed, skipped)
	return code
}

// log is the output of test (and its subtests) in the package whose
// import path is pkg or ends in /pkg, less go test's "=== " lines; nil
// when no such test wrote anything.
func (r *result) log(pkg, test string) []string {
	var out []string
	for _, o := range r.output {
		if o.pkg != pkg && !strings.HasSuffix(o.pkg, "/"+pkg) {
			continue
		}
		if o.test != test && !strings.HasPrefix(o.test, test+"/") {
			continue
		}
		if !strings.HasPrefix(o.action, "=== ") {
			out = append(out, o.action)
		}
	}
	return out
}
