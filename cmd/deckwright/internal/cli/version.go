package cli

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// Version, when set at build time with
// -ldflags "-X github.com/deckwright/deckwright/cmd/deckwright/internal/cli.Version=v1.2.3",
// overrides the module version read from the build info.
var Version = ""

// versionInfo is what deckwright version prints, and its JSON shape.
type versionInfo struct {
	Version  string  `json:"version"`
	Revision *string `json:"revision"` // the VCS commit, null when the build did not record it
	Time     *string `json:"time"`     // the commit's time, null when unknown
	Modified bool    `json:"modified"` // the work tree had changes not committed
	Go       string  `json:"go"`
}

// readVersion reads the version from the binary's build info.
func readVersion() versionInfo {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return newVersionInfo(bi, Version)
}

// newVersionInfo makes the version of a build: override (Version, set
// with -ldflags) wins, then the main module's version ("dev" for a build
// from a checkout without one, "(devel)"); the revision, its time and the
// modified flag come from the vcs.* settings that go build records.
func newVersionInfo(bi *debug.BuildInfo, override string) versionInfo {
	v := versionInfo{Version: "dev", Go: runtime.Version()}
	if bi != nil {
		if mv := bi.Main.Version; mv != "" && mv != "(devel)" {
			v.Version = mv
		}
		if bi.GoVersion != "" {
			v.Go = bi.GoVersion
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				v.Revision = &s.Value
			case "vcs.time":
				v.Time = &s.Value
			case "vcs.modified":
				v.Modified = s.Value == "true"
			}
		}
	}
	if override != "" {
		v.Version = override
	}
	return v
}

// String is the text deckwright version prints: the version, then the
// commit and the Go release it was built with.
func (v versionInfo) String() string {
	s := "deckwright " + v.Version + "\n"
	if v.Revision != nil {
		s += "commit " + *v.Revision
		if v.Time != nil {
			s += " (" + *v.Time + ")"
		}
		if v.Modified {
			s += ", with changes not committed"
		}
		s += "\n"
	}
	return s + "built with " + v.Go + "\n"
}

type versionOptions struct {
	io   IO
	g    *globalOptions
	json bool
}

func newVersionCmd(io IO, g *globalOptions) *cobra.Command {
	opts := &versionOptions{io: io, g: g}
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print deckwright's version",
		Long: `Print deckwright's version, the commit it was built from (and whether the
work tree had changes not committed) and the Go release that built it, as
recorded in the binary. With --quiet, the first line only.`,
		Args: argsUsage(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error { return runVersion(opts) },
	}
	cmd.Flags().BoolVar(&opts.json, "json", false, "print JSON")
	return cmd
}

func runVersion(opts *versionOptions) error {
	v := readVersion()
	switch {
	case opts.json:
		return writeJSON(opts.io, v)
	case opts.g.quiet:
		fmt.Fprintln(opts.io.Out, "deckwright", v.Version)
	default:
		fmt.Fprint(opts.io.Out, v)
	}
	return nil
}
