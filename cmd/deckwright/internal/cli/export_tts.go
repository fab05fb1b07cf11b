package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deckwright/deckwright/cardsdb"
	"github.com/deckwright/deckwright/export"
	"github.com/deckwright/deckwright/printjob"
)

type exportTTSOptions struct {
	exportDeckFlags
	format    string
	urlPrefix string
	name      string
}

func newExportTTSCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &exportTTSOptions{exportDeckFlags: exportDeckFlags{io: io, g: g}}
	cmd := &cobra.Command{
		Use:   "tts DECK",
		Short: "Write a deck for Tabletop Simulator: deck sheets and a saved object",
		Long: `Write DECK for Tabletop Simulator into a folder (default out/<deck>-tts):
deck sheets sheet-1.png, sheet-2.png... (at most 10x7 cards and 4096x4096
pixels each, the last slot left free for the hidden card), back.png, and
<deck>.json, a saved object holding the deck as one DeckCustom whose cards
carry their names; double-faced cards are cards with two states. Landscape
cards (Arkhtide's Realms) lie on sheets of their own as they are read, with
back-sideways.png, and are SidewaysCards; the deck is scaled to the cards'
real size.

Copy <deck>.json into Tabletop Simulator's Saves/Saved Objects folder and
take the deck from Objects > Saved Objects. The JSON points at the images
with file:/// URLs of their absolute paths, so leave the folder where it
is; for a game with friends, put the images online and give --url-prefix
the address of the folder that holds them.

An earlier export into the same folder is replaced (the files it wrote,
listed in the folder's .deckwright-files); other files are left alone.`,
		Example: `  deckwright export tts seeker-chronicles/cosmos
  deckwright export tts arkhtide/three-factions --format jpeg --url-prefix https://example.org/decks`,
		Args: argsUsage(cobra.ExactArgs(1)),
		RunE: func(_ *cobra.Command, args []string) error {
			switch opts.format {
			case "png", "jpeg", "jpg":
			default:
				return usageError("--format %q: want png or jpeg", opts.format)
			}
			if p := opts.urlPrefix; p != "" && !strings.HasPrefix(p, "https://") && !strings.HasPrefix(p, "http://") {
				return usageError("--url-prefix %q: want an http:// or https:// address", p)
			}
			return runExportTTS(opts, args[0])
		},
	}
	opts.register(cmd, "tts")
	fl := cmd.Flags()
	fl.StringVar(&opts.format, "format", "png", "image format of the sheets: png or jpeg")
	fl.StringVar(&opts.urlPrefix, "url-prefix", "", "where the images will be hosted (default: file:/// URLs of the local files)")
	fl.StringVar(&opts.name, "name", "", "the deck's name on the table (default: the deck's)")
	return cmd
}

func runExportTTS(opts *exportTTSOptions, arg string) error {
	job, err := opts.collect(arg, "tts")
	if err != nil {
		return err
	}
	name := opts.name
	if name == "" {
		name = printjob.DeckFileName(arg)
	}
	res, err := export.TTS(opts.io.context(), job.dir, job.items, export.TTSOptions{Options: job.opts, Name: name, Format: opts.format, URLPrefix: opts.urlPrefix})
	if err != nil {
		return exportError(err)
	}
	summary := fmt.Sprintf("%s on %s (%dx%d px a card), saved object %s", cardsdb.Plural(res.Cards, "card"), cardsdb.Plural(len(res.Sheets), "sheet"), res.Card[0], res.Card[1], res.Object)
	return opts.report(job, &res.Result, summary, res)
}
