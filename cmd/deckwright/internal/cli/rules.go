package cli

import (
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/validate"
)

type rulesOptions struct {
	io   IO
	g    *globalOptions
	game string
	json bool
}

func newRulesCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &rulesOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List the deck rules with their docs",
		Long: `List every deck rule deckwright knows, with its doc. With --game, list the
rules that apply to that game, with the parameters its definition gives.`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error { return runRules(opts) },
	}
	cmd.Flags().StringVar(&opts.game, "game", "", "only the rules that apply to this game")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	return cmd
}

type ruleJSON struct {
	Name   string         `json:"name"`
	Always bool           `json:"always"`
	Doc    string         `json:"doc"`
	Params map[string]any `json:"params,omitempty"`
}

func runRules(opts *rulesOptions) error {
	var list []ruleJSON
	if opts.game == "" {
		for _, r := range validate.All() {
			list = append(list, ruleJSON{Name: r.Name, Always: r.Always, Doc: r.Doc})
		}
	} else {
		db, err := opts.g.loadDB()
		if err != nil {
			return inputError(err)
		}
		g, err := db.LookupGame(opts.game)
		if err != nil {
			return usageError("--game: %v", err)
		}
		for _, a := range validate.RulesFor(g) {
			list = append(list, ruleJSON{Name: a.Rule.Name, Always: a.Rule.Always, Doc: a.Rule.Doc, Params: a.Params})
		}
	}
	if opts.json {
		return writeJSON(opts.io, map[string]any{"rules": list})
	}
	for i, r := range list {
		if i > 0 {
			fmt.Fprintln(opts.io.Out)
		}
		head := r.Name
		if r.Always {
			head += " (every game)"
		}
		if len(r.Params) > 0 {
			keys := make([]string, 0, len(r.Params))
			for k := range r.Params {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			var ps []string
			for _, k := range keys {
				ps = append(ps, fmt.Sprintf("%s=%v", k, r.Params[k]))
			}
			head += " [" + strings.Join(ps, " ") + "]"
		}
		fmt.Fprintln(opts.io.Out, head)
		for _, line := range strings.Split(r.Doc, "\n") {
			fmt.Fprintln(opts.io.Out, "    "+line)
		}
	}
	return nil
}
