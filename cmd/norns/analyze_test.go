package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/norns-games/norns/analysis"
	"github.com/norns-games/norns/dice"
)

// scholarsMate is the record of a finished game of chess, the scholar's
// mate, in which Black's 3...Nf6 lets the queen mate at once.
func scholarsMate() string {
	seed := []byte("analyze_test server seed")
	moves := []string{"e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"}
	var b strings.Builder
	fmt.Fprintf(&b, "# norns record 1\n[Game \"chess\"]\n[Options \"\"]\n[Players \"white black\"]\n[Scheme \"norns-dice-v1\"]\n")
	fmt.Fprintf(&b, "[Commitment %q]\n[Seed white \"\"]\n[Seed black \"\"]\n[ServerSeed \"%x\"]\n", dice.Commit(seed), seed)
	fmt.Fprintf(&b, "[Status \"over white\"]\n[Result \"white wins (checkmate)\"]\n\n")
	for i, m := range moves {
		fmt.Fprintf(&b, "%d move %s %s\n", i+1, []string{"white", "black"}[i%2], m)
	}
	return b.String()
}

// TestAnalyzeCommand runs `norns analyze` on a record file: the table
// marks Black's 3...Nf6 a blunder with another move preferred, and --json
// gives the same analysis as data.
func TestAnalyzeCommand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mate.norns")
	if err := os.WriteFile(path, []byte(scholarsMate()), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, err := run(t, "", "analyze", "--no-progress", "--budget", "5000", path)
	if err != nil {
		t.Fatalf("norns analyze: %v\n%s", err, stderr)
	}
	t.Logf("norns analyze:\n%s", stdout)
	var line string
	for _, l := range strings.Split(stdout, "\n") {
		if strings.Contains(l, "g8f6") {
			line = l
		}
	}
	if !strings.Contains(line, "?? blunder") || !strings.Contains(line, "0%") {
		t.Errorf("norns analyze: the line of g8f6 is %q, want a blunder leaving Black 0%%:\n%s", line, stdout)
	}
	for _, w := range []string{"accuracy", "white", "black"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("norns analyze: no %q in\n%s", w, stdout)
		}
	}

	stdout, stderr, err = run(t, scholarsMate(), "analyze", "--json", "--budget", "5000", "-")
	if err != nil {
		t.Fatalf("norns analyze --json: %v\n%s", err, stderr)
	}
	var an analysis.Analysis
	if err := json.Unmarshal([]byte(stdout), &an); err != nil {
		t.Fatalf("norns analyze --json: %v\n%s", err, stdout)
	}
	if len(an.Steps) != 7 || an.Steps[5].Mark != analysis.MarkBlunder || an.Steps[5].Best == "" || an.Summary[1].Blunders != 1 {
		t.Errorf("norns analyze --json: %d steps, the sixth %+v, black's summary %+v", len(an.Steps), an.Steps[5], an.Summary[1])
	}
}

// TestAnalyzeVerifyRussian: with --lang ru, norns analyze and norns verify
// say everything in Russian: the table's headings, the players, the marks
// («зевок»), the notes, the game and its result.
func TestAnalyzeVerifyRussian(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mate.norns")
	if err := os.WriteFile(path, []byte(scholarsMate()), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, err := run(t, "", "analyze", "--lang", "ru", "--no-progress", "--budget", "5000", path)
	if err != nil {
		t.Fatalf("norns analyze --lang ru: %v\n%s", err, stderr)
	}
	var line string
	for _, l := range strings.Split(stdout, "\n") {
		if strings.Contains(l, "g8f6") {
			line = l
		}
	}
	if !strings.Contains(line, "Чёрные") || !strings.Contains(line, "?? зевок") {
		t.Errorf("norns analyze --lang ru: the line of g8f6 is %q, want Чёрные and ?? зевок:\n%s", line, stdout)
	}
	for _, w := range []string{"полуход", "игрок", "лучше", "точность", "неточности", "зевки", "удача", "Белые"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("norns analyze --lang ru: no %q in\n%s", w, stdout)
		}
	}
	for _, w := range []string{"blunder", "player", "accuracy", "luck", "white", "black", "before"} {
		if strings.Contains(stdout, w) {
			t.Errorf("norns analyze --lang ru: English %q in\n%s", w, stdout)
		}
	}
	stdout, stderr, err = run(t, "", "verify", "--lang", "ru", path)
	if err != nil {
		t.Fatalf("norns verify --lang ru: %v\n%s", err, stderr)
	}
	want := path + ": проверено: Шахматы, допустимых событий: 7, бросков, совпавших с раскрытым зерном: 0"
	if !strings.HasPrefix(stdout, want) || !strings.Contains(stdout, "Победа: Белые (мат); не подписано") {
		t.Errorf("norns verify --lang ru = %q, want it to begin %q and end with Победа: Белые (мат); не подписано", stdout, want)
	}
	_, stderr, err = run(t, strings.Replace(scholarsMate(), "h5f7", "h5h6", 1), "verify", "--lang", "ru", "-")
	if err == nil || !strings.HasPrefix(stderr, "Ошибка: -: не сходится: ") {
		t.Errorf("norns verify --lang ru of a changed record: %v, stderr %q", err, stderr)
	}
}
