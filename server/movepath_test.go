package server_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// maxMoveFiles is the most files of the server, the hall and the store
// (packages server, live and store) whose code may run for one move on a
// single server, from the request to the answer (docs/architecture.md).
const maxMoveFiles = 12

// TestMoveFiles builds scripts/movefiles with coverage and runs it: it
// lists the files whose code ran for one move (the request, the command,
// the commit, the store, the broadcast, the answer), which must be at most
// maxMoveFiles.
func TestMoveFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with coverage")
	}
	bin := filepath.Join(t.TempDir(), "movefiles")
	build := exec.Command("go", "build", "-cover", "-covermode=atomic",
		"-coverpkg=github.com/norns-games/norns/server,github.com/norns-games/norns/live,github.com/norns-games/norns/store,github.com/norns-games/norns/scripts/movefiles", "-o", bin, "../scripts/movefiles")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	run := exec.Command(bin)
	run.Env = append(run.Environ(), "GOCOVERDIR="+t.TempDir())
	b, err := run.Output()
	if err != nil {
		t.Fatalf("movefiles: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	files := lines[:len(lines)-1]
	t.Logf("a move runs code in %d files:\n\t%s", len(files), strings.Join(files, "\n\t"))
	if len(files) == 0 || len(files) > maxMoveFiles {
		t.Errorf("a move runs code in %d files of server, live and store, want 1 to %d", len(files), maxMoveFiles)
	}
}
