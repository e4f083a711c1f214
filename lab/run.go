package lab

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/norns-games/norns/arena"
	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
)

// LevelIterations is the search budget, in MCTS iterations or alpha-beta
// nodes per move, that a bare level name in Plan.Agents stands for. The
// levels' own budgets are times, which make a game depend on the
// machine's speed and load; a lab study must be reproducible, so it plays
// the level's algorithm with a fixed count instead. "easy" keeps its own
// budget (a one-ply greedy search, or 100 MCTS iterations), which is
// already a count.
var LevelIterations = map[string]int{"medium": 5000, "hard": 50000}

// Plan is what a study plays: everything its records depend on. It is
// stored as lab.json in the study's directory, and a run that resumes or
// a merge of shards must have the same plan.
type Plan struct {
	Game string `json:"game"`
	// Options are the options set for every game (--set).
	Options game.Options `json:"options,omitempty"`
	// Compare names an option whose values (Values) are played as
	// separate variants, each the whole number of games.
	Compare string   `json:"compare,omitempty"`
	Values  []string `json:"values,omitempty"`
	// Agents are the agent specifications, one per seat, or one for
	// every seat.
	Agents []string `json:"agents"`
	// Games is the number of games of each variant.
	Games    int    `json:"games"`
	Seed     uint64 `json:"seed"`
	MaxPlies int    `json:"max_plies"`
}

// Shard selects the games of index i with i mod N = I.
type Shard struct{ I, N int }

// String writes the shard as "I/N".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.I, s.N) }

// Has reports whether game index belongs to the shard.
func (s Shard) Has(index int) bool { return s.N <= 1 || index%s.N == s.I }

// ParseShard reads "i/n" with 0 <= i < n.
func ParseShard(text string) (Shard, error) {
	a, b, ok := strings.Cut(text, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("lab: shard %q: want i/n with 0 <= i < n", text)
	}
	return Shard{i, n}, nil
}

// Variant is one set of options a study plays.
type Variant struct {
	// Name is "option=value" for a compared option, else empty.
	Name    string
	Options game.Options
}

// Variants returns the variants of the plan, in order.
func (p *Plan) Variants() []Variant {
	if p.Compare == "" {
		return []Variant{{Options: maps.Clone(p.Options)}}
	}
	var out []Variant
	for _, v := range p.Values {
		o := maps.Clone(p.Options)
		if o == nil {
			o = game.Options{}
		}
		o[p.Compare] = v
		out = append(out, Variant{Name: p.Compare + "=" + v, Options: o})
	}
	return out
}

// VariantNames returns the names of the plan's variants, in order.
func (p *Plan) VariantNames() []string {
	var out []string
	for _, v := range p.Variants() {
		out = append(out, v.Name)
	}
	return out
}

// Check validates the plan: the game exists, the options and every
// compared value are allowed, the agents parse and fill the seats. It
// returns the game and the entrants.
func (p *Plan) Check() (game.Game, []arena.Entrant, error) {
	g, err := games.ByName(p.Game)
	if err != nil {
		return nil, nil, err
	}
	if p.Games < 1 {
		return nil, nil, fmt.Errorf("lab: --games must be at least 1")
	}
	if p.Compare != "" {
		if len(p.Values) < 2 {
			return nil, nil, fmt.Errorf("lab: --compare %s needs at least two values", p.Compare)
		}
		if _, ok := p.Options[p.Compare]; ok {
			return nil, nil, fmt.Errorf("lab: option %s is both set and compared", p.Compare)
		}
	}
	seats := 0
	for _, v := range p.Variants() {
		s, err := g.New(v.Options)
		if err != nil {
			return nil, nil, fmt.Errorf("lab: %s: %w", p.Game, err)
		}
		if seats != 0 && len(s.Players()) != seats {
			return nil, nil, fmt.Errorf("lab: the compared values change the number of players")
		}
		seats = len(s.Players())
	}
	specs := p.Agents
	if len(specs) == 1 {
		specs = slices.Repeat(specs, seats)
	}
	if len(specs) != seats {
		return nil, nil, fmt.Errorf("lab: %s has %d seats, got %d agents", p.Game, seats, len(p.Agents))
	}
	var es []arena.Entrant
	for j, spec := range specs {
		e, err := arena.Spec(ResolveAgent(spec))
		if err != nil {
			return nil, nil, err
		}
		e.Name = spec
		if slices.Contains(specs[:j], spec) {
			e.Name = fmt.Sprintf("%s#%d", spec, j+1)
		}
		es = append(es, e)
	}
	return g, es, nil
}

// ResolveAgent returns the specification a study plays for spec: a bare
// level with a LevelIterations budget becomes that level with the fixed
// count ("medium" → "medium:iters=5000"); anything else is unchanged.
func ResolveAgent(spec string) string {
	if n, ok := LevelIterations[spec]; ok {
		return fmt.Sprintf("%s:iters=%d", spec, n)
	}
	return spec
}

// meta is the content of lab.json.
type meta struct {
	Plan
	// Resolved are the agent specifications played, after ResolveAgent.
	Resolved []string `json:"resolved_agents"`
	Shard    string   `json:"shard,omitempty"`
}

// Config is a run of a study.
type Config struct {
	Plan
	Shard Shard
	// Workers is the number of games played at once (default 1).
	Workers int
	// Dir is the study's directory.
	Dir string
	// OnStart is called once with the number of games the run will play
	// and the number the directory already holds.
	OnStart func(todo, done int)
	// OnProgress is called after every finished game with the number of
	// games this run has finished.
	OnProgress func(done int)
}

// Files in a study's directory.
const (
	GamesFile   = "games.jsonl"
	MetaFile    = "lab.json"
	SummaryFile = "summary.json"
	ReportMD    = "report.md"
	ReportHTML  = "report.html"
)

// Run plays the games of the study (of its shard) that Dir does not hold
// yet, appending each finished game to games.jsonl as it ends, then
// writes the summary and the reports of every game Dir holds. When ctx
// is done it stops, keeps the finished games, writes the reports of what
// it has and returns ctx's error; a second run resumes.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	g, es, err := cfg.Check()
	if err != nil {
		return nil, err
	}
	if cfg.Shard.N == 0 {
		cfg.Shard = Shard{0, 1}
	}
	if cfg.MaxPlies <= 0 {
		cfg.MaxPlies = 5000
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	m := meta{Plan: cfg.Plan, Shard: cfg.Shard.String()}
	if cfg.Shard.N == 1 {
		m.Shard = ""
	}
	for _, e := range cfg.Agents {
		m.Resolved = append(m.Resolved, ResolveAgent(e))
	}
	if err := writeMeta(cfg.Dir, m); err != nil {
		return nil, err
	}
	f, have, err := openGames(cfg.Dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	jobs := cfg.jobs(have)
	if cfg.OnStart != nil {
		cfg.OnStart(len(jobs), len(have))
	}
	out := cfg.play(ctx, g, es, jobs)
	if err := appendRecords(f, out, cfg.OnProgress); err != nil {
		return nil, err
	}
	sum, err := Report(cfg.Dir)
	if err != nil {
		return nil, err
	}
	return sum, ctx.Err()
}

// openGames opens the games file of dir (created if missing) to append
// to, cut after its last whole line, and returns the keys of the games
// it holds.
func openGames(dir string) (*os.File, map[Key]bool, error) {
	path := filepath.Join(dir, GamesFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	old, good, err := ReadRecords(f)
	if err == nil {
		err = f.Truncate(good)
	}
	if err == nil {
		_, err = f.Seek(good, 0)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	have := map[Key]bool{}
	for _, r := range old {
		have[r.Key()] = true
	}
	return f, have, nil
}

// job is one game of a study: a variant and the game's index.
type job struct {
	v     Variant
	index int
}

// jobs are the games of the shard that have does not hold. They
// interleave the variants, so that a stopped run has played them alike.
func (cfg *Config) jobs(have map[Key]bool) []job {
	variants := cfg.Variants()
	var jobs []job
	for i := range cfg.Games {
		if !cfg.Shard.Has(i) {
			continue
		}
		for _, v := range variants {
			if !have[Key{v.Name, i}] {
				jobs = append(jobs, job{v, i})
			}
		}
	}
	return jobs
}

// play plays the jobs on cfg.Workers goroutines and sends each finished
// game, analysed, on the channel it returns, closed when they are all
// done or ctx is.
func (cfg *Config) play(ctx context.Context, g game.Game, es []arena.Entrant, jobs []job) <-chan Record {
	acfg := func(v Variant) arena.Config {
		return arena.Config{Game: g, Options: v.Options, Entrants: es, Games: cfg.Games, Seed: cfg.Seed, MaxPlies: cfg.MaxPlies}
	}
	in := make(chan job)
	out := make(chan Record)
	var wg sync.WaitGroup
	for range max(1, min(cfg.Workers, len(jobs))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range in {
				ar, ok := arena.Play(ctx, acfg(j.v), j.index)
				if !ok {
					continue
				}
				r := Record{Variant: j.v.Name, Record: ar}
				if err := Analyze(g, &r); err != nil && r.Err == "" {
					r.Err = err.Error()
				}
				select {
				case out <- r:
				case <-ctx.Done():
				}
			}
		}()
	}
	go func() {
		defer close(in)
		for _, j := range jobs {
			select {
			case in <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(out) }()
	return out
}

// appendRecords writes each record of out to f, a JSON line each, and
// calls onProgress (if any) with the number written; after a write
// fails it drains out and returns the error.
func appendRecords(f *os.File, out <-chan Record, onProgress func(int)) error {
	done := 0
	var werr error
	for r := range out {
		if werr != nil {
			continue
		}
		b, err := json.Marshal(r)
		if err != nil {
			werr = err
			continue
		}
		if _, err := f.Write(append(b, '\n')); err != nil {
			werr = err
			continue
		}
		done++
		if onProgress != nil {
			onProgress(done)
		}
	}
	if werr != nil {
		return werr
	}
	return f.Sync()
}

// writeMeta writes lab.json, or checks that the one there has the same
// plan and shard.
func writeMeta(dir string, m meta) error {
	path := filepath.Join(dir, MetaFile)
	b, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		b, err := json.MarshalIndent(m, "", "  ")
		if err != nil {
			return err
		}
		return os.WriteFile(path, append(b, '\n'), 0o644)
	case err != nil:
		return err
	}
	var old meta
	if err := json.Unmarshal(b, &old); err != nil {
		return fmt.Errorf("lab: %s: %v", path, err)
	}
	if d := diffMeta(old, m); d != "" {
		return fmt.Errorf("lab: %s holds another study (%s); use another --out", dir, d)
	}
	return nil
}

// diffMeta names the first field in which two metas differ, or is empty.
func diffMeta(a, b meta) string {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) == string(jb) {
		return ""
	}
	var ma, mb map[string]any
	_ = json.Unmarshal(ja, &ma)
	_ = json.Unmarshal(jb, &mb)
	keys := slices.Sorted(maps.Keys(ma))
	for _, k := range keys {
		x, _ := json.Marshal(ma[k])
		y, _ := json.Marshal(mb[k])
		if string(x) != string(y) {
			return fmt.Sprintf("%s %s, not %s", k, x, y)
		}
	}
	return "different settings"
}

// readMeta reads a study's lab.json.
func readMeta(dir string) (meta, error) {
	var m meta
	b, err := os.ReadFile(filepath.Join(dir, MetaFile))
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("lab: %s: %v", dir, err)
	}
	return m, nil
}

// Report reads the study in dir and writes its summary.json, report.md
// and report.html.
func Report(dir string) (*Summary, error) {
	m, err := readMeta(dir)
	if err != nil {
		return nil, err
	}
	recs, err := ReadFile(filepath.Join(dir, GamesFile))
	if err != nil {
		return nil, err
	}
	sum, err := Summarize(m.Plan, m.Resolved, m.Shard, recs)
	if err != nil {
		return nil, err
	}
	return sum, WriteReports(dir, sum)
}

// Merge combines the studies in dirs (shards of one plan, or resumed
// copies) into out: every game once, in order, then the reports, as a
// single run of the whole study would have written them.
func Merge(out string, dirs []string) (*Summary, error) {
	if len(dirs) == 0 {
		return nil, fmt.Errorf("lab: merge needs at least one directory")
	}
	for _, d := range dirs {
		if filepath.Clean(d) == filepath.Clean(out) {
			return nil, fmt.Errorf("lab: merge into a new directory, not one of its inputs (%s)", d)
		}
	}
	var first meta
	var all []Record
	for i, d := range dirs {
		m, err := readMeta(d)
		if err != nil {
			return nil, err
		}
		m.Shard = ""
		if i == 0 {
			first = m
		} else if dm := diffMeta(first, m); dm != "" {
			return nil, fmt.Errorf("lab: %s and %s are different studies (%s)", dirs[0], d, dm)
		}
		recs, err := ReadFile(filepath.Join(d, GamesFile))
		if err != nil {
			return nil, err
		}
		all = append(all, recs...)
	}
	all = SortRecords(all, first.VariantNames())
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(first, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(out, MetaFile), append(b, '\n'), 0o644); err != nil {
		return nil, err
	}
	if err := writeRecords(filepath.Join(out, GamesFile), all); err != nil {
		return nil, err
	}
	return Report(out)
}

// writeRecords writes records as games.jsonl.
func writeRecords(path string, recs []Record) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	for i := range recs {
		if err := enc.Encode(&recs[i]); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}

// AgentHelp describes the agents a study accepts, for the command's help.
func AgentHelp() string {
	return fmt.Sprintf(`a level (easy; medium and hard play their algorithm with
%d and %d iterations or nodes per move, for reproducibility), random,
greedy, or any arena specification such as "mcts:iters=2000"`, LevelIterations["medium"], LevelIterations["hard"])
}
