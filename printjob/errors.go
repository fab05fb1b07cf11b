package printjob

import (
	"fmt"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/render"
)

// exitRules is the exit status of a print that breaks a rule, as the
// command line has it: 0 is success, 1 a deck or print that breaks a
// rule, 2 usage or unreadable input.
const exitRules = 1

// RuleError is an error of a print that breaks a rule rather than one of
// unreadable input or a usage error: a deck with an unknown card or pack,
// a PDF that cannot be made to fit --max-size. The command line exits 1
// for it (ExitStatus).
type RuleError struct {
	Err error
}

func (e *RuleError) Error() string { return e.Err.Error() }
func (e *RuleError) Unwrap() error { return e.Err }

// ExitStatus is 1: the print breaks a rule.
func (e *RuleError) ExitStatus() int { return exitRules }

func ruleError(format string, args ...any) error {
	return &RuleError{Err: fmt.Errorf(format, args...)}
}

// StrictError is the error of a render with RenderOptions.Strict that gave
// warnings: the caller must not keep what was written. It breaks a rule,
// as a RuleError does (ExitStatus).
type StrictError struct {
	Warnings []render.Warning
}

func (e *StrictError) Error() string {
	return fmt.Sprintf("%s with --strict", cardsdb.Plural(len(e.Warnings), "warning"))
}

// ExitStatus is 1: the print breaks a rule (--strict).
func (e *StrictError) ExitStatus() int { return exitRules }
