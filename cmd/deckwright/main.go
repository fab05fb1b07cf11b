// Command deckwright validates deck lists, prints proxy sheets and playtests
// decks for print-and-play card games. Run "deckwright help" for its
// commands.
package main

import (
	"os"

	"github.com/deckwright/deckwright/cmd/deckwright/internal/cli"
)

func main() { os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
