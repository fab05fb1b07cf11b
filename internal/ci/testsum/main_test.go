package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// run1 is go test -json of two packages: a passes (TestFast, TestTable
// with a subtest, logging a table), b fails TestBad and then times out
// in TestHang; c has no test files.
const run1 = `{"Action":"start","Package":"m/a"}
{"Action":"run","Package":"m/a","Test":"TestFast"}
{"Action":"output","Package":"m/a","Test":"TestFast","Output":"=== RUN   TestFast\n"}
{"Action":"output","Package":"m/a","Test":"TestFast","Output":"    a_test.go:9: quiet when passing\n"}
{"Action":"output","Package":"m/a","Test":"TestFast","Output":"--- PASS: TestFast (0.20s)\n"}
{"Action":"pass","Package":"m/a","Test":"TestFast","Elapsed":0.2}
{"Action":"run","Package":"m/a","Test":"TestTable"}
{"Action":"output","Package":"m/a","Test":"TestTable","Output":"=== RUN   TestTable\n"}
{"Action":"output","Package":"m/a","Test":"TestTable","Output":"    a_test.go:20: NAME  RESULT\n"}
{"Action":"run","Package":"m/a","Test":"TestTable/one"}
{"Action":"output","Package":"m/a","Test":"TestTable/one","Output":"=== RUN   TestTable/one\n"}
{"Action":"output","Package":"m/a","Test":"TestTable/one","Output":"    a_test.go:30: one   ok\n"}
{"Action":"output","Package":"m/a","Test":"TestTable/one","Output":"--- SKIP: TestTable/one (3.00s)\n"}
{"Action":"skip","Package":"m/a","Test":"TestTable/one","Elapsed":3}
{"Action":"output","Package":"m/a","Test":"TestTable","Output":"    a_test.go:40: 1 case\n"}
{"Action":"output","Package":"m/a","Test":"TestTable","Output":"--- PASS: TestTable (3.10s)\n"}
{"Action":"pass","Package":"m/a","Test":"TestTable","Elapsed":3.1}
{"Action":"output","Package":"m/a","Output":"PASS\n"}
{"Action":"output","Package":"m/a","Output":"ok  \tm/a\t3.300s\n"}
{"Action":"pass","Package":"m/a","Elapsed":3.3}
{"Action":"start","Package":"m/b"}
{"Action":"run","Package":"m/b","Test":"TestBad"}
{"Action":"output","Package":"m/b","Test":"TestBad","Output":"=== RUN   TestBad\n"}
{"Action":"output","Package":"m/b","Test":"TestBad","Output":"    b_test.go:5: got 1, want 2\n"}
{"Action":"output","Package":"m/b","Test":"TestBad","Output":"--- FAIL: TestBad (1.50s)\n"}
{"Action":"fail","Package":"m/b","Test":"TestBad","Elapsed":1.5}
{"Action":"run","Package":"m/b","Test":"TestHang"}
{"Action":"output","Package":"m/b","Test":"TestHang","Output":"=== RUN   TestHang\n"}
{"Action":"output","Package":"m/b","Test":"TestHang","Output":"    b_test.go:12: waiting\n"}
{"Action":"output","Package":"m/b","Output":"panic: test timed out after 8m0s\n"}
{"Action":"output","Package":"m/b","Output":"FAIL\tm/b\t480.100s\n"}
{"Action":"fail","Package":"m/b","Elapsed":480.1}
not json: a line go test wrote to stderr
{"Action":"output","Package":"m/c","Output":"?   \tm/c\t[no test files]\n"}
{"Action":"skip","Package":"m/c","Elapsed":0}
`

func TestStream(t *testing.T) {
	var out strings.Builder
	if err := stream(strings.NewReader(run1), &out); err != nil {
		t.Fatal(err)
	}
	want := `ok  	m/a	3.300s
=== RUN   TestBad
    b_test.go:5: got 1, want 2
--- FAIL: TestBad (1.50s)
panic: test timed out after 8m0s
FAIL	m/b	480.100s
=== RUN   TestHang
    b_test.go:12: waiting
not json: a line go test wrote to stderr
?   	m/c	[no test files]
`
	if got := out.String(); got != want {
		t.Errorf("stream printed\n%s\nwant\n%s", got, want)
	}
}

func TestSummary(t *testing.T) {
	file := filepath.Join(t.TempDir(), "test.json")
	if err := os.WriteFile(file, []byte(run1), 0o666); err != nil {
		t.Fatal(err)
	}
	var out, errs strings.Builder
	code := run([]string{"summary", "-slowest", "3", "-log", "a:TestTable", file}, nil, &out, &errs)
	want := `-- the time of each package (2), slowest first
   480.1s  fail  m/b
     3.3s  pass  m/a
-- the 3 slowest tests
     3.1s  pass  m/a TestTable
     3.0s  skip  m/a TestTable/one
     1.5s  fail  m/b TestBad
-- the output of a:TestTable
    a_test.go:20: NAME  RESULT
    a_test.go:30: one   ok
--- SKIP: TestTable/one (3.00s)
    a_test.go:40: 1 case
--- PASS: TestTable (3.10s)
tests: 2 passed, 1 failed, 1 skipped
`
	if got := out.String(); got != want {
		t.Errorf("summary printed\n%s\nwant\n%s", got, want)
	}
	if code != 1 {
		t.Errorf("summary of a failed run exited %d, want 1", code)
	}
}

func TestSummaryPassed(t *testing.T) {
	file := filepath.Join(t.TempDir(), "test.json")
	passed, _, _ := strings.Cut(run1, `{"Action":"start","Package":"m/b"}`)
	if err := os.WriteFile(file, []byte(passed), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		log  string
		code int
		line string
	}{
		{"m/a:TestFast", 0, "    a_test.go:9: quiet when passing\n"},
		{"a:TestTable/one", 0, "    a_test.go:30: one   ok\n"},
		{"a:TestTab", 1, "-- a:TestTab: no such test ran\n"},
		{"x/a:TestFast", 1, "-- x/a:TestFast: no such test ran\n"},
		{"TestFast", 1, "-- TestFast: no such test ran\n"},
	} {
		var out, errs strings.Builder
		code := run([]string{"summary", "-log", tc.log, file}, nil, &out, &errs)
		if code != tc.code || !strings.Contains(out.String(), tc.line) {
			t.Errorf("summary -log %s: exit %d, printed\n%s\nwant exit %d and the line %q", tc.log, code, out.String(), tc.code, tc.line)
		}
		if !strings.HasSuffix(out.String(), "tests: 2 passed, 0 failed, 1 skipped\n") {
			t.Errorf("summary -log %s: the closing line is not the count of tests:\n%s", tc.log, out.String())
		}
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"sum"}, {"summary"}, {"summary", "a", "b"}, {"summary", "/nonexistent/test.json"}} {
		var out, errs strings.Builder
		if code := run(args, nil, &out, &errs); code != 2 || errs.Len() == 0 {
			t.Errorf("testsum %q: exit %d, stderr %q; want exit 2 and a message", args, code, errs.String())
		}
	}
}
