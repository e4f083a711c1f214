package lab

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestShardFromEnv reads the shard of a Kubernetes Indexed Job's pod from
// JOB_COMPLETION_INDEX and NORNS_SHARDS, and refuses what does not make a
// shard with an error that names the variable at fault.
func TestShardFromEnv(t *testing.T) {
	for _, c := range []struct {
		name, index, shards string
		want                Shard
		ok                  bool
		err                 []string // all in the error; none means no error
	}{
		{name: "neither", index: "", shards: ""},
		{name: "first", index: "0", shards: "4", want: Shard{0, 4}, ok: true},
		{name: "last", index: "3", shards: "4", want: Shard{3, 4}, ok: true},
		{name: "one shard", index: "0", shards: "1", want: Shard{0, 1}, ok: true},
		{name: "large", index: "99999", shards: "100000", want: Shard{99999, 100000}, ok: true},
		{name: "count missing", index: "2", err: []string{"JOB_COMPLETION_INDEX=2", "NORNS_SHARDS is not", "completions"}},
		{name: "index missing", shards: "4", err: []string{"NORNS_SHARDS=4", "JOB_COMPLETION_INDEX is not", "Indexed"}},
		{name: "index equals count", index: "4", shards: "4", err: []string{"JOB_COMPLETION_INDEX=4", "0…3", "NORNS_SHARDS=4"}},
		{name: "index above count", index: "31", shards: "8", err: []string{"JOB_COMPLETION_INDEX=31", "0…7", "NORNS_SHARDS=8"}},
		{name: "negative index", index: "-1", shards: "4", err: []string{"JOB_COMPLETION_INDEX=-1", "0…3"}},
		{name: "index not a number", index: "two", shards: "4", err: []string{`JOB_COMPLETION_INDEX="two"`, "0 to 3"}},
		{name: "index with a space", index: " 1", shards: "4", err: []string{`JOB_COMPLETION_INDEX=" 1"`}},
		{name: "count not a number", index: "0", shards: "four", err: []string{`NORNS_SHARDS="four"`, "at least 1"}},
		{name: "count zero", index: "0", shards: "0", err: []string{`NORNS_SHARDS="0"`, "at least 1"}},
		{name: "count negative", index: "0", shards: "-4", err: []string{`NORNS_SHARDS="-4"`}},
		{name: "count as i/n", index: "0", shards: "0/4", err: []string{`NORNS_SHARDS="0/4"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv(EnvIndex, c.index)
			t.Setenv(EnvShards, c.shards)
			got, ok, err := ShardFromEnv(os.Getenv)
			if len(c.err) == 0 {
				if err != nil || ok != c.ok || got != c.want {
					t.Fatalf("ShardFromEnv = %v, %v, %v; want %v, %v, no error", got, ok, err, c.want, c.ok)
				}
				return
			}
			if err == nil || ok {
				t.Fatalf("ShardFromEnv = %v, %v, %v; want an error", got, ok, err)
			}
			for _, w := range c.err {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

// TestShardsFromEnvMakeTheStudy: the shards that the pods of an Indexed
// Job read from their environment play the study's games, each once, with
// the seeds of the whole study, and merged they write its files.
func TestShardsFromEnvMakeTheStudy(t *testing.T) {
	p := smoke
	p.Games = 7
	whole := t.TempDir()
	run(t, Config{Plan: p, Dir: whole})
	var dirs []string
	for _, i := range []string{"0", "1", "2"} {
		t.Setenv(EnvIndex, i)
		t.Setenv(EnvShards, "3")
		s, ok, err := ShardFromEnv(os.Getenv)
		if err != nil || !ok {
			t.Fatalf("ShardFromEnv with index %s = %v, %v", i, ok, err)
		}
		d := filepath.Join(t.TempDir(), "shard-"+i)
		run(t, Config{Plan: p, Shard: s, Dir: d})
		dirs = append(dirs, d)
		if miss := MissingShards(dirs); len(dirs) < 3 && len(miss) != 3-len(dirs) {
			t.Errorf("MissingShards of %d shards of 3 = %v", len(dirs), miss)
		}
	}
	if miss := MissingShards(dirs[1:]); !slices.Equal(miss, []Shard{{0, 3}}) {
		t.Errorf("MissingShards without shard 0 = %v, want [0/3]", miss)
	}
	if miss := MissingShards(dirs); len(miss) != 0 {
		t.Errorf("MissingShards of all shards = %v", miss)
	}
	if miss := MissingShards([]string{dirs[0], whole}); len(miss) != 0 {
		t.Errorf("MissingShards with a whole study = %v, want none", miss)
	}
	// Every game of a shard is the whole study's game of that index.
	games := map[Key]string{}
	for _, r := range readRecords(t, whole) {
		games[r.Key()] = gameOf(r)
	}
	n := 0
	for i, d := range dirs {
		for _, r := range readRecords(t, d) {
			if r.Index%3 != i {
				t.Errorf("shard %d/3 played game %d", i, r.Index)
			}
			if games[r.Key()] != gameOf(r) {
				t.Errorf("shard %d/3: game %v differs from the whole study's", i, r.Key())
			}
			n++
		}
	}
	if n != len(games) || n != 14 {
		t.Errorf("the shards played %d games, the study %d; want 14", n, len(games))
	}
	out := filepath.Join(t.TempDir(), "merged")
	if _, err := Merge(out, dirs); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{SummaryFile, ReportMD, ReportHTML} {
		if string(readBytes(t, filepath.Join(whole, f))) != string(readBytes(t, filepath.Join(out, f))) {
			t.Errorf("merged %s differs from the single run's", f)
		}
	}
}

func readRecords(t *testing.T, dir string) []Record {
	t.Helper()
	recs, err := ReadFile(filepath.Join(dir, GamesFile))
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// gameOf is what a game is, leaving out the time its agents took.
func gameOf(r Record) string {
	return fmt.Sprintf("%s|%d|%v|%v|%s|%s", r.Variant, r.Seed, r.Seats, r.Actions, r.Status, r.Reason)
}
