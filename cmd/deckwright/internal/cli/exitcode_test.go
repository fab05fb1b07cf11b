package cli

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/deckwright/deckwright/printjob"
	"github.com/deckwright/deckwright/render"
)

// TestExitCode: exitCode is the one place errors become exit codes: an
// error that says its status (the command's exitError, printjob's
// RuleError and StrictError, wrapped or not) keeps it, the outermost
// winning; any other is 2. What it prints is the error, once.
func TestExitCode(t *testing.T) {
	rule := &printjob.RuleError{Err: errors.New("deck.txt:3:1: no card named \"X\"")}
	strict := &printjob.StrictError{Warnings: []render.Warning{{Message: "w"}}}
	for _, tc := range []struct {
		name  string
		err   error
		code  int
		print string
	}{
		{"nil", nil, ExitOK, ""},
		{"plain", errors.New("bad"), ExitInput, "deckwright: bad\n"},
		{"usage", usageError("no deck given"), ExitInput, "deckwright: no deck given\n"},
		{"silent", errBrokeRules, ExitRules, ""},
		{"rule", rule, ExitRules, "deckwright: deck.txt:3:1: no card named \"X\"\n"},
		{"rule wrapped", fmt.Errorf("printing: %w", rule), ExitRules, "deckwright: printing: deck.txt:3:1: no card named \"X\"\n"},
		{"rule through exitErr", exitErr(rule), ExitRules, "deckwright: deck.txt:3:1: no card named \"X\"\n"},
		{"plain through exitErr", exitErr(errors.New("bad")), ExitInput, "deckwright: bad\n"},
		{"strict", strictFailure(IO{Err: &bytes.Buffer{}}, strict, "out.pdf"), ExitRules, "deckwright: 1 warning with --strict: nothing written to out.pdf\n"},
		{"outermost wins", inputError(rule), ExitInput, "deckwright: deck.txt:3:1: no card named \"X\"\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			if code := exitCode(&out, tc.err); code != tc.code || out.String() != tc.print {
				t.Errorf("exitCode = %d, printing %q; want %d, %q", code, out.String(), tc.code, tc.print)
			}
		})
	}
}
