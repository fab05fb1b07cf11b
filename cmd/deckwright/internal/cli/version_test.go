package cli

import (
	"encoding/json"
	"runtime/debug"
	"testing"
)

// TestVersionInfo checks what deckwright version makes of a build's info:
// the module version and vcs settings that go build records, and the
// -ldflags override.
func TestVersionInfo(t *testing.T) {
	stamped := &debug.BuildInfo{
		GoVersion: "go1.26.8",
		Main:      debug.Module{Path: "github.com/deckwright/deckwright", Version: "v0.3.1-0.20261123201543-0b3d96d1a2b3+dirty"},
		Settings: []debug.BuildSetting{
			{Key: "-trimpath", Value: "true"},
			{Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: "0b3d96d1a2b3c4d5e6f708192a3b4c5d6e7f8091"},
			{Key: "vcs.time", Value: "2026-11-23T20:15:43Z"},
			{Key: "vcs.modified", Value: "true"},
		},
	}
	checkout := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/deckwright/deckwright", Version: "(devel)"}}
	tests := []struct {
		name     string
		bi       *debug.BuildInfo
		override string
		text     string
		json     string
	}{
		{"stamped", stamped, "",
			"deckwright v0.3.1-0.20261123201543-0b3d96d1a2b3+dirty\ncommit 0b3d96d1a2b3c4d5e6f708192a3b4c5d6e7f8091 (2026-11-23T20:15:43Z), with changes not committed\nbuilt with go1.26.8\n",
			`{"version":"v0.3.1-0.20261123201543-0b3d96d1a2b3+dirty","revision":"0b3d96d1a2b3c4d5e6f708192a3b4c5d6e7f8091","time":"2026-11-23T20:15:43Z","modified":true,"go":"go1.26.8"}`},
		{"ldflags override", stamped, "v1.2.3",
			"deckwright v1.2.3\ncommit 0b3d96d1a2b3c4d5e6f708192a3b4c5d6e7f8091 (2026-11-23T20:15:43Z), with changes not committed\nbuilt with go1.26.8\n",
			`{"version":"v1.2.3","revision":"0b3d96d1a2b3c4d5e6f708192a3b4c5d6e7f8091","time":"2026-11-23T20:15:43Z","modified":true,"go":"go1.26.8"}`},
		{"checkout without vcs", checkout, "",
			"deckwright dev\nbuilt with go1.26.8\n",
			`{"version":"dev","revision":null,"time":null,"modified":false,"go":"go1.26.8"}`},
		{"released module", &debug.BuildInfo{GoVersion: "go1.27.0", Main: debug.Module{Version: "v1.0.0"}}, "",
			"deckwright v1.0.0\nbuilt with go1.27.0\n",
			`{"version":"v1.0.0","revision":null,"time":null,"modified":false,"go":"go1.27.0"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := newVersionInfo(tt.bi, tt.override)
			if got := v.String(); got != tt.text {
				t.Errorf("text:\n%s\nwant:\n%s", got, tt.text)
			}
			b, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.json {
				t.Errorf("JSON:\n%s\nwant:\n%s", b, tt.json)
			}
		})
	}
}
