package cli

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"gopkg.in/yaml.v3"
)

// indexedJob is what TestK8sManifest reads of a Kubernetes Job.
type indexedJob struct {
	Kind string `yaml:"kind"`
	Spec struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int    `yaml:"completions"`
		Parallelism    int    `yaml:"parallelism"`
		Template       struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Command []string `yaml:"command"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

// TestK8sManifest reads docs/k8s/goldfish-shards.yaml as YAML, checks that
// it is an Indexed Job whose completions are the N of its --shard, and runs
// its command as each pod would (JOB_COMPLETION_INDEX 0 to N-1, with
// --games cut to 40 at the end of the line, which wins over the manifest's)
// through the CLI: the N parts merge to the single run of 40 games.
func TestK8sManifest(t *testing.T) {
	data, err := os.ReadFile("../../../../docs/k8s/goldfish-shards.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var job indexedJob
	if err := yaml.Unmarshal(data, &job); err != nil {
		t.Fatal(err)
	}
	if job.Kind != "Job" || job.Spec.CompletionMode != "Indexed" || job.Spec.Completions < 2 || job.Spec.Template.Spec.RestartPolicy != "Never" {
		t.Fatalf("not an Indexed Job of 2 pods or more: %+v", job)
	}
	cs := job.Spec.Template.Spec.Containers
	if len(cs) != 1 || len(cs[0].Command) != 3 || cs[0].Command[0] != "sh" || cs[0].Command[1] != "-c" {
		t.Fatalf("want one container running sh -c LINE, got %+v", cs)
	}
	line := cs[0].Command[2]
	n := job.Spec.Completions
	if want := fmt.Sprintf("--shard $((JOB_COMPLETION_INDEX+1))/%d ", n); !strings.Contains(line, want) {
		t.Fatalf("the command %q does not hold %q", line, want)
	}
	shellVar := regexp.MustCompile(`\$\(\(JOB_COMPLETION_INDEX\+1\)\)|\$\{?JOB_COMPLETION_INDEX\}?`)
	dir := t.TempDir()
	var parts []string
	var args0 []string
	for i := range n {
		expanded := shellVar.ReplaceAllStringFunc(line, func(v string) string {
			if strings.Contains(v, "+1") {
				return strconv.Itoa(i + 1)
			}
			return strconv.Itoa(i)
		})
		cmdline, out, ok := strings.Cut(expanded, " > ")
		if !ok || strings.ContainsAny(cmdline, "|;&$`'\"") {
			t.Fatalf("want a plain deckwright command writing to a file, got %q", expanded)
		}
		args := strings.Fields(cmdline)
		if args[0] != "deckwright" {
			t.Fatalf("the command runs %q, not deckwright", args[0])
		}
		args0 = args[1:]
		stdout, _ := runCode(t, 0, append(args[1:], "--games", "40", "-q")...)
		p := filepath.Join(dir, path.Base(strings.TrimSpace(out)))
		if err := os.WriteFile(p, []byte(stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, p)
	}
	if len(parts) != n {
		t.Fatalf("%d parts, want %d (the parts' names must differ)", len(parts), n)
	}
	merged, _ := runCode(t, 0, append([]string{"merge", "--json"}, parts...)...)
	// the single run: the pod's command without --shard, with --json
	var whole []string
	for i := 0; i < len(args0); i++ {
		if args0[i] == "--shard" {
			i++
			continue
		}
		whole = append(whole, args0[i])
	}
	want, _ := runCode(t, 0, append(whole, "--games", "40", "-q")...)
	if merged != want {
		t.Errorf("the Job's %d parts merge to\n%s\nthe single run\n%s", n, merged, want)
	}
}

// TestShardDocsRun checks that docs/goldfish.md's xargs -P example is the
// line testdata/script/shards.txtar runs.
func TestShardDocsRun(t *testing.T) {
	doc, err := os.ReadFile("../../../../docs/goldfish.md")
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile("testdata/script/shards.txtar")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, l := range strings.Split(string(doc), "\n") {
		if !strings.Contains(l, "xargs -P") || !strings.HasPrefix(l, "seq ") {
			continue
		}
		found++
		quoted := "'" + strings.ReplaceAll(l, "'", "''") + "'"
		if !strings.Contains(string(script), "exec sh -c "+quoted) {
			t.Errorf("docs/goldfish.md runs\n%s\nbut shards.txtar does not (exec sh -c %s)", l, quoted)
		}
	}
	if found == 0 {
		t.Error("docs/goldfish.md has no xargs -P example")
	}
	// the optimize climb's shell loop is climb.sh of the script
	ar := txtar.Parse(script)
	var loop string
	for _, f := range ar.Files {
		if f.Name == "climb.sh" {
			loop = string(f.Data)
		}
	}
	if loop == "" || !strings.Contains(string(doc), "```sh\n"+loop+"```\n") {
		t.Errorf("docs/goldfish.md's optimize loop is not shards.txtar's climb.sh:\n%s", loop)
	}
}
