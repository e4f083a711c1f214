package lab

import (
	"fmt"
	"strconv"
)

// The environment of a shard run by a batch engine: a Kubernetes Indexed
// Job (completionMode: Indexed) sets JOB_COMPLETION_INDEX in each pod to
// 0…completions−1; the number of completions is not in the pod's
// environment, so the Job's manifest sets NORNS_SHARDS to the same
// number.
const (
	EnvIndex  = "JOB_COMPLETION_INDEX"
	EnvShards = "NORNS_SHARDS"
)

// ShardFromEnv reads the shard of a run from the environment through
// getenv (os.Getenv): the shard EnvIndex/EnvShards when EnvIndex is set,
// and ok false when neither variable is set. An empty variable counts as
// unset. One variable without the other, a value that is not a decimal
// number, a count below 1 and an index outside 0…count−1 are errors that
// name the variables.
func ShardFromEnv(getenv func(string) string) (s Shard, ok bool, err error) {
	index, count := getenv(EnvIndex), getenv(EnvShards)
	switch {
	case index == "" && count == "":
		return Shard{}, false, nil
	case count == "":
		return Shard{}, false, fmt.Errorf("lab: %s=%s is set but %s is not: set %s to the Job's completions (or give --shard i/n)", EnvIndex, index, EnvShards, EnvShards)
	case index == "":
		return Shard{}, false, fmt.Errorf("lab: %s=%s is set but %s is not: run the Job with completionMode: Indexed (or give --shard i/n)", EnvShards, count, EnvIndex)
	}
	n, err := strconv.Atoi(count)
	if err != nil || n < 1 {
		return Shard{}, false, fmt.Errorf("lab: %s=%q: want the number of shards, a whole number of at least 1 (the Job's completions)", EnvShards, count)
	}
	i, err := strconv.Atoi(index)
	if err != nil {
		return Shard{}, false, fmt.Errorf("lab: %s=%q: want the shard's index, a whole number from 0 to %d", EnvIndex, index, n-1)
	}
	if i < 0 || i >= n {
		return Shard{}, false, fmt.Errorf("lab: %s=%d is not in 0…%d (%s=%d): set %s to the Job's completions", EnvIndex, i, n-1, EnvShards, n, EnvShards)
	}
	return Shard{i, n}, true, nil
}

// MissingShards returns, when every study in dirs holds one shard of the
// same count n > 1 (lab.json), the shards of n that none of them holds.
// It returns nothing when a directory holds a whole study or merged
// shards, or when the counts differ.
func MissingShards(dirs []string) []Shard {
	n := 0
	have := map[int]bool{}
	for _, d := range dirs {
		m, err := readMeta(d)
		if err != nil || m.Shard == "" {
			return nil
		}
		s, err := ParseShard(m.Shard)
		if err != nil || (n != 0 && s.N != n) {
			return nil
		}
		n = s.N
		have[s.I] = true
	}
	var out []Shard
	for i := range n {
		if !have[i] {
			out = append(out, Shard{i, n})
		}
	}
	return out
}
