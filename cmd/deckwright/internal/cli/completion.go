package cli

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// addCompletions teaches the shell completion (deckwright completion SHELL)
// what DECK arguments and flag values may be: the bundled decks beside
// files, game ids, and the words a flag takes.
func addCompletions(root *cobra.Command, g *globalOptions) {
	decks := completeDecks(g)
	words := func(ws ...string) cobra.CompletionFunc {
		return cobra.FixedCompletions(ws, cobra.ShellCompDirectiveNoFileComp)
	}
	flags := map[string]cobra.CompletionFunc{
		"game":      completeGames(g),
		"paper":     words("a4", "letter", "a3", "legal"),
		"card-size": words("poker", "bridge", "tarot", "mini"),
		"marks":     words("crop", "lines", "none"),
		"backs":     words("none", "long", "short", "fold"),
		"layout":    words("auto", "duplex", "fold", "fronts"),
		"flip":      words("long", "short"),
		"cutter":    words("none", "silhouette", "scanncut"),
		"printer":   completePrinters,
	}
	completeSettings(flags, decks)
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		switch c.Name() {
		case "validate", "print", "build", "goldfish", "stats":
			one := c.Name() == "build" || c.Name() == "goldfish" || c.Name() == "stats"
			c.ValidArgsFunction = func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
				if one && len(args) > 0 {
					return nil, cobra.ShellCompDirectiveNoFileComp
				}
				return decks(cmd, args, toComplete)
			}
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if fn := flags[f.Name]; fn != nil {
				_ = c.RegisterFlagCompletionFunc(f.Name, fn)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// completeDecks completes a DECK: the bundled decks GAME/NAME that start
// with what is typed, and the shell's file names.
func completeDecks(g *globalOptions) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		db, err := g.loadDB()
		if err != nil {
			return nil, cobra.ShellCompDirectiveDefault
		}
		var out []cobra.Completion
		for _, game := range db.Games() {
			for _, d := range game.DeckNames() {
				if ref := game.ID + "/" + d; strings.HasPrefix(ref, toComplete) {
					out = append(out, cobra.CompletionWithDesc(ref, game.Name))
				}
			}
		}
		return out, cobra.ShellCompDirectiveDefault
	}
}

// completePrinters completes --printer with the names of the user's
// printer profiles.
func completePrinters(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	_, book, err := loadPrinters()
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, n := range book.Names() {
		if strings.HasPrefix(n, toComplete) {
			out = append(out, n)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeGames completes --game with the game ids.
func completeGames(g *globalOptions) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		db, err := g.loadDB()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var out []cobra.Completion
		for _, game := range db.Games() {
			if strings.HasPrefix(game.ID, toComplete) {
				out = append(out, cobra.CompletionWithDesc(game.ID, game.Name))
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}
