package serve

import "context"

// Output is what one deckwright command printed, and its exit status.
type Output struct {
	Stdout []byte
	Stderr string
	// Code is the command's exit status: 0 ok, 1 the deck breaks a rule,
	// 2 usage error or unreadable input.
	Code int
}

// Runner runs one deckwright command in-process with args (without the
// program name) and stdin, until it ends or ctx is cancelled. progress,
// when not nil, is told how many of the games of a playtest are done. The
// server runs print through it; see the package documentation.
type Runner func(ctx context.Context, args []string, stdin []byte, progress func(done, total int)) Output
