package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/norns-games/norns/lab"
)

// TestLabSmoke is the CI's smoke run of the lab: 20 games of each balance
// value of Lux et Umbra, their report, a replay, and two shards merged.
func TestLabSmoke(t *testing.T) {
	// Not a pod of an Indexed Job, even when the tests run in one.
	t.Setenv(lab.EnvIndex, "")
	t.Setenv(lab.EnvShards, "")
	dir := filepath.Join(t.TempDir(), "study")
	args := []string{"lab", "--game", "luxumbra", "--compare", "balance=off,on", "--agents", "easy", "--games", "20", "--seed", "5", "--workers", "2", "--no-progress"}
	out, stderr, err := run(t, "", append(args, "--out", dir)...)
	if err != nil {
		t.Fatalf("norns lab: %v\n%s", err, stderr)
	}
	for _, want := range []string{"balance=off: 20 games", "balance=on: 20 games", "first player wins", "balance=on − balance=off", "report: " + dir} {
		if !strings.Contains(out, want) {
			t.Errorf("norns lab output lacks %q:\n%s", want, out)
		}
	}
	for _, f := range []string{"games.jsonl", "lab.json", "summary.json", "report.md", "report.html"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("norns lab wrote no %s", f)
		}
	}
	// A second run has nothing left to do and prints the same figures.
	again, stderr, err := run(t, "", append(args, "--out", dir)...)
	if err != nil || again != out || !strings.Contains(stderr, "holds 40 games; playing the 0 left") {
		t.Errorf("second norns lab = %v, stderr %q, output changed: %v", err, stderr, again != out)
	}

	// Replay game 3 of balance=on to its recorded end.
	rep, stderr, err := run(t, "", "replay", filepath.Join(dir, "games.jsonl"), "--game-index", "3", "--variant", "balance=on")
	if err != nil {
		t.Fatalf("norns replay: %v\n%s", err, stderr)
	}
	for _, want := range []string{"Lux et Umbra, game 3 balance=on", "1. ", "(chance)", " wins ("} {
		if !strings.Contains(rep, want) {
			t.Errorf("norns replay output lacks %q:\n%s", want, rep)
		}
	}
	if _, _, err := run(t, "", "replay", filepath.Join(dir, "games.jsonl"), "--game-index", "99"); err == nil {
		t.Errorf("norns replay of a missing game succeeded")
	}

	// Two shards merged report what the single run reported.
	var shards []string
	for _, s := range []string{"0/2", "1/2"} {
		d := filepath.Join(t.TempDir(), "shard")
		if _, stderr, err := run(t, "", append(args, "--shard", s, "--out", d)...); err != nil {
			t.Fatalf("norns lab --shard %s: %v\n%s", s, err, stderr)
		}
		shards = append(shards, d)
	}
	merged := filepath.Join(t.TempDir(), "merged")
	if _, stderr, err := run(t, "", append([]string{"lab", "merge", "--out", merged}, shards...)...); err != nil {
		t.Fatalf("norns lab merge: %v\n%s", err, stderr)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "summary.json"))
	b, _ := os.ReadFile(filepath.Join(merged, "summary.json"))
	if len(a) == 0 || string(a) != string(b) {
		t.Errorf("merged summary.json differs from the single run's")
	}
}

// TestLabShardOf: without --shard, a run takes its shard from a
// Kubernetes Indexed Job's environment; --shard wins over it; a bad or
// lone variable is an error that names it.
func TestLabShardOf(t *testing.T) {
	for _, c := range []struct {
		flag, index, shards string
		want                lab.Shard
		log, err            string
	}{
		{want: lab.Shard{}},
		{flag: "1/4", want: lab.Shard{I: 1, N: 4}},
		{index: "2", shards: "8", want: lab.Shard{I: 2, N: 8}, log: "shard 2/8 from JOB_COMPLETION_INDEX=2 and NORNS_SHARDS=8"},
		{flag: "1/4", index: "2", shards: "8", want: lab.Shard{I: 1, N: 4}, log: "shard 1/4 from --shard; JOB_COMPLETION_INDEX=2 is ignored"},
		{flag: "1/4", index: "9", shards: "8", want: lab.Shard{I: 1, N: 4}, log: "from --shard"},
		{flag: "4/4", index: "2", shards: "8", err: `shard "4/4"`},
		{index: "8", shards: "8", err: "JOB_COMPLETION_INDEX=8 is not in 0…7 (NORNS_SHARDS=8)"},
		{index: "x", shards: "8", err: `JOB_COMPLETION_INDEX="x"`},
		{index: "-2", shards: "8", err: "JOB_COMPLETION_INDEX=-2"},
		{index: "2", err: "NORNS_SHARDS is not"},
		{shards: "8", err: "JOB_COMPLETION_INDEX is not"},
		{index: "2", shards: "0", err: `NORNS_SHARDS="0"`},
	} {
		name := fmt.Sprintf("flag=%q,index=%q,shards=%q", c.flag, c.index, c.shards)
		t.Run(name, func(t *testing.T) {
			t.Setenv(lab.EnvIndex, c.index)
			t.Setenv(lab.EnvShards, c.shards)
			var log bytes.Buffer
			got, err := shardOf(c.flag, os.Getenv, &log)
			switch {
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Errorf("shardOf = %v, %v; want an error with %q", got, err, c.err)
			case c.err == "" && (err != nil || got != c.want):
				t.Errorf("shardOf = %v, %v; want %v", got, err, c.want)
			case !strings.Contains(log.String(), c.log) || (c.log == "" && log.Len() > 0):
				t.Errorf("shardOf said %q, want %q", log.String(), c.log)
			}
		})
	}
}

// TestLabEnvErrors: norns lab stops before playing when the environment
// of an Indexed Job does not make a shard, or when --out holds a $(…)
// nothing expanded.
func TestLabEnvErrors(t *testing.T) {
	args := []string{"lab", "--game", "luxumbra", "--agents", "easy", "--games", "4", "--no-progress"}
	for _, c := range []struct {
		env  []string
		out  string
		want string
	}{
		{[]string{"JOB_COMPLETION_INDEX=4", "NORNS_SHARDS=4"}, "s", "JOB_COMPLETION_INDEX=4 is not in 0…3 (NORNS_SHARDS=4)"},
		{[]string{"JOB_COMPLETION_INDEX=1"}, "s", "NORNS_SHARDS is not"},
		{[]string{"JOB_COMPLETION_INDEX=1", "NORNS_SHARDS=4"}, "shard-$(JOB_COMPLETION_INDEX)", "nothing expanded"},
	} {
		dir := filepath.Join(t.TempDir(), c.out)
		_, stderr, err := runEnv(t, c.env, append(args, "--out", dir)...)
		if err == nil || !strings.Contains(stderr, c.want) {
			t.Errorf("norns lab with %v --out %s = %v, stderr %q; want an error with %q", c.env, c.out, err, stderr, c.want)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("norns lab with %v made %s", c.env, dir)
		}
	}
}

// runEnv is run with the variables env added to the environment, and the
// shard variables cleared unless env sets them.
func runEnv(t *testing.T, env []string, args ...string) (string, string, error) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Env = append(os.Environ(), lab.EnvIndex+"=", lab.EnvShards+"=")
	cmd.Env = append(cmd.Env, env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	return out.String(), errOut.String(), err
}

// The Kubernetes manifests of the lab, relative to this package.
const (
	jobManifest = "../../deploy/k8s/lab-job.yaml"
	pvcManifest = "../../deploy/k8s/lab-results-pvc.yaml"
	podManifest = "../../deploy/k8s/lab-results-pod.yaml"
)

// TestLabJobManifest checks the Indexed Job of deploy/k8s: an Indexed
// Job whose completions are its NORNS_SHARDS, that runs norns lab into a
// directory per index on the results volume; then plays its command as
// the Job's pods would, with a small study and three completions, and
// checks that the shards merged are the study one machine plays.
func TestLabJobManifest(t *testing.T) {
	job := readManifest(t, jobManifest)
	pvc := readManifest(t, pvcManifest)
	pod := readManifest(t, podManifest)
	for _, c := range []struct {
		doc  any
		path string
		want string
	}{
		{job, "apiVersion", "batch/v1"},
		{job, "kind", "Job"},
		{job, "spec.completionMode", "Indexed"},
		{job, "spec.template.spec.containers.0.name", "lab"},
		{job, "spec.template.spec.containers.0.args.0", "lab"},
		{job, "spec.template.spec.securityContext.runAsUser", "65532"},
		{job, "spec.template.spec.securityContext.fsGroup", "65532"},
		{pvc, "kind", "PersistentVolumeClaim"},
		{pvc, "spec.accessModes.0", "ReadWriteMany"},
		{pod, "kind", "Pod"},
		{pod, "spec.containers.0.volumeMounts.0.readOnly", "true"},
		{pod, "spec.volumes.0.persistentVolumeClaim.claimName", yamlString(t, pvc, "metadata.name")},
		{job, "spec.template.spec.volumes.0.persistentVolumeClaim.claimName", yamlString(t, pvc, "metadata.name")},
		{job, "spec.template.spec.containers.0.volumeMounts.0.name", yamlString(t, job, "spec.template.spec.volumes.0.name")},
	} {
		if got := yamlString(t, c.doc, c.path); got != c.want {
			t.Errorf("%s = %q, want %q", c.path, got, c.want)
		}
	}
	ctr := yamlPath(t, job, "spec.template.spec.containers.0").(map[string]any)
	if _, ok := ctr["command"]; ok {
		t.Errorf("the lab container has a command: the image's entrypoint is norns, and it has no shell")
	}
	shards := ""
	for _, e := range yamlPath(t, ctr, "env").([]any) {
		if e := e.(map[string]any); e["name"] == lab.EnvShards {
			shards, _ = e["value"].(string)
		}
	}
	completions := yamlString(t, job, "spec.completions")
	n, err := strconv.Atoi(completions)
	if err != nil || n < 2 || shards != completions {
		t.Errorf("completions %q, NORNS_SHARDS %q: want the same number, at least 2", completions, shards)
	}
	if par, err := strconv.Atoi(yamlString(t, job, "spec.parallelism")); err != nil || par < 1 || par > n {
		t.Errorf("parallelism %q: want 1 to completions", yamlString(t, job, "spec.parallelism"))
	}
	if rp := yamlString(t, job, "spec.template.spec.restartPolicy"); rp != "OnFailure" && rp != "Never" {
		t.Errorf("restartPolicy %q", rp)
	}
	var args []string
	for _, a := range yamlPath(t, ctr, "args").([]any) {
		args = append(args, a.(string))
	}
	mount := yamlString(t, ctr, "volumeMounts.0.mountPath")
	out := ""
	for i, a := range args {
		switch a {
		case "--shard":
			t.Errorf("the Job's args give --shard: the pods take theirs from JOB_COMPLETION_INDEX and NORNS_SHARDS")
		case "--out":
			if i+1 < len(args) {
				out = args[i+1]
			}
		}
	}
	if !strings.HasPrefix(out, mount+"/") || !strings.HasSuffix(out, "/shard-$(JOB_COMPLETION_INDEX)") {
		t.Fatalf("--out %q: want a directory shard-$(JOB_COMPLETION_INDEX) on the volume mounted at %s", out, mount)
	}
	// The docs show this manifest.
	if doc, err := os.ReadFile("../../docs/lab.md"); err != nil || !strings.Contains(string(doc), manifestBody(t, jobManifest)) {
		t.Errorf("docs/lab.md does not show %s as it is (from apiVersion on)", jobManifest)
	}

	// Play the Job: its args, with a small study, as the pods of a Job
	// of three completions would, each on its index, the volume mounted
	// at a temporary directory, $(JOB_COMPLETION_INDEX) expanded as
	// Kubernetes does.
	small := append(slices.Clone(args), "--agents", "easy", "--games", "6", "--workers", "2")
	volume := t.TempDir()
	pods := func(index string) []string {
		var out []string
		for _, a := range small {
			a = strings.ReplaceAll(a, "$(JOB_COMPLETION_INDEX)", index)
			if strings.HasPrefix(a, mount+"/") {
				a = volume + a[len(mount):]
			}
			out = append(out, a)
		}
		return out
	}
	var shardDirs []string
	for _, i := range []string{"0", "1", "2"} {
		_, stderr, err := runEnv(t, []string{lab.EnvIndex + "=" + i, lab.EnvShards + "=3"}, pods(i)...)
		if err != nil {
			t.Fatalf("pod %s: %v\n%s", i, err, stderr)
		}
		if !strings.Contains(stderr, "shard "+i+"/3 from JOB_COMPLETION_INDEX="+i) {
			t.Errorf("pod %s did not say its shard: %s", i, stderr)
		}
		shardDirs = append(shardDirs, strings.ReplaceAll(volume+out[len(mount):], "$(JOB_COMPLETION_INDEX)", i))
	}
	// A merge without shard 2 says so.
	partial := filepath.Join(t.TempDir(), "partial")
	if _, stderr, err := run(t, "", append([]string{"lab", "merge", "--out", partial}, shardDirs[:2]...)...); err != nil || !strings.Contains(stderr, "no directory holds shard 2/3") {
		t.Errorf("merge of shards 0 and 1 of 3 = %v, stderr %q; want a warning about shard 2/3", err, stderr)
	}
	merged := filepath.Join(t.TempDir(), "merged")
	if _, stderr, err := run(t, "", append([]string{"lab", "merge", "--out", merged}, shardDirs...)...); err != nil || strings.Contains(stderr, "warning") {
		t.Fatalf("norns lab merge: %v\n%s", err, stderr)
	}
	// One machine, the same command without the Job's environment.
	single := pods("")
	for i := range single {
		if i > 0 && single[i-1] == "--out" {
			single[i] = filepath.Join(t.TempDir(), "single")
		}
	}
	if _, stderr, err := runEnv(t, nil, single...); err != nil {
		t.Fatalf("norns lab on one machine: %v\n%s", err, stderr)
	}
	dir := single[slices.Index(single, "--out")+1]
	for _, f := range []string{lab.SummaryFile, lab.ReportMD} {
		a, _ := os.ReadFile(filepath.Join(dir, f))
		b, _ := os.ReadFile(filepath.Join(merged, f))
		if len(a) == 0 || string(a) != string(b) {
			t.Errorf("the Job's merged %s differs from the one machine's", f)
		}
	}
	if a, b := studyGames(t, dir), studyGames(t, merged); len(a) != 12 || !slices.Equal(a, b) {
		t.Errorf("the Job played %d games, one machine %d; or they differ", len(b), len(a))
	}
}

// studyGames returns a study's games, sorted, without the time the agents
// took.
func studyGames(t *testing.T, dir string) []string {
	t.Helper()
	recs, err := lab.ReadFile(filepath.Join(dir, lab.GamesFile))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range recs {
		for i := range r.Stats {
			r.Stats[i].Time = 0
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	slices.Sort(out)
	return out
}

// manifestBody returns a manifest from its apiVersion line on (without its
// heading comments).
func manifestBody(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := strings.Cut(string(b), "\napiVersion:")
	if !ok {
		t.Fatalf("%s has no apiVersion", path)
	}
	return "apiVersion:" + body
}

func readManifest(t *testing.T, path string) any {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := parseYAML(string(b))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v
}

// yamlPath follows a dotted path of keys and sequence indexes.
func yamlPath(t *testing.T, v any, path string) any {
	t.Helper()
	for _, k := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[k]; !ok {
				t.Fatalf("%s: no %s", path, k)
			}
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(x) {
				t.Fatalf("%s: no item %s", path, k)
			}
			v = x[i]
		default:
			t.Fatalf("%s: %s in a scalar", path, k)
		}
	}
	return v
}

func yamlString(t *testing.T, v any, path string) string {
	t.Helper()
	s, ok := yamlPath(t, v, path).(string)
	if !ok {
		t.Fatalf("%s is not a scalar", path)
	}
	return s
}

// parseYAML reads the block YAML the manifests are written in: mappings,
// sequences (also of mappings, "- key: value"), plain and quoted scalars
// (all strings), flow sequences of scalars and comments. Anything else
// (anchors, block scalars, flow mappings, tabs, several documents) is an
// error, so that the manifests stay within what this test checks.
func parseYAML(src string) (any, error) {
	p := &yamlParser{}
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, "\t") {
			return nil, fmt.Errorf("line %d: a tab", i+1)
		}
		l = strings.TrimRight(yamlUncomment(l), " ")
		if strings.TrimSpace(l) == "" {
			continue
		}
		text := strings.TrimLeft(l, " ")
		if text == "---" || text == "..." {
			return nil, fmt.Errorf("line %d: one document only", i+1)
		}
		p.lines = append(p.lines, yamlLine{len(l) - len(text), text, i + 1})
	}
	if len(p.lines) == 0 {
		return nil, fmt.Errorf("empty")
	}
	v, err := p.block(p.lines[0].indent)
	if err == nil && p.pos < len(p.lines) {
		err = fmt.Errorf("line %d: bad indentation", p.lines[p.pos].no)
	}
	return v, err
}

type yamlLine struct {
	indent int
	text   string
	no     int
}

type yamlParser struct {
	lines []yamlLine
	pos   int
}

func (p *yamlParser) block(indent int) (any, error) {
	if l := p.lines[p.pos]; l.text == "-" || strings.HasPrefix(l.text, "- ") {
		return p.sequence(indent)
	}
	return p.mapping(indent)
}

func (p *yamlParser) sequence(indent int) (any, error) {
	out := []any{}
	for p.pos < len(p.lines) && p.lines[p.pos].indent == indent {
		l := p.lines[p.pos]
		if l.text != "-" && !strings.HasPrefix(l.text, "- ") {
			return nil, fmt.Errorf("line %d: want an item of the sequence", l.no)
		}
		rest := strings.TrimLeft(strings.TrimPrefix(l.text, "-"), " ")
		var v any
		var err error
		switch _, _, isKey := yamlKey(rest); {
		case rest == "":
			p.pos++
			if p.pos == len(p.lines) || p.lines[p.pos].indent <= indent {
				return nil, fmt.Errorf("line %d: empty item", l.no)
			}
			v, err = p.block(p.lines[p.pos].indent)
		case isKey:
			// "- key: value" opens a mapping indented as its key.
			p.lines[p.pos] = yamlLine{indent + len(l.text) - len(rest), rest, l.no}
			v, err = p.mapping(p.lines[p.pos].indent)
		default:
			p.pos++
			v, err = yamlScalar(rest, l.no)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func (p *yamlParser) mapping(indent int) (any, error) {
	out := map[string]any{}
	for p.pos < len(p.lines) && p.lines[p.pos].indent == indent {
		l := p.lines[p.pos]
		k, rest, ok := yamlKey(l.text)
		if !ok {
			return nil, fmt.Errorf("line %d: want key: value", l.no)
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("line %d: %s twice", l.no, k)
		}
		p.pos++
		var v any
		var err error
		switch {
		case rest != "":
			v, err = yamlScalar(rest, l.no)
		case p.pos < len(p.lines) && p.lines[p.pos].indent > indent:
			v, err = p.block(p.lines[p.pos].indent)
		case p.pos < len(p.lines) && p.lines[p.pos].indent == indent && strings.HasPrefix(p.lines[p.pos].text, "-"):
			v, err = p.sequence(indent)
		}
		if err != nil {
			return nil, err
		}
		out[k] = v
	}
	if p.pos < len(p.lines) && p.lines[p.pos].indent > indent {
		return nil, fmt.Errorf("line %d: bad indentation", p.lines[p.pos].no)
	}
	return out, nil
}

// yamlKey splits "key: value" or "key:".
func yamlKey(text string) (key, rest string, ok bool) {
	k, rest, ok := strings.Cut(text, ": ")
	if !ok {
		if k, ok = strings.CutSuffix(text, ":"); !ok {
			return "", "", false
		}
	}
	if k == "" || strings.ContainsAny(k, "\"'[]{}#&*!|>%@`") || strings.HasPrefix(k, "- ") {
		return "", "", false
	}
	return k, strings.TrimSpace(rest), true
}

func yamlScalar(text string, no int) (any, error) {
	switch text[0] {
	case '"':
		s, err := strconv.Unquote(text)
		if err != nil {
			return nil, fmt.Errorf("line %d: %s: %v", no, text, err)
		}
		return s, nil
	case '\'':
		if len(text) < 2 || text[len(text)-1] != '\'' {
			return nil, fmt.Errorf("line %d: unterminated %s", no, text)
		}
		return strings.ReplaceAll(text[1:len(text)-1], "''", "'"), nil
	case '[':
		if text[len(text)-1] != ']' {
			return nil, fmt.Errorf("line %d: a flow sequence on one line only", no)
		}
		out := []any{}
		for _, item := range yamlSplitFlow(text[1 : len(text)-1]) {
			v, err := yamlScalar(item, no)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case '{', '&', '*', '!', '|', '>', '%', '@', '`':
		return nil, fmt.Errorf("line %d: %s is outside the YAML this test reads", no, text)
	}
	if strings.Contains(text, ": ") {
		return nil, fmt.Errorf("line %d: %q: a plain scalar with \": \"", no, text)
	}
	return text, nil
}

// yamlSplitFlow splits the items of a flow sequence at the commas outside
// quotes.
func yamlSplitFlow(s string) []string {
	var out []string
	var quote rune
	start := 0
	for i, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote == 0 && (r == '"' || r == '\''):
			quote = r
		case quote == 0 && r == ',':
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	if last := strings.TrimSpace(s[start:]); last != "" || len(out) > 0 {
		out = append(out, last)
	}
	return out
}

// yamlUncomment cuts a comment: a # at the start of the line or after a
// space, outside quotes.
func yamlUncomment(l string) string {
	var quote rune
	for i, r := range l {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote == 0 && (r == '"' || r == '\''):
			quote = r
		case quote == 0 && r == '#' && (i == 0 || l[i-1] == ' '):
			return l[:i]
		}
	}
	return l
}

// TestParseYAML checks the test's YAML reader on what the manifests use.
func TestParseYAML(t *testing.T) {
	v, err := parseYAML(`# heading
a: 1   # a comment
b:
  c: "x # not a comment"
  d:
    - e
    - 'f''s'
  g:
  - h: 2
    i: [j, "k, l"]
  -
    m: n
o: $(P)
`)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(v)
	want := `{"a":"1","b":{"c":"x # not a comment","d":["e","f's"],"g":[{"h":"2","i":["j","k, l"]},{"m":"n"}]},"o":"$(P)"}`
	if string(got) != want {
		t.Errorf("parseYAML = %s\nwant %s", got, want)
	}
	for _, bad := range []string{"a: 1\n  b: 2\n", "a: {b: 1}\n", "a: |\n  x\n", "a: 1\na: 2\n", "a:\n\t- b\n", "a: 1\n---\nb: 2\n", "- a\nb: 1\n"} {
		if _, err := parseYAML(bad); err == nil {
			t.Errorf("parseYAML(%q) succeeded", bad)
		}
	}
}

// TestDockerfile checks what the image's build promises without building
// it: a static pure-Go build with the module cache used offline, on a
// distroless base, with norns as the entrypoint.
func TestDockerfile(t *testing.T) {
	b, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	df := string(b)
	for _, want := range []string{
		"ARG GO_IMAGE=golang:1.26\n",
		"ARG BASE_IMAGE=gcr.io/distroless/static-debian12:nonroot\n",
		"FROM --platform=$BUILDPLATFORM ${GO_IMAGE} AS build\n",
		"CGO_ENABLED=0", "GOTOOLCHAIN=local",
		"COPY go.mod go.sum ./\nRUN GOPROXY=$GOPROXY go mod download",
		"RUN GOPROXY=off ", "go build -trimpath ", "./cmd/norns\n",
		"FROM ${BASE_IMAGE}\n", "COPY --from=build /out/norns /norns\n",
		"USER 65532:65532\n", `ENTRYPOINT ["/norns"]`,
	} {
		if !strings.Contains(df, want) {
			t.Errorf("Dockerfile lacks %q", want)
		}
	}
	if strings.Index(df, "go mod download") > strings.Index(df, "COPY . .") {
		t.Errorf("Dockerfile copies the sources before it downloads the modules: every change would download them again")
	}
}

// TestDockerignore: the build context keeps every file of the module that
// ./cmd/norns compiles or embeds.
func TestDockerignore(t *testing.T) {
	b, err := os.ReadFile("../../.dockerignore")
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			if strings.HasPrefix(l, "!") || strings.Contains(l, "**") {
				t.Fatalf(".dockerignore: %q: this test reads plain patterns only", l)
			}
			patterns = append(patterns, strings.Trim(l, "/"))
		}
	}
	if !slices.Contains(patterns, ".git") {
		t.Errorf(".dockerignore keeps .git")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "list", "-deps", "-f",
		`{{if not .Standard}}{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .EmbedFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{end}}`,
		".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	files := 0
	for _, f := range strings.Fields(string(out)) {
		rel, err := filepath.Rel(root, f)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue // a module of the module cache
		}
		files++
		// A pattern excludes a path, and all below it, from the
		// context's root.
		parts := strings.Split(filepath.ToSlash(rel), "/")
		for i := range parts {
			prefix := strings.Join(parts[:i+1], "/")
			for _, p := range patterns {
				if ok, _ := filepath.Match(p, prefix); ok {
					t.Errorf(".dockerignore %q leaves out %s, which norns is built from", p, rel)
				}
			}
		}
	}
	if files < 50 || !strings.Contains(string(out), "/web/dist/") {
		t.Errorf("go list named %d files of the module, none of web/dist: %s", files, out)
	}
}

// TestDockerImage builds the image with the container builder on PATH
// (docker, podman or buildah) and runs a shard of a study in it as a pod
// of an Indexed Job would. It needs the builder's daemon or service and
// the base images (or a registry to pull them from), and takes minutes:
// it is skipped with -short.
func TestDockerImage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a container image: skipped with -short")
	}
	var tool string
	for _, b := range []string{"docker", "podman", "buildah"} {
		if _, err := exec.LookPath(b); err == nil {
			tool = b
			break
		}
	}
	if tool == "" {
		t.Skip("no container builder (docker, podman or buildah) on PATH: the image is not built")
	}
	info := "info"
	if tool == "buildah" {
		info = "version"
	}
	if out, err := exec.Command(tool, info).CombinedOutput(); err != nil {
		t.Skipf("%s is on PATH but does not work (%v): the image is not built\n%s", tool, err, out)
	}
	tag := fmt.Sprintf("localhost/norns-test:%d", os.Getpid())
	build := exec.Command(tool, "build", "-t", tag, "-f", "Dockerfile", ".")
	build.Dir = "../.."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%s build: %v\n%s", tool, err, out)
	}
	defer exec.Command(tool, "rmi", tag).Run()
	if tool == "buildah" {
		t.Logf("built %s with buildah, which does not run images", tag)
		return
	}
	out, err := exec.Command(tool, "run", "--rm", "-e", "JOB_COMPLETION_INDEX=1", "-e", "NORNS_SHARDS=2", tag,
		"lab", "--game", "luxumbra", "--agents", "easy", "--games", "6", "--no-progress", "--out", "shard-1").CombinedOutput()
	if err != nil {
		t.Fatalf("%s run: %v\n%s", tool, err, out)
	}
	for _, want := range []string{"shard 1/2 from JOB_COMPLETION_INDEX=1 and NORNS_SHARDS=2", "luxumbra: 3 games"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the image's norns lab did not say %q:\n%s", want, out)
		}
	}
}
