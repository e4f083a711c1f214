// Package lab runs balance studies: many games of one game between AI
// agents, played by the arena, recorded game by game, and summed up in
// statistics and reports.
//
// # Studies
//
// A Plan names the game, the options set for every game, an optional
// option whose values are compared (each value is a Variant, played the
// whole number of games), the agents, the number of games and the seed.
// Run plays a plan into a directory:
//
//   - lab.json: the plan, the agents as played (ResolveAgent) and the
//     shard; a directory holds one study.
//   - games.jsonl: one Record per line, appended as each game ends.
//   - summary.json, report.md and report.html: Summarize and the reports,
//     written at the end of every run from all the records.
//
// # Reproducibility
//
// Game i of a study is arena.Play of index i under the study's seed: its
// dice and its agents' seeds depend only on the seed and i, and agents with
// iteration budgets (a bare level stands for one, LevelIterations) choose
// the same moves on any machine. Game i of every variant has the same
// seed. The summary is computed from the records sorted by variant and
// index, so it does not depend on the number of workers or on the order in
// which games finished.
//
// # Resuming and shards
//
// Run skips the games whose records the directory holds, and cuts off a
// last line left half-written; a stopped study is resumed by running it
// again. A Shard i/n plays the games whose index is i modulo n; Merge
// combines directories of the same plan into one whose files are those a
// single run would have written, and MissingShards names the shards of a
// set that none of its directories holds.
//
// # Batch engines
//
// A pod of a Kubernetes Indexed Job finds its index in
// JOB_COMPLETION_INDEX; the Job's manifest sets NORNS_SHARDS to its
// number of completions. ShardFromEnv reads the two as the shard
// JOB_COMPLETION_INDEX/NORNS_SHARDS, and refuses one without the other, a
// value that is not a whole number and an index out of range, naming the
// variable. The shards of a Job are those of --shard, so its games, merged,
// are the study's. The repository's Dockerfile builds the image and
// deploy/k8s holds the Job, its volume and a pod to copy the shards out
// (docs/lab.md).
//
// # Statistics
//
// Shares come with Wilson score intervals (Wilson), differences of shares
// with Newcombe's hybrid score interval and a pooled z test
// (DiffProportions), the first player's share of decisive games with an
// exact binomial test (BinomialTest), lengths with type-7 quantiles
// (Quantile, Describe). Games stopped by a limit are unfinished, never
// draws.
package lab
