package cli

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/validate"
)

type rulesOptions struct {
	io     IO
	g      *globalOptions
	game   string
	format string
	json   bool
}

func newRulesCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &rulesOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List the deck rules with their docs",
		Long: `List every deck rule deckwright knows, with its doc and the parameters a game
definition may give it (name, kind, default). With --game, list the rules
that apply to that game, with the parameters its definition gives; with
--format too, those of one of the game's deck-building formats.`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error { return runRules(opts) },
	}
	cmd.Flags().StringVar(&opts.game, "game", "", "only the rules that apply to this game")
	cmd.Flags().StringVar(&opts.format, "format", "", "with --game: the rules of this format of the game")
	cmd.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	return cmd
}

type ruleJSON struct {
	Name   string         `json:"name"`
	Always bool           `json:"always"`
	Doc    string         `json:"doc"`
	Params map[string]any `json:"params,omitempty"` // what the game gives (--game)
	// Declares lists the parameters the rule takes.
	Declares []paramJSON `json:"declares,omitempty"`
}

type paramJSON struct {
	Name    string   `json:"name"`
	Kind    string   `json:"kind"`
	Default any      `json:"default"`
	Min     *int     `json:"min,omitempty"`
	Max     *int     `json:"max,omitempty"`
	Values  []string `json:"values,omitempty"`
	Doc     string   `json:"doc"`
	// Value is the value the rule runs with for the --game, the game's or
	// the default.
	Value any `json:"value,omitempty"`
}

func declares(r *validate.Rule, values map[string]any) []paramJSON {
	var out []paramJSON
	for _, pm := range r.Params {
		out = append(out, paramJSON{Name: pm.Name, Kind: string(pm.Kind), Default: pm.Default, Min: pm.Min, Max: pm.Max, Values: pm.Values, Doc: pm.Doc, Value: values[pm.Name]})
	}
	return out
}

func runRules(opts *rulesOptions) error {
	var list []ruleJSON
	if opts.format != "" && opts.game == "" {
		return usageError("--format needs --game ID")
	}
	if opts.game == "" {
		for _, r := range validate.All() {
			list = append(list, ruleJSON{Name: r.Name, Always: r.Always, Doc: r.Doc, Declares: declares(r, nil)})
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
		chosen := &cardsdb.DeckList{}
		if err := chooseFormat(g, chosen, opts.format); err != nil {
			return err
		}
		var f *cardsdb.Format
		if chosen.Format != "" {
			f = g.Format(chosen.Format)
		}
		for _, a := range validate.RulesForFormat(g, f) {
			r := ruleJSON{Name: a.Rule.Name, Always: a.Rule.Always, Doc: a.Rule.Doc, Declares: declares(a.Rule, a.Params)}
			for _, name := range a.Given {
				if r.Params == nil {
					r.Params = map[string]any{}
				}
				r.Params[name] = a.Params[name]
			}
			list = append(list, r)
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
		if len(r.Declares) > 0 {
			fmt.Fprintln(opts.io.Out, "    Parameters:")
		}
		for _, pm := range r.Declares {
			name := pm.Name
			if pm.Value != nil {
				name += " = " + showValue(pm.Value)
			}
			fmt.Fprintf(opts.io.Out, "      %s (%s; default %s): %s\n", name, describeParam(pm), showValue(pm.Default), pm.Doc)
		}
	}
	return nil
}

// describeParam says what values a parameter takes: "integer, at least 1".
func describeParam(pm paramJSON) string {
	p := validate.Param{Kind: validate.ParamKind(pm.Kind), Min: pm.Min, Max: pm.Max, Values: pm.Values}
	return p.Describe()
}

// showValue prints a parameter's value: 3, "agent", "" for the empty text.
func showValue(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return fmt.Sprint(v)
}
