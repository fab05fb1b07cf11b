package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

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

// run runs a command; where in is given, the deck's file path is replaced
// by the deck's name in what the command printed.
func (s *Server) run(ctx context.Context, args []string, stdin []byte, progress func(done, total int), in *deckInput, extra ...[2]string) Output {
	if s.cfg.Run == nil {
		return Output{Stderr: "deckwright: this server was started without the command line; " + args[0] + " is not available", Code: 2}
	}
	out := s.cfg.Run(ctx, args, stdin, progress)
	repl := extra
	if in != nil && in.shown != in.name {
		repl = append(repl, [2]string{in.shown, in.name})
	}
	for _, p := range repl {
		out.Stdout = bytes.ReplaceAll(out.Stdout, jsonString(p[0]), jsonString(p[1]))
		out.Stderr = strings.ReplaceAll(out.Stderr, p[0], p[1])
	}
	return out
}

// jsonString is s as the CLI's JSON writes it, without the quotes'
// surroundings trimmed.
func jsonString(s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// cliError is the error of a command that failed: its messages without
// the "deckwright: " prefix.
func cliError(out Output) error {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out.Stderr), "\n") {
		l = strings.TrimPrefix(l, "deckwright: ")
		if l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		lines = []string{fmt.Sprintf("the command failed (exit %d)", out.Code)}
	}
	return &httpError{http.StatusBadRequest, errors.New(strings.Join(lines, "\n"))}
}

// answer writes a command's JSON: 200 when it ran (exit 0, or 1 for a
// deck that breaks a rule or a search that found nothing), 400 for a
// usage error or unreadable input, with the command's JSON when it printed
// some and {"error": ...} otherwise. The exit status is in the
// X-Deckwright-Exit header.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, out Output) {
	if r.Context().Err() != nil {
		return // the browser went away
	}
	w.Header().Set("X-Deckwright-Exit", strconv.Itoa(out.Code))
	switch {
	case out.Code <= 1 && json.Valid(out.Stdout):
		writeRawJSON(w, http.StatusOK, out.Stdout)
	case out.Code == 2 && len(out.Stdout) > 0 && json.Valid(out.Stdout):
		writeRawJSON(w, http.StatusBadRequest, out.Stdout)
	default:
		s.fail(w, r, http.StatusBadRequest, cliError(out))
	}
}

// flagArgs turns the query or form values named in names into
// --name=value flags (the = form, so that no value is read as a flag).
func flagArgs(r *http.Request, names ...string) []string {
	var args []string
	for _, n := range names {
		for _, v := range r.Form[n] {
			if v != "" {
				args = append(args, "--"+n+"="+v)
			}
		}
	}
	return args
}
