package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLabSmoke is the CI's smoke run of the lab: 20 games of each balance
// value of Lux et Umbra, their report, a replay, and two shards merged.
func TestLabSmoke(t *testing.T) {
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
