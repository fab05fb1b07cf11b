package printjob

import "fmt"

// RuleError is an error of a print that breaks a rule rather than one of
// unreadable input or a usage error: a deck with an unknown card or pack,
// a PDF that cannot be made to fit --max-size, warnings with --strict. The
// command line exits 1 for it.
type RuleError struct {
	Err error
}

func (e *RuleError) Error() string { return e.Err.Error() }
func (e *RuleError) Unwrap() error { return e.Err }

func ruleError(format string, args ...any) error {
	return &RuleError{Err: fmt.Errorf(format, args...)}
}
