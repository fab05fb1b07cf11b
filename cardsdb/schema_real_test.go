package cardsdb_test

import (
	"path/filepath"
	"testing"
)

// TestConvertedRealCardsMatchSchemas checks the game folder that
// hubworld.Convert writes from its fixture (validate's hubreal test game):
// formats, icons and the real cards' keys must pass the JSON Schemas an
// editor checks them with.
func TestConvertedRealCardsMatchSchemas(t *testing.T) {
	schemas := compileSchemas(t)
	dir := "../validate/testdata/games/hubreal"
	validateFile(t, schemas[gameSchema], filepath.Join(dir, "game.yaml"))
	files, err := filepath.Glob(filepath.Join(dir, "cards", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cards files in %s: %v", dir, err)
	}
	for _, f := range files {
		validateFile(t, schemas[cardsSchema], f)
	}
}
