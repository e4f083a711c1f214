package main

import (
	"strings"
	"testing"
)

// TestArenaSmoke runs a tiny arena: two games with iteration budgets, so
// that the output is the same on every machine.
func TestArenaSmoke(t *testing.T) {
	args := []string{"arena", "--game", "chess", "--a", "mcts:iters=20", "--b", "random", "--games", "2", "--workers", "2", "--seed", "5", "--max-plies", "60"}
	out, _, err := run(t, "", args...)
	if err != nil {
		t.Fatalf("norns %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	for _, want := range []string{"games 2,", "mcts:iters=20", "random", "score (95% CI)", "Elo (95% CI)"} {
		if !strings.Contains(out, want) {
			t.Errorf("norns arena output lacks %q:\n%s", want, out)
		}
	}
	again, _, _ := run(t, "", append(args[:len(args):len(args)], "--workers", "1")...)
	if strip(again) != strip(out) {
		t.Errorf("norns arena with 1 and 2 workers differ:\n%s\n%s", out, again)
	}
}

// strip drops the per-move statistics, which hold times.
func strip(s string) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if i := strings.Index(l, " iters,"); i >= 0 {
			l = l[:max(0, strings.LastIndex(l[:i], "  "))]
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n")
}

func TestArenaErrors(t *testing.T) {
	for _, args := range [][]string{
		{"arena", "--game", "nosuch"},
		{"arena", "--game", "chess", "--a", "expert"},
		{"arena", "--game", "chess", "--set", "x"},
		{"arena", "--game", "chess", "--c", "random"},
	} {
		if _, _, err := run(t, "", args...); err == nil {
			t.Errorf("norns %s = nil error, want one", strings.Join(args, " "))
		}
	}
}
